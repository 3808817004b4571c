"""Asked before quitting while downloads run: quitting cancels them (and removes their partial files)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

__all__ = ["ConfirmQuit"]


class ConfirmQuit(ModalScreen[bool]):
    """Dismisses with True to quit anyway, False to keep downloading."""

    BINDINGS = [
        Binding("escape,n", "answer(False)", "Keep downloading", id="quit-no", tooltip="Go back; downloads continue"),
        Binding("y", "answer(True)", "Quit", id="quit-yes", tooltip="Cancel the downloads and quit"),
    ]

    def __init__(self, running: int) -> None:
        super().__init__()
        self.running = running

    def compose(self) -> ComposeResult:
        noun = "download is" if self.running == 1 else "downloads are"
        with Vertical(id="quit-dialog"):
            yield Static(
                Content(f"{self.running} {noun} still running.\nQuit and cancel {'it' if self.running == 1 else 'them'}?"),
                id="quit-question",
                markup=False,
            )
            with Horizontal(id="quit-buttons"):
                yield Button(Content("Keep downloading"), id="quit-keep", variant="primary")
                yield Button(Content("Quit"), id="quit-confirm", variant="error")

    def on_mount(self) -> None:
        self.query_one("#quit-keep", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "quit-confirm")

    def action_answer(self, quit_anyway: bool) -> None:
        """Answer the question."""
        self.dismiss(quit_anyway)
