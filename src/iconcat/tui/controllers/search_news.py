"""What a search's worker says back to the screen: which search, its words, its state, a notice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.browsing.search_state import SearchState

__all__ = ["SearchNews"]


class SearchNews(Message):
    """News of search number `sequence` for `query` (`SearchRunner.Answered`, `PageFollower.Arrived`):
    the screen drops it when a newer search started meanwhile."""

    def __init__(self, sequence: int, query: str, state: SearchState, *, notice: str = "") -> None:
        super().__init__()
        self.sequence = sequence
        self.query = query
        self.state = state
        self.notice = notice
        """A sanitised sentence to show once (why paging stopped, or why a page failed)."""
