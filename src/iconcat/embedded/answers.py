"""A search's answer as the interface shapes it, page by page: what a served catalogue's records become.

The HTTP app (`app.py`) encodes these documents as JSON; the in-process catalogue
(`iconcat.catalogue.embedded`) hands the same documents to the client's own parser, so a search
answered in-process gives the very icons the same search over HTTP gives (the thumbnail's address
aside: an in-process catalogue has none). One mapping from a record to the interface's JSON, one
page arithmetic, one narrowed answer kept between its pages: here, for both.

No Starlette and no drawing code here: importing it costs the references and the narrowing rule.

- `icon_json(icon, thumbnail, matched)`: an icon entry (`id`, `name`, `category`, `style`, `series`,
  `set` with its optional `license`/`author`, `thumbnail`, `variants`, and the optional `iconify`
  and `matched`: per query word `{"by": "name"|"alias"|"tag"|"synonym"|"inside", "word", "term"}`).
- `page_window(page, size, …)`: where page `page` starts and how many it holds (see `app.py`'s
  docstring: the first page holds `page_size`, the pages `meta.next` leads to may hold more).
- `SearchAnswers(served).document(name, start, count, narrowing, …)`: one page's `{"data", "meta"}`
  (`moreResultsAvailable`, `total`, `narrowed`, `next` when more matched).

Iconify names: a word `prefix:name` of `name` whose prefix is a served set's (`served.iconify_sets`)
names that icon (`iconify_words`): the answer holds it first (the icon an alias of that name stands
for: `mdi:house` is Home), then the answer of the query with the word read as its name in words
(`tabler:trash` → "trash": the other sets' trash cans), without it again; a name no icon has adds
nothing. Narrowing words apply to it too, and `set:V` selects the sets of prefix V where one is served
(`Narrowing.among`, `iconcat.filter_rule`). The HTTP app and the in-process catalogue both answer
through here, so both find the same icon first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from iconcat.lru import BoundedLRU

from .narrowing import Narrowed, Narrowing
from .refs import Ref, VariantRecord
from .sets import ServedSet

__all__ = [
    "DEFAULT_PAGE_SIZE",
    "MAX_NEXT_PAGE_SIZE",
    "MAX_QUERY_LENGTH",
    "NARROWED_KEPT",
    "NEXT_PAGE_SIZE",
    "SearchAnswers",
    "ServedCatalogue",
    "ServedIcon",
    "icon_json",
    "iconify_words",
    "page_window",
]

DEFAULT_PAGE_SIZE = 48
"""Icons on a search's first page unless told otherwise."""

NEXT_PAGE_SIZE = 500
"""Icons on each page after the first (the pages `meta.next` leads to) for the default first page."""

MAX_NEXT_PAGE_SIZE = 10_000
"""The largest `size` a next page may be asked for (the client holds at most 10,000 icons anyway)."""

MAX_QUERY_LENGTH = 200
"""Longest accepted `name`, in characters."""

NARROWED_KEPT = 8
"""Narrowed answers kept (query and words → the icons kept), so the pages after the first cost a slice."""


class ServedIcon(Protocol):
    """What an answer reads of an icon (the demo's `IconRecord`, a `SourceIconRecord`)."""

    @property
    def id(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def category(self) -> Ref: ...
    @property
    def style_ref(self) -> Ref: ...
    @property
    def series(self) -> Ref: ...
    @property
    def set_ref(self) -> Ref: ...
    @property
    def variants(self) -> tuple[VariantRecord, ...]: ...
    @property
    def iconify(self) -> str | None: ...


IconT = TypeVar("IconT", bound=ServedIcon)


class ServedCatalogue(Protocol[IconT]):
    """What the app asks of a catalogue: the demo `Catalogue`'s face (see its methods)."""

    def icon(self, icon_id: int) -> IconT | None: ...
    def variant(self, variant_id: int) -> tuple[IconT, VariantRecord] | None: ...
    def search_page(self, query: str, start: int, count: int) -> tuple[Sequence[IconT], bool]: ...
    def search_count(self, query: str) -> int: ...
    def search_narrowed(self, query: str, narrowing: Narrowing) -> Narrowed[Any, IconT]: ...
    def search_named(
        self, query: str, names: Sequence[tuple[str, str]], narrowing: Narrowing | None
    ) -> Narrowed[Any, IconT]:
        """The icons `names` ((prefix, key) pairs) name first, then `query`'s answer without them, each
        kept by `narrowing` (asked only when `iconify_sets` holds a name's prefix)."""
        ...

    @property
    def iconify_sets(self) -> Mapping[str, str]:
        """The served sets with Iconify names: their prefix → their name (empty: the demo's have none)."""
        ...

    def search_matched(self, query: str, icons: Sequence[IconT]) -> Sequence[Sequence[dict[str, str]]]:
        """Why each of these icons of `query`'s answer matched: per query word `{"by", "word", "term"}`."""
        ...

    def sets(self) -> Sequence[ServedSet]:
        """Every set it serves, with its count, category, licence, author and samples (`sets.py`)."""
        ...

    def file_bytes(self, icon: IconT, variant: VariantRecord) -> bytes: ...
    def thumbnail_bytes(self, icon: IconT) -> bytes: ...
    def file_name(self, icon: IconT, variant: VariantRecord) -> str: ...
    def prepare(self) -> None: ...
    @property
    def current_colour(self) -> str | None:
        """The colour its PNGs paint the SVGs' `currentColor`, or None (the demo's SVGs have none)."""
        ...


def icon_json(icon: ServedIcon, thumbnail: str, matched: Sequence[dict[str, str]] = ()) -> dict[str, object]:
    """`icon` as an entry of a search answer, its preview at `thumbnail` ("" when it has no address),
    with the `matched` extension when the search said why it matched."""
    body: dict[str, object] = {
        "id": icon.id,
        "name": icon.name,
        "category": icon.category.as_json(),
        "style": icon.style_ref.as_json(),
        "series": icon.series.as_json(),
        "set": icon.set_ref.as_json(),
        "thumbnail": thumbnail,
        "variants": [v.as_json() for v in icon.variants],
    }
    if icon.iconify:
        body["iconify"] = icon.iconify
    if matched:
        body["matched"] = list(matched)
    return body


def iconify_words(query: str, served: Mapping[str, str]) -> tuple[tuple[tuple[str, str], ...], str]:
    """The Iconify names `query` holds (words `prefix:key` whose prefix, in any case, is one of `served`),
    as (prefix, key) pairs in the order typed, without repeats; and the query with each of them read as
    its key in words ("tabler:trash-x arrow" → "trash x arrow"). No name: ((), `query`)."""
    if not served or ":" not in query:
        return (), query
    names: list[tuple[str, str]] = []
    words: list[str] = []
    for word in query.split():
        prefix, colon, key = word.partition(":")
        prefix, key = prefix.casefold(), key.casefold()
        if colon and key and prefix in served:
            if (prefix, key) not in names:
                names.append((prefix, key))
            words.append(key.replace("-", " "))
        else:
            words.append(word)
    return tuple(names), " ".join(words)


def page_window(number: int, size: int | None, *, page_size: int, next_page_size: int) -> tuple[int, int, int | None]:
    """(start, count, the `size` the next page is asked with) for page `number` asked with `size`.

    Page 1 holds `page_size` icons and its next page asks for `next_page_size` when that differs; with
    `size`, page n ≥ 2 holds `size` icons after the first page and n − 2 pages of `size`; without it,
    every page holds `page_size`."""
    if number == 1:
        return 0, page_size, size or (next_page_size if next_page_size != page_size else None)
    if size is None:
        return (number - 1) * page_size, page_size, None
    return page_size + (number - 2) * size, size, size


class SearchAnswers:
    """One served catalogue's search answers, a page at a time (thread-safe: the narrowed answers kept
    are a `BoundedLRU`, the catalogues are)."""

    def __init__(self, served: ServedCatalogue[Any], *, narrowed_kept: int = NARROWED_KEPT) -> None:
        self.served = served
        self._narrowed: BoundedLRU[Narrowed[Any, Any]] = BoundedLRU(narrowed_kept)

    def document(
        self,
        name: str,
        start: int,
        count: int,
        narrowing: Narrowing | None,
        *,
        thumbnail: Callable[[ServedIcon], str],
        next_url: str,
    ) -> dict[str, object]:
        """The page of `name`'s answer from `start`, `count` icons, as the interface's JSON document;
        `next_url` is its `meta.next` when more matched, `thumbnail(icon)` each icon's preview address."""
        meta: dict[str, object]
        page: Sequence[ServedIcon]
        served_sets = self.served.iconify_sets
        if narrowing is not None:
            narrowing = narrowing.among(served_sets)
        names, rest = iconify_words(name, served_sets)
        if names:
            kept = self._kept(name, narrowing, lambda: self.served.search_named(rest, names, narrowing))
            page, more = kept.page(start, count)
            meta = {"moreResultsAvailable": more, "total": len(kept)}
            if narrowing is not None:
                meta["narrowed"] = narrowing.words
        elif narrowing is None:
            page, more = self.served.search_page(name, start, count)
            meta = {"moreResultsAvailable": more, "total": self.served.search_count(name)}
        else:
            kept = self.narrowed(name, narrowing)
            page, more = kept.page(start, count)
            meta = {"moreResultsAvailable": more, "total": len(kept), "narrowed": narrowing.words}
        if more:
            meta["next"] = next_url
        # Why each matched, for this page's icons only (a few dozen `explain`s, not the whole answer's).
        # (An Iconify name's icon is explained by the words the rest was searched for: `trash`.)
        matched = self.served.search_matched(rest if names else name, page)
        return {"data": [icon_json(icon, thumbnail(icon), why) for icon, why in zip(page, matched)], "meta": meta}

    def narrowed(self, name: str, narrowing: Narrowing) -> Narrowed[Any, Any]:
        """`name`'s answer narrowed, kept a while: each page of a narrowed answer slices the same one."""
        narrowing = narrowing.among(self.served.iconify_sets)
        return self._kept(name, narrowing, lambda: self.served.search_narrowed(name, narrowing))

    def _kept(
        self, name: str, narrowing: Narrowing | None, answer: Callable[[], Narrowed[Any, Any]]
    ) -> Narrowed[Any, Any]:
        """The answer kept for (`name`, `narrowing`), else `answer()`, kept from now on."""
        key = (" ".join(name.casefold().split()), narrowing)
        kept = self._narrowed.get(key)
        if kept is None:
            kept = answer()
            self._narrowed.put(key, kept)
        return kept
