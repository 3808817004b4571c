"""A set's own words (`info`: its name, series, licence and author) and its icons' categories.

- set and series: `info.name` (else the prefix) and `info.category` (else `OTHER_SERIES`); licence
  and author from `info.license` and `info.author` (older files give the author's name alone).
- category: an icon's first category in the set's own order (`categories`, in the set or in its
  metadata); what has none is `UNCATEGORISED` (a styled icon the set left out takes its base icon's:
  `icons.read_icons`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["MAX_SAMPLES", "OTHER_SERIES", "UNCATEGORISED", "SetInfo", "first_categories", "set_info", "text"]

UNCATEGORISED = "Uncategorised"
"""An icon's category when its set names none."""
OTHER_SERIES = "Other"
"""A set's series when it names no category of its own (`info.category`)."""


@dataclass(frozen=True)
class SetInfo:
    """What a set says of itself, mapped onto the interface's `set` and `series`."""

    prefix: str
    name: str
    """`info.name`, else the prefix: the interface's `set.name`."""
    series: str
    """`info.category`, else `OTHER_SERIES`: the interface's `series.name`."""
    license_spdx: str | None = None
    license_title: str | None = None
    license_url: str | None = None
    author_name: str | None = None
    author_url: str | None = None
    samples: tuple[str, ...] = ()
    """`info.samples`: a few of its icons' keys the set shows itself by (strings only, the first `MAX_SAMPLES`)."""
    total: int | None = None
    """`info.total`, how many icons the set says it has (Iconify's API counts them in `/collections`),
    when it is a whole number below `MAX_TOTAL`; None otherwise."""


MAX_TOTAL = 10_000_000
"""A set's `info.total` at most: more is no count to show (the largest set has some 31,722)."""


MAX_SAMPLES = 6
"""Sample icons a set is shown by (`info.samples`, else its first icons): Icônes shows three to six."""


def text(value: object) -> str | None:
    """A string the set gives, stripped; None when it is no string or blank."""
    return value.strip() or None if isinstance(value, str) else None


def set_info(prefix: str, info: Mapping[str, Any]) -> SetInfo:
    """The set `prefix` as its `info` (an IconifyInfo object: inline, in info.json, or an API's) says."""
    licence = info.get("license")
    licence = licence if isinstance(licence, dict) else {}
    author = info.get("author")
    if isinstance(author, str):  # older files: the author's name alone
        author = {"name": author}
    author = author if isinstance(author, dict) else {}
    return SetInfo(
        prefix=prefix,
        name=text(info.get("name")) or prefix,
        series=text(info.get("category")) or OTHER_SERIES,
        license_spdx=text(licence.get("spdx")),
        license_title=text(licence.get("title")),
        license_url=text(licence.get("url")),
        author_name=text(author.get("name")),
        author_url=text(author.get("url")),
        samples=_samples(info.get("samples")),
        total=_total(info.get("total")),
    )


def _total(value: object) -> int | None:
    return value if type(value) is int and 0 <= value <= MAX_TOTAL else None


def _samples(value: object) -> tuple[str, ...]:
    """`info.samples` as icon keys: its non-blank strings, without repeats, the first `MAX_SAMPLES`."""
    if not isinstance(value, list):
        return ()
    keys = [key for key in map(text, value) if key is not None and len(key) <= 200]
    return tuple(dict.fromkeys(keys))[:MAX_SAMPLES]


def first_categories(data: Mapping[str, Any], metadata: Mapping[str, Any]) -> dict[str, str]:
    """Each icon's first category in the set's own order (an icon in several keeps only that one);
    `categories` is read from the set's document, else from its metadata."""
    categories = data.get("categories")
    if not isinstance(categories, dict):
        categories = metadata.get("categories")
    first: dict[str, str] = {}
    if isinstance(categories, dict):
        for title, keys in categories.items():
            title = text(title)
            if title and isinstance(keys, list):
                for key in keys:
                    if isinstance(key, str):
                        first.setdefault(key, title)
    return first
