"""`y` inside tmux: the text goes to tmux (which drops an application's OSC 52 unless `set-clipboard` is
on), clean, and the notice says where it went. Against a real tmux server of the test's own, with a
terminal attached from a pseudo-terminal (`tests.support.tmux`), and a catalogue whose names hold
escape sequences."""

from __future__ import annotations

import base64
import re

import pytest

from iconcat.tui.connection import Connection
from iconcat.tui.widgets import ResultsList
from tests.conftest import TEST_TOKEN
from tests.support.tmux import attached, tmux_server
from tests.support.tui import SIZE, HostileCatalogue, search, serving, wait_until
from tests.support.tui_steps import copy

CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
ESCAPED_NAME = "pwned"
"""Part of the hostile name "zz \\x1b[31mred\\x1b]0;pwned\\x07 …": its escapes must not reach tmux."""


def notices(app) -> list[str]:
    return [str(note.message) for note in app._notifications]


def app_osc52(written: list[str]) -> int:
    return "".join(written).count("\x1b]52;")


@pytest.fixture
def server(monkeypatch):
    with tmux_server() as running:
        monkeypatch.setenv("TMUX", running.env["TMUX"])
        monkeypatch.setenv("TMUX_PANE", running.env["TMUX_PANE"])
        yield running


@pytest.fixture
def hostile_app(make_app, monkeypatch, download_dir):
    import iconcat.server.app as server_app

    monkeypatch.setattr(server_app, "default_catalogue", HostileCatalogue)
    with serving(token=TEST_TOKEN) as hostile:
        yield make_app(Connection.service(hostile.base_url, TEST_TOKEN, download_dir))


async def copy_escaped_name(pilot) -> int:
    """Copy the name of the icon whose name holds escape sequences; the OSC 52s the app wrote."""
    app = pilot.app
    await search(pilot, "zz")
    app.browser.action_focus_results()
    results = app.query_one(ResultsList)
    results.highlighted = next(i for i, icon in enumerate(results.icons) if ESCAPED_NAME in icon.name)
    await pilot.pause()
    written: list[str] = []
    original = app._driver.write
    app._driver.write = lambda data: (written.append(data), original(data))[1]
    before = len(notices(app))
    await copy(pilot, "name")
    await wait_until(pilot, lambda: len(notices(app)) > before, "the copy's notice")
    return app_osc52(written)


@pytest.mark.parametrize("setting", ["external", "on"])
async def test_y_in_tmux_reaches_the_clipboard_through_tmux_and_says_copied(server, hostile_app, setting):
    server.set_clipboard(setting)
    app = hostile_app
    with attached(server) as terminal:
        async with app.run_test(size=SIZE) as pilot:
            sent_by_app = await copy_escaped_name(pilot)
            copied = app.clipboard
            assert ESCAPED_NAME in copied and not CONTROLS.search(copied), repr(copied)
            assert notices(app)[-1] == f"Copied the name “{copied}”."
            # tmux has it, clean, and sent it on to the terminal it is attached to; the app wrote no
            # OSC 52 of its own (under `on` tmux would have made a second buffer of it).
            assert server.buffer() == copied
            terminal.wait_for(b"\x1b]52;;" + base64.b64encode(copied.encode()))
            assert sent_by_app == 0


async def test_y_in_tmux_with_set_clipboard_off_says_tmuxs_buffer_and_what_to_set(server, hostile_app):
    server.set_clipboard("off")
    app = hostile_app
    with attached(server):
        async with app.run_test(size=SIZE) as pilot:
            await copy_escaped_name(pilot)
            copied = app.clipboard
            assert server.buffer() == copied and not CONTROLS.search(copied)
            said = notices(app)[-1]
            assert said.startswith(f"Copied the name “{copied}” to tmux's buffer (prefix ] pastes it)")
            assert "`set -g set-clipboard on`" in said


async def test_y_with_tmux_not_answering_sends_the_escape_and_says_it_is_unsure(hostile_app, monkeypatch, tmp_path):
    monkeypatch.setenv("TMUX", f"{tmp_path / 'no-server'},1,0")
    app = hostile_app
    async with app.run_test(size=SIZE) as pilot:
        sent_by_app = await copy_escaped_name(pilot)
        assert sent_by_app == 1  # the last resort: the app's own OSC 52
        said = notices(app)[-1]
        assert said.startswith(f"Sent the name “{app.clipboard}” to the clipboard, but tmux did not answer")
