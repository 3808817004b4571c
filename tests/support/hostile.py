"""Shared pieces of the hostile suite: hostile strings, a hostile catalogue script, a pseudo-terminal.

Everything here talks to 127.0.0.1 only (the misbehaving server of `tests.support.misbehaving`), and
every wait is bounded: a test that waits for something that never comes fails with what it saw.
"""

from __future__ import annotations

import fcntl
import io
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from PIL import Image

from tests.conftest import TEST_TOKEN
from tests.support.misbehaving import MisbehavingServer, Reply

__all__ = [
    "CONTROL_SEQUENCES",
    "DOWN",
    "HOSTILE_NAMES",
    "PICKER_SHOWN",
    "RIGHT",
    "PtyProcess",
    "assert_exit_clean_and_inert",
    "assert_inert",
    "icon_entry",
    "png_bytes",
    "script_catalogue",
    "visible_text",
    "walk_every_icon",
]

DOWN = "\x1b[B"
"""The Down key as a terminal sends it (one escape sequence: `PtyProcess.send` writes it whole)."""
RIGHT = "\x1b[C"
"""The Right key as a terminal sends it."""

PICKER_SHOWN = "esc close"
"""Text the browser shows once the variant picker (or the help screen) is open: its key hint.
The pseudo-terminal tests wait for it; keep it in step with the browser's wording."""

# Sequences a compromised catalogue would like a terminal to obey, with what each would do.
CONTROL_SEQUENCES = {
    "\x1b]52;c;cGF3bmVk\x07": "OSC 52: write 'pawned' to the clipboard",
    "\x1b]8;;http://evil.example/\x1b\\": "OSC 8: make the following text a hidden link",
    "\x1b]0;pwned-title\x07": "OSC 0: set the window title",
    "\x1b]2;pwned-title2\x1b\\": "OSC 2: set the window title",
    "\x1b[2J": "CSI: clear the screen",
    "\x1b[31m": "CSI: paint red",
    "\x9b31m": "C1 CSI: paint red on terminals that honour 8-bit controls",
    "\x9d0;c1-title\x07": "C1 OSC: set the title",
    "\u202e": "bidi override: reverse what follows",
    "\u2066": "bidi isolate",
}

HOSTILE_NAMES = (
    "zz \x1b]52;c;cGF3bmVk\x07clip",
    "zz \x1b]8;;http://evil.example/\x1b\\link\x1b]8;;\x1b\\",
    "zz \x1b]0;pwned-title\x07title \x1b]2;pwned-title2\x1b\\",
    "zz \x1b[2J\x1b[31mred \x9b31mc1 \x9d0;c1-title\x07",
    "zz \u202eesrever \u2066iso",
    "zz [/",
    "zz [@click=app.quit]quit[/]",
    "zz [link=http://evil.example]here[/link]",
    "zz [$accent]accent[/] [bold]bold",
    "zz multi\nline\r\nname",
    "zz " + "long" * 150,
)
"""Icon names a compromised catalogue might send: every family of terminal and markup trick."""

# What must never reach the terminal from the names above (the app's own output is allowed its own
# escape sequences; these are the catalogue's).
FORBIDDEN_OUTPUT = (
    "\x1b]52",
    "\x1b]8;;http://evil",
    "\x1b]8;id=",  # Textual's own link form: a [link=…] from a name turned into a real link
    "evil.example/\x1b",
    "\x1b]0;pwned",
    "\x1b]2;pwned",
    "\x9b",
    "\x9d",
    "\u202e",
    "\u2066",
)


def assert_inert(output: str) -> None:
    """Fail if `output` (decoded terminal bytes) holds any catalogue-made control sequence."""
    for forbidden in FORBIDDEN_OUTPUT:
        assert forbidden not in output, f"{forbidden!r} reached the terminal"


_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78DEHMc]")


def visible_text(output: str) -> str:
    """`output` without the escape sequences: roughly what a person reads."""
    return _ESCAPES.sub("", output)


def png_bytes(size: int = 24, colour: tuple[int, int, int, int] = (200, 30, 30, 255)) -> bytes:
    """A small valid PNG."""
    buffer = io.BytesIO()
    Image.new("RGBA", (size, size), colour).save(buffer, "PNG")
    return buffer.getvalue()


def icon_entry(icon_id: int, name: str, thumbnail: str, *, ref_name: str | None = None, variants=None) -> dict:
    """One search entry shaped like the interface's."""
    refs = {
        key: {"id": icon_id * 10 + n, "name": ref_name or key.title()}
        for n, key in enumerate(("category", "style", "series", "set"))
    }
    return {
        "id": icon_id,
        "name": name,
        **refs,
        "thumbnail": thumbnail,
        "variants": variants
        if variants is not None
        else [
            {"id": icon_id * 100 + 1, "format": "png", "size": 512},
            {"id": icon_id * 100 + 2, "format": "svg", "size": None},
        ],
    }


PNG_FILE = png_bytes(64)
SVG_FILE = (
    b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><path d="M0 0h8v8z"/></svg>\n'
)


def script_catalogue(
    server: MisbehavingServer,
    names: Iterable[str],
    *,
    thumbnail: Reply | None = None,
    download: Reply | Callable | None = None,
    ref_name: str | None = None,
) -> list[dict]:
    """Make `server` a catalogue whose search answers `names` (thumbnails and downloads too)."""
    entries = [
        icon_entry(index, name, server.url(f"/thumbs/{index}.png"), ref_name=ref_name)
        for index, name in enumerate(names, start=1)
    ]
    server.on("/api/v1/search", Reply.json({"data": entries, "meta": {"moreResultsAvailable": True}}))
    for index in range(1, len(entries) + 1):
        server.on(f"/thumbs/{index}.png", thumbnail or Reply.file(png_bytes(), "image/png"))

    def file_for(request) -> Reply:
        variant = int(request.query.get("id", ["0"])[0])
        if variant % 100 == 2:
            return Reply.file(SVG_FILE, "image/svg+xml")
        return Reply.file(PNG_FILE, "image/png")

    server.on("/api/v1/download", download or file_for)
    return entries


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
        env: dict[str, str],
        columns: int = 120,
        rows: int = 36,
        cwd: str | Path | None = None,
        preexec_fn: Callable[[], None] | None = None,
        stderr: int | None = None,
    ) -> None:
        """`stderr`: a file descriptor to take the command's stderr instead of the terminal (`2>log`)."""
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
            **env,
        }
        full_env.pop("TEXTUAL", None)
        self.process = subprocess.Popen(
            args,
            stdin=slave,
            stdout=slave,
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
    def iconcat(cls, *args: str, env: dict[str, str], **options) -> PtyProcess:
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

    def wait_for(self, condition: Callable[[PtyProcess], bool] | str, what: str = "", timeout: float = 40.0) -> None:
        """Read until `condition` holds (a string: until it is visible on screen)."""
        if isinstance(condition, str):
            wanted = condition
            condition = lambda terminal: wanted in terminal.visible  # noqa: E731
            what = what or f"{wanted!r} on screen"
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
        self.read(pause)

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


def walk_every_icon(terminal: PtyProcess, count: int, step: str) -> None:
    """From the search box into the results (Down) and on through all `count` icons, one `step` key
    at a time (Down in the list, Right in the gallery), lingering on each so it reaches the detail pane."""
    terminal.settle()
    terminal.send(DOWN)  # from the search box to the first result
    for _ in range(count - 1):
        terminal.send(step, pause=0.15)


def assert_exit_clean_and_inert(terminal: PtyProcess, status: int) -> None:
    """The app exited with 0, and nothing it wrote to the terminal holds a catalogue-made control
    sequence (`assert_inert`), the token or a traceback."""
    output = terminal.text
    assert status == 0, terminal.visible[-2000:]
    assert_inert(output)
    assert TEST_TOKEN not in output
    assert "Traceback" not in output


def hostile_env(server: MisbehavingServer, download_dir: Path, token: str = TEST_TOKEN) -> dict[str, str]:
    """Environment pointing iconcat at `server` with `token`, saving into `download_dir`."""
    return {
        "ICONCAT_BASE_URL": server.base_url,
        "ICONCAT_TOKEN": token,
        "ICONCAT_DOWNLOAD_DIR": str(download_dir),
        # The list view: these tests walk rows into the detail pane; the gallery has its own (test_terminal).
        "ICONCAT_VIEW": "list",
    }
