"""The sets view (`ctrl+s`, the palette's "Sets"): every set served, grouped by category, to open one.

Top to bottom: a line saying how many sets (and how many the typing keeps), the box that narrows them
(by name, prefix, category and licence: `browsing.sets_view.matches`), the board (`SetsBoard`: each
set's name, prefix and count, licence and author, and its samples drawn as pictures), and the keys.
The box keeps the focus, so typing narrows at once; ↑ ↓ PgUp PgDn move the highlight from it, Enter
opens the highlighted set (`SetsController.chosen`: every icon of it in the results, its categories
and styles in the facet panel) and Esc closes the view. Reopened from a set opened here (Esc there),
it comes back as it was left: the same words typed, the same set highlighted.

A modal screen over the browser, so the browser's command keys wait under it (and `pick`'s Esc closes
it first: `IconcatApp.action_leave_pick`). The sets come from `SetsController` (asked once per
catalogue); every string is the catalogue's, sanitised by the client, shown as plain text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from iconcat.browsing.sets_view import grouped

from ..key_hints import KeyHints
from ..widgets.sets_board import SetsBoard

if TYPE_CHECKING:  # pragma: no cover - typing only
    from collections.abc import Sequence

    from iconcat.api import Icon, SetSummary

    from ..controllers.preview_loader import PreviewLoader

__all__ = ["SetsScreen", "SetsSource"]


class SetsSource(Protocol):
    """What the view asks of its controller (`SetsController` is one)."""

    def samples(self, summary: SetSummary) -> Sequence[Icon] | None: ...

    def want_samples(self, sets: Sequence[SetSummary]) -> None: ...

    def chosen(self, summary: SetSummary, typed: str) -> None: ...

    def closed(self, typed: str, highlighted: int | None) -> None: ...


class SetsScreen(ModalScreen[None]):
    """The sets, grouped and narrowed by what is typed; Enter opens one, Esc closes."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="sets-close", tooltip="Close the sets"),
        Binding("up", "board('cursor_up')", show=False, priority=True),
        Binding("down", "board('cursor_down')", show=False, priority=True),
        Binding("pageup", "board('page_up')", show=False, priority=True),
        Binding("pagedown", "board('page_down')", show=False, priority=True),
        Binding("enter", "board('choose')", show=False, priority=True),
    ]

    def __init__(
        self, source: SetsSource, loader: PreviewLoader, *, mode: str, typed: str = "", keep: int | None = None
    ) -> None:
        super().__init__()
        self._source = source
        self._loader = loader
        self._mode = mode
        self._typed = typed
        self._keep = keep
        self.sets: tuple[SetSummary, ...] | None = None
        """Every set served, once the controller has them."""
        self.problem = ""
        self._early = ""
        """Letters that came before the box was mounted (`on_key`)."""
        self._shown_once = False
        """The board has shown the sets (the keys read before then wait in `_waiting`)."""
        self._waiting: list[str] = []
        """The board's keys read before the sets came ("ctrl+s ↓ ↓ ⏎" in one read): run once they are."""

    def compose(self) -> ComposeResult:
        with Vertical(id="sets-view"):
            yield Static(Content("Loading the sets…"), id="sets-title", markup=False)
            yield Input(self._typed, placeholder="type to narrow: name, prefix, category, licence", id="sets-filter")
            yield SetsBoard(self._loader, self._source.samples, mode=self._mode, id="sets-board")
            yield KeyHints("↑↓ move", "enter open the set", "type to narrow", "esc close", id="sets-keys")

    AUTO_FOCUS = "#sets-filter"

    def on_mount(self) -> None:
        box = self.query_one(Input)
        box.focus()
        if self._early:
            box.insert_text_at_cursor(self._early)
            self._early = ""
        if self.sets is not None:
            self.show_sets(self.sets)

    def on_key(self, event: events.Key) -> None:
        """A letter typed in the same read as `ctrl+s` ("ctrl+s l u c") reaches this screen before its
        box has the focus, even before the box is there: it goes in the box, as the letters after it do."""
        if not (event.is_printable and event.character):
            return
        box = self.query_one_optional(Input)
        if box is None or not box.is_mounted:
            self._early += event.character
        else:  # (sent to the screen, not to the box: the box had no focus yet when it was read)
            self.set_focus(box)
            box.insert_text_at_cursor(event.character)
        event.stop()
        event.prevent_default()

    @property
    def board(self) -> SetsBoard:
        return self.query_one(SetsBoard)

    @property
    def typed(self) -> str:
        """What the box says now."""
        return self.query_one(Input).value

    def show_sets(self, sets: tuple[SetSummary, ...]) -> None:
        """The catalogue's sets came (or were at hand): show them, narrowed by what is typed."""
        self.sets = sets
        if self.query_one_optional(SetsBoard) is None or self._shown_once:
            return  # (not composed yet: shown on mount)
        self._show(keep=self._keep)
        waiting, self._waiting = self._waiting, []
        for action in waiting:
            self.action_board(action)

    def show_problem(self, problem: str) -> None:
        """The sets could not be had: say why (one line, plain text)."""
        self.problem = problem
        self.query_one("#sets-title", Static).update(Content(problem))

    def samples_found(self) -> None:
        """Samples' icons were found: the board draws them (none while the view opens or closes)."""
        board = self.query_one_optional(SetsBoard)
        if board is not None:
            board.samples_found()

    def previews_changed(self, icon_ids: tuple[int, ...]) -> None:
        """Pictures came from the loader: the board repaints those on screen."""
        board = self.query_one_optional(SetsBoard)
        if board is not None:
            board.previews_changed(icon_ids)

    def _show(self, *, keep: int | None) -> None:
        sets = self.sets
        if sets is None:
            return
        typed = self.typed
        groups = grouped(sets, typed)
        shown = sum(len(group.sets) for group in groups)
        total = f"{len(sets):,} set{'' if len(sets) == 1 else 's'}"
        if typed.strip():
            title = f"Sets · {shown:,} of {total} match “{typed.strip()}”" if shown else f"Sets · none of {total} match"
        else:
            title = f"Sets · {total} served, by category"
        self.query_one("#sets-title", Static).update(Content(title))
        self.board.show_groups(groups, keep=keep)
        self._shown_once = True

    @on(Input.Changed, "#sets-filter")
    def _typed_changed(self, event: Input.Changed) -> None:
        board = self.query_one_optional(SetsBoard)
        current = board.highlighted_set if board is not None else None
        self._show(keep=current.id if current is not None else None)

    @on(SetsBoard.Shown)
    def _shown(self, message: SetsBoard.Shown) -> None:
        self._source.want_samples(message.sets)

    @on(SetsBoard.Chosen)
    def _chosen(self, message: SetsBoard.Chosen) -> None:
        typed = self.typed
        self.dismiss()
        self._source.chosen(message.summary, typed)

    def action_board(self, action: str) -> None:
        """Move the board's highlight, or open its set, from the box (which keeps the focus: typing goes
        on narrowing); read before the sets came, once they have."""
        board = self.query_one_optional(SetsBoard)
        if board is None or not self._shown_once:
            self._waiting.append(action)
            return
        getattr(board, f"action_{action}")()

    def action_close(self) -> None:
        """Close the view (the browser as it was)."""
        board = self.query_one_optional(SetsBoard)
        current = board.highlighted_set if board is not None else None
        box = self.query_one_optional(Input)
        typed = box.value if box is not None else self._typed + self._early
        self.dismiss()
        self._source.closed(typed, current.id if current is not None else None)
