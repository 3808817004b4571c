"""`--from` arguments → units: the sets the index reads, each one re-read alone when its files change.

A unit is one IconifyJSON set file (with the `info.json`/`metadata.json` beside an `@iconify-json`
package's `icons.json`) or one folder of SVG files. It has a `key` (its resolved path), a cheap
`fingerprint()` (the resolved paths, sizes and modification times of the files it is read from: every
spelling of one folder shares one index) and `read()`.

Where sets are looked for, in a folder PATH and in PATH/node_modules, and nowhere else (a project's
node_modules often holds 100,000 files; the first search must come within a second):

    icons.json                      PATH is an @iconify-json/<prefix> package
    *​/icons.json                     PATH is node_modules/@iconify-json itself
    @iconify-json/*/icons.json      PATH is node_modules (or a project: its node_modules)
    json/*.json                     PATH is @iconify/json (recognised by its collections.json)
    *.json                          PATH is @iconify/json/json itself
    @iconify/json/json/*.json       PATH is node_modules (or a project)

A folder with none of these is a folder of SVG files (`svg_folder`), except a `node_modules` folder,
which is never walked whole. The same set found twice (one `--from` inside another, or
`@iconify-json/tabler` beside `@iconify/json`'s tabler.json) is read once: the first found wins, and a
per-set `@iconify-json` package is found before the `@iconify/json` collection, since a project that
installs one set on its own usually pins it on purpose.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import sys
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from iconcat.iconify.tags import categories_version, categorised_prefixes

from .errors import SourceError, UnreadableSet
from .iconify import read_iconify
from .records import SetRecord, SourceIcon
from .svg_folder import SvgSetIdentity, Warn, read_svg_file, read_svg_folder, svg_files, svg_prefix, svg_set_identity

__all__ = ["Discovery", "IconifyUnit", "SourceError", "SourceUnit", "SvgFolderUnit", "UnreadableSet", "discover"]

EXPECTED = (
    "an IconifyJSON file (the icons.json of an @iconify-json package, or a file of @iconify/json/json), "
    "a folder holding them (a project, its node_modules, @iconify/json), or a folder of SVG files"
)
"""What a `--from` PATH may be, for the sentence a bad one gets."""


def _warn_on_stderr(line: str) -> None:
    print(line, file=sys.stderr)


class SourceUnit(ABC):
    """One set the index reads, and reads again only when `fingerprint()` changes."""

    key: str
    """Stable for as long as the set stays where it is: the resolved path it is read from."""
    label: str
    """The path as found from the user's argument, for messages."""
    has_iconify_names: bool = False
    """Its prefix is the set's Iconify prefix, `prefix:key` each icon's Iconify name (IconifyJSON)."""
    argument: str = ""
    """The `--from` argument it was found under: when every unit of one argument is unreadable, that
    argument holds no icons (a broken file named directly), and the command can say so and exit 2."""

    @abstractmethod
    def fingerprint(self) -> str:
        """A digest of the resolved paths, sizes and modification times of every file the set is read
        from: the same for every spelling of its place (relative, absolute, through a link)."""

    @abstractmethod
    def read(self, warn: Warn = _warn_on_stderr) -> tuple[SetRecord, Iterator[SourceIcon]]:
        """The set and its icons (yielded as they are read). Raises `UnreadableSet` when the file cannot
        be read or is not a set (the caller prints one line naming `label` and goes on); `warn` gets one
        line per file skipped inside a set (an SVG folder's broken file). `browse` and `pick` pass their
        own `warn`: their stderr is the screen."""


def _stat_lines(paths: Iterable[Path]) -> Iterator[str]:
    """Each file's resolved path, size and modification time: resolved, so the same set named
    `node_modules/@iconify/json`, by its absolute path or through a link has one fingerprint (spelled as
    given, every other spelling read the whole collection again, 15 s)."""
    for path in paths:
        path = path.resolve()
        try:
            stat = path.stat()
        except OSError:
            yield f"{path}\0missing"
        else:
            yield f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}"


def _digest(lines: Iterable[str]) -> str:
    hasher = hashlib.blake2b(digest_size=16)
    for line in lines:
        hasher.update(line.encode("utf-8", "surrogateescape"))
        hasher.update(b"\n")
    return hasher.hexdigest()


class IconifyUnit(SourceUnit):
    """One IconifyJSON set file."""

    has_iconify_names = True

    def __init__(self, path: Path, expected_prefix: str | None = None) -> None:
        self.path = path
        self.label = str(path)
        self.key = str(path.resolve())
        self.expected_prefix = expected_prefix
        """The prefix its place says it holds (`@iconify-json/<prefix>`, `json/<prefix>.json`), to read a set
        found twice once; None for a file named directly."""
        beside = path.name == "icons.json"
        self.info_path = path.with_name("info.json") if beside else None
        self.metadata_path = path.with_name("metadata.json") if beside else None

    def fingerprint(self) -> str:
        lines = list(_stat_lines(p for p in (self.path, self.info_path, self.metadata_path) if p is not None))
        if self.expected_prefix is None or self.expected_prefix in categorised_prefixes():
            # Its records may carry its package's categories (Tabler, Phosphor: `iconify.tags`), so it is
            # read again when those change; new tags alone only recompute the search.
            lines.append("package categories " + categories_version())
        return _digest(lines)

    def read(self, warn: Warn = _warn_on_stderr) -> tuple[SetRecord, Iterator[SourceIcon]]:
        return read_iconify(self.path, info_path=self.info_path, metadata_path=self.metadata_path, warn=warn)

    def __repr__(self) -> str:
        return f"IconifyUnit({self.label!r})"


class SvgFolderUnit(SourceUnit):
    """A folder of SVG files read as one set (or one SVG file named directly: a set of one icon). Its
    prefix is made up (`svg_prefix`) to keep its icons' ids apart: it names nothing in Iconify."""

    has_iconify_names = False

    def __init__(self, root: Path, identity: SvgSetIdentity, file: Path | None = None) -> None:
        self.root = root
        self.file = file
        self.label = str(file or root)
        self.key = str((file or root).resolve())
        self.identity = identity

    @property
    def name(self) -> str:
        return self.identity.name

    @property
    def prefix(self) -> str:
        return self.identity.prefix

    def fingerprint(self) -> str:
        if self.file is not None:
            return _digest(_stat_lines([self.file]))
        # Walked from the resolved folder (`key`): the files' paths are the same however it was named.
        lines = (f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}" for path, stat in svg_files(Path(self.key)))
        return _digest([repr(self.identity), *lines])

    def read(self, warn: Warn = _warn_on_stderr) -> tuple[SetRecord, Iterator[SourceIcon]]:
        if self.file is not None:
            return read_svg_file(self.file, self.identity)
        return read_svg_folder(self.root, self.identity, warn)

    def __repr__(self) -> str:
        return f"SvgFolderUnit({self.label!r}, name={self.name!r}, prefix={self.prefix!r})"


@dataclass(frozen=True)
class Discovery:
    """What the `--from` arguments hold."""

    units: tuple[SourceUnit, ...]
    warnings: tuple[str, ...] = ()
    """One line each, for stderr (or the app's notices): arguments that were taken but not all as given."""


def discover(paths: Sequence[str]) -> Discovery:
    """Turn `--from` arguments (`PATH` or `NAME=PATH`) into units; raises `SourceError` for an argument
    that does not exist or holds no icons, with a sentence saying what was expected there."""
    units: list[SourceUnit] = []
    warnings: list[str] = []
    keys: set[str] = set()
    prefixes: set[str] = set()
    for argument in paths:
        name, path = _split(argument)
        for unit in _units(argument, name, path, warnings):
            unit.argument = argument
            expected = getattr(unit, "expected_prefix", None)
            if unit.key in keys or (expected is not None and expected in prefixes):
                continue
            keys.add(unit.key)
            if expected is not None:
                prefixes.add(expected)
            units.append(unit)
    _separate_svg_prefixes(units)
    return Discovery(tuple(units), tuple(warnings))


def _split(argument: str) -> tuple[str | None, Path]:
    """`NAME=PATH` → (NAME, PATH); a path that exists as written, or holds a separator before its first
    `=`, is a path."""
    name, equals, rest = argument.partition("=")
    if equals and not os.path.exists(argument) and "/" not in name and os.sep not in name:
        if not name.strip():
            raise SourceError(f"{argument}: a set's name goes before the = (NAME=PATH); it is empty here.")
        return name.strip(), Path(rest).expanduser()
    return None, Path(argument).expanduser()


def _units(argument: str, name: str | None, path: Path, warnings: list[str]) -> list[SourceUnit]:
    if not path.exists():
        raise SourceError(f"{path}: no such file or folder; expected {EXPECTED}.")
    if path.is_file():
        if path.suffix.lower() == ".svg":
            return [SvgFolderUnit(path.parent, svg_set_identity(path.parent, name, member=path.name), file=path)]
        if name:
            warnings.append(f"{argument}: {name} is not used: an IconifyJSON set is named by its own info.")
        return [IconifyUnit(path, _expected_prefix(path))]
    if not path.is_dir():
        raise SourceError(f"{path}: neither a file nor a folder; expected {EXPECTED}.")
    found: list[SourceUnit] = list(_iconify_layouts(path))
    if found:
        if name:
            warnings.append(f"{argument}: {name} is not used: IconifyJSON sets are named by their own info.")
        return found
    if path.name == "node_modules":
        raise SourceError(
            f"{path}: no @iconify-json/* packages or @iconify/json here; to serve a folder of SVG files "
            "inside node_modules, name that folder (for example node_modules/@tabler/icons/icons)."
        )
    if next(svg_files(path), None) is None:
        raise SourceError(f"{path}: no icons here; expected {EXPECTED}.")
    return [SvgFolderUnit(path, svg_set_identity(path, name))]


def _expected_prefix(path: Path) -> str | None:
    if path.name == "icons.json":
        return _package_prefix(path.parent)
    if path.parent.name == "json" and path.suffix == ".json":
        return path.stem
    return None


def _package_prefix(package: Path) -> str | None:
    """The prefix an `@iconify-json/<prefix>` package folder holds, from its place or its package.json."""
    if package.parent.name == "@iconify-json":
        return package.name
    try:
        data = json.loads((package / "package.json").read_bytes())
    except (OSError, ValueError):
        return None
    name = data.get("name") if isinstance(data, dict) else None
    if isinstance(name, str) and name.startswith("@iconify-json/"):
        return name.removeprefix("@iconify-json/")
    return None


def _json_files(folder: Path) -> list[Path]:
    try:
        return sorted(entry for entry in folder.iterdir() if entry.suffix == ".json" and entry.is_file())
    except OSError:
        return []


def _package_sets(scope: Path) -> Iterator[IconifyUnit]:
    """`@iconify-json/*/icons.json`."""
    try:
        packages = sorted(entry for entry in scope.iterdir() if entry.is_dir())
    except OSError:
        return
    for package in packages:
        icons = package / "icons.json"
        if icons.is_file():
            yield IconifyUnit(icons, package.name)


def _collection_sets(json_folder: Path) -> Iterator[IconifyUnit]:
    """`@iconify/json/json/*.json`."""
    for file in _json_files(json_folder):
        yield IconifyUnit(file, file.stem)


def _iconify_layouts(folder: Path) -> Iterator[IconifyUnit]:
    for base in (folder, folder / "node_modules"):
        if base is not folder and not base.is_dir():
            continue
        if (base / "icons.json").is_file():
            yield IconifyUnit(base / "icons.json", _package_prefix(base))
        if base.name == "@iconify-json":
            yield from _package_sets(base)
        if (base / "@iconify-json").is_dir():
            yield from _package_sets(base / "@iconify-json")
        if (base / "json").is_dir() and (base / "collections.json").is_file():
            yield from _collection_sets(base / "json")
        if base.name == "json" and (base.parent / "collections.json").is_file():
            yield from _collection_sets(base)
        if (base / "@iconify" / "json" / "json").is_dir():
            yield from _collection_sets(base / "@iconify" / "json" / "json")


def _separate_svg_prefixes(units: list[SourceUnit]) -> None:
    """Two SVG sets in different places whose prefixes hash alike (one chance in 4 billion): the one whose
    location sorts first keeps its prefix, the others take a longer hash. Deterministic, and it moves a
    prefix only in that case."""
    by_prefix: dict[str, list[SvgFolderUnit]] = {}
    for unit in units:
        if isinstance(unit, SvgFolderUnit):
            by_prefix.setdefault(unit.prefix, []).append(unit)
    for sharing in by_prefix.values():
        for unit in sorted(sharing, key=lambda unit: unit.identity.location)[1:]:
            longer = svg_prefix(unit.name, unit.identity.location, digits=16)
            unit.identity = dataclasses.replace(unit.identity, prefix=longer)
