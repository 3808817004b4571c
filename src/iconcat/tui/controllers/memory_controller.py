"""The browser's memory (issue 14): favourites, recents, preferences, saved answers, previews kept.

Decisions:

- One `Memory` per catalogue, opened by the app (`use`) once the connection is known, and closed
  before another catalogue's or at exit (`close`): the last variant choice is remembered then, and
  what waits in the writer's thread is written.
- Choices made before the memory opened (the first frame's theme, a `t` pressed at once) wait in the
  controller and are remembered when it opens.
- Answers and previews are written by a `MemoryWriter` thread, off the UI thread; previews are read
  back from the memory before they are fetched.
- Trouble (a read-only file, another program holding it past the wait) is said once each, as a
  warning titled "Favourites and history"; the browser goes on with memory alone.
- Remembered icons are shown as they were kept: their previews are asked of the catalogue by icon
  (`Catalogue.thumbnail`: the demo and sets from disk by id, in-process, whatever address an older
  run kept), after the memory's own previews on disk, which are kept by id too.
- Sets from disk share one memory (`memory.LOCAL_SETS`), so a run over other sets remembers icons it
  does not serve: decided from the sets served (`Connection.served_sets`) before anything is asked
  (`browsing.remembered.not_served`). They are listed marked "⊘", the detail pane says in place of
  their variants which set to add with --from, Enter, `d` and space only say so (`refuse_unserved`),
  and their previews come from the memory or not at all: no request is sent for them.
- The controller owns the memory's state, says its notices and puts the favourites' stars through
  the screen it is given (`owner`); the results stay the screen's, which asks the controller for the
  icons to show (`remembered`, `saved_answer`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from iconcat.browsing.remembered import VARIANT, encode_variant, not_served
from iconcat.browsing.search_state import SearchPhase, SearchState
from iconcat.text import sanitize

from ..widgets import DetailPane, ResultsArea
from .memory_writer import MemoryWriter

if TYPE_CHECKING:  # pragma: no cover - typing only
    from textual.widget import Widget

    from iconcat.api import Icon, SearchResult
    from iconcat.memory import Memory

    from ..screens.variant_picker import VariantPreference
    from .catalogue_link import CatalogueLink

__all__ = ["MemoryController"]

TITLE = "Favourites and history"


def _clock(seconds: float) -> str:
    """When an answer was kept, as the status says it: "14:02" today, "2024-03-05 14:02" before."""
    then, now = time.localtime(seconds), time.localtime()
    return time.strftime("%H:%M" if then[:3] == now[:3] else "%Y-%m-%d %H:%M", then)


class MemoryController:
    """What the browser remembers of a catalogue, and its writer thread; see the module docstring."""

    def __init__(
        self,
        owner: Widget,
        link: CatalogueLink,
        variant_choice: Callable[[], VariantPreference | None],
    ) -> None:
        self._owner = owner
        self._link = link
        self._variant_choice = variant_choice
        """The variant picker's last choice (the downloads panel's, set as the picker closes)."""
        self.memory: Memory | None = None
        """What is remembered of this catalogue (favourites, recents), once the app has opened it."""
        self.writer: MemoryWriter | None = None
        """Writes answers and previews to the memory in a thread (once the memory is open)."""
        self._pending_preferences: dict[str, str] = {}
        """Choices made before the memory opened: remembered once it has."""
        self._memory_notice_said = ""
        self._writer_notice_said = ""
        self._variant_remembered = variant_choice()
        """The variant choice last remembered (the app set the panel's from the memory)."""
        self.unserved: dict[int, str] = {}
        """The remembered icons listed whose set is not served in this run, by id: why (`not_served`)."""

    def use(self, memory: Memory) -> None:
        """Remember with `memory` from now on (a new one for each catalogue): its favourites starred,
        its trouble said, if any."""
        self.close()
        self.memory = memory
        self._memory_notice_said = memory.notice  # (said just below)
        self.writer = MemoryWriter(memory)
        for key, value in self._pending_preferences.items():
            memory.remember(key, value)
        self._pending_preferences.clear()
        self.mark_favourites()
        self.say_opening_notice()

    def say_opening_notice(self) -> None:
        """Say why the memory is not what it should be (kept in memory alone, a newer schema), if so."""
        if self.memory is not None and self.memory.notice:
            self._notify(self.memory.notice)

    def close(self) -> None:
        """Remember the last choices, write what waits to be written, close the memory (at exit, or
        before another catalogue's)."""
        self.remember_variant_choice()
        if self.writer is not None:
            self.writer.close()
            self.writer = None
        if self.memory is not None:
            self.memory.close()
            self.memory = None

    def remember_preference(self, key: str, value: str) -> None:
        """Remember a choice (theme, view, pictures, variant) for the next run (see `remembered`)."""
        if self.memory is None:
            self._pending_preferences[key] = value
        else:
            self.memory.remember(key, value)
            self.say_trouble()

    def say_trouble(self) -> None:
        """Say, once each, what the memory could not remember since it opened (a write refused: a
        read-only file, another program holding it past the wait); on with memory alone otherwise."""
        trouble = ""
        if self.memory is not None and self.memory.notice != self._memory_notice_said:
            trouble = self._memory_notice_said = self.memory.notice
        elif self.writer is not None and self.writer.notice and self.writer.notice != self._writer_notice_said:
            trouble = self._writer_notice_said = self.writer.notice
        if trouble:
            self._notify(trouble)

    def remember_variant_choice(self) -> None:
        """The variant picker's choice, remembered when it changed (a dialog closed, or at exit)."""
        preference = self._variant_choice()
        if preference is not None and preference != self._variant_remembered:
            self._variant_remembered = preference
            self.remember_preference(VARIANT, encode_variant(preference))

    def keep_answer(self, query: str, icons: Sequence[Icon]) -> None:
        """Keep a search's answer, for when the catalogue cannot be reached (in the writer's thread)."""
        if self.writer is not None and query:
            self.writer.keep_answer(query, icons)
            self.say_trouble()  # (an earlier write's, in the writer's thread)

    async def fetch_preview(self, icon: Icon) -> bytes:
        """An icon's preview: from the memory's previews on disk when kept there, else fetched (and
        then kept, by the writer's thread, once it decodes)."""
        memory, writer = self.memory, self.writer  # (the catalogue may change while this one waits)
        if memory is not None:
            kept = memory.preview(icon.id)
            if kept is not None:
                return kept
        if self.not_served(icon):  # (asked, the catalogue would only say "not found")
            from ..thumbnail_cache import PreviewFailure
            from .catalogue_link import PreviewUnavailable

            raise PreviewUnavailable(PreviewFailure("not served", missing=True), permanent=True)
        data = await self._link.fetch_preview(icon)
        if writer is not None:
            writer.keep_preview(icon.id, data)
            if memory is not None:
                memory.expect_preview(icon.id)
        return data

    def saved_answer(self, failed: SearchState) -> tuple[SearchResult, SearchState] | None:
        """The catalogue is unreachable: the last answer seen for the same query, its state marked
        "offline · from 14:02", said in a notice; None when there is none."""
        saved = self.memory.saved_answer(failed.query) if self.memory is not None and failed.query else None
        if saved is None or not saved.icons:
            return None
        from iconcat.api import SearchResult

        icons = saved.icons
        when = _clock(saved.saved_at)
        self._owner.notify(
            f"{failed.message} Showing the last answer seen for this search, from {when}; ctrl+r tries again.",
            title="Offline",
            severity="warning",
            markup=False,
        )
        state = SearchState(SearchPhase.RESULTS, failed.query, count=len(icons), offline_from=when)
        return SearchResult(icons=icons, more_available=False), state

    def remembered(self) -> tuple[SearchResult, SearchState] | None:
        """With an empty query: the favourites (latest first), then the recent icons that are not
        favourites, as results; None when there are none (the prompt shows)."""
        if self.memory is None:
            return None
        favourites = self.memory.favourites()
        seen = {icon.id for icon in favourites}
        recents = tuple(icon for icon in self.memory.recents() if icon.id not in seen)
        icons = favourites + recents
        self.mark_unserved(icons)
        if not icons:
            return None
        from iconcat.api import SearchResult

        elsewhere = "" if favourites else self.favourites_elsewhere()
        state = SearchState(SearchPhase.RESULTS, "", count=len(icons), favourites=len(favourites), elsewhere=elsewhere)
        return SearchResult(icons=icons, more_available=False), state

    def favourites_elsewhere(self) -> str:
        """Where the favourites are when this catalogue has none and others have (see `catalogue_names`)."""
        from iconcat.catalogue_names import favourites_elsewhere_note

        memory = self.memory
        if memory is None or memory.favourite_ids():
            return ""
        return favourites_elsewhere_note(memory.catalogue, memory.favourites_elsewhere())

    def favourite_ids(self) -> frozenset[int] | None:
        """The favourites' ids (for their stars), None before the memory opened."""
        return self.memory.favourite_ids() if self.memory is not None else None

    def mark_favourites(self) -> None:
        """The favourites' stars: in the detail pane, and on their tiles and rows."""
        ids = self.favourite_ids()
        if ids is None:
            return
        detail = self._owner.query_one_optional(DetailPane)
        if detail is not None:
            detail.favourite_ids = ids
            detail.show_name()
        area = self._owner.query_one_optional(ResultsArea)
        if area is not None:
            area.set_favourites(ids)

    def not_served(self, icon: Icon) -> str:
        """Why `icon` (a remembered one) cannot be had in this run: its set is not served; "" when it can."""
        return not_served(icon, self._link.connection.served_sets)

    def refuse_unserved(self, icon: Icon | None) -> bool:
        """Say why nothing can be done with `icon` when its set is not served in this run (Enter, `d`,
        space), and return True; False, having said nothing, when it can be had."""
        reason = self.not_served(icon) if icon is not None else ""
        if reason:
            self._owner.notify(reason, title="Not served", severity="warning", markup=False)
        return bool(reason)

    def mark_unserved(self, icons: Sequence[Icon]) -> None:
        """Note which of the remembered `icons` are of sets not served in this run, and mark them: "⊘" on
        their tiles and rows, the reason in the detail pane instead of their variants."""
        served = self._link.connection.served_sets
        self.unserved = {icon.id: reason for icon in icons if (reason := not_served(icon, served))}
        ids = frozenset(self.unserved)
        detail = self._owner.query_one_optional(DetailPane)
        if detail is not None:
            detail.unserved = self.unserved
            detail.show_variants()
        area = self._owner.query_one_optional(ResultsArea)
        if area is not None:
            area.set_unserved(ids)

    def toggle_favourite(self, icon: Icon | None) -> bool:
        """Mark `icon` (the highlighted one) as a favourite, or unmark it, say so and star it; False,
        having said to highlight one, when there is none or no memory yet."""
        if icon is None or self.memory is None:
            self._owner.notify("Highlight an icon to make it a favourite.", markup=False)
            return False
        now = self.memory.toggle_favourite(icon)
        name = sanitize(icon.name, max_length=60)
        said = f"★ {name} is a favourite." if now else f"{name} is no longer a favourite."
        self._owner.notify(said + " Favourites show when the search box is empty.", title="Favourites", markup=False)
        self.say_trouble()
        self.mark_favourites()
        return True

    def used(self, icon: Icon) -> None:
        """`icon` was opened in the picker or downloaded: it goes to the top of the recents."""
        if self.memory is not None:
            self.memory.used(icon)
            self.say_trouble()

    def _notify(self, trouble: str) -> None:
        self._owner.notify(trouble, title=TITLE, severity="warning", markup=False)
