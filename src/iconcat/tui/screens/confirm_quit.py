"""Asked before quitting while downloads run: quitting cancels them (and removes their partial files).

The question follows the downloads while it is open (the app sets `running` as each one ends): it
counts down, and once none is left it says so and offers to quit with nothing lost.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import var
from textual.screen import ModalScreen
from textual.widgets import Button, Static

__all__ = ["ConfirmQuit", "quit_question"]


def _files(count: int) -> str:
    return "1 file" if count == 1 else f"{count} files"


def quit_question(running: int, waiting: int = 0) -> str:
    """What the dialog asks while `running` downloads run and `waiting` files of the bag wait their
    turn (or says once none is left). Both are counted: a bag of 21 with 4 at a time has 4 running and
    up to 17 waiting, and quitting cancels them all."""
    if running + waiting == 0:
        return "The downloads finished: nothing will be lost.\nQuit now?"
    if waiting == 0:
        if running == 1:
            return "1 download is still running.\nQuit and cancel it?"
        return f"{running} downloads are still running.\nQuit and cancel them?"
    wait = "waits" if waiting == 1 else "wait"
    if running == 0:
        return f"{_files(waiting)} of the bag still {wait} to be saved.\nQuit and cancel them?"
    verb = "is" if running == 1 else "are"
    return (
        f"{running} {'download' if running == 1 else 'downloads'} {verb} running and "
        f"{_files(waiting)} of the bag still {wait}.\nQuit and cancel them all?"
    )


class ConfirmQuit(ModalScreen[bool]):
    """Dismisses with True to quit anyway, False to keep downloading."""

    BINDINGS = [
        Binding("escape,n", "answer(False)", "Keep downloading", id="quit-no", tooltip="Go back; downloads continue"),
        Binding("y", "answer(True)", "Quit", id="quit-yes", tooltip="Cancel the downloads and quit"),
    ]

    running: var[int] = var(0, init=False)
    """Downloads still running; the question and the buttons follow it."""

    waiting: var[int] = var(0, init=False)
    """Files of the bag still waiting their turn; the question and the buttons follow it."""

    def __init__(self, running: int, waiting: int = 0) -> None:
        super().__init__()
        self.set_reactive(ConfirmQuit.running, running)
        self.set_reactive(ConfirmQuit.waiting, waiting)

    def follow(self, running: int, waiting: int) -> None:
        """The downloads changed: ask about what is left now (both numbers set before one redraw: set
        one at a time, a moment with both at 0 would relabel the buttons for good)."""
        self.set_reactive(ConfirmQuit.running, running)
        self.set_reactive(ConfirmQuit.waiting, waiting)
        if self.is_mounted:
            self._show()

    def compose(self) -> ComposeResult:
        with Vertical(id="quit-dialog"):
            yield Static(Content(quit_question(self.running, self.waiting)), id="quit-question", markup=False)
            with Horizontal(id="quit-buttons"):
                yield Button(Content("Keep downloading"), id="quit-keep", variant="primary")
                yield Button(Content("Quit"), id="quit-confirm", variant="error")

    def on_mount(self) -> None:
        self.query_one("#quit-keep", Button).focus()

    def watch_waiting(self) -> None:
        self._show()

    def watch_running(self) -> None:
        self._show()

    def _show(self) -> None:
        running = self.running
        self.query_one("#quit-question", Static).update(Content(quit_question(running, self.waiting)))
        if running + self.waiting == 0:
            # Nothing left to keep downloading: the buttons say what they now do.
            self.query_one("#quit-keep", Button).label = Content("Stay")
            confirm = self.query_one("#quit-confirm", Button)
            confirm.variant = "primary"
            confirm.focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "quit-confirm")

    def action_answer(self, quit_anyway: bool) -> None:
        """Answer the question."""
        self.dismiss(quit_anyway)
