"""The catalogue's resources as frozen dataclasses, and the parser that builds them from JSON.

Parsing is tolerant where it can be and strict where it must be (the service is not ours):

- the body must be a JSON object holding a `data` list, else `ProtocolError`;
- unknown fields are ignored at every level;
- an icon entry that does not fit the model (missing field, wrong type, a bool where a number belongs,
  a string "false" where a bool belongs, a number beyond 64 bits) is left out and counted in
  `SearchResult.skipped`, while the other entries survive; so is a second entry with an id already seen
  (a list keyed by id cannot show both);
- a variant that does not fit is dropped from its icon and the icon kept: the icon can still be browsed
  and its other files downloaded;
- `meta.moreResultsAvailable` must be a real bool; anything else (missing, "true", 1) reads as False,
  because claiming more results that the service never promised would send people refining for nothing;
- an icon's `iconify` (an optional extension: its Iconify name, "tabler:arrow-up") is kept only when
  it is one (`iconify_name`, Iconify's own rule: `iconcat.iconify.names`), else read as absent; the icon
  is kept either way;
- the set's `license` (`{"spdx", "title", "url"}`) and `author` (`{"name", "url"}`), optional
  extensions, are read on `set` only (`Ref.license`, `Ref.author`), each field kept when it is a
  non-blank string of at most `_MAX_EXTENSION` characters (a URL only when it is an http(s) address),
  a field that is not left out, and the whole extension read as absent when no field is left: a
  malformed extension never costs its icon;
- an icon's `matched` (an optional extension of the embedded catalogue: why it matched, one
  `{"by", "word", "term"}` per query word) is read as a tuple of `Match`: an entry that is no object,
  whose `by` is not one of `MATCH_KINDS` or whose `word` or `term` is no string, blank once sanitised or
  longer than `_MAX_EXTENSION`, is left out; the strings are kept sanitised (`iconcat.text.sanitize`,
  cut at `_MAX_MATCH_TEXT`), the first `_MAX_MATCHED` entries only; anything else reads as no reason
  (an empty tuple). The icon is kept either way;
- `meta.next` (paging, an extension the interface does not show) is kept only as a non-empty string of
  at most 8,192 characters, and only as the service wrote it: the client (`CatalogueClient`) decides
  whether it may be followed and replaces it with the vetted, absolute URL or None.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from iconcat.iconify.names import iconify_name
from iconcat.text import sanitize

__all__ = [
    "Author",
    "HeldIcons",
    "Icon",
    "License",
    "MATCH_KINDS",
    "Match",
    "Ref",
    "SearchResult",
    "UnreadableAnswer",
    "Variant",
    "extension_fields",
    "iconify_name",
    "parse_search_result",
    "read_matched",
    "tolerant_answer",
]

_MAX_ID = 2**63 - 1
"""Ids beyond a signed 64-bit integer are not ids any real service hands out."""
_MAX_PIXEL_SIZE = 1_000_000
_MAX_TEXT = 10_000
"""Names longer than this are not names; the entry is skipped rather than carried around."""
_MAX_EXTENSION = 2048
"""A licence's or author's field longer than this is no name nor address a set gives: left out."""
_WEB_ADDRESS = re.compile(r"https?://[^\s/?#]+\S*", re.IGNORECASE)
"""A licence's or author's `url` is kept only as an http(s) address (no `javascript:`, `file:`…)."""
_MAX_NEXT_URL = 8192
"""A `meta.next` longer than this is no address a real service hands out: ignored."""
MATCH_KINDS = frozenset({"name", "alias", "tag", "synonym", "inside"})
"""How a query word may match an icon (`Match.by`); an entry saying anything else is left out."""
_MAX_MATCHED = 32
"""Reasons kept per icon (one per query word: no query a person types has more words)."""
_MAX_MATCH_TEXT = 100
"""A reason's word or term is cut (with "…") to this many characters: no word a person reads is longer."""

# The fields' types name the aliases below: plain types here, what the parser checks said in words.
# `_answer` (the fast decoder, imported only when an answer is big enough to need it) rebinds them to
# the same types carrying the checks as msgspec constraints before it builds its decoders, so msgspec
# decodes answers straight into these classes, checked in C; and `iconcat search`, or any small answer,
# never imports msgspec (~10 ms). They check nothing at construction: `Icon(...)` is as before.
_Id = int
"""0 to 2**63 - 1, and not a bool."""
_Text = str
"""At most `_MAX_TEXT` characters."""
_Format = str
"""At most 16 characters (longer ones may still shrink to 16 once stripped: the parser's business)."""
_PixelSize = int
"""1 to `_MAX_PIXEL_SIZE`, and not a bool."""
_ExtensionText = str
"""At most `_MAX_EXTENSION` characters (blank, or a URL that is no web address: the parser's business)."""


@dataclass(frozen=True, slots=True)
class License:
    """A set's licence (the optional extension `set.license`), each field only as the set gave it."""

    spdx: _ExtensionText | None = None
    """Its SPDX identifier ("MIT", "Apache-2.0", "CC-BY-4.0")."""
    title: _ExtensionText | None = None
    """Its name in words ("MIT License")."""
    url: _ExtensionText | None = None
    """Where its text is (an http(s) address)."""

    @property
    def label(self) -> str:
        """The shortest name a person knows it by: its SPDX identifier, else its title ("" for neither)."""
        return self.spdx or self.title or ""


@dataclass(frozen=True, slots=True)
class Author:
    """Who made a set (the optional extension `set.author`)."""

    name: _ExtensionText | None = None
    url: _ExtensionText | None = None
    """Their page (an http(s) address)."""


@dataclass(frozen=True)
class Ref:
    """A reference to a category, style, series or set: its id and display name.

    A set's may carry the optional extensions `license` and `author` (sets of icons from disk do);
    the parser reads them on `Icon.set` only, so the other references never have them."""

    id: _Id
    name: _Text
    license: License | None = None
    """The set's licence, when the catalogue says (`set.license`); None otherwise."""
    author: Author | None = None
    """The set's author, when the catalogue says (`set.author`); None otherwise."""


@dataclass(frozen=True)
class Variant:
    """One downloadable file of an icon: its variant id, format ("png", "svg", "eps") and pixel size."""

    id: _Id
    format: _Format
    size: _PixelSize | None
    """Pixel size for raster formats; None for vector formats."""

    @property
    def label(self) -> str:
        """How a person reads it in a picker: "PNG · 512 px", "SVG · vector"."""
        kind = f"{self.size} px" if self.size is not None else "vector"
        return f"{self.format.upper()} · {kind}"


@dataclass(frozen=True, slots=True)
class Match:
    """Why one word of the query matched an icon (an entry of the optional extension `matched`).

    Untrusted text made safe: `word` and `term` are one line of printable characters each
    (`iconcat.text.sanitize`), at most `_MAX_MATCH_TEXT` long, never blank."""

    by: str
    """What the word matched: "name", "alias", "tag", "synonym" or "inside" (`MATCH_KINDS`)."""
    word: str
    """The query's word, as the catalogue read it ("bin")."""
    term: str
    """What it matched: the name's word, the alias, the tag, the word it is a synonym of ("trash"), or the
    word it was found inside."""


@dataclass(frozen=True)
class Icon:
    """An icon of the catalogue, as one entry of a search result."""

    id: _Id
    name: _Text
    category: Ref
    style: Ref
    series: Ref
    set: Ref
    thumbnail: _Text
    """Address of the small preview image (usually absolute; may be relative to the base URL)."""
    variants: tuple[Variant, ...]
    iconify: _Text | None = None
    """The icon's Iconify name, "prefix:name" ("tabler:arrow-up"), when the catalogue gives one (an
    optional extension field, `iconify`: icon sets from Iconify have one); None otherwise, and for a
    value that is no Iconify name (`iconify_name`)."""
    matched: tuple[Match, ...] = ()
    """Why the icon matched the search that found it, one `Match` per query word, when the catalogue says
    (an optional extension field, `matched`: the embedded catalogue's); () otherwise. One search's
    word, not the icon's: the memory keeps icons without it."""

    @property
    def iconify_prefix(self) -> str:
        """The Iconify set prefix ("tabler" of "tabler:arrow-up"); "" without an Iconify name."""
        return self.iconify.partition(":")[0] if self.iconify else ""


class HeldIcons:
    """One search's icons in the order they arrived, and their ids: an append-only store that the
    results of its pages share, each seeing a prefix of it (`SearchResult`'s docstring says why).

    Only `grown` changes it, and only at its end: a result's prefix never changes under it. Growing a
    prefix that is no longer the end (`more()` called again on an older result: a branch) copies the
    prefix into a new store first, so the two answers never mix.
    """

    __slots__ = ("_icons", "_ids", "_lock")

    def __init__(self, icons: Iterable[Icon] = ()) -> None:
        self._icons: list[Icon] = list(icons)
        self._ids: set[int] = {icon.id for icon in self._icons}
        # `more()` may run in threads of their own: the end is checked and grown as one step.
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._icons)

    def __reduce__(self) -> tuple[type[HeldIcons], tuple[list[Icon]]]:
        # Copied or pickled as its icons (a lock is neither): a result stays as copyable as it was.
        return HeldIcons, (list(self._icons),)

    def between(self, start: int, end: int) -> tuple[Icon, ...]:
        """The icons from `start` up to `end` (a result's own prefix, or what a page added to it)."""
        return tuple(self._icons[start:end])

    def grown(self, count: int, arrived: Iterable[Icon], limit: int) -> tuple[HeldIcons, int, int]:
        """The first `count` icons followed by those of `arrived` not among them, at most `limit` in all.

        Returns (the store holding them, how many it holds for this result, how many of `arrived` were
        new, those beyond `limit` included). The work is the page's: its ids are looked up and added;
        the icons held already are neither hashed nor copied, unless `count` is not this store's end.
        """
        with self._lock:
            if count == len(self._icons):
                return self, *self._append(arrived, limit)
            branch = HeldIcons(self._icons[:count])
        return branch, *branch._append(arrived, limit)

    def _append(self, arrived: Iterable[Icon], limit: int) -> tuple[int, int]:
        fresh = 0
        for icon in arrived:
            if icon.id in self._ids:
                continue
            fresh += 1
            if len(self._icons) < limit:
                self._icons.append(icon)
                self._ids.add(icon.id)
        return len(self._icons), fresh


@dataclass(frozen=True)
class SearchResult:
    """The results of one search: its first page, plus any further pages fetched with `CatalogueClient.more`.

    Immutable: `more()` returns a new result holding every icon so far, so a stale result stays valid
    (a failed `more()` leaves the caller's result as it was, ready to be tried again).

    Following pages costs what the pages hold, not what is held already (up to 200 pages may arrive
    while a person types): the results of one search's pages share one append-only `HeldIcons`, each
    seeing its own prefix, and `icons` is made into a tuple only when it is read (once per result).
    `icon_count` and `icons_after` answer at a page's cost, for callers that take each page as it
    comes. A result made by hand (`SearchResult(icons=…)`) holds its tuple as before.
    """

    icons: tuple[Icon, ...]
    more_available: bool
    """True when the service said that more icons matched than it returned (as its latest page said)."""
    skipped: int = 0
    """How many entries of the answers were malformed, or repeated an icon already held, and left out."""
    next_page: str | None = None
    """The absolute URL of the next page, when the service revealed one (`meta.next`) and the client
    will follow it: on the base URL's origin, not fetched before, and below the cap on icons held.
    `CatalogueClient.more(result)` fetches it. None when there is no next page to fetch."""
    paging_stopped: str | None = None
    """Why a next page the service offered is not followed, in words for a person ("the service's next
    page is on another site (https://elsewhere.example): not followed…"); None when nothing was refused
    (no next page at all is not a refusal: `more_available` then says whether more exist)."""
    pages_fetched: tuple[str, ...] = field(default=(), repr=False)
    """The pages fetched so far, as normalised URLs, first search included (how loops are told)."""
    total: int | None = None
    """How many icons the query matched in all, when the service reveals it (`meta.total`, an extension
    the embedded catalogue offers; the latest page's word); None when it does not say. A count, not a
    promise: paging may still stop earlier (the cap, a refused next page)."""
    narrowed: tuple[str, ...] | None = None
    """The filter words the catalogue says it narrowed the answer by (`meta.narrowed`, an extension of
    the embedded catalogue: `CatalogueClient.search(…, narrow=…)`), as it wrote them ("set:tabler"),
    when every page fetched said the same; None when it does not say (a catalogue that ignores
    `narrow`), says something unreadable, or its pages disagree. Untrusted text: compare, don't show."""

    @property
    def can_load_more(self) -> bool:
        """True when `CatalogueClient.more(self)` would fetch another page."""
        return self.next_page is not None

    @property
    def icon_count(self) -> int:
        """`len(self.icons)`, without making the tuple."""
        view = self._view()
        return len(self.icons) if view is None else view[1]

    def icons_after(self, start: int) -> tuple[Icon, ...]:
        """`self.icons[start:]` at the cost of what it returns: what later pages added to a result of
        `start` icons (an earlier result of the same search is a prefix of this one)."""
        view = self._view()
        return self.icons[start:] if view is None else view[0].between(max(0, start), view[1])

    @classmethod
    def viewing(cls, held: HeldIcons, count: int, **fields: Any) -> SearchResult:
        """A result whose icons are `held`'s first `count` (`fields`: every other field, by name)."""
        result = cls.__new__(cls)
        for name, value in fields.items():
            object.__setattr__(result, name, value)
        object.__setattr__(result, "_held_view", (held, count))
        return result

    def held(self) -> tuple[HeldIcons, int]:
        """The store this result's icons are a prefix of, and the prefix's length (a new store for a
        result made by hand: the next page's merge grows that)."""
        return self._view() or (HeldIcons(self.icons), len(self.icons))

    def _view(self) -> tuple[HeldIcons, int] | None:
        view: tuple[HeldIcons, int] | None = self.__dict__.get("_held_view")
        return view

    if not TYPE_CHECKING:  # so that mypy still refuses a misspelt attribute

        def __getattr__(self, name: str) -> Any:
            # Only for `icons` on a result viewing a store: made once, on the first read, and kept.
            view = self._view() if name == "icons" else None
            if view is not None:
                icons = view[0].between(0, view[1])
                object.__setattr__(self, "icons", icons)
                return icons
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


class _Unfit(Exception):
    """An entry does not fit the model (internal: it is skipped, never raised to callers)."""


def _identifier(value: Any) -> int:
    # bool is an int subclass: `true` is not an id.
    if type(value) is not int or not 0 <= value <= _MAX_ID:
        raise _Unfit
    return value


def _text(value: Any, *, allow_empty: bool = False) -> str:
    if not isinstance(value, str) or len(value) > _MAX_TEXT or (not allow_empty and not value.strip()):
        raise _Unfit
    return value


def _mapping(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _Unfit
    return value


def _ref(value: Any) -> Ref:
    entry = _mapping(value)
    return Ref(id=_identifier(entry.get("id")), name=_text(entry.get("name"), allow_empty=True))


def _set_ref(value: Any) -> Ref:
    entry = _mapping(value)
    return Ref(
        id=_identifier(entry.get("id")),
        name=_text(entry.get("name"), allow_empty=True),
        license=read_license(entry.get("license")),
        author=read_author(entry.get("author")),
    )


def _extension_text(value: Any) -> str | None:
    if isinstance(value, str) and len(value) <= _MAX_EXTENSION and value.strip():
        return value
    return None


def _web_address(value: Any) -> str | None:
    text = _extension_text(value)
    return text if text is not None and _WEB_ADDRESS.fullmatch(text) else None


def read_license(value: Any) -> License | None:
    """`set.license` as a `License` of its well-formed fields; None when it is no object or none is."""
    if not isinstance(value, dict):
        return None
    found = License(
        spdx=_extension_text(value.get("spdx")),
        title=_extension_text(value.get("title")),
        url=_web_address(value.get("url")),
    )
    return found if found != _NO_LICENSE else None


def read_author(value: Any) -> Author | None:
    """`set.author` as an `Author` of its well-formed fields; None when it is no object or none is."""
    if not isinstance(value, dict):
        return None
    found = Author(name=_extension_text(value.get("name")), url=_web_address(value.get("url")))
    return found if found != _NO_AUTHOR else None


_NO_LICENSE = License()
_NO_AUTHOR = Author()


def _match_text(value: Any) -> str | None:
    """A reason's word or term, sanitised and cut; None when it is no string, too long to be a word,
    or blank once sanitised."""
    if not isinstance(value, str) or len(value) > _MAX_EXTENSION:
        return None
    return sanitize(value, max_length=_MAX_MATCH_TEXT) or None


def read_matched(value: Any) -> tuple[Match, ...]:
    """An icon's `matched` as a tuple of its well-formed entries (the first `_MAX_MATCHED`), each
    `word` and `term` sanitised; () when it is no list or no entry is well formed."""
    if not isinstance(value, list):
        return ()
    kept: list[Match] = []
    for entry in value:
        if len(kept) == _MAX_MATCHED:
            break
        by = entry.get("by") if isinstance(entry, dict) else None
        if not isinstance(by, str) or by not in MATCH_KINDS:  # (a list or object is not even hashable)
            continue
        word, term = _match_text(entry.get("word")), _match_text(entry.get("term"))
        if word is not None and term is not None:
            kept.append(Match(by=by, word=word, term=term))
    return tuple(kept)


def well_formed_matched(matched: tuple[Match, ...]) -> bool:
    """True when `matched` is as `read_matched` would leave it (how the fast decoder, which checks only
    types, knows an entry needs no mending)."""
    return len(matched) <= _MAX_MATCHED and all(
        match.by in MATCH_KINDS and _match_text(match.word) == match.word and _match_text(match.term) == match.term
        for match in matched
    )


def well_formed_extensions(ref: Ref) -> bool:
    """True when `ref`'s licence and author are as `read_license` and `read_author` would leave them
    (how the fast decoder, which checks only types and lengths, knows an entry needs no mending)."""
    license, author = ref.license, ref.author
    if (
        license is not None
        and read_license({"spdx": license.spdx, "title": license.title, "url": license.url}) != license
    ):
        return False
    return author is None or read_author({"name": author.name, "url": author.url}) == author


def extension_fields(icon: Icon) -> tuple[dict[str, Any], dict[str, Any]]:
    """`icon`'s optional extensions as the catalogue writes them, for output shaped like its answers
    (`iconcat search --json`): (the set's `license` and `author`, each with the fields known; the icon's
    `iconify` and `matched`), each {} when absent. Only what the parser kept: a malformed extension is
    not echoed, nor a malformed entry of `matched` (the others are, sanitised)."""
    license, author = icon.set.license, icon.set.author
    on_set: dict[str, Any] = {}
    if license is not None:
        on_set["license"] = {
            k: v for k, v in (("spdx", license.spdx), ("title", license.title), ("url", license.url)) if v
        }
    if author is not None:
        on_set["author"] = {k: v for k, v in (("name", author.name), ("url", author.url)) if v}
    on_icon: dict[str, Any] = {"iconify": icon.iconify} if icon.iconify else {}
    if icon.matched:
        on_icon["matched"] = [{"by": m.by, "word": m.word, "term": m.term} for m in icon.matched]
    return on_set, on_icon


def _variant(value: Any) -> Variant:
    entry = _mapping(value)
    size = entry.get("size")
    if size is not None and (type(size) is not int or not 0 < size <= _MAX_PIXEL_SIZE):
        raise _Unfit
    fmt = _text(entry.get("format")).strip().lower()
    if len(fmt) > 16:
        raise _Unfit
    return Variant(id=_identifier(entry.get("id")), format=fmt, size=size)


def _variants(value: Any) -> tuple[Variant, ...]:
    if not isinstance(value, list):
        raise _Unfit
    kept: list[Variant] = []
    seen: set[int] = set()
    for item in value:
        try:
            variant = _variant(item)
        except _Unfit:
            continue
        if variant.id not in seen:
            seen.add(variant.id)
            kept.append(variant)
    return tuple(kept)


def _icon(value: Any) -> Icon:
    entry = _mapping(value)
    return Icon(
        id=_identifier(entry.get("id")),
        name=_text(entry.get("name")),
        category=_ref(entry.get("category")),
        style=_ref(entry.get("style")),
        series=_ref(entry.get("series")),
        set=_set_ref(entry.get("set")),
        thumbnail=_text(entry.get("thumbnail"), allow_empty=True),
        variants=_variants(entry.get("variants")),
        iconify=iconify_name(entry.get("iconify")),
        matched=read_matched(entry.get("matched")),
    )


def parse_search_result(document: Any) -> SearchResult:
    """Build a `SearchResult` from a decoded JSON document.

    Raises `ValueError` (with a reason for a person) when the document is not an object with a `data`
    list; the client turns that into a `ProtocolError`. `next_page` is `meta.next` as written, not yet
    vetted: the client resolves and checks it before anyone sees it.
    """
    if not isinstance(document, dict):
        raise ValueError(f"the answer is a JSON {_json_kind(document)}, not an object")
    data = document.get("data")
    if not isinstance(data, list):
        raise ValueError("the answer has no `data` list of icons")
    icons: list[Icon] = []
    seen: set[int] = set()
    skipped = 0
    for entry in data:
        try:
            icon = _icon(entry)
        except _Unfit:
            skipped += 1
            continue
        if icon.id in seen:
            skipped += 1
            continue
        seen.add(icon.id)
        icons.append(icon)
    meta = document.get("meta")
    more = meta.get("moreResultsAvailable") if isinstance(meta, dict) else None
    following = meta.get("next") if isinstance(meta, dict) else None
    if not isinstance(following, str) or not following.strip() or len(following) > _MAX_NEXT_URL:
        following = None
    total = meta.get("total") if isinstance(meta, dict) else None
    narrowed = meta.get("narrowed") if isinstance(meta, dict) else None
    return SearchResult(
        icons=tuple(icons),
        more_available=more is True,
        skipped=skipped,
        next_page=following,
        total=total if plausible_total(total) else None,
        narrowed=narrowed_words(narrowed),
    )


_MAX_NARROWED = 20
_MAX_NARROWED_WORD = 500


def narrowed_words(value: Any) -> tuple[str, ...] | None:
    """`meta.narrowed` as a tuple of filter words, when it is a list of at most 20 `key:values` strings
    (each at most 500 characters); anything else None, as if the catalogue said nothing."""
    if not isinstance(value, list) or len(value) > _MAX_NARROWED:
        return None
    if not all(isinstance(word, str) and 0 < len(word) <= _MAX_NARROWED_WORD and ":" in word for word in value):
        return None
    return tuple(value)


def plausible_total(value: Any) -> bool:
    """`meta.total` is read only as a whole number of icons (not a bool, a string or a negative)."""
    return type(value) is int and 0 <= value <= _MAX_ID


class UnreadableAnswer(Exception):
    """The body is no search answer: `problem` ends the sentence "the search answer from X …"."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


def tolerant_answer(body: bytes) -> SearchResult:
    """A search answer's bytes through `json.loads` and `parse_search_result`; its failures as `UnreadableAnswer`."""
    problem: str | None = None
    try:
        document = json.loads(body)
    except RecursionError:
        problem = "is nested too deeply"
    except ValueError:  # JSONDecodeError, UnicodeDecodeError, an integer of too many digits
        problem = "is not valid JSON"
    if problem is not None:
        raise UnreadableAnswer(f"{problem}: the service may be misconfigured")
    try:
        return parse_search_result(document)
    except ValueError as error:
        reason = str(error)
    except RecursionError:
        reason = "it is nested too deeply"
    raise UnreadableAnswer(f"has the wrong shape ({reason})")


def _json_kind(value: Any) -> str:
    if isinstance(value, list):
        return "list"
    if isinstance(value, str):
        return "string"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    return "number"
