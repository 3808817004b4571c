"""`iconcat search`: one search, as a table or JSON.

`search` reads its words as the browser's search box does (`iconcat.browsing.filters`, one parser):
`key:value` words filter and are never sent as search words. When the catalogue says more match than
the client's cap (`meta.total` above 10,000: the embedded catalogue's extension), the search is asked
again with the words on style, set, category and series as its `narrow` extension
(`embedded/narrowing.py`), so a catalogue that knows it answers only the icons they keep and the cap
counts those (`arrow set:tabler` over the whole @iconify/json: all 273, not the 251 among the first
10,000 arrows), and the summary says "(the catalogue narrowed by set:tabler)"; the filters still apply
on top, so one that ignores it changes nothing. A filter applies to every result of the query, so with
a filter (or `--all`, or `--limit N`) every page the catalogue reveals is followed, up to the client's
10,000 cap, and filtered as it arrives; the lines under the table (stderr) say how many of how many
seen match, that the counts are over the first 10,000 when the cap was hit, or that the filters apply
to the page the catalogue returned when it reveals no next one. With `--json` the same is in `meta`
(`seen`, `total`, `filters`, `narrowed`, `limit`, `pagingStopped`) beside the API's
`moreResultsAvailable`. From a catalogue asked in-process (`--demo`, `--from`) the icons have no
`thumbnail`: they have no address (their previews are asked by id).

Filter words and no word to search list what the filters select (`iconcat search set:lucide`: every
listed Lucide icon), from a catalogue whose spec says it lists without a word
(`Capabilities.lists_without_words`: the demo, sets from disk): the empty search is asked narrowed by
the words at once, so the cap counts the icons they keep. When they keep more than the client holds
(Iconify's fluent: 19,876), the first 10,000 are listed and stderr says so ("first 10,000 of 19,876:
choose a category or style"). A catalogue that cannot list without a word (the seed's service) is
refused in one line, before it is asked.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from iconcat.cli.catalogue import opened_catalogue, run_async
from iconcat.cli.errors import EXIT_OK, UsageError
from iconcat.cli.output import StderrLine, print_table, print_warning, search_result_document
from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon, SearchResult
    from iconcat.browsing.filters import ParsedQuery
    from iconcat.catalogue import Catalogue, CatalogueChoice, CatalogueSpec


def read_query(text: str, served: Mapping[str, str] | None = None) -> ParsedQuery:
    """`text` read as the browser's search box reads it (`iconcat.browsing.filters.parse_query`: one
    parser); an unknown key, a key with no value, or no word to search is refused with the browser's
    words (exit 2). Read before the catalogue is chosen: a query that cannot be searched is said first.

    `served`: the catalogue's Iconify prefixes → its sets' names, once it is open. Before (None), a
    word `p:n` or `p:` whose `p` may be a prefix is left for then (`search` reads the text again)."""
    from iconcat.browsing.filters import parse_query

    query = parse_query(text, served or {})
    if served is None and any(_may_name_a_set(word) for word in query.unknown):
        return query
    if query.notice:
        raise UsageError(query.notice)
    if not query.words and not query.filters:
        raise UsageError("the search text is empty: give a word, like `iconcat search arrow`")
    return query


def refuse_listing(query: ParsedQuery, spec: CatalogueSpec) -> None:
    """Refuse filter words with no word to search (exit 2) where the catalogue cannot list without
    one (`Capabilities.lists_without_words`: the seed's service), before it is asked."""
    if not query.words and not spec.capabilities.lists_without_words:
        raise UsageError(
            f"{spec.named} cannot list icons without a search word: give one, "
            f"like `iconcat search arrow {sanitize(query.filters.text, max_length=80)}`"
        )


def _may_name_a_set(word: str) -> bool:
    """`word` (`p:n`, not a filter word) may be an Iconify name or a bare prefix: `p` is written as prefixes are."""
    from iconcat.iconify.names import is_name

    return is_name(word.partition(":")[0].casefold())


def search(
    choice: CatalogueChoice,
    query: ParsedQuery,
    *,
    as_json: bool,
    every_page: bool = False,
    limit: int | None = None,
) -> int:
    """One search of the catalogue `choice` names, as a table or JSON; `key:value` words filter it as in
    the browser.

    The plain words of `query` (`read_query`) are sent, the filter words never are. With a filter,
    `--all` or `--limit`, every page the catalogue reveals is followed (up to the client's 10,000 cap)
    and the filters apply to all of them, page by page as they arrive; `--limit N` stops once N icons
    pass the filters. Without any of them, one page, as before. What was seen is said honestly on
    stderr (`_search_summary`), and in `meta` with --json.
    """
    if query.unknown and not choice.spec.capabilities.looks_up_iconify_names:
        query = read_query(query.text, {})  # (no Iconify names to wait for: refused before it is opened)
    refuse_listing(query, choice.spec)

    async def run() -> _Found:
        async with opened_catalogue(choice) as catalogue:
            # Read again with the prefixes it serves: `tabler:trash` is an Iconify name, `set:mdi` a prefix.
            read = read_query(query.text, catalogue.spec.served_prefixes)
            follow = every_page or bool(read.filters) or limit is not None
            return await _gather(catalogue, read, follow=follow, limit=limit)

    found = run_async(run())
    follow = every_page or bool(found.query.filters) or limit is not None
    result = found.result
    if as_json:
        import json

        document = search_result_document(result, icons=found.icons)
        document["meta"]["moreResultsAvailable"] = found.more
        if follow:
            document["meta"].update(found.meta())
        print(json.dumps(document, indent=2, ensure_ascii=True), flush=True)
    else:
        if found.icons:
            print_table(found.icons)
        for line in _search_summary(found):
            print(line, file=sys.stderr)
    if result.skipped:
        print_warning(f"{result.skipped} malformed entr{'y' if result.skipped == 1 else 'ies'} in the answer left out")
    return EXIT_OK


class _Found:
    """What `search` found: the last result of the pages followed, and the icons it shows."""

    def __init__(
        self, result: SearchResult, icons: list[Icon], query: ParsedQuery, limit: int | None, *, cap: int
    ) -> None:
        self.result = result
        self.cap = cap
        """The client's cap on icons held (`Catalogue.max_icons_held`)."""
        self.icons = icons
        self.query = query
        self.limit = limit
        self.limited = limit is not None and len(icons) >= limit and (result.can_load_more or len(icons) > limit)
        """True when --limit stopped the search before it saw everything that would pass."""
        if limit is not None:
            del self.icons[limit:]

    @property
    def seen(self) -> int:
        """How many icons the catalogue returned (the filters applied to these)."""
        return self.result.icon_count

    @property
    def narrowed(self) -> list[str]:
        """The filter words sent that the catalogue says it narrowed by (our spelling, not its text)."""
        said = self.result.narrowed or ()
        return [word for word in self.query.filters.narrow_words if word in said]

    @property
    def capped_listing(self) -> bool:
        """A search of filter words alone whose narrowed answer passes the cap: only its first icons are seen."""
        total = self.result.total
        return not self.query.words and bool(self.narrowed) and total is not None and total > self.seen >= self.cap

    @property
    def more(self) -> bool:
        """Whether more icons would pass than are shown: --limit cut, or the catalogue has more unseen."""
        return self.limited or self.result.more_available

    def meta(self) -> dict[str, Any]:
        """The --json `meta` of a search that followed pages: what was seen, and why it stopped."""
        meta: dict[str, Any] = {"seen": self.seen}
        if self.result.total is not None:
            meta["total"] = self.result.total
        if self.query.filters:
            meta["filters"] = self.query.filters.text
            meta["narrowed"] = self.narrowed
        if self.limit is not None:
            meta["limit"] = self.limit
        if self.result.paging_stopped:
            meta["pagingStopped"] = self.result.paging_stopped
        return meta


async def _gather(catalogue: Catalogue, query: ParsedQuery, *, follow: bool, limit: int | None) -> _Found:
    """The first page, and with `follow` every next page, filtered as each arrives (at a page's cost:
    `icons_after`); stopping once `limit` icons pass the filters."""
    filters = query.filters
    if not query.words and filters.narrow_words:
        # No word: the filters select from the whole catalogue (it lists without a word: `refuse_listing`),
        # so it is asked narrowed at once; unnarrowed, the empty search is every icon, cut at the cap.
        result = await catalogue.search("", narrow=filters.narrow_words)
    else:
        result = await catalogue.search(query.service_text)
    if query.words and filters.narrow_words and result.total is not None and result.total > catalogue.max_icons_held:
        # More match than one result holds (10,000): ask again, narrowed by the filter words, so every
        # page holds only icons that pass and the cap counts those. Only a catalogue that counts its
        # matches (`meta.total`, the embedded one's extension) is asked: another might refuse a
        # parameter it does not know. The filters still apply on top, so one that ignores it changes
        # nothing.
        result = await catalogue.search(query.service_text, narrow=filters.narrow_words)
    kept = filters.apply(result.icons) if filters else list(result.icons)
    progress = _PagingProgress()
    try:
        while follow and result.can_load_more and (limit is None or len(kept) < limit):
            before = result.icon_count
            progress(before, result.total)
            result = await catalogue.more(result)
            added = result.icons_after(before)
            kept.extend(filters.apply(added) if filters else added)
    finally:
        progress.close()
    return _Found(result, kept, query, limit, cap=catalogue.max_icons_held)


def _search_summary(found: _Found) -> list[str]:
    """The lines under the table (stderr): how many, of how many seen, and why the search stopped."""
    result, count, seen = found.result, len(found.icons), found.seen
    filters = found.query.filters
    chosen = sanitize(filters.text, max_length=80)
    stopped = sanitize(result.paging_stopped, max_length=400) if result.paging_stopped else None  # names a site
    unrevealed = result.more_available and not result.can_load_more and not stopped
    plural = f"{count:,} icon{'s' if count != 1 else ''}"
    lines: list[str] = []
    if filters:
        from iconcat.browsing.filters import explain_empty

        if not seen:
            lines.append("No icons match.")
        elif not count:
            lines.append(f"No icons match: {explain_empty(result.icons, filters)}.")
        elif found.limited:
            lines.append(f"{plural} that match {chosen} (--limit {found.limit}), from the first {seen:,} icons found")
        else:
            by = f" (the catalogue narrowed by {', '.join(found.narrowed)})" if found.narrowed else ""
            lines.append(f"{count:,} of {seen:,} match {chosen}{by}")
        if unrevealed:
            lines.append(
                f"filters apply to the {seen:,} the catalogue returned: it reveals no next page, "
                "so refine the search to see others"
            )
    elif not count:
        lines.append("No icons match.")
    elif found.limited:
        lines.append(f"the first {plural} (--limit {found.limit}); more match")
    elif result.can_load_more:
        shown = f"{count:,} of {result.total:,} icons" if result.total is not None else plural
        lines.append(f"{shown}; more match: --all fetches every page, or refine the search")
    elif unrevealed:
        lines.append(f"{plural}; more match: refine the search to see them")
    elif result.total is not None and result.total > count:  # the cap, or a next page refused
        lines.append(f"{count:,} of {result.total:,} icons")
    else:
        lines.append(plural)
    if found.capped_listing and not found.limited:
        assert result.total is not None
        lines.append(f"{capped_listing_text(seen, result.total)}: choose a category or style")
        return lines
    if stopped and not found.limited:
        of_total = f" of {result.total:,}" if result.total is not None else ""
        lines.append(f"counts over the first {seen:,}{of_total}: {stopped}" if filters else stopped)
    return lines


def capped_listing_text(seen: int, total: int) -> str:
    """ "first 10,000 of 19,876": what a listing past the cap holds (the browser says the same)."""
    return f"first {seen:,} of {total:,}"


class _PagingProgress(StderrLine):
    """ "fetching pages… 548 of 1,802 icons so far" while pages are followed, wiped before the table."""

    def __call__(self, held: int, total: int | None) -> None:
        if self._enabled:
            of_total = f" of {total:,}" if total is not None else ""
            self._say(f"fetching pages… {held:,}{of_total} icons so far")
