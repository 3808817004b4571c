"""Iconify's API (`--iconify [URL]`, issue 33) behind the seam: its icons mapped by IconifyJSON's rules,
the same as sets from disk, over the guarded HTTP every catalogue over HTTP shares.

The API (`@iconify/api`, checked on 3.1.1) answers five requests used here, each through `GuardedHttp`
(deadlines, size caps, retries with backoff, redirects by hand, no token, no address inside your network
unless the API itself is there: a self-hosted API on loopback named by the user works):

- `/collections`: every set's `info` (name, licence, author, category, samples), read once on `open`;
  the spec then says which prefixes it serves (`iconify_sets`), so `tabler:trash` and `set:tabler`
  are read as elsewhere. `sets()` lists them.
- `/collection?prefix=P`: a set's names, categories, themes and hidden icons (kept per set): the style
  and category rules need the whole set, and listing a set (`set:lucide` alone) reads it.
- `/search?query=…&limit=…&start=…`: names only. `limit` is 32–999, `total` is how many it returned
  (never how many matched), `start` must stay below `limit`, an empty `query` is a 400. So a next page
  raises `limit` and asks from `start`; `total == limit` means more may exist (`more_available`); past
  999 the API has nothing more to say, and paging stops saying so (`FIRST_999`).
- `/{prefix}.json?icons=a,b`: the bodies and boxes of a page's icons, one request per set, names
  batched within `MAX_ICONS_URL` characters.

Mapping: the answer for a few icons is an IconifyJSON document like a set's file, read by
`iconcat.iconify.icons.read_icons` with the set's metadata from `/collection` and its whole list of
names, so an icon here has the name, style, category, aliases, SVG document and ids (`iconify.ids`:
hashes of `prefix:name`) the same icon has from disk: favourites, recents and the bag carry across
kinds. Variants: SVG (the document), PNG 512 and 256 (drawn here by the sandboxed rasteriser,
`imaging.svg_raster`, as smaller PNGs and previews are: no request per thumbnail).

Finding: `prefix:name` words name icons found first; then the API's first name matches holding every
other word as a whole word (the exact name first); then the icons the local tag table
(`iconify.tags.names_tagged`, widened by `meaning.synonyms`) gives for the API's sets, ranked by
`_tag_rank`; then the API's other name matches not already listed. Filter words: `set:`, `series:` and
`license:` select sets from `/collections` (sent as `prefixes=`: the API's `category=` is an exact
match); `style:` and `category:` are applied here to every page. Filter words alone list the sets they
select, from `/collection`, a set at a time as the pages need them.

What it cannot do: count matches (`total` is None), look an id up (an id is a hash: `icon(id)` answers
the icons this kind has shown, in this run or, by the `NameBook`, an earlier one; `icon_named` finds
any). Every string from the API is sanitised
before it is shown; SVG bodies are untrusted SVG, drawn only by the sandboxed rasteriser.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self
from urllib.parse import parse_qs, urlencode

from iconcat.api import (
    MAX_FETCH_BYTES,
    MAX_ICONS_HELD,
    PICTURE_FAILED,
    Icon,
    NotFoundError,
    ProtocolError,
    RequestRefusedError,
    SearchResult,
    ServiceError,
    SettingsError,
)
from iconcat.iconify.names import is_name
from iconcat.lru import BoundedLRU
from iconcat.text import sanitize

from . import files
from .iconify_documents import (
    PNG_SLOTS,
    SVG_SLOT,
    _icon,
    _kept,
    _named_ref,
    _pairs,
    _selected_prefixes,
    _set_entry,
    _set_names,
    _set_ref,
    _SetNames,
    _tag_rank,
    _whole_word_matches,
)
from .iconify_names import NameBook, names_file
from .protocol import BuildProgressCallback

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import FetchedFile, SetSummary
    from iconcat.api._http import GuardedHttp
    from iconcat.api._retry import RetryPolicy
    from iconcat.disk.downloads import Progress, SavedFile
    from iconcat.embedded.narrowing import Narrowing
    from iconcat.iconify.sets import SetInfo

    from .choose import CatalogueChoice
    from .spec import CatalogueSpec

__all__ = ["CHOOSE_A_SET", "FIRST_999", "IconifyApiCatalogue", "NameBook", "from_choice", "names_file"]

MIN_LIMIT = 32
MAX_LIMIT = 999
"""The API's bounds on `limit` (3.1.1: `minSearchLimit`, `maxSearchLimit`)."""
FIRST_PAGE = 48
NEXT_PAGE = 200
"""Icons a first page holds, then each next one (bodies are fetched a page at a time)."""
FIRST_BATCH = 200
"""Names asked of the API's search first: those whose name holds every word as a whole word are put
before the tag table's icons (the rule of sets from disk: a name's word before a tag)."""
MAX_ICONS_URL = 1800
"""Characters of icon names in one `/{prefix}.json?icons=` (well within any server's URL limit)."""
CONCURRENT_REQUESTS = 6
"""Requests in flight at once to the API (one a set for a page's bodies and the sets' names)."""
ICONS_KEPT = 20_000
"""Icons (with their SVG documents) kept once mapped: previews, downloads and look-ups by id need no request."""
PREVIEWS_KEPT = 2048
SEARCHES_KEPT = 64
TAG_HITS = 300
"""Most icons the tag table adds before the API's name matches (a word tagged on thousands is a name)."""
MAX_COLLECTIONS_BYTES = 16 * 1024 * 1024
MAX_COLLECTION_BYTES = 16 * 1024 * 1024
MAX_ICONS_BYTES = 16 * 1024 * 1024
MAX_SEARCH_BYTES = 1024 * 1024
MAX_DOWNLOAD_BYTES = 1024 * 1024 * 1024
THUMBNAIL_SIZE = 128
FIRST_999 = (
    f"the API gives the first {MAX_LIMIT} icons of a search and no more: refine the search or choose a set (set:…)"
)

CHOOSE_A_SET = "style: and category: alone list nothing from Iconify's API: add a word, or choose a set (set:…)"

_instances = itertools.count(1)

Rasterise = Callable[[str, int], bytes]


@dataclass
class _Search:
    """One search's candidates so far, in order, and how far the API was asked."""

    words: str
    prefixes: tuple[str, ...] | None
    narrowing: Narrowing | None
    narrow: tuple[str, ...]
    named: frozenset[tuple[str, str]] = frozenset()
    """The icons the query names (`prefix:name`): listed even when their set hides them."""
    candidates: list[tuple[str, str]] = field(default_factory=list)
    listing: list[str] = field(default_factory=list)
    """The sets still to list (filter words alone), in the order listed."""
    seen: set[tuple[str, str]] = field(default_factory=set)
    matched: dict[tuple[str, str], tuple[dict[str, str], ...]] = field(default_factory=dict)
    api_asked: int = 0
    """How many of the API's matches were asked for (its `limit`); 0: not asked yet."""
    api_done: bool = True
    """The API has no more to give (fewer than asked, or 999 reached)."""
    api_capped: bool = False

    def add(
        self, pairs: Iterable[tuple[str, str]], matched: dict[tuple[str, str], tuple[dict[str, str], ...]] | None = None
    ) -> None:
        for pair in pairs:
            if pair not in self.seen and (self.prefixes is None or pair[0] in self.prefixes):
                self.seen.add(pair)
                self.candidates.append(pair)
                if matched and pair in matched:
                    self.matched[pair] = matched[pair]


class IconifyApiCatalogue:
    """Iconify's API at `base_url` as a catalogue (see the module docstring).

    `transport` replaces the network (an `httpx` transport: tests; only `api` imports httpx), `retry`
    tunes retries, `rasterise(svg, size)` draws PNGs (the sandboxed rasteriser by default), `names`
    keeps the names of the icons shown for later runs (`NameBook`, by default in the cache folder)."""

    def __init__(
        self,
        spec: CatalogueSpec,
        base_url: str,
        *,
        timeout: float = 30.0,
        warn: Callable[[str], None] | None = None,
        transport: Any = None,
        retry: RetryPolicy | None = None,
        rasterise: Rasterise | None = None,
        names: NameBook | None = None,
    ) -> None:
        self._spec = spec
        self._names = names if names is not None else NameBook(names_file())
        self._writing: asyncio.Future[None] | None = None
        self._hidden: set[int] = set()
        """The icons mapped that their set hides: answered by name and id, never listed."""
        self._base_url = base_url
        self._timeout = timeout
        self._warn = warn
        self._transport = transport
        self._retry = retry
        self._rasterise = rasterise or _sandboxed
        self._http: GuardedHttp | None = None
        self._infos: dict[str, SetInfo] | None = None
        self._opening: asyncio.Lock | None = None
        self._collections: dict[str, _SetNames] = {}
        self._collection_tasks: dict[str, asyncio.Task[_SetNames]] = {}
        self._icons: BoundedLRU[tuple[Icon, str]] = BoundedLRU(ICONS_KEPT)
        self._previews: BoundedLRU[bytes] = BoundedLRU(PREVIEWS_KEPT)
        self._searches: BoundedLRU[_Search] = BoundedLRU(SEARCHES_KEPT)
        self._search_ids = itertools.count(1)
        self._gate: asyncio.Semaphore | None = None
        self._prefix = f"iconify-api:{next(_instances)}/page?"
        self.max_icons_held = MAX_ICONS_HELD
        """Most icons one search's result holds across its pages."""

    def __repr__(self) -> str:
        return f"IconifyApiCatalogue(base_url={self._base_url!r})"

    @property
    def spec(self) -> CatalogueSpec:
        return self._spec

    # ------------------------------------------------------------------------------------- opening

    def _client(self) -> GuardedHttp:
        if self._http is None:
            import warnings

            from iconcat.api._http import GuardedHttp

            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                self._http = GuardedHttp(
                    self._base_url, None, timeout=self._timeout, transport=self._transport, retry=self._retry
                )
            for warning in caught:
                # (GuardedHttp's words speak of a token too: this API has none.)
                said = str(warning.message).replace("the token and everything else travel", "everything travels")
                if self._warn is not None:
                    self._warn(said)
                else:
                    warnings.warn(
                        said,
                        type(warning.message) if isinstance(warning.message, Warning) else UserWarning,
                        stacklevel=3,
                    )
        return self._http

    async def open(self, progress: BuildProgressCallback | None = None) -> None:
        """Read `/collections` (once): the sets served, and so the prefixes the search box reads."""
        if self._opened():
            return
        if self._opening is None:
            self._opening = asyncio.Lock()
        async with self._opening:
            if self._opened():  # (opened by another call while this one waited)
                return
            from iconcat.iconify.sets import set_info

            document = await self._json("/collections", {}, "the list of sets", MAX_COLLECTIONS_BYTES)
            if not isinstance(document, dict):
                raise ProtocolError(f"{self._spec.named}'s list of sets is not a JSON object")
            infos = {
                prefix: set_info(prefix, info)
                for prefix, info in document.items()
                if isinstance(prefix, str) and is_name(prefix) and isinstance(info, dict)
            }
            served = tuple(sorted((prefix, sanitize(info.name, max_length=200)) for prefix, info in infos.items()))
            self._spec = replace(self._spec, iconify_sets=served)
            self._infos = infos

    def _opened(self) -> bool:
        # (A method, not the attribute: mypy keeps an attribute's value narrowed across an await.)
        return self._infos is not None

    async def _ready(self) -> dict[str, SetInfo]:
        if self._infos is None:
            await self.open()
        assert self._infos is not None
        return self._infos

    # ------------------------------------------------------------------------------------ requests

    async def _json(self, path: str, params: dict[str, str | list[str]], what: str, cap: int) -> Any:
        """GET `path` and decode its JSON body (at most `cap` bytes); a body that is no JSON is a
        `ProtocolError` naming `what`."""
        http = self._client()
        if self._gate is None:
            self._gate = asyncio.Semaphore(CONCURRENT_REQUESTS)

        async def read(response: Any) -> bytes:
            return await http.read_capped(response, cap, what)

        async with self._gate:
            body = await http.get(
                http.endpoint(path, params),
                what=what,
                accept="application/json",
                accept_encoding="gzip, deflate",
                read=read,
            )
        import msgspec  # (a set's names decode in half json's time: a search waits on three of them)

        try:
            return msgspec.json.decode(body)
        except (msgspec.DecodeError, RecursionError):
            raise ProtocolError(f"{what} from {self._spec.named} is not JSON") from None

    async def _set_names(self, prefix: str) -> _SetNames:
        """`/collection?prefix=` read once per set (concurrent askers share one request)."""
        kept = self._collections.get(prefix)
        if kept is not None:
            return kept
        task = self._collection_tasks.get(prefix)
        if task is None:
            task = asyncio.ensure_future(self._read_set_names(prefix))
            # (Its failure is its askers' to raise; retrieved here too, should every asker be cancelled.)
            task.add_done_callback(lambda done: done.cancelled() or done.exception())
            self._collection_tasks[prefix] = task
        try:
            names = await asyncio.shield(task)
        finally:
            if task.done():
                self._collection_tasks.pop(prefix, None)
        self._collections[prefix] = names
        return names

    async def _read_set_names(self, prefix: str) -> _SetNames:
        params: dict[str, str | list[str]] = {"prefix": prefix, "hidden": "1", "aliases": "1"}
        document = await self._json("/collection", params, f"the icons of set {prefix}", MAX_COLLECTION_BYTES)
        return _set_names(document)

    async def _bodies(self, prefix: str, keys: Sequence[str]) -> dict[str, Any]:
        """The IconifyJSON document for `keys` of set `prefix`: one request per batch, merged."""
        batches: list[list[str]] = [[]]
        length = 0
        for key in keys:
            if batches[-1] and length + len(key) + 1 > MAX_ICONS_URL:
                batches.append([])
                length = 0
            batches[-1].append(key)
            length += len(key) + 1
        answers = await asyncio.gather(
            *(
                self._json(f"/{prefix}.json", {"icons": ",".join(batch)}, f"the icons of set {prefix}", MAX_ICONS_BYTES)
                for batch in batches
                if batch
            )
        )
        merged: dict[str, Any] = {"prefix": prefix, "icons": {}, "aliases": {}}
        for answer in answers:
            if not isinstance(answer, dict) or answer.get("prefix") != prefix:
                continue  # (an answer for another set, or none: its icons are left out)
            for key in ("icons", "aliases"):
                part = answer.get(key)
                if isinstance(part, dict):
                    merged[key].update(part)
            for key in ("left", "top", "width", "height"):
                if key in answer:
                    merged[key] = answer[key]
        return merged

    # ------------------------------------------------------------------------------------- mapping

    async def _map(self, pairs: Sequence[tuple[str, str]]) -> dict[tuple[str, str], Icon]:
        """The icons `pairs` (prefix, key) name, mapped by IconifyJSON's rules (an alias's name gives
        its icon); those the API does not have are left out. Icons mapped before are not asked again."""
        from iconcat.iconify.ids import icon_hash, icon_id

        infos = await self._ready()
        found: dict[tuple[str, str], Icon] = {}
        wanted: dict[str, list[str]] = {}
        for prefix, key in pairs:
            if prefix not in infos:
                continue
            held = self._icons.get(icon_id(icon_hash(f"{prefix}:{key}")))
            if held is not None:
                found[(prefix, key)] = held[0]
            else:
                wanted.setdefault(prefix, []).append(key)
        if not wanted:
            return found

        async def one_set(prefix: str) -> dict[tuple[str, str], Icon]:
            # (Each set read as soon as its two answers are in, while the others' are awaited.)
            names, document = await asyncio.gather(self._set_names(prefix), self._bodies(prefix, wanted[prefix]))
            return self._read(prefix, infos[prefix], names, document, wanted[prefix])

        for mapped in await asyncio.gather(*(one_set(prefix) for prefix in wanted)):
            found.update(mapped)
        return found

    def _read(
        self, prefix: str, info: SetInfo, names: _SetNames, document: dict[str, Any], keys: Sequence[str]
    ) -> dict[tuple[str, str], Icon]:
        from iconcat.iconify.icons import read_icons
        from iconcat.iconify.sets import UNCATEGORISED
        from iconcat.iconify.tags import categorised_prefixes, icon_category

        package_categories = prefix in categorised_prefixes() and not names.metadata.get("categories")
        set_ref, series = _set_ref(info), _named_ref(info.series)
        by_key: dict[str, tuple[Icon, str]] = {}

        def make(
            key: str,
            name: str,
            style: str,
            category: str,
            svg: str,
            width: float,
            height: float,
            aliases: tuple[str, ...],
            hidden: bool,
        ) -> None:
            if package_categories and category == UNCATEGORISED:
                category = icon_category(prefix, key) or UNCATEGORISED
            icon = _icon(prefix, key, name, style, category, set_ref, series)
            if hidden or key in names.hidden:
                self._hidden.add(icon.id)
            by_key[key] = (icon, svg)
            for alias in aliases:
                by_key.setdefault(alias, (icon, svg))

        for _ in read_icons(document, names.metadata, make, lambda count: None, every_name=names.every_name):
            pass
        found: dict[tuple[str, str], Icon] = {}
        for key in keys:
            held = by_key.get(key)
            if held is not None:
                self._icons.put(held[0].id, held)
                found[(prefix, key)] = held[0]
        self._names.note(icon.iconify for icon in found.values() if icon.iconify)
        return found

    # -------------------------------------------------------------------------------------- search

    async def search(self, name: str, narrow: Sequence[str] = ()) -> SearchResult:
        from iconcat.embedded.answers import iconify_words

        if not isinstance(name, str):
            raise SettingsError("the search text must be a string")
        if isinstance(narrow, str) or not all(isinstance(word, str) for word in narrow):
            raise SettingsError("the narrowing words must be a sequence of strings")
        limit = self._spec.query_limit
        if limit is not None and len(name) > limit:
            raise RequestRefusedError(
                f"the search is {len(name):,} characters long, and the catalogue accepts at most {limit}: shorten it"
            )
        narrowing = self._narrowing(narrow)
        infos = await self._ready()
        named, words = iconify_words(name.strip(), dict(self._spec.iconify_sets))
        state = _Search(
            words=" ".join(words.split()),
            prefixes=_selected_prefixes(infos, narrowing),
            narrowing=narrowing,
            narrow=tuple(narrow),
            named=frozenset(named),
        )
        state.add(named)
        if state.words:
            state.api_done = False
            first = await self._ask_api(state, FIRST_BATCH)
            whole, rest = _whole_word_matches(first, state.words)
            state.add(whole)
            hits, why = self._tag_hits(state, infos)
            state.add(hits, why)
            state.add(rest)
        elif not named and state.prefixes is not None:
            state.listing = sorted(state.prefixes, key=lambda p: (infos[p].name.casefold(), p))
        number = next(self._search_ids)
        self._searches.put(number, state)
        result = await self._page(state, number, None, FIRST_PAGE, 0)
        if not state.words and not named and state.prefixes is None and narrowing is not None:
            # (`style:fill` alone would read every set the API has: it is asked to choose one.)
            result = replace(result, paging_stopped=CHOOSE_A_SET)
        return result

    async def more(self, result: SearchResult) -> SearchResult:
        from iconcat.api._paging import cap_notice

        if not isinstance(result, SearchResult):
            raise SettingsError("more() continues a SearchResult that search() or more() returned")
        if result.next_page is None:
            return result
        if result.icon_count >= self.max_icons_held:
            return replace(result, next_page=None, paging_stopped=cap_notice(self.max_icons_held))
        where = self._read_next(result.next_page)
        state = self._searches.get(where[0]) if where is not None else None
        if where is None or state is None:
            stopped = f"the next page is not one of {self._spec.named}'s (or is too old): search again to see others"
            return replace(result, next_page=None, paging_stopped=stopped)
        return await self._page(state, where[0], result, NEXT_PAGE, where[1])

    def _narrowing(self, narrow: Sequence[str]) -> Narrowing | None:
        from iconcat.embedded.narrowing import parse_narrowing

        problem: str | None = None
        try:
            return parse_narrowing(list(narrow))
        except ValueError as error:
            problem = str(error)
        raise RequestRefusedError(f"{self._spec.named} refused the search: it said “{problem}”")

    async def _page(
        self, state: _Search, number: int, previous: SearchResult | None, size: int, at: int
    ) -> SearchResult:
        """The next `size` icons of `state` from candidate `at` on (those the filters keep, none of
        `previous`'s), grown onto `previous`. Worked out from `at` and `previous` alone (the candidates
        only grow): a page that failed, or `more()` of an older result, is asked again as it was."""
        from iconcat.api._models import read_matched
        from iconcat.api._paging import grown_result

        held = {icon.id for icon in previous.icons} if previous is not None else set()
        icons: list[Icon] = []
        while len(icons) < size:
            if at >= len(state.candidates) and state.listing:
                # (A set listed alone, or each set `license:MIT` selects: read as the pages reach it.)
                listed = state.listing[0]
                names = await self._set_names(listed)
                if state.listing and state.listing[0] == listed:  # (not listed meanwhile by another page)
                    state.listing.pop(0)
                    state.add((listed, key) for key in names.listed)
                continue
            if at >= len(state.candidates):
                state.add(await self._ask_api(state, size - len(icons)))
                if at >= len(state.candidates):
                    break
            chunk = state.candidates[at : at + (size - len(icons))]
            mapped = await self._map(chunk)
            at += len(chunk)
            for pair in chunk:
                icon = mapped.get(pair)
                if icon is None or icon.id in held or not _kept(icon, state.narrowing):
                    continue
                if icon.id in self._hidden and pair not in state.named:
                    continue  # (a hidden icon is found by its name only, as from disk)
                held.add(icon.id)
                why = state.matched.get(pair)
                icons.append(replace(icon, matched=read_matched(list(why))) if why else icon)
        more = at < len(state.candidates) or bool(state.listing) or not state.api_done
        following = f"{self._prefix}{urlencode({'search': number, 'at': at})}" if more else None
        # (The page as the client's parser would read it: the icons are parsed once, when mapped.)
        page = SearchResult(icons=tuple(icons), more_available=more, next_page=following, narrowed=state.narrow or None)
        key = f"{self._prefix}{urlencode({'search': number, 'at': at, 'from': previous.icon_count if previous else 0})}"
        self._write_names()  # (one transaction a page: a favourite made of it is found by id next run)
        result = grown_result(previous, page, key, _follow, max_icons_held=self.max_icons_held)
        if state.api_capped and not more and result.paging_stopped is None:
            result = replace(result, more_available=True, paging_stopped=FIRST_999)
        return result

    async def _ask_api(self, state: _Search, wanted: int) -> list[tuple[str, str]]:
        """More of the API's name matches (`limit` raised, asked from `start`), those not held yet;
        [] once it has no more."""
        while not state.api_done:
            asked = state.api_asked
            limit = min(MAX_LIMIT, max(MIN_LIMIT, asked + max(wanted, NEXT_PAGE)))
            params: dict[str, str | list[str]] = {"query": state.words, "limit": str(limit)}
            if asked:
                params["start"] = str(asked)
            if state.prefixes is not None:
                if not state.prefixes:
                    state.api_done = True
                    return []
                params["prefixes"] = ",".join(sorted(state.prefixes))
            document = await self._json("/search", params, "the search", MAX_SEARCH_BYTES)
            names = document.get("icons") if isinstance(document, dict) else None
            if not isinstance(names, list):
                raise ProtocolError(f"the search's answer from {self._spec.named} holds no list of icons")
            state.api_asked = limit
            total = document.get("total")
            # `total` is how many it returned: as many as asked means more may exist.
            full = (
                isinstance(total, int)
                and not isinstance(total, bool)
                and total >= limit
                and asked + len(names) >= limit
            )
            if not full or limit >= MAX_LIMIT:
                state.api_done = True
                state.api_capped = full and limit >= MAX_LIMIT
            fresh = [pair for pair in dict.fromkeys(_pairs(names[:limit])) if pair not in state.seen]
            if fresh:
                return fresh
        return []

    def _read_next(self, next_page: str) -> tuple[int, int] | None:
        """(the search, the candidate its next page starts at) `next_page` names, when it is this
        catalogue's; else None."""
        if not next_page.startswith(self._prefix):
            return None
        fields = parse_qs(next_page[len(self._prefix) :])
        try:
            return int(fields["search"][0]), int(fields["at"][0])
        except (KeyError, ValueError, IndexError):
            return None

    # ------------------------------------------------------------------------------------- meaning

    def _tag_hits(
        self, state: _Search, infos: dict[str, SetInfo]
    ) -> tuple[list[tuple[str, str]], dict[tuple[str, str], tuple[dict[str, str], ...]]]:
        """The icons the local tag table gives for the search's words, in `_tag_rank`'s order, with why."""
        from iconcat.iconify.tags import names_tagged, tagged_prefixes
        from iconcat.meaning.synonyms import fold, synonyms_of

        words = [fold(word) for word in state.words.split()]
        if not words:
            return [], {}
        prefixes = [p for p in infos if p in tagged_prefixes() and (state.prefixes is None or p in state.prefixes)]
        hits: dict[tuple[str, str], tuple[int, list[dict[str, str]]]] = {}
        for prefix in prefixes:
            every: dict[str, tuple[int, list[dict[str, str]]]] | None = None
            for word in words:
                terms = [(word, "tag"), *((term, "synonym") for term in synonyms_of(word) if term != word)]
                this: dict[str, tuple[int, dict[str, str]]] = {}
                for term, by in terms:
                    for key in names_tagged(prefix, term):
                        if key in this:
                            continue
                        rank = _tag_rank(key, word, terms, by)
                        this[key] = (rank, {"by": by if by == "tag" else "tag", "word": word, "term": term})
                if every is None:
                    every = {key: (rank, [why]) for key, (rank, why) in this.items()}
                else:
                    every = {
                        key: (max(rank, this[key][0]), [*whys, this[key][1]])
                        for key, (rank, whys) in every.items()
                        if key in this
                    }
            for key, found in (every or {}).items():
                hits[(prefix, key)] = found
        order = sorted(hits, key=lambda pair: (hits[pair][0], pair[1].count("-"), pair[1], infos[pair[0]].name))
        kept = order[:TAG_HITS]
        return kept, {pair: tuple(hits[pair][1]) for pair in kept}

    # ----------------------------------------------------------------------------------- previews

    async def thumbnail(self, icon: Icon) -> bytes:
        if not isinstance(icon, Icon):
            raise NotFoundError("this icon has no preview image")
        kept = self._previews.get(icon.id)
        if kept is not None:
            return kept
        svg = await self._svg_of(icon.id, icon.iconify)
        body = await self._draw(svg, THUMBNAIL_SIZE, "the preview image")
        self._previews.put(icon.id, body)
        return body

    async def _svg_of(self, icon_id: int, iconify: str | None) -> str:
        held = await self._held(icon_id)
        if held is None and iconify:
            prefix, _, key = iconify.partition(":")
            await self._map([(prefix, key)])
            held = self._icons.get(icon_id)
        if held is None:
            raise NotFoundError(f"{self._spec.named} has no icon {icon_id} (search for it first)")
        return held[1]

    async def _draw(self, svg: str, size: int, what: str) -> bytes:
        from iconcat.imaging.errors import RasterError

        try:
            return await asyncio.to_thread(self._rasterise, svg, size)
        except RasterError as error:
            reason = str(error).rstrip(".")
            raise ServiceError(
                f"{what} from {self._spec.named}: this picture could not be drawn: {reason}", code=PICTURE_FAILED
            ) from None

    # -------------------------------------------------------------------------------------- files

    async def download(
        self,
        variant_id: int,
        dest_dir: str | PathLike[str],
        filename: str | None = None,
        overwrite: bool = False,
        progress: Progress | None = None,
    ) -> Path:
        saved = await self.download_file(
            variant_id, dest_dir, filename=filename, overwrite=overwrite, progress=progress
        )
        return saved.path

    async def download_file(
        self,
        variant_id: int,
        dest_dir: str | PathLike[str],
        *,
        filename: str | None = None,
        name_for: Callable[[str], str] | None = None,
        overwrite: bool = False,
        keep_identical: bool = False,
        progress: Progress | None = None,
    ) -> SavedFile:
        folder = Path(dest_dir).expanduser()  # noqa: ASYNC240 - reads $HOME, no disk I/O
        body, extension, proposed = await self._file(variant_id)
        return await files.save_file(
            body,
            variant_id,
            extension,
            folder,
            filename=filename,
            name_for=name_for,
            proposed=proposed,
            overwrite=overwrite,
            keep_identical=keep_identical,
            progress=progress,
        )

    async def fetch_variant(
        self, variant_id: int, *, limit: int | None = None, progress: Progress | None = None
    ) -> FetchedFile:
        cap = min(limit if limit is not None else MAX_FETCH_BYTES, MAX_DOWNLOAD_BYTES)
        body, extension, _proposed = await self._file(variant_id)
        # Smaller PNGs drawn from this SVG (saving) paint currentColor as this catalogue's own PNGs do.
        return files.file_in_memory(body, variant_id, extension, cap, progress, "black" if extension == "svg" else None)

    async def _file(self, variant_id: int) -> tuple[bytes, str, str]:
        """(the variant's bytes, its extension, its file name) of an icon this catalogue has shown."""
        from iconcat.iconify.ids import hash_of_variant_id, icon_id

        if type(variant_id) is not int or variant_id < 0:
            raise SettingsError("a variant id is a whole number, like 1042")
        found = hash_of_variant_id(variant_id)
        held = await self._held(icon_id(found[0])) if found is not None else None
        if found is None or held is None or found[1] not in (SVG_SLOT, *PNG_SLOTS.values()):
            raise NotFoundError(
                f"variant {variant_id} was not found in {self._spec.named} (search for its icon first, "
                "or download it by its Iconify name)"
            )
        icon, svg = held
        key = (icon.iconify or "icon").partition(":")[2]
        if found[1] == SVG_SLOT:
            return svg.encode("utf-8"), "svg", f"{key}.svg"
        size = next(size for size, slot in PNG_SLOTS.items() if slot == found[1])
        return await self._draw(svg, size, f"variant {variant_id}"), "png", f"{key}-{size}.png"

    # ------------------------------------------------------------------------------------- lookups

    async def icon(self, icon_id: int) -> Icon | None:
        """An icon this kind has shown, in this run or an earlier one (the API cannot be asked by id: an
        id is a hash of a name, which the `NameBook` keeps)."""
        held = await self._held(icon_id) if type(icon_id) is int else None
        return None if held is None else held[0]

    async def _held(self, icon_id: int) -> tuple[Icon, str] | None:
        """The icon `icon_id` and its SVG: held, else mapped again by the name the book kept for it."""
        from iconcat.iconify.ids import hash_of_icon_id

        held = self._icons.get(icon_id)
        hashed = hash_of_icon_id(icon_id) if held is None else None
        name = self._names.name_of(hashed) if hashed is not None else None
        if name is not None:
            prefix, _, key = name.partition(":")
            await self._map([(prefix, key)])
            held = self._icons.get(icon_id)
        return held

    async def icon_of_variant(self, variant_id: int) -> Icon | None:
        from iconcat.iconify.ids import hash_of_variant_id
        from iconcat.iconify.ids import icon_id as id_of

        found = hash_of_variant_id(variant_id) if type(variant_id) is int else None
        return None if found is None else await self.icon(id_of(found[0]))

    async def icon_named(self, name: str) -> Icon | None:
        from iconcat.embedded.answers import iconify_words

        if not isinstance(name, str):
            raise SettingsError("an Iconify name is a string, like tabler:trash")
        await self._ready()
        names, _rest = iconify_words(name.strip(), dict(self._spec.iconify_sets))
        if len(names) != 1:
            return None
        return (await self._map(names)).get(names[0])

    # ---------------------------------------------------------------------------------------- sets

    async def sets(self) -> tuple[SetSummary, ...]:
        """Every set `/collections` lists, by name, read by the client's own sets parser."""
        from iconcat.api import parse_sets

        infos = await self._ready()
        ordered = sorted(infos.values(), key=lambda info: (info.name.casefold(), info.prefix))
        return parse_sets({"data": [_set_entry(info) for info in ordered]}).sets

    # -------------------------------------------------------------------------------------- close

    def _write_names(self) -> None:
        """The names noted written in a worker thread, one write at a time (the next page's wait for this)."""
        if self._names.waiting and (self._writing is None or self._writing.done()):
            self._writing = asyncio.ensure_future(asyncio.to_thread(self._names.flush))

    async def aclose(self) -> None:
        if self._writing is not None:
            await asyncio.shield(self._writing)
        await asyncio.to_thread(self._names.close)
        for task in self._collection_tasks.values():
            task.cancel()
        if self._http is not None:
            await self._http.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()


# ------------------------------------------------------------------------------------------- helpers


def _sandboxed(svg: str, size: int) -> bytes:
    from iconcat.imaging.svg_raster import rasterise

    return rasterise(svg, size)


def _follow(raw: str, fetched: tuple[str, ...]) -> tuple[str | None, str | None]:
    return raw, None


def from_choice(choice: CatalogueChoice, *, warn: Callable[[str], None] | None = None) -> IconifyApiCatalogue:
    """Iconify's API `choice` names (`open_catalogue`'s way to this kind)."""
    assert choice.base_url is not None
    return IconifyApiCatalogue(choice.spec, choice.base_url, timeout=choice.timeout, warn=warn)
