"""Remembered between runs (issue 14): the theme, the view, the pictures and the last variant chosen;
previews on disk; the last answer to a query, offered when the catalogue cannot be reached; and a
memory that cannot be used (garbage, read-only, locked), which the browser survives and names.

Every app here talks to a real catalogue over loopback; the memory is the conftest's own folder.
"""

from __future__ import annotations

import dataclasses
import io
import re
import sqlite3
import threading
from types import SimpleNamespace

import pytest
from textual.widgets import OptionList, Static

from iconcat.browsing.remembered import decode_variant, encode_variant, start_choices
from iconcat.browsing.search_state import SearchPhase
from iconcat.config import load_settings
from iconcat.memory import DEMO_CATALOGUE, Memory, memory_path, read_preferences
from iconcat.server import BackgroundServer, create_app
from iconcat.tui import run_browser
from iconcat.tui.app import IconcatApp
from iconcat.tui.connection import Connection
from iconcat.tui.screens import VariantPicker
from iconcat.tui.widgets import Gallery, ResultsArea, SearchInput, Thumbnail
from tests.conftest import TEST_TOKEN
from tests.support.tui import SIZE, gallery_tiles_drawn, search, shown_text, wait_until


def said(app) -> list[str]:
    return [str(note.message) for note in app._notifications]


async def memory_open(pilot) -> None:
    await wait_until(pilot, lambda: pilot.app.browser.memory is not None, "the memory opened")


# ------------------------------------------------------------------------------------------ choices


async def test_the_theme_view_pictures_and_variant_come_back_from_the_first_frame(connection, download_dir):
    app = IconcatApp(connection)  # nothing given: the remembered choices, else the defaults
    async with app.run_test(size=SIZE) as pilot:
        await memory_open(pilot)
        assert app.query_one(ResultsArea).view == "gallery" and app.query_one(Thumbnail).mode == "half"
        app.theme = "nord"  # as the palette's theme picker sets it
        await search(pilot, "arrow")
        app.browser.action_focus_results()
        await pilot.press("v", "t")  # the list; quadrant blocks
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker), "the variant picker")
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: app.downloads and app.downloads[-1].status.finished, "the download")
        chosen = app._downloads_panel.variant_preference
        assert chosen is not None

    assert read_preferences()["view"] == "list"
    again = IconcatApp(connection)
    assert again.theme == "nord"  # before the first frame
    async with again.run_test(size=SIZE) as pilot:
        # The first frame already: no switch once the memory opens.
        assert again.query_one(ResultsArea).view == "list"
        assert again.query_one(Thumbnail).mode == "quadrant"
        assert again._downloads_panel.variant_preference == chosen
        await search(pilot, "arrow")
        again.browser.action_focus_results()
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(again.screen, VariantPicker), "the variant picker")
        assert again.screen.query_one(OptionList).highlighted == 1  # the choice of last time, preselected
        await pilot.press("escape")


async def test_a_setting_beats_the_remembered_choice(make_app, connection):
    memory = Memory.open(DEMO_CATALOGUE)
    memory.remember("view", "list")
    memory.remember("pictures", "quadrant")
    memory.close()
    given = make_app(view="gallery", thumbnail_mode="half")
    async with given.run_test(size=SIZE):
        assert given.query_one(ResultsArea).view == "gallery" and given.query_one(Thumbnail).mode == "half"
    remembered = IconcatApp(connection)
    async with remembered.run_test(size=SIZE):
        assert remembered.query_one(ResultsArea).view == "list"
        assert remembered.query_one(Thumbnail).mode == "quadrant"


def test_settings_say_which_choices_were_given(monkeypatch):
    assert load_settings().chosen == frozenset()
    monkeypatch.setenv("ICONCAT_VIEW", "list")
    assert load_settings().chosen == {"view"}
    monkeypatch.delenv("ICONCAT_VIEW")
    # Pictures off: the list follows from it, and counts as given.
    assert load_settings(thumbnails="text").chosen == {"thumbnails", "view"}
    assert load_settings(thumbnails="quadrant").chosen == {"thumbnails"}


def test_start_choices_take_a_given_value_then_the_remembered_one_then_the_default():
    remembered = {"view": "list", "pictures": "quadrant", "theme": "nord", "variant": encode_variant(("png", 64))}
    choices = start_choices(remembered, view=None, thumbnail_mode=None)
    assert (choices.view, choices.thumbnail_mode, choices.theme, choices.variant) == (
        "list",
        "quadrant",
        "nord",
        ("png", 64),
    )
    given = start_choices(remembered, view="gallery", thumbnail_mode="half")
    assert (given.view, given.thumbnail_mode) == ("gallery", "half")
    assert start_choices({}, view=None, thumbnail_mode=None).view == "gallery"
    assert start_choices({"pictures": "text"}, view=None, thumbnail_mode=None).view == "list"
    # A true-pixel mode starts as the default (true pixels again where the terminal draws them).
    assert start_choices({"pictures": "kitty"}, view=None, thumbnail_mode=None).thumbnail_mode == "half"
    # Anything else in the file is ignored.
    hostile = {"view": "\x1b[2J", "pictures": "sideways", "theme": "\x1b]52;c;x\x07", "variant": '["png", -1]'}
    ignored = start_choices(hostile, view=None, thumbnail_mode=None)
    assert (ignored.view, ignored.thumbnail_mode, ignored.theme, ignored.variant) == ("gallery", "half", None, None)
    assert decode_variant("not json") is None and decode_variant('["svg", null]') == ("svg", None)


def test_run_browser_lets_the_remembered_view_apply_unless_a_setting_gives_one(monkeypatch, tmp_path):
    seen: list[dict[str, object]] = []

    class Recorder:
        return_code = 0
        console = SimpleNamespace(color_system="truecolor")  # (what launch asks of the app's console)

        def __init__(self, connection, **options) -> None:
            seen.append(options)

        def run(self) -> int:
            return 0

    monkeypatch.setattr("iconcat.tui.app.IconcatApp", Recorder)
    monkeypatch.setenv("ICONCAT_BASE_URL", "http://127.0.0.1:9")
    assert run_browser(load_settings(download_dir=tmp_path)) == 0
    assert seen[-1]["view"] is None and seen[-1]["thumbnail_mode"] is None
    assert run_browser(load_settings(download_dir=tmp_path, view="list", thumbnails="quadrant")) == 0
    assert seen[-1]["view"] == "list" and seen[-1]["thumbnail_mode"] == "quadrant"


async def test_a_choice_made_before_the_memory_opened_is_remembered_once_it_has(make_app):
    app = make_app()
    app.browser.remembering.remember_preference("pictures", "quadrant")  # before the first frame: no memory yet
    assert app.browser.memory is None
    async with app.run_test(size=SIZE) as pilot:
        await memory_open(pilot)
    assert read_preferences()["pictures"] == "quadrant"


# ------------------------------------------------------------------------------------------ previews on disk


class PreviewCounter:
    """ASGI middleware over the embedded catalogue: counts the preview requests it is sent."""

    def __init__(self, app) -> None:
        self.app = app
        self.lock = threading.Lock()
        self.previews: list[str] = []

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http" and scope.get("path", "").startswith("/private/bundle_icons/"):
            with self.lock:
                self.previews.append(scope["path"])
        await self.app(scope, receive, send)


@pytest.fixture
def counted():
    """The embedded catalogue behind a `PreviewCounter`, on loopback: (counter, base URL)."""
    counter = PreviewCounter(create_app(token=TEST_TOKEN))
    server = BackgroundServer(counter).start()
    try:
        yield counter, server.base_url
    finally:
        server.stop()


async def test_a_repeated_search_in_a_new_run_draws_its_gallery_without_asking_for_previews(counted, download_dir):
    counter, base_url = counted
    connection = Connection.service(base_url=base_url, token=TEST_TOKEN, download_dir=download_dir)
    first = IconcatApp(connection, view="gallery")
    async with first.run_test(size=SIZE) as pilot:
        await memory_open(pilot)
        await search(pilot, "arrow")
        gallery = first.query_one("#gallery", Gallery)
        await wait_until(pilot, lambda: gallery_tiles_drawn(gallery), "every tile on screen drawn")
        await wait_until(pilot, lambda: first.browser.previews.idle, "the previews ahead fetched too")
    assert counter.previews, "the first run fetched its previews"
    kept = Memory.open(base_url)
    assert kept.preview(first.browser.searches.result.icons[0].id) is not None
    kept.close()

    counter.previews.clear()
    again = IconcatApp(connection, view="gallery")
    async with again.run_test(size=SIZE) as pilot:
        await memory_open(pilot)
        await search(pilot, "arrow")
        gallery = again.query_one("#gallery", Gallery)
        await wait_until(pilot, lambda: gallery_tiles_drawn(gallery), "every tile on screen drawn")
        await wait_until(pilot, lambda: again.query_one(Thumbnail).status == "shown", "the detail's picture")
    assert counter.previews == []


def test_only_previews_that_decode_are_kept_and_the_bound_holds(tmp_path):
    from PIL import Image

    from iconcat.tui.controllers.memory_writer import MemoryWriter

    picture = io.BytesIO()
    Image.new("RGBA", (16, 16), (200, 30, 30, 255)).save(picture, "PNG")
    png = picture.getvalue()
    path = tmp_path / "memory.sqlite3"
    memory = Memory.open("http://catalogue.test", path)
    writer = MemoryWriter(memory)
    writer.keep_preview(1, png)
    writer.keep_preview(2, b"\x89PNG\r\n\x1a\nnot the rest of a picture")
    writer.close()
    assert memory.preview(1) == png
    assert memory.preview(2) is None
    # The bound: oldest first, until under it (the row that crosses it goes too).
    memory.keep_previews([(10, b"a" * 3000), (11, b"b" * 3000)], limit=5000)
    assert memory.preview(10) is None and memory.preview(11) is not None


# ------------------------------------------------------------------------------------------ offline


async def test_an_unreachable_catalogue_offers_the_last_answer_seen_for_the_query(download_dir):
    server = BackgroundServer(create_app(token=TEST_TOKEN)).start()
    connection = Connection.service(base_url=server.base_url, token=TEST_TOKEN, download_dir=download_dir)
    first = IconcatApp(connection, view="list")
    try:
        async with first.run_test(size=SIZE) as pilot:
            await memory_open(pilot)
            await search(pilot, "heart")
            answered = first.browser.searches.result.icons
            await wait_until(pilot, lambda: first.query_one(Thumbnail).status == "shown", "the first picture")
    finally:
        server.stop()

    again = IconcatApp(connection, view="list")
    async with again.run_test(size=SIZE) as pilot:
        await memory_open(pilot)
        await search(pilot, "heart")
        state = again.browser.search_state
        assert state.phase is SearchPhase.RESULTS and state.offline_from
        assert [icon.id for icon in again.query_one(ResultsArea).active.icons] == [icon.id for icon in answered]
        status = shown_text(again.query_one("#search-status", Static))
        assert re.search(r"offline · from \d\d:\d\d", status), status
        assert any("Showing the last answer seen" in message for message in said(again))
        # Its pictures come from the disk too, the catalogue being gone.
        await wait_until(pilot, lambda: again.query_one(Thumbnail).status == "shown", "the picture, from the disk")
        # A query never asked has nothing to offer: the designed unreachable state.
        again.query_one(SearchInput).value = ""
        await search(pilot, "never asked")
        assert again.browser.search_state.phase is SearchPhase.UNREACHABLE

    # Asked for at start (`iconcat browse heart`), failing before the memory has even opened.
    started = IconcatApp(connection, view="list", query="heart")
    async with started.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: started.browser.search_state.offline_from, "the answer kept, offline")
        assert started.browser.search_state.count == len(answered)


async def test_a_rejected_token_is_not_answered_from_the_memory(download_dir):
    server = BackgroundServer(create_app(token=TEST_TOKEN)).start()
    memory = Memory.open(server.base_url)
    try:
        connection = Connection.service(base_url=server.base_url, token=TEST_TOKEN, download_dir=download_dir)
        first = IconcatApp(connection, view="list")
        async with first.run_test(size=SIZE) as pilot:
            await memory_open(pilot)
            await search(pilot, "heart")
        assert memory.saved_answer("heart") is not None
        wrong = dataclasses.replace(connection, token="not-the-token-" + "x" * 20)
        app = IconcatApp(wrong, view="list")
        async with app.run_test(size=SIZE) as pilot:
            await memory_open(pilot)
            await search(pilot, "heart")
            assert app.browser.search_state.phase is SearchPhase.REJECTED
            assert not app.browser.search_state.offline_from
            # The connect screen opens for the token: let it finish opening before the app closes.
            await wait_until(pilot, lambda: app.screen.query_one_optional("#connect-token") is not None, "connect")
    finally:
        server.stop()
        memory.close()


# ------------------------------------------------------------------------------------------ a memory that fails


def _read_only_connect(real_connect):
    """`sqlite3.connect` as it behaves on a file this user may not write: opened read-only."""

    def connect(database, *args, **kwargs):
        if isinstance(database, str) and database.startswith("file:"):
            return real_connect(database, *args, **kwargs)
        kwargs["uri"] = True
        return real_connect(f"{database.absolute().as_uri()}?mode=ro", *args, **kwargs)

    return connect


async def test_a_read_only_memory_leaves_the_browser_working_and_it_says_so(make_app, monkeypatch):
    # (Simulated: chmod cannot stop root, who runs some CI. SQLite opens a file it may not write so.)
    path = memory_path()
    Memory.open(DEMO_CATALOGUE, path).close()
    monkeypatch.setattr("iconcat.memory.sqlite3.connect", _read_only_connect(sqlite3.connect))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await memory_open(pilot)
        await search(pilot, "heart")
        app.browser.action_focus_results()
        await pilot.press("asterisk", "v")
        await wait_until(pilot, lambda: any("Could not remember" in m for m in said(app)), "the notice")
        assert app.is_running and app.browser.search_state.phase is SearchPhase.RESULTS
    assert Memory.open(DEMO_CATALOGUE, path).favourites() == ()


async def test_a_memory_locked_by_another_process_leaves_the_browser_working_and_it_says_so(make_app, monkeypatch):
    monkeypatch.setattr("iconcat.memory.BUSY_TIMEOUT_MS", 100)
    path = memory_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    holder = sqlite3.connect(path, isolation_level=None)  # another program's database connection
    holder.execute("CREATE TABLE elsewhere (x)")
    holder.execute("BEGIN EXCLUSIVE")  # in the middle of a long write
    holder.execute("INSERT INTO elsewhere VALUES (1)")
    try:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await memory_open(pilot)
            await wait_until(pilot, lambda: any("nothing will be remembered" in m for m in said(app)), "the notice")
            assert not app.browser.memory.persistent
            await search(pilot, "heart")  # and it browses on, remembering for this run only
            app.browser.action_focus_results()
            await pilot.press("asterisk")
            assert len(app.browser.memory.favourites()) == 1
    finally:
        holder.execute("ROLLBACK")
        holder.close()


async def test_garbage_in_the_memory_file_is_moved_aside_and_the_choices_start_afresh(connection):
    path = memory_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x1b]52;c;garbage\x07" * 200)
    assert read_preferences() == {}  # read before the first frame: nothing, and no crash
    app = IconcatApp(connection)
    async with app.run_test(size=SIZE) as pilot:
        await memory_open(pilot)
        await wait_until(pilot, lambda: any("moved aside" in m for m in said(app)), "the notice")
        assert app.query_one(ResultsArea).view == "gallery"
