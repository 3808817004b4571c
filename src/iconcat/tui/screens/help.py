"""The keys, in a modal: what a person can do, from anywhere in the browser (from `keys.COMMANDS`)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from ..keys import help_lines

__all__ = ["HelpScreen"]


class HelpScreen(ModalScreen[None]):
    """Lists the keys, and how pictures are drawn on this terminal; any of Escape, q or ? closes it."""

    BINDINGS = [
        Binding("escape,q,question_mark", "dismiss", "Close", id="help-close", tooltip="Close the help"),
    ]

    def __init__(self, pictures: str = "") -> None:
        super().__init__()
        self._pictures = pictures

    def compose(self) -> ComposeResult:
        lines = help_lines()
        width = max(len(key) for key, _ in lines)
        table = Content("\n").join(
            Content.assemble((key.ljust(width), ".help-screen--key"), "  ", text) for key, text in lines
        )
        with Vertical(id="help-dialog"):
            yield Static(Content("Keys"), id="help-title", markup=False)
            with VerticalScroll(id="help-body"):
                yield Static(table, id="help-table", markup=False)
                if self._pictures:
                    yield Static(Content(self._pictures), id="help-pictures", markup=False)
            yield Static(Content("esc close"), id="help-keys", markup=False)

    COMPONENT_CLASSES = {"help-screen--key"}
    """`help-screen--key`: the key column."""
