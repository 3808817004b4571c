"""The browser screen's side of `browsing.stale_results`: results of the search before are dimmed, and
the commands that act on an icon wait for the answer, saying so once.

The rule (which search the results on show answered, which words are on their way) is
`StaleResults`'s; this reads what it needs from the screen (the search box's words, the last search
started, the search state) and says "Wait for home's results" as a notice, once while its toast shows
(`home⏎↓⏎d*` says it once, not once per key).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from iconcat.browsing.filters import parse_query
from iconcat.browsing.stale_results import StaleResults, waiting_notice

from ..widgets import SearchInput

if TYPE_CHECKING:  # pragma: no cover - typing only
    from collections.abc import Callable

    from textual.screen import Screen

    from iconcat.browsing.filters import ParsedQuery
    from iconcat.browsing.search_state import SearchState

    from .search_runner import SearchRunner

__all__ = ["StaleGuard"]


class StaleGuard:
    """Which search the results on show answered, and the commands' wait while another is on its way."""

    def __init__(
        self,
        screen: Screen[None],
        searches: SearchRunner,
        state: Callable[[], SearchState],
        parse: Callable[[str], ParsedQuery] = parse_query,
    ) -> None:
        self._screen = screen
        self._parse = parse
        """How the box's words are read (the arrangement's: with the catalogue's Iconify prefixes)."""
        self._searches = searches
        self._state = state
        """The search state on show (the screen's)."""
        self.results = StaleResults()
        """The rule: which words the results on show answered, whether others are on their way."""

    def showing(self, words: str) -> None:
        """The results of `words` are on show now."""
        self.results.showing(words)

    def dimmed(self, state: SearchState) -> bool:
        """True while `state` is a search in flight for other words than the results on show."""
        return self.results.dimmed(state)

    def waiting_for(self) -> str:
        """The other search words whose results are on their way ('' when the results on show are current)."""
        box = self._screen.query_one_optional(SearchInput)
        last = self._searches.last_query
        words = self._parse(box.value).service_text if box is not None else last
        return self.results.waiting_for(self._state(), words, last)

    def refuse(self) -> bool:
        """True, having said to wait, when the results on show are the search before's while other
        search words are on their way: Enter, `d`, space, ctrl+a and `*` do not act on them."""
        waiting = self.waiting_for()
        if waiting and self.results.should_say(waiting, time.monotonic(), self._screen.app.NOTIFICATION_TIMEOUT):
            self._screen.notify(waiting_notice(waiting), title="Searching", severity="warning", markup=False)
        return bool(waiting)
