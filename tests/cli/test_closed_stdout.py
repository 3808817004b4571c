"""A reader of stdout that went away (`iconcat search arrow | head -n 0`) ends a command quietly with 0.

Each command runs with stdout a pipe whose reading end is already closed, as after `head` has read
what it wanted: every write to it fails (EPIPE). The command must end with status 0 (so a `set -o
pipefail` script survives) and print nothing on stderr: no "Broken pipe", no "Exception ignored", no
summary line for a table nobody reads.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import httpx
import pytest

from iconcat.memory import DEMO_CATALOGUE, Memory
from tests.support.icons import icon


def _run_with_stdout_closed(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the command writes a byte
    try:
        return subprocess.run(
            [sys.executable, "-m", "iconcat.cli", *args],
            stdin=subprocess.DEVNULL,
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, **(env or {})},
            timeout=60,
        )
    finally:
        os.close(write_end)


@pytest.mark.parametrize(
    "args",
    [
        ("search", "arrow", "--demo"),
        ("search", "arrow", "--demo", "--json"),
        ("favourites", "--demo"),
        ("recent", "--json"),
        ("download", "500073", "--demo", "-o", "{tmp}"),
    ],
    ids=["search", "search-json", "favourites", "recent-json", "download"],
)
def test_a_closed_stdout_ends_the_command_quietly_with_0(args: tuple[str, ...], tmp_path) -> None:
    memory = Memory.open(DEMO_CATALOGUE)
    memory.toggle_favourite(icon("Star"))
    memory.used(icon("Bell"))
    memory.close()
    completed = _run_with_stdout_closed(*(arg.replace("{tmp}", str(tmp_path)) for arg in args))
    assert (completed.returncode, completed.stderr) == (0, "")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_with_its_stdout_closed_serves_on_and_stops_with_0() -> None:
    """`iconcat serve | head -1` read the URL and went away: the server it named keeps serving."""
    port = _free_port()
    read_end, write_end = os.pipe()
    os.close(read_end)
    process = subprocess.Popen(
        [sys.executable, "-m", "iconcat.cli", "serve", "--port", str(port)],
        stdin=subprocess.DEVNULL,
        stdout=write_end,
        stderr=subprocess.PIPE,
        text=True,
    )
    os.close(write_end)
    try:
        answer = None
        # No line to wait on (nobody reads them): wait until the port answers, or the process ends.
        while answer is None and process.poll() is None:
            try:
                answer = httpx.get(
                    f"http://127.0.0.1:{port}/api/v1/search",
                    params={"name": "arrow"},
                    headers={"Authorization": "Bearer iconcat-demo"},
                )
            except httpx.ConnectError:
                time.sleep(0.05)
        assert answer is not None and answer.status_code == 200, process.stderr.read() if process.stderr else ""
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert (process.returncode, err) == (0, "")


def test_a_closed_stderr_is_not_taken_for_a_reader_of_stdout_that_went_away(tmp_path) -> None:
    """Only stdout's reader going away means "had enough": with stderr's reader gone, a variant that is
    not there still ends with 4 (not found), not 0, and a download still saves its file."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:

        def download(variant: str) -> subprocess.CompletedProcess[str]:
            return subprocess.run(
                [sys.executable, "-m", "iconcat.cli", "download", variant, "--demo", "-o", str(tmp_path)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=write_end,
                text=True,
                timeout=60,
            )

        missing = download("999999")
        saved = download("500073")
    finally:
        os.close(write_end)
    assert missing.returncode == 4
    assert saved.returncode == 0 and saved.stdout.strip().startswith(str(tmp_path))
    assert [path.name for path in tmp_path.iterdir()] == [os.path.basename(saved.stdout.strip())]
