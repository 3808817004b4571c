"""The preview's designed states: missing (404) and broken (undecodable), remembered, never refetched."""

from __future__ import annotations

from textual.message import Message

from iconcat.imaging.renderers import QUADRANT_CHARACTERS
from iconcat.tui.connection import Connection
from iconcat.tui.widgets import ResultsList, Thumbnail
from tests.conftest import TEST_TOKEN
from tests.support.tui import SIZE, PreviewProblemsCatalogue, search, serving, wait_until


def thumbnail_text(thumbnail: Thumbnail) -> str:
    return "".join(strip.text for strip in thumbnail.render_lines(thumbnail.region.reset_offset))


async def test_missing_and_broken_previews_have_their_own_states(make_app, monkeypatch, download_dir):
    import iconcat.server.app as server_app

    monkeypatch.setattr(server_app, "default_catalogue", PreviewProblemsCatalogue)
    needed: dict[int, Message] = {}

    def record(message: Message) -> None:
        if isinstance(message, Thumbnail.Fetching):
            needed[id(message)] = message  # kept alive, so ids are not reused

    with serving(token=TEST_TOKEN) as server:
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE, message_hook=record) as pilot:
            await search(pilot, "heart")
            thumbnail = app.query_one(Thumbnail)
            results = app.query_one(ResultsList)
            results.focus()
            await wait_until(pilot, lambda: thumbnail.status == "missing", "the missing state")
            assert "no preview" in thumbnail_text(thumbnail)
            await pilot.press("down")
            await wait_until(pilot, lambda: thumbnail.status == "broken", "the broken state")
            assert "preview can't be shown" in thumbnail_text(thumbnail)
            await pilot.press("down")
            await wait_until(pilot, lambda: thumbnail.settled, "a good preview")
            await pilot.press("up", "up")
            assert thumbnail.status == "missing"
            await pilot.press("down")
            assert thumbnail.status == "broken"
            requested = [message.icon.id for message in needed.values()]
            # At most one request of its own per icon, however often it was shown (the neighbours' come
            # through the list's prefetch instead: then none at all).
            assert all(requested.count(icon.id) <= 1 for icon in results.icons[:3])
            assert app.browser.thumbnails.failures.get(results.icons[0].id) is not None  # remembered, not asked again
            assert app.is_running


QUADRANT_ONLY = set(QUADRANT_CHARACTERS.values()) - {" ", "▀", "▄", "█"}
"""Quadrant characters that half blocks never draw."""


async def test_t_cycles_the_pictures_through_quadrants_and_off_and_back(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "settings")
        thumbnail = app.query_one(Thumbnail)
        app.query_one(ResultsList).focus()
        await wait_until(pilot, lambda: thumbnail.settled, "the half-block picture")
        assert thumbnail.shown_key.mode == "half" and not QUADRANT_ONLY & set(thumbnail_text(thumbnail))
        # Drawn in the thread as lines of exactly the picture's cells: no Rich rendering in each frame.
        key = thumbnail.shown_key
        strips = thumbnail._strips
        assert strips is not None and len(strips) == key.rows
        assert all(strip.cell_length == key.columns for strip in strips)
        await pilot.press("t")
        await wait_until(
            pilot, lambda: thumbnail.settled and thumbnail.shown_key.mode == "quadrant", "the quadrant picture"
        )
        assert QUADRANT_ONLY & set(thumbnail_text(thumbnail))
        await pilot.press("t")
        await wait_until(pilot, lambda: thumbnail.status == "off", "pictures off")
        assert not thumbnail.display  # the fields take the picture's room
        # Moving on with pictures off fetches nothing and draws nothing.
        await pilot.press("down")
        await pilot.pause(0.2)
        assert thumbnail.status == "off" and not any(worker.group == "thumbnail" for worker in app.workers)
        await pilot.press("t")
        await wait_until(pilot, lambda: thumbnail.settled and thumbnail.shown_key.mode == "half", "pictures back")


async def test_with_pictures_off_from_the_start_no_preview_is_requested(make_app):
    needed: list[Message] = []

    def record(message: Message) -> None:
        if isinstance(message, Thumbnail.Fetching):
            needed.append(message)

    app = make_app(thumbnail_mode="text")
    async with app.run_test(size=SIZE, message_hook=record) as pilot:
        await search(pilot, "cloud")
        thumbnail = app.query_one(Thumbnail)
        app.query_one(ResultsList).focus()
        await pilot.press("down", "down")
        await wait_until(pilot, lambda: thumbnail.icon is app.query_one(ResultsList).icons[2], "the third icon")
        await pilot.pause(0.2)  # time for a preview to be asked for, were one to be
        assert thumbnail.status == "off" and not thumbnail.display
        assert needed == [] and len(app.browser.thumbnails.previews) == 0


async def test_the_list_prefetches_the_neighbours_previews_so_moving_on_asks_nothing(make_app):
    fetching: list[int] = []

    def record(message: Message) -> None:
        if isinstance(message, Thumbnail.Fetching):
            fetching.append(message.icon.id)

    app = make_app(view="list")
    async with app.run_test(size=SIZE, message_hook=record) as pilot:
        await search(pilot, "heart")
        results = app.query_one(ResultsList)
        thumbnail = app.query_one(Thumbnail)
        await wait_until(pilot, lambda: thumbnail.settled, "the first preview")
        following = [icon.id for icon in results.icons[1:4]]
        await wait_until(pilot, lambda: all(i in app.browser.thumbnails.previews for i in following), "the neighbours")
        results.focus()
        await pilot.press("down")
        await wait_until(pilot, lambda: thumbnail.settled, "the second preview")
        assert thumbnail.icon is not None and thumbnail.icon.id == following[0]
        assert following[0] not in fetching  # drawn from what was fetched ahead: no request of its own
