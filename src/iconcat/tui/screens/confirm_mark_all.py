"""Asked before `ctrl+a` puts more than `MARK_ALL_ASKS_ABOVE` icons in the bag at once (issue 23).

A bag of hundreds is hundreds of downloads, and ctrl+a is one key away from others: a large marking is
asked about first, as quitting while downloads run is. The safe answer has the focus (Enter or `n`
keeps the bag as it is), `y` marks them. While more pages are still loading, the question says that
only the icons shown now are marked (the browser's notice says so again once they are).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

__all__ = ["MARK_ALL_ASKS_ABOVE", "ConfirmMarkAll", "mark_all_question"]

MARK_ALL_ASKS_ABOVE = 500
"""ctrl+a asks first when it would put more icons than this in the bag."""


def mark_all_question(count: int, *, loading: bool = False) -> str:
    """What the dialog asks before `count` icons go in the bag (`loading`: more pages are on their way)."""
    question = f"Put {count:,} icons in the bag?"
    if loading:
        question += "\nMore are still loading: only those shown now go in."
    return question


class ConfirmMarkAll(ModalScreen[bool]):
    """Dismisses with True to put the icons in the bag, False to leave it as it is."""

    BINDINGS = [
        Binding("escape,n", "answer(False)", "Cancel", id="mark-all-no", tooltip="Leave the bag as it is"),
        Binding("y", "answer(True)", "Put them in", id="mark-all-yes", tooltip="Put every icon shown in the bag"),
    ]

    def __init__(self, count: int, *, loading: bool = False) -> None:
        super().__init__()
        self.question = mark_all_question(count, loading=loading)

    def compose(self) -> ComposeResult:
        with Vertical(id="mark-all-dialog"):
            yield Static(Content(self.question), id="mark-all-question", markup=False)
            with Horizontal(id="mark-all-buttons"):
                yield Button(Content("Cancel"), id="mark-all-cancel", variant="primary")
                yield Button(Content("Put them in"), id="mark-all-confirm")

    def on_mount(self) -> None:
        self.query_one("#mark-all-cancel", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "mark-all-confirm")

    def action_answer(self, mark: bool) -> None:
        """Answer the question."""
        self.dismiss(mark)
