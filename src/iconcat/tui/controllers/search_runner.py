"""Searches in the background, newest only: one request per settled query, late answers dropped.

Each search is an async worker in the "search" group, exclusive (a newer search cancels an older one),
run on the node the runner is given; its outcome comes back as an `Answered` message. A sequence
number travels with each search, so an answer that still arrives after a newer search started (a
cancelled request can race its cancellation) is recognisably stale and dropped.

More than one page: when the catalogue reveals its next page (`SearchResult.can_load_more`),
`load_more` fetches it (a "search-more" worker) and answers with the grown result, `appended` set, so
the list keeps its place. While a filter is in force or the facet panel is open, its `follower`
(`page_follower.PageFollower`) fetches every page in the same group, handing them over in batches.
When more exist but cannot be loaded, the state carries a hint of narrower searches built from the
names loaded; why paging stopped (a next page on another origin, a loop) is
passed on as a notice.

A search may be narrowed by the catalogue (`browsing.narrowing`: the filter words sent as `narrow` when
the answer would pass the client's cap): the same query with other narrowing words is another search,
with its own sequence number, so the usual staleness and cancelling hold. What each answer said about
the cap and the narrowing is kept per query (`seen`), for the browser to decide by.

The first search may have started before the app (`first_search.FirstSearch`: the query given on the
command line, searched while Textual starts). When the runner's first search asks for the same text,
its answer is that search's, through the same path: the same sequence number and staleness, the same
states for the same failures; when it is in already, it is answered at once, so the browser's first
frame can show the results.

While the client waits for something slow before it can open (icon sets from disk being indexed on
first use: `local_build`, ~15 s for the whole Iconify collection), the search waits for it and the
status says so, as it goes ("arrow: waiting for the index (40 of 243 sets)…", `CatalogueLink.waiting_for`),
instead of "searching arrow…" all along; the search is asked as soon as the client opens, with no
second Enter.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from iconcat.browsing.collector import answer_arriving
from iconcat.browsing.narrowing import NarrowingSeen, wanted
from iconcat.browsing.search_state import SearchPhase, SearchState, refine_hint
from iconcat.failures import describe_failure
from iconcat.text import sanitize

from .page_follower import PageFollower
from .search_news import SearchNews

if TYPE_CHECKING:  # pragma: no cover - typing only
    from textual.dom import DOMNode

    from iconcat.api import SearchResult
    from iconcat.browsing.filters import Filters
    from iconcat.catalogue import Catalogue

    from .catalogue_link import CatalogueLink
    from .first_search import FirstSearch

__all__ = ["SearchRunner"]

WAITING_REDRAW = 0.2
"""Seconds between two looks at how far what a search waits for has come (`CatalogueLink.waiting_for`)."""


class SearchRunner:
    """Starts searches on `owner` through `link`'s client and posts what each found."""

    class Answered(SearchNews):
        """Search number `sequence` for `query` ended: `result` when it answered, else `state` says why.

        Or, with no `result` and a SEARCHING `state`, it has not ended: the state says what it is still
        waiting for ("waiting for the index (40 of 243 sets)…"), shown as any state is."""

        def __init__(
            self,
            sequence: int,
            query: str,
            result: SearchResult | None,
            state: SearchState,
            *,
            appended: bool = False,
            notice: str = "",
        ) -> None:
            super().__init__(sequence, query, state, notice=notice)
            self.result = result
            self.appended = appended
            """True when `result` is the previous answer grown by its next page."""

    def __init__(self, owner: DOMNode, link: CatalogueLink, first: FirstSearch | None = None) -> None:
        self._owner = owner
        self._link = link
        self._first = first
        """The search started before the app (`first_search`), until the first search takes it (or not)."""
        self.sequence = 0
        """The newest search's number; an `Answered` with another number is stale."""
        self.last_query = ""
        """What was last asked for (stripped)."""
        self.result: SearchResult | None = None
        """The newest search's answer so far (every page loaded), or None."""
        self._auto_loaded_at = -1
        """How many entries were shown when reaching the last one last loaded a page."""
        self.follower = PageFollower(owner, link, self)
        """Follows every page of the newest search while filters are in force (`page_follower`)."""
        self.narrow: tuple[str, ...] = ()
        """The filter words the newest search asked the catalogue to narrow by (`browsing.narrowing`)."""
        self.seen = NarrowingSeen()
        """What the answers to `last_query` said of the cap and the narrowing."""
        self._cap: int | None = None
        """The catalogue's cap on icons held (`Catalogue.max_icons_held`), once one answered."""

    def narrowing(self, query: str, filters: Filters) -> tuple[str, ...]:
        """The words to narrow a search for `query` by, under `filters` (none for a query not searched
        yet: whether its answer passes the cap is not known); for no words, those it lists by (`listing`)."""
        if not query.strip():
            return self.listing(filters)
        return wanted(filters, self.seen) if query.strip() == self.last_query else ()

    @property
    def lists_without_words(self) -> bool:
        """The catalogue lists what filter words select with no word to search (its spec says so)."""
        return self._link.connection.spec.capabilities.lists_without_words

    @property
    def lists_sets(self) -> bool:
        """The catalogue lists its sets (the sets view, `ctrl+s`; its spec says so)."""
        return self._link.connection.spec.capabilities.lists_sets

    def listing(self, filters: Filters) -> tuple[str, ...]:
        """The words a search of no words lists by: `filters`' words the catalogue narrows by, where it
        lists without a word (`set:lucide` alone: every listed Lucide icon); () otherwise, and then the
        empty box shows the remembered icons, filtered (`format:svg` alone too: it selects no set)."""
        return filters.narrow_words if self.lists_without_words else ()

    def saw(self, result: SearchResult) -> None:
        """Note what `result`, the newest search's answer so far, says of the cap and the narrowing."""
        from iconcat.api import MAX_ICONS_HELD

        cap = self._cap or MAX_ICONS_HELD
        # Only a catalogue that counts its matches (`meta.total`, the embedded one's extension) is ever
        # asked to narrow: another might refuse a parameter it does not know.
        capped = result.total is not None and (result.total > cap or _capped(result))
        if self.narrow and result.narrowed is None:
            # Asked, and not said: a catalogue without the extension answered the whole query, which
            # is then what is on show (not asked again, narrowed or not).
            self.narrow = ()
            self.seen = replace(self.seen, ignored=True)
        if not self.narrow:
            self.seen = replace(self.seen, over_cap=self.seen.over_cap or capped, narrowed=())
        else:
            self.seen = replace(self.seen, narrowed=self.narrow, narrowed_capped=capped)

    def start(self, query: str, *, narrow: tuple[str, ...] = (), immediate: bool = False) -> SearchState | None:
        """Search for `query`; return the state to show now, or None when nothing changes.

        An empty query cancels any search and shows the prompt: the interface does not say what an
        empty `name` means, and a list of "everything" is no help to someone looking for one icon;
        with `narrow` (`listing`), it lists what those words select, from a catalogue that can.
        """
        query = query.strip()
        if not immediate and query == self.last_query and narrow == self.narrow:
            # Typing settled on what was last asked for (the box's initial text, or typed and deleted
            # back): asking again would cancel that search and send a second request. Enter still does.
            return None
        self.sequence += 1
        if query != self.last_query:
            self.seen = NarrowingSeen()
        self.last_query = query
        self.narrow = narrow
        self.result = None
        self._auto_loaded_at = -1
        self._owner.workers.cancel_group(self._owner, "search-more")
        # The early search answers the first search only, and only when it asked the same.
        first, self._first = self._first, None
        if first is not None and (first.query != query or narrow):
            first = None
        if not query and not narrow:
            self._owner.workers.cancel_group(self._owner, "search")
            return SearchState()
        if first is not None and first.done and not first.declined:
            # Its answer is in: answered now, as the worker would (the first frame shows the results).
            self._owner.workers.cancel_group(self._owner, "search")
            result, error = first.outcome()
            if result is not None:
                with answer_arriving() as arrival:
                    arrival.decoded(len(result.icons))
            self._answer(query, self.sequence, result, self._state(query, result, error))
        else:
            self._owner.run_worker(
                # A callable, not a coroutine: a worker cancelled before it starts never makes one to leak.
                partial(self._search, query, self.sequence, first, narrow),  # type: ignore[arg-type]  # Textual types the coroutine as Coroutine[None, None, R]
                group="search",
                exclusive=True,
                exit_on_error=False,
                description=f"search {sanitize(query, max_length=40)!r}",
            )
        return self._searching(query)

    def _searching(self, query: str) -> SearchState:
        """The state while `query` is on its way: what it waits for too, when that takes long."""
        link = self._link
        if link.is_ready or not link.waiting_for:
            return SearchState(SearchPhase.SEARCHING, query)
        return SearchState(
            SearchPhase.SEARCHING, query, waiting_for=link.waiting_for, waiting_progress=link.waiting_progress
        )

    async def _ready_client(self, query: str, sequence: int) -> Catalogue | None:
        """The link's client once open (as `ready`); meanwhile the status follows what it waits for."""
        shown = self._searching(query)  # (as `start` showed it)
        while not self._link.is_ready:
            await self._link.wait_ready(WAITING_REDRAW)
            now = self._searching(query)
            if now != shown and sequence == self.sequence:
                self._owner.post_message(self.Answered(sequence, query, None, now))
                shown = now
        return await self._link.ready()

    async def _search(
        self, query: str, sequence: int, first: FirstSearch | None = None, narrow: tuple[str, ...] = ()
    ) -> None:
        result: SearchResult | None = None
        error: Exception | None = None
        try:
            if first is not None:
                with answer_arriving() as arrival:  # no collector pauses mid-answer: see there
                    result = await first.answer()  # (None if it declined: the client is asked below)
                    arrival.decoded(len(result.icons) if result is not None else 0)
            if result is None:
                client = await self._ready_client(query, sequence)
                if client is not None:
                    self._cap = client.max_icons_held
                    with answer_arriving() as arrival:
                        result = await client.search(query, narrow=narrow)
                        arrival.decoded(len(result.icons))
        except Exception as failure:  # noqa: BLE001 - any failure is a designed state, never a traceback
            error = failure
        self._answer(query, sequence, result, self._state(query, result, error))

    def _state(self, query: str, result: SearchResult | None, error: Exception | None) -> SearchState:
        """The state that shows a search's outcome: `result`, else `error`, else no client."""
        from iconcat.api import AuthError, NetworkError, RequestRefusedError

        if isinstance(error, AuthError):
            message = f"The catalogue rejected the token: {describe_failure(error)}"
            return SearchState(SearchPhase.REJECTED, query, message=sanitize(message, max_length=300))
        if isinstance(error, NetworkError):
            message = f"Can't reach the catalogue: {describe_failure(error)}"
            return SearchState(SearchPhase.UNREACHABLE, query, message=sanitize(message, max_length=300))
        if isinstance(error, RequestRefusedError):
            message = f"Search refused: {describe_failure(error)}"
            return SearchState(SearchPhase.REFUSED, query, message=sanitize(message, max_length=300))
        if error is not None:
            message = f"Search failed: {describe_failure(error)}"
            return SearchState(SearchPhase.FAILED, query, message=sanitize(message, max_length=300))
        if result is None:
            return SearchState(SearchPhase.NOT_CONFIGURED, query, message=self._link.problem)
        return self.state_for(query, result)

    def _answer(self, query: str, sequence: int, result: SearchResult | None, state: SearchState) -> None:
        """Post search `sequence`'s outcome, unless a newer search started meanwhile."""
        if sequence == self.sequence:
            self.result = result
            if result is not None:
                self.saw(result)
            notice = sanitize(result.paging_stopped or "", max_length=200) if result is not None else ""
            self._owner.post_message(self.Answered(sequence, query, result, state, notice=notice))

    @staticmethod
    def state_for(
        query: str, result: SearchResult, *, loading_more: bool = False, following: bool = False
    ) -> SearchState:
        """The state that shows `result` (`following`: its every page is being fetched, `page_follower`)."""
        more_unreachable = result.more_available and not result.can_load_more
        return SearchState(
            SearchPhase.RESULTS if result.icon_count else SearchPhase.NO_RESULTS,
            query,
            count=result.icon_count,
            more_available=result.more_available,
            skipped=result.skipped,
            can_load_more=result.can_load_more,
            loading_more=loading_more,
            hint=refine_hint([icon.name for icon in result.icons], query) if more_unreachable else "",
            following=following,
            total=result.total,
            all_loaded=len(result.pages_fetched) > 1 and not result.more_available,
            capped=_capped(result),
            narrowed=bool(result.narrowed),
            listing=not query,
        )

    def reached_last(self, entries: int) -> bool:
        """The last of `entries` shown was reached: True (load the next page) once per length of the
        list, so a page that adds no entry (grouped by name, every new icon joins the group on show)
        does not load the next by itself. A new search starts counting again."""
        if entries == self._auto_loaded_at:
            return False
        self._auto_loaded_at = entries
        return True

    def state_again(self, result: SearchResult, showing: SearchState) -> SearchState:
        """The state that shows `result` again, as `showing` shows it (the filters or grouping changed):
        the remembered icons' own with an empty query; still "offline" when it is the last answer kept."""
        if not self.last_query and showing.favourites is not None:
            return SearchState(
                SearchPhase.RESULTS,
                "",
                count=len(result.icons),
                favourites=showing.favourites,
                elsewhere=showing.elsewhere,
            )
        state = self.state_for(self.last_query, result, following=self.follower.following)
        if showing.offline_from:  # still the last answer kept, shown offline
            state = replace(state, offline_from=showing.offline_from)
        return state

    def load_more(self) -> SearchState | None:
        """Fetch the newest answer's next page; return the state to show meanwhile (None: nothing to do)."""
        result = self.result
        if result is None or not result.can_load_more:
            return None
        if self.follower.following:  # every page is on its way already
            return self.state_for(self.last_query, result, following=True)
        if self.loading_more:
            return None  # already on its way
        self._owner.run_worker(
            partial(self._more, result, self.sequence),  # type: ignore[arg-type]  # as in start()
            group="search-more",
            exclusive=True,
            exit_on_error=False,
            description=f"next page of {sanitize(self.last_query, max_length=40)!r}",
        )
        return self.state_for(self.last_query, result, loading_more=True)

    @property
    def loading_more(self) -> bool:
        """True while a next page is on its way (a "search-more" worker runs): what is shown is not
        all yet (`ctrl+a` says so)."""
        return any(worker.group == "search-more" and not worker.is_finished for worker in self._owner.workers)

    async def _more(self, result: SearchResult, sequence: int) -> None:
        client = await self._link.ready()
        if client is None:
            return
        query = self.last_query
        try:
            with answer_arriving() as arrival:
                grown = await client.more(result)
                arrival.decoded(grown.icon_count - result.icon_count)
        except Exception as error:  # noqa: BLE001 - the list stays; going past the end again retries
            grown = result
            notice = sanitize(f"Could not load more results: {describe_failure(error)}", max_length=300)
        else:
            notice = sanitize(grown.paging_stopped or "", max_length=200)
        if sequence == self.sequence:
            self.result = grown
            self.saw(grown)
            state = self.state_for(query, grown)
            self._owner.post_message(self.Answered(sequence, query, grown, state, appended=True, notice=notice))


def _capped(result: SearchResult) -> bool:
    """True when paging stopped at the client's cap: more exist than any count of `result` sees."""
    from iconcat.api._paging import cap_notice  # (the client's words for its cap: loaded with any result)

    return result.more_available and not result.can_load_more and result.paging_stopped == cap_notice(result.icon_count)
