"""Choose which file of an icon to download: "PNG · 512 px", "SVG · vector"…

The last format and size chosen are preselected next time (designers usually want the same kind of
file for a whole project); the line under the list says the path the file will be saved as: the next
free name when a file of the suggested name is already in the folder (`arrow-up-1.svg`), as saving does.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon, Variant

__all__ = ["VariantPicker", "VariantPreference"]

VariantPreference = tuple[str, "int | None"]
"""(format, size) of the last variant chosen."""


def preferred_index(variants: tuple[Variant, ...], preference: VariantPreference | None) -> int:
    """Index of the variant matching `preference`: same format and size, else same format, else 0."""
    if preference is None:
        return 0
    fmt, size = preference
    for index, variant in enumerate(variants):
        if variant.format.lower() == fmt and variant.size == size:
            return index
    for index, variant in enumerate(variants):
        if variant.format.lower() == fmt:
            return index
    return 0


class VariantPicker(ModalScreen["Variant | None"]):
    """A modal list of `icon`'s variants; dismisses with the chosen Variant, or None on Escape."""

    BINDINGS = [
        Binding("escape", "dismiss_picker", "Close", id="picker-close", tooltip="Close without downloading"),
        Binding("enter", "choose", "Download", id="picker-download", tooltip="Download the highlighted variant"),
    ]

    def __init__(
        self,
        icon: Icon,
        *,
        preference: VariantPreference | None,
        folder: Path,
        filename_for: Callable[[Icon, Variant], str],
        free_path: Callable[[Path, str], Path | None],
    ) -> None:
        """`filename_for` names a variant's file (as the download will ask for it); `free_path` says
        where that name lands in `folder` (the next free name when it is taken)."""
        super().__init__()
        self.icon = icon
        self._preference = preference
        self._folder = folder
        self._filename_for = filename_for
        self._free_path = free_path

    def compose(self) -> ComposeResult:
        with Vertical(id="picker-dialog"):
            yield Static(
                Content.assemble("Download ", (sanitize(self.icon.name), "bold")),
                id="picker-title",
                markup=False,
            )
            options = [Option(Content(sanitize(variant.label, max_length=40))) for variant in self.icon.variants]
            yield OptionList(*options, id="picker-list", markup=False)
            yield Static("", id="picker-target", markup=False)
            yield Static(Content("enter download · esc close"), id="picker-keys", markup=False)

    def on_mount(self) -> None:
        picker = self.query_one(OptionList)
        if self.icon.variants:
            picker.highlighted = preferred_index(self.icon.variants, self._preference)
        picker.focus()
        self._show_target()

    @property
    def highlighted_variant(self) -> Variant | None:
        """The variant under the highlight."""
        index = self.query_one(OptionList).highlighted
        if index is None or not 0 <= index < len(self.icon.variants):
            return None
        return self.icon.variants[index]

    def _show_target(self) -> None:
        variant = self.highlighted_variant
        target = self.query_one("#picker-target", Static)
        if variant is None:
            target.update(Content("This icon has no downloadable variant."))
            return
        name = self._filename_for(self.icon, variant)
        path = self._free_path(self._folder, name)
        if path is None:
            message = f"Too many files named like {name} in {self._folder}: the download would fail."
            target.update(Content(sanitize(message, max_length=None)))
            return
        target.update(Content.assemble(("Saves to ", "dim"), sanitize(str(path), max_length=None)))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._show_target()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_choose()

    def action_choose(self) -> None:
        """Download the highlighted variant."""
        variant = self.highlighted_variant
        if variant is not None:
            self.dismiss(variant)

    def action_dismiss_picker(self) -> None:
        """Close without downloading."""
        self.dismiss(None)
