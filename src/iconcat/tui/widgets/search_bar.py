"""The search box and its status line ("3 in the bag · 48 icons", "searching…", "more results exist…"):
one line, shortened by priority to its box (`status_line`: problems stay longest, hints go first)."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.reactive import var
from textual.timer import Timer
from textual.widgets import Input, Static

from iconcat.browsing.search_state import SearchPhase, SearchState
from iconcat.browsing.status_line import Priority, StatusPart, fit_status, join_status

from .ordered_input import OrderedInput

__all__ = ["SearchBar", "SearchInput", "DEBOUNCE_SECONDS"]

DEBOUNCE_SECONDS = 0.2
"""Typing pauses this long before a search is sent: fast typists send one request per word."""


class SearchInput(OrderedInput):
    """The search field: Down/PgDn/Escape hand the keyboard to the results list."""

    BINDINGS = [
        Binding("enter", "submit", "Search now", id="search-submit", tooltip="Search at once and move to the results"),
        Binding(
            "down,pagedown",
            "screen.focus_results",
            "Results",
            key_display="↓",
            id="search-to-results",
            tooltip="Move to the results list",
        ),
        Binding(
            "escape",
            "screen.focus_results",
            "Results",
            show=False,
            id="search-escape",
            tooltip="Leave the search box for the results list",
        ),
    ]

    async def action_submit(self) -> None:
        """Search now and move to the results at once, not when the search's message arrives: keys
        that came right behind Enter (`heart⏎v`) are the results' (`OrderedInput` hands them over)."""
        await super().action_submit()
        if self.value.strip():
            await self.run_action("screen.focus_results")


class SearchBar(Horizontal):
    """Search field plus status. Posts `SearchBar.QueryChanged` after typing settles or on Enter."""

    class QueryChanged(Message):
        """The person asked for a search: `query` (stripped), `immediate` when Enter was pressed."""

        def __init__(self, query: str, immediate: bool) -> None:
            super().__init__()
            self.query = query
            self.immediate = immediate

    state: var[SearchState] = var(SearchState, init=False)
    """The search's state, shown as the status line (with classes `-searching`, `-problem`, `-more`).
    A `var`: only the status line changes, and the watcher updates it."""

    bag_note: var[str] = var("", init=False)
    """What the bag holds or does ("3 in the bag", "bag: 12 of 50 done"), before the search's status.
    Set `bag_busy` first (`show_bag`)."""

    bag_busy = False
    """True while `bag_note` is a batch's progress: then it outranks the search's count in a short
    status (what runs because the person asked). How many the bag holds is a standing fact, kept across
    restarts: it gives way to the count and goes with the details (at 80×24 a bag of 2 hid every
    filtered count, "2 in the bag · 99 of 1,506 shown" being wider than the status's 28 cells)."""

    filter_note: var[str] = var("", init=False)
    """What is wrong with the filter words in the box ("colour: is not a filter (…)", "style: needs a
    value"), first in the status while they are there; '' when nothing is."""

    def __init__(self, query: str = "", *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._initial_query = query
        self._debounce: Timer | None = None

    def compose(self) -> ComposeResult:
        yield SearchInput(
            self._initial_query,
            placeholder="Search icons by name…",
            id="search-input",
            select_on_focus=False,
        )
        yield Static(Content(SearchState().status), id="search-status", markup=False)

    @property
    def input(self) -> SearchInput:
        """The search field."""
        return self.query_one(SearchInput)

    @property
    def query_text(self) -> str:
        """What is in the box, stripped."""
        return self.input.value.strip()

    def _status_parts(self) -> tuple[StatusPart, ...]:
        # The filter words' note says the search box holds something that is not applied: a problem.
        # Its asides (the keys there are, an example) are hints of their own: where the
        # line is short they go first, so the count stays beside "colour: is not a filter".
        filters: list[StatusPart] = []
        for piece in self.filter_note.split(" · ") if self.filter_note else ():
            match = re.fullmatch(r"(.*?)((?: \(.*\))?)", piece)
            said, aside = match.groups() if match else (piece, "")
            filters.append(StatusPart(said, Priority.PROBLEM))
            if aside:
                filters.append(StatusPart(aside.strip(), Priority.HINT, joiner=" "))
        priority = Priority.ACTION if self.bag_busy else Priority.DETAIL
        bag = (StatusPart(self.bag_note, priority),) if self.bag_note else ()
        return (*filters, *bag, *self.state.status_parts)

    def show_status(self) -> None:
        """Draw the status on its one line, shortened by priority to the box's width (`status_line`)."""
        status = self.query_one("#search-status", Static)
        parts = self._status_parts()
        whole = join_status(parts)
        shown = fit_status(parts, status.content_region.width if status.size.width else 0)
        # layout=False: the status box has a fixed size, so new text needs a repaint, not a relayout.
        status.update(Content(shown), layout=False)
        status.tooltip = Content(whole) if shown != whole else None

    def show_bag(self, note: str, *, busy: bool) -> None:
        """Say what the bag holds (`busy`: what its batch has done so far) before the search's status."""
        self.bag_busy = busy
        self.bag_note = note

    def watch_bag_note(self) -> None:
        self.show_status()

    def watch_filter_note(self) -> None:
        self.show_status()

    def watch_state(self, state: SearchState) -> None:
        self.show_status()
        # Classes go on the status line itself (changing a class restyles the node's whole subtree), in
        # one call: one restyle however many of them change.
        self.query_one("#search-status", Static).update_classes(
            {
                "-searching": state.phase is SearchPhase.SEARCHING,
                "-problem": state.is_problem,
                "-more": state.more_available,
            }
        )

    def on_resize(self) -> None:
        self.call_after_refresh(self.show_status)  # the status box's new width is known after the layout

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        if self._debounce is not None:
            self._debounce.stop()
        self._debounce = self.set_timer(DEBOUNCE_SECONDS, self._settled)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self._debounce is not None:
            self._debounce.stop()
            self._debounce = None
        self.post_message(self.QueryChanged(self.query_text, immediate=True))

    def _settled(self) -> None:
        self._debounce = None
        self.post_message(self.QueryChanged(self.query_text, immediate=False))
