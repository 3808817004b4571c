"""The browser app: the connection, the dialogs, the downloads' life, quitting.

Browsing itself (search, results, detail, filters, grouping, previews) is the `BrowserScreen`'s, the
app's one screen under its dialogs. The app connects the parts that outlive a catalogue or a screen:

- `catalogue_link.CatalogueLink`: the catalogue's life (made through `iconcat.catalogue`, opened
  after the first frame, switched, closed at exit) and fetching previews through it.
- `widgets.DownloadsPanel` with its `download_controller.DownloadController`: downloads in the
  background; `Finished` bubbles up so the quit question and the keys follow.
- `keys`: every command declared once; the app's bindings (connect, keys, quit, the downloads'), the
  browser screen's, the palette and the help derive from it.
"""

from __future__ import annotations

import inspect
import sys
import weakref
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, on
from textual.app import App
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import ModalScreen, Screen

from iconcat.browsing.download_jobs import DownloadJob
from iconcat.browsing.picking import dims_for
from iconcat.browsing.remembered import THEME, start_choices
from iconcat.browsing.search_state import SearchPhase, SearchState
from iconcat.browsing.written_files import WrittenFiles
from iconcat.disk.batch import ItemState
from iconcat.memory import read_preferences
from iconcat.text import sanitize

from .browser import BrowserScreen
from .commands import BrowserCommands
from .connection import Connection
from .controllers.bag_controller import BagController
from .controllers.catalogue_link import CatalogueFactory, CatalogueLink, Opening, default_catalogue_factory
from .controllers.download_controller import DownloadController
from .controllers.folder_choice import FolderChoice
from .keys import bindings_for, command_allowed
from .stylesheets import stylesheet_paths
from .terminal_images import TerminalPictures
from .thumbnail_cache import bound_imaging_caches
from .widgets import DownloadsPanel

if TYPE_CHECKING:  # pragma: no cover - typing only
    from textual.driver import Driver
    from textual.filter import LineFilter

    from iconcat.api import Icon, Variant
    from iconcat.browsing.picking import PickRequest
    from iconcat.disk.saving import Choice

    from .controllers.first_search import FirstSearch

# The dialogs (.screens) are imported when first opened: nobody needs them to see the first frame.

__all__ = ["IconcatApp"]

FIRST_ANSWER_WAIT = 0.5
"""Seconds the start's remaining work waits for the early search's answer, at most (`_after_first_frame`)."""


class IconcatApp(App[int]):
    """Search the catalogue, preview icons, download their files."""

    TITLE = "iconcat"
    COMMANDS = App.COMMANDS | {BrowserCommands}
    # Screen classes by terminal size: 80×24 gets a small picture, large terminals a large one.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide"), (160, "-very-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall"), (52, "-very-tall")]
    BINDINGS = bindings_for("app")  # type: ignore[assignment]  # a list of Binding is what App reads

    def __init__(
        self,
        connection: Connection,
        *,
        query: str | None = None,
        catalogue_factory: CatalogueFactory = default_catalogue_factory,
        thumbnail_mode: str | None = None,
        view: str | None = None,
        group: bool = False,
        pictures: TerminalPictures | None = None,
        opening: Opening | None = None,
        pick: PickRequest | None = None,
        first_search: FirstSearch | None = None,
    ) -> None:
        super().__init__(css_path=stylesheet_paths())
        self.pick = pick
        """What `iconcat pick` asks for; None when browsing (`picking`)."""
        self.picked: list[Path] = []
        """The files picked (`iconcat pick`): printed once the app has ended with status 0."""
        self.picked_icons: list[Icon] = []
        """The icons of `picked`, in its order (`pick --as` makes its snippets of them)."""
        self._leaving_pick = False
        """Esc or Ctrl-C ends the pick: a file whose publish could not be stopped is no pick any more."""
        if pick is not None:
            # Priority: Esc ends the pick from the search box too (`action_leave_pick` passes it on to
            # dialogs and the filters); Ctrl-C ends it as an interrupt, wherever the focus is.
            leave = "Leave without a pick (status 1)"
            interrupt = "End the pick as interrupted (status 130)"
            self._bind_for_this_app(
                Binding("escape", "leave_pick", "Leave", key_display="esc", priority=True, id="leave", tooltip=leave)
            )
            self._bind_for_this_app(
                Binding("ctrl+c", "interrupt_pick", show=False, priority=True, id="interrupt", tooltip=interrupt)
            )
        else:
            # Browsing, Ctrl-C is what people press to leave: ctrl+q's quit, from anywhere (status 0).
            # (Textual's own Ctrl-C copies in a text box, or only says which key quits.)
            quit_tip = "Quit, as ctrl+q does (status 0)"
            self._bind_for_this_app(
                Binding("ctrl+c", "quit_anywhere", show=False, priority=True, id="ctrl-c-quit", tooltip=quit_tip)
            )
        self._first_search = first_search
        self.folder_choice = FolderChoice(for_this_run_only=pick is not None and pick.folder_given)
        """Whether a download folder chosen in the app is saved (not under `pick -o DIR`)."""
        self._folder_open = False
        self.link = CatalogueLink(connection, catalogue_factory, opening)
        """The catalogue in use."""
        self.pictures = pictures or TerminalPictures()
        """How this terminal draws pictures (decided before the app started), and the kitty images it holds."""
        self._palette_filter: LineFilter | None = None
        self.sub_title = connection.label if pick is None else f"{connection.label} · pick {pick.describe()}"
        self._connect_open = False
        self._key_screens: weakref.WeakKeyDictionary[events.Key, Screen[object]] = weakref.WeakKeyDictionary()
        """The screen each key read was sent to (`on_event`), until it comes back unhandled."""
        # Made here, not in compose: the session's downloads stay readable after the app has closed.
        self._downloads_panel = DownloadsPanel(self.link.ready, lambda: self.link.problem, id="downloads")
        # `thumbnail_mode` and `view` None: not given by any setting, so the remembered choice, else the
        # default (`remembered`). Read now, before the first frame: the theme and the view start right.
        choices = start_choices(read_preferences(), view=view, thumbnail_mode=thumbnail_mode)
        thumbnail_mode, view = choices.thumbnail_mode, choices.view
        if choices.theme is not None and choices.theme in self.available_themes:
            self.theme = choices.theme
        self._theme_seen = self.theme
        self._downloads_panel.variant_preference = choices.variant
        self.written_files = WrittenFiles()
        """The files this session saved: the only ones `o` and `O` open (`note_written` adds to it)."""
        self.browser = BrowserScreen(
            self.link,
            self._downloads_panel,
            query=(query or "").strip(),
            thumbnail_mode=thumbnail_mode,
            view=view,
            tile_size=choices.tile_size,
            group=group,
            pictures=self.pictures,
            choose=None if pick is None else self._pick_icon,
            dimmed=None if pick is None else dims_for(pick),
            written=self.written_files,
            first_search=first_search,
        )
        """The one screen under the dialogs: searching, the results, the detail."""
        # The bag's files saved are files we wrote (`note_written`); picking several, "download all"
        # done ends the pick (`_bag_picked`), from a bag of the pick's own: the browser's is left as it was.
        self.browser.bag.listen(self)
        if pick is not None and pick.multi:
            self.browser.bag.kept = False
            if pick.fmt is not None or pick.size is not None:
                self.browser.bag.asked = (pick.fmt or "png", pick.size)

    def _bind_for_this_app(self, binding: Binding) -> None:
        """Bind `binding`'s key for this app alone, in place of what its class binds to it.

        Not Textual's `bind`: it appends to the key's list of bindings, which every app of the class
        shares (each gets a shallow copy of the class's map), so a pick's Ctrl-C would outlive it.
        """
        self._bindings.key_to_bindings[binding.key] = [binding]

    @property
    def connection(self) -> Connection:
        """The catalogue in use (changed by the connect screen)."""
        return self.link.connection

    @property
    def download_controller(self) -> DownloadController:
        """Every download of this session, and the workers that run them (the downloads panel's)."""
        return self._downloads_panel.controller

    @property
    def downloads(self) -> list[DownloadJob]:
        """Every download of this session, oldest first."""
        return self.download_controller.jobs

    # ----------------------------------------------------------------- life cycle

    def get_default_screen(self) -> Screen[None]:
        return self.browser

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver, reading keys without the terminal's late answers to the start-up query
        (`terminal_input`: they would be typed into the search box)."""
        choice = super().get_driver_class()
        if sys.platform == "win32":  # (no query is sent there: nothing to filter)
            return choice
        from .terminal_input import input_driver

        return input_driver(choice)

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, and in a 256-colour terminal the palette's (`palette_filter`: the theme's
        colours as the nearest entries, as the pictures' are)."""
        filters = super().get_line_filters()
        if self.pictures.colours != "256":
            return filters
        if self._palette_filter is None:
            from .palette_filter import PaletteFilter

            self._palette_filter = PaletteFilter()
        return [*filters, self._palette_filter]

    async def on_mount(self) -> None:
        if self.pictures.write is None:  # (a test may have given its own, to read what is sent)
            self.pictures.write = self._write_to_terminal
        driver = self._driver
        if self.pictures.mode == "sixel" and driver is not None:
            # Every frame passes `expand` on its way out: sixel marks become sixel drawings (true_pixels).
            write, expand = driver.write, self.pictures.expand
            driver.write = lambda data: write(expand(data))  # type: ignore[method-assign]
        # The catalogue (the HTTP stack imported, or the demo's index built) waits until the first frame
        # is up: the keyboard is live at once, and work that needs it waits for it (`CatalogueLink.ready`).
        self.call_after_refresh(self._after_first_frame)
        self._theme_seen = self.theme  # (a test may have set one since `__init__`: not a choice to remember)
        self.theme_changed_signal.subscribe(self, self._theme_changed)

    async def on_unmount(self) -> None:
        self.pictures.close()  # the terminal frees the kitty images we sent
        self.browser.remembering.close()
        await self.link.close()

    def _theme_changed(self, theme: object) -> None:
        """A theme was chosen (the palette): remembered for the next run."""
        if self.theme != self._theme_seen:
            self._theme_seen = self.theme
            self.browser.remembering.remember_preference(THEME, self.theme)

    def _write_to_terminal(self, data: str) -> None:
        """Escape sequences outside the frames (kitty images), through Textual's writer, in order with them."""
        driver = self._driver
        if driver is not None:
            driver.write(data)

    async def _after_first_frame(self, waited: bool = False) -> None:
        """The rest of the start (the catalogue, then the image stack and the memory, the leftovers), after
        the first frame; and while the query's early search (`first_search`) is still on its way, after
        its answer, for a moment at most: that work would only slow it (one interpreter lock)."""
        first = self._first_search
        if first is not None and not first.done and not waited:
            await first.settled(FIRST_ANSWER_WAIT)
            self.call_after_refresh(self._after_first_frame, True)  # once the answer is drawn
            return
        # In a task of its own, not in this callback: the app's messages (keys, repaints) wait while a
        # callback runs, and opening may take long (icon sets from disk are indexed first, their
        # progress in the header, ctrl+q cancelling: `local_build`). The method, not a coroutine made
        # here: an app closing at this moment cancels the worker before it runs, and a coroutine made
        # for it would be collected never awaited (a RuntimeWarning); the worker makes it as it starts.
        self.run_worker(self._open_then_tidy, name="open the catalogue", group="start")  # type: ignore[arg-type]  # as in SearchRunner.start

    async def _open_then_tidy(self) -> None:
        await self._open_client()
        self._remove_leftovers()

    async def _open_client(self, switch_to: Connection | None = None) -> None:
        opened = await (self.link.open() if switch_to is None else self.link.switch(switch_to))
        # After the catalogue (the first search waits for it), and a frame later: the imaging stack can wait.
        self.call_after_refresh(bound_imaging_caches)
        self.call_after_refresh(self._open_memory)
        if opened:
            self.browser.catalogue_opened()
        else:
            # Settings the catalogue refuses (no token, a malformed URL) are fixed on the connect screen.
            last_query = self.browser.searches.last_query
            self.browser.search_state = SearchState(SearchPhase.NOT_CONFIGURED, last_query, message=self.link.problem)
            self._show_connect(reason=self.link.problem)

    def _open_memory(self) -> None:
        """What is remembered of this catalogue, under its spec's memory key (the demo's "demo", every set
        from disk's "local", a service's base URL)."""
        from iconcat.memory import Memory

        self.browser.use_memory(Memory.open(self.connection.memory_key))

    def _remove_leftovers(self) -> None:
        self.download_controller.remove_leftovers(Path(self.connection.download_dir).expanduser())

    async def switch_connection(self, connection: Connection) -> None:
        """Browse another catalogue: newly opened, empty caches, same query searched again."""
        self.sub_title = connection.label
        self.browser.drawing.forget_catalogue()
        await self._open_client(switch_to=connection)
        self._remove_leftovers()
        self.browser.action_search_again()

    async def on_event(self, event: events.Event) -> None:
        """A key is sent to the focused widget of the screen on top; one that comes back unhandled after
        a dialog opened or closed (by a key ahead of it in the same read: ⏎⏎, d⏎) is sent again, to the
        screen on top now, so it acts where the focus went (the picker the first ⏎ opened), once that
        screen is mounted, never in the one it has left (docs/browser.md, "keys that arrive together")."""
        if isinstance(event, events.Key):
            if event.is_forwarded:
                sent_to = self._key_screens.pop(event, None)
                if sent_to is not None and self.screen_stack and sent_to is not self.screen:
                    self.post_message(events.Key(event.key, event.character))
                    return
            elif self.screen_stack:
                # (Where it will go unless a priority binding takes it: then it never comes back.)
                self._key_screens[event] = self.screen
        await super().on_event(event)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The app's keys are off under dialogs, and printable ones while the search box has focus."""
        if isinstance(self.screen, ModalScreen):
            return command_allowed(action, None, dialog_open=True)
        return command_allowed(action, self.focused)

    # ----------------------------------------------------------------- downloads

    def start_download(self, icon: Icon, variant: Variant) -> DownloadJob:
        """Save `variant` of `icon` into the download folder, in the background."""
        folder = Path(self.connection.download_dir).expanduser()
        self.browser.remembering.used(icon)
        return self._downloads_panel.start(icon, variant, folder)

    def note_written(self, path: Path, icon: Icon | None = None) -> None:
        """`path` was saved by us (of `icon`): `o`, `O` and `y` may use it. Whatever saves files calls this."""
        self.written_files.add(path, icon.id if icon is not None else None)

    def _downloads_left(self) -> tuple[int, int]:
        """Files being saved now (single downloads and the bag's), and the bag's files waiting their turn."""
        bag = self.browser.bag
        waiting = bag.waiting
        return len(self.download_controller.running) + bag.remaining - waiting, waiting

    def follow_quit_question(self) -> None:
        """An open quit question asks about the downloads and the bag's files left now."""
        from .screens import ConfirmQuit

        for screen in self.screen_stack:
            if isinstance(screen, ConfirmQuit):  # the question follows the downloads it asks about
                screen.follow(*self._downloads_left())

    @on(BagController.ItemChanged)
    def _bag_file_saved(self, message: BagController.ItemChanged) -> None:
        item = message.item
        if item.path is not None and item.state in (ItemState.SAVED, ItemState.ALREADY):
            self.note_written(item.path, item.icon)

    @on(DownloadController.Finished)
    def _download_finished(self, message: DownloadController.Finished) -> None:
        from iconcat.browsing.download_jobs import DownloadStatus

        job = message.job
        if job.status is DownloadStatus.DONE and job.saved_path is not None:
            self.note_written(job.saved_path, job.icon)

        self.follow_quit_question()
        if self.screen_stack:  # a download cancelled by quitting ends after the screens are gone
            self.refresh_bindings()

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        """The palette's Screenshot: into the download folder, saying where it went or why it could not."""
        from .screenshots import save_screenshot

        folder = Path(path) if path else Path(self.connection.download_dir).expanduser()
        saved = save_screenshot(self, folder, filename)
        return None if saved is None else str(saved)

    def action_open_saved(self) -> None:
        """Open the last file saved, with this system's opener."""
        self._open_saved(folder=False)

    def action_open_saved_folder(self) -> None:
        """Open the folder of the last file saved."""
        self._open_saved(folder=True)

    def _open_saved(self, *, folder: bool) -> None:
        from iconcat.disk.opener import OpenerMissing, open_path

        path = self.written_files.last()
        if path is None:
            self.notify("Nothing saved yet in this session: download an icon first (enter or d).", markup=False)
            return
        target = path.parent if folder else path
        shown = sanitize(str(target) if folder else target.name, max_length=120)
        try:
            open_path(target, folder=folder)
        except (FileNotFoundError, OpenerMissing) as error:
            self.notify(sanitize(str(error), max_length=300), title="Open", severity="warning", markup=False)
        except OSError as error:
            from iconcat.failures import describe_failure

            problem = f"Could not open {shown}: {describe_failure(error)}"
            self.notify(sanitize(problem, max_length=300), title="Open", severity="error", markup=False)
        else:
            self.notify(f"Opening {shown}.", title="Open", markup=False)

    def action_cancel_download(self) -> None:
        """Cancel the selected (or latest running) download; its partial file is removed."""
        if not self._downloads_panel.cancel_selected():
            self.notify("No download is running.", markup=False)

    def action_retry_download(self) -> None:
        """Start the selected (or latest failed or cancelled) download again."""
        if not self._downloads_panel.retry_selected():
            self.notify("No failed or cancelled download to retry.", markup=False)
        self.refresh_bindings()

    def action_clear_downloads(self) -> None:
        """Remove finished downloads from the panel."""
        if not self._downloads_panel.clear_finished():
            self.notify("No finished download to clear.", markup=False)

    # ----------------------------------------------------------------- actions

    async def run_command(self, action: str) -> None:
        """Run `action` chosen in the command palette (the app's, or the browser screen's).

        Not `run_action`: that consults `check_action`, which hides letter keys while the search box
        has focus, and a command chosen by name must work wherever the focus was.
        """
        if any(
            isinstance(screen, ModalScreen) and not isinstance(screen, CommandPalette) for screen in self.screen_stack
        ):
            self.notify("Close the open dialog first.", markup=False)
            return
        method = getattr(self, f"action_{action}", None) or getattr(self.browser, f"action_{action}")
        outcome = method()
        if inspect.isawaitable(outcome):
            await outcome

    def action_connect(self) -> None:
        """Open the connect screen."""
        self._show_connect()

    @on(BrowserScreen.TokenRejected)
    def _token_rejected(self, message: BrowserScreen.TokenRejected) -> None:
        self._show_connect(reason=message.reason, focus_token=True)

    def _show_connect(self, reason: str = "", *, focus_token: bool = False) -> None:
        if self._connect_open:  # already shown (or being shown: pushing a screen takes a moment)
            return
        self._connect_open = True

        async def connected(connection: Connection | None) -> None:
            self._connect_open = False
            if connection is not None:
                await self.switch_connection(connection)

        from .screens import ConnectScreen

        self.push_screen(ConnectScreen(self.connection, reason=reason, focus_token=focus_token), connected)

    def action_download_folder(self) -> None:
        """Choose the download folder (the palette's "Download folder…", ctrl+f over the results)."""
        self.choose_download_folder()

    def choose_download_folder(self, then: Callable[[Path], None] | None = None) -> None:
        """Open the download-folder dialog; a folder chosen is used from now on (and saved, as
        `folder_choice` allows), then `then` hears of it (the picker and the bag show it)."""
        if self._folder_open:
            return
        self._folder_open = True

        def chosen(folder: Path | None) -> None:
            self._folder_open = False
            if folder is not None:
                self.use_download_folder(folder)
                if then is not None:
                    then(folder)

        from .screens.download_folder import DownloadFolderScreen

        current = Path(self.connection.download_dir).expanduser()
        self.push_screen(DownloadFolderScreen(current, note=self.folder_choice.note()), chosen)

    def use_download_folder(self, folder: Path) -> None:
        """Save files into `folder` from now on (this run's later saves; the config file as allowed)."""
        import dataclasses

        self.link.connection = dataclasses.replace(self.connection, download_dir=folder)
        message, saved = self.folder_choice.use(folder)
        self.notify(message, title="Download folder", severity="information" if saved else "warning", markup=False)
        self._remove_leftovers()

    def action_help(self) -> None:
        """Show the keys."""
        from .screens import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(pictures=self.browser.drawing.summary()))

    async def action_quit(self) -> None:
        """Quit; while downloads run, ask first (quitting cancels them and removes partial files).

        Picking, quitting is leaving without a pick: status 1, nothing printed, downloads cancelled."""
        if self.pick is not None:
            await self._end_pick(1)
            return
        running, waiting = self._downloads_left()  # the bag's files count too, waiting ones included
        if not running + waiting:
            self.exit(0, message=self._quit_notice())
            return

        async def answered(quit_anyway: bool | None) -> None:
            if quit_anyway:
                await self.download_controller.cancel_all()
                await self.browser.bag.cancel_and_wait()
                self.exit(0, message=self._quit_notice())

        from .screens import ConfirmQuit

        if not isinstance(self.screen, ConfirmQuit):
            self.push_screen(ConfirmQuit(running, waiting), answered)

    def _quit_notice(self) -> Text | None:
        """The line printed on the terminal once the browser has closed, if any: that the bag, holding
        icons whose files this run never saved, is kept for next time (`BagNotices.quit_notice`)."""
        notice = self.browser.bag_notices.quit_notice()
        return None if notice is None else Text(f"iconcat: {notice}")  # (Text: printed as is, no markup)

    async def action_quit_anywhere(self) -> None:
        """Quit from any screen and any focus (ctrl+q, and Ctrl-C when browsing): `quit`, whose key `q`
        types while a text box has focus. Asked while the quit question is open, it stays open."""
        await self.action_quit()

    # ----------------------------------------------------------------- picking (`iconcat pick`)

    async def action_leave_pick(self) -> None:
        """Leave the picker without a pick (status 1). Esc in a dialog, the filters or a group's members
        closes them first, as when browsing, and over a set opened from the sets view goes back to them."""
        from textual.actions import SkipAction

        from .widgets import FacetPanel, Gallery

        focused = self.focused
        in_place_of_its_own = isinstance(focused, FacetPanel) or (
            isinstance(focused, Gallery) and focused.id == "members"
        )
        back_to_sets = self.screen is self.browser and self.browser.sets_view.returns_on_escape
        if isinstance(self.screen, ModalScreen) or in_place_of_its_own or back_to_sets:
            raise SkipAction()
        await self._end_pick(1)

    def _pick_icon(self, icon: Icon) -> None:
        """`icon` was chosen: save the file the pick asks for (asking only when that leaves a choice)."""
        from iconcat.browsing.picking import pick_choices, why_nothing_fits

        assert self.pick is not None
        if self.pick.multi:
            self.browser.action_toggle_mark()
            return
        choices = pick_choices(icon, self.pick)
        if not choices:
            self.notify(why_nothing_fits(icon, self.pick), title="Nothing to pick", severity="warning", markup=False)
            return
        if len(choices) == 1:
            self._start_pick(icon, choices[0])
            return

        def picked(choice: Choice | None) -> None:
            if choice is not None:
                self._start_pick(icon, choice)

        self._downloads_panel.ask_choice(icon, choices, picked)

    def _start_pick(self, icon: Icon, choice: Choice) -> None:
        folder = Path(self.connection.download_dir).expanduser()
        self.browser.remembering.used(icon)
        self._downloads_panel.start(icon, choice, folder)

    @on(DownloadController.Finished)
    def _picked(self, message: DownloadController.Finished) -> None:
        """Picking one icon: its file saved (or found already there) ends the program with its path."""
        job = message.job
        if self.pick is None or self.pick.multi or job.saved_path is None or self._leaving_pick:
            return  # (a failed one says why in the downloads panel; r retries it, or choose another)
        self.picked, self.picked_icons = [job.saved_path], [job.icon]
        self.exit(return_code=0)

    @on(BagController.Finished)
    def _bag_picked(self, message: BagController.Finished) -> None:
        """Picking several: the bag's "download all" done with every file saved (or already there)
        ends the program with their paths (the pick's own bag goes with it). With failures the bag
        stays open on its summary (retry, or leave)."""
        summary = message.summary
        if self.pick is None or not self.pick.multi or self._leaving_pick or not summary.complete:
            return
        items = [item for item in (*summary.saved, *summary.already) if item.path is not None]
        if not items:
            return
        self.picked = [item.path for item in items if item.path is not None]
        self.picked_icons = [item.icon for item in items]
        self.exit(return_code=0)

    async def action_interrupt_pick(self) -> None:
        """Ctrl-C while picking: end at once with status 130, as an interrupted command does."""
        await self._end_pick(130)

    async def _end_pick(self, status: int) -> None:
        # (Cancelled too late, a file still being put in place is saved, and its row says so; the
        # leaving, not the file, decides the status: nothing is printed.)
        self._leaving_pick = True
        self.picked = []
        # Partial files removed before the process ends.
        await self.download_controller.cancel_all()
        await self.browser.bag.cancel_and_wait()
        self.exit(return_code=status)
