"""The keys, in a modal: what a person can do, from anywhere in the browser (from `keys.COMMANDS`)."""

from __future__ import annotations

from rich.style import Style
from rich.table import Table
from rich.text import Text
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
        with Vertical(id="help-dialog"):
            yield Static(Content("Keys"), id="help-title", markup=False)
            with VerticalScroll(id="help-body"):
                # Filled on mount, when the key column's style is known.
                yield Static("", id="help-table", markup=False)
                if self._pictures:
                    yield Static(Content(self._pictures), id="help-pictures", markup=False)
            yield Static(Content("esc close  ↑↓ scroll"), id="help-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one("#help-table", Static).update(
            key_table(help_lines(), self.get_component_rich_style("help-screen--key"))
        )

    COMPONENT_CLASSES = {"help-screen--key"}
    """`help-screen--key`: the key column."""


def key_table(lines: list[tuple[str, str]], key_style: Style) -> Table:
    """Keys and what they do in two columns: a long description wraps under itself, never under the
    keys (a Rich grid reflows to the dialog's width; the keys and descriptions are iconcat's own text)."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, style=key_style)
    table.add_column(ratio=1)
    for key, text in lines:
        table.add_row(Text(key), Text(text))
    return table
