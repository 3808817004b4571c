"""Helpers for the browser's tests: waiting on the app, reading what a widget shows, hostile data."""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, Static

from iconcat.browsing.filters import parse_query
from iconcat.browsing.search_state import SearchPhase
from iconcat.demo.catalogue import Catalogue, Ref
from iconcat.server import BackgroundServer, create_app, start_catalogue
from iconcat.tui.connection import Connection
from iconcat.tui.widgets import ResultsArea

SIZE = (120, 36)
"""The terminal size most browser tests run at."""

WAIT_SECONDS = 15.0
"""How long a test waits for the app to reach a state before failing (generous: CI machines are slow)."""


async def wait_until(pilot: Pilot, condition: Callable[[], object], what: str, timeout: float = WAIT_SECONDS) -> None:
    """Let the app run until `condition()` holds; fail with `what` if it never does."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"the app never reached: {what}")
        await pilot.pause(0.02)


def results_settled(app) -> bool:
    """No search running or waiting to show its answer, nor its pages being followed for the filters."""
    return (
        app.browser.search_state.phase not in (SearchPhase.SEARCHING,)
        and not any(worker.group == "search" and not worker.is_finished for worker in app.workers)
        and not app.browser.searches.follower.following
    )


async def search(pilot: Pilot, text: str) -> None:
    """Type `text` into the search box and wait for the answer."""
    app = pilot.app
    app.query_one("#search-input", Input).focus()
    await pilot.press(*text)
    asked = parse_query(text).service_text  # `key:value` words filter; the rest is what is searched for
    await wait_until(
        pilot,
        lambda: app.browser.search_state.query == asked and results_settled(app) and results_laid_out(app),
        f"results for {text!r}",
    )


def results_laid_out(app) -> bool:
    """The view on show (list or gallery) has its size: shown for the first time, it is laid out a frame
    after the answer, and its rows cannot be read before."""
    active = app.browser.query_one(ResultsArea).active
    return not active.display or active.size.area > 0


def shown_text(widget: Static) -> str:
    """The plain text a Static shows (its Content, never re-parsed as markup)."""
    return str(widget.visual) if widget.visual is not None else ""


async def no_blink_once_shown(pilot: Pilot) -> None:
    """`no_blink` once the browser's search box is on screen: a snapshot's `run_before` runs as the app
    starts, before the screen is composed, where `no_blink` found no field and the cursor went on
    blinking (snapshots then showed it or not by the time they were taken)."""
    from textual.widgets import Input

    await wait_until(pilot, lambda: any(field.is_mounted for field in pilot.app.screen.query(Input)), "the search box")
    no_blink(pilot)
    await pilot.pause()


def no_blink(pilot: Pilot) -> None:
    """Stop text cursors blinking, so screenshots do not depend on timing."""
    for field in pilot.app.query(Input):
        field.cursor_blink = False
    for screen in pilot.app.screen_stack:
        for field in screen.query(Input):
            field.cursor_blink = False


def demo_connection(download_dir: Path) -> Connection:
    """The demo catalogue as the browser opens it (`iconcat browse --demo`: in-process, no socket)."""
    from iconcat.catalogue.kinds import demo_spec

    return Connection(demo_spec(), download_dir)


@contextmanager
def serving(**options: Any) -> Iterator[BackgroundServer]:
    """A catalogue of our own (options as `start_catalogue`), stopped afterwards.

    `start_catalogue()` returns a server already started, so it is not used as a context manager
    (its `__enter__` would start it a second time).
    """
    server = start_catalogue(**options)
    try:
        yield server
    finally:
        server.stop()


class HeldRequests:
    """The embedded catalogue (ASGI), every request to `path` held until the test calls `release()`.

    A download that must still be running when the test acts on it (the quit question), or a search
    whose answer must come after the test's next search, cannot be staged with latency: a loaded
    machine can take longer than any latency between the request and the test's next step. A held
    request ends only when released, or after `limit` seconds so a failing test never leaves the
    server's thread waiting. `query`, when given, holds only requests whose query string holds it
    (e.g. `"name=arrow"`; `"page="` holds the next pages and not the first). `page_size`: the
    catalogue's icons per page.
    """

    def __init__(self, token: str, path: str, query: str = "", limit: float = WAIT_SECONDS, **options: Any) -> None:
        self.app = create_app(token=token, **options)  # options: as `create_app` (page_size…)
        self.path = path
        self.query = query.encode()
        self.limit = limit
        self.in_flight = 0
        """Held requests at the server now."""
        self.peak = 0
        """The most held requests at the server at once."""
        self.requests = 0
        """Held requests asked for in all."""
        self._released = threading.Event()  # set from the test's thread, read on the server's loop

    def release(self) -> None:
        self._released.set()

    def _holds(self, scope: Any) -> bool:
        return scope["type"] == "http" and scope["path"] == self.path and self.query in scope["query_string"]

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if not self._holds(scope):
            await self.app(scope, receive, send)
            return
        self.in_flight += 1
        self.requests += 1
        self.peak = max(self.peak, self.in_flight)
        try:
            deadline = time.monotonic() + self.limit
            while not self._released.is_set() and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
            await self.app(scope, receive, send)
        finally:
            self.in_flight -= 1


class HeldPreviews(HeldRequests):
    """`HeldRequests` for every preview (`/private/bundle_icons/<id>/small`), each logged by its path in
    `paths` (how often each preview was asked for), so a test counts requests where they arrive."""

    def __init__(self, token: str, limit: float = WAIT_SECONDS) -> None:
        super().__init__(token, "/private/bundle_icons/", limit=limit)
        self.paths: collections.Counter[str] = collections.Counter()

    def _holds(self, scope: Any) -> bool:
        holds = scope["type"] == "http" and scope["path"].startswith(self.path)
        if holds:
            self.paths[scope["path"]] += 1
        return holds

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """As `HeldRequests`, but a request whose client hung up (a fetch cancelled) stops being held
        and counted in flight at once: `in_flight` and `peak` count the requests a client still waits for."""
        if not self._holds(scope):
            await self.app(scope, receive, send)
            return
        self.in_flight += 1
        self.requests += 1
        self.peak = max(self.peak, self.in_flight)
        hung_up: asyncio.Future[Any] | None = None
        try:
            body = await receive()  # (a GET's empty body; what comes next is the client hanging up)
            hung_up = asyncio.ensure_future(receive())
            deadline = time.monotonic() + self.limit
            while not self._released.is_set() and time.monotonic() < deadline:
                if hung_up.done():
                    return
                await asyncio.sleep(0.02)
            replay = [body]

            async def replayed() -> Any:
                return replay.pop() if replay else await hung_up

            await self.app(scope, replayed, send)
        finally:
            self.in_flight -= 1
            if hung_up is not None and not hung_up.done():
                hung_up.cancel()


@contextmanager
def holding(held: HeldRequests) -> Iterator[BackgroundServer]:
    """`held` served over loopback, released and stopped afterwards."""
    server = BackgroundServer(held).start()
    try:
        yield server
    finally:
        held.release()
        server.stop()


@contextmanager
def holding_downloads(token: str) -> Iterator[tuple[HeldRequests, BackgroundServer]]:
    """A catalogue whose downloads are held (`HeldRequests`), released and stopped afterwards."""
    held = HeldRequests(token, "/api/v1/download")
    with holding(held) as server:
        yield held, server


def refusing_socket() -> socket.socket:
    """A loopback socket bound but not listening: connections to its port are refused.

    Keeping it bound (rather than binding and closing) stops the kernel handing the port out as an
    ephemeral source port, which would let a client connect to itself.
    """
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    return sock


HOSTILE_NAMES = (
    "[bold]zz",
    "zz [/",
    "[@click=app.quit]zz[/]",
    "zz \x1b[31mred\x1b]0;pwned\x07 \x1b]52;c;aGk=\x07",
    "[link=https://evil.example]zz[/link]",
    "[$accent]zz \u202eoverride",
    "zz\r\nsecond line",
    "\x9b31mzz c1",
)
"""Names a compromised catalogue might send: markup, escape sequences, C1 controls, bidi, newlines."""

HOSTILE_SET = "[b]Set[/b] \x1b[5m"
"""A hostile set name (shown in the list and the detail pane)."""


class HostileCatalogue(Catalogue):
    """The demo catalogue with its first icons renamed to HOSTILE_NAMES (and a hostile set name)."""

    def __init__(self) -> None:
        super().__init__()
        renamed = []
        for index, icon in enumerate(self.icons):
            if index < len(HOSTILE_NAMES):
                name = HOSTILE_NAMES[index]
                folded = name.casefold()
                icon = dataclasses.replace(
                    icon,
                    name=name,
                    folded_name=folded,
                    folded_words=tuple(folded.split()),
                    set_ref=Ref(icon.set_ref.id, HOSTILE_SET),
                )
            renamed.append(icon)
        self.icons = tuple(renamed)
        self._icons_by_id = {icon.id: icon for icon in renamed}
        self._variants_by_id = {v.id: (icon, v) for icon in renamed for v in icon.variants}
        self._browse_order = tuple(sorted(renamed, key=lambda i: (i.folded_name, i.id)))


class PreviewProblemsCatalogue(Catalogue):
    """The demo catalogue where the first "Heart" has no preview (404) and the second a broken one."""

    def __init__(self) -> None:
        super().__init__()
        hearts = [icon.id for icon in self.search("heart")]
        self.missing_id, self.broken_id = hearts[0], hearts[1]

    def icon(self, icon_id: int):
        return None if icon_id == self.missing_id else super().icon(icon_id)

    def thumbnail_bytes(self, icon) -> bytes:
        if icon.id == self.broken_id:
            return b"\x89PNG\r\n\x1a\n" + b"this is not the rest of a PNG file"
        return super().thumbnail_bytes(icon)


def gallery_tiles_drawn(gallery) -> bool:
    """Every tile the gallery has on screen shows its picture (not a placeholder)."""
    shown = gallery.tiles_in_view()
    spec = gallery.render_spec()
    return bool(shown) and all(gallery.loader.tile(spec.key(gallery.icons[index].id)) is not None for index in shown)
