"""Watching sockets: every `socket.socket` a test's code makes (asyncio's, httpx's and uvicorn's alike),
and the server threads it runs, for the tests that prove "in-process" means no socket and no server."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from iconcat.server.background import _THREAD_PREFIX

INTERNET = (socket.AF_INET, socket.AF_INET6)
"""The families a catalogue's socket would be of (an event loop's own socket pair is AF_UNIX)."""


class SocketWatch:
    """Every `socket.socket` made while `watching`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.made: list[socket.socket] = []
        self._on = False
        original = socket.socket.__init__

        def watched(sock: socket.socket, *args: object, **kwargs: object) -> None:
            original(sock, *args, **kwargs)  # type: ignore[arg-type]
            if self._on:
                self.made.append(sock)

        monkeypatch.setattr(socket.socket, "__init__", watched)

    @contextmanager
    def watching(self) -> Iterator[None]:
        """Record from now on (turned on inside a running event loop, the loop's own socket pair is not
        recorded; turned on before one starts, `internet()` leaves it out)."""
        self._on = True
        try:
            yield
        finally:
            self._on = False

    def internet(self) -> list[str]:
        """The TCP or UDP sockets made (what a server or a client of one makes), as their repr."""
        return [repr(sock) for sock in self.made if sock.family in INTERNET]


def server_threads() -> list[str]:
    """The names of the background servers' threads running now (`iconcat.server.background`'s)."""
    return [thread.name for thread in threading.enumerate() if thread.name.startswith(_THREAD_PREFIX)]
