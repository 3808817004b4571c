"""`run_browser`: the catalogue chosen (configured, sets from disk, or the embedded demo), run the app, clean up."""

from __future__ import annotations

import dataclasses
import gc
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING

from .connection import Connection

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon
    from iconcat.browsing.picking import PickRequest
    from iconcat.catalogue import Catalogue, CatalogueChoice
    from iconcat.config import Settings
    from iconcat.disk.svg_output import OutputOptions

    from .app import IconcatApp
    from .controllers.catalogue_link import CatalogueFactory
    from .controllers.first_search import FirstSearch
    from .controllers.local_build import LocalBuild

__all__ = ["browser_connection", "on_the_terminal", "run_browser", "run_picker", "startup_objects_frozen"]


@contextmanager
def startup_objects_frozen() -> Iterator[None]:
    """Keep the objects alive at start (imported modules, classes, Textual's tables) out of the cyclic
    garbage collector's way for the app's life.

    Drawing a screen allocates thousands of short-lived objects, so the collector runs often, and every
    so often it walks all older objects: with Textual loaded that walk is long enough to be a visible
    hitch (benchmarks/tui.py's paint rounds show it as the occasional slow round; frozen, the slowest
    round is close to the median). Frozen objects are still freed when their last reference goes; only
    cycles among them wait. Unfrozen again when the app ends.
    """
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@contextmanager
def on_the_terminal() -> Iterator[None]:
    """While the app runs, its standard streams that are not a terminal are the controlling terminal
    (`/dev/tty`), as fzf does; each is given back afterwards.

    - stdout (`iconcat pick | xargs …`, `path=$(iconcat pick)`): Textual sizes the screen by stdout
      (`shutil.get_terminal_size`), so on a pipe it would draw 80×24 whatever the terminal; and
      whatever is printed by accident while the app runs lands on the terminal, never in the pipe
      that must carry only the picked paths.
    - stdin (Vim's `:r !iconcat pick`, `… | iconcat pick`): Textual reads keys from stdin.
    - stderr (`2>log`): Textual draws on stderr.

    Without a controlling terminal (a service, CI) nothing changes.
    """
    swapped: list[tuple[int, int]] = []
    try:
        terminal = os.open("/dev/tty", os.O_RDWR | getattr(os, "O_NOCTTY", 0))
    except OSError:
        yield
        return
    try:
        sys.stdout.flush()
        for fd in (0, 1, 2):
            try:
                if os.isatty(fd):
                    continue
                saved = os.dup(fd)
            except OSError:
                continue  # a closed stream: nothing to give back, and nothing to swap
            os.dup2(terminal, fd)
            swapped.append((fd, saved))
    finally:
        os.close(terminal)
    try:
        yield
    finally:
        with suppress(OSError, ValueError):
            sys.stdout.flush()
        for fd, saved in swapped:
            os.dup2(saved, fd)
            os.close(saved)


def _given(settings: Settings, name: str) -> bool:
    """Whether `name` ("thumbnails" or "view") was set by a flag, the environment or the config file
    (`Settings.chosen`); for Settings made in code, whether it differs from the default. A given value
    wins over the browser's remembered choice; a default yields to it."""
    from iconcat.config import Settings as Defaults

    if name in settings.chosen:
        return True
    return bool(getattr(settings, name) != getattr(Defaults(base_url=None, token=None), name))


def _drawing_terminal() -> int:
    """The file descriptor Textual draws on (`sys.__stderr__`'s), or -1 when there is none to ask."""
    try:
        return sys.__stderr__.fileno() if sys.__stderr__ is not None else -1
    except (OSError, ValueError):  # a closed or replaced stderr: nothing to ask, so blocks
        return -1


def _early_search(connection: Connection, query: str | None) -> FirstSearch | None:
    """The search for `query`'s service words (its `key:value` filters are never sent), started; None
    when there is nothing to search."""
    if not query or not query.strip():
        return None
    from iconcat.browsing.filters import parse_query

    from .controllers.first_search import FirstSearch

    words = parse_query(query.strip()).service_text
    return FirstSearch(connection, words).start() if words else None


def browser_connection(
    settings: Settings, *, choice: CatalogueChoice | None = None, output: OutputOptions | None = None
) -> Connection:
    """The catalogue the browser opens, saving into the settings' folder: `choice` when the caller made
    one (`iconcat.catalogue.choose_catalogue`, as the command line does); else the service the settings
    configure, or the demo when they name none.

    Made from the kind table alone (`catalogue.kinds`): no adapter and no HTTP stack, which the first
    frame does not wait for."""
    folder, template = Path(settings.download_dir), settings.filename
    connection = _connection(settings, choice, folder, template)
    return dataclasses.replace(connection, output=output) if output is not None else connection


def _connection(settings: Settings, choice: CatalogueChoice | None, folder: Path, template: str | None) -> Connection:
    if choice is not None:
        return Connection.chosen(choice, folder, filename_template=template)
    if not settings.base_url:
        from iconcat.catalogue.kinds import demo_spec

        return Connection(demo_spec(), folder, filename_template=template)
    return Connection.service(
        settings.base_url, settings.token or "", folder, timeout=settings.timeout, filename_template=template
    )


def run_browser(
    settings: Settings,
    *,
    query: str | None = None,
    choice: CatalogueChoice | None = None,
    output: OutputOptions | None = None,
) -> int:
    """Run the browser on `choice` (or as `browser_connection` decides without one), saving files as
    `output` asks; return the app's exit status (0 when the person quits)."""
    status, _ = _run_app(settings, browser_connection(settings, choice=choice, output=output), query=query)
    return status


def run_picker(
    settings: Settings,
    request: PickRequest,
    *,
    query: str | None = None,
    choice: CatalogueChoice | None = None,
    output: OutputOptions | None = None,
    icons: list[Icon] | None = None,
) -> tuple[int, list[Path]]:
    """Run the browser as a picker (`picking`): the exit status, and the paths picked (status 0 only);
    `icons`, when given, gets the icons of those paths, in their order. Files are saved as `output` asks."""
    connection = browser_connection(settings, choice=choice, output=output)
    status, app = _run_app(settings, connection, query=query, pick=request)
    picked = app is not None and status == 0
    if icons is not None and picked:
        assert app is not None
        icons.extend(app.picked_icons)
    return status, (list(app.picked) if app is not None and picked else [])


class _FirstOpening:
    """How the app's first catalogue is made and opened (the link's factory and opening): sets from disk
    with their build's progress in the header (`local_build`). A catalogue chosen later (the connect
    screen) is made and opened as the link makes and opens any."""

    def __init__(self, connection: Connection) -> None:
        from .controllers.catalogue_link import default_catalogue_factory

        self.app: IconcatApp | None = None
        """The app, once made (the header the build's progress goes to)."""
        self.building: LocalBuild | None = None
        first = default_catalogue_factory
        if connection.local is not None:
            from .controllers.local_build import LocalBuild

            self.building = LocalBuild(connection.local)
            self.building.check()
            first = self.building.catalogue
        self._first: CatalogueFactory = first
        self._made = False

    def make(self, connection: Connection) -> Catalogue:
        """The link's factory: the first catalogue as said above; any later one as any."""
        if self._made:
            from .controllers.catalogue_link import default_catalogue_factory

            return default_catalogue_factory(connection)
        self._made = True
        return self._first(connection)

    async def open(self, catalogue: Catalogue) -> None:
        """The link's opening of the first catalogue."""
        if self.building is not None:
            assert self.app is not None
            await self.building.open(self.app, catalogue)
        else:
            await catalogue.open()


def _run_app(
    settings: Settings, connection: Connection, *, query: str | None, pick: PickRequest | None = None
) -> tuple[int, IconcatApp | None]:
    """Run the app on `connection`; its exit status, and the app once it ran.

    The catalogue is made through the seam (`open_catalogue`) and opened once the first frame is up
    (the link's `open`: `catalogue.open()`): the demo and sets from disk are answered in-process, so
    nothing here binds a socket or starts a server, and building the demo's search index or importing
    the HTTP stack never delays the first paint.

    Sets from disk have their index opened (built first when a set is new or changed) in that opening,
    its progress in the header (`local_build`); quitting cancels it. A PATH that does not exist or
    holds no icons raises `SourceError` before the app starts; one whose every set turns out unreadable
    closes the app, and raises it after (`LocalBuild.failure`).
    """
    # A query on a configured service: searched from now on, while Textual is imported and the app
    # starts (`first_search`); the browser's first search takes its answer.
    first_search = _early_search(connection, query) if not connection.is_demo else None
    start = _FirstOpening(connection)
    try:
        from iconcat.graphics.detect import quiet_terminal

        from .app import IconcatApp
        from .terminal_images import block_colours, detect_pictures

        graphics = settings.graphics if settings.thumbnails != "text" else "blocks"
        with startup_objects_frozen(), on_the_terminal(), quiet_terminal(_drawing_terminal()) as before:
            # Asked once, before Textual takes the terminal over, of the terminal it draws on: Textual's
            # Linux driver writes to `sys.__stderr__`, which `on_the_terminal` has just made the
            # terminal when it was a file (`2>log`) or a pipe. Pictures off need no answer. Quiet from
            # here on: a late answer is not echoed before Textual reads it (`quiet_terminal`).
            pictures = detect_pictures(graphics, os.environ, _drawing_terminal())
            pictures.terminal_settings = before
            app = IconcatApp(
                connection,
                query=query,
                # Not set anywhere: None, and the browser starts with the remembered choice (`remembered`).
                thumbnail_mode=settings.thumbnails if _given(settings, "thumbnails") else None,
                view=settings.view if _given(settings, "view") else None,
                group=settings.group,
                pictures=pictures,
                catalogue_factory=start.make,
                opening=start.open,
                pick=pick,
                first_search=first_search,
            )
            # Known once Textual's console has read the environment: a 256-colour terminal gets
            # pictures whose palette entries the renderers chose (`block_colours`).
            pictures.colours = block_colours(app.console.color_system)
            start.app = app
            result = app.run()
    finally:
        if first_search is not None:
            first_search.close()  # (still running only if the app ended before its answer came)
    if start.building is not None and start.building.failure is not None:
        raise start.building.failure  # (an argument's every set unreadable: said as the command line says it, exit 2)
    if app.return_code not in (None, 0):
        return app.return_code, app
    return int(result or 0), app
