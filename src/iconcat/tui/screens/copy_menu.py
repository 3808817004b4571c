"""Copy something of an icon (`y`): its name, its Iconify name (when the catalogue gives one), its id,
a variant's id, the file saved of it, its SVG, and the snippets `iconcat pick --as` prints.

The menu only asks which; the browser copies (`BrowserScreen._copy`), through Textual's clipboard:
an OSC 52 escape sequence written to the terminal, which works over SSH and inside tmux (with
`set-clipboard on`). What is copied from the catalogue is cleaned first (`clipboard_text`): the text
travels base64-encoded inside the sequence, so nothing in it can end the sequence early, but it lands
on a clipboard and is pasted into shells and editors, where an escape character or a bidi override
would act. So no control character (C0, DEL, C1) nor invisible format character survives, but for
line breaks and tabs in the SVG markup.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from iconcat.text import is_hidden, sanitize

from ..key_hints import KeyHints

__all__ = ["COPY_KINDS", "CopyChoice", "CopyMenu", "clipboard_text"]

COPY_KINDS = (
    "name",
    "iconify",
    "icon-id",
    "variant-id",
    "path",
    "svg",
    *(f"as-{kind}" for kind in ("data-url", "jsx", "tsx", "vue", "svelte", "css", "unocss", "tailwind")),
)
"""What the menu offers, in its order ("iconify" only for an icon with an Iconify name; `as-KIND` a
snippet: `copy_controller.SNIPPET_LINES`)."""


def clipboard_text(text: str, *, multiline: bool = False) -> str:
    """`text` fit for the clipboard: control and invisible format characters dropped (with
    `multiline`, line breaks (CR LF and CR become LF) and tabs are kept; without, they are dropped)."""
    if multiline:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    kept = []
    for char in text:
        if multiline and char in "\n\t":
            kept.append(char)
            continue
        if is_hidden(char):  # the rule the screen follows (`sanitize`)
            continue
        if unicodedata.category(char) in ("Zl", "Zp"):  # line and paragraph separators: a break in disguise
            if multiline:
                kept.append("\n")
            continue
        kept.append(char)
    return "".join(kept)


@dataclass(frozen=True)
class CopyChoice:
    """One line of the menu."""

    kind: str
    """One of `COPY_KINDS`."""
    label: str
    """What it is ("Name")."""
    detail: str
    """What would be copied, or why there is nothing (shown plain, sanitised)."""
    available: bool = True
    """False: shown dimmed, cannot be chosen (no file saved yet, no SVG)."""


class CopyMenu(ModalScreen["str | None"]):
    """Dismisses with the chosen `CopyChoice.kind`, or None on Escape."""

    BINDINGS = [
        Binding("escape", "close_menu", "Close", id="copy-close", tooltip="Close without copying"),
        Binding("enter", "choose", "Copy", id="copy-choose", tooltip="Copy the highlighted line"),
    ]

    def __init__(self, name: str, choices: list[CopyChoice]) -> None:
        super().__init__()
        self._name = name
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(id="copy-dialog"):
            yield Static(Content.assemble("Copy from ", (sanitize(self._name), "bold")), id="copy-title", markup=False)
            options = [
                Option(
                    Content.assemble(
                        (f"{choice.label:<12}", "bold" if choice.available else "dim"),
                        (sanitize(choice.detail, max_length=60), "" if choice.available else "dim"),
                    ),
                    id=choice.kind,
                    disabled=not choice.available,
                )
                for choice in self.choices
            ]
            yield OptionList(*options, id="copy-list", markup=False)
            yield KeyHints("enter copy", "esc close", id="copy-keys")

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        first = next((index for index, choice in enumerate(self.choices) if choice.available), None)
        menu.highlighted = first
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_choose(self) -> None:
        """Copy the highlighted line."""
        menu = self.query_one(OptionList)
        index = menu.highlighted
        if index is not None and self.choices[index].available:
            self.dismiss(self.choices[index].kind)

    def action_close_menu(self) -> None:
        """Close without copying."""
        self.dismiss(None)
