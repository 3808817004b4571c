"""The browser app: one screen of search box, results, detail and downloads, plus modal screens.

How the work is split, and why:

- One `CatalogueClient` (one HTTP connection pool) for the app's life: opened on mount, closed on
  unmount; switching catalogues retires the old one (closed at exit, so running downloads finish).
- Network calls are async workers with explicit groups: "search" (exclusive: a newer search cancels an
  older one, and a sequence number drops any answer that still arrives late), "thumbnail" (exclusive:
  only the highlighted icon's preview matters), "download" (never exclusive: a search never cancels it).
- Decoding and drawing previews is CPU work: `Thumbnail` does it in thread workers that post back.
- Widgets post typed messages; the app turns them into state (`search_state`), whose watcher updates
  the screen. Colours live in `styles/iconcat.tcss`; code only toggles classes.
- Every string from the catalogue or from an exception is passed through `sanitize` and shown as plain
  Content (notifications with markup=False).

Empty search box: a prompt, not a request. The interface does not say what an empty `name` means
(everything? an error?), and a list of "everything" is no help to someone looking for one icon.
"""

from __future__ import annotations

import asyncio
import inspect
from contextlib import AsyncExitStack
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.command import CommandPalette
from textual.containers import Container, Horizontal
from textual.content import Content
from textual.reactive import var
from textual.screen import ModalScreen
from textual.widgets import Footer, Header, Input, Static
from textual.worker import Worker

from iconcat.config import THUMBNAIL_MODES
from iconcat.text import sanitize

from .commands import BrowserCommands
from .connection import Connection
from .download_jobs import DownloadJob, DownloadStatus
from .search_state import SearchPhase, SearchState
from .stylesheets import stylesheet_paths
from .thumbnail_cache import PreviewFailure, ThumbnailCache, bound_imaging_caches
from .widgets import DetailPane, DownloadRow, DownloadsPanel, ResultsList, SearchBar, SearchInput, Thumbnail

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import CatalogueClient, Icon, SearchResult, Variant

    from .screens.variant_picker import VariantPreference

# The dialogs (.screens) are imported when first opened: nobody needs them to see the first frame.

__all__ = ["IconcatApp", "ClientFactory", "THUMBNAIL_SETTLE_SECONDS"]

ClientFactory = Callable[[Connection], "CatalogueClient"]
"""Makes the app's client for a connection (tests inject one with an in-process transport)."""

THUMBNAIL_SETTLE_SECONDS = 0.05
"""Holding an arrow key moves the highlight ~30 times a second: wait this long before fetching a
preview, so rows merely passed over cost no request (cached previews show at once regardless)."""

_MAIN_SCREEN_ACTIONS = frozenset(
    {
        "download", "connect", "help", "quit", "cancel_download", "retry_download", "focus_search", "search_again",
        "cycle_thumbnails",
    }
)
"""Actions bound to keys of the main screen; hidden from the footer while a dialog is open."""
_LETTER_ACTIONS = frozenset(
    {"download", "connect", "help", "cancel_download", "retry_download", "focus_search", "cycle_thumbnails"}
)
"""Actions bound to printable keys, which type into the search box while it has focus."""


_THUMBNAIL_MODE_NAMES = {
    "half": "Drawn with half blocks.",
    "quadrant": "Drawn with quadrant blocks: sharper edges, colours averaged in each cell.",
    "text": "Off: no pictures drawn and no previews fetched. Press t for pictures again.",
}


def default_client_factory(connection: Connection) -> "CatalogueClient":
    """The real client for `connection`."""
    from iconcat.api import CatalogueClient

    return CatalogueClient(connection.base_url, connection.token, timeout=connection.timeout)


class IconcatApp(App[int]):
    """Search the catalogue, preview icons, download their files."""

    TITLE = "iconcat"
    COMMANDS = App.COMMANDS | {BrowserCommands}
    # Screen classes by terminal size: 80×24 gets a small picture, large terminals a large one.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide"), (160, "-very-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall"), (52, "-very-tall")]

    BINDINGS = [
        Binding("slash", "focus_search", "Search", key_display="/", id="search", tooltip="Type to search; results follow as you type"),
        Binding("d", "download", "Download", key_display="enter/d", id="download",
                tooltip="Choose a format and size of the highlighted icon and save it"),
        Binding("x", "cancel_download", "Cancel", id="cancel-download",
                tooltip="Cancel the selected (or latest running) download"),
        Binding("r", "retry_download", "Retry", id="retry-download",
                tooltip="Retry the selected (or latest failed) download"),
        Binding("ctrl+r", "search_again", "Search again", show=False, id="search-again",
                tooltip="Send the current search again"),
        Binding("c", "connect", "Connect", id="connect", tooltip="Base URL, token and download folder"),
        Binding("t", "cycle_thumbnails", "Pictures", show=False, id="cycle-thumbnails",
                tooltip="Draw pictures with half blocks, quadrant blocks (sharper), or not at all"),
        Binding("question_mark", "help", "Keys", key_display="?", id="help", tooltip="Show every key"),
        Binding("q", "quit", "Quit", id="quit", tooltip="Quit (asks first while downloads run)"),
    ]

    search_state: var[SearchState] = var(SearchState, init=False)
    """The current search's state; its watcher updates the status line and the results area.

    A `var`, not a `reactive`: a reactive on the app repaints the whole screen on every change (every
    widget's lines drawn again, ~2x the cost of painting 48 results), and the watcher already
    updates exactly the widgets that show the state."""

    def __init__(
        self,
        connection: Connection,
        *,
        query: str | None = None,
        client_factory: ClientFactory = default_client_factory,
        thumbnail_mode: str = THUMBNAIL_MODES[0],
    ) -> None:
        super().__init__(css_path=stylesheet_paths())
        self.connection = connection
        """The catalogue in use (changed by the connect screen)."""
        self.sub_title = connection.label
        self._initial_query = (query or "").strip()
        self._client_factory = client_factory
        self._thumbnail_mode = thumbnail_mode
        self._client: CatalogueClient | None = None
        self._client_stack: AsyncExitStack | None = None
        self._retired_stacks: list[AsyncExitStack] = []
        self._client_problem = ""
        self._client_ready = asyncio.Event()
        self._connect_open = False
        self._search_sequence = 0
        self._last_query = ""
        self.thumbnails = ThumbnailCache()
        """Preview bytes and renders, shared by the detail pane's thumbnail."""
        self.variant_preference: "VariantPreference | None" = None
        """(format, size) last chosen in the variant picker: preselected next time."""
        self.downloads: list[DownloadJob] = []
        """Every download of this session, oldest first."""
        self._download_workers: dict[DownloadJob, Worker[None]] = {}

    # ----------------------------------------------------------------- layout and life cycle

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="◆")
        yield SearchBar(self._initial_query, id="search-bar")
        with Horizontal(id="main"):
            with Container(id="results-area", classes="-message"):
                yield ResultsList(id="results")
                yield Static(Content(SearchState().explanation), id="results-message", markup=False)
            yield DetailPane(self.thumbnails, thumbnail_mode=self._thumbnail_mode, id="detail")
        yield DownloadsPanel(id="downloads")
        yield Footer()

    async def on_mount(self) -> None:
        # The HTTP client (and the import of its stack) waits until the first frame is up: the keyboard
        # is live at once, and work that needs the client waits for it (`_ready_client`).
        self.call_after_refresh(self._open_client)
        self.call_after_refresh(self._remove_leftovers)
        self.query_one(SearchInput).focus()
        if self._initial_query:
            self.start_search(self._initial_query, immediate=True)
        else:
            self.search_state = SearchState()

    async def on_unmount(self) -> None:
        await self._close_clients()

    def _remove_leftovers(self) -> None:
        """Delete partial files that killed iconcat runs left in the download folder (in a thread)."""
        from iconcat.downloads import remove_leftovers

        self.run_worker(
            partial(remove_leftovers, Path(self.connection.download_dir).expanduser()),
            thread=True,
            group="housekeeping",
            exit_on_error=False,
            description="remove partial files of killed runs",
        )

    async def _open_client(self) -> None:
        """Create the client for the current connection (a failure becomes the search's state)."""
        bound_imaging_caches()  # here, not at start: importing the imaging stack can wait a frame
        stack = AsyncExitStack()
        try:
            self._client = await stack.enter_async_context(self._client_factory(self.connection))
        except Exception as error:  # noqa: BLE001 - shown to the person, never a traceback
            self._client = None
            self._client_problem = sanitize(f"Cannot use this catalogue: {error}", max_length=300)
            await stack.aclose()
            # Settings the client refuses (no token, a malformed URL) are fixed on the connect screen.
            self.search_state = SearchState(SearchPhase.NOT_CONFIGURED, self._last_query, message=self._client_problem)
            self._show_connect(reason=self._client_problem)
        else:
            self._client_problem = ""
            self._client_stack = stack
        finally:
            self._client_ready.set()

    async def _ready_client(self) -> "CatalogueClient | None":
        """The client once it is open (None if it could not be made: see `_client_problem`)."""
        await self._client_ready.wait()
        return self._client

    async def _close_clients(self) -> None:
        for stack in [*self._retired_stacks, self._client_stack]:
            if stack is not None:
                try:
                    await stack.aclose()
                except Exception:  # noqa: BLE001 - closing is best effort at exit
                    pass
        self._retired_stacks.clear()
        self._client_stack = None
        self._client = None

    async def switch_connection(self, connection: Connection) -> None:
        """Browse another catalogue: new client, empty caches, same query searched again."""
        if self._client_stack is not None:
            # Downloads still running on the old client finish on it; it is closed at exit.
            self._retired_stacks.append(self._client_stack)
            self._client_stack = None
        self.connection = connection
        self.sub_title = connection.label
        self.thumbnails.clear()
        self._client_ready.clear()
        await self._open_client()
        self._remove_leftovers()
        self.start_search(self.query_one(SearchBar).query_text, immediate=True)

    # ----------------------------------------------------------------- search

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide main-screen keys under dialogs, and letter keys while the search box has focus."""
        if action in _MAIN_SCREEN_ACTIONS and isinstance(self.screen, ModalScreen):
            return False
        if action in _LETTER_ACTIONS and isinstance(self.focused, Input):
            return False
        if action in ("cancel_download", "retry_download"):
            return self._download_target(action) is not None
        return True

    @on(SearchBar.QueryChanged)
    def _query_changed(self, message: SearchBar.QueryChanged) -> None:
        self.start_search(message.query, immediate=message.immediate)
        if message.immediate and message.query:
            self.query_one(ResultsList).focus()

    def start_search(self, query: str, *, immediate: bool = False) -> None:
        """Search for `query` now (an empty query shows the prompt). Typing settles into this too."""
        query = query.strip()
        if not immediate and query == self._last_query:
            # Typing settled on what was last asked for (the box's initial text, or typed and deleted
            # back): asking again would cancel that search and send a second request. Enter still does.
            return
        self._search_sequence += 1
        self._last_query = query
        if not query:
            self.workers.cancel_group(self, "search")
            self.query_one(ResultsList).show_icons(())
            self.search_state = SearchState()
            return
        self.search_state = SearchState(SearchPhase.SEARCHING, query)
        self.run_worker(
            partial(self._search, query, self._search_sequence),
            group="search",
            exclusive=True,
            exit_on_error=False,
            description=f"search {sanitize(query, max_length=40)!r}",
        )

    async def _search(self, query: str, sequence: int) -> None:
        """One search request; its answer lands only if no newer search started meanwhile."""
        from iconcat.api import AuthError, CatalogueError, NetworkError

        client = await self._ready_client()
        if client is None:
            if sequence == self._search_sequence:
                self.search_state = SearchState(SearchPhase.NOT_CONFIGURED, query, message=self._client_problem)
            return
        try:
            result = await client.search(query)
        except AuthError as error:
            if sequence == self._search_sequence:
                message = sanitize(f"The catalogue rejected the token: {error}", max_length=300)
                self.search_state = SearchState(SearchPhase.REJECTED, query, message=message)
                self._show_connect(reason=message, focus_token=True)
            return
        except NetworkError as error:
            state = SearchState(
                SearchPhase.UNREACHABLE,
                query,
                message=sanitize(f"Can't reach the catalogue: {error}", max_length=300),
            )
        except CatalogueError as error:
            state = SearchState(SearchPhase.FAILED, query, message=sanitize(f"Search failed: {error}", max_length=300))
        except Exception as error:  # noqa: BLE001 - any failure is a designed state, never a traceback
            state = SearchState(
                SearchPhase.FAILED,
                query,
                message=sanitize(f"Search failed: {type(error).__name__}: {error}", max_length=300),
            )
        else:
            if sequence == self._search_sequence:
                self.show_search_result(query, result)
            return
        if sequence == self._search_sequence:
            self.search_state = state

    def show_search_result(self, query: str, result: "SearchResult") -> None:
        """Put an answer on screen: the list, the first icon's detail, the count (one frame)."""
        # query_one_optional, not query(): it is cached while the DOM is unchanged, query() walks it all.
        results = self.query_one_optional(ResultsList)
        if results is None:  # answered while the app was closing
            return
        results.show_icons(result.icons)
        # The detail follows in the same frame (the list's highlight message would land a frame later).
        self.query_one(DetailPane).icon = results.highlighted_icon
        if result.icons:
            self.search_state = SearchState(
                SearchPhase.RESULTS,
                query,
                count=len(result.icons),
                more_available=result.more_available,
                skipped=result.skipped,
            )
        else:
            self.search_state = SearchState(SearchPhase.NO_RESULTS, query)

    def watch_search_state(self, state: SearchState) -> None:
        search_bar = self.query_one_optional(SearchBar)
        if search_bar is None:  # a search answered while the app was closing
            return
        search_bar.state = state
        area = self.query_one("#results-area")
        results = self.query_one(ResultsList)
        has_rows = results.option_count > 0
        shows_list = state.phase is SearchPhase.RESULTS or (state.phase is SearchPhase.SEARCHING and has_rows)
        # One restyle at most (a class change restyles the area's whole subtree): most searches change none.
        area.update_classes(
            {
                "-message": not shows_list,
                "-problem": state.phase
                in (SearchPhase.UNREACHABLE, SearchPhase.REJECTED, SearchPhase.NOT_CONFIGURED, SearchPhase.FAILED),
            }
        )
        # Earlier rows stay on show, faded, while a newer search runs: a repaint of the list, no restyle.
        results.stale = state.phase is SearchPhase.SEARCHING
        explanation = state.explanation or f"Searching for “{state.query}”…"
        # The message box's size is set by the layout (1fr), so new text only needs a repaint.
        self.query_one("#results-message", Static).update(Content(explanation), layout=False)
        if not shows_list:
            self.query_one(DetailPane).icon = None

    # ----------------------------------------------------------------- results and detail

    @on(ResultsList.IconHighlighted)
    def _icon_highlighted(self, message: ResultsList.IconHighlighted) -> None:
        # A highlight message can still arrive while the app is closing and its widgets are gone.
        detail = self.query_one_optional(DetailPane)
        if detail is not None:
            detail.icon = message.icon

    @on(ResultsList.IconChosen)
    def _icon_chosen(self, message: ResultsList.IconChosen) -> None:
        self.open_variant_picker(message.icon)

    @on(Thumbnail.Needed)
    def _thumbnail_needed(self, message: Thumbnail.Needed) -> None:
        self.run_worker(
            partial(self._fetch_thumbnail, message.thumbnail, message.icon),
            group="thumbnail",
            exclusive=True,
            exit_on_error=False,
            description=f"fetch preview of icon {message.icon.id}",
        )

    async def _fetch_thumbnail(self, thumbnail: Thumbnail, icon: "Icon") -> None:
        """Fetch one preview and hand it to the thumbnail (which decodes and draws it in a thread)."""
        from iconcat.api import CatalogueError, NotFoundError, ProtocolError

        await asyncio.sleep(THUMBNAIL_SETTLE_SECONDS)
        client = await self._ready_client()
        if client is None:
            return
        try:
            data = await client.thumbnail(icon)
        except NotFoundError:
            thumbnail.deliver_failure(icon, PreviewFailure("no preview", missing=True), permanent=True)
        except ProtocolError as error:
            thumbnail.deliver_failure(icon, PreviewFailure(sanitize(str(error), max_length=80), missing=False), permanent=True)
        except CatalogueError as error:
            thumbnail.deliver_failure(icon, PreviewFailure(sanitize(str(error), max_length=80), missing=False), permanent=False)
        except Exception as error:  # noqa: BLE001 - a preview failure must never take the app down
            reason = sanitize(f"{type(error).__name__}: {error}", max_length=80)
            thumbnail.deliver_failure(icon, PreviewFailure(reason, missing=False), permanent=False)
        else:
            thumbnail.deliver(icon, data)

    # ----------------------------------------------------------------- downloads

    def open_variant_picker(self, icon: "Icon") -> None:
        """Ask which variant of `icon` to download, then download it."""
        from iconcat.downloads import suggested_filename

        if not icon.variants:
            self.notify(
                sanitize(f"{icon.name} has no downloadable variant."), title="Nothing to download", markup=False,
                severity="warning",
            )
            return

        def picked(variant: "Variant | None") -> None:
            if variant is not None:
                self.variant_preference = (variant.format.lower(), variant.size)
                self.start_download(icon, variant)

        from .screens import VariantPicker

        self.push_screen(
            VariantPicker(
                icon,
                preference=self.variant_preference,
                folder=self.connection.download_dir,
                filename_for=suggested_filename,
            ),
            picked,
        )

    def start_download(self, icon: "Icon", variant: "Variant") -> DownloadJob:
        """Save `variant` of `icon` into the download folder, in the background."""
        from iconcat.downloads import suggested_filename

        # An existing file of that name is kept: the client saves as "name-1.ext" and reports the path.
        folder = Path(self.connection.download_dir).expanduser()
        job = DownloadJob(icon=icon, variant=variant, filename=suggested_filename(icon, variant), folder=folder)
        self.downloads.append(job)
        self.query_one(DownloadsPanel).add_job(job)
        self._launch(job)
        self.refresh_bindings()
        return job

    def _launch(self, job: DownloadJob) -> None:
        self._download_workers[job] = self.run_worker(
            partial(self._download, job),
            group="download",
            exclusive=False,
            exit_on_error=False,
            description=f"download variant {job.variant.id}",
        )

    async def _download(self, job: DownloadJob) -> None:
        """One download; progress reaches the panel at most ten times a second."""
        from iconcat.api import CatalogueError

        panel = self.query_one(DownloadsPanel)

        def progress(bytes_done: int, total: int | None) -> None:
            if job.record_progress(bytes_done, total):
                panel.post_message(DownloadsPanel.Progress(job))

        panel.post_message(DownloadsPanel.Progress(job))
        try:
            client = await self._ready_client()
            if client is None:
                raise RuntimeError(self._client_problem or "no catalogue connected")
            path = await client.download(
                job.variant.id, job.folder, filename=job.filename, overwrite=False, progress=progress
            )
        except asyncio.CancelledError:
            job.finish(DownloadStatus.CANCELLED)
            panel.post_message(DownloadsPanel.Progress(job))
            self.refresh_bindings()
            raise
        except CatalogueError as error:
            self._download_failed(job, sanitize(str(error), max_length=160))
        except OSError as error:
            reason = error.strerror or str(error)
            self._download_failed(job, sanitize(f"cannot write to {job.folder}: {reason}", max_length=160))
        except Exception as error:  # noqa: BLE001 - a failed download is a row state, not a crash
            self._download_failed(job, sanitize(f"{type(error).__name__}: {error}", max_length=160))
        else:
            job.finish(DownloadStatus.DONE, saved_path=Path(path))
            self.notify(sanitize(str(path), max_length=None), title="Download finished", markup=False)
        panel.post_message(DownloadsPanel.Progress(job))
        self.refresh_bindings()

    def _download_failed(self, job: DownloadJob, reason: str) -> None:
        job.finish(DownloadStatus.FAILED, error=reason)
        self.notify(
            f"{sanitize(job.filename, max_length=60)}: {reason}  (r retries)",
            title="Download failed",
            severity="error",
            markup=False,
        )

    def _selected_job(self) -> DownloadJob | None:
        focused = self.focused
        return focused.job if isinstance(focused, DownloadRow) else None

    def _download_target(self, action: str) -> DownloadJob | None:
        """The download `action` applies to: the focused row if it fits, else the latest that fits."""
        if action == "cancel_download":
            fits: Callable[[DownloadJob], bool] = lambda job: job.status is DownloadStatus.RUNNING  # noqa: E731
        else:
            fits = lambda job: job.status in (DownloadStatus.FAILED, DownloadStatus.CANCELLED)  # noqa: E731
        selected = self._selected_job()
        if selected is not None:
            return selected if fits(selected) else None
        return next((job for job in reversed(self.downloads) if fits(job)), None)

    def action_cancel_download(self) -> None:
        """Cancel the selected (or latest running) download; its partial file is removed."""
        job = self._download_target("cancel_download")
        worker = self._download_workers.get(job) if job is not None else None
        if worker is None:
            self.notify("No download is running.", markup=False)
            return
        worker.cancel()

    def action_retry_download(self) -> None:
        """Start the selected (or latest failed or cancelled) download again."""
        old = self._download_target("retry_download")
        if old is None:
            self.notify("No failed or cancelled download to retry.", markup=False)
            return
        new = old.restarted()
        self.downloads[self.downloads.index(old)] = new
        self._download_workers.pop(old, None)
        self.query_one(DownloadsPanel).replace_job(old, new)
        self._launch(new)
        self.refresh_bindings()

    def action_clear_downloads(self) -> None:
        """Remove finished downloads from the panel."""
        removed = self.query_one(DownloadsPanel).clear_finished()
        self.downloads = [job for job in self.downloads if not job.status.finished]
        if not removed:
            self.notify("No finished download to clear.", markup=False)

    @property
    def running_downloads(self) -> list[DownloadJob]:
        """Downloads still in progress."""
        return [job for job in self.downloads if job.status is DownloadStatus.RUNNING]

    async def cancel_downloads(self) -> None:
        """Cancel every running download and wait until each has cleaned up its partial file."""
        workers = [self._download_workers[job] for job in self.running_downloads if job in self._download_workers]
        for worker in workers:
            worker.cancel()
        for worker in workers:
            try:
                await asyncio.wait_for(worker.wait(), timeout=5)
            except Exception:  # noqa: BLE001 - WorkerCancelled is the expected outcome
                pass

    # ----------------------------------------------------------------- actions

    async def run_command(self, action: str) -> None:
        """Run `action` chosen in the command palette.

        Not `run_action`: that consults `check_action`, which hides letter keys while the search box
        has focus, and a command chosen by name must work wherever the focus was.
        """
        if any(isinstance(screen, ModalScreen) and not isinstance(screen, CommandPalette) for screen in self.screen_stack):
            self.notify("Close the open dialog first.", markup=False)
            return
        outcome = getattr(self, f"action_{action}")()
        if inspect.isawaitable(outcome):
            await outcome

    def action_focus_search(self) -> None:
        """Put the cursor in the search box."""
        self.query_one(SearchInput).focus()

    def action_focus_results(self) -> None:
        """Move to the results list."""
        results = self.query_one(ResultsList)
        # At once, not with focus() (which waits for the next idle): keys that arrived in the same read
        # (a held ↓) must reach the list and move it, not the search box and this action again.
        results.screen.set_focus(results)

    def action_search_again(self) -> None:
        """Send the current search again."""
        self.start_search(self.query_one(SearchBar).query_text, immediate=True)

    def action_download(self) -> None:
        """Open the variant picker for the highlighted icon."""
        icon = self.query_one(ResultsList).highlighted_icon
        if icon is None:
            self.notify("Search, then highlight an icon to download it.", markup=False)
            return
        self.open_variant_picker(icon)

    def action_connect(self) -> None:
        """Open the connect screen."""
        self._show_connect()

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

    def action_cycle_thumbnails(self) -> None:
        """Draw pictures the next way: half blocks, quadrant blocks, not at all (and round again)."""
        thumbnail = self.query_one(Thumbnail)
        modes = THUMBNAIL_MODES
        thumbnail.mode = modes[(modes.index(thumbnail.mode) + 1) % len(modes)]
        self.notify(_THUMBNAIL_MODE_NAMES[thumbnail.mode], title="Pictures", markup=False)

    def action_help(self) -> None:
        """Show the keys."""
        from .screens import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    async def action_quit(self) -> None:
        """Quit; while downloads run, ask first (quitting cancels them and removes partial files)."""
        running = len(self.running_downloads)
        if not running:
            self.exit(0)
            return

        async def answered(quit_anyway: bool | None) -> None:
            if quit_anyway:
                await self.cancel_downloads()
                self.exit(0)

        from .screens import ConfirmQuit

        if not isinstance(self.screen, ConfirmQuit):
            self.push_screen(ConfirmQuit(running), answered)
