"""Iconify's API's answers read by IconifyJSON's rules (`iconify/`), for `iconify_api`: a set's names
(`/collection?prefix=`), the Iconify names of a search's answer, the prefixes the filter words select,
the icons and sets as the interface's models, the ranking of whole-word and tag matches. Plain data in
and out, no HTTP, no state: apart from `iconify_api` so that the adapter is its requests, paging and
caches. The names keep their underscore: they are `iconify_api`'s, not the package's.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from iconcat.api import (
    Icon,
    ProtocolError,
    Variant,
)
from iconcat.api._models import Ref
from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.embedded.narrowing import Narrowing
    from iconcat.iconify.sets import SetInfo


PNG_SLOTS = {512: 1, 256: 2}
SVG_SLOT = 0


@dataclass
class _SetNames:
    """What `/collection?prefix=` says of one set: its names, metadata for the rules, and what it lists."""

    every_name: set[str]
    """Every name of the set: its icons', hidden or not, and its aliases'."""
    metadata: dict[str, Any]
    aliases: set[str] = field(default_factory=set)
    hidden: set[str] = field(default_factory=set)
    """The names it hides (`hidden`: icons kept for old links, never listed)."""

    @property
    def listed(self) -> tuple[str, ...]:
        """The names a listing asks for (not hidden; aliases too: one that draws another glyph is an icon of
        its own, which only its body says, and a plain one is its icon again, left out as a repeat once
        read), Iconify names only, in name order, aliases last (made when a set is listed, not each time
        one is read)."""
        from iconcat.iconify.names import bad_names

        names = list(self.every_name - self.hidden)
        bad = bad_names(names)
        # Its icons first, then its aliases: a plain alias is then its icon again (left out as a repeat),
        # not its icon shown at the alias's place in the alphabet.
        return tuple(sorted((name for name in names if name not in bad), key=lambda name: (name in self.aliases, name)))


def _pairs(names: Iterable[object]) -> Iterator[tuple[str, str]]:
    """The (prefix, key) pairs of the Iconify names in an answer; anything else left out."""
    from iconcat.iconify.names import iconify_name

    for name in names:
        valid = iconify_name(name)
        if valid is not None:
            prefix, _, key = valid.partition(":")
            yield prefix, key


def _strings(value: object) -> list[str]:
    """The strings of a list (or the keys of an object) from the API; anything else left out."""
    if not isinstance(value, (list, dict)):
        return []
    return [key for key in value if type(key) is str]


def _set_names(document: object) -> _SetNames:
    """`/collection?prefix=`'s answer as the rules need it (tolerant: what does not fit is left out).
    Names are looked up in it, never shown nor sent as they are: the ones a listing asks for are
    checked as Iconify names then (`_SetNames.listed`)."""
    if not isinstance(document, dict):
        raise ProtocolError("a set's list of icons is not a JSON object")
    every: set[str] = set(_strings(document.get("uncategorized")))  # (one set, grown in place: no copies)
    categories: dict[str, list[str]] = {}
    given = document.get("categories")
    if isinstance(given, dict):
        for title, keys in given.items():
            if isinstance(title, str):
                kept = _strings(keys if isinstance(keys, list) else None)
                categories[title] = kept
                every.update(kept)
    hidden = set(_strings(document.get("hidden")))
    aliases = document.get("aliases")
    alias_keys = set(_strings(aliases if isinstance(aliases, dict) else None))
    every.update(hidden)
    every.update(alias_keys)
    metadata: dict[str, Any] = {"categories": categories} if categories else {}
    for themes in ("prefixes", "suffixes"):
        if isinstance(document.get(themes), dict):
            metadata[themes] = document[themes]
    return _SetNames(every_name=every, metadata=metadata, hidden=hidden, aliases=alias_keys)


def _selected_prefixes(infos: dict[str, SetInfo], narrowing: Narrowing | None) -> tuple[str, ...] | None:
    """The prefixes `set:`, `series:` and `license:` select (None: every set, nothing narrowed by them)."""
    if narrowing is None or not {"set", "series", "license"} & set(narrowing.keys):
        return None
    return tuple(
        prefix
        for prefix, info in infos.items()
        if (narrowing.selects("set", sanitize(info.name, max_length=200)) or narrowing.selects("set", prefix))
        and narrowing.selects("series", sanitize(info.series, max_length=200))
        and narrowing.selects_license(info.license_spdx)
    )


def _kept(icon: Icon, narrowing: Narrowing | None) -> bool:
    """The `style:` and `category:` words keep `icon` (the sets were chosen by the prefixes asked)."""
    return narrowing is None or (
        narrowing.selects("style", icon.style.name) and narrowing.selects("category", icon.category.name)
    )


def _whole_word_matches(
    pairs: Sequence[tuple[str, str]], words: str
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(the names holding every query word as a whole word, the exact name first; the others), each in
    the API's order."""
    from iconcat.meaning.synonyms import fold

    wanted = [part for word in words.split() for part in fold(word).split("-") if part]
    exact: list[tuple[str, str]] = []
    whole: list[tuple[str, str]] = []
    rest: list[tuple[str, str]] = []
    for pair in pairs:
        parts = pair[1].split("-")
        if parts == wanted:
            exact.append(pair)
        elif wanted and all(word in parts for word in wanted):
            whole.append(pair)
        else:
            rest.append(pair)
    return exact + whole, rest


def _tag_rank(key: str, word: str, terms: Sequence[tuple[str, str]], by: str) -> int:
    """0: the icon's name holds the word or a synonym of it ("trash" for delete); 1: tagged the word
    itself; 2: tagged a synonym."""
    parts = key.split("-")
    if any(term in parts or term.replace(" ", "-") in key for term, _by in terms):
        return 0
    return 1 if by == "tag" else 2


def _ref_id(text: str) -> int:
    from iconcat.iconify.ids import icon_hash

    return icon_hash(text) + 1


@functools.lru_cache(maxsize=4096)
def _named_ref(name: str) -> Ref:
    """A category, style or series as sets from disk make it (`sources.catalogue._ref`): its id a hash
    of its name."""
    return Ref(_ref_id(f"name:{name}"), sanitize(name, max_length=200))


def _set_ref(info: SetInfo) -> Ref:
    """The set as sets from disk make it (`sources.catalogue._set_ref`), its licence and author read by
    the client's own rules (an http(s) `url` only)."""
    from iconcat.api._models import read_author, read_license

    def said(text: str | None) -> str | None:
        return sanitize(text, max_length=200) if text else None

    licence = {"spdx": said(info.license_spdx), "title": said(info.license_title), "url": info.license_url}
    author = {"name": said(info.author_name), "url": info.author_url}
    return Ref(
        _ref_id(f"set:{info.prefix}"),
        sanitize(info.name, max_length=200),
        license=read_license(licence),
        author=read_author(author),
    )


def _icon(prefix: str, key: str, name: str, style: str, category: str, set_ref: Ref, series: Ref) -> Icon:
    """One icon as sets from disk show it (`sources.catalogue`): the same ids, names and references.
    (Made directly: `key` is an Iconify name, checked by `read_icons`, and the words are sanitised.)"""
    from iconcat.iconify.ids import icon_hash, icon_id, variant_id

    hashed = icon_hash(f"{prefix}:{key}")
    return Icon(
        id=icon_id(hashed),
        name=name,
        category=_named_ref(category),
        style=_named_ref(style),
        series=series,
        set=set_ref,
        thumbnail="",
        variants=(
            Variant(variant_id(hashed, PNG_SLOTS[512]), "png", 512),
            Variant(variant_id(hashed, PNG_SLOTS[256]), "png", 256),
            Variant(variant_id(hashed, SVG_SLOT), "svg", None),
        ),
        iconify=f"{prefix}:{key}",
    )


def _set_entry(info: SetInfo) -> dict[str, object]:
    """A set as `/api/v1/sets` lists one (what `parse_sets` reads)."""
    entry: dict[str, object] = {
        "id": _ref_id(f"set:{info.prefix}"),
        "name": info.name,
        "prefix": info.prefix,
        "category": info.series,
        "samples": list(info.samples),
    }
    if info.total is not None:
        # The API's count of the set (`/collections`' `total`): what listing it shows, aliases aside.
        entry["icons"] = info.total
    licence = {
        k: v for k, v in (("spdx", info.license_spdx), ("title", info.license_title), ("url", info.license_url)) if v
    }
    author = {k: v for k, v in (("name", info.author_name), ("url", info.author_url)) if v}
    if licence:
        entry["license"] = licence
    if author:
        entry["author"] = author
    return entry
