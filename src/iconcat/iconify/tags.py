"""Tags and categories from the icon packages' own metadata (Lucide, Tabler, Phosphor, Font Awesome,
MDI, Ionicons, Octicons, emojilib), joined to Iconify names: `icon_tags("tabler", "trash")` →
("delete", "remove", "bin", …). Built by `scripts/build_tags.py` from pinned package versions into
`data/tags.json.gz`, shipped with each package's notice in `data/notices/` (docs/sources.md).

The rule, per Iconify name (`prefix`, `name`):

- the prefix's family (Font Awesome 4 to 7 are one, `mdi` and `mdi-light` one, the twelve emoji sets
  one: emojilib's keywords joined by the sets' `chars` at build time) holds the name's tags;
- else a name the build joined to another (Font Awesome's old `trash-alt`, a plain alias of the set
  such as Lucide's `trash-2`, FxEmoji's `alienmonster`) takes that one's;
- else the name without a style suffix of its set (Tabler's `-filled`, Phosphor's weights, Ionicons'
  `-outline`/`-sharp`, Octicons' sizes, a skin tone), twice at most, takes its base's.

Categories are kept only for the sets that have none of their own in @iconify/json (Tabler's and
Phosphor's packages file each icon under one), by the same rule. Loaded once, on first use.
No files but its own, no HTTP, no Textual.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

__all__ = [
    "categories_version",
    "categorised_prefixes",
    "icon_category",
    "icon_tags",
    "names_tagged",
    "tagged_prefixes",
    "tags_version",
]

DATA_FILE = "tags.json.gz"
"""In `data/` beside this module (the wheel ships the whole package folder)."""
VERSION_FILE = "tags.version.json"
"""Beside it: its digests and the prefixes with categories, read without decompressing the data."""
MAX_STYLE_SUFFIXES = 2
"""How many style suffixes come off one name (`person-fill-16`, an emoji's two skin tones); the build's
counts (`scripts/build_tags.py`) use the same."""

_NO_TAGS: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Family:
    tags: dict[str, int]
    """name → its list of tags, by position in `_Tags.lists`."""
    categories: dict[str, str]
    renames: dict[str, str]


@dataclass(frozen=True)
class _Tags:
    lists: list[tuple[str, ...]]
    """Each distinct list of tags once (a glyph's styles and a family's sets share one)."""
    prefixes: dict[str, tuple[_Family, tuple[str, ...]]]
    """prefix → its family, and its style suffixes each with its hyphen, longest first."""


@cache
def _load() -> _Tags:
    import msgspec  # here, not at import: importing this module reads nothing and loads nothing

    # msgspec decodes the 1.4 MB document about twice as fast as json.loads.
    data = msgspec.json.decode(gzip.decompress((Path(__file__).with_name("data") / DATA_FILE).read_bytes()))
    words: list[str] = data["words"]
    category_names: list[str] = data["categories"]
    lists = [tuple([words[index] for index in listed]) for listed in data["lists"]]
    families = {
        family: _Family(
            body["tags"],
            {name: category_names[index] for name, index in body["categories"].items()},
            body["renames"],
        )
        for family, body in data["families"].items()
    }
    prefixes = {
        prefix: (families[rule["family"]], tuple("-" + suffix for suffix in rule["suffixes"]))
        for prefix, rule in data["prefixes"].items()
    }
    return _Tags(lists, prefixes)


def _resolve(table: Mapping[str, object], renames: dict[str, str], suffixes: tuple[str, ...], name: str) -> str | None:
    """The key of `table` that `name` joins (see the module docstring), or None."""
    for _ in range(MAX_STYLE_SUFFIXES + 1):
        if name in table:
            return name
        renamed = renames.get(name)
        if renamed is not None and renamed in table:
            return renamed
        name = renamed or name
        for suffix in suffixes:
            if name.endswith(suffix) and len(name) > len(suffix):
                name = name[: -len(suffix)]
                break
        else:
            return None
    return None


def icon_tags(prefix: str, name: str) -> tuple[str, ...]:
    """The packages' tags for the Iconify icon `prefix:name` (lower-case words and short phrases, none
    only the name's own words, in the package's order); () for a set or an icon without any."""
    loaded = _load()
    rule = loaded.prefixes.get(prefix)
    if rule is None:
        return _NO_TAGS
    family, suffixes = rule
    key = _resolve(family.tags, family.renames, suffixes, name)
    return _NO_TAGS if key is None else loaded.lists[family.tags[key]]


def tagged_prefixes() -> frozenset[str]:
    """The prefixes whose icons have tags here."""
    return frozenset(_load().prefixes)


def names_tagged(prefix: str, tag: str) -> tuple[str, ...]:
    """The names of `prefix`'s family tagged `tag` (folded as the tags are), in the family's order: the
    other way round of `icon_tags`, for a catalogue that cannot search tags itself (Iconify's API). A
    name may not be in that very set (a family's sets differ), nor its styled names (`-filled`): the
    caller asks."""
    rule = _load().prefixes.get(prefix)
    return () if rule is None else _reverse(id(rule[0])).get(tag, ())


@cache
def _reverse(family_id: int) -> dict[str, tuple[str, ...]]:
    """One family's tags → its names tagged so (built once per family, on first use)."""
    loaded = _load()
    family = next(rule[0] for rule in loaded.prefixes.values() if id(rule[0]) == family_id)
    found: dict[str, list[str]] = {}
    for name, listed in family.tags.items():
        for tag in loaded.lists[listed]:
            found.setdefault(tag, []).append(name)
    return {tag: tuple(names) for tag, names in found.items()}


def icon_category(prefix: str, name: str) -> str | None:
    """The package's category for `prefix:name` ("System"), for a set without categories of its own
    in @iconify/json (Tabler, Phosphor); None otherwise."""
    rule = _load().prefixes.get(prefix)
    if rule is None:
        return None
    family, suffixes = rule
    if not family.categories:
        return None
    key = _resolve(family.categories, family.renames, suffixes, name)
    return None if key is None else family.categories[key]


@cache
def _versions() -> dict[str, Any]:
    versions: dict[str, Any] = json.loads((Path(__file__).with_name("data") / VERSION_FILE).read_bytes())
    return versions


def tags_version() -> str:
    """A digest of the shipped tags and categories: changes whenever they do (the search's signature
    joins it, so new tags recompute the search). Read from a small file beside the data, not the data."""
    version: str = _versions()["version"]
    return version


def categories_version() -> str:
    """A digest of the shipped categories and the rule that joins them alone: changes only when they do
    (the records of a set in `categorised_prefixes()`, which carry them, are read again then)."""
    version: str = _versions()["categories_version"]
    return version


def categorised_prefixes() -> frozenset[str]:
    """The prefixes `icon_category` may answer for (Tabler's, Phosphor's), without reading the data."""
    return frozenset(_versions()["categorised_prefixes"])
