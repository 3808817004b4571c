"""A tmux server of the test's own (its own socket, no configuration), and a terminal attached to it.

`tmux_server()` starts `tmux -L iconcat-test-<random> -f /dev/null` with one detached session and
gives the environment a program inside its pane would have (`TMUX`, `TMUX_PANE`), so the tmux
commands `iconcat.clipboard` runs talk to it and to nothing else. `attached(server)` attaches a
client from a pseudo-terminal (TERM=xterm-256color, whose terminal features tmux's defaults give
`clipboard`) and keeps everything tmux writes to it, so a test can read the OSC 52 tmux sends on.
Tests skip, saying why, where tmux is not installed.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import struct
import subprocess
import termios
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

__all__ = ["Attached", "TmuxServer", "attached", "tmux_server"]

WAIT_SECONDS = 15.0


@dataclass
class TmuxServer:
    """A running tmux server of the test's own."""

    command: list[str]
    """`tmux -L <socket> -f /dev/null`: add a command to talk to this server only."""
    env: dict[str, str]
    """The environment of a program in its pane (`TMUX`, `TMUX_PANE` set)."""

    def run(self, *arguments: str, given: bytes | None = None) -> str:
        done = subprocess.run([*self.command, *arguments], input=given, capture_output=True, timeout=10, check=True)
        return done.stdout.decode("utf-8", "replace")

    def set_clipboard(self, value: str) -> None:
        self.run("set-option", "-g", "set-clipboard", value)

    def buffer(self) -> str:
        """The text of tmux's newest buffer ("" when it has none)."""
        if not self.run("list-buffers").strip():
            return ""
        return self.run("save-buffer", "-")


@contextmanager
def tmux_server() -> Iterator[TmuxServer]:
    """A tmux server with one detached 80x24 session, killed after (module docstring)."""
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed: copying inside tmux is tested against a real tmux server")
    command = ["tmux", "-L", f"iconcat-test-{uuid.uuid4().hex[:12]}", "-f", "/dev/null"]
    base_env = {key: value for key, value in os.environ.items() if key not in ("TMUX", "TMUX_PANE")}
    subprocess.run(
        [*command, "new-session", "-d", "-s", "copy", "-x", "80", "-y", "24", "sleep 600"],
        env=base_env,
        capture_output=True,
        timeout=10,
        check=True,
    )
    server = TmuxServer(command, base_env)
    socket = ""
    try:
        socket, pid, pane = (
            server.run("display-message", "-p", "-t", "copy", "#{socket_path}|#{pid}|#{pane_id}").strip().split("|")
        )
        server.env = {**base_env, "TMUX": f"{socket},{pid},0", "TMUX_PANE": pane}
        yield server
    finally:
        subprocess.run([*command, "kill-server"], capture_output=True, timeout=10, check=False)
        if socket:  # tmux leaves its socket behind when killed
            Path(socket).unlink(missing_ok=True)


@dataclass
class Attached:
    """A client attached from a pseudo-terminal: what tmux wrote to it so far."""

    written: bytearray = field(default_factory=bytearray)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def output(self) -> bytes:
        with self.lock:
            return bytes(self.written)

    def wait_for(self, wanted: bytes) -> bytes:
        """Everything written, once `wanted` is among it (fails after `WAIT_SECONDS` without it)."""
        deadline = time.monotonic() + WAIT_SECONDS
        while wanted not in self.output():
            if time.monotonic() > deadline:
                raise AssertionError(f"tmux never wrote {wanted!r} to its terminal")
            time.sleep(0.02)
        return self.output()


@contextmanager
def attached(server: TmuxServer, term: str = "xterm-256color") -> Iterator[Attached]:
    """A client of `server` attached from a pseudo-terminal of 80x24 with TERM=`term`."""
    main, side = os.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**server.env, "TERM": term}
    env.pop("TMUX")
    env.pop("TMUX_PANE")
    client = subprocess.Popen(
        [*server.command, "attach-session", "-t", "copy"],
        stdin=side,
        stdout=side,
        stderr=side,
        env=env,
        start_new_session=True,
    )
    os.close(side)
    seen = Attached()

    def read() -> None:
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:
                return
            if not chunk:
                return
            with seen.lock:
                seen.written.extend(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + WAIT_SECONDS
        while not server.run("list-clients").strip():
            if time.monotonic() > deadline or client.poll() is not None:
                raise AssertionError("the tmux client did not attach")
            time.sleep(0.02)
        yield seen
    finally:
        client.terminate()
        try:
            client.wait(timeout=10)
        except subprocess.TimeoutExpired:
            client.kill()
            client.wait(timeout=10)
        os.close(main)
        reader.join(timeout=10)
