"""The layers of the product contract keep to themselves.

- Nothing below the browser knows Textual exists: every part of the package but the front ends
  (`iconcat.tui`, `iconcat.cli`, `python -m iconcat`), derived from the source rather than listed, so
  a new package is checked the day it is added, loads no Textual module, checked in a fresh
  interpreter where nothing else has (every submodule imported), and none of them imports one in its
  source, directly or by way of another iconcat module, anywhere (under TYPE_CHECKING and inside
  functions too). docs/architecture.md draws these layers.
- The browsing rules (`iconcat.browsing`: filters, grouping, search state, picking, download jobs…)
  are shared by the browser and the command line, so they sit beside the client, below both: no
  Textual, nothing of `iconcat.tui` or `iconcat.cli`, checked the same two ways. The headless core
  below them imports nothing of `iconcat.browsing` (the arrows point one way).
- The command line (every module of `iconcat.cli`) takes browsing's rules (the filter parser, the
  pick request) from `iconcat.browsing`: of `iconcat.tui` it imports only the package itself
  (`run_browser`, `run_picker`, which load the app lazily), never a module inside it.
- The embedded catalogue's HTTP face (`iconcat.server`) knows nothing of the client or the browser: no
  Textual, no `iconcat.api`, no `iconcat.tui`, no `iconcat.browsing`, checked the same two ways; and it
  imports no adapter (nothing of `iconcat.catalogue`). (It serves with Starlette and uvicorn.)
- What it serves, the demo (`iconcat.demo`) and the sets from disk (`iconcat.sources`), imports nothing
  of the server, the client, the seam or the front ends, checked the same two ways; what both share
  (`iconcat.embedded`: references, narrowing, the answer documents) imports neither of them either.
  The filter rule its `narrow` shares with the browser's filters is `iconcat.filter_rule`, headless,
  below both.
- The catalogue seam (`iconcat.catalogue`: the protocol, the spec, the kind table, choosing, one
  adapter a kind) sits under the front ends and over everything a catalogue is made of: no Textual,
  nothing of `iconcat.tui` or `iconcat.cli`; and nothing below it imports it (the client, the disk
  side, imaging, the settings, the memory, the leaves, the server, the demo, the sets from disk: every
  part but the front ends, browsing, saving and the bag's batch, derived; the server imports no adapter),
  checked in the source. Its core (the protocol, the spec, the kinds, choosing) imports no adapter:
  `open_catalogue` imports the one a catalogue's kind names. The in-process adapter loads neither
  Starlette nor uvicorn, nor the HTTP app: in-process means no server.
- IconifyJSON's rules (`iconcat.iconify`: names, ids, styles, categories, aliases, the SVG document)
  are one copy, shared by the sets from disk and Iconify's API: no Textual, no httpx, nothing of the
  server, the client, the seam or the front ends, checked the same two ways; the sets-from-disk reader
  takes its rules from there.
- The search's word rules (`iconcat.meaning`: the synonym table) are shared by every catalogue kind,
  so they import none of them: no Textual, no HTTP (httpx, Starlette, uvicorn), nothing of the
  client, the server, the demo, the sets from disk, the seam, browsing or the front ends, checked the
  same two ways.
- The snippet makers (`iconcat.snippets`: an icon as JSX, Vue, Svelte, CSS…) are strings in and out:
  no Textual, no httpx, nothing of the client, the seam, the disk or the front ends, checked the same
  two ways.
- httpx is the client's: only modules of `iconcat.api` import it.
- `iconcat.disk.downloads` knows bytes and files, not the client: it imports nothing of `iconcat.api`, not
  even for typing.

The source checks read imports with `tests.support.imports` (its docstring has the rules). The last
tests plant a forbidden import in a small package in a temporary folder and check that the same
functions catch it, so these tests cannot pass by looking at nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.imports import Module, forbidden_paths, format_chain, loaded_modules, read_package, within

SOURCE = Path(__file__).resolve().parents[1] / "src"

FRONT_ENDS = ["iconcat.tui", "iconcat.cli", "iconcat.__main__"]
"""The browser, the command line and `python -m iconcat`: the only parts that may know Textual."""


def top_level_parts(modules: dict[str, Module], root: str = "iconcat") -> list[str]:
    """Each package and module directly inside `root` (`iconcat.api`, `iconcat.disk`…), read from the source."""
    return sorted({".".join(name.split(".")[:2]) for name in modules if name.startswith(root + ".")})


def every_part_but(modules: dict[str, Module], excluded: list[str], root: str = "iconcat") -> list[str]:
    """The top-level parts of the package, but `excluded`: a layer derived, not listed by hand."""
    return [part for part in top_level_parts(modules, root) if part not in excluded]


BROWSING = ["iconcat.browsing"]
FORBIDDEN_TO_BROWSING = ["textual", "iconcat.tui", "iconcat.cli"]

SERVER = ["iconcat.server"]
FORBIDDEN_TO_SERVER = ["textual", "iconcat.api", "iconcat.tui", "iconcat.browsing", "iconcat.catalogue"]

ICONIFY = ["iconcat.iconify"]
FORBIDDEN_TO_ICONIFY = [
    "textual",
    "httpx",
    "iconcat.server",
    "iconcat.api",
    "iconcat.catalogue",
    "iconcat.tui",
    "iconcat.cli",
    "iconcat.browsing",
]

SNIPPETS = ["iconcat.snippets"]
FORBIDDEN_TO_SNIPPETS = [*FORBIDDEN_TO_ICONIFY, "iconcat.disk", "iconcat.imaging"]
"""The snippet makers are strings in and out: usable by the command line, the browser and the bag's export."""

CATALOGUE = ["iconcat.catalogue"]
FORBIDDEN_TO_CATALOGUE = ["textual", "iconcat.tui", "iconcat.cli"]
USERS_OF_THE_SEAM = [*FRONT_ENDS, "iconcat.catalogue", "iconcat.browsing", "iconcat.disk.saving", "iconcat.disk.batch"]
USERS_OF_THE_SEAM += ["iconcat.disk.bag_export"]
"""The seam and what stands on it (parts, or modules of a part); every other module is below it (derived)."""

EMBEDDED_KINDS = ["iconcat.demo", "iconcat.sources"]
FORBIDDEN_TO_EMBEDDED_KINDS = ["iconcat.server", "iconcat.api", "iconcat.catalogue", "iconcat.tui", "iconcat.cli"]
EMBEDDED_SHARED = ["iconcat.embedded"]
FORBIDDEN_TO_EMBEDDED_SHARED = [*EMBEDDED_KINDS, *FORBIDDEN_TO_EMBEDDED_KINDS]

CATALOGUE_CORE = ["iconcat.catalogue", "iconcat.catalogue.protocol", "iconcat.catalogue.spec"]
CATALOGUE_CORE += ["iconcat.catalogue.kinds", "iconcat.catalogue.choose", "iconcat.catalogue.refusals"]
ADAPTERS = ["iconcat.catalogue.service", "iconcat.catalogue.embedded"]
IN_PROCESS = ["iconcat.catalogue.embedded"]
FORBIDDEN_IN_PROCESS = ["starlette", "uvicorn", "iconcat.server.app", "iconcat.server.background"]


MEANING = ["iconcat.meaning"]
FORBIDDEN_TO_MEANING = ["textual", "httpx", "starlette", "uvicorn", "iconcat.api", "iconcat.server", "iconcat.demo"]
FORBIDDEN_TO_MEANING += ["iconcat.sources", "iconcat.catalogue", "iconcat.browsing", "iconcat.tui", "iconcat.cli"]


@pytest.fixture(scope="module")
def iconcat_modules() -> dict[str, Module]:
    modules = read_package(SOURCE, "iconcat")
    assert {"iconcat.api", "iconcat.browsing", "iconcat.server", "iconcat.demo", "iconcat.sources", "iconcat.tui"} <= (
        modules.keys()
    )
    return modules


def modules_within(modules: dict[str, Module], packages: list[str]) -> list[str]:
    """Every module of `modules` within one of `packages` (a package's submodules, or a plain module)."""
    return sorted(name for name in modules if any(within(name, package) for package in packages))


def source_violations(modules: dict[str, Module], packages: list[str], forbidden: list[str]) -> str:
    """Each chain of imports from `packages` to something `forbidden`, one paragraph each ('' when none)."""
    chains = forbidden_paths(modules, modules_within(modules, packages), forbidden)
    return "\n\n".join(format_chain(chain) for chain in chains)


def loaded_violations(
    modules: dict[str, Module], packages: list[str], forbidden: list[str], extra_path: tuple[Path, ...] = ()
) -> list[str]:
    """Forbidden modules in `sys.modules` after importing every module of `packages` in a fresh interpreter."""
    names = [name for name in modules_within(modules, packages) if not name.endswith("__main__")]
    loaded = loaded_modules(names, extra_path)
    return sorted(name for name in loaded if any(within(name, bad) for bad in forbidden))


def test_the_textual_free_parts_are_every_part_but_the_front_ends(iconcat_modules) -> None:
    textual_free = every_part_but(iconcat_modules, FRONT_ENDS)
    # Derived from the source: a new package is checked the day it is added.
    assert {"iconcat.api", "iconcat.server", "iconcat.demo", "iconcat.sources", "iconcat.disk"} <= set(textual_free)
    assert not {"iconcat.tui", "iconcat.cli"} & set(textual_free)


def test_headless_core_loads_no_textual(iconcat_modules) -> None:
    assert loaded_violations(iconcat_modules, every_part_but(iconcat_modules, FRONT_ENDS), ["textual"]) == []


def test_headless_core_imports_no_textual_in_its_source(iconcat_modules) -> None:
    report = source_violations(iconcat_modules, every_part_but(iconcat_modules, FRONT_ENDS), ["textual"])
    assert not report, f"Textual imported below the browser:\n{report}"


def tui_modules_imported(modules: dict[str, Module], importer: str, tui: str) -> list[str]:
    """Where `importer` imports a module inside the package `tui` (the package itself is allowed)."""
    return [
        found.where() + f" imports {found.target}"
        for found in modules[importer].imports
        if within(found.target, tui) and found.target != tui
    ]


def test_browsing_loads_no_textual_and_nothing_of_the_browser(iconcat_modules) -> None:
    assert modules_within(iconcat_modules, BROWSING), "the browsing package was not found"
    assert loaded_violations(iconcat_modules, BROWSING, FORBIDDEN_TO_BROWSING) == []


def test_browsing_imports_no_textual_and_nothing_of_the_browser_in_its_source(iconcat_modules) -> None:
    report = source_violations(iconcat_modules, BROWSING, FORBIDDEN_TO_BROWSING)
    assert not report, f"the browsing rules import Textual, the browser or the command line:\n{report}"


def test_the_headless_core_imports_nothing_of_browsing(iconcat_modules) -> None:
    report = source_violations(iconcat_modules, every_part_but(iconcat_modules, [*FRONT_ENDS, *BROWSING]), BROWSING)
    assert not report, f"the layers below import the browsing rules:\n{report}"


def test_the_command_line_takes_browsing_rules_from_browsing_not_from_the_browser(iconcat_modules) -> None:
    command_line = modules_within(iconcat_modules, ["iconcat.cli"])
    assert "iconcat.cli.browser" in command_line, "the command line's modules were not found"
    reached = [found for name in command_line for found in tui_modules_imported(iconcat_modules, name, "iconcat.tui")]
    assert reached == []
    # The package imports the browser's entry points (the check above looks at something).
    assert any(found.target == "iconcat.tui" for found in iconcat_modules["iconcat.cli.browser"].imports)
    # The filter parser the command line will share lives in browsing, where it may be imported from.
    assert "iconcat.browsing.filters" in iconcat_modules
    assert not any(name.endswith(".filters") for name in modules_within(iconcat_modules, ["iconcat.tui"]))


def test_server_loads_nothing_of_the_client_or_textual(iconcat_modules) -> None:
    assert loaded_violations(iconcat_modules, SERVER, FORBIDDEN_TO_SERVER) == []


def test_server_imports_nothing_of_the_client_or_textual_in_its_source(iconcat_modules) -> None:
    report = source_violations(iconcat_modules, SERVER, FORBIDDEN_TO_SERVER)
    assert not report, f"the embedded catalogue imports the client, the browser or Textual:\n{report}"


def test_the_iconify_rules_load_nothing_of_the_server_the_client_the_seam_or_the_front_ends(iconcat_modules) -> None:
    assert {"iconcat.iconify.icons", "iconcat.iconify.svg"} <= set(modules_within(iconcat_modules, ICONIFY))
    assert loaded_violations(iconcat_modules, ICONIFY, FORBIDDEN_TO_ICONIFY) == []


def test_the_snippet_makers_are_strings_in_and_out(iconcat_modules) -> None:
    assert {"iconcat.snippets.tree", "iconcat.snippets.components"} <= set(modules_within(iconcat_modules, SNIPPETS))
    assert loaded_violations(iconcat_modules, SNIPPETS, FORBIDDEN_TO_SNIPPETS) == []
    report = source_violations(iconcat_modules, SNIPPETS, FORBIDDEN_TO_SNIPPETS)
    assert not report, f"the snippet makers import Textual, HTTP, the catalogue or the front ends:\n{report}"


def test_the_iconify_rules_import_nothing_of_the_server_the_client_the_seam_or_the_front_ends_in_their_source(
    iconcat_modules,
) -> None:
    report = source_violations(iconcat_modules, ICONIFY, FORBIDDEN_TO_ICONIFY)
    assert not report, f"IconifyJSON's rules import the server, the client, the seam or the front ends:\n{report}"
    # The sets from disk read IconifyJSON by those rules (the check above looks at the one copy).
    reader = iconcat_modules["iconcat.sources.iconify"]
    assert any(within(found.target, "iconcat.iconify") for found in reader.imports)


def test_the_server_imports_no_adapter(iconcat_modules) -> None:
    # The HTTP face serves the demo and the sets from disk directly; the seam's adapters sit above it.
    assert any(within(found.target, "iconcat.embedded") for found in iconcat_modules["iconcat.server.app"].imports)
    report = source_violations(iconcat_modules, SERVER, CATALOGUE)
    assert not report, f"the HTTP face imports the catalogue seam (an adapter):\n{report}"


def test_the_demo_and_the_sets_from_disk_import_no_face_and_no_client(iconcat_modules) -> None:
    assert {"iconcat.demo.catalogue", "iconcat.sources.catalogue"} <= set(
        modules_within(iconcat_modules, EMBEDDED_KINDS)
    )
    report = source_violations(iconcat_modules, EMBEDDED_KINDS, FORBIDDEN_TO_EMBEDDED_KINDS)
    assert not report, (
        f"the demo or the sets from disk import the server, the client, the seam or a front end:\n{report}"
    )
    assert loaded_violations(iconcat_modules, EMBEDDED_KINDS, FORBIDDEN_TO_EMBEDDED_KINDS) == []


def test_what_the_embedded_kinds_share_imports_neither_kind(iconcat_modules) -> None:
    assert {"iconcat.embedded.answers", "iconcat.embedded.refs"} <= set(
        modules_within(iconcat_modules, EMBEDDED_SHARED)
    )
    report = source_violations(iconcat_modules, EMBEDDED_SHARED, FORBIDDEN_TO_EMBEDDED_SHARED)
    assert not report, f"the embedded catalogue's shared records import a kind, a face or the client:\n{report}"


def test_the_catalogue_seam_loads_no_textual_and_nothing_of_the_front_ends(iconcat_modules) -> None:
    assert set(ADAPTERS) <= set(modules_within(iconcat_modules, CATALOGUE)), "the adapters were not found"
    assert loaded_violations(iconcat_modules, CATALOGUE, FORBIDDEN_TO_CATALOGUE) == []


def test_the_catalogue_seam_imports_no_textual_and_nothing_of_the_front_ends_in_its_source(iconcat_modules) -> None:
    report = source_violations(iconcat_modules, CATALOGUE, FORBIDDEN_TO_CATALOGUE)
    assert not report, f"the catalogue seam imports Textual, the browser or the command line:\n{report}"


def test_nothing_below_the_catalogue_seam_imports_it(iconcat_modules) -> None:
    below = [name for name in iconcat_modules if not any(within(name, user) for user in USERS_OF_THE_SEAM)]
    assert {"iconcat.server.app", "iconcat.api._client", "iconcat.demo.catalogue", "iconcat.sources.catalogue"} <= set(
        below
    )
    # The disk side is split by the seam: its files and names below, what to save and the bag's batch above.
    assert {"iconcat.disk.downloads", "iconcat.disk.name_template"} <= set(below)
    assert not {"iconcat.disk.saving", "iconcat.disk.batch", "iconcat.disk.bag_export"} & set(below)
    # (Chains from the modules themselves: `below` holds the root package, whose every module is not below.)
    report = "\n\n".join(format_chain(chain) for chain in forbidden_paths(iconcat_modules, below, CATALOGUE))
    assert not report, f"a layer below the catalogue seam imports it (the server no adapter):\n{report}"


def test_the_seams_core_imports_no_adapter(iconcat_modules) -> None:
    assert set(CATALOGUE_CORE) <= iconcat_modules.keys()
    chains = forbidden_paths(iconcat_modules, CATALOGUE_CORE, ADAPTERS)
    report = "\n\n".join(format_chain(chain) for chain in chains)
    assert not report, f"the seam's core imports an adapter (open_catalogue imports the one it needs):\n{report}"


def test_the_in_process_catalogue_loads_no_http_server(iconcat_modules) -> None:
    assert loaded_violations(iconcat_modules, IN_PROCESS, FORBIDDEN_IN_PROCESS) == []
    report = source_violations(iconcat_modules, IN_PROCESS, FORBIDDEN_IN_PROCESS)
    assert not report, f"the in-process catalogue imports the HTTP server:\n{report}"


def test_the_word_rules_load_no_catalogue_kind_no_http_and_no_textual(iconcat_modules) -> None:
    assert "iconcat.meaning.synonyms" in modules_within(iconcat_modules, MEANING)
    assert loaded_violations(iconcat_modules, MEANING, FORBIDDEN_TO_MEANING) == []


def test_the_word_rules_import_no_catalogue_kind_no_http_and_no_textual_in_their_source(iconcat_modules) -> None:
    report = source_violations(iconcat_modules, MEANING, FORBIDDEN_TO_MEANING)
    assert not report, f"the search's word rules import a catalogue kind, HTTP or Textual:\n{report}"


def test_only_the_client_imports_httpx(iconcat_modules) -> None:
    outside = [
        found.where()
        for module in iconcat_modules.values()
        if not within(module.name, "iconcat.api")
        for found in module.imports
        if within(found.target, "httpx")
    ]
    assert outside == [], f"httpx imported outside iconcat.api: {outside}"


def test_downloads_imports_nothing_of_the_client(iconcat_modules) -> None:
    report = source_violations(iconcat_modules, ["iconcat.disk.downloads"], ["iconcat.api"])
    assert not report, f"iconcat.disk.downloads imports the client:\n{report}"


# The checks, checked: a fake package with forbidden imports planted in its server.

FAKE_PACKAGE = {
    "fake/__init__.py": "",
    "fake/api/__init__.py": "VERSION = 1\n",
    "fake/helpers.py": "def later():\n    from textual.widgets import Static\n",
    "fake/cli.py": "def main():\n    from fake.tui import run\n    from fake.tui.rules import parse\n",
    "fake/tui/__init__.py": "def run():\n    return 0\n",
    "fake/tui/rules.py": "def parse():\n    return None\n",
    "fake/server/__init__.py": "from .app import create_app\n",
    "fake/server/app.py": "import textual\n\ndef create_app():\n    return None\n",
    "fake/server/data.py": (
        "from typing import TYPE_CHECKING\n\nfrom fake import helpers\n\n"
        "if TYPE_CHECKING:\n    from fake.api import VERSION\n"
    ),
    "fake/catalogue/__init__.py": "",
    "fake/catalogue/embedded.py": "from fake.server import data\n",
    "fake/downloads.py": "def save():\n    from fake.catalogue import embedded\n",
}


@pytest.fixture
def fake_modules(tmp_path: Path) -> dict[str, Module]:
    for name, text in FAKE_PACKAGE.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return read_package(tmp_path, "fake")


def test_a_planted_textual_import_in_the_server_is_caught_in_its_source(fake_modules) -> None:
    report = source_violations(fake_modules, ["fake.server"], ["textual", "fake.api"])
    assert "fake.server.app -> textual  (" in report and "app.py:1)" in report
    # By way of another module, inside a function there:
    assert "fake.server.data -> fake.helpers" in report and "fake.helpers -> textual.widgets" in report
    assert "helpers.py:2 (inside a function)" in report
    # The client, for typing only:
    assert "fake.server.data -> fake.api" in report and "(under TYPE_CHECKING)" in report


def test_a_planted_textual_import_in_the_server_is_caught_when_loaded(fake_modules, tmp_path: Path) -> None:
    assert "textual" in loaded_violations(fake_modules, ["fake.server"], ["textual"], (tmp_path,))


def test_a_clean_fake_module_passes(fake_modules) -> None:
    assert source_violations(fake_modules, ["fake.api"], ["textual"]) == ""


def test_a_command_line_reaching_into_the_browser_is_caught(fake_modules) -> None:
    # `from fake.tui import run` (the package's entry point) passes; the rule inside it does not.
    reached = tui_modules_imported(fake_modules, "fake.cli", "fake.tui")
    assert len(reached) == 1 and reached[0].endswith("cli.py:3 (inside a function) imports fake.tui.rules")


def test_a_layer_below_the_seam_importing_an_adapter_is_caught(fake_modules) -> None:
    report = source_violations(fake_modules, ["fake.downloads", "fake.server"], ["fake.catalogue"])
    assert "fake.downloads -> fake.catalogue.embedded" in report and "downloads.py:2 (inside a function)" in report
    assert "fake.server" not in report  # (the adapter imports the server: that way is allowed)


def test_a_part_nobody_listed_is_held_to_the_textual_free_rule(fake_modules) -> None:
    # `fake.helpers` is named nowhere: derived as "every part but the front ends", it is checked all the same.
    textual_free = every_part_but(fake_modules, ["fake.tui", "fake.cli"], root="fake")
    assert "fake.helpers" in textual_free and "fake.tui" not in textual_free
    assert "fake.helpers -> textual.widgets" in source_violations(fake_modules, textual_free, ["textual"])
