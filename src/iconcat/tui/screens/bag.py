"""The bag (`b`): the marked icons, one format and size for all, and "download all".

What it shows, top to bottom: how many icons; the variant preference (a format and size: each icon
gets the nearest choice it offers, `saving.nearest_choice`); the folder files go to; the icons, each
with its choice or "nothing close" (those are listed under the list too, and left out of a batch) and,
once a batch has run, what became of its file; the batch's progress ("12 of 50 · 3.4 MB · 1.2 MB/s");
the summary of the last batch (saved, already there, failed with each reason, cancelled); and once a
batch has saved the file of every icon in the bag, the offer to empty it (`BagController.offers_to_empty`):
its button has the focus, so Enter takes it and esc leaves the bag as it is.

Keys: `d` download all, `x` cancel all, `r` retry the failed, `space`/`delete` take the highlighted icon
out of the bag, `e` twice empty the bag, `s` its exports (`screens.bag_export`: a sprite, a zip,
Iconify JSON), `ctrl+f` the download folder (`screens.download_folder`), `esc` close. The buttons do the same.

Decisions: closing the screen never stops a batch (it is the browser screen's worker: the status line
keeps counting, and opening the bag again shows it); "download all" keeps the icons in the bag until
the person empties it (`e` twice, or the offer once every file is saved: nothing is lost then), so the
same icons can be saved again in another format; a partial success offers nothing (retry, or take
icons out one by one); a second batch cannot start while one runs. Every string from the catalogue
(names, styles, sets, formats) and every failure reason is sanitised and shown as plain Content.
"""

from __future__ import annotations

from pathlib import Path
from time import monotonic
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, ProgressBar, Select, Static
from textual.widgets.option_list import Option

from iconcat.disk.batch import BatchItem, BatchProgress, BatchSummary, ItemState, format_bytes
from iconcat.text import sanitize

from ..controllers.bag_controller import BagController, Preference, preference_label
from ..key_hints import KeyHints
from .bag_export import BagExportScreen

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon
    from iconcat.disk.saving import Choice

__all__ = ["BagScreen", "summary_text"]

EMPTY_CONFIRM_SECONDS = 4.0
"""How long after a first `e` a second one empties the bag."""
FAILURES_LISTED = 200
"""Most failures the summary names one by one (the rest are counted)."""


def _name(icon: Icon, length: int = 60) -> str:
    return sanitize(icon.name, max_length=length) or f"icon {icon.id}"


def _choice_label(choice: Choice) -> str:
    return sanitize(choice.label, max_length=40)


def summary_text(summary: BatchSummary) -> str:
    """The summary of a batch for a person: the counts, then each failure with its reason (plain text)."""
    lines = [summary.headline[:1].upper() + summary.headline[1:] + "."]
    for item in summary.failed[:FAILURES_LISTED]:
        lines.append(f"  ✗ {_name(item.icon)} ({_choice_label(item.choice)}): {sanitize(item.reason, max_length=200)}")
    if len(summary.failed) > FAILURES_LISTED:
        lines.append(f"  … and {len(summary.failed) - FAILURES_LISTED} more failed")
    if summary.failed or summary.cancelled:
        lines.append("r retries the failed and cancelled files.")
    return "\n".join(lines)


def _item_status(item: BatchItem | None) -> tuple[str, str]:
    """(what became of an icon's file, its style) for its row."""
    if item is None:
        return "", ""
    state = item.state
    if state is ItemState.RUNNING:
        if item.total:
            return f"  {100 * item.bytes_done // max(item.total, 1)}%", "italic"
        return f"  {format_bytes(item.bytes_done)}" if item.bytes_done else "  saving…", "italic"
    if state is ItemState.SAVED:
        return "  ✓ saved", "bold"
    if state is ItemState.ALREADY:
        return "  = already there", ""
    if state is ItemState.FAILED:
        return f"  ✗ failed: {sanitize(item.reason, max_length=120)}", "bold"
    if state is ItemState.CANCELLED:
        return "  cancelled", "italic"
    return "  waiting", "dim"


class BagScreen(ModalScreen[None]):
    """The bag's icons and their batch; see the module docstring."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="bag-close", tooltip="Close the bag (a download goes on)"),
        Binding("d", "download_all", "Download all", id="bag-download-all", tooltip="Save every icon of the bag"),
        Binding("x", "cancel_all", "Cancel all", id="bag-cancel-all", tooltip="Cancel every file still to save"),
        Binding("r", "retry_failed", "Retry failed", id="bag-retry", tooltip="Save the failed files again"),
        Binding(
            "space,delete",
            "take_out",
            "Take out",
            id="bag-take-out",
            tooltip="Take the highlighted icon out of the bag",
        ),
        Binding("e", "empty", "Empty", id="bag-empty", tooltip="Empty the bag (press twice)"),
        Binding("s", "export", "Export", id="bag-export", tooltip="Export the bag: an SVG sprite, a zip, Iconify JSON"),
        Binding("ctrl+f", "change_folder", "Folder", id="bag-folder-key", tooltip="Choose the download folder"),
    ]

    def __init__(self, bag: BagController, folder: Path) -> None:
        super().__init__()
        self.bag = bag
        self.folder = folder
        self._icons: tuple[Icon, ...] = ()
        self._plan: dict[int, Choice | None] = {}
        self._rows: dict[int, int] = {}
        """Icon id → its row."""
        self._preferences: list[Preference] = []
        self._empty_asked_at = -1.0

    # ----------------------------------------------------------------- building

    def compose(self) -> ComposeResult:
        with Vertical(id="bag-dialog"):
            yield Static("", id="bag-title", markup=False)
            with Horizontal(id="bag-preference"):
                yield Static(Content("Format and size"), id="bag-preference-label", markup=False)
                yield Select[Preference]([], id="bag-variant", allow_blank=True, prompt="nothing to choose")
            yield Static(
                Content.assemble(("Saves into ", "dim"), sanitize(str(self.folder), max_length=None)),
                id="bag-folder",
                markup=False,
            )
            yield OptionList(id="bag-list", markup=False)
            yield Static("", id="bag-nothing", markup=False)
            with Horizontal(id="bag-progress-row"):
                yield ProgressBar(total=None, show_eta=False, id="bag-bar")
                yield Static("", id="bag-progress", markup=False)
            with VerticalScroll(id="bag-summary-box"):
                yield Static("", id="bag-summary", markup=False)
            with Horizontal(id="bag-offer"):
                yield Static(Content("Every file is saved: "), id="bag-offer-text", markup=False)
                yield Button(Content("Empty the bag"), id="bag-offer-empty", variant="primary", compact=True)
                yield Static(Content("  enter empties it, esc keeps it"), id="bag-offer-keys", markup=False)
            with Horizontal(id="bag-buttons"):
                yield Button(Content("Download all"), id="bag-download", variant="primary")
                yield Button(Content("Cancel all"), id="bag-cancel")
                yield Button(Content("Retry failed"), id="bag-retry-button")
                yield Button(Content("Empty the bag"), id="bag-empty-button", variant="error")
            yield KeyHints(
                "d download all",
                "x cancel all",
                "r retry failed",
                "space take out",
                "e empty",
                "s export",
                "ctrl+f folder",
                "esc close",
                id="bag-keys",
            )

    def on_mount(self) -> None:
        self.bag.listen(self)
        self._rebuild()
        batch = self.bag.batch
        # No batch yet: no bar (an empty one pulses as if something were under way).
        self.query_one("#bag-progress-row").display = batch is not None
        if batch is not None:
            self._show_progress(batch.progress())
            if not self.bag.running:
                self._show_summary(batch.summary())
        self.query_one("#bag-list", OptionList).focus()
        self._show_offer()

    def on_unmount(self) -> None:
        self.bag.stop_listening(self)

    @property
    def preference(self) -> Preference:
        """The format and size asked of every icon (the chooser's, else the remembered one)."""
        value = self.query_one("#bag-variant", Select).value
        return value if isinstance(value, tuple) else self.bag.preference

    def _rebuild(self) -> None:
        """The list, the chooser and the lines under them, from the bag as it is now."""
        self._icons = self.bag.icons()
        count = len(self._icons)
        title = f"The bag · {count} icon{'' if count == 1 else 's'}" if count else "The bag is empty"
        hint = "" if count else ": space over the results puts an icon in it, ctrl+a all those shown"
        self.query_one("#bag-title", Static).update(Content(title + hint))
        self._fill_preferences()
        self._replan()

    def _fill_preferences(self) -> None:
        preferences = BagController.preferences_for(self._icons, self.bag.preference)
        select: Select[Preference] = self.query_one("#bag-variant", Select)
        if preferences != self._preferences:
            self._preferences = preferences
            with self.prevent(Select.Changed):
                select.set_options((Content(preference_label(pref)), pref) for pref in preferences)
        wanted = self.bag.preference
        if preferences and select.value != wanted:
            with self.prevent(Select.Changed):
                select.value = wanted if wanted in preferences else preferences[0]

    def _replan(self) -> None:
        """Each icon's choice for the preference, and the rows and lines that show them."""
        preference = self.preference
        self._plan = {icon.id: choice for icon, choice in BagController.plan(self._icons, preference)}
        items = self._batch_items()
        listing = self.query_one("#bag-list", OptionList)
        highlighted = listing.highlighted
        self._rows = {icon.id: index for index, icon in enumerate(self._icons)}
        listing.set_options(Option(self._row(icon, items.get(icon.id))) for icon in self._icons)
        if self._icons:
            listing.highlighted = min(highlighted or 0, len(self._icons) - 1)
        nothing = [icon for icon in self._icons if self._plan.get(icon.id) is None]
        line = self.query_one("#bag-nothing", Static)
        if nothing:
            names = ", ".join(_name(icon, 40) for icon in nothing[:20])
            more = f" and {len(nothing) - 20} more" if len(nothing) > 20 else ""
            line.update(
                Content(f"Nothing close to {preference_label(preference)} ({len(nothing)}, left out): {names}{more}")
            )
        line.set_class(bool(nothing), "-shown")

    def _batch_items(self) -> dict[int, BatchItem]:
        batch = self.bag.batch
        return {item.icon.id: item for item in batch.items} if batch is not None else {}

    def _row(self, icon: Icon, item: BatchItem | None) -> Content:
        choice = self._plan.get(icon.id)
        where = " · ".join(
            part for part in (sanitize(icon.style.name, max_length=20), sanitize(icon.set.name, max_length=24)) if part
        )
        status, style = _item_status(item)
        return Content.assemble(
            _name(icon),
            (f"  {where}" if where else "", "dim"),
            "  → ",
            _choice_label(choice) if choice is not None else ("nothing close", "italic"),
            (status, style),
        )

    # ----------------------------------------------------------------- the batch's news

    @on(BagController.Changed)
    def _bag_changed(self, message: BagController.Changed) -> None:
        message.stop()
        self._rebuild()
        self._show_offer()

    @on(BagController.ItemChanged)
    def _item_changed(self, message: BagController.ItemChanged) -> None:
        message.stop()
        item = message.item
        index = self._rows.get(item.icon.id)
        if index is not None and index < len(self._icons):
            listing = self.query_one("#bag-list", OptionList)
            listing.replace_option_prompt_at_index(index, self._row(self._icons[index], item))

    @on(BagController.Progress)
    def _progress(self, message: BagController.Progress) -> None:
        message.stop()
        self._show_progress(message.progress)

    @on(BagController.Finished)
    def _finished(self, message: BagController.Finished) -> None:
        message.stop()
        batch = self.bag.batch
        if batch is not None:
            self._show_progress(batch.progress())
        self._show_summary(message.summary)
        self._show_offer()
        items = self._batch_items()  # every row's final word (a cancelled waiting file never started)
        listing = self.query_one("#bag-list", OptionList)
        for index, icon in enumerate(self._icons):
            if icon.id in items:
                listing.replace_option_prompt_at_index(index, self._row(icon, items[icon.id]))

    def _show_progress(self, progress: BatchProgress) -> None:
        self.query_one("#bag-progress-row").display = True
        bar = self.query_one("#bag-bar", ProgressBar)
        bar.update(total=max(progress.count, 1), progress=progress.finished)
        running = self.bag.running
        text = progress.text + (f" · {progress.running} at once" if running and progress.running else "")
        self.query_one("#bag-progress", Static).update(Content("  " + text))

    def _show_summary(self, summary: BatchSummary) -> None:
        shown = self.query_one("#bag-summary", Static)
        shown.update(Content(summary_text(summary)))
        shown.set_class(bool(summary.failed), "-failed")

    def _show_offer(self) -> None:
        """The offer to empty the bag, focused, while the last batch has saved every icon's file; else
        hidden (the list has the focus back)."""
        offered = self.bag.offers_to_empty
        self.query_one("#bag-offer").set_class(offered, "-shown")
        button = self.query_one("#bag-offer-empty", Button)
        if offered:
            button.focus()
        elif self.focused is button:
            self.query_one("#bag-list", OptionList).focus()

    # ----------------------------------------------------------------- acting

    @on(Select.Changed, "#bag-variant")
    def _preference_chosen(self, event: Select.Changed) -> None:
        event.stop()
        if isinstance(event.value, tuple):
            self.bag.preference = event.value
            self._replan()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        action = {
            "bag-download": self.action_download_all,
            "bag-cancel": self.action_cancel_all,
            "bag-retry-button": self.action_retry_failed,
            "bag-empty-button": self.action_empty,
            "bag-offer-empty": self._take_offer,
        }.get(event.button.id or "")
        if action is not None:
            action()

    def action_change_folder(self) -> None:
        """Choose another download folder (the app's dialog): the next "download all" saves there."""
        choose = getattr(self.app, "choose_download_folder", None)
        if choose is not None:
            choose(self._folder_changed)

    def _folder_changed(self, folder: Path) -> None:
        self.folder = folder
        if self.is_attached:
            self.query_one("#bag-folder", Static).update(
                Content.assemble(("Saves into ", "dim"), sanitize(str(folder), max_length=None))
            )

    def action_export(self) -> None:
        """The bag's exports (`BagExportScreen`), into the download folder."""
        if not self._icons:
            self.notify("The bag is empty.", markup=False)
            return
        self.app.push_screen(BagExportScreen(self.bag, self.folder))

    def action_close(self) -> None:
        """Close the bag; a batch goes on."""
        self.dismiss(None)

    def action_download_all(self) -> None:
        """Save every icon of the bag that offers something close to the preference, 4 at a time."""
        if self.bag.running:
            self.notify("The bag is being downloaded: x cancels it.", markup=False)
            return
        planned = [(icon, choice) for icon in self._icons if (choice := self._plan.get(icon.id)) is not None]
        if not planned:
            said = "The bag is empty." if not self._icons else "No icon offers anything close to this format."
            self.notify(said, title="Nothing to download", severity="warning", markup=False)
            return
        self.query_one("#bag-summary", Static).update(Content(""))
        if self.bag.download_all(planned, self.folder, self.preference) is not None:
            self._replan()  # every row says "waiting"
            self._show_offer()  # (gone until this batch has saved them all)

    def action_cancel_all(self) -> None:
        """Cancel every file of the batch still to save (their partial files are removed)."""
        if not self.bag.cancel_all():
            self.notify("Nothing of the bag is being downloaded.", markup=False)

    def action_retry_failed(self) -> None:
        """Save the failed and cancelled files of the last batch again."""
        if self.bag.running:
            self.notify("Wait for the bag's download to end (or x to cancel it).", markup=False)
            return
        if not self.bag.retry_failed():
            self.notify("No failed or cancelled file to retry.", markup=False)
            return
        self.query_one("#bag-summary", Static).update(Content(""))
        self._replan()
        self._show_offer()

    def action_take_out(self) -> None:
        """Take the highlighted icon out of the bag."""
        index = self.query_one("#bag-list", OptionList).highlighted
        if index is None or not 0 <= index < len(self._icons):
            return
        self.bag.unmark([self._icons[index].id])
        self._rebuild()
        self._show_offer()

    def action_empty(self) -> None:
        """Empty the bag: the first press asks, a second within a few seconds empties it."""
        if not self._icons:
            self.notify("The bag is empty.", markup=False)
            return
        now = monotonic()
        if now - self._empty_asked_at > EMPTY_CONFIRM_SECONDS:
            self._empty_asked_at = now
            count = len(self._icons)
            self.notify(f"Press e again to take all {count} icons out of the bag.", title="The bag", markup=False)
            return
        self._empty_asked_at = -1.0
        count = self.bag.empty()
        self._rebuild()
        self._show_offer()
        self.notify(f"The bag is empty ({count} icons taken out).", title="The bag", markup=False)

    def _take_offer(self) -> None:
        """Empty the bag at once: the last batch saved every icon's file (the offer is shown only then)."""
        if not self.bag.offers_to_empty:
            return
        count = self.bag.empty()
        self._rebuild()
        self._show_offer()
        noun = "icon" if count == 1 else "icons"
        self.notify(
            f"The bag is empty ({count} {noun} taken out; their files are saved).", title="The bag", markup=False
        )
