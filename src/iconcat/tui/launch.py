"""`run_browser`: choose the catalogue (configured, or the embedded demo), run the app, clean up."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from iconcat.text import sanitize

from .connection import Connection
from .local_build import PLACEHOLDER

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.browsing.picking import PickRequest
    from iconcat.config import Settings
    from iconcat.local_sets import LocalSets
    from iconcat.server import BackgroundServer

    from .app import IconcatApp
    from .first_search import FirstSearch

__all__ = ["run_browser", "run_picker", "startup_objects_frozen", "on_the_terminal"]


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

    from .first_search import FirstSearch

    words = parse_query(query.strip()).service_text
    return FirstSearch(connection, words).start() if words else None


def run_browser(
    settings: Settings, *, query: str | None = None, demo: bool = False, local: LocalSets | None = None
) -> int:
    """Run the browser; return 0 when the person quits, 1 when it could not start."""
    status, _ = _run_app(settings, query=query, demo=demo, local=local)
    return status


def run_picker(
    settings: Settings,
    request: PickRequest,
    *,
    query: str | None = None,
    demo: bool = False,
    local: LocalSets | None = None,
) -> tuple[int, list[Path]]:
    """Run the browser as a picker (`picking`): the exit status, and the paths picked (status 0 only)."""
    status, app = _run_app(settings, query=query, demo=demo, pick=request, local=local)
    return status, (list(app.picked) if app is not None and status == 0 else [])


def _run_app(
    settings: Settings,
    *,
    query: str | None,
    demo: bool,
    pick: PickRequest | None = None,
    local: LocalSets | None = None,
) -> tuple[int, IconcatApp | None]:
    """Run the app; its exit status (1 when it could not start), and the app once it ran.

    The demo catalogue's socket is bound now (its address goes in the connection), and it starts
    serving in a thread once the first frame is up (`serve_demo`, the link's `prepare`): importing
    Starlette and uvicorn and building the catalogue must not delay the first paint.

    Sets from disk (`local`) are served the same way, their index opened (built first when a set is new
    or changed) in the same `prepare`, its progress in the header (`local_build`); quitting cancels it.
    A PATH that does not exist or holds no icons raises `SourceError` before the app starts; one whose
    every set turns out unreadable closes the app, and raises it after (`LocalBuild.failure`).
    """
    demo_socket = None
    servers: list[BackgroundServer] = []
    prepare = None
    building = None
    if local is not None:
        from .local_build import LocalBuild

        building = LocalBuild(local)
        building.check()
    app: IconcatApp | None = None
    if demo or local is not None or not settings.base_url:
        from iconcat.server import DEMO_TOKEN
        from iconcat.server.background import bind_loopback

        try:
            demo_socket = bind_loopback()
        except OSError as error:
            print(f"iconcat: could not start the demo catalogue: {sanitize(str(error))}", file=sys.stderr)
            return 1, None
        bound = demo_socket

        async def serve_demo() -> None:
            import asyncio

            from iconcat.server import start_catalogue

            served: dict[str, Any] = {}
            if building is not None and app is not None:
                served = await building.serve_options(app)
            servers.append(await asyncio.to_thread(start_catalogue, token=DEMO_TOKEN, sock=bound, **served))

        prepare = serve_demo
        connection = Connection(
            base_url=f"http://127.0.0.1:{demo_socket.getsockname()[1]}",
            token=DEMO_TOKEN,
            download_dir=Path(settings.download_dir),
            timeout=settings.timeout,
            filename_template=settings.filename,
            is_demo=True,
            local_sets=None if local is None else PLACEHOLDER,
        )
    else:
        connection = Connection(
            base_url=settings.base_url,
            token=settings.token or "",
            download_dir=Path(settings.download_dir),
            timeout=settings.timeout,
            filename_template=settings.filename,
        )
    # A query on a configured catalogue: searched from now on, while Textual is imported and the app
    # starts (`first_search`); the browser's first search takes its answer.
    first_search = _early_search(connection, query) if demo_socket is None else None
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
                prepare=prepare,
                pick=pick,
                first_search=first_search,
            )
            # Known once Textual's console has read the environment: a 256-colour terminal gets
            # pictures whose palette entries the renderers chose (`block_colours`).
            pictures.colours = block_colours(app.console.color_system)
            result = app.run()
    finally:
        if building is not None:
            building.cancel.set()  # (the app ended while the index was built: stop it, whole sets kept)
        if first_search is not None:
            first_search.close()  # (still running only if the app ended before its answer came)
        for server in servers:
            server.stop()  # (closes the socket too)
        if demo_socket is not None and not servers:
            demo_socket.close()
    if building is not None and building.failure is not None:
        raise building.failure  # (an argument's every set unreadable: said as the command line says it, exit 2)
    if app.return_code not in (None, 0):
        return app.return_code, app
    return int(result or 0), app
