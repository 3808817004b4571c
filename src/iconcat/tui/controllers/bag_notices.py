"""What the browser screen shows of the bag (issue 14): the marks, the status's note, the notices.

`BagController` owns the bag and its batch and only posts messages; this is the screen's side of it:

- the marks on the tiles and rows, and the note in the status ("3 in the bag", "bag: 2 of 5 done"),
  follow every change and every step of the batch;
- marking says what it did ("2 put in the bag: 7 in all. b opens the bag."), and a batch's end says
  how it went (a warning when files failed or were cancelled: "b shows why"; when every icon's file
  was saved, how to take the bag's offer to empty itself);
- quitting with icons in the bag whose files this run never saved, the line printed once the
  browser has closed says the bag is kept for next time (`quit_notice`): it asks nothing;
- `ctrl+a` marks what is shown when it is pressed: while more pages are still loading it says so
  ("Marked 96; more are loading": ctrl+a again adds them once shown), and it asks first when it would
  put more than `MARK_ALL_ASKS_ABOVE` (500) icons in the bag (`screens.ConfirmMarkAll`);
- an open quit question follows the batch (the app counts the bag's files still to save with the
  downloads: `_quit_question_follows`);
- nothing is marked, nor the bag opened, before the memory that keeps the bag has opened.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..widgets import ResultsArea, SearchBar
from .bag_controller import BagController

if TYPE_CHECKING:  # pragma: no cover - typing only
    from textual.notifications import SeverityLevel
    from textual.screen import Screen

    from iconcat.api import Icon
    from iconcat.disk.batch import BatchProgress, BatchSummary

__all__ = ["BagNews", "BagNotices"]

BagNews = BagController.Changed | BagController.Progress | BagController.ItemChanged | BagController.Finished
"""The messages the bag controller posts to the screen."""


class BagNotices:
    """The screen's side of the bag; see the module docstring."""

    def __init__(self, screen: Screen[None], bag: BagController) -> None:
        self._screen = screen
        self._bag = bag

    def hear(self, message: BagNews) -> None:
        """What the screen shows follows the bag's news (the screen routes every bag message here)."""
        if isinstance(message, BagController.Changed):
            self.show_marks()
        elif isinstance(message, BagController.Progress):
            self.progress(message.progress)
        elif isinstance(message, BagController.ItemChanged):
            self.item_changed()
        else:
            self.finished(message.summary)

    def toggle(self, icon: Icon | None) -> None:
        """Put `icon` (the highlighted one) in the bag, or take it out."""
        if icon is None or self._bag.memory is None:
            self._screen.notify("Highlight an icon to put it in the bag.", markup=False)
            return
        self._bag.toggle(icon)

    def mark_all(self, shown: Sequence[Icon], *, loading: bool = False) -> None:
        """Put every icon `shown` in the bag, and say how many went in; first ask, when that is more
        than `MARK_ALL_ASKS_ABOVE`. `loading`: more pages are on their way (only `shown` goes in)."""
        from ..screens.confirm_mark_all import MARK_ALL_ASKS_ABOVE, ConfirmMarkAll

        if not shown or self._bag.memory is None:
            self._screen.notify("No icon is shown to put in the bag.", markup=False)
            return
        shown = tuple(shown)  # (as they are now: pages arriving while the question is open add none)
        count = len({icon.id for icon in shown} - self._bag.ids)
        if count <= MARK_ALL_ASKS_ABOVE:
            self._mark(shown, loading=loading)
            return

        def answered(mark: bool | None) -> None:
            if mark:
                self._mark(shown, loading=loading)

        self._screen.app.push_screen(ConfirmMarkAll(count, loading=loading), answered)

    def _mark(self, shown: Sequence[Icon], *, loading: bool) -> None:
        added = self._bag.mark(shown)
        if loading:
            said = f"Marked {added:,}; more are loading (ctrl+a again adds them once shown)"
        else:
            said = f"{added:,} put in the bag" if added else "Every icon shown is in the bag already"
        self._screen.notify(f"{said}: {len(self._bag):,} in all. b opens the bag.", title="The bag", markup=False)

    def open(self, folder: Path) -> None:
        """Open the bag screen (saving into `folder`), once the memory that keeps the bag has opened."""
        from ..screens.bag import BagScreen

        if self._bag.memory is None:
            self._screen.notify("The bag opens in a moment.", markup=False)
            return
        self._screen.app.push_screen(BagScreen(self._bag, folder))

    def show_marks(self) -> None:
        """The marks on the tiles and rows, and the status's note, as the bag is now."""
        area, bar = self._screen.query_one_optional(ResultsArea), self._screen.query_one_optional(SearchBar)
        if area is not None:
            area.set_marks(self._bag.ids)
        if bar is not None:
            bar.show_bag(self.note(), busy=self._bag.running)

    def note(self, progress: BatchProgress | None = None) -> str:
        """The status's note: the batch's progress while it runs, else how many are in the bag."""
        bag = self._bag
        if bag.running:
            progress = progress or (bag.batch.progress() if bag.batch is not None else None)
            if progress is not None:
                return f"bag: {progress.finished:,} of {progress.count:,} done"
        return f"{len(bag):,} in the bag" if len(bag) else ""

    def progress(self, progress: BatchProgress) -> None:
        """The batch moved on: the status's note follows."""
        bar = self._screen.query_one_optional(SearchBar)
        if bar is not None:
            bar.show_bag(self.note(progress), busy=self._bag.running)

    def item_changed(self) -> None:
        """One file of the batch started or ended: an open quit question follows."""
        self._quit_question_follows()

    def finished(self, summary: BatchSummary) -> None:
        """A run of the batch ended: the marks and note follow, and a notice says how it went."""
        self.show_marks()
        self._quit_question_follows()
        severity: SeverityLevel = "warning" if summary.failed or summary.cancelled else "information"
        more = " b shows why." if summary.failed else ""
        if self._bag.offers_to_empty:
            from ..screens.bag import BagScreen

            bag_open = isinstance(self._screen.app.screen, BagScreen)
            more = " Enter empties the bag." if bag_open else " b, then Enter, empties the bag."
        uncoloured = sum(1 for item in summary.saved + summary.already if item.uncoloured)
        if uncoloured:
            more += f" {uncoloured:,} use{'s' if uncoloured == 1 else ''} no currentColor: kept in their own colours."
        self._screen.notify(f"{summary.headline}.{more}", title="The bag", severity=severity, markup=False)

    def quit_notice(self) -> str | None:
        """What quitting says of the bag ("3 in the bag, kept for next time."), or None: an empty bag,
        one whose every file this run saved, or a bag of this run's own (`iconcat pick --multi`)."""
        bag = self._bag
        never = bag.never_downloaded
        if not bag.kept or not never:
            return None
        count = len(bag)
        unsaved = "" if never == count else f"; {never:,} never downloaded"
        return f"{count:,} in the bag, kept for next time (b opens it{unsaved})."

    def _quit_question_follows(self) -> None:
        """An open quit question counts the bag's files still to save with the downloads (the app
        counts them, one way for every caller; a test's bare host app has no question to follow)."""
        follow = getattr(self._screen.app, "follow_quit_question", None)
        if follow is not None:
            follow()
