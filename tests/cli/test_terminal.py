"""The command at a real terminal (a pseudo-terminal): hidden token input, progress on stderr."""

from __future__ import annotations

import os
import select
import stat
import subprocess
import sys
import time

import pytest

from iconcat.config import config_path, load_settings
from tests.conftest import TEST_TOKEN
from tests.support.misbehaving import MisbehavingServer, Reply


class Terminal:
    """`iconcat ARGS` with stdin, stdout and stderr on one pseudo-terminal, as a person runs it."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        self._master, slave = os.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "iconcat.cli", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env={**os.environ, **(env or {})},
            start_new_session=True,
        )
        os.close(slave)
        self.seen = b""

    def expect(self, text: bytes, timeout: float = 30) -> None:
        """Read until `text` has been shown."""
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            assert time.monotonic() < deadline, f"never saw {text!r} in {self.seen!r}"
            self._read(0.1)

    def expect_times(self, text: bytes, times: int, timeout: float = 30) -> None:
        """Read until `text` has been shown `times` times (a prompt asked again)."""
        deadline = time.monotonic() + timeout
        while self.seen.count(text) < times:
            assert time.monotonic() < deadline, f"never saw {text!r} {times} times in {self.seen!r}"
            self._read(0.1)

    def type(self, text: str) -> None:
        os.write(self._master, text.encode())

    def finish(self, timeout: float = 30) -> int:
        """Wait for the command to end, collecting the rest of its output; its exit status."""
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            self._read(0.1)
        while self._read(0.1):
            pass
        os.close(self._master)
        return self.process.wait(timeout=5)

    def _read(self, wait: float) -> bool:
        ready, _, _ = select.select([self._master], [], [], wait)
        if not ready:
            return False
        try:
            data = os.read(self._master, 65536)
        except OSError:  # the child closed the terminal
            return False
        self.seen += data
        return bool(data)


def test_login_asks_for_the_url_and_a_hidden_token_then_saves_them(catalogue):
    terminal = Terminal("login")
    terminal.expect(b"Catalogue base URL: ")
    terminal.type(catalogue.base_url + "\n")
    terminal.expect(b"Token (hidden): ")
    terminal.type(TEST_TOKEN + "\n")
    assert terminal.finish() == 0, terminal.seen
    assert TEST_TOKEN.encode() not in terminal.seen, "the token was echoed"
    assert b"The token works" in terminal.seen
    assert stat.S_IMODE(config_path().stat().st_mode) == 0o600
    settings = load_settings()
    assert (settings.base_url, settings.token) == (catalogue.base_url, TEST_TOKEN)


def test_login_again_offers_the_saved_url_as_the_default(catalogue):
    terminal = Terminal("login", env={"ICONCAT_BASE_URL": catalogue.base_url})
    terminal.expect(f"Catalogue base URL [{catalogue.base_url}]: ".encode())
    terminal.type("\n")
    terminal.expect(b"Token (hidden): ")
    terminal.type(TEST_TOKEN + "\n")
    assert terminal.finish() == 0, terminal.seen
    assert load_settings().base_url == catalogue.base_url


def test_login_asks_again_for_a_rejected_token_keeping_the_url(catalogue):
    terminal = Terminal("login")
    terminal.expect(b"Catalogue base URL: ")
    terminal.type(catalogue.base_url + "\n")
    terminal.expect(b"Token (hidden): ")
    terminal.type(TEST_TOKEN + "-wrong\n")
    terminal.expect(b"try again")
    terminal.expect_times(b"Token (hidden): ", 2)  # the token again, not the URL (typed only once asked: echo is off)
    assert terminal.seen.count(b"Catalogue base URL") == 1
    terminal.type(TEST_TOKEN + "\n")
    assert terminal.finish() == 0, terminal.seen
    assert b"rejected the token" in terminal.seen and b"The token works" in terminal.seen
    assert b"iconcat login" not in terminal.seen  # never sent to the command already running
    assert TEST_TOKEN.encode() not in terminal.seen
    assert (load_settings().base_url, load_settings().token) == (catalogue.base_url, TEST_TOKEN)


def test_login_gives_up_after_three_rejected_tokens_with_3(catalogue):
    terminal = Terminal("login", "--base-url", catalogue.base_url)
    for attempt in range(1, 4):
        terminal.expect_times(b"Token (hidden): ", attempt)
        terminal.type(f"{TEST_TOKEN}-wrong-{attempt}\n")
    assert terminal.finish() == 3, terminal.seen
    assert terminal.seen.count(b"Token (hidden): ") == 3
    assert b"3 times: nothing was saved" in terminal.seen and b"iconcat login" not in terminal.seen
    assert TEST_TOKEN.encode() not in terminal.seen
    assert not config_path().exists()


@pytest.mark.parametrize("total_known", [True, False], ids=["with length", "chunked"])
def test_download_shows_progress_on_a_terminal_and_ends_with_the_path(tmp_path, total_known):
    png = b"\x89PNG\r\n\x1a\n" + b"\x01" * 300_000 + b"\x00\x00\x00\x00IEND\xaeB`\x82"
    with MisbehavingServer() as server:
        server.on(
            "/api/v1/download",
            Reply.file(png, "image/png", filename="a.png", chunk_size=20_000, delay=0.02, chunked=not total_known),
        )
        terminal = Terminal(
            "download", "7", "-o", str(tmp_path), env={"ICONCAT_BASE_URL": server.base_url, "ICONCAT_TOKEN": TEST_TOKEN}
        )
        assert terminal.finish() == 0, terminal.seen
    assert b"downloading variant 7:" in terminal.seen
    assert (b"%" in terminal.seen) is total_known
    assert terminal.seen.rstrip().splitlines()[-1].endswith(str(tmp_path / "a.png").encode())
    assert (tmp_path / "a.png").read_bytes() == png
