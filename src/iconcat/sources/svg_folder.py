"""A folder of SVG files → records: one set per folder (Tabler's `icons/`, Lucide's, Font Awesome Free's
`svgs/`, a company's own), read as untrusted input.

- style: the first level of sub-folders (`outline/`, `filled/`, `solid/`, `regular/`, `brands/`), in
  words (a size folder and the one under it together: Heroicons' `24/outline/` is "Outline 24"); a
  file directly in the folder is "Regular".
- name: the file's name in words; a file named like a size (`24px.svg`, `24.svg`, `24x24.svg`) takes
  its folder's name instead.
- category: the folder between the style folder and the file (or the file's name folder), in words;
  else "Uncategorised".
- key: the name, the category folders and the style joined as an Iconify key (`arrow-up-filled`), so a
  key depends only on the file's own path: adding a file never renames another.
- set name and prefix: `svg_set_identity` (the `NAME=` given, else the nearest package.json's name, else
  the folder's name skipping generic ones; the prefix from that name and the set's location). The
  prefix keeps the set's ids apart and names nothing in Iconify: its icons have no Iconify name
  (`SvgFolderUnit.has_iconify_names`).
- the SVG text is kept as read (the rasteriser strips outside references before rendering); its width
  and height come from its `viewBox` (else its `width`/`height` attributes). A file that cannot be
  read, is larger than `MAX_SVG_BYTES`, is not well-formed XML or has no size is skipped with one line.

`.git`, `node_modules`, other hidden folders and links to folders are never walked: a project folder
named by mistake does not read every package's pictures, and a link never leads out of the set or
round in a loop. XML entities are expanded only within expat's amplification limit (a "billion
laughs" file is a broken file) and external ones are never fetched.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import xml.parsers.expat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import UnreadableSet
from .naming import GENERIC_FOLDER_NAMES, in_words, slug
from .records import OTHER_SERIES, REGULAR, UNCATEGORISED, SetRecord, SourceIcon

__all__ = [
    "MAX_SVG_BYTES",
    "SvgSetIdentity",
    "read_svg_file",
    "read_svg_folder",
    "svg_files",
    "svg_prefix",
    "svg_set_identity",
]

MAX_SVG_BYTES = 4 * 1024 * 1024
"""Larger SVG files are skipped: no icon needs that much, and the rasteriser must stay fast."""

_SIZE_NAME = re.compile(r"(?:ic_)?\d+(?:px|x\d+)?", re.IGNORECASE)
_LENGTH = re.compile(r"\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(?:px)?\s*")
_SKIPPED_FOLDERS = frozenset({"node_modules", "__pycache__"})

Warn = Callable[[str], None]


def svg_files(root: Path) -> Iterator[tuple[Path, os.stat_result]]:
    """Every `.svg` file under `root`, with its stat, in sorted order (a folder's files, then its
    sub-folders, by name: the order never depends on the filesystem). Hidden folders, `node_modules` and
    links to folders are not walked: a link is a second name for files found under their own (or
    outside the set), and a link to a parent folder would never end. `root` itself may be a link (pnpm
    links every package into node_modules)."""
    pending = [root]
    while pending:
        folder = pending.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
        except OSError:
            continue
        folders = []
        for entry in entries:
            if entry.name.startswith("."):
                continue
            try:
                if entry.is_dir():
                    if entry.name not in _SKIPPED_FOLDERS and not entry.is_symlink():
                        folders.append(Path(entry.path))
                elif entry.name.lower().endswith(".svg") and entry.is_file():
                    yield Path(entry.path), entry.stat()
            except OSError:
                continue
        pending.extend(reversed(folders))


@dataclass(frozen=True)
class SvgSetIdentity:
    """Who an SVG folder's set is: see `svg_set_identity`."""

    name: str
    prefix: str
    location: str
    """What the prefix's hash is of: the package's name and the path inside it, else the absolute path."""
    licence: str | None = None
    """The nearest package.json's `license` (an SPDX expression: "MIT", "(CC-BY-4.0 AND OFL-1.1 AND MIT)")."""
    author_name: str | None = None
    author_url: str | None = None

    def record(self, source: Path) -> SetRecord:
        return SetRecord(
            prefix=self.prefix,
            name=self.name,
            series=OTHER_SERIES,
            source=str(source),
            license_spdx=self.licence,
            license_title=self.licence,
            author_name=self.author_name,
            author_url=self.author_url,
        )


def svg_set_identity(root: Path, given_name: str | None = None, member: str | None = None) -> SvgSetIdentity:
    """The name, prefix and credits of the set an SVG folder holds (`member`: the one file named directly).

    Name: `given_name` (from `--from NAME=PATH`), else the nearest package.json's name ("@tabler/icons"
    → "Tabler", "lucide-static" → "Lucide Static": the scope when the package's own name is generic),
    else the nearest folder name that is not generic ("…/feather/icons" → "Feather"). The licence and
    author come from that package.json when there is one.

    Prefix: the name's slug and 8 hex digits of a hash of where the set is: the package's name and the
    folder's path inside the package when a package.json was found (so the same package in another
    project's node_modules keeps its prefix, and with it its icons' ids and the user's favourites),
    else the folder's absolute path. It depends on nothing else, so adding or removing other sets never
    changes it; two sets in different places never share one (short of a 32-bit hash collision, which
    `discover` resolves deterministically).
    """
    root = root.resolve()
    package = _nearest_package(root)
    manifest: dict[str, Any] = {}
    if package is not None:
        manifest, package_dir = package
        location = manifest["name"] + "/" + root.relative_to(package_dir).as_posix()
    else:
        location = str(root)
    if member is not None:
        location += "/" + member
    if given_name:
        name = given_name
    elif package is not None:
        name = _package_words(manifest["name"])
    else:
        name = _folder_words(root)
    author = manifest.get("author")
    if isinstance(author, str):  # "Name <mail> (url)": the name is enough
        author = {"name": author.split("<")[0].split("(")[0]}
    author = author if isinstance(author, dict) else {}
    return SvgSetIdentity(
        name=name,
        prefix=svg_prefix(name, location),
        location=location,
        licence=_text(manifest.get("license")),
        author_name=_text(author.get("name")),
        author_url=_text(author.get("url")),
    )


def _text(value: object) -> str | None:
    return value.strip() or None if isinstance(value, str) else None


def svg_prefix(name: str, location: str, digits: int = 8) -> str:
    """The name's slug and `digits` hex digits of the location's hash ("tabler-3f2a1c9e")."""
    digest = hashlib.blake2b(location.encode("utf-8", "surrogateescape"), digest_size=8).hexdigest()[:digits]
    return f"{slug(name)[:32].strip('-') or 'svg'}-{digest}"


def _nearest_package(folder: Path) -> tuple[dict[str, Any], Path] | None:
    """The nearest package.json with a name (its name stripped), and its folder."""
    for candidate in (folder, *folder.parents):
        try:
            data = json.loads((candidate / "package.json").read_bytes())
        except (OSError, ValueError):
            continue
        name = data.get("name") if isinstance(data, dict) else None
        if isinstance(name, str) and name.strip():
            return {**data, "name": name.strip()}, candidate
    return None


def _package_words(package_name: str) -> str:
    scope, _, own = package_name.lstrip("@").rpartition("/")
    chosen = scope if scope and own.lower() in GENERIC_FOLDER_NAMES else own
    return in_words(chosen) or package_name


def _folder_words(folder: Path) -> str:
    for candidate in (folder, *folder.parents):
        if candidate.name and candidate.name.lower() not in GENERIC_FOLDER_NAMES:
            return in_words(candidate.name) or candidate.name
    return in_words(folder.name) or "SVG icons"


def read_svg_folder(root: Path, identity: SvgSetIdentity, warn: Warn) -> tuple[SetRecord, Iterator[SourceIcon]]:
    """Read a folder of SVG files as one set; `warn` gets one line for each file skipped."""
    return identity.record(root), _icons(root, [path for path, _ in svg_files(root)], warn)


def _icons(root: Path, paths: list[Path], warn: Warn) -> Iterator[SourceIcon]:
    taken: set[str] = set()
    for path in paths:
        folders, stem = path.relative_to(root).parts[:-1], path.name[: -len(".svg")]
        # Heroicons' `24/outline/`, `20/solid/`: a size folder and the style under it are one style.
        styled = folders[:2] if len(folders) > 1 and _SIZE_NAME.fullmatch(folders[0]) else folders[:1]
        style = " ".join(in_words(folder) for folder in reversed(styled)) if styled else REGULAR
        inner = list(folders[len(styled) :])
        if _SIZE_NAME.fullmatch(stem):
            stem = inner.pop() if inner else (folders[-1] if folders else root.name)
        category = in_words(inner[-1]) if inner else UNCATEGORISED
        text = _read_svg(path, warn)
        if text is None:
            continue
        svg, width, height = text
        parts = (stem, *reversed(inner), *reversed(styled))
        key = "-".join(part for part in map(slug, parts) if part) or "icon"
        unique, number = key, 2
        while unique in taken:  # two names that slug alike ("Arrow Up.svg", "arrow-up.svg"): sorted order decides
            unique, number = f"{key}-{number}", number + 1
        taken.add(unique)
        yield SourceIcon(
            key=unique,
            name=in_words(stem) or stem,
            style=style,
            category=category,
            svg=svg,
            width=width,
            height=height,
        )


def read_svg_file(path: Path, identity: SvgSetIdentity) -> tuple[SetRecord, Iterator[SourceIcon]]:
    """One SVG file named on the command line, as a set of one icon; raises `UnreadableSet` when it
    cannot serve (it should be a set: the caller names it and says why)."""
    reasons: list[str] = []
    icons = list(_icons(path.parent, [path], reasons.append))
    if not icons:
        raise UnreadableSet(reasons[0].removeprefix(f"{path}: skipped, ") if reasons else "not an icon")
    return identity.record(path), iter(icons)


def _read_svg(path: Path, warn: Warn) -> tuple[str, float, float] | None:
    """The file's text and size, or None (and one line) when it cannot serve as an icon."""
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_SVG_BYTES + 1)
    except OSError as error:
        warn(f"{path}: skipped, it cannot be read ({error.strerror or error})")
        return None
    if len(raw) > MAX_SVG_BYTES:
        warn(f"{path}: skipped, larger than {MAX_SVG_BYTES // (1024 * 1024)} MB")
        return None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        warn(f"{path}: skipped, not UTF-8 text")
        return None
    root: dict[str, str] = {}

    def start(tag: str, attributes: dict[str, str]) -> None:
        if not root:
            root["tag"] = tag
            root.update(attributes)

    parser = xml.parsers.expat.ParserCreate()
    parser.StartElementHandler = start
    try:
        parser.Parse(raw, True)
    except xml.parsers.expat.ExpatError as error:
        warn(f"{path}: skipped, not well-formed SVG ({xml.parsers.expat.ErrorString(error.code)})")
        return None
    if root.get("tag", "").rpartition(":")[2] != "svg":
        warn(f"{path}: skipped, not an SVG document")
        return None
    size = _size(root)
    if size is None:
        warn(f"{path}: skipped, it has no viewBox or width and height to size it by")
        return None
    return text, *size


def _size(attributes: dict[str, str]) -> tuple[float, float] | None:
    view_box = attributes.get("viewBox", "").replace(",", " ").split()
    if len(view_box) == 4:
        try:
            width, height = float(view_box[2]), float(view_box[3])
        except ValueError:
            width = height = 0.0
        if _positive(width) and _positive(height):
            return width, height
    lengths = [_LENGTH.fullmatch(attributes.get(name, "")) for name in ("width", "height")]
    if lengths[0] and lengths[1]:
        width, height = float(lengths[0].group(1)), float(lengths[1].group(1))
        if _positive(width) and _positive(height):
            return width, height
    return None


def _positive(value: float) -> bool:
    return value > 0 and math.isfinite(value)
