"""A command on a pseudo-terminal, as a person's terminal runs it: `PtyProcess`, and the keys it sends.

The command-line tests (a hidden token prompt, progress on a terminal) and the hostile suite (every
byte the browser writes, a terminal's answers to the start-up query) drive `iconcat` through this one
class. Every wait is bounded: a test that waits for something that never comes fails with what it saw;
and waits are for output, never for time.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

__all__ = ["DOWN", "ENTER", "ESCAPE", "RIGHT", "PtyProcess", "visible_text"]

DOWN = "\x1b[B"
"""The Down key as a terminal sends it (one escape sequence: `PtyProcess.send` writes it whole)."""
RIGHT = "\x1b[C"
"""The Right key as a terminal sends it."""
ENTER = "\r"
"""Enter (Return): a terminal sends a carriage return."""
ESCAPE = "\x1b"
"""Escape: closes a dialog (the help screen, the variant picker)."""


_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78DEHMc]")


def visible_text(output: str) -> str:
    """`output` without the escape sequences: roughly what a person reads (a no-break space, as in the
    dialogs' key hints, reads as a space)."""
    return _ESCAPES.sub("", output).replace("\u00a0", " ")


class PtyProcess:
    """A command on a pseudo-terminal of a fixed size, as a person's terminal runs it.

    Everything the command writes is kept as bytes in `output`. `close()` ends it (SIGTERM, then
    SIGKILL to its whole session) so no test leaves a process behind; used as a context manager
    (`with PtyProcess.iconcat(...) as terminal:`), it is closed however the block ends.
    """

    def __init__(
        self,
        args: list[str],
        *,
        env: dict[str, str] | None = None,
        columns: int = 120,
        rows: int = 36,
        cwd: str | Path | None = None,
        preexec_fn: Callable[[], None] | None = None,
        stdout: int | None = None,
        stderr: int | None = None,
    ) -> None:
        """`stdout`, `stderr`: where the command's output goes instead of the terminal: a file
        descriptor (`2>log`) or `subprocess.PIPE` (`| …`: read it from `process.stdout` once it ended)."""
        self._master, slave = os.openpty()
        self.terminal_name = os.ttyname(slave)
        """The pty's device (its slave side), to read its settings after the command has run."""
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        full_env = {
            **os.environ,
            "TERM": "xterm-256color",
            "COLUMNS": str(columns),
            "LINES": str(rows),
            "COLORTERM": "truecolor",
            **(env or {}),
        }
        full_env.pop("TEXTUAL", None)
        self.process = subprocess.Popen(
            args,
            stdin=slave,
            stdout=slave if stdout is None else stdout,
            stderr=slave if stderr is None else stderr,
            env=full_env,
            cwd=cwd,
            start_new_session=True,
            preexec_fn=preexec_fn,
        )
        os.close(slave)
        self.output = b""

    def __enter__(self) -> PtyProcess:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @classmethod
    def iconcat(cls, *args: str, env: dict[str, str] | None = None, **options) -> PtyProcess:
        """`python -m iconcat ARGS` on a pseudo-terminal."""
        return cls([sys.executable, "-m", "iconcat", *args], env=env, **options)

    @property
    def text(self) -> str:
        """Everything written so far, decoded as the terminal would (UTF-8)."""
        return self.output.decode("utf-8", errors="replace")

    @property
    def visible(self) -> str:
        return visible_text(self.text)

    def read(self, wait: float = 0.1) -> bool:
        """Read what is available within `wait` seconds; False when nothing came."""
        try:
            ready, _, _ = select.select([self._master], [], [], wait)
        except (OSError, ValueError):
            return False
        if not ready:
            return False
        try:
            data = os.read(self._master, 1 << 16)
        except OSError:
            return False
        self.output += data
        return bool(data)

    def wait_for(
        self, condition: Callable[[PtyProcess], bool] | str, what: str = "", timeout: float = 40.0, *, times: int = 1
    ) -> None:
        """Read until `condition` holds (a string: until it is visible on screen, `times` times in all:
        a prompt asked again)."""
        if isinstance(condition, str):
            wanted = condition
            condition = lambda terminal: terminal.visible.count(wanted) >= times  # noqa: E731
            what = what or (f"{wanted!r} on screen" + (f" {times} times" if times > 1 else ""))
        deadline = time.monotonic() + timeout
        while not condition(self):
            if time.monotonic() > deadline:
                raise AssertionError(f"never saw {what}; the screen showed:\n{self.visible[-3000:]}")
            if not self.read(0.1) and self.process.poll() is not None:
                self.read(0.1)
                if not condition(self):
                    raise AssertionError(
                        f"the process ended ({self.process.returncode}) before {what}:\n{self.visible[-3000:]}"
                    )

    def settle(self, quiet: float = 0.35, timeout: float = 5.0) -> None:
        """Read until nothing new has come for `quiet` seconds (bounded by `timeout`).

        `quiet` stays below the text cursor's blink period (0.5 s): a blinking cursor writes to the
        terminal forever, and an idle app is one that writes nothing else.
        """
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.read(quiet):
                return

    def send(self, keys: str, pause: float = 0.05) -> None:
        """Send one key (or paste a text) as the terminal would: all its bytes at once, then pause.

        An escape sequence such as Down (ESC [ B) must arrive whole: split, the app would see Escape.
        """
        os.write(self._master, keys.encode())
        # The whole pause, reading meanwhile (one read returns at the app's first byte, and the app
        # writes at once: keys meant one at a time then went nearly together).
        deadline = time.monotonic() + pause
        while (left := deadline - time.monotonic()) > 0:
            self.read(left)

    def type(self, text: str, pause: float = 0.05) -> None:
        """Type `text` one key at a time."""
        for char in text:
            self.send(char, pause)

    def mark(self) -> int:
        """Where the output ends now (to look only at what comes after)."""
        return len(self.output)

    def since(self, mark: int) -> str:
        return self.output[mark:].decode("utf-8", errors="replace")

    def finish(self, timeout: float = 30.0) -> int:
        """Wait for the process to end by itself, reading its output; its exit status."""
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            self.read(0.1)
        while self.read(0.1):
            pass
        return self.close()

    def quit(self) -> int:
        """Once the app has settled, check it is still running, press q and wait for its exit status."""
        self.settle()
        assert self.process.poll() is None, "the app is still running"
        self.send("q")
        return self.finish()

    def close(self) -> int:
        """End the process (if still running) and its session, and close the terminal; its exit status.

        Safe to call again (`finish()` closes, and so does the end of a `with` block)."""
        if self.process.poll() is None:
            for sig, grace in ((signal.SIGTERM, 5.0), (signal.SIGKILL, 5.0)):
                try:
                    os.killpg(self.process.pid, sig)
                except ProcessLookupError:
                    break
                deadline = time.monotonic() + grace
                while self.process.poll() is None and time.monotonic() < deadline:
                    self.read(0.05)
                if self.process.poll() is not None:
                    break
        if self._master >= 0:  # closed once only: a second close could hit a descriptor reused since
            while self.read(0.05):
                pass
            try:
                os.close(self._master)
            except OSError:
                pass
            self._master = -1
        return self.process.wait(timeout=5)
