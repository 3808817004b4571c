"""IconifyJSON files → records: one set file (an `@iconify-json/<prefix>` package's `icons.json`, with
its `info.json`/`metadata.json` beside it, or one file of `@iconify/json/json/`) read into a
`SetRecord` and its `SourceIcon`s.

The mapping rules are IconifyJSON's, not the disk's, and live once in `iconcat.iconify` (shared with
Iconify's API): the set's words and categories (`sets`), styles (`styles`), names in words (`names`),
aliases, the SVG document (`svg`), all applied by `icons.read_icons`. What is left here is the disk:
reading the files (one `json.loads` each), telling a file that is no set from a set, the set's words
from `info` inline or in info.json beside it, and its metadata (themes, categories) inline or in
metadata.json beside it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from iconcat.iconify.icons import not_a_set, read_icons
from iconcat.iconify.sets import UNCATEGORISED, set_info
from iconcat.iconify.tags import categorised_prefixes, icon_category

from .errors import UnreadableSet
from .records import SetRecord, SourceIcon

__all__ = ["read_iconify"]

Warn = Callable[[str], None]


def read_iconify(
    path: Path,
    *,
    info_path: Path | None = None,
    metadata_path: Path | None = None,
    warn: Warn | None = None,
) -> tuple[SetRecord, Iterator[SourceIcon]]:
    """Read one IconifyJSON set file; `info_path`/`metadata_path` are an `@iconify-json` package's
    `info.json`/`metadata.json` beside it (used when the set file does not carry the same inline).

    Raises `UnreadableSet` when the file cannot be read or is not a set. A missing or broken info.json
    or metadata.json only loses what it would have said (they are not sets: passed over in silence).
    Icons that cannot be served (no body, or a name that is not an Iconify name: lower-case letters,
    digits and single hyphens, as every name of @iconify/json is) are left out, and `warn` gets one
    line for the set saying how many, once they are all read.
    """
    data = _load_set(path)
    info = data.get("info")
    if not isinstance(info, dict):
        info = _load_optional(info_path)
    metadata = _load_optional(metadata_path)
    record = _set_record(data["prefix"], info, path)

    def left_out(count: int) -> None:
        if warn is not None:
            icons = "an icon" if count == 1 else f"{count:,} icons"
            warn(f"{path}: {icons} left out (no body, or a name that is not an Iconify name)")

    return record, read_icons(data, metadata, _icon_maker(record.prefix, data, metadata), left_out)


def _icon_maker(prefix: str, data: dict[str, Any], metadata: dict[str, Any]) -> Callable[..., SourceIcon]:
    """`SourceIcon`, or for a set with no categories of its own whose package files its icons under
    some (Tabler, Phosphor: `iconify.tags`), a maker that gives each uncategorised icon its package's."""
    if prefix not in categorised_prefixes() or _has_categories(data) or _has_categories(metadata):
        return SourceIcon

    def with_package_category(
        key: str,
        name: str,
        style: str,
        category: str,
        svg: str,
        width: float,
        height: float,
        aliases: tuple[str, ...],
        hidden: bool,
    ) -> SourceIcon:
        if category == UNCATEGORISED:
            category = icon_category(prefix, key) or UNCATEGORISED
        return SourceIcon(key, name, style, category, svg, width, height, aliases, hidden)

    return with_package_category


def _has_categories(document: dict[str, Any]) -> bool:
    categories = document.get("categories")
    return isinstance(categories, dict) and bool(categories)


def _load_set(path: Path) -> dict[str, Any]:
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise UnreadableSet(f"cannot be read ({error.strerror or error})") from None
    try:
        data = json.loads(raw)
    except UnicodeDecodeError:
        raise UnreadableSet("not UTF-8 text") from None
    except ValueError as error:
        raise UnreadableSet(f"not JSON ({error})") from None
    except RecursionError:
        raise UnreadableSet("not JSON this reader can take (nested too deeply)") from None
    problem = not_a_set(data)
    if problem is not None:
        raise UnreadableSet(problem)
    document: dict[str, Any] = data  # (an object: `not_a_set` said so)
    return document


def _load_optional(path: Path | None) -> dict[str, Any]:
    if path is None:
        return {}
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _set_record(prefix: str, info: dict[str, Any], path: Path) -> SetRecord:
    said = set_info(prefix, info)
    return SetRecord(
        prefix=said.prefix,
        name=said.name,
        series=said.series,
        source=str(path),
        license_spdx=said.license_spdx,
        license_title=said.license_title,
        license_url=said.license_url,
        author_name=said.author_name,
        author_url=said.author_url,
        samples=said.samples,
    )
