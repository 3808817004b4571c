"""The keys, in a modal: what a person can do, from anywhere in the browser."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

__all__ = ["HelpScreen", "KEY_HELP"]

KEY_HELP: tuple[tuple[str, str], ...] = (
    ("/", "search: results follow as you type, Enter at once"),
    ("↓ or esc", "from the search box to the results"),
    ("↑ ↓ PgUp PgDn", "move through the results"),
    ("Home End", "first / last result"),
    ("Enter or d", "download the highlighted icon (pick format, size)"),
    ("tab", "move between search, results and downloads"),
    ("mouse", "click previews an icon, double-click downloads it"),
    ("x", "cancel the selected (or latest running) download"),
    ("r", "retry the selected (or latest failed) download"),
    ("ctrl+r", "search again (after an error)"),
    ("c", "connect: base URL, token, download folder"),
    ("t", "pictures: half blocks, quadrant blocks, or off"),
    ("ctrl+p", "command palette: every action, and themes"),
    ("?", "this help"),
    ("q", "quit (asks first while downloads run)"),
)
"""Key, what it does: the help screen's table (kept in step with the app's bindings by a test)."""


class HelpScreen(ModalScreen[None]):
    """Lists the keys; any of Escape, q or ? closes it."""

    BINDINGS = [
        Binding("escape,q,question_mark", "dismiss", "Close", id="help-close", tooltip="Close the help"),
    ]

    def compose(self) -> ComposeResult:
        width = max(len(key) for key, _ in KEY_HELP)
        table = Content("\n").join(
            Content.assemble((key.ljust(width), ".help-screen--key"), "  ", text) for key, text in KEY_HELP
        )
        with Vertical(id="help-dialog"):
            yield Static(Content("Keys"), id="help-title", markup=False)
            with VerticalScroll(id="help-body"):
                yield Static(table, id="help-table", markup=False)
            yield Static(Content("esc close"), id="help-keys", markup=False)

    COMPONENT_CLASSES = {"help-screen--key"}
    """`help-screen--key`: the key column."""
