"""`iconcat serve` stopped by Ctrl-C while a request is in flight: it says what it waits for, a second
Ctrl-C stops it at once without a traceback, and either way it exits 0 (its normal way to stop).

The real command runs in a child process and gets real SIGINTs. Each signal is sent only once what
it acts on is there: the request read by the server (its bytes gone from the server socket's receive
queue, as /proc/net/tcp shows), then the server's "Stopping" line read from its stdout.
"""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="needs Linux's /proc/net/tcp")

REQUEST = b"GET /api/v1/search?name=arrow HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer iconcat-demo\r\n\r\n"


@contextmanager
def _serving(latency_ms: int) -> Iterator[tuple[subprocess.Popen[str], int]]:
    process = subprocess.Popen(
        [sys.executable, "-m", "iconcat.cli", "serve", "--port", "0", "--latency", str(latency_ms)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = _read_line(process, lambda line: " at http://" in line)
        yield process, int(first.rsplit(":", 1)[1])
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def _read_line(process: subprocess.Popen[str], wanted) -> str:
    """Read the server's stdout up to the first line that `wanted` accepts."""
    assert process.stdout is not None
    while True:
        line = process.stdout.readline()
        assert line, f"the server ended before the line awaited: {process.communicate()[1]}"
        if wanted(line.rstrip("\n")):
            return line.rstrip("\n")


def _server_has_read(server_port: int, client_port: int) -> bool:
    """The server's end of this connection has read everything sent to it (receive queue empty)."""
    for row in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = row.split()
        local, remote, state, queues = fields[1], fields[2], fields[3], fields[4]
        if int(local.split(":")[1], 16) == server_port and int(remote.split(":")[1], 16) == client_port:
            return state == "01" and int(queues.split(":")[1], 16) == 0
    return False


def _request_in_flight(port: int) -> socket.socket:
    """Send one search and return once the server has read it (it is then held by --latency)."""
    client = socket.create_connection(("127.0.0.1", port))
    client.sendall(REQUEST)
    client_port = client.getsockname()[1]
    while not _server_has_read(port, client_port):
        time.sleep(0.01)
    return client


def test_a_second_ctrl_c_cancels_the_request_in_flight_quietly_and_exits_0() -> None:
    with _serving(latency_ms=60_000) as (process, port):
        client = _request_in_flight(port)
        process.send_signal(signal.SIGINT)
        waiting = _read_line(process, lambda line: line.startswith("Stopping"))
        assert "waiting" in waiting and "1 request " in waiting and "Ctrl-C again to stop at once" in waiting
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
        client.close()
    assert process.returncode == 0, err
    assert err == ""  # no "Exception in ASGI application", no traceback
    assert out.splitlines() == ["Stopping at once: 1 request cancelled.", "Stopped."]


def test_one_ctrl_c_lets_the_request_in_flight_finish_then_exits_0() -> None:
    with _serving(latency_ms=1_000) as (process, port):
        client = _request_in_flight(port)
        answer = bytearray()

        def read_answer() -> None:
            while chunk := client.recv(65536):
                answer.extend(chunk)

        reader = threading.Thread(target=read_answer)
        reader.start()
        process.send_signal(signal.SIGINT)
        waiting = _read_line(process, lambda line: line.startswith("Stopping"))
        assert "1 request " in waiting
        out, err = process.communicate(timeout=30)
        reader.join(timeout=30)
        client.close()
    assert process.returncode == 0, err
    assert err == ""
    assert answer.startswith(b"HTTP/1.1 200 ")  # the request was answered, not cut
    assert out.splitlines()[-1] == "Stopped."


def test_no_request_in_flight_stops_at_once_with_0() -> None:
    with _serving(latency_ms=0) as (process, _port):
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert (process.returncode, err) == (0, "")
    assert out.splitlines()[-1] == "Stopped." and "Stopping" not in out
