"""The browser screen: the search box, the results, the detail, the downloads, and the routing between them.

The app keeps the connection, the dialogs, the downloads' life and quitting; this screen composes the
widgets and routes their messages and the browsing commands (`keys`: this screen's bindings, so a
dialog on top turns them all off) to the controllers, each a module of its own with its state:

- `search_runner.SearchRunner`: searches in exclusive workers (a newer one cancels an older one); its
  `Answered` message carries a sequence number, so a late answer is dropped; the next page on demand,
  and every page while filters are in force (`page_follower`, its batches shown by `Arrangement.extend`).
- `results_controller.ResultsController`: each answer (and each batch of pages) put on screen, kept
  for offline, followed for the filters, narrowed again; the empty box's remembered icons.
- `arrangement.Arrangement`: the search box's `key:value` filters (`browsing.filters`, applied to the
  results, never sent) and grouping by name (`g`, `browsing.grouping`).
- `selection.Selection`: which icon the commands are about (grouped: the member), the detail following
  the highlight, the focus among the results.
- `picture_controller.PictureController`: every preview (`preview_loader`: the detail's picture first,
  at most six at once, each fetched once, into the one cache), how pictures are drawn, true pixels.
- `memory_controller.MemoryController`: favourites, recents, preferences, saved answers, previews kept,
  the writer thread and its notices.
- `copy_controller.CopyController`: `y`'s menu, the clipboard, the SVG-copy limit.
- `bag_controller.BagController` and `bag_notices.BagNotices`: the bag, its batch, and what is shown of it.
- `other_sets.OtherSets`: `G`, the highlighted icon's name looked up in the other sets served (in the
  background; an answer for an icon no longer shown is dropped), shown as the detail pane's tiles.
- `sets_controller.SetsController`: `ctrl+s`, the sets view (`screens.sets`) over this screen; Enter
  there opens a set (its words in the box, the facet panel open, the header naming it), Esc over it
  goes back to the view as it was left; the samples' icons found by `set_samples.SetSamples`.
- `stale_guard.StaleGuard` (`browsing.stale_results`'s rule): while other search words are on their
  way, the results on show are the search before's: dimmed, and the commands that act on an icon wait.
- `keys`: the one key table; a printable key over the results types a search, a command key runs as read.

`search_state`'s watcher updates the screen. Every string from the catalogue or from an exception is
passed through `sanitize` (failures through `describe_failure`) and shown as plain Content
(notifications with markup=False).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Header

from iconcat.browsing.filters import Filters
from iconcat.browsing.remembered import PICTURES, TILES, VIEW
from iconcat.browsing.search_state import SearchPhase, SearchState
from iconcat.browsing.written_files import WrittenFiles
from iconcat.config import THUMBNAIL_MODES, VIEWS

from .controllers.arrangement import Arrangement
from .controllers.bag_controller import BagController
from .controllers.bag_notices import BagNews, BagNotices
from .controllers.copy_controller import CopyController
from .controllers.memory_controller import MemoryController
from .controllers.other_sets import OtherSets
from .controllers.page_follower import PageFollower
from .controllers.picture_controller import PictureController
from .controllers.preview_loader import PreviewLoader
from .controllers.results_controller import ResultsController
from .controllers.search_runner import SearchRunner
from .controllers.selection import Selection
from .controllers.sets_controller import SetsController
from .controllers.stale_guard import StaleGuard
from .keys import bindings_for, command_allowed, run_where_read, type_over_results
from .terminal_images import TerminalPictures
from .widgets import (
    DetailPane,
    DownloadsPanel,
    FacetPanel,
    Gallery,
    IconChosen,
    IconHighlighted,
    LastPassed,
    ResultsArea,
    SearchBar,
    SearchInput,
    SteadyFooter,
)

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon
    from iconcat.memory import Memory

    from .controllers.catalogue_link import CatalogueLink
    from .controllers.first_search import FirstSearch

__all__ = ["BrowserScreen"]


class BrowserScreen(Screen[None]):
    """Search the catalogue, see the results as tiles or a list, the highlighted icon in the detail."""

    class TokenRejected(Message):
        """The catalogue refused the token: the app opens the connect screen, its token field first."""

        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    BINDINGS = bindings_for("browser")  # type: ignore[assignment]  # a list of Binding is what Textual reads

    search_state: var[SearchState] = var(SearchState, init=False)
    """The current search's state; its watcher updates the status line and the results area. A `var`, not a
    `reactive`: a reactive repaints the whole screen on every change (every widget's lines drawn again, more
    than painting the results costs), and the watcher already updates exactly the widgets that show it."""

    def __init__(
        self,
        link: CatalogueLink,
        downloads_panel: DownloadsPanel,
        *,
        query: str = "",
        thumbnail_mode: str = THUMBNAIL_MODES[0],
        view: str = VIEWS[0],
        tile_size: str | None = None,
        group: bool = False,
        pictures: TerminalPictures | None = None,
        choose: Callable[[Icon], None] | None = None,
        dimmed: Callable[[Icon], bool] | None = None,
        written: WrittenFiles | None = None,
        first_search: FirstSearch | None = None,
    ) -> None:
        # The id the stylesheet styles the main screen by (a type selector would match the dialogs too).
        super().__init__(id="browser")
        self.link = link
        self._downloads_panel = downloads_panel
        self.written = written if written is not None else WrittenFiles()
        """The files this session saved (the app's): `y` copies the path of the highlighted icon's."""
        self._initial_query = query
        self._choose = choose
        """What choosing an icon (Enter, d, a double click) does instead of the variant picker (`pick`)."""
        self._dimmed = dimmed
        """Which results are drawn dimmed (`pick`: the icons that offer nothing it asks for); None: none."""
        self._view = view
        self._tile_size = tile_size
        """The gallery's tile size a person chose (remembered); None: fitted to the view."""
        self.searches = SearchRunner(self, link, first_search)
        """Runs searches; the newest one's answer lands (the first may have started before the app)."""
        self.arrangement = Arrangement(self, grouped=group, served=lambda: link.served_prefixes)
        """The filters in force and the grouping over the results."""
        self.selection = Selection(self)
        """Which icon the commands are about (grouped: the member), and the focus among the results."""
        self.stale = StaleGuard(self, self.searches, lambda: self.search_state, self.arrangement.parse)
        """While other search words are on their way, the results on show are dimmed, and commands wait."""
        self.remembering = MemoryController(self, link, lambda: downloads_panel.variant_preference)
        """The memory of this catalogue (favourites, recents, preferences, answers, previews) and its writer."""
        self.drawing = PictureController(
            self, self.remembering.fetch_preview, thumbnail_mode=thumbnail_mode, pictures=pictures
        )
        """The previews (their cache and loader), how they are drawn, and the true pixels' upkeep."""
        self.thumbnails = self.drawing.thumbnails
        self.previews = self.drawing.previews
        self.copying = CopyController(self, link, self.written, lambda: downloads_panel.variant_preference)
        """`y`'s menu of what to copy of the highlighted icon, and the clipboard."""
        self.bag = BagController(
            self,
            link.ready,
            lambda: link.problem,
            template=lambda: link.connection.filename_template,
            default=lambda: link.connection.spec.bag_default,
            output=lambda: link.connection.output,
        )
        """The icons marked for the bag, and its download batch (a worker of this screen)."""
        self.bag_notices = BagNotices(self, self.bag)
        """What this screen shows of the bag: the marks, the status's note, the notices."""
        self.other_sets = OtherSets(self, link, self.action_focus_results)
        """`G`: the highlighted icon in the other sets served, as the detail pane's tiles."""
        self.results = ResultsController(self, lambda reason: self.post_message(self.TokenRejected(reason)))
        """Puts the searches' answers on screen, follows their pages, shows the remembered icons."""
        self.sets_view = SetsController(self, self, link, self.drawing)
        """`ctrl+s`: the sets view, a set opened from it, and Esc back to it."""

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="◆")
        yield SearchBar(self._initial_query, id="search-bar")
        with Horizontal(id="main"):
            yield FacetPanel(id="facets")
            yield ResultsArea(
                self.previews,
                view=self._view,
                mode=self.drawing.initial_mode,
                tile_size=self._tile_size,
                dimmed=self._dimmed,
                id="results-area",
            )
            yield DetailPane(
                self.thumbnails,
                self.previews,
                thumbnail_mode=self.drawing.initial_mode,
                pictures=self.drawing.pictures,
                id="detail",
            )
        yield self._downloads_panel
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.query_one(SearchInput).focus()
        if self._initial_query:
            self.start_search(self._initial_query, immediate=True)
        else:
            self.search_state = SearchState(offers_sets=self.searches.lists_sets)

    def on_unmount(self) -> None:
        self.previews.close()

    def on_screen_suspend(self) -> None:
        self.drawing.refresh_true_pixels()

    def on_screen_resume(self) -> None:
        self.drawing.refresh_true_pixels()
        # A dialog closed: the variant picker may have changed the variant choice (set as it closes).
        self.call_after_refresh(self.remembering.remember_variant_choice)

    @property
    def filters(self) -> Filters:
        """The filters in force over every result of the query (the search box's `key:value` words)."""
        return self.arrangement.filters

    @property
    def grouped(self) -> bool:
        """Grouped by name (`g`): one entry per name, its members in the detail pane."""
        return self.arrangement.grouped

    # ----------------------------------------------------------------- remembered icons (issue 14)

    @property
    def memory(self) -> Memory | None:
        """What is remembered of this catalogue (favourites, recents), once the app has opened it."""
        return self.remembering.memory

    def use_memory(self, memory: Memory) -> None:
        """Remember with `memory` from now on (a new one for each catalogue): an empty search box shows
        its favourites and recent icons."""
        self.remembering.use(memory)
        self.bag.use_memory(memory, self.remembering.writer)
        self.results.memory_opened()

    def action_toggle_favourite(self) -> None:
        """Mark the highlighted icon (grouped: the chosen member) as a favourite, or unmark it."""
        if not self.stale.refuse() and self.remembering.toggle_favourite(self.highlighted_member()):
            self.results.favourites_changed()

    # ----------------------------------------------------------------- the bag (issue 14)

    def action_toggle_mark(self) -> None:
        """Put the highlighted icon (grouped: the chosen member) in the bag, or take it out (a remembered
        one whose set is not served now: only said so)."""
        icon = self.highlighted_member()
        if not self.stale.refuse() and not self.remembering.refuse_unserved(icon):
            self.bag_notices.toggle(icon)

    def action_mark_all(self) -> None:
        """Put every icon shown (after the filters; grouped: every member) in the bag; while more pages
        load, those shown now; more than 500, asked first (`BagNotices.mark_all`)."""
        if not self.stale.refuse():
            shown = self.query_one(ResultsArea).shown_icons if self.search_state.phase is SearchPhase.RESULTS else ()
            shown = tuple(icon for icon in shown if not self.remembering.not_served(icon))  # (nothing to fetch)
            self.bag_notices.mark_all(shown, loading=self.searches.loading_more)

    def action_open_bag(self) -> None:
        """Open the bag: the marked icons, a format and size for all, download them all."""
        self.bag_notices.open(Path(self.link.connection.download_dir).expanduser())

    @on(BagController.Changed)
    @on(BagController.Progress)
    @on(BagController.ItemChanged)
    @on(BagController.Finished)
    def _bag_news(self, message: BagNews) -> None:
        message.stop()
        self.bag_notices.hear(message)

    # ----------------------------------------------------------------- copying (issue 14)

    def action_copy_menu(self) -> None:
        """Copy the highlighted icon's name, id, a variant's id, the file saved of it or its SVG markup."""
        self.copying.open_menu(self.highlighted_member())

    # ----------------------------------------------------------------- keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Off under a dialog (the footer behind it must not offer them), and printable ones while the
        search box has focus (they type there)."""
        return command_allowed(action, self.focused, dialog_open=not self.is_active)

    async def on_key(self, event: events.Key) -> None:
        """Over the results, a printable key that is no command starts a search with it (`keys`); a
        command key runs here, as it is read (`keys.run_where_read`)."""
        if not type_over_results(self, event):
            await run_where_read(self, event)

    # ----------------------------------------------------------------- search

    @on(SearchBar.QueryChanged)
    def _query_changed(self, message: SearchBar.QueryChanged) -> None:
        self.start_search(message.query, immediate=message.immediate)
        if message.immediate and message.query:
            self.action_focus_results()

    def start_search(self, query: str, *, immediate: bool = False) -> None:
        """Search for `query` now (an empty query shows the prompt). Typing settles into this too.

        Its `key:value` words filter every result of the query and are never sent as search words: when
        only they changed, the results on show are filtered again, with no request, unless the answer
        would pass the cap: then the catalogue is asked to narrow it by them (`browsing.narrowing`).
        """
        self.sets_view.query_changed(query)
        self.results.start(query, immediate=immediate)

    def catalogue_opened(self) -> None:
        """The catalogue is open: the box's words are read again with its Iconify prefixes."""
        if self.link.served_prefixes:
            self.results.read_again(self.query_one_optional(SearchInput))

    @on(SearchRunner.Answered)
    def _search_answered(self, message: SearchRunner.Answered) -> None:
        self.results.answered(message)

    @on(PageFollower.Arrived)
    def _pages_arrived(self, message: PageFollower.Arrived) -> None:
        self.results.pages_arrived(message)

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
        self.selection.follow(results, detail)
        self.drawing.prefetch_neighbours(results)
        # Reaching the last entry loads the next page, once per length of the list (`reached_last`).
        entries = len(results.active.icons)
        if results.at_last and self.searches.reached_last(entries):
            self.action_load_more(quiet=True)

    @on(LastPassed)
    def _last_passed(self, message: LastPassed) -> None:
        # PgDn or End on the last entry asks for the next page, however often (`reached_last` aside).
        if message.view is self.query_one(ResultsArea).active:  # (not a group's members)
            self.action_load_more(quiet=True)

    def highlighted_member(self) -> Icon | None:
        """The icon Enter and d are about: the highlighted one; grouped, the group's highlighted member."""
        return self.selection.member()

    @on(IconChosen)
    def _icon_chosen(self, message: IconChosen) -> None:
        if not self.stale.refuse():
            self.open_variant_picker(self.selection.chosen(message.icon))

    @on(DetailPane.MemberChosen)
    def _member_chosen(self, message: DetailPane.MemberChosen) -> None:
        if not self.stale.refuse():
            self.open_variant_picker(message.icon)

    @on(PreviewLoader.Arrived)
    def _preview_arrived(self, message: PreviewLoader.Arrived) -> None:
        self.drawing.arrived(message)

    @on(PreviewLoader.Rendered)
    def _preview_rendered(self, message: PreviewLoader.Rendered) -> None:
        self.drawing.rendered(message)

    # ----------------------------------------------------------------- downloading what is browsed

    def open_variant_picker(self, icon: Icon) -> None:
        """Ask which variant of `icon` to download, then download it into the download folder (picking:
        what `iconcat pick` does with a chosen icon). A remembered icon whose set is not served now:
        only said so, nothing asked."""
        if self.remembering.refuse_unserved(icon):
            return
        if self._choose is not None:
            self._choose(icon)  # (picking: the icon becomes recent when its file is saved, not on a bag toggle)
            return
        self.remembering.used(icon)
        folder = Path(self.link.connection.download_dir).expanduser()
        self._downloads_panel.choose_and_start(icon, folder)

    # ----------------------------------------------------------------- actions

    def action_focus_search(self) -> None:
        """Put the cursor in the search box."""
        self.query_one(SearchInput).focus()

    def action_focus_results(self) -> None:
        """Move to the results (the gallery or the list, whichever is on show)."""
        self.selection.focus_results()

    def action_load_more(self, quiet: bool = False) -> None:
        """Load the next page of results, when the catalogue offers one."""
        state = self.searches.load_more()
        if state is not None:
            self.search_state = state
        elif not quiet:
            self.notify("No more results to load: refine your search to see others.", markup=False)

    def action_toggle_facets(self) -> None:
        """Show the facet panel (values with counts to choose with space), or hide it."""
        if not self.arrangement.toggle_facets(self.searches.result):
            self.action_focus_results()
        self.results.follow_pages()

    def action_clear_filters(self) -> None:
        """Clear every filter: all the results again."""
        words = self.arrangement.clear_filters()
        if words is not None:
            self.start_search(words)

    @on(FacetPanel.Changed)
    def _facets_changed(self, message: FacetPanel.Changed) -> None:
        self.start_search(self.arrangement.put_in_box(message.filters))  # (the filters live in the box)

    def action_search_again(self) -> None:
        """Send the current search again."""
        self.start_search(self.query_one(SearchBar).query_text, immediate=True)

    def action_download(self) -> None:
        """Open the variant picker for the highlighted icon (grouped: the group's highlighted member)."""
        if self.stale.refuse():
            return
        icon = self.highlighted_member()
        if icon is None:
            self.notify("Search, then highlight an icon to download it.", markup=False)
            return
        self.open_variant_picker(icon)

    def action_cycle_thumbnails(self) -> None:
        """Draw pictures the next way: half blocks, quadrant blocks, not at all (and round again)."""
        mode = self.drawing.cycle()
        self.remembering.remember_preference(PICTURES, mode)
        self.drawing.notice(mode)

    def action_toggle_view(self) -> None:
        """Show the results as tiles of pictures, or as a text list (and back)."""
        area = self.query_one(ResultsArea)
        area.view = "list" if area.view == "gallery" else "gallery"
        self.remembering.remember_preference(VIEW, area.view)

    def action_bigger_tiles(self) -> None:
        """Larger tiles in the gallery (the palette's; over the gallery, its own `+` does it)."""
        self._results_gallery().action_bigger_tiles()

    def action_smaller_tiles(self) -> None:
        """Smaller tiles in the gallery (the palette's; over the gallery, its own `-` does it)."""
        self._results_gallery().action_smaller_tiles()

    def _results_gallery(self) -> Gallery:
        return self.query_one(ResultsArea).query_one("#gallery", Gallery)

    @on(Gallery.TileSizeChosen, "#gallery")
    def _tile_size_chosen(self, message: Gallery.TileSizeChosen) -> None:
        """The results' tile size, chosen: remembered (it wins over the fitted size at every start after)."""
        self.remembering.remember_preference(TILES, message.size)
        if self.query_one(ResultsArea).view != "gallery":
            self.notify(f"Gallery tiles: {message.size} (v shows the gallery).", title="Tiles", markup=False)

    def action_toggle_group(self) -> None:
        """Group the results by name (one entry per name, its styles and sets in the detail), or not;
        the icon under the highlight stays under it (`Arrangement.toggle_group`)."""
        self.arrangement.toggle_group(self.selection, lambda current: self.results.show_again(select=current))

    def action_other_sets(self) -> None:
        """The highlighted icon (grouped: the member) in the other sets served, as tiles grouped by set."""
        if not self.stale.refuse():
            self.other_sets.look_up(self.highlighted_member())

    @on(OtherSets.Found)
    def _other_sets_found(self, message: OtherSets.Found) -> None:
        self.other_sets.found(message)

    @on(DetailPane.OtherSetsLeft)
    def _other_sets_left(self, message: DetailPane.OtherSetsLeft) -> None:
        message.stop()
        self.other_sets.close()

    def action_open_sets(self) -> None:
        """Every set served, grouped by category, to open one (`SetsController`)."""
        self.sets_view.open_view()

    def action_back_to_sets(self) -> None:
        """Over a set opened from the sets view: back to them, as they were left (else nothing)."""
        self.sets_view.back()

    def action_focus_members(self, quiet: bool = False) -> None:
        """Move to the highlighted group's members, to choose one (grouped by name)."""
        self.selection.focus_members(quiet=quiet)
