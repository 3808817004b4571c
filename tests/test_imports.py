"""No import cycles among iconcat's modules, read from the source (see `tests.support.imports` for the rules).

Every import counts, including those under `if TYPE_CHECKING:` and inside functions: a cycle hidden
there still ties two layers together, and breaks the day someone moves the import to the top. A
submodule that takes a name from its own package (`from iconcat.api import Icon` in
`iconcat/api/_x.py`) imports that package's `__init__`, which imports the submodule: a cycle.

The tests below the first run the same functions on small packages written to a temporary folder,
with a cycle planted in each way the rules name, so this test cannot pass by finding nothing.

The tests' own modules follow a rule of their own, checked (and checked on a planted case) at the end:
shared helpers live in tests/support, and no module imports a test module (`test_*`) or a folder's
conftest, not even in a program written as a string for a child interpreter.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.support.imports import find_cycles, format_chain, import_graph, read_package, within

SOURCE = Path(__file__).resolve().parents[1] / "src"


def cycles_of(source_root: Path, package: str) -> list[list[str]]:
    """Each cycle found, as the list of modules along it (first module repeated at the end)."""
    cycles = find_cycles(import_graph(read_package(source_root, package)))
    return [[chain[0].source] + [found.target for found in chain] for chain in cycles]


def test_iconcat_has_no_import_cycles() -> None:
    modules = read_package(SOURCE, "iconcat")
    assert "iconcat.api" in modules and "iconcat.tui.app" in modules, "the package was not found"
    cycles = find_cycles(import_graph(modules))
    report = "\n\n".join(f"cycle {number}:\n{format_chain(chain)}" for number, chain in enumerate(cycles, 1))
    assert not cycles, f"import cycles among iconcat's modules:\n{report}"


def write_package(root: Path, files: dict[str, str]) -> Path:
    """Write `files` (paths relative to `root`) and return `root`."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        pytest.param(
            {
                "fake/__init__.py": "",
                "fake/a.py": "from fake import b\n",
                "fake/b.py": "import fake.a\n",
            },
            ["fake.a", "fake.b", "fake.a"],
            id="plain imports",
        ),
        pytest.param(
            {
                "fake/__init__.py": "",
                "fake/a.py": "from . import b\n",
                "fake/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import Thing\n",
            },
            ["fake.a", "fake.b", "fake.a"],
            id="relative, under TYPE_CHECKING",
        ),
        pytest.param(
            {
                "fake/__init__.py": "",
                "fake/a.py": "import fake.b\n",
                "fake/b.py": "def later():\n    from fake.c import x\n",
                "fake/c.py": "from .a import y\n",
            },
            ["fake.a", "fake.b", "fake.c", "fake.a"],
            id="three modules, one import inside a function",
        ),
        pytest.param(
            {
                "fake/__init__.py": "",
                "fake/api/__init__.py": "from ._client import Client\nfrom ._models import Icon\n",
                "fake/api/_client.py": "from fake.api import Icon\n",
                "fake/api/_models.py": "class Icon: ...\n",
            },
            ["fake.api", "fake.api._client", "fake.api"],
            id="a submodule importing its own package",
        ),
        pytest.param(
            {
                "fake/__init__.py": "",
                "fake/api/__init__.py": "from ._client import Client\n",
                "fake/api/_client.py": "from fake import downloads\n",
                "fake/downloads.py": "import typing\nif typing.TYPE_CHECKING:\n    from fake.api import Icon\n",
            },
            ["fake.api", "fake.api._client", "fake.downloads", "fake.api"],
            id="the client and downloads, as it once was",
        ),
        pytest.param(
            {
                "fake/__init__.py": "",
                "fake/a.py": "import importlib\nimportlib.import_module('fake.b')\n",
                "fake/b.py": "from fake import a\n",
            },
            ["fake.a", "fake.b", "fake.a"],
            id="importlib with a literal name",
        ),
    ],
)
def test_a_planted_cycle_is_found(tmp_path: Path, files: dict[str, str], expected: list[str]) -> None:
    assert cycles_of(write_package(tmp_path, files), "fake") == [expected]


def test_what_is_not_a_cycle(tmp_path: Path) -> None:
    # A submodule importing a sibling directly (not through the package), and a module importing its
    # own package's parent: neither goes round.
    root = write_package(
        tmp_path,
        {
            "fake/__init__.py": "__version__ = '1'\n",
            "fake/api/__init__.py": "from ._client import Client\nfrom ._models import Icon\n",
            "fake/api/_client.py": "from ._models import Icon\nfrom fake import __version__\nimport fake.api._models\n",
            "fake/api/_models.py": "class Icon: ...\n",
        },
    )
    assert cycles_of(root, "fake") == []


def test_cycles_are_reported_with_their_lines(tmp_path: Path) -> None:
    root = write_package(
        tmp_path,
        {"fake/__init__.py": "", "fake/a.py": "\n\nfrom fake import b\n", "fake/b.py": "def f():\n    import fake.a\n"},
    )
    [chain] = find_cycles(import_graph(read_package(root, "fake")))
    report = format_chain(chain)
    assert "fake.a -> fake.b" in report and "a.py:3)" in report
    assert "fake.b -> fake.a" in report and "b.py:2 (inside a function)" in report


# The tests' own modules: helpers are imported from tests/support, never from another test module.

TESTS = Path(__file__).resolve().parent
_IMPORT_IN_TEXT = re.compile(r"^\s*(?:from\s+(tests(?:\.\w+)+)\s+import|import\s+(tests(?:\.\w+)+))", re.MULTILINE)


def imports_in_strings(path: Path) -> list[tuple[str, int]]:
    """`tests…` modules imported by programs written as string literals (run by a child interpreter)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            for match in _IMPORT_IN_TEXT.finditer(node.value):
                found.append((match.group(1) or match.group(2), node.lineno))
    return found


def misplaced_test_imports(tests_root: Path) -> list[str]:
    """Imports among the tests' modules that break the rules below, as `file:line imports module`.

    - No module imports a test module (`test_*`): a test module is collected, not a library.
    - No module imports a folder's conftest (only the root `tests.conftest`, for TEST_TOKEN): conftest
      files hold fixtures; helpers to import live in tests/support.
    - tests/support imports nothing of the test folders (it is below them).
    """
    modules = read_package(tests_root.parent, tests_root.name, shown_from=tests_root.parent)
    package = tests_root.name
    problems = []
    for module in modules.values():
        written = [(found.target, found.where()) for found in module.imports]
        shown = module.path.relative_to(tests_root.parent)
        written += [(target, f"{shown}:{line} (in a string)") for target, line in imports_in_strings(module.path)]
        for target, where in written:
            if not within(target, package):
                continue
            last = target.rsplit(".", 1)[-1]
            if (
                last.startswith("test_")
                or (last == "conftest" and target != f"{package}.conftest")
                or (
                    within(module.name, f"{package}.support")
                    and not within(target, f"{package}.support")
                    and target not in (package, f"{package}.conftest")
                )
            ):
                problems.append(f"{where} imports {target}")
    return sorted(problems)


def test_test_modules_import_helpers_only_from_tests_support() -> None:
    assert misplaced_test_imports(TESTS) == []


def test_a_test_module_imported_by_another_is_caught(tmp_path: Path) -> None:
    root = write_package(
        tmp_path,
        {
            "tests/__init__.py": "",
            "tests/conftest.py": "TOKEN = 't'\n",
            "tests/tui/__init__.py": "",
            "tests/tui/conftest.py": "def helper(): ...\n",
            "tests/tui/test_browser.py": "from tests.conftest import TOKEN\nSIZE = (80, 24)\n",
            "tests/tui/test_keys.py": "from .test_browser import SIZE\nfrom .conftest import helper\n",
            # Split in two here, or this very file would hold the import it plants:
            "tests/tui/test_child.py": 'PROGRAM = """\nimport json\nfrom tests.tui.' + 'test_browser import SIZE\n"""',
            "tests/support/__init__.py": "",
            "tests/support/tui.py": "from tests.tui import test_browser\nfrom tests.support import other\n",
            "tests/support/other.py": "",
        },
    )
    assert misplaced_test_imports(root / "tests") == [
        "tests/support/tui.py:1 imports tests.tui.test_browser",
        "tests/tui/test_child.py:1 (in a string) imports tests.tui.test_browser",
        "tests/tui/test_keys.py:1 imports tests.tui.test_browser",
        "tests/tui/test_keys.py:2 imports tests.tui.conftest",
    ]
