"""`run_browser`: choose the catalogue (configured, or the embedded demo), run the app, clean up."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from iconcat.text import sanitize

from .connection import Connection

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.config import Settings
    from iconcat.server import BackgroundServer

__all__ = ["run_browser", "startup_objects_frozen"]


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


def run_browser(settings: Settings, *, query: str | None = None, demo: bool = False) -> int:
    """Run the browser; return 0 when the person quits, 1 when it could not start.

    The demo catalogue's socket is bound now (its address goes in the connection), and it starts
    serving in a thread once the first frame is up (`serve_demo`, the link's `prepare`): importing
    Starlette and uvicorn and building the catalogue must not delay the first paint.
    """
    demo_socket = None
    servers: list[BackgroundServer] = []
    prepare = None
    if demo or not settings.base_url:
        from iconcat.server import DEMO_TOKEN
        from iconcat.server.background import bind_loopback

        try:
            demo_socket = bind_loopback()
        except OSError as error:
            print(f"iconcat: could not start the demo catalogue: {sanitize(str(error))}", file=sys.stderr)
            return 1
        bound = demo_socket

        async def serve_demo() -> None:
            import asyncio

            from iconcat.server import start_catalogue

            servers.append(await asyncio.to_thread(start_catalogue, token=DEMO_TOKEN, sock=bound))

        prepare = serve_demo
        connection = Connection(
            base_url=f"http://127.0.0.1:{demo_socket.getsockname()[1]}",
            token=DEMO_TOKEN,
            download_dir=Path(settings.download_dir),
            timeout=settings.timeout,
            is_demo=True,
        )
    else:
        connection = Connection(
            base_url=settings.base_url,
            token=settings.token or "",
            download_dir=Path(settings.download_dir),
            timeout=settings.timeout,
        )
    try:
        from .app import IconcatApp
        from .terminal_images import detect_pictures

        # Asked once, before Textual takes the terminal over, of the terminal it draws on (stderr:
        # stdout may be a pipe). Pictures off need no answer.
        graphics = settings.graphics if settings.thumbnails != "text" else "blocks"
        try:
            terminal = sys.__stderr__.fileno() if sys.__stderr__ is not None else -1
        except (OSError, ValueError):  # a closed or replaced stderr: nothing to ask, so blocks
            terminal = -1
        pictures = detect_pictures(graphics, os.environ, terminal)
        app = IconcatApp(
            connection,
            query=query,
            thumbnail_mode=settings.thumbnails,
            view=settings.view,
            group=settings.group,
            pictures=pictures,
            prepare=prepare,
        )
        with startup_objects_frozen():
            result = app.run()
    finally:
        for server in servers:
            server.stop()  # (closes the socket too)
        if demo_socket is not None and not servers:
            demo_socket.close()
    if app.return_code not in (None, 0):
        return app.return_code
    return int(result or 0)
