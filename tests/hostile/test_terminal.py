"""Hostile names and error texts on a real (pseudo-)terminal: checked on the bytes written to it.

The widget-tree tests (tests/tui/test_hostile_names.py) prove what the widgets hold; these run the real
`iconcat` command on a pseudo-terminal of a fixed size, pointed at a misbehaving catalogue on loopback
that serves hostile names, and read back every byte the terminal received: none of the catalogue's
escape sequences (clipboard writes, links, title changes, C1 controls, bidi overrides) may be among them,
the markup in names must show literally, and the app must still be alive afterwards.
"""

from __future__ import annotations

import base64
import io
import json
import re

import pytest
from PIL import Image

from tests.conftest import TEST_TOKEN
from tests.support.fixtures import snapshot
from tests.support.hostile import (
    HOSTILE_NAMES,
    PICKER_SHOWN,
    PNG_FILE,
    assert_exit_clean_and_inert,
    assert_inert,
    hostile_env,
    icon_entry,
    png_bytes,
    script_catalogue,
    walk_every_icon,
)
from tests.support.misbehaving import Reply
from tests.support.pty import DOWN, RIGHT, PtyProcess

HOSTILE_REF = "[b]Set[/b] [@click=app.quit]q[/] \x1b]52;c;cGF3bmVk\x07"
LITERAL_MARKUP = (
    "[@click=app.quit]quit[/]",
    "[link=http://evil.example]here[/link]",
    "[$accent]accent[/] [bold]bold",
    "zz [/",
)
SHOWN_MARKUP = ("[@click=app.quit]qu", "[link=http://evil.e", "[$accent]accent[/]", "zz [/")
"""Beginnings of the hostile names as the detail pane shows them (a narrow pane may cut the rest)."""


def test_search_on_a_terminal_writes_no_escape_sequence_from_the_catalogue(server, tmp_path):
    script_catalogue(server, HOSTILE_NAMES, ref_name=HOSTILE_REF)
    terminal = PtyProcess.iconcat("search", "zz", env=hostile_env(server, tmp_path))
    assert terminal.finish() == 0, terminal.visible
    output = terminal.text
    assert_inert(output)
    assert TEST_TOKEN not in output
    assert "\x1b" not in output, "a table for scripts has no escape sequences at all"
    for literal in LITERAL_MARKUP:
        assert literal in output
    assert "[b]Set[/b] [@cl" in output, "hostile set and style names show literally (cut to their column)"
    rows = [line for line in output.splitlines() if line.endswith(" svg")]
    assert len(rows) == len(HOSTILE_NAMES), "a multi-line name stays on its one row"


def test_search_json_on_a_terminal_escapes_every_control_character(server, tmp_path):
    script_catalogue(server, HOSTILE_NAMES)
    terminal = PtyProcess.iconcat("search", "zz", "--json", env=hostile_env(server, tmp_path))
    assert terminal.finish() == 0, terminal.visible
    output = terminal.text
    assert_inert(output)
    assert "\x1b" not in output
    document = json.loads(output.replace("\r\n", "\n"))
    assert [icon["name"] for icon in document["data"]] == list(HOSTILE_NAMES), "the data itself is kept exactly"


def _browse(server, download_dir, **env: str) -> PtyProcess:
    """`iconcat browse zz` on a 160×40 terminal, pointed at `server` (in the list view unless `env` says)."""
    return PtyProcess.iconcat("browse", "zz", env={**hostile_env(server, download_dir), **env}, columns=160, rows=40)


def test_the_browser_writes_no_escape_sequence_from_the_catalogue_anywhere(server, download_dir):
    """Search box, results, detail pane, variant picker, download, downloads panel and notification."""
    entries = script_catalogue(server, HOSTILE_NAMES, ref_name=HOSTILE_REF)
    before = snapshot(download_dir.parent)
    with _browse(server, download_dir) as terminal:
        terminal.wait_for("zz [@click=app.qu", "the hostile names listed (cut to their column)")
        walk_every_icon(terminal, len(HOSTILE_NAMES), DOWN)  # each name reaches the detail pane
        terminal.settle()
        assert "Category [b]Set[/b] [@cli" in terminal.visible, "the hostile set name in the detail pane"
        for literal in SHOWN_MARKUP:
            assert literal in terminal.visible, f"{literal!r} is not shown literally in the detail pane"
        # The last row (the very long name) is highlighted: choose it, then download the first variant.
        terminal.send("\r")
        terminal.wait_for(PICKER_SHOWN, "the variant picker for the long name")
        terminal.wait_for("PNG · 512 px")
        terminal.send("\r")
        terminal.wait_for("Download finished", "the notification of the finished download")
        status = terminal.quit()
    assert_exit_clean_and_inert(terminal, status)
    saved = sorted(set(snapshot(download_dir.parent)) - set(before))
    assert len(saved) == 1, saved
    name = saved[0].split("/", 1)[1]
    assert "[" not in name and "\x1b" not in name and len(name.encode()) <= 120
    assert [request.header("authorization") for request in server.requests] == [f"Bearer {TEST_TOKEN}"] * len(
        server.requests
    )
    assert entries  # the catalogue was the hostile one


def test_the_gallery_writes_no_escape_sequence_from_the_catalogue(server, download_dir):
    """Tiles (names cut to the tile), moving over every one, the detail pane following, the facet panel."""
    script_catalogue(server, HOSTILE_NAMES, ref_name=HOSTILE_REF)
    with _browse(server, download_dir, ICONCAT_VIEW="gallery") as terminal:
        terminal.wait_for("Category [b]Set[/b] [@cli", "the first hostile icon in the detail pane")
        walk_every_icon(terminal, len(HOSTILE_NAMES), RIGHT)
        terminal.send("f")  # the facet panel: every value of every key, as counts
        terminal.settle()
        terminal.send("\x11")  # ctrl+q: over the panel a bare q narrows its values (it takes typing)
        status = terminal.finish()
    assert_exit_clean_and_inert(terminal, status)


def test_hostile_variant_formats_and_an_icon_without_variants_stay_inert_in_the_browser(server, download_dir):
    """Variant formats (shown in the detail pane and the picker) and an icon with no variants."""
    entries = [
        icon_entry(1, "zz [/ none", "", variants=[]),
        icon_entry(
            2,
            "zz one",
            server.url("/thumbs/2.png"),
            variants=[
                {"id": 11, "format": "[@click=app.quit]p[/]", "size": 512},
                {"id": 12, "format": "png\x1b]52;c;cGF3bmVk\x07", "size": 64},
                {"id": 13, "format": "[/", "size": None},
            ],
        ),
    ]
    server.on("/api/v1/search", Reply.json({"data": entries, "meta": {"moreResultsAvailable": False}}))
    server.on("/thumbs/2.png", Reply.file(png_bytes(), "image/png"))
    server.on("/api/v1/download", Reply.file(PNG_FILE, "image/png"))
    with _browse(server, download_dir) as terminal:
        terminal.wait_for("zz one")
        terminal.settle()
        terminal.send(DOWN)  # to the results: the icon without variants is highlighted
        terminal.settle()
        terminal.send("d")
        terminal.wait_for("Nothing to download", "the notification that nothing can be downloaded")
        terminal.send(DOWN)
        terminal.settle()
        terminal.send("\r")  # the picker for "zz one", whatever its variants look like
        terminal.wait_for(PICKER_SHOWN, "the variant picker")
        terminal.send("\r")
        terminal.wait_for("Download finished", "the download of a variant with a hostile format")
        status = terminal.quit()
    assert_exit_clean_and_inert(terminal, status)
    assert "[/ · vector" in terminal.visible, "the hostile format shows literally"


@pytest.mark.parametrize(
    "reply",
    [
        Reply.json(
            {"error": "[/ [@click=app.quit]x[/] [link=http://evil.example]y[/link] \x1b]52;c;cGF3bmVk\x07"}, status=500
        ),
        Reply(
            status=418, headers=[("Content-Type", "text/plain"), ("X-Reason", "[/")], body=b"[/ \x1b]0;pwned-title\x07"
        ),
        Reply.json({"error": "[@click=app.quit]gone[/]"}, status=404),
        Reply(
            headers=[
                ("Content-Type", "image/png"),
                ("Content-Disposition", 'attachment; filename="[/\x1b]8;;http://evil.example/\x1b\\.png"'),
            ],
            body=b"<html>[@click=app.quit]sign in[/]</html>",
        ),
    ],
    ids=["500 with markup", "418 text", "404 json", "html as png"],
)
def test_a_failed_download_with_a_hostile_error_body_is_explained_and_inert(server, download_dir, reply):
    script_catalogue(server, ["zz error"], download=reply)
    before = snapshot(download_dir.parent)
    with _browse(server, download_dir) as terminal:
        terminal.wait_for("zz error")
        terminal.send(DOWN)
        terminal.settle()
        terminal.send("\r")
        terminal.wait_for("PNG · 512 px")
        terminal.send("\r")
        terminal.wait_for("Download failed", "the failure notification")
        status = terminal.quit()
    assert_exit_clean_and_inert(terminal, status)
    assert snapshot(download_dir.parent) == before, "nothing saved, nothing left behind"


@pytest.mark.parametrize(
    "reply",
    [
        Reply.json({"error": "[/ [@click=app.quit]x[/] \x1b]52;c;cGF3bmVk\x07"}, status=500),
        Reply(headers=[("Content-Type", "text/html")], body=b"<html>[/ [@click=app.quit]login[/]</html>"),
        Reply.json(b'{"data": "[/ \x1b]0;pwned-title\x07"}'),
    ],
    ids=["500 with markup", "html login page", "wrong shape"],
)
def test_a_failed_search_with_a_hostile_body_is_explained_and_inert(server, download_dir, reply):
    server.on("/api/v1/search", reply)
    with _browse(server, download_dir) as terminal:
        terminal.wait_for(lambda t: "failed" in t.visible or "web page" in t.visible, "the failed search explained")
        terminal.settle()
        terminal.send(DOWN)  # out of the search box, where q is a key
        status = terminal.quit()
    assert_exit_clean_and_inert(terminal, status)


async def test_a_screenshot_of_hostile_names_is_inert_svg(server, download_dir):
    """Textual's screenshot (the palette's "Save screenshot") is an SVG a browser may open: a name must
    not close the text element and inject a script or a link."""
    from iconcat.tui.app import IconcatApp
    from iconcat.tui.connection import Connection
    from iconcat.tui.widgets import ResultsList
    from tests.support.tui import wait_until

    script_catalogue(
        server, ["zz </text><script>alert(1)</script>", 'zz <a href="javascript:alert(2)">x</a> &amp; ]]>']
    )
    app = IconcatApp(
        Connection.service(server.base_url, TEST_TOKEN, download_dir), query="zz", view="list"
    )  # walks rows
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_until(pilot, lambda: len(app.query_one(ResultsList).icons) == 2, "the results")
        await pilot.pause(0.3)
        svg = app.export_screenshot()
    assert "&lt;/text&gt;&lt;script&gt;" in svg, "the name is in the screenshot, escaped"
    assert "<script" not in svg and "<a " not in svg, "no element from a name: only escaped text"
    import xml.etree.ElementTree as ElementTree

    ElementTree.fromstring(svg)  # still well-formed XML


class _CountingText(str):
    """A str that counts the characters read through iteration (how `sanitize` walks a name)."""

    read = 0

    def __iter__(self):
        for char in str.__iter__(self):
            type(self).read += 1
            yield char


def test_sanitizing_a_huge_name_reads_only_what_can_be_shown():
    from iconcat.text import sanitize

    _CountingText.read = 0
    huge = _CountingText("zz " + "long" * 250_000)  # one million characters
    shown = sanitize(huge, max_length=200)
    assert len(shown) == 200 and shown.endswith("…")
    assert _CountingText.read <= 100 * 200, f"read {_CountingText.read:,} characters to show 200"


KITTY_NAMES = (
    *HOSTILE_NAMES,
    "zz \x1b_Ga=T,f=100,i=7;QUFBQQ==\x1b\\ apc",  # a kitty graphics command of its own
    "zz \x1bPq#0;2;0;0;0#0~~~\x1b\\ dcs",  # a sixel picture of its own
)
_APC = re.compile(r"\x1b_G([^;\x1b]*)(?:;([^\x1b]*))?\x1b\\")


def test_true_pixels_send_only_our_own_pictures_and_no_escape_from_the_catalogue(server, download_dir):
    """Kitty mode forced: every graphics command on the wire is ours, carrying pictures we composed."""
    script_catalogue(server, KITTY_NAMES, ref_name=HOSTILE_REF)
    with _browse(server, download_dir, ICONCAT_VIEW="gallery", ICONCAT_GRAPHICS="kitty") as terminal:
        terminal.wait_for("Category [b]Set[/b] [@cli", "the first hostile icon in the detail pane")
        walk_every_icon(terminal, len(KITTY_NAMES), RIGHT)
        status = terminal.quit()
    assert_exit_clean_and_inert(terminal, status)
    output = terminal.text
    assert "\x1bP" not in output.replace("\x1bP>|", ""), "no device control string (a sixel) from a name"
    commands = _APC.findall(output)
    assert commands, "pictures were sent in kitty mode"
    transmitted = {}
    for keys, payload in commands:
        fields = dict(part.split("=", 1) for part in keys.split(","))
        assert fields.get("i") != "7", "the name's own graphics command never reaches the terminal"
        if fields.get("a") == "q":  # the start's query: does this terminal draw kitty graphics?
            assert payload == "AAAA"
        elif fields.get("a") == "T":
            transmitted[fields["i"]] = [payload]
        elif fields.get("a") != "d":
            transmitted[list(transmitted)[-1]].append(payload)  # a continuation chunk (m=1 … m=0)
    for image_id, chunks in transmitted.items():
        picture = Image.open(io.BytesIO(base64.b64decode("".join(chunks))))
        assert picture.format == "PNG" and picture.mode == "RGB", image_id  # composed by us: opaque RGB
    assert output.count("\x1b_") == len(commands), "no other application command reached the terminal"
