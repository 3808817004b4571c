"""Every page of a query, fetched in the background while filters are in force (or the facet panel is open).

A filter that sees one page lies: "8 of 48 shown · style:filled" when 21 of 119 exist. So while the
search box holds a filter word, or the facet panel is open, the browser follows the catalogue's
`meta.next` to the end (or to the client's cap of 10,000 icons held), without a key pressed.

- One async worker per search, in the "search-more" group (exclusive): the runner's `start` cancels
  that group, so a new search stops the following of the old one, and `load_more` finds it on its way.
  Once started it runs to the end of its search, even if the filters are cleared meanwhile: what it
  fetched stays on show, and a filter typed again needs no request.
- Pages are handed to the screen in batches, at most every `HAND_OVER_INTERVAL` (a batch is every page
  that arrived since the last hand-over; the last is handed over at once): up to ~200 pages of a large
  answer cost ~40 hand-overs, and each hand-over costs the screen the batch's icons, not all of them
  (`Arrangement.extend`: the views are appended to, filters, grouping and facet counts see the new
  icons alone).
- The whole following is one `answer_arriving` block (the collector's pause, `browsing.collector`):
  collections between pages would walk every icon held so far, 40–150 ms each; icons are frozen out of
  its sight a thousand at a time.
- A page that fails ends the following with a notice; the icons so far stay, and reaching the last
  (or the next filter change) tries again from there.

Each hand-over is an `Arrived` message with the whole result so far (`complete` on the last); the
runner's `result` is that result from then on.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

from iconcat.browsing.collector import FREEZE_FROM, answer_arriving
from iconcat.failures import describe_failure
from iconcat.text import sanitize

from .search_news import SearchNews

if TYPE_CHECKING:  # pragma: no cover - typing only
    from textual.dom import DOMNode

    from iconcat.api import SearchResult
    from iconcat.browsing.search_state import SearchState
    from iconcat.catalogue import Catalogue

    from .catalogue_link import CatalogueLink

__all__ = ["HAND_OVER_INTERVAL", "PageFollower"]

HAND_OVER_INTERVAL = 0.25
"""Seconds between two hand-overs of pages to the screen, at least (the last one is never held)."""


class _Runner(Protocol):
    """What the follower needs of the searches' runner (`search_runner.SearchRunner`)."""

    sequence: int
    last_query: str
    result: SearchResult | None

    def state_for(self, query: str, result: SearchResult, *, following: bool = False) -> SearchState: ...
    def saw(self, result: SearchResult) -> None: ...


class PageFollower:
    """Follows every page of the runner's newest search on `owner` (see the module docstring)."""

    class Arrived(SearchNews):
        """More pages of search number `sequence` arrived: `result` holds every icon so far."""

        def __init__(
            self, sequence: int, query: str, result: SearchResult, state: SearchState, *, complete: bool, notice: str
        ) -> None:
            super().__init__(sequence, query, state, notice=notice)
            self.result = result
            self.complete = complete
            """True for the last hand-over: no page follows (the end, the cap, a refusal or a failure)."""

    def __init__(self, owner: DOMNode, link: CatalogueLink, runner: _Runner) -> None:
        self._owner = owner
        self._link = link
        self._runner = runner
        self._sequence = -1
        """The search being followed (or last followed)."""
        self._running = False

    @property
    def following(self) -> bool:
        """True while the newest search's pages are being followed."""
        return self._running and self._sequence == self._runner.sequence

    def follow(self) -> bool:
        """Follow every page of the newest search's answer; True when that starts now (False: there is
        no next page, or it is followed already)."""
        runner = self._runner
        result = runner.result
        if result is None or not result.can_load_more or self.following:
            return False
        self._sequence = runner.sequence
        self._running = True
        self._owner.run_worker(
            partial(self._follow, result, runner.sequence, runner.last_query),  # type: ignore[arg-type]  # as in SearchRunner.start
            group="search-more",
            exclusive=True,
            exit_on_error=False,
            description=f"every page of {sanitize(runner.last_query, max_length=40)!r}",
        )
        return True

    async def _follow(self, result: SearchResult, sequence: int, query: str) -> None:
        try:
            client = await self._link.ready()
            if client is None:
                return
            with answer_arriving() as arrival:
                await self._pages(client, result, sequence, query, arrival.decoded)
        finally:
            if self._sequence == sequence:
                self._running = False

    async def _pages(
        self, client: Catalogue, result: SearchResult, sequence: int, query: str, freeze: Callable[[int], None]
    ) -> None:
        handed, handed_at, unfrozen = result.icon_count, time.monotonic(), 0
        notice = ""
        while result.can_load_more and sequence == self._runner.sequence:
            fetch = asyncio.ensure_future(client.more(result))
            try:
                # While the page is on its way, the pages before it are handed over when their time comes.
                while not fetch.done():
                    waiting = result.icon_count > handed
                    timeout = max(0.0, handed_at + HAND_OVER_INTERVAL - time.monotonic()) if waiting else None
                    await asyncio.wait({fetch}, timeout=timeout)
                    if not fetch.done():
                        self._hand_over(sequence, query, result, complete=False)
                        handed, handed_at = result.icon_count, time.monotonic()
                grown = fetch.result()
            except asyncio.CancelledError:
                fetch.cancel()
                raise
            except Exception as error:  # noqa: BLE001 - the icons so far stay; the next try starts from them
                notice = sanitize(f"Could not load more results: {describe_failure(error)}", max_length=300)
                break
            unfrozen += grown.icon_count - result.icon_count
            if unfrozen >= FREEZE_FROM:
                freeze(unfrozen)  # out of the collector's sight, a thousand at a time
                unfrozen = 0
            result = grown
            if result.can_load_more and time.monotonic() - handed_at >= HAND_OVER_INTERVAL:
                self._hand_over(sequence, query, result, complete=False)
                handed, handed_at = result.icon_count, time.monotonic()
        if not notice:
            notice = sanitize(result.paging_stopped or "", max_length=200)
        self._hand_over(sequence, query, result, complete=True, notice=notice)

    def _hand_over(self, sequence: int, query: str, result: SearchResult, *, complete: bool, notice: str = "") -> None:
        """Post the pages so far, unless a newer search started meanwhile."""
        runner = self._runner
        if sequence != runner.sequence:
            return
        if complete:
            self._running = False
        runner.result = result
        runner.saw(result)
        state = runner.state_for(query, result, following=not complete)
        self._owner.post_message(self.Arrived(sequence, query, result, state, complete=complete, notice=notice))
