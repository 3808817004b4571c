"""Choose which file of an icon to download: "PNG · 512 px", "SVG · vector", "PNG · 64 px (from SVG)"…

The list is `iconcat.disk.saving.choices_for(icon)` (the icon's variants, then smaller PNGs drawn from its
SVG, or resampled from its largest PNG when it has no SVG: "(from 512)"), or the choices a caller
narrowed it to (`iconcat pick --format`). The last format and size chosen are preselected next time
(designers usually want the same kind of file for a whole project), and said so: that row reads "last
used" ("nearest to last used" when the icon lacks that size and the cursor starts on the same format),
so Enter never saves a format nobody saw chosen. The list's order never changes: the cursor moves, the
rows stay. The line under the list says the path the file will be saved as: its name from the file-name
template, and the next free name when a file of that name is already in the folder (`arrow-up-1.svg`),
as saving does (unless the file there has the very same bytes: saving then says "already saved as"); and
the notice of a file saved names its format ("saved EPS as …").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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

from ..key_hints import KeyHints

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon, Variant
    from iconcat.disk.saving import Choice

__all__ = ["VariantPicker", "VariantPreference"]

VariantPreference = tuple[str, "int | None"]
"""(format, pixel size) of the last file chosen."""


LAST_USED = "last used"
NEAREST_TO_LAST_USED = "nearest to last used"


def preferred_index(choices: Sequence[Choice], preference: VariantPreference | None) -> int:
    """Index of the choice matching `preference`: same format and size, else same format, else 0."""
    return remembered_choice(choices, preference)[0]


def remembered_choice(choices: Sequence[Choice], preference: VariantPreference | None) -> tuple[int, str]:
    """(index the cursor starts on, what its row says of it): the choice of `preference`'s format and
    size ("last used"), else the first of its format ("nearest to last used"), else the first ("")."""
    if preference is None:
        return 0, ""
    fmt, size = preference
    for index, choice in enumerate(choices):
        if choice.format == fmt and choice.pixels == size:
            return index, LAST_USED
    for index, choice in enumerate(choices):
        if choice.format == fmt:
            return index, NEAREST_TO_LAST_USED
    return 0, ""


class VariantPicker(ModalScreen["Choice | None"]):
    """A modal list of `icon`'s files; dismisses with the chosen `Choice`, or None on Escape."""

    BINDINGS = [
        Binding("escape", "dismiss_picker", "Close", id="picker-close", tooltip="Close without downloading"),
        Binding("enter", "choose", "Download", id="picker-download", tooltip="Download the highlighted variant"),
        Binding("ctrl+f", "change_folder", "Folder", id="picker-folder", tooltip="Choose the download folder"),
    ]

    def __init__(
        self,
        icon: Icon,
        *,
        preference: VariantPreference | None,
        folder: Path,
        filename_for: Callable[[Icon, Choice], str],
        free_path: Callable[[Path, str], Path | None],
        choices: Sequence[Choice] | None = None,
    ) -> None:
        """`filename_for` names a choice's file (as the download will ask for it); `free_path` says
        where that name lands in `folder` (the next free name when it is taken). `choices` defaults to
        every file the icon offers (`choices_for`)."""
        super().__init__()
        from iconcat.disk.saving import choices_for

        self.icon = icon
        self.choices: list[Choice] = list(choices) if choices is not None else choices_for(icon)
        """What the list offers, in its order."""
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
            remembered, said = remembered_choice(self.choices, self._preference)
            options = [
                Option(
                    Content.assemble(
                        sanitize(choice.label, max_length=48),
                        (f"  · {said}", "italic") if said and index == remembered else "",
                    )
                )
                for index, choice in enumerate(self.choices)
            ]
            yield OptionList(*options, id="picker-list", markup=False)
            yield Static("", id="picker-target", markup=False)
            yield KeyHints("enter download", "ctrl+f folder", "esc close", id="picker-keys")

    def on_mount(self) -> None:
        picker = self.query_one(OptionList)
        if self.choices:
            picker.highlighted = preferred_index(self.choices, self._preference)
        picker.focus()
        self._show_target()

    @property
    def highlighted_choice(self) -> Choice | None:
        """The file under the highlight."""
        index = self.query_one(OptionList).highlighted
        if index is None or not 0 <= index < len(self.choices):
            return None
        return self.choices[index]

    @property
    def highlighted_variant(self) -> Variant | None:
        """The variant under the highlight (the one a smaller PNG is resampled from, for those)."""
        choice = self.highlighted_choice
        return choice.variant if choice is not None else None

    def _show_target(self) -> None:
        choice = self.highlighted_choice
        target = self.query_one("#picker-target", Static)
        if choice is None:
            target.update(Content("This icon has no downloadable variant."))
            return
        name = self._filename_for(self.icon, choice)
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
        """Download the highlighted file."""
        choice = self.highlighted_choice
        if choice is not None:
            self.dismiss(choice)

    @property
    def folder(self) -> Path:
        """Where the file will be saved (ctrl+f changes it)."""
        return self._folder

    def action_change_folder(self) -> None:
        """Choose another download folder (the app's dialog); the line under the list follows."""
        choose = getattr(self.app, "choose_download_folder", None)
        if choose is not None:
            choose(self._folder_changed)

    def _folder_changed(self, folder: Path) -> None:
        self._folder = folder
        if self.is_attached:
            self._show_target()

    def action_dismiss_picker(self) -> None:
        """Close without downloading."""
        self.dismiss(None)
