"""A package's imports read from its source with `ast` (nothing is imported): the graph the layering
and import-cycle tests check.

What counts as an import of module M (every one counts, wherever it stands: at the top, under
`if TYPE_CHECKING:`, inside a function or a `try`):

- `import a.b.c` (with or without `as`) imports `a.b.c`. The packages above it (`a`, `a.b`) are not
  counted: Python has always started running a submodule's parent packages before the submodule
  itself, so that dependency is never a cycle by itself.
- `from a.b import c` imports the submodule `a.b.c` when there is one; otherwise `c` is a name defined
  by `a.b` and the import is of `a.b` itself. So `from iconcat.disk import downloads` imports
  `iconcat.disk.downloads`, while `from iconcat.api import Icon` imports the package `iconcat.api` (its
  `__init__`), even when written inside `iconcat.api`'s own submodules: a submodule that takes a name
  from its own package's `__init__` while that `__init__` imports the submodule is a real cycle (it
  works or breaks depending on which runs first), and is reported as one.
- Relative imports are resolved against M's package (`from . import x` in `a/b/m.py` is `from a.b
  import x`; in `a/b/__init__.py` too).
- `importlib.import_module("a.b")` with a literal, absolute name imports `a.b`.

For other distributions (textual, httpx…) only what is written is recorded (`from textual.widgets import
Static` imports `textual.widgets`): the checks look at top-level names.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "Import",
    "Module",
    "find_cycles",
    "forbidden_paths",
    "format_chain",
    "import_graph",
    "loaded_modules",
    "read_package",
    "within",
]


@dataclass(frozen=True)
class Import:
    """One import statement's target, as read from the source of `source` (`path` as shown in reports)."""

    source: str
    target: str
    path: Path
    line: int
    type_checking: bool = False
    in_function: bool = False

    def where(self) -> str:
        """`path:line`, and how the import is written when it is not a plain top-level one."""
        notes = [
            note
            for flag, note in ((self.type_checking, "under TYPE_CHECKING"), (self.in_function, "inside a function"))
            if flag
        ]
        suffix = f" ({', '.join(notes)})" if notes else ""
        return f"{self.path}:{self.line}{suffix}"


@dataclass
class Module:
    """A module of the package read: its name, its file and every import in it."""

    name: str
    path: Path
    is_package: bool
    imports: list[Import] = field(default_factory=list)


def within(name: str, prefix: str) -> bool:
    """True when module `name` is `prefix` or below it (`iconcat.api._client` is within `iconcat.api`)."""
    return name == prefix or name.startswith(prefix + ".")


def read_package(source_root: Path, package: str, shown_from: Path | None = None) -> dict[str, Module]:
    """Every module of `package` (a folder under `source_root`), with its imports resolved as above.

    Reports show files relative to `shown_from` (by default the source root's parent: `src/iconcat/…`).
    """
    shown_from = source_root.parent if shown_from is None else shown_from
    top = source_root / package
    modules: dict[str, Module] = {}
    for path in sorted(top.rglob("*.py")):
        parts = list(path.relative_to(source_root).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        modules[".".join(parts)] = Module(".".join(parts), path, is_package)
    for module in modules.values():
        tree = ast.parse(module.path.read_text(encoding="utf-8"), filename=str(module.path))
        _Reader(module, modules, module.path.relative_to(shown_from)).visit(tree)
    return modules


class _Reader(ast.NodeVisitor):
    """Collects a module's imports, noting whether each is under TYPE_CHECKING or inside a function."""

    def __init__(self, module: Module, known: dict[str, Module], shown_path: Path) -> None:
        self.module = module
        self.known = known
        self.shown_path = shown_path
        self.type_checking = 0
        self.in_function = 0

    def add(self, target: str, node: ast.AST) -> None:
        line = getattr(node, "lineno", 0)
        self.module.imports.append(
            Import(self.module.name, target, self.shown_path, line, self.type_checking > 0, self.in_function > 0)
        )

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node.test):
            self.type_checking += 1
            for statement in node.body:
                self.visit(statement)
            self.type_checking -= 1
            for statement in node.orelse:
                self.visit(statement)
        else:
            self.generic_visit(node)

    def _visit_function(self, node: ast.AST) -> None:
        self.in_function += 1
        self.generic_visit(node)
        self.in_function -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _visit_function

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.add(alias.name, node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            package = self.module.name.split(".")
            if not self.module.is_package:
                package.pop()
            base = package[: len(package) - (node.level - 1)]
            if node.module:
                base += node.module.split(".")
            stem = ".".join(base)
        else:
            stem = node.module or ""
        for alias in node.names:
            submodule = f"{stem}.{alias.name}"
            self.add(submodule if submodule in self.known else stem, node)

    def visit_Call(self, node: ast.Call) -> None:
        function = node.func
        name = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", None)
        if (
            name == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and not node.args[0].value.startswith(".")
        ):
            self.add(node.args[0].value, node)
        self.generic_visit(node)


def _is_type_checking(test: ast.expr) -> bool:
    """`TYPE_CHECKING` or `typing.TYPE_CHECKING` (or any `x.TYPE_CHECKING`)."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def import_graph(modules: dict[str, Module]) -> dict[str, dict[str, Import]]:
    """Edges between the package's own modules: for each module, the modules it imports (first statement kept)."""
    graph: dict[str, dict[str, Import]] = {name: {} for name in modules}
    for module in modules.values():
        for found in module.imports:
            if found.target in modules and found.target != module.name:
                graph[module.name].setdefault(found.target, found)
    return graph


def find_cycles(graph: dict[str, dict[str, Import]]) -> list[list[Import]]:
    """One shortest cycle through each strongly connected group of modules, as the imports that close it."""
    cycles = []
    for group in _strongly_connected(graph):
        start = min(group)
        cycles.append(_shortest_path(graph, start, start, group))
    return sorted(cycles, key=lambda cycle: cycle[0].source)


def _strongly_connected(graph: dict[str, dict[str, Import]]) -> list[set[str]]:
    """Tarjan's algorithm (iterative); groups of two or more modules only (self-imports are not edges)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(group)
    return groups


def _shortest_path(graph: dict[str, dict[str, Import]], start: str, goal: str, allowed: set[str]) -> list[Import]:
    """The imports along a shortest path from `start` to `goal` (a cycle when they are equal)."""
    previous: dict[str, Import] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for child, found in sorted(graph[node].items()):
            if child not in allowed or child in previous:
                continue
            previous[child] = found
            if child == goal:
                path = [found]
                while path[0].source != start:
                    path.insert(0, previous[path[0].source])
                return path
            queue.append(child)
    raise AssertionError(f"no path from {start} to {goal}")


def format_chain(chain: Iterable[Import]) -> str:
    """One line per import: `a -> b  (file:line)`."""
    return "\n".join(f"  {found.source} -> {found.target}  ({found.where()})" for found in chain)


def forbidden_paths(modules: dict[str, Module], starts: Iterable[str], forbidden: Iterable[str]) -> list[list[Import]]:
    """For each module in `starts`, the chains of imports by which it reaches a forbidden module.

    A module is forbidden when it is within one of `forbidden` (a package's own modules, such as
    `iconcat.api`, or another distribution, such as `textual`). The package's own modules are followed
    transitively (not into a forbidden module: the chain ends there), so an import by way of a helper
    module is caught too; one chain per forbidden import statement reached (the shortest), each once.
    """
    forbidden = tuple(forbidden)

    def is_forbidden(name: str) -> bool:
        return any(within(name, bad) for bad in forbidden)

    graph = import_graph(modules)
    found_chains: dict[tuple[str, str, int], list[Import]] = {}
    for start in starts:
        previous: dict[str, Import | None] = {start: None}
        queue = deque([start])
        while queue:
            node = queue.popleft()
            for found in modules[node].imports:
                if is_forbidden(found.target):
                    key = (found.source, found.target, found.line)
                    if key not in found_chains:
                        chain = [found]
                        step = previous[node]
                        while step is not None:
                            chain.insert(0, step)
                            step = previous[step.source]
                        found_chains[key] = chain
            for child, found in graph[node].items():
                if child not in previous and not is_forbidden(child):  # the chain ends where it arrives
                    previous[child] = found
                    queue.append(child)
    return [found_chains[key] for key in sorted(found_chains)]


def loaded_modules(names: Iterable[str], extra_path: Iterable[Path] = ()) -> set[str]:
    """Every module in `sys.modules` after importing `names` in a fresh interpreter (nothing else loaded)."""
    probe = (
        "import importlib, sys\n"
        f"sys.path[:0] = {[str(p) for p in extra_path]!r}\n"
        f"for name in {sorted(names)!r}:\n"
        "    importlib.import_module(name)\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    completed = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=False)
    assert completed.returncode == 0, completed.stderr
    return set(completed.stdout.split())
