"""Copy (`y`) and open (`o`, `O`) in the browser (issue 14): what reaches the clipboard, what is opened.

The clipboard is Textual's: `App.clipboard` holds the last text copied, and the bytes written to the
terminal carry it in one OSC 52 sequence (read here from the driver). The opener is a stand-in
`xdg-open` first on PATH, which writes the arguments it was given to a file.
"""

from __future__ import annotations

import base64
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from textual import events

from iconcat.demo.catalogue import Catalogue
from iconcat.disk.opener import OpenerMissing, open_path, opener_command
from iconcat.tui.connection import Connection
from iconcat.tui.controllers.copy_controller import SVG_COPY_LIMIT
from iconcat.tui.screens import VariantPicker
from iconcat.tui.screens.copy_menu import CopyMenu, clipboard_text
from iconcat.tui.widgets import ResultsList
from tests.conftest import TEST_TOKEN
from tests.support.tui import HOSTILE_NAMES, SIZE, HostileCatalogue, search, serving, wait_until
from tests.support.tui_steps import copy, download_highlighted

CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""What must never reach the clipboard: C0 (but tab and line feed), DEL, C1, bidi overrides."""

OSC52 = re.compile(r"\x1b\]52;c;([A-Za-z0-9+/=]*)\x07")


def said(app) -> list[str]:
    return [str(note.message) for note in app._notifications]


def terminal_output(app) -> list[str]:
    """Start keeping what the app writes to its (headless) terminal; the list fills as it writes."""
    written: list[str] = []
    driver = app._driver
    original = driver.write

    def write(data: str) -> None:
        written.append(data)
        original(data)

    driver.write = write
    return written


# ------------------------------------------------------------------------------------------ copy


async def test_y_copies_the_name_the_ids_and_the_saved_path_and_says_what(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        app.browser.action_focus_results()
        icon = app.browser.highlighted_member()
        written = terminal_output(app)

        await copy(pilot, "name")
        assert app.clipboard == icon.name
        assert f"Copied the name “{icon.name}”." in said(app)
        # One well-formed OSC 52 sequence carries it to the terminal's clipboard.
        sequences = OSC52.findall("".join(written))
        assert [base64.b64decode(text).decode() for text in sequences] == [icon.name]

        await copy(pilot, "icon-id")
        assert app.clipboard == str(icon.id)
        await copy(pilot, "variant-id")
        assert app.clipboard == str(icon.variants[0].id)  # no variant chosen yet: the first

        # Nothing saved of it yet: that line cannot be chosen.
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, CopyMenu), "the copy menu")
        path_choice = next(choice for choice in app.screen.choices if choice.kind == "path")
        assert not path_choice.available
        await pilot.press("escape")

        saved = await download_highlighted(pilot)
        await copy(pilot, "path")
        assert app.clipboard == str(saved)
        assert any(message.startswith(f"Copied the path of {saved.name}") for message in said(app))


async def test_y_copies_the_svg_markup_fetched_from_the_catalogue(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "heart")
        app.browser.action_focus_results()
        icon = app.browser.highlighted_member()
        assert any(variant.format.lower() == "svg" for variant in icon.variants)
        await copy(pilot, "svg")
        await wait_until(pilot, lambda: app.clipboard.startswith(("<svg", "<?xml")), "the SVG markup copied")
        assert app.clipboard.rstrip().endswith("</svg>")
        assert any(message.startswith("Copied the SVG markup of") for message in said(app))
    # And nothing is left on the disk of its fetching.
    assert not list(Path(tempfile.gettempdir()).glob("iconcat-copy-*"))


async def test_y_copies_a_snippet_made_of_the_svg_and_greys_those_that_need_an_iconify_name(make_app):
    from iconcat.snippets import SnippetIcon, component_name

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "heart")
        app.browser.action_focus_results()
        icon = app.browser.highlighted_member()
        await copy(pilot, "svg")
        await wait_until(pilot, lambda: app.clipboard.startswith(("<svg", "<?xml")), "the SVG markup copied")
        markup = app.clipboard
        await copy(pilot, "as-tsx")
        name = component_name(SnippetIcon(icon.name))
        await wait_until(pilot, lambda: app.clipboard.startswith("import type"), "the TSX copied")
        assert f"export default function {name}(props: SVGProps<SVGSVGElement>)" in app.clipboard
        assert "{...props}" in app.clipboard and " class=" not in app.clipboard
        assert any(message.startswith(f"Copied the React TSX snippet of “{icon.name}”") for message in said(app))
        await copy(pilot, "as-data-url")
        await wait_until(pilot, lambda: app.clipboard.startswith("data:image/svg+xml,"), "the data URL copied")
        from urllib.parse import unquote

        assert unquote(app.clipboard.partition(",")[2]) == markup.strip()
        # The demo's icons have no Iconify name: the lines made of one are greyed.
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, CopyMenu), "the copy menu")
        greyed = {choice.kind: choice.detail for choice in app.screen.choices if not choice.available}
        assert greyed["as-unocss"] == greyed["as-tailwind"] == "this icon has no Iconify name"
        await pilot.press("escape")


class OddSvgCatalogue(Catalogue):
    """The demo catalogue whose SVG files hold escape sequences, or (for "heart") are over 1 MB."""

    def file_bytes(self, icon, variant) -> bytes:
        body = super().file_bytes(icon, variant)
        if variant.format != "svg":
            return body
        if "heart" in icon.name.lower():
            padding = b"<!-- " + b"x" * (SVG_COPY_LIMIT + 1024) + b" -->"
            return body.replace(b"</svg>", padding + b"</svg>")
        hostile = "<desc>\x1b]52;c;cHduZWQ=\x07 \x1b[31m \x9b2J \u202eevil\u202c\r\nnext\ttab</desc>".encode()
        return body.replace(b"</svg>", hostile + b"</svg>")


async def test_svg_markup_is_cleaned_and_a_large_one_is_refused(make_app, monkeypatch, download_dir):
    import iconcat.server.app as server_app

    monkeypatch.setattr(server_app, "default_catalogue", OddSvgCatalogue)
    with serving(token=TEST_TOKEN) as odd:
        app = make_app(Connection.service(odd.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await search(pilot, "arrow")
            app.browser.action_focus_results()
            written = terminal_output(app)
            await copy(pilot, "svg")
            await wait_until(pilot, lambda: "</svg>" in app.clipboard, "the SVG markup copied")
            assert not CONTROLS.search(app.clipboard), repr(app.clipboard)
            assert "\nnext\ttab" in app.clipboard  # line breaks and tabs stay
            (sequence,) = OSC52.findall("".join(written))
            assert base64.b64decode(sequence).decode() == app.clipboard

            app.query_one("#search-input").value = ""
            await search(pilot, "heart")
            app.browser.action_focus_results()
            before = app.clipboard
            await copy(pilot, "svg")
            await wait_until(pilot, lambda: any("not copied" in message for message in said(app)), "the refusal")
            assert any("larger than 1024 KB" in message for message in said(app))
            assert app.clipboard == before


async def test_hostile_names_reach_the_clipboard_inert(make_app, monkeypatch, download_dir):
    import iconcat.server.app as server_app

    monkeypatch.setattr(server_app, "default_catalogue", HostileCatalogue)
    with serving(token=TEST_TOKEN) as hostile:
        app = make_app(Connection.service(hostile.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await search(pilot, "zz")
            app.browser.action_focus_results()
            results = app.query_one(ResultsList)
            copied = []
            written = terminal_output(app)
            for index in range(len(results.icons)):
                results.highlighted = index
                await pilot.pause()
                await copy(pilot, "name")
                copied.append(app.clipboard)
                assert not CONTROLS.search(app.clipboard) and "\n" not in app.clipboard, repr(app.clipboard)
                assert not CONTROLS.search(said(app)[-1])
            assert len(copied) == len(HOSTILE_NAMES)
            assert any("pwned" in text for text in copied)  # the text is there, its escapes are not
            # Every OSC 52 sequence written is whole: the base64 payload, then BEL.
            output = "".join(written)
            assert output.count("\x1b]52;") == len(copied) == len(OSC52.findall(output))


def test_clipboard_text_drops_controls_and_keeps_lines_only_when_asked():
    hostile = "a\x1b]52;c;x\x07b\x9bc\u202ed\r\ne\tf\u2028g\u200dh"
    assert clipboard_text(hostile) == "a]52;c;xbcdef" + "g\u200dh"
    assert clipboard_text(hostile, multiline=True) == "a]52;c;xbcd\ne\tf\ng\u200dh"


async def test_y_with_nothing_highlighted_says_so(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.browser.action_copy_menu()
        await pilot.pause()
        assert not isinstance(app.screen, CopyMenu)
        assert "Highlight an icon to copy its name, its id or its file." in said(app)


# ------------------------------------------------------------------------------------------ open

linux_only = pytest.mark.skipif(
    sys.platform in ("win32", "darwin"), reason="the stand-in opener is xdg-open, a shell script"
)


@pytest.fixture
def fake_opener(tmp_path, monkeypatch) -> Path:
    """An `xdg-open` first on PATH that writes its arguments (one a line) to the file returned."""
    folder = tmp_path / "bin"
    folder.mkdir()
    record = tmp_path / "opened.txt"
    script = folder / "xdg-open"
    script.write_text(
        f'#!/bin/sh\nfor a in "$@"; do printf "%s\\n" "$a"; done > "{record}.part"\nmv "{record}.part" "{record}"\n'
    )
    script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ.get('PATH', '')}")
    return record


@pytest.fixture
def started(monkeypatch) -> list[list[str]]:
    """Every process the opener starts (they still start): their argument lists."""
    calls: list[list[str]] = []
    real = subprocess.Popen

    def popen(args, **options):
        calls.append(list(args))
        return real(args, **options)

    monkeypatch.setattr("iconcat.disk.opener.subprocess.Popen", popen)
    return calls


@linux_only
async def test_o_opens_the_last_saved_file_and_O_its_folder(make_app, fake_opener, started):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        app.browser.action_focus_results()
        saved = await download_highlighted(pilot)
        assert saved in app.written_files
        await pilot.press("o")
        await wait_until(pilot, fake_opener.exists, "the opener run")
        assert fake_opener.read_text().splitlines() == [str(saved)]
        assert any(message == f"Opening {saved.name}." for message in said(app))
        fake_opener.unlink()
        await pilot.press("O")
        await wait_until(pilot, fake_opener.exists, "the opener run for the folder")
        assert fake_opener.read_text().splitlines() == [str(saved.parent)]
        assert len(started) == 2


async def test_o_with_nothing_saved_or_a_file_swapped_for_a_link_opens_nothing(
    make_app, fake_opener, started, tmp_path
):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        app.browser.action_focus_results()
        await pilot.press("o")
        assert "Nothing saved yet in this session: download an icon first (enter or d)." in said(app)
        saved = await download_highlighted(pilot)
        elsewhere = tmp_path / "secret.txt"
        elsewhere.write_text("not ours")
        saved.unlink()
        saved.symlink_to(elsewhere)  # swapped since we wrote it
        await pilot.press("o")
        assert any("no longer the file that was saved" in message for message in said(app))
        saved.unlink()
        await pilot.press("o")
        assert any(message.endswith("is gone") for message in said(app))
    assert started == []


@linux_only
async def test_a_missing_opener_is_named(make_app, monkeypatch, tmp_path, started):
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        app.browser.action_focus_results()
        await download_highlighted(pilot)
        await pilot.press("o")
        assert any("no `xdg-open` to open files with" in message for message in said(app))
    assert started == []


def test_each_platform_has_its_opener(tmp_path, monkeypatch):
    assert opener_command("linux") == ["xdg-open"]
    assert opener_command("freebsd14") == ["xdg-open"]
    assert opener_command("darwin") == ["open"]
    assert opener_command("win32") is None  # os.startfile
    opened: list[str] = []
    monkeypatch.setattr(os, "startfile", opened.append, raising=False)
    saved = tmp_path / "icon.svg"
    saved.write_text("<svg/>")
    open_path(saved, platform="win32")
    assert opened == [str(saved)]
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    with pytest.raises(OpenerMissing, match="`open`"):
        open_path(saved, platform="darwin")
    with pytest.raises(FileNotFoundError):
        open_path(tmp_path, platform="darwin")  # a folder where a file should be


async def test_y_then_enter_in_one_read_chooses_in_the_copy_menu(make_app):
    # "y⏎" in one read over the results: y opens the copy menu, and ⏎ is the menu's (it copies its first
    # line, the name), never the results' Enter: a variant picker over the menu.
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        app.browser.action_focus_results()
        await pilot.pause()
        icon = app.browser.highlighted_member()
        for key, character in (("y", "y"), ("enter", None)):
            app.post_message(events.Key(key, character))
        await wait_until(pilot, lambda: app.clipboard == icon.name, "the name copied")
        await pilot.pause()
        assert not any(isinstance(screen, (VariantPicker, CopyMenu)) for screen in app.screen_stack)
