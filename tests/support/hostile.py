"""Shared pieces of the hostile suite: hostile strings, a hostile catalogue script, what may not reach a terminal.

Everything here talks to 127.0.0.1 only (the misbehaving server of `tests.support.misbehaving`). The
pseudo-terminal the suite runs `iconcat` on is `tests.support.pty`'s; the walks through the browser the
suite repeats (every icon in turn, a download of the first variant) are here.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from pathlib import Path

from PIL import Image

from tests.conftest import TEST_TOKEN
from tests.support.misbehaving import MisbehavingServer, Reply
from tests.support.pty import DOWN, ENTER, PtyProcess

__all__ = [
    "CONTROL_SEQUENCES",
    "HOSTILE_NAMES",
    "PICKER_SHOWN",
    "PNG_FILE",
    "SVG_FILE",
    "assert_exit_clean_and_inert",
    "assert_inert",
    "choose_first_variant",
    "hostile_env",
    "icon_entry",
    "png_bytes",
    "script_catalogue",
    "walk_every_icon",
]

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


def walk_every_icon(terminal: PtyProcess, count: int, step: str) -> None:
    """From the search box into the results (Down) and on through all `count` icons, one `step` key
    at a time (Down in the list, Right in the gallery), lingering on each so it reaches the detail pane."""
    terminal.settle()
    terminal.send(DOWN)  # from the search box to the first result
    for _ in range(count - 1):
        terminal.send(step, pause=0.15)


def choose_first_variant(terminal: PtyProcess) -> None:
    """From the search box: Down to the first result, Enter for its variant picker, Enter for the
    variant the picker offers first (its download starts)."""
    terminal.settle()
    terminal.send(DOWN)
    terminal.settle()
    terminal.send(ENTER)
    terminal.wait_for(PICKER_SHOWN, "the variant picker")
    terminal.send(ENTER)


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
