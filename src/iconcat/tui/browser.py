"""The browser screen: the search box, the results, the detail, the downloads, and the routing between them.

The app keeps the connection, the dialogs, the downloads' life and quitting; this screen does the
browsing, each job in its own module:

- `search_runner.SearchRunner`: searches in exclusive workers (a newer one cancels an older one); its
  `Answered` message carries a sequence number, so a late answer is dropped; the next page on demand.
- `filters`: the search box's `key:value` words, applied to the results at hand (never sent);
  `grouping`: one entry per name (`g`), the detail pane showing the group's members.
- `preview_loader.PreviewLoader`: every preview: the detail's picture first, the gallery's tiles, the
  list's neighbours, at most six at once, each fetched once, into the one cache.
- `keys`: the browsing commands are this screen's bindings (so a dialog on top turns them all off).
- `stale_results`: while other search words are on their way, the results on show are the search
  before's: dimmed, and the commands that act on an icon wait for the answer.

`search_state`'s watcher updates the screen. Every string from the catalogue or from an exception is
passed through `sanitize` (failures through `describe_failure`) and shown as plain Content
(notifications with markup=False).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Footer, Header, Input

from iconcat.browsing.filters import Filters, explain_empty, parse_query
from iconcat.browsing.grouping import group_icons
from iconcat.browsing.remembered import PICTURES, VARIANT, VIEW, encode_variant
from iconcat.browsing.search_state import SearchPhase, SearchState
from iconcat.browsing.stale_results import StaleResults, waiting_notice
from iconcat.browsing.written_files import WrittenFiles
from iconcat.config import THUMBNAIL_MODES, VIEWS
from iconcat.failures import describe_failure
from iconcat.text import sanitize

from .bag_controller import BagController
from .keys import bindings_for, command_allowed, types_into_search
from .memory_writer import MemoryWriter
from .pictures import PICTURE_MODES, next_picture_mode
from .preview_loader import PreviewLoader
from .search_runner import SearchRunner
from .terminal_images import TerminalPictures
from .thumbnail_cache import ThumbnailCache
from .true_pixels import TRUE_PIXEL_MODES
from .widgets import (
    DetailPane,
    DownloadsPanel,
    FacetPanel,
    Gallery,
    IconChosen,
    IconHighlighted,
    ResultsArea,
    SearchBar,
    SearchInput,
    Thumbnail,
)

if TYPE_CHECKING:  # pragma: no cover - typing only
    from textual.notifications import SeverityLevel

    from iconcat.api import Icon, SearchResult, Variant
    from iconcat.batch import BatchProgress
    from iconcat.memory import Memory

    from .catalogue_link import CatalogueLink
    from .first_search import FirstSearch
    from .screens.copy_menu import CopyChoice

__all__ = ["BrowserScreen"]

NEIGHBOURS = 3
"""Rows on each side of the highlight whose previews the list view fetches ahead."""

SVG_COPY_LIMIT = 1024 * 1024
"""The largest SVG markup `y` copies, in bytes: more is no icon a clipboard should carry."""


class _TooLarge(Exception):
    """The SVG being fetched for the clipboard passed `SVG_COPY_LIMIT`."""


def _refuse_large_svg(done: int, total: int | None) -> None:
    """The download's progress callback for the SVG copied: stop as soon as it is over the limit."""
    if done > SVG_COPY_LIMIT or (total or 0) > SVG_COPY_LIMIT:
        raise _TooLarge


def _clock(seconds: float) -> str:
    """When an answer was kept, as the status says it: "14:02" today, "2024-03-05 14:02" before."""
    then, now = time.localtime(seconds), time.localtime()
    return time.strftime("%H:%M" if then[:3] == now[:3] else "%Y-%m-%d %H:%M", then)


def _svg_variant(icon: Icon) -> Variant | None:
    """`icon`'s SVG variant, if it has one."""
    return next((variant for variant in icon.variants if variant.format.strip().lower() == "svg"), None)


def _keys_of(binding: object) -> list[str]:
    """The keys a widget's BINDINGS entry names (a Binding, or a (keys, action, …) tuple)."""
    keys = getattr(binding, "key", None) or (binding[0] if isinstance(binding, tuple) else "")
    return [key.strip() for key in str(keys).split(",")]


def _moved_to(icon: Icon, base_url: str) -> Icon:
    """`icon` with its preview's address on `base_url`'s origin (same path): the demo catalogue's icons
    are the same every run, at another port."""
    from urllib.parse import urlsplit, urlunsplit

    old, new = urlsplit(icon.thumbnail), urlsplit(base_url)
    if not old.scheme or (old.scheme, old.netloc) == (new.scheme, new.netloc):
        return icon
    return replace(icon, thumbnail=urlunsplit((new.scheme, new.netloc, old.path, old.query, "")))


class SteadyFooter(Footer):
    """Textual's footer, recomposed only when the keys it shows change.

    Textual recomposes it whenever the bindings might have changed (every focus move): two recomposes
    and layouts of 6-12 ms each on `v`, the slowest frames of the switch. The keys shown are compared
    first (key, label, how the key is shown, enabled, tooltip), and the same keys cost nothing.
    """

    _shown: tuple[tuple[object, ...], ...] | None = None

    COMPACT_BELOW = 110
    """Narrower than this (the app's "-narrow" screens, 80×24), the keys are drawn compact (one space
    less each): at 80 columns over the results, every key shown fits, ^q Quit and ? Keys too."""

    def on_resize(self, event: events.Resize) -> None:
        self.compact = event.size.width < self.COMPACT_BELOW

    def bindings_changed(self, screen: Screen[object]) -> None:
        shown = tuple(
            (key, active.binding.description, active.binding.key_display, active.enabled, active.tooltip)
            for key, active in screen.active_bindings.items()
            if active.binding.show
        )
        if shown == self._shown:
            return
        if screen.app.app_focus:  # (without focus Textual does not recompose: then nothing is shown yet)
            self._shown = shown
        super().bindings_changed(screen)


class BrowserScreen(Screen[None]):
    """Search the catalogue, see the results as tiles or a list, the highlighted icon in the detail."""

    class TokenRejected(Message):
        """The catalogue refused the token: the app opens the connect screen, its token field first."""

        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    BINDINGS = bindings_for("browser")  # type: ignore[assignment]  # a list of Binding is what Textual reads

    search_state: var[SearchState] = var(SearchState, init=False)
    """The current search's state; its watcher updates the status line and the results area.

    A `var`, not a `reactive`: a reactive repaints the whole screen on every change (every widget's
    lines drawn again, more than painting the results costs), and the watcher already updates exactly
    the widgets that show the state."""

    def __init__(
        self,
        link: CatalogueLink,
        downloads_panel: DownloadsPanel,
        *,
        query: str = "",
        thumbnail_mode: str = THUMBNAIL_MODES[0],
        view: str = VIEWS[0],
        group: bool = False,
        pictures: TerminalPictures | None = None,
        choose: Callable[[Icon], None] | None = None,
        written: WrittenFiles | None = None,
        first_search: FirstSearch | None = None,
    ) -> None:
        # The id the stylesheet styles the main screen by (a type selector would match the dialogs too).
        super().__init__(id="browser")
        self.link = link
        self._downloads_panel = downloads_panel
        self.written = written if written is not None else WrittenFiles()
        """The files this session saved (the app's): `y` copies the path of the highlighted icon's."""
        self._writer: MemoryWriter | None = None
        """Writes answers and previews to the memory in a thread (once the memory is open)."""
        self._pending_preferences: dict[str, str] = {}
        """Choices made before the memory opened: remembered once it has."""
        self._memory_notice_said = ""
        self._writer_notice_said = ""
        self._variant_remembered = downloads_panel.variant_preference
        """The variant choice last remembered (the app set the panel's from the memory)."""
        self._initial_query = query
        self._choose = choose
        """What choosing an icon (Enter, d, a double click) does instead of the variant picker (`pick`)."""
        self.pictures = pictures or TerminalPictures()
        """How the terminal draws pictures; with true pixels, they are drawn so unless pictures are off."""
        true_pixels = self.pictures.mode if self.pictures.mode in TRUE_PIXEL_MODES else None
        self._true_pixels = true_pixels
        self._thumbnail_mode = true_pixels if true_pixels and thumbnail_mode != "text" else thumbnail_mode
        self._view = view
        self._auto_loaded_at = -1
        """How many entries were shown when reaching the last one last loaded a page."""
        self.searches = SearchRunner(self, link, first_search)
        """Runs searches; the newest one's answer lands (the first may have started before the app)."""
        self.filters = Filters()
        """The filters in force over the results at hand (the search box's `key:value` words)."""
        self.stale = StaleResults()
        """Which search the results on show answered: while other words are searched, they are dimmed
        and the commands that act on an icon wait (`stale_results`)."""
        self.grouped = group
        """Grouped by name (`g`): one entry per name, its members in the detail pane."""
        self.thumbnails = ThumbnailCache()
        """Preview bytes and renders, shared by the detail pane's thumbnail and the gallery."""
        self.previews = PreviewLoader(self, self.thumbnails, self._fetch_preview, pictures=self.pictures)
        """Fetches every preview shown: the detail's picture first, then the tiles on screen (at most 6 at once)."""
        self.memory: Memory | None = None
        """What is remembered of this catalogue (favourites, recents), once the app has opened it."""
        self.bag = BagController(
            self, link.ready, lambda: link.problem, template=lambda: link.connection.filename_template
        )
        """The icons marked for the bag, and its download batch (a worker of this screen)."""

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="◆")
        yield SearchBar(self._initial_query, id="search-bar")
        with Horizontal(id="main"):
            yield FacetPanel(id="facets")
            yield ResultsArea(self.previews, view=self._view, mode=self._thumbnail_mode, id="results-area")
            yield DetailPane(
                self.thumbnails,
                self.previews,
                thumbnail_mode=self._thumbnail_mode,
                pictures=self.pictures,
                id="detail",
            )
        yield self._downloads_panel
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.query_one(SearchInput).focus()
        if self._initial_query:
            self.start_search(self._initial_query, immediate=True)
        else:
            self.search_state = SearchState()

    def on_unmount(self) -> None:
        self.previews.close()

    def on_screen_suspend(self) -> None:
        self._refresh_true_pixels()

    def on_screen_resume(self) -> None:
        self._refresh_true_pixels()
        # A dialog closed: the variant picker may have changed the variant choice (set as it closes).
        self.call_after_refresh(self._remember_variant_choice)

    def _refresh_true_pixels(self) -> None:
        """A dialog opened or closed: true-pixel pictures blank out under it and come back after (see
        `true_pixels`), and Textual repaints the screen below from its cache unless told otherwise."""
        if self._true_pixels is None:
            return
        for widget in (self.query_one_optional(Thumbnail), *self._galleries()):
            if widget is not None:
                widget.refresh()

    def pictures_summary(self) -> str:
        """How pictures are drawn now, and what the terminal offers (for the help screen)."""
        thumbnail = self.query_one_optional(Thumbnail)
        mode = thumbnail.mode if thumbnail is not None else self._thumbnail_mode
        offered = PICTURE_MODES[self._true_pixels].label if self._true_pixels else "blocks"
        return (
            f"Pictures: {PICTURE_MODES[mode].label} (t changes it). This terminal: {offered}, "
            # The reason quotes the environment and the terminal's own answers (TERM, tmux's client name).
            f"graphics {self.pictures.requested}: {sanitize(self.pictures.reason, max_length=200)}."
        )

    # ----------------------------------------------------------------- remembered icons (issue 14)

    def use_memory(self, memory: Memory) -> None:
        """Remember with `memory` from now on (a new one for each catalogue): an empty search box shows
        its favourites and recent icons."""
        self.close_memory()
        self.memory = memory
        self._memory_notice_said = memory.notice  # (said just below)
        self._writer = MemoryWriter(memory)
        for key, value in self._pending_preferences.items():
            memory.remember(key, value)
        self._pending_preferences.clear()
        self.bag.use_memory(memory, self._writer)
        self._mark_favourites()
        if memory.notice:
            self.notify(memory.notice, title="Favourites and history", severity="warning", markup=False)
        if not self.searches.last_query and self.search_state.phase is SearchPhase.PROMPT:
            self._show_empty_query()
        elif self.search_state.phase is SearchPhase.UNREACHABLE:  # (the first search failed before this)
            self._show_saved_answer(self.search_state)

    def close_memory(self) -> None:
        """Remember the last choices, write what waits to be written, close the memory (at exit, or
        before another catalogue's)."""
        self._remember_variant_choice()
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        if self.memory is not None:
            self.memory.close()
            self.memory = None

    def remember_preference(self, key: str, value: str) -> None:
        """Remember a choice (theme, view, pictures, variant) for the next run (see `remembered`)."""
        if self.memory is None:
            self._pending_preferences[key] = value
        else:
            self.memory.remember(key, value)
            self.say_memory_trouble()

    def say_memory_trouble(self) -> None:
        """Say, once each, what the memory could not remember since it opened (a write refused: a
        read-only file, another program holding it past the wait); on with memory alone otherwise."""
        trouble = ""
        if self.memory is not None and self.memory.notice != self._memory_notice_said:
            trouble = self._memory_notice_said = self.memory.notice
        elif self._writer is not None and self._writer.notice and self._writer.notice != self._writer_notice_said:
            trouble = self._writer_notice_said = self._writer.notice
        if trouble:
            self.notify(trouble, title="Favourites and history", severity="warning", markup=False)

    def _remember_variant_choice(self) -> None:
        preference = self._downloads_panel.variant_preference
        if preference is not None and preference != self._variant_remembered:
            self._variant_remembered = preference
            self.remember_preference(VARIANT, encode_variant(preference))

    async def _fetch_preview(self, icon: Icon) -> bytes:
        """An icon's preview: from the memory's previews on disk when kept there, else fetched (and
        then kept, by the writer's thread, once it decodes)."""
        memory, writer = self.memory, self._writer  # (the catalogue may change while this one waits)
        if memory is not None:
            kept = memory.preview(icon.id)
            if kept is not None:
                return kept
        data = await self.link.fetch_preview(icon)
        if writer is not None:
            writer.keep_preview(icon.id, data)
            if memory is not None:
                memory.expect_preview(icon.id)
        return data

    def _show_saved_answer(self, failed: SearchState) -> bool:
        """The catalogue is unreachable: show the last answer seen for the same query, marked "offline
        · from 14:02" in the status; False when there is none."""
        saved = self.memory.saved_answer(failed.query) if self.memory is not None and failed.query else None
        if saved is None or not saved.icons:
            return False
        from iconcat.api import SearchResult

        icons = saved.icons
        if self.link.connection.is_demo:
            icons = tuple(_moved_to(icon, self.link.connection.base_url) for icon in icons)
        result = SearchResult(icons=icons, more_available=False)
        self.searches.result = result
        when = _clock(saved.saved_at)
        self.notify(
            f"{failed.message} Showing the last answer seen for this search, from {when}; ctrl+r tries again.",
            title="Offline",
            severity="warning",
            markup=False,
        )
        state = SearchState(SearchPhase.RESULTS, failed.query, count=len(icons), offline_from=when)
        self.show_search_result(result, state)
        return True

    def _remembered(self) -> tuple[tuple[Icon, ...], int]:
        """The favourites (latest first), then the recent icons that are not favourites; how many favourites."""
        if self.memory is None:
            return (), 0
        favourites = self.memory.favourites()
        seen = {icon.id for icon in favourites}
        recents = tuple(icon for icon in self.memory.recents() if icon.id not in seen)
        icons = favourites + recents
        if self.link.connection.is_demo:
            # The demo catalogue gets a new port every run: its remembered previews are at this run's.
            icons = tuple(_moved_to(icon, self.link.connection.base_url) for icon in icons)
        return icons, len(favourites)

    def _show_remembered(self) -> bool:
        """With an empty query: show the favourites and recent icons as results (filters apply to them
        as to any); False when there are none (the prompt shows)."""
        icons, favourites = self._remembered()
        if not icons:
            return False
        from iconcat.api import SearchResult

        result = SearchResult(icons=icons, more_available=False)
        self.searches.result = result
        elsewhere = "" if favourites else self._favourites_elsewhere()
        state = SearchState(SearchPhase.RESULTS, "", count=len(icons), favourites=favourites, elsewhere=elsewhere)
        self.show_search_result(result, state)
        return True

    def _favourites_elsewhere(self) -> str:
        """Where the favourites are when this catalogue has none and others have (see `catalogue_names`)."""
        from iconcat.catalogue_names import favourites_elsewhere_note

        memory = self.memory
        if memory is None or memory.favourite_ids():
            return ""
        return favourites_elsewhere_note(memory.catalogue, memory.favourites_elsewhere())

    def _show_empty_query(self) -> None:
        """The empty search box: the remembered icons, or else the prompt."""
        if not self._show_remembered():
            self.searches.result = None
            self.query_one(ResultsArea).show_icons(())
            self.search_state = SearchState(elsewhere=self._favourites_elsewhere())

    def _state_for(self, result: SearchResult) -> SearchState:
        """The state that shows `result` again (the remembered icons' own, with an empty query)."""
        if not self.searches.last_query and self.search_state.favourites is not None:
            favourites, elsewhere = self.search_state.favourites, self.search_state.elsewhere
            return SearchState(
                SearchPhase.RESULTS, "", count=len(result.icons), favourites=favourites, elsewhere=elsewhere
            )
        state = self.searches.state_for(self.searches.last_query, result)
        if self.search_state.offline_from:  # still the last answer kept, shown offline
            state = replace(state, offline_from=self.search_state.offline_from)
        return state

    def _mark_favourites(self) -> None:
        """The favourites' stars: in the detail pane, and on their tiles and rows."""
        if self.memory is None:
            return
        ids = self.memory.favourite_ids()
        detail = self.query_one_optional(DetailPane)
        if detail is not None:
            detail.favourite_ids = ids
            detail.show_name()
        area = self.query_one_optional(ResultsArea)
        if area is not None:
            area.set_favourites(ids)

    def remember_use(self, icon: Icon) -> None:
        """`icon` was opened in the picker or downloaded: it goes to the top of the recents."""
        if self.memory is not None:
            self.memory.used(icon)
            self.say_memory_trouble()

    def action_toggle_favourite(self) -> None:
        """Mark the highlighted icon (grouped: the chosen member) as a favourite, or unmark it."""
        if self.refuse_stale():
            return
        icon = self.highlighted_member()
        if icon is None or self.memory is None:
            self.notify("Highlight an icon to make it a favourite.", markup=False)
            return
        now = self.memory.toggle_favourite(icon)
        name = sanitize(icon.name, max_length=60)
        said = f"★ {name} is a favourite." if now else f"{name} is no longer a favourite."
        self.notify(said + " Favourites show when the search box is empty.", title="Favourites", markup=False)
        self.say_memory_trouble()
        self._mark_favourites()
        if not self.searches.last_query and self.search_state.favourites is not None:
            self._show_empty_query()

    # ----------------------------------------------------------------- the bag (issue 14)

    def action_toggle_mark(self) -> None:
        """Put the highlighted icon (grouped: the chosen member) in the bag, or take it out."""
        if self.refuse_stale():
            return
        icon = self.highlighted_member()
        if icon is None or self.bag.memory is None:
            self.notify("Highlight an icon to put it in the bag.", markup=False)
            return
        self.bag.toggle(icon)

    def action_mark_all(self) -> None:
        """Put every icon shown (after the filters; grouped: every member) in the bag."""
        if self.refuse_stale():
            return
        shown = self.query_one(ResultsArea).shown_icons if self.search_state.phase is SearchPhase.RESULTS else ()
        if not shown or self.bag.memory is None:
            self.notify("No icon is shown to put in the bag.", markup=False)
            return
        added = self.bag.mark(shown)
        said = f"{added:,} put in the bag" if added else "Every icon shown is in the bag already"
        self.notify(f"{said}: {len(self.bag):,} in all. b opens the bag.", title="The bag", markup=False)

    def action_open_bag(self) -> None:
        """Open the bag: the marked icons, a format and size for all, download them all."""
        from .screens.bag import BagScreen

        if self.bag.memory is None:
            self.notify("The bag opens in a moment.", markup=False)
            return
        self.app.push_screen(BagScreen(self.bag, Path(self.link.connection.download_dir).expanduser()))

    def _show_marks(self) -> None:
        area, bar = self.query_one_optional(ResultsArea), self.query_one_optional(SearchBar)
        if area is not None:
            area.set_marks(self.bag.ids)
        if bar is not None:
            bar.bag_note = self._bag_note()

    def _bag_note(self, progress: BatchProgress | None = None) -> str:
        if self.bag.running:
            progress = progress or (self.bag.batch.progress() if self.bag.batch is not None else None)
            if progress is not None:
                return f"bag: {progress.finished:,} of {progress.count:,} done"
        return f"{len(self.bag):,} in the bag" if len(self.bag) else ""

    @on(BagController.Changed)
    def _bag_changed(self, message: BagController.Changed) -> None:
        message.stop()
        self._show_marks()

    @on(BagController.Progress)
    def _bag_progress(self, message: BagController.Progress) -> None:
        message.stop()
        bar = self.query_one_optional(SearchBar)
        if bar is not None:
            bar.bag_note = self._bag_note(message.progress)

    @on(BagController.ItemChanged)
    def _bag_item_changed(self, message: BagController.ItemChanged) -> None:
        message.stop()
        self._quit_question_follows()

    @on(BagController.Finished)
    def _bag_finished(self, message: BagController.Finished) -> None:
        message.stop()
        self._show_marks()
        self._quit_question_follows()
        summary = message.summary
        severity: SeverityLevel = "warning" if summary.failed or summary.cancelled else "information"
        more = " b shows why." if summary.failed else ""
        self.notify(f"{summary.headline}.{more}", title="The bag", severity=severity, markup=False)

    def _quit_question_follows(self) -> None:
        """An open quit question counts the bag's files still to save with the downloads (the app
        counts them, one way for every caller; a test's bare host app has no question to follow)."""
        follow = getattr(self.app, "follow_quit_question", None)
        if follow is not None:
            follow()

    def forget_catalogue(self) -> None:
        """Another catalogue is in use: drop the previews of the one before."""
        self.previews.reset()
        self.thumbnails.clear()

    # ----------------------------------------------------------------- copying (issue 14)

    def action_copy_menu(self) -> None:
        """Copy the highlighted icon's name, id, a variant's id, the file saved of it or its SVG markup."""
        icon = self.highlighted_member()
        if icon is None:
            self.notify("Highlight an icon to copy its name, its id or its file.", markup=False)
            return
        from .screens.copy_menu import CopyMenu

        self.app.push_screen(CopyMenu(icon.name, self._copy_choices(icon)), partial(self._copy, icon))

    def _copy_variant(self, icon: Icon) -> Variant | None:
        """The variant whose id `y` copies: the catalogue's variant nearest the last choice in the
        variant picker (its format, the size closest to the one chosen), else the first."""
        if not icon.variants:
            return None
        preference = self._downloads_panel.variant_preference
        if preference is None:
            return icon.variants[0]
        fmt, size = preference
        same = [variant for variant in icon.variants if variant.format.lower() == fmt]
        if not same:
            return icon.variants[0]
        if size is None:
            return same[0]
        return min(same, key=lambda variant: (abs((variant.size or 0) - size), variant.size or 0))

    def _copy_choices(self, icon: Icon) -> list[CopyChoice]:
        from .screens.copy_menu import CopyChoice

        variant = self._copy_variant(icon)
        saved = self.written.last(icon.id)
        svg = _svg_variant(icon)
        shown_path = str(saved) if saved is not None else ""
        if len(shown_path) > 58:  # the end of a path says more than its start
            shown_path = "…" + shown_path[-57:]
        return [
            CopyChoice("name", "Name", icon.name),
            CopyChoice("icon-id", "Icon id", str(icon.id)),
            CopyChoice(
                "variant-id",
                "Variant id",
                f"{variant.id} ({variant.label})" if variant is not None else "this icon has no variant",
                available=variant is not None,
            ),
            CopyChoice(
                "path",
                "Saved file",
                shown_path or "none saved of this icon in this session",
                available=saved is not None,
            ),
            CopyChoice(
                "svg",
                "SVG markup",
                "fetched from the catalogue" if svg is not None else "this icon has no SVG",
                available=svg is not None,
            ),
        ]

    def _copy(self, icon: Icon, kind: str | None) -> None:
        """Copy what the copy menu chose (`kind`, None: nothing) of `icon` to the clipboard."""
        from .screens.copy_menu import clipboard_text

        name = sanitize(icon.name, max_length=60)
        if kind == "name":
            self._to_clipboard(sanitize(icon.name, max_length=1000), f"the name “{name}”")
        elif kind == "icon-id":
            self._to_clipboard(str(icon.id), f"the icon id {icon.id} ({name})")
        elif kind == "variant-id":
            variant = self._copy_variant(icon)
            if variant is not None:
                label = sanitize(variant.label, max_length=40)
                self._to_clipboard(str(variant.id), f"the variant id {variant.id} ({name}, {label})")
        elif kind == "path":
            saved = self.written.last(icon.id)
            if saved is not None:
                self._to_clipboard(clipboard_text(str(saved)), f"the path of {sanitize(saved.name, max_length=80)}")
        elif kind == "svg":
            svg = _svg_variant(icon)
            if svg is not None:
                self.run_worker(
                    partial(self._copy_svg, icon, svg),  # type: ignore[arg-type]  # as SearchRunner's
                    group="copy",
                    exclusive=True,
                    exit_on_error=False,
                    description=f"fetch the SVG of icon {icon.id} to copy",
                )

    def _to_clipboard(self, text: str, what: str) -> None:
        """Send `text` (clean already) to the clipboard, and say what was copied."""
        self.app.copy_to_clipboard(text)
        self.notify(f"Copied {what}.", title="Copied", markup=False)

    async def _copy_svg(self, icon: Icon, variant: Variant) -> None:
        """Fetch `variant` (an SVG) through the client's download, into a folder of its own that is
        removed after, and copy its markup: refused above `SVG_COPY_LIMIT`, or when it is no text."""
        import shutil
        import tempfile

        from .screens.copy_menu import clipboard_text

        name = sanitize(icon.name, max_length=60)
        client = await self.link.ready()
        if client is None:
            problem = sanitize(self.link.problem, max_length=200)
            self.notify(f"Can't fetch the SVG of {name}: {problem}", severity="error", markup=False)
            return
        folder = Path(await asyncio.to_thread(tempfile.mkdtemp, prefix="iconcat-copy-"))
        refused, data = "", b""
        try:
            path = await client.download(variant.id, folder, filename="copy.svg", progress=_refuse_large_svg)
            data = await asyncio.to_thread(path.read_bytes)
        except _TooLarge:
            refused = f"The SVG of {name} is larger than {SVG_COPY_LIMIT // 1024} KB: not copied."
        except Exception as error:  # noqa: BLE001 - a copy that fails is a notice, never a crash
            refused = f"Could not fetch the SVG of {name}: {describe_failure(error)}"
        finally:
            await asyncio.to_thread(shutil.rmtree, folder, True)
        if not refused and len(data) > SVG_COPY_LIMIT:  # (the callback saw it too: this is the last word)
            refused = f"The SVG of {name} is larger than {SVG_COPY_LIMIT // 1024} KB: not copied."
        if not refused:
            try:
                markup = data.decode("utf-8-sig")
            except UnicodeDecodeError:
                refused = f"The SVG of {name} is not UTF-8 text: not copied."
        if refused:
            self.notify(sanitize(refused, max_length=300), title="Copy", severity="warning", markup=False)
            return
        size = f"{len(data) / 1024:.1f} KB"
        self._to_clipboard(clipboard_text(markup, multiline=True), f"the SVG markup of “{name}” ({size})")

    # ----------------------------------------------------------------- keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Off under a dialog (the footer behind it must not offer them), and printable ones while the
        search box has focus (they type there)."""
        return command_allowed(action, self.focused, dialog_open=not self.is_active)

    async def on_key(self, event: events.Key) -> None:
        """Over the results, a printable key that is no command starts a search with it (`keys`); a
        command key runs here, as it is read (see the end)."""
        focused = self.focused
        if isinstance(focused, SearchInput):
            # The search box takes every printable key it is sent, so this one was sent to the results
            # before a key ahead of it in the same read (a word typed over them) moved the focus here:
            # it is the word's next letter, command letter or not.
            if event.is_printable and event.character:
                event.stop()
                event.prevent_default()
                focused.insert_text_at_cursor(event.character)
            return
        if isinstance(focused, Input):
            return
        focused_keys = {key for binding in getattr(focused, "BINDINGS", ()) for key in _keys_of(binding)}
        if event.key not in focused_keys and types_into_search(event.key, event.character):
            event.stop()
            event.prevent_default()
            search = self.query_one(SearchInput)
            self.set_focus(search)  # at once: the next keys of a typed word must land there too
            search.insert_text_at_cursor(event.character or "")
            return
        # A command key runs now, where it is read, as Textual would run it once the key had bubbled up
        # to the app: by then the keys behind it in the same read were already handled here ("vk" over
        # the results typed k into the search box first, and v then acted on the search box: the view
        # stayed and the search became "arrowk"). The same binding chain, in the same order.
        for namespace, bindings in self._modal_binding_chain:
            for binding in bindings.key_to_bindings.get(event.key, ()):
                if not binding.priority and await self.app.run_action(binding.action, namespace):
                    event.stop()
                    event.prevent_default()
                    return

    # ----------------------------------------------------------------- search

    @on(SearchBar.QueryChanged)
    def _query_changed(self, message: SearchBar.QueryChanged) -> None:
        self.start_search(message.query, immediate=message.immediate)
        if message.immediate and message.query:
            self.action_focus_results()

    def start_search(self, query: str, *, immediate: bool = False) -> None:
        """Search for `query` now (an empty query shows the prompt). Typing settles into this too.

        Its `key:value` words filter the results at hand and are never sent: when only they changed,
        the results on show are filtered again, with no request.
        """
        parsed = parse_query(query)
        bar = self.query_one_optional(SearchBar)
        if bar is not None:  # unknown filter words, keys with no value: said while they are in the box
            bar.filter_note = parsed.notice
        self.filters = parsed.filters
        state = self.searches.start(parsed.service_text, immediate=immediate)
        if state is None:
            self._refilter()
            return
        self._auto_loaded_at = -1
        if state.phase is SearchPhase.PROMPT:
            self._show_empty_query()
            return
        self.search_state = state

    @on(SearchRunner.Answered)
    def _search_answered(self, message: SearchRunner.Answered) -> None:
        if message.sequence != self.searches.sequence:  # a newer search started meanwhile
            return
        if message.notice:
            self.notify(message.notice, title="More results", severity="warning", markup=False)
        if message.result is not None:
            if self._writer is not None and message.query:  # for when the catalogue cannot be reached
                self._writer.keep_answer(message.query, message.result.icons)
                self.say_memory_trouble()  # (an earlier write's, in the writer's thread)
            self.show_search_result(message.result, message.state, keep_place=message.appended)
            return
        if message.state.phase is SearchPhase.UNREACHABLE and self._show_saved_answer(message.state):
            return
        self.search_state = message.state
        if message.state.phase is SearchPhase.REJECTED:
            self.post_message(self.TokenRejected(message.state.message))

    def show_search_result(
        self, result: SearchResult, state: SearchState, *, keep_place: bool = False, select: Icon | None = None
    ) -> None:
        """Put an answer on screen, filtered (and grouped): the list, the first icon's detail, the count
        (one frame). `select`: highlight this icon (its group, grouped) when it is on show."""
        # query_one_optional, not query(): it is cached while the DOM is unchanged, query() walks it all.
        results = self.query_one_optional(ResultsArea)
        if results is None:  # answered while the app was closing
            return
        shown = self.filters.apply(result.icons) if self.filters else result.icons
        if self.filters and state.phase is SearchPhase.RESULTS:
            emptied = "" if shown else explain_empty(result.icons, self.filters)
            state = replace(state, filters_text=self.filters.text, shown=len(shown), emptied_by=emptied)
        if self.grouped:  # after the filters: a group holds only what they keep
            groups = group_icons(shown)
            results.show_groups(groups, keep_place=keep_place)
            if state.phase is SearchPhase.RESULTS:
                state = replace(state, groups=len(groups))
        else:
            results.show_icons(shown, keep_place=keep_place)
        if select is not None:
            results.highlight(select)
        facets = self.query_one(FacetPanel)
        if facets.display:
            facets.show(result.icons, self.filters)
        # The detail follows in the same frame (the list's highlight message would land a frame later).
        self._follow_highlight(results, self.query_one(DetailPane), member=select)
        self.stale.showing(state.query)
        self.search_state = state

    def watch_search_state(self, state: SearchState) -> None:
        search_bar = self.query_one_optional(SearchBar)
        if search_bar is None:  # a search answered while the app was closing
            return
        search_bar.state = state
        shows_list = self.query_one(ResultsArea).show_state(state, stale=self.stale.dimmed(state))
        if not shows_list:
            self.query_one(DetailPane).icon = None

    # ----------------------------------------------------------------- results and detail

    @on(IconHighlighted)
    def _icon_highlighted(self, message: IconHighlighted) -> None:
        # A highlight message can still arrive while the app is closing and its widgets are gone.
        detail, results = self.query_one_optional(DetailPane), self.query_one_optional(ResultsArea)
        if detail is None or results is None:
            return
        # The detail follows the view on show (the hidden one may hold older results).
        self._follow_highlight(results, detail)
        self._prefetch_neighbours(results)
        # Reaching the last entry loads the next page, once per length of the list: a page that adds no
        # entry (grouped by name, every new icon joins the group on show) must not load the next by itself.
        entries = len(results.active.icons)
        if results.at_last and entries != self._auto_loaded_at:
            self._auto_loaded_at = entries
            self.action_load_more(quiet=True)

    def _follow_highlight(self, results: ResultsArea, detail: DetailPane, member: Icon | None = None) -> None:
        """The detail shows the highlighted icon; grouped, the highlighted group with `member` (by
        default the member highlighted before, if the same name, else the first)."""
        group = results.highlighted_group
        if group is None:
            detail.show_group(None)
            detail.icon = results.highlighted_icon
        else:
            detail.show_group(group, member)

    def refuse_stale(self) -> bool:
        """True, having said to wait, when the results on show are the search before's while other
        search words are on their way: Enter, `d`, space, ctrl+a and `*` do not act on them."""
        box = self.query_one_optional(SearchInput)
        words = parse_query(box.value).service_text if box is not None else self.searches.last_query
        waiting = self.stale.waiting_for(self.search_state, words, self.searches.last_query)
        if waiting and self.stale.should_say(waiting, time.monotonic(), self.app.NOTIFICATION_TIMEOUT):
            self.notify(waiting_notice(waiting), title="Searching", severity="warning", markup=False)
        return bool(waiting)

    def highlighted_member(self) -> Icon | None:
        """The icon Enter and d are about: the highlighted one; grouped, the group's highlighted member."""
        results = self.query_one(ResultsArea)
        group = results.highlighted_group
        if group is None:
            return results.highlighted_icon
        # The members' highlight as it is now: the detail's icon follows it a message later, and a key
        # read with the arrow that moved it (→⏎) is about the member it moved to.
        detail = self.query_one(DetailPane)
        members = detail.members
        for shown in (members.highlighted_icon if members is not None else None, detail.icon):
            index = group.index_of(shown)
            if index is not None:
                return group.members[index]
        return group.first

    @on(IconChosen)
    def _icon_chosen(self, message: IconChosen) -> None:
        if self.refuse_stale():
            return
        icon = message.icon
        group = self.query_one(ResultsArea).highlighted_group
        if group is not None and group.first.id == icon.id:  # a group chosen: its highlighted member
            icon = self.highlighted_member() or icon
        self.open_variant_picker(icon)

    @on(DetailPane.MemberChosen)
    def _member_chosen(self, message: DetailPane.MemberChosen) -> None:
        if self.refuse_stale():
            return
        self.open_variant_picker(message.icon)

    def _galleries(self) -> list[Gallery]:
        """The galleries that draw previews: the results' tiles and the detail pane's members."""
        found = (self.query_one_optional("#gallery", Gallery), self.query_one_optional("#members", Gallery))
        return [gallery for gallery in found if gallery is not None]

    def _prefetch_neighbours(self, results: ResultsArea) -> None:
        """In the list, fetch the previews of the rows around the highlight, so moving on shows at once.

        (The gallery fetches what is on screen and a screen ahead by itself.) Through the shared preview
        loader, into the shared cache: the detail pane's picture finds them there.
        """
        if results.view != "list" or self.query_one(Thumbnail).mode == "text":
            self.previews.forget("neighbours")
            return
        view = results.active
        index, icons = view.highlighted, view.icons
        if index is None:
            return
        around = [*icons[index + 1 : index + 1 + NEIGHBOURS], *reversed(icons[max(0, index - NEIGHBOURS) : index])]
        self.previews.want((), ahead=around, channel="neighbours")

    @on(PreviewLoader.Arrived)
    def _preview_arrived(self, message: PreviewLoader.Arrived) -> None:
        icon_ids = message.icon_ids
        failed = tuple(icon_id for icon_id, failure in message.arrivals if failure is not None)
        for gallery in self._galleries():
            # Drawing galleries repaint a tile when its picture is drawn (`Rendered`) or its fetch failed.
            changed = icon_ids if gallery.mode == "text" else failed
            if changed:
                gallery.previews_changed(changed)
        thumbnail = self.query_one_optional(Thumbnail)
        if thumbnail is not None:
            thumbnail.previews_arrived(icon_ids)

    @on(PreviewLoader.Rendered)
    def _preview_rendered(self, message: PreviewLoader.Rendered) -> None:
        icon_ids = message.icon_ids
        for gallery in self._galleries():
            gallery.previews_changed(icon_ids)

    # ----------------------------------------------------------------- downloads

    # ----------------------------------------------------------------- downloading what is browsed

    def open_variant_picker(self, icon: Icon) -> None:
        """Ask which variant of `icon` to download, then download it into the download folder (picking:
        what `iconcat pick` does with a chosen icon)."""
        if self._choose is not None:
            self._choose(icon)  # (picking: the icon becomes recent when its file is saved, not on a bag toggle)
            return
        self.remember_use(icon)
        folder = Path(self.link.connection.download_dir).expanduser()
        self._downloads_panel.choose_and_start(icon, folder)

    # ----------------------------------------------------------------- actions

    def action_focus_search(self) -> None:
        """Put the cursor in the search box."""
        self.query_one(SearchInput).focus()

    def action_focus_results(self) -> None:
        """Move to the results (the gallery or the list, whichever is on show)."""
        results = self.query_one(ResultsArea).active
        # At once, not with focus() (which waits for the next idle): keys that arrived in the same read
        # (a held ↓) must reach the list and move it, not the search box and this action again.
        results.screen.set_focus(results)

    def action_load_more(self, quiet: bool = False) -> None:
        """Load the next page of results, when the catalogue offers one."""
        state = self.searches.load_more()
        if state is not None:
            self.search_state = state
        elif not quiet:
            self.notify("No more results to load: refine your search to see others.", markup=False)

    def _refilter(self) -> None:
        """Filter the results at hand again (the filters changed, the search did not)."""
        result = self.searches.result
        if result is not None and self.search_state.phase is SearchPhase.RESULTS:
            self.show_search_result(result, self._state_for(result), keep_place=True)

    def _set_filters(self, filters: Filters) -> None:
        """Put `filters` in the search box (where they live while in force) and apply them now."""
        box = self.query_one(SearchInput)
        text = parse_query(box.value).with_filters(filters).text
        box.value = text
        box.cursor_position = len(text)
        self.start_search(text)

    def action_toggle_facets(self) -> None:
        """Show the facet panel (values with counts to choose with space), or hide it."""
        facets = self.query_one(FacetPanel)
        facets.display = not facets.display
        if facets.display:
            facets.show(self.searches.result.icons if self.searches.result else (), self.filters)
            facets.screen.set_focus(facets)
        else:
            self.action_focus_results()

    def action_clear_filters(self) -> None:
        """Clear every filter: all the results at hand again."""
        if not self.filters:
            self.notify("No filter is on.", markup=False)
            return
        self._set_filters(Filters())

    @on(FacetPanel.Changed)
    def _facets_changed(self, message: FacetPanel.Changed) -> None:
        self._set_filters(message.filters)

    def action_search_again(self) -> None:
        """Send the current search again."""
        self.start_search(self.query_one(SearchBar).query_text, immediate=True)

    def action_download(self) -> None:
        """Open the variant picker for the highlighted icon (grouped: the group's highlighted member)."""
        if self.refuse_stale():
            return
        icon = self.highlighted_member()
        if icon is None:
            self.notify("Search, then highlight an icon to download it.", markup=False)
            return
        self.open_variant_picker(icon)

    def action_cycle_thumbnails(self) -> None:
        """Draw pictures the next way: half blocks, quadrant blocks, not at all (and round again)."""
        thumbnail = self.query_one(Thumbnail)
        thumbnail.mode = next_picture_mode(thumbnail.mode, self._true_pixels)
        for gallery in self._galleries():
            gallery.mode = thumbnail.mode
        self.remember_preference(PICTURES, thumbnail.mode)
        self.notify(PICTURE_MODES[thumbnail.mode].notice, title="Pictures", markup=False)

    def action_toggle_view(self) -> None:
        """Show the results as tiles of pictures, or as a text list (and back)."""
        area = self.query_one(ResultsArea)
        area.view = "list" if area.view == "gallery" else "gallery"
        self.remember_preference(VIEW, area.view)

    def action_toggle_group(self) -> None:
        """Group the results by name (one entry per name, its styles and sets in the detail), or not.

        The icon under the highlight stays under it: grouping highlights its group and, in the detail,
        the icon itself; ungrouping highlights the member that was chosen in the detail.
        """
        current = self.highlighted_member()
        detail = self.query_one(DetailPane)
        members_had_focus = detail.members is not None and detail.members.has_focus
        self.grouped = not self.grouped
        result = self.searches.result
        if result is not None and self.search_state.phase is SearchPhase.RESULTS:
            state = self._state_for(result)
            self.show_search_result(result, state, select=current)
        if members_had_focus:  # the tiles go away with the groups
            self.action_focus_results()
        notice = (
            "Grouped by name: each name once, with how many styles and sets it comes in. "
            "Its versions are tiles in the detail: tab or → to choose one."
            if self.grouped
            else "Every icon on its own row."
        )
        self.notify(notice, title="Group by name", markup=False)

    def action_focus_members(self, quiet: bool = False) -> None:
        """Move to the highlighted group's members, to choose one (grouped by name)."""
        detail = self.query_one(DetailPane)
        members = detail.members
        if members is None or detail.group is None:
            if not quiet:
                self.notify("Group by name first (g): a group's styles and sets are then tiles here.", markup=False)
            return
        members.screen.set_focus(members)
