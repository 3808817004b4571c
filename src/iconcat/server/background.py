"""Run an ASGI app under uvicorn on a loopback port, in a background thread.

The test suite (and `benchmarks/`) need a real HTTP server inside the current process: real sockets,
real headers, real streaming, so what is tested over HTTP is what a service's users get. (The browser
answers the demo and sets from disk in-process: `iconcat.catalogue.embedded`, no server.) Binding the
socket ourselves (port 0: the kernel picks a free one) means the port is known before the thread
starts and no two servers race for one.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover - typing only
    import uvicorn

# uvicorn is imported when a server starts, not with this module.

__all__ = ["BackgroundServer"]

_THREAD_PREFIX = "iconcat-server-"


class _QuietCancelledRequests(logging.Filter):
    """Drop uvicorn's reports of requests cancelled because one of our background servers stopped.

    Stopping a server while a request is in flight (a slow search, a download a test's browser was
    quitting anyway) is expected; uvicorn would log "Exception in ASGI application" with a
    `CancelledError` traceback and "Cancel N running task(s)" to stderr, over the user's terminal.
    Only records from our servers' threads are dropped; `iconcat serve` and other servers keep them.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if not (record.threadName or "").startswith(_THREAD_PREFIX):
            return True
        if record.exc_info and isinstance(record.exc_info[1], asyncio.CancelledError):
            return False
        return not str(record.msg).startswith("Cancel %s running task(s)")


logging.getLogger("uvicorn.error").addFilter(_QuietCancelledRequests())


def _bind_loopback(host: str, port: int) -> socket.socket:
    """A TCP socket bound to `host:port` (port 0: a free one), for a `BackgroundServer` to serve on."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP, not the default 0: asyncio sets TCP_NODELAY on accepted connections only when the
    # listening socket says it is TCP. Without it, Nagle + delayed ACK add ~40 ms to every keep-alive reply.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


class BackgroundServer:
    """An ASGI app served on `host:port` by uvicorn in a daemon thread.

    Use as a context manager, or call `start()` and `stop()` (both may be called twice).
    `base_url` is known after `start()`.
    """

    def __init__(self, app: Any, host: str = "127.0.0.1", port: int = 0) -> None:
        self._app = app
        self._host = host
        self._requested_port = port
        self._socket: socket.socket | None = None
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self.port: int | None = None
        """The port actually bound (the kernel's choice when 0 was asked for)."""

    @property
    def base_url(self) -> str:
        """`http://host:port`, with no trailing slash."""
        if self.port is None:
            raise RuntimeError("the server has not been started")
        host = f"[{self._host}]" if ":" in self._host else self._host
        return f"http://{host}:{self.port}"

    def start(self, timeout: float = 10.0) -> BackgroundServer:
        """Bind, start serving, and return once the server accepts connections.

        Starting a running server does nothing: `start_catalogue()` returns a started server, and
        `with start_catalogue() as server:` must not bind a second socket and leak the first thread.
        """
        if self._thread is not None:
            return self
        import uvicorn

        sock = _bind_loopback(self._host, self._requested_port)
        self._socket = sock
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(
            self._app,
            # No logging configuration: uvicorn must not reconfigure the host process's logging
            # (the browser owns the terminal).
            log_config=None,
            log_level="warning",
            access_log=False,
            lifespan="off",
            # Keep-alive connections from a client must not hold up stop().
            timeout_graceful_shutdown=1,
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run,
            kwargs={"sockets": [sock]},
            name=f"{_THREAD_PREFIX}{self.port}",
            daemon=True,
        )
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if not self._thread.is_alive():
                raise RuntimeError(f"the server on {self.base_url} stopped while starting")
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the server on {self.base_url} did not start within {timeout} s")
            time.sleep(0.01)
        return self

    def stop(self, timeout: float = 5.0) -> None:
        """Ask the server to finish and wait for its thread (at most `timeout` seconds)."""
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout)
        if self._socket is not None:
            self._socket.close()
        self._server = self._thread = self._socket = None

    def __enter__(self) -> BackgroundServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()
