"""Where the results go: the list while there are results, else a message saying why there are none.

It shows a `SearchState`: the list (faded while a newer search runs over earlier rows), or the prompt,
"no icons", or what went wrong and what to do. Classes `-message` and `-problem` choose what shows
and its colour (styles/iconcat.tcss).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Container
from textual.content import Content
from textual.widgets import Static

from ..search_state import SearchPhase, SearchState
from .results_list import ResultsList

__all__ = ["ResultsArea"]


class ResultsArea(Container):
    """The results list, or the search state's explanation in its place."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="-message")

    def compose(self) -> ComposeResult:
        yield ResultsList(id="results")
        yield Static(Content(SearchState().explanation), id="results-message", markup=False)

    def show_state(self, state: SearchState) -> bool:
        """Show `state`; return True when the list is on show (results, or earlier ones while searching)."""
        results = self.query_one(ResultsList)
        shows_list = (state.phase is SearchPhase.RESULTS and not state.filtered_out) or (
            state.phase is SearchPhase.SEARCHING and results.option_count > 0
        )
        # One restyle at most (a class change restyles the area's whole subtree): most searches change none.
        self.update_classes({"-message": not shows_list, "-problem": state.is_problem})
        # Earlier rows stay on show, faded, while a newer search runs: a repaint of the list, no restyle.
        results.stale = state.phase is SearchPhase.SEARCHING
        explanation = state.explanation or f"Searching for “{state.query}”…"
        # The message box's size is set by the layout (1fr), so new text only needs a repaint.
        self.query_one("#results-message", Static).update(Content(explanation), layout=False)
        return shows_list
