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


def quit_question(running: int) -> str:
    """What the dialog asks while `running` downloads run (or says once none does)."""
    if running == 0:
        return "The downloads finished: nothing will be lost.\nQuit now?"
    if running == 1:
        return "1 download is still running.\nQuit and cancel it?"
    return f"{running} downloads are still running.\nQuit and cancel them?"


class ConfirmQuit(ModalScreen[bool]):
    """Dismisses with True to quit anyway, False to keep downloading."""

    BINDINGS = [
        Binding("escape,n", "answer(False)", "Keep downloading", id="quit-no", tooltip="Go back; downloads continue"),
        Binding("y", "answer(True)", "Quit", id="quit-yes", tooltip="Cancel the downloads and quit"),
    ]

    running: var[int] = var(0, init=False)
    """Downloads still running; the question and the buttons follow it."""

    def __init__(self, running: int) -> None:
        super().__init__()
        self.set_reactive(ConfirmQuit.running, running)

    def compose(self) -> ComposeResult:
        with Vertical(id="quit-dialog"):
            yield Static(Content(quit_question(self.running)), id="quit-question", markup=False)
            with Horizontal(id="quit-buttons"):
                yield Button(Content("Keep downloading"), id="quit-keep", variant="primary")
                yield Button(Content("Quit"), id="quit-confirm", variant="error")

    def on_mount(self) -> None:
        self.query_one("#quit-keep", Button).focus()

    def watch_running(self, running: int) -> None:
        self.query_one("#quit-question", Static).update(Content(quit_question(running)))
        if running == 0:
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
