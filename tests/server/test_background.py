"""The in-process server the browser's demo mode and the tests run on: start, stop, and stay quiet."""

from __future__ import annotations

import logging
import socket
import threading
import time

import httpx
import pytest

from iconcat.server import DEMO_TOKEN, start_catalogue


def accepts_connections(port: int) -> bool:
    """True when something listens on 127.0.0.1:`port`."""
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def test_entering_a_started_server_keeps_it_and_leaving_stops_it() -> None:
    threads_before = threading.active_count()
    server = start_catalogue()
    port = server.port
    with server as entered:
        assert entered is server and server.port == port
        assert threading.active_count() == threads_before + 1  # one serving thread, not two
        answer = httpx.get(
            f"{server.base_url}/api/v1/search?name=sun", headers={"Authorization": f"Bearer {DEMO_TOKEN}"}
        )
        assert answer.status_code == 200
    assert not accepts_connections(port)
    # The search ran in one of anyio's worker threads (searches never block the server's loop): it is
    # told to end when the loop closes, and ends a moment later. Wait for that state, not a time.
    deadline = time.monotonic() + 5
    while threading.active_count() > threads_before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert threading.active_count() == threads_before
    server.stop()  # a second stop is harmless


def test_stopping_during_a_request_prints_no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    # A slow request still in flight when the demo catalogue stops (the browser quitting during a
    # search) must not print uvicorn's "Exception in ASGI application" over the user's terminal.
    server = start_catalogue(latency_ms=30_000)
    answered = threading.Event()

    def slow_request() -> None:
        try:
            httpx.get(f"{server.base_url}/api/v1/search?name=sun", timeout=60)
        except httpx.HTTPError:
            pass
        answered.set()

    caplog.set_level(logging.DEBUG, logger="uvicorn")
    requester = threading.Thread(target=slow_request, daemon=True)
    requester.start()
    while not server._server.server_state.tasks:  # the request has reached the app
        answered.wait(0.01)
    server.stop()
    assert answered.wait(10)
    reported = [record for record in caplog.records if record.levelno >= logging.WARNING]
    assert reported == []
