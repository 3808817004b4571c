"""`iconcat serve`: the embedded catalogue as a real HTTP server in the foreground, until Ctrl-C.

We bind the socket ourselves before handing it to uvicorn, so that a port already in use surfaces as
an `OSError` with a message a person can act on (the CLI turns it into exit status 1), rather than as
uvicorn's log line and `SystemExit`.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import shlex
import signal
import socket
import sys
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any

import uvicorn

from iconcat.demo.catalogue import default_catalogue, sized_catalogue

from .app import DEFAULT_PAGE_SIZE, DEMO_TOKEN, create_app

__all__ = ["run_forever"]

GRACE_SECONDS = 10
"""How long the first Ctrl-C waits for the requests in flight before cancelling them."""
SWITCH_INTERVAL = 0.0005
"""Seconds between the interpreter's thread switches while serving (see run_forever)."""


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP, not the default 0: asyncio sets TCP_NODELAY on accepted connections only when the
    # listening socket says it is TCP. Without it, Nagle + delayed ACK add ~40 ms to every keep-alive reply.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        # SO_REUSEADDR lets a restarted server reuse a port in TIME_WAIT; it does not allow two
        # listeners on one port on Linux, so "already in use" is still detected.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            message = (
                f"Port {port} on {host} is already in use: stop the other server or pick another port with --port."
            )
        elif exc.errno == errno.EACCES:
            message = (
                f"Not allowed to listen on {host}:{port}: ports below 1024 need privileges; pick another with --port."
            )
        else:
            message = f"Cannot listen on {host}:{port}: {exc.strerror or exc}."
        # A one-argument OSError prints as just the message (no "[Errno 98]" prefix); keep errno for code.
        error = OSError(message)
        error.errno = exc.errno
        raise error from exc
    return sock


def base_url_for(host: str, port: int) -> str:
    """The URL clients use to reach a server listening on host:port."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


class _AnnouncingServer(uvicorn.Server):
    """A uvicorn server that tells the person at the terminal where it is, and what stopping waits for.

    Stopping (uvicorn's own rules): the first Ctrl-C (or SIGTERM) stops accepting and waits for the
    requests in flight, at most `GRACE_SECONDS`; a second Ctrl-C stops at once, cancelling them. Both
    are said in a line of our own, since uvicorn's are silenced (`log_config=None`): without a word, a
    Ctrl-C that seems to do nothing is pressed again.
    """

    def __init__(self, config: uvicorn.Config, lines: list[str], announce: Callable[[str], None]) -> None:
        super().__init__(config)
        self._lines = lines
        self._announce = announce
        self._loop: asyncio.AbstractEventLoop | None = None

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        self._loop = asyncio.get_running_loop()
        if self.started:
            for text in self._lines:
                self._announce(text)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        stopping_already, forced_already = self.should_exit, self.force_exit
        super().handle_exit(sig, frame)
        # uvicorn's tasks: one per request whose bytes were read and whose answer is not yet sent.
        in_flight = len(self.server_state.tasks)
        if not in_flight or self._loop is None:
            return
        if not stopping_already:
            self._say(
                f"Stopping: waiting up to {GRACE_SECONDS} s for {_requests(in_flight)} in flight "
                "(Ctrl-C again to stop at once)…"
            )
        elif self.force_exit and not forced_already:
            self._say(f"Stopping at once: {_requests(in_flight)} cancelled.")

    def _say(self, text: str) -> None:
        """Announce `text` from the event loop, not from inside the signal handler (which may have
        interrupted a print: writing from here could be a reentrant call on stdout)."""
        assert self._loop is not None
        self._loop.call_soon_threadsafe(self._announce, text)


def _requests(count: int) -> str:
    return f"{count} request" if count == 1 else f"{count} requests"


class _QuietCancellation(logging.Filter):
    """Keeps uvicorn from printing a traceback for a request cancelled because the server is stopping.

    Stopping at once (a second Ctrl-C, or the grace period over) cancels the requests in flight, and
    uvicorn logs each as "Exception in ASGI application" with a CancelledError's traceback; our own
    line says what happened instead (`announce`, for the grace period's end; the server says it for a
    second Ctrl-C). Real failures of the application still get logged.
    """

    def __init__(self, announce: Callable[[str], None]) -> None:
        super().__init__()
        self._announce = announce

    def filter(self, record: logging.LogRecord) -> bool:
        exc_type = record.exc_info[0] if record.exc_info else None
        if exc_type is not None and issubclass(exc_type, asyncio.CancelledError):
            return False
        if str(record.msg).startswith("Cancel %s running task"):  # uvicorn's word: the grace period is over
            count = record.args[0] if isinstance(record.args, tuple) and record.args else None
            cancelled = _requests(count) if isinstance(count, int) else "the requests"
            self._announce(f"Stopping: {GRACE_SECONDS} s passed; {cancelled} in flight cancelled.")
            return False
        return True


class _Terminated(Exception):
    """SIGTERM arrived: stop as for Ctrl-C."""


def _on_sigterm(signum: int, frame: object) -> None:
    raise _Terminated


def run_forever(
    host: str = "127.0.0.1",
    port: int = 8000,
    token: str = DEMO_TOKEN,
    page_size: int = DEFAULT_PAGE_SIZE,
    latency_ms: int = 0,
    announce: Callable[[str], None] = print,
    icons: int | None = None,
    next_page_size: int | None = None,
    catalogue: Any = None,
    title: str = "",
) -> None:
    """Serve the demo catalogue on host:port until interrupted (Ctrl-C or SIGTERM), then return.

    `icons` serves a catalogue of that many icons (1 to MAX_ICONS) instead of the demo's 1,802.
    `page_size` is the first page's size, `next_page_size` the next pages' (as `create_app`).
    `catalogue` (a `SourceCatalogue`: icon sets from disk, named `title` in the banner) is served instead
    of the demo's.
    Raises `OSError` (with a clear message) when the address cannot be bound, `ValueError` for a bad
    option (empty token, page size below 1, negative latency, a number of icons out of range).
    """
    app = create_app(
        token=token,
        page_size=page_size,
        latency_ms=latency_ms,
        icons=icons,
        next_page_size=next_page_size,
        catalogue=catalogue,
    )
    if catalogue is None:
        demo = default_catalogue() if icons is None else sized_catalogue(icons)
        # The search index is built before listening, so the first search is as quick as any other.
        demo.prepare()
        banner = f"iconcat demo catalogue: {len(demo.icons):,} icons at {{url}}"
    else:
        from iconcat.imaging.svg_raster import prestart

        prestart()  # the first preview does not wait for the raster worker to start
        banner = f"iconcat: {title}: {len(catalogue):,} icons at {{url}}"
    sock = _bind(host, port)
    bound_port = sock.getsockname()[1]
    url = base_url_for(host, bound_port)
    header = shlex.quote(f"Authorization: Bearer {token}")
    lines = [
        banner.format(url=url),
        f"Token: {token}",
        f"Try:   curl -H {header} '{url}/api/v1/search?name=arrow'",
        "Press Ctrl-C to stop.",
    ]
    config = uvicorn.Config(
        app,
        log_config=None,  # our own lines only; uvicorn must not reconfigure the process's logging
        log_level="warning",
        access_log=False,
        lifespan="off",
        timeout_graceful_shutdown=GRACE_SECONDS,
    )
    server = _AnnouncingServer(config, lines, announce)
    # uvicorn stops gracefully on SIGINT/SIGTERM, then re-raises the signal to the handler that was in
    # place before it started. For SIGINT that is KeyboardInterrupt; for SIGTERM we put our own here,
    # so both end the same way: a clean return, no traceback, no death by signal.
    in_main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _on_sigterm) if in_main_thread else None
    # Searches and drawings run in worker threads; the event loop answers everything else. By default
    # a thread waiting for the interpreter lock waits up to 5 ms for a busy one to hand it over, which
    # is what a cached preview would wait behind another client's searches. This process only serves,
    # so it switches threads every 0.5 ms instead (and puts the setting back when it stops).
    switch_interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    quiet = _QuietCancellation(announce)
    uvicorn_log = logging.getLogger("uvicorn.error")
    uvicorn_log.addFilter(quiet)
    try:
        server.run(sockets=[sock])
    except (KeyboardInterrupt, _Terminated):
        pass
    finally:
        uvicorn_log.removeFilter(quiet)
        sys.setswitchinterval(switch_interval)
        if in_main_thread:
            signal.signal(signal.SIGTERM, previous)
        sock.close()
    announce("Stopped.")
