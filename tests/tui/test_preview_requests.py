"""One preview loader for the tiles and the detail's picture (issue 21, item 19), counted at the server:
at most six requests at once, each preview asked for once, the detail's picture first in the queue."""

from __future__ import annotations

from iconcat.tui.connection import Connection
from iconcat.tui.controllers.preview_loader import MAX_IN_FLIGHT
from iconcat.tui.widgets import Gallery, Thumbnail
from tests.conftest import TEST_TOKEN
from tests.support.tui import (
    SIZE,
    HeldPreviews,
    gallery_tiles_drawn,
    holding,
    results_laid_out,
    results_settled,
    wait_until,
)


async def test_the_detail_and_the_tiles_share_six_requests_and_fetch_each_preview_once(make_app, download_dir):
    held = HeldPreviews(TEST_TOKEN)
    with holding(held) as server:
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir), view="gallery")
        async with app.run_test(size=SIZE) as pilot:
            app.browser.start_search("arrow", immediate=True)  # (typed, "ar" might be searched on the way)
            await wait_until(pilot, lambda: results_settled(app) and results_laid_out(app), "arrow's results")
            gallery, thumbnail = app.query_one(Gallery), app.query_one(Thumbnail)
            first = gallery.icons[0]
            await wait_until(pilot, lambda: held.in_flight == MAX_IN_FLIGHT, "six previews held at the server")
            await pilot.pause(0.5)  # (the picture's own fetch, were there one, would be at the server by now)
            assert thumbnail.icon == first and thumbnail.status == "loading"
            assert held.peak == MAX_IN_FLIGHT
            held.release()
            await wait_until(pilot, lambda: thumbnail.settled and gallery_tiles_drawn(gallery), "the pictures")
            await wait_until(pilot, lambda: app.browser.previews.idle, "every fetch done")
            assert held.peak == MAX_IN_FLIGHT
            assert held.paths[f"/private/bundle_icons/{first.id}/small"] == 1
            assert held.paths and set(held.paths.values()) == {1}, held.paths.most_common(3)


async def test_the_detail_pictures_preview_goes_first_in_the_queue(make_app, download_dir):
    held = HeldPreviews(TEST_TOKEN)
    with holding(held) as server:
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir), view="gallery")
        async with app.run_test(size=SIZE) as pilot:
            app.browser.start_search("arrow", immediate=True)  # (typed, "ar" might be searched on the way)
            await wait_until(pilot, lambda: results_settled(app) and results_laid_out(app), "arrow's results")
            gallery, thumbnail = app.query_one(Gallery), app.query_one(Thumbnail)
            loader = app.browser.previews
            await wait_until(pilot, lambda: held.in_flight == MAX_IN_FLIGHT, "six previews held at the server")
            # A tile on screen whose preview waits behind others: highlighted, its picture goes first.
            index = max(gallery.tiles_in_view()) - 1
            target = gallery.icons[index]
            assert index > MAX_IN_FLIGHT and target.id in loader.queue and loader.queue[0] != target.id
            gallery.highlighted = index
            await wait_until(pilot, lambda: thumbnail.icon == target, "the detail on the tile")
            await wait_until(pilot, lambda: loader.queue[:1] == (target.id,), "its preview first in the queue")
            held.release()
            await wait_until(pilot, lambda: thumbnail.settled, "its picture")
            assert held.paths[f"/private/bundle_icons/{target.id}/small"] == 1
