"""The bag (issue 14): marking with space and ctrl+a, the count, the bag screen, "download all".

Against the real embedded catalogue over loopback (a counting wrapper around it where the number of
downloads in flight is the point). Faults (404, 500, stalls, a full disk, a kill, hostile names) are
in tests/hostile/test_bag_faults.py.
"""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Select, Static

from iconcat.demo.catalogue import default_catalogue
from iconcat.memory import DEMO_CATALOGUE, Memory
from iconcat.tui.connection import Connection
from iconcat.tui.screens import BagScreen, ConfirmMarkAll, ConfirmQuit
from iconcat.tui.widgets import Gallery, ResultsArea, ResultsList, SearchInput
from tests.conftest import TEST_TOKEN
from tests.support.tui import SIZE, HeldRequests, holding, holding_downloads, search, shown_text, wait_until


def status(app) -> str:
    return shown_text(app.query_one("#search-status", Static))


def bag_ids(app) -> frozenset[int]:
    return app.browser.bag.ids


def row_text(results: ResultsList, index: int) -> str:
    return results.render_line(index - round(results.scroll_offset.y)).text


def tile_label(gallery: Gallery, index: int) -> str:
    """The first label line of tile `index` (which must be on screen), as drawn."""
    tile = gallery.tile
    row, column = divmod(index, gallery.columns)
    y = row * tile.height + tile.rows - round(gallery.scroll_y)
    region = gallery.tile_region(index)
    return gallery.render_line(y).text[region.x : region.x + region.width]


async def to_results(pilot, query: str) -> None:
    await fresh_search(pilot, query)
    pilot.app.browser.action_focus_results()
    await pilot.pause()


async def fresh_search(pilot, query: str) -> None:
    """Search for `query` alone (whatever the box held)."""
    pilot.app.query_one(SearchInput).value = ""
    await search(pilot, query)


async def open_bag(pilot) -> BagScreen:
    app = pilot.app
    await pilot.press("b")
    await wait_until(pilot, lambda: isinstance(app.screen, BagScreen), "the bag screen")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, BagScreen)
    return screen


def bag_rows(screen: BagScreen) -> list[str]:
    listing = screen.query_one("#bag-list", OptionList)
    return [str(listing.get_option_at_index(index).prompt) for index in range(listing.option_count)]


async def test_space_marks_and_unmarks_the_mark_shows_on_row_and_tile_and_the_count_in_the_status(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        await to_results(pilot, "heart")
        results = app.query_one(ResultsList)
        await pilot.press("down")
        icon = app.browser.highlighted_member()
        assert not row_text(results, 1).startswith("✓")
        await pilot.press("space")
        await wait_until(pilot, lambda: "1 in the bag" in status(app), "the count in the status")
        assert bag_ids(app) == {icon.id}
        # Kept on disk too, by the memory's writer thread (not on the UI thread).
        await wait_until(pilot, lambda: [each.id for each in Memory.open(DEMO_CATALOGUE).bag()] == [icon.id], "kept")
        assert row_text(results, 1).startswith("✓ Heart")
        assert not row_text(results, 0).startswith("✓")
        assert results.highlighted == 1, "marking keeps the highlight where it is"

        await pilot.press("v")  # the tiles show the same mark
        gallery = app.query_one(Gallery)
        await wait_until(pilot, lambda: gallery.display and gallery.highlighted == 1, "the gallery")
        await pilot.pause()
        assert "✓" in tile_label(gallery, 1) and "Heart" in tile_label(gallery, 1)
        assert "✓" not in tile_label(gallery, 0)

        await pilot.press("space")  # again: out of the bag
        await wait_until(pilot, lambda: "in the bag" not in status(app), "no count once the bag is empty")
        assert bag_ids(app) == frozenset()
        await pilot.pause()
        assert "✓" not in tile_label(gallery, 1)
        await wait_until(pilot, lambda: Memory.open(DEMO_CATALOGUE).bag() == (), "taken out on disk too")

        # In the search box, space types a space: it marks nothing.
        box = app.query_one(SearchInput)
        box.focus()
        await pilot.press("space")
        assert box.value.endswith(" ") and bag_ids(app) == frozenset()


async def test_ctrl_a_marks_every_icon_shown_after_the_filters(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        await to_results(pilot, "arrow")
        every = app.browser.searches.result.icons
        await fresh_search(pilot, "arrow style:filled")
        await wait_until(pilot, lambda: app.browser.search_state.filters_text, "the filter applied")
        app.browser.action_focus_results()
        await pilot.pause()
        shown = app.query_one(ResultsArea).shown_icons
        assert 0 < len(shown) < len(every), "the filter must leave some out, else this proves nothing"
        statements: list[str] = []
        app.browser.memory._db.set_trace_callback(statements.append)  # the UI thread's connection
        await pilot.press("ctrl+a")
        await wait_until(pilot, lambda: f"{len(shown)} in the bag" in status(app), "the count")
        assert bag_ids(app) == {icon.id for icon in shown}
        # Written by the memory's writer thread, never through the UI thread's connection.
        on_disk = lambda: {each.id for each in Memory.open(DEMO_CATALOGUE).bag()}  # noqa: E731
        await wait_until(pilot, lambda: on_disk() == {icon.id for icon in shown}, "the bag kept on disk")
        assert not [statement for statement in statements if "bag" in statement.lower()], statements
        app.browser.memory._db.set_trace_callback(None)
        results = app.query_one(ResultsList)
        assert all(row_text(results, index).startswith("✓") for index in range(min(len(shown), 10)))

        # Grouped by name, ctrl+a marks every member of every group shown.
        await to_results(pilot, "heart")
        await pilot.press("g")
        await pilot.pause()
        members = app.query_one(ResultsArea).shown_icons
        assert len(members) > len(app.query_one(ResultsList).icons)
        await pilot.press("ctrl+a")
        await wait_until(pilot, lambda: {icon.id for icon in members} <= bag_ids(app), "every member marked")
        assert row_text(app.query_one(ResultsList), 0).startswith("✓")


def notices(app) -> list[str]:
    return [str(note.message) for note in app._notifications]


async def test_ctrl_a_while_the_next_page_loads_marks_what_is_shown_and_says_more_are_loading(make_app, download_dir):
    held = HeldRequests(TEST_TOKEN, "/api/v1/search", query="page=2", page_size=20)  # the next page waits
    with holding(held) as paged:
        app = make_app(Connection.service(paged.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
            await search(pilot, "arrow")
            results, searches = app.query_one(ResultsList), app.browser.searches
            first_page = {icon.id for icon in results.icons}
            assert len(first_page) == 20 and not searches.loading_more
            app.browser.action_focus_results()
            await pilot.press("end")  # the last row: the next page is asked for (and held)
            await wait_until(pilot, lambda: held.in_flight == 1, "page 2 at the server")
            assert searches.loading_more
            await pilot.press("ctrl+a")
            await wait_until(pilot, lambda: bag_ids(app) == first_page, "what is shown marked")
            said = "Marked 20; more are loading (ctrl+a again adds them once shown): 20 in all. b opens the bag."
            await wait_until(pilot, lambda: said in notices(app), "said so")
            assert not isinstance(app.screen, ConfirmMarkAll)  # (20: not asked)
            held.release()
            await wait_until(pilot, lambda: len(results.icons) == 40 and not searches.loading_more, "page 2 shown")
            assert bag_ids(app) == first_page  # what arrived after is not marked by the ctrl+a before
            await pilot.press("ctrl+a")
            await wait_until(pilot, lambda: bag_ids(app) == {icon.id for icon in results.icons}, "page 2 marked")
            await wait_until(pilot, lambda: "20 put in the bag: 40 in all. b opens the bag." in notices(app), "said")


async def test_ctrl_a_over_500_icons_asks_first(make_app, download_dir):
    held = HeldRequests(TEST_TOKEN, "/api/v1/search", query="page=2", page_size=600)  # "e": 1,022 in all
    with holding(held) as paged:
        app = make_app(Connection.service(paged.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
            await search(pilot, "e")
            assert len(app.query_one(ResultsList).icons) == 600
            app.browser.action_focus_results()

            async def asked() -> ConfirmMarkAll:
                await pilot.press("ctrl+a")
                await wait_until(pilot, lambda: isinstance(app.screen, ConfirmMarkAll), "the question")
                await pilot.pause()
                return app.screen

            assert (await asked()).question == "Put 600 icons in the bag?"
            await pilot.press("escape")
            await wait_until(pilot, lambda: not isinstance(app.screen, ConfirmMarkAll), "the question answered")
            assert len(bag_ids(app)) == 0
            await pilot.press("end")  # the next page asked for, and held: more are loading
            await wait_until(pilot, lambda: held.in_flight == 1, "page 2 at the server")
            question = (await asked()).question
            assert question == "Put 600 icons in the bag?\nMore are still loading: only those shown now go in."
            await pilot.press("enter")  # the safe answer has the focus
            await wait_until(pilot, lambda: not isinstance(app.screen, ConfirmMarkAll), "cancelled")
            assert len(bag_ids(app)) == 0
            await asked()
            await pilot.press("y")
            await wait_until(pilot, lambda: len(bag_ids(app)) == 600, "marked once asked")
            await wait_until(
                pilot, lambda: any("Marked 600; more are loading" in said for said in notices(app)), "said"
            )


async def test_the_bag_survives_a_restart_until_it_is_emptied(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        await to_results(pilot, "heart")
        first = app.browser.highlighted_member()
        await pilot.press("space", "down", "space")
        second = app.browser.highlighted_member()
        await to_results(pilot, "arrow")  # across searches
        third = app.browser.highlighted_member()
        await pilot.press("space")
        await wait_until(pilot, lambda: "3 in the bag" in status(app), "three in the bag")

    again = make_app()
    async with again.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "3 in the bag" in status(again), "the bag after a restart")
        # The search box has the focus (b would type there): the palette's command opens the bag.
        await again.run_command("open_bag")
        await wait_until(pilot, lambda: isinstance(again.screen, BagScreen), "the bag screen")
        await pilot.pause()
        screen = again.screen
        rows = bag_rows(screen)
        assert [row.split("  ")[0] for row in rows] == [first.name, second.name, third.name]
        await pilot.press("e")
        await pilot.pause()
        assert len(again.browser.bag) == 3, "one e only asks"
        await pilot.press("e")
        await wait_until(pilot, lambda: len(again.browser.bag) == 0, "the bag emptied")
        assert "The bag is empty" in shown_text(screen.query_one("#bag-title", Static))
        await pilot.press("escape")
        await wait_until(pilot, lambda: "in the bag" not in status(again), "no count")

    last = make_app()
    async with last.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: last.browser.memory is not None, "the memory opened")
        await pilot.pause()
        assert len(last.browser.bag) == 0 and "in the bag" not in status(last)


async def test_the_bag_lists_each_icons_nearest_variant_and_those_that_offer_nothing_close(make_app):
    catalogue = default_catalogue()
    with_eps = next(icon for icon in catalogue.icons if {"eps"} <= {v.format for v in icon.variants})
    without_eps = next(
        icon
        for icon in catalogue.icons
        if "eps" not in {v.format for v in icon.variants} and icon.name.split()[0] != with_eps.name.split()[0]
    )
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        icons = []
        for record in (with_eps, without_eps):
            await to_results(pilot, record.name.lower())
            results = app.query_one(ResultsList)
            index = next(i for i, icon in enumerate(results.icons) if icon.id == record.id)
            results.highlighted = index
            await pilot.pause()
            icons.append(app.browser.highlighted_member())
            await pilot.press("space")
        await wait_until(pilot, lambda: len(app.browser.bag) == 2, "two in the bag")
        screen = await open_bag(pilot)
        rows = bag_rows(screen)
        assert all("PNG · 512 px" in row for row in rows), rows  # the default preference: both have it
        choice = screen.query_one("#bag-variant", Select)
        choice.value = ("png", 128)
        await wait_until(pilot, lambda: all("PNG · 128 px (from SVG)" in row for row in bag_rows(screen)), "128 px")
        choice.value = ("eps", None)
        await wait_until(pilot, lambda: "nothing close" in bag_rows(screen)[1], "nothing close for the one without EPS")
        rows = bag_rows(screen)
        assert "EPS · vector" in rows[0] and "nothing close" not in rows[0]
        nothing = shown_text(screen.query_one("#bag-nothing", Static))
        assert nothing.startswith("Nothing close to EPS · vector (1, left out)") and icons[1].name in nothing
        assert icons[0].name not in nothing
        assert screen.query_one("#bag-nothing").display
        assert app.browser.bag.preference == ("eps", None), "the preference is remembered"
        # Taking an icon out from the bag screen: out of the bag, its row gone, the count follows.
        screen.query_one("#bag-list", OptionList).highlighted = 1
        await pilot.press("delete")
        await wait_until(pilot, lambda: len(bag_rows(screen)) == 1, "one row left")
        assert app.browser.bag.ids == {icons[0].id}
        assert not screen.query_one("#bag-nothing").display


@pytest.mark.parametrize("damaged", ['["png", 0]', "png:²", "{"])
async def test_a_damaged_remembered_preference_is_not_trusted(make_app, damaged):
    # Someone (or a disk fault) wrote the bag's remembered preference: the bag asks for PNG 512 instead.
    memory = Memory.open(DEMO_CATALOGUE)
    memory.remember("bag_variant", damaged)
    memory.close()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        await to_results(pilot, "heart")
        await pilot.press("space")
        await wait_until(pilot, lambda: len(app.browser.bag) == 1, "one in the bag")
        screen = await open_bag(pilot)
        assert app.browser.bag.preference == ("png", 512)
        assert all("PNG · 512 px" in row for row in bag_rows(screen))


async def test_download_all_saves_every_file_at_most_four_at_a_time_and_goes_on_when_the_bag_closes(
    make_app, connection, download_dir
):
    with holding_downloads(TEST_TOKEN) as (counter, server):  # every download held until released
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
            await to_results(pilot, "heart")
            icons = app.query_one(ResultsList).icons[:12]
            app.browser.bag.mark(icons)
            await wait_until(pilot, lambda: "12 in the bag" in status(app), "twelve in the bag")
            screen = await open_bag(pilot)
            await pilot.press("d")
            await wait_until(pilot, lambda: app.browser.bag.running, "the batch running")
            # Held at the server, the batch can only show its limit: four at once, never a fifth.
            await wait_until(pilot, lambda: counter.in_flight == 4, "four downloads at the server")
            await wait_until(pilot, lambda: "bag: " in status(app), "the batch's progress in the status")
            await pilot.pause(0.2)
            assert counter.peak == 4, f"{counter.peak} downloads at once"
            await pilot.press("escape")  # closing the bag screen does not stop the batch
            await wait_until(pilot, lambda: not isinstance(app.screen, BagScreen), "the bag closed")
            counter.release()
            await wait_until(pilot, lambda: not app.browser.bag.running, "the batch ended", timeout=60)
            summary = app.browser.bag.batch.summary()
            # (Two icons whose files have the same name and the same bytes make one file: "already there".)
            assert len(summary.saved) + len(summary.already) == 12 and not summary.failed, summary.headline
            assert len(summary.saved) >= 10, summary.headline
            assert counter.requests == 12
            assert counter.peak == 4, f"{counter.peak} downloads at once (at most 4, and 4 with 12 to do)"
            saved = sorted(path.name for path in download_dir.iterdir())
            assert saved == sorted(item.path.name for item in summary.saved)
            assert all(name.endswith(".png") for name in saved), "no partial file left"
            for item in (*summary.saved, *summary.already):
                assert item.path is not None and item.path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
                assert item.path.parent == download_dir
            # The icons stay in the bag; each saved one is a recent icon now.
            assert app.browser.bag.ids == {icon.id for icon in icons}
            assert {icon.id for icon in icons} <= {icon.id for icon in Memory.open(server.base_url).recents()}
            await wait_until(pilot, lambda: "12 in the bag" in status(app), "the count again")
            said = [str(note.message) for note in app._notifications]
            assert any(message.startswith(f"{len(summary.saved)} saved") for message in said), said

            # The bag shows the summary when opened again; a second "download all" finds every file there.
            screen = await open_bag(pilot)
            assert shown_text(screen.query_one("#bag-summary", Static)).startswith(summary.headline.capitalize())
            assert shown_text(screen.query_one("#bag-progress", Static)).strip().startswith("12 of 12 · ")
            await pilot.press("d")
            await wait_until(pilot, lambda: app.browser.bag.batch.summary().headline == "12 already there", "again")
            await wait_until(pilot, lambda: not app.browser.bag.running, "the second batch ended")
            assert sorted(path.name for path in download_dir.iterdir()) == saved
            assert all("already there" in row for row in bag_rows(screen))


async def test_quitting_while_the_bag_downloads_asks_first_and_leaves_no_partial_file(
    make_app, connection, download_dir
):
    with holding_downloads(TEST_TOKEN) as (slow, server):  # no file ends until the app has quit
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
            await to_results(pilot, "heart")
            app.browser.bag.mark(app.query_one(ResultsList).icons[:6])
            screen = await open_bag(pilot)
            await pilot.press("d")
            await wait_until(pilot, lambda: slow.in_flight == 4, "four downloads in flight")
            await pilot.press("escape")
            await wait_until(pilot, lambda: not isinstance(app.screen, BagScreen), "the bag closed")
            await pilot.press("q")
            await wait_until(pilot, lambda: isinstance(app.screen, ConfirmQuit), "the question before quitting")
            # 4 at a time: the question names the 4 being saved and the bag's 2 still waiting their turn.
            question = shown_text(app.screen.query_one("#quit-question", Static))
            assert question.startswith("4 downloads are running and 2 files of the bag still wait."), question
            await pilot.press("y")
            await wait_until(pilot, lambda: not app.is_running, "the app quit")
        del screen
    assert list(download_dir.iterdir()) == []


async def test_a_second_download_all_or_a_cancel_before_the_batch_begins_are_not_lost(
    make_app, connection, download_dir
):
    # "download all" starts a worker that first waits for the catalogue's client: until the batch
    # itself begins, the bag is already running (a second one is refused, quitting asks) and a
    # cancel is kept (the batch then saves nothing).
    with holding_downloads(TEST_TOKEN) as (held, server):
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
            await to_results(pilot, "heart")
            bag = app.browser.bag
            icons = app.query_one(ResultsList).icons[:6]
            bag.mark(icons)
            planned = [(icon, choice) for icon, choice in bag.plan(icons, ("png", 512)) if choice is not None]
            first = bag.download_all(planned, download_dir)
            assert first is not None and bag.running and bag.remaining == len(planned)
            assert bag.download_all(planned, download_dir) is None, "a second batch beside the first"
            assert bag.cancel_all() == len(planned)
            await wait_until(pilot, lambda: not bag.running, "the cancelled batch ended")
            assert bag.batch is first and len(first.summary().cancelled) == len(planned)
            assert held.requests == 0 and list(download_dir.iterdir()) == []


async def test_favourites_show_a_star_on_their_row_and_tile_beside_the_bags_mark(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        await to_results(pilot, "heart")
        results = app.query_one(ResultsList)
        await pilot.press("down", "asterisk")
        await wait_until(pilot, lambda: row_text(results, 1).startswith("★ Heart"), "the star on the row")
        assert not row_text(results, 0).startswith(("★", "✓"))
        await pilot.press("space")  # in the bag too: both marks
        await wait_until(pilot, lambda: row_text(results, 1).startswith("✓★ Heart"), "both marks on the row")

        await pilot.press("v")
        gallery = app.query_one(Gallery)
        await wait_until(pilot, lambda: gallery.display and gallery.highlighted == 1, "the gallery")
        await pilot.pause()
        assert "✓★ Heart" in tile_label(gallery, 1)
        await pilot.press("asterisk")  # no longer a favourite: the bag's mark stays
        await wait_until(pilot, lambda: "★" not in tile_label(gallery, 1), "the star gone from the tile")
        assert "✓ Heart" in tile_label(gallery, 1)


async def test_three_sets_same_named_icon_are_saved_under_three_names_that_say_the_set(make_app, download_dir):
    """Issue 21, item 3: "Arrow Up" Filled of three sets was arrow-up-filled-512.png, -1, -2."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        await to_results(pilot, "arrow up")
        icons = [i for i in app.query_one(ResultsList).icons if (i.name, i.style.name) == ("Arrow Up", "Filled")]
        assert len({icon.set.name for icon in icons}) == 3, [icon.set.name for icon in icons]
        app.browser.bag.mark(icons)
        await wait_until(pilot, lambda: "3 in the bag" in status(app), "three in the bag")
        screen = await open_bag(pilot)
        assert screen.preference == ("png", 512)
        await pilot.press("d")
        await wait_until(pilot, lambda: app.browser.bag.batch is not None, "the batch")
        await wait_until(pilot, lambda: not app.browser.bag.running, "the batch ended", timeout=60)
        summary = app.browser.bag.batch.summary()
        assert len(summary.saved) == 3, summary.headline
    names = sorted(path.name for path in download_dir.iterdir())
    assert names == [
        "arrow-up-filled-blueprint-512.png",
        "arrow-up-filled-core-ui-512.png",
        "arrow-up-filled-studio-512.png",
    ]


async def test_a_download_all_that_saves_every_icon_offers_to_empty_the_bag_and_enter_takes_it(make_app, download_dir):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        await to_results(pilot, "heart")
        icons = app.query_one(ResultsList).icons[:3]
        app.browser.bag.mark(icons)
        screen = await open_bag(pilot)
        offer = screen.query_one("#bag-offer")
        assert not offer.display, "nothing is offered before a batch has saved the bag"
        await pilot.press("d")
        await wait_until(pilot, lambda: app.browser.bag.batch is not None, "the batch")
        await wait_until(pilot, lambda: not app.browser.bag.running, "the batch ended", timeout=60)
        assert app.browser.bag.batch.summary().complete
        await wait_until(pilot, lambda: offer.display, "the offer to empty the bag")
        assert screen.focused is screen.query_one("#bag-offer-empty"), "the offer is the default"
        assert any(said.endswith("Enter empties the bag.") for said in notices(app)), notices(app)
        saved = sorted(download_dir.iterdir())
        assert len(saved) == 3
        await pilot.press("enter")  # one key takes the offer
        await wait_until(pilot, lambda: len(app.browser.bag) == 0, "the bag emptied")
        assert not offer.display and "The bag is empty" in shown_text(screen.query_one("#bag-title", Static))
        assert "their files are saved" in notices(app)[-1]
        await wait_until(pilot, lambda: Memory.open(DEMO_CATALOGUE).bag() == (), "emptied on disk too")
        assert sorted(download_dir.iterdir()) == saved, "the files stay"


async def test_the_offer_waits_in_the_bag_when_it_was_closed_during_the_batch_and_esc_keeps_the_bag(
    make_app, download_dir
):
    with holding_downloads(TEST_TOKEN) as (held, server):
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
            await to_results(pilot, "heart")
            app.browser.bag.mark(app.query_one(ResultsList).icons[:2])
            await open_bag(pilot)
            await pilot.press("d")
            await wait_until(pilot, lambda: held.in_flight == 2, "both files at the server")
            await pilot.press("escape")
            await wait_until(pilot, lambda: not isinstance(app.screen, BagScreen), "the bag closed")
            held.release()
            await wait_until(pilot, lambda: not app.browser.bag.running, "the batch ended", timeout=60)
            await wait_until(
                pilot, lambda: any(s.endswith("b, then Enter, empties the bag.") for s in notices(app)), "said how"
            )
            app.browser.action_focus_results()
            screen = await open_bag(pilot)
            assert screen.query_one("#bag-offer").display and screen.focused.id == "bag-offer-empty"
            await pilot.press("escape")  # not taken: the bag stays as it was
            await wait_until(pilot, lambda: not isinstance(app.screen, BagScreen), "the bag closed")
            assert len(app.browser.bag) == 2


async def test_icons_left_out_of_a_download_all_keep_the_bag_without_an_offer(make_app):
    catalogue = default_catalogue()
    with_eps = next(icon for icon in catalogue.icons if "eps" in {v.format for v in icon.variants})
    without_eps = next(icon for icon in catalogue.icons if "eps" not in {v.format for v in icon.variants})
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        found = []
        for record in (with_eps, without_eps):
            await to_results(pilot, record.name.lower())
            found += [icon for icon in app.query_one(ResultsList).icons if icon.id == record.id]
        app.browser.bag.mark(found)
        screen = await open_bag(pilot)
        screen.query_one("#bag-variant", Select).value = ("eps", None)  # one offers nothing close
        await wait_until(pilot, lambda: "nothing close" in bag_rows(screen)[1], "one left out")
        await pilot.press("d")
        await wait_until(pilot, lambda: app.browser.bag.batch is not None, "the batch")
        await wait_until(pilot, lambda: not app.browser.bag.running, "the batch ended", timeout=60)
        assert app.browser.bag.batch.summary().complete, "the batch itself saved what it was given"
        await pilot.pause()
        assert not app.browser.bag.offers_to_empty and not screen.query_one("#bag-offer").display
        assert len(app.browser.bag) == 2


async def test_pick_multi_fills_a_bag_of_its_own_and_leaves_the_browsers_bag_as_it_was(make_app, download_dir):
    from iconcat.browsing.picking import PickRequest

    browser = make_app()
    async with browser.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: browser.browser.memory is not None, "the memory opened")
        await to_results(pilot, "heart")
        kept = browser.query_one(ResultsList).icons[:3]
        browser.browser.bag.mark(kept)
        await wait_until(pilot, lambda: "3 in the bag" in status(browser), "three in the browser's bag")
    assert [icon.id for icon in Memory.open(DEMO_CATALOGUE).bag()] == [icon.id for icon in kept]

    pick = make_app(pick=PickRequest(fmt="svg", multi=True))
    async with pick.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: pick.browser.memory is not None, "the memory opened")
        await to_results(pilot, "arrow")
        assert len(pick.browser.bag) == 0 and "in the bag" not in status(pick), "the pick's bag starts empty"
        await pilot.press("enter", "down", "enter")  # two arrows into the pick's bag
        await wait_until(pilot, lambda: "2 in the bag" in status(pick), "two in the pick's bag")
        chosen = {icon.id for icon in pick.browser.bag.icons()}
        await open_bag(pilot)
        await pilot.press("d")
        await wait_until(pilot, lambda: not pick.is_running, "the pick to end", timeout=60)
    assert pick.return_code == 0
    assert len(pick.picked) == 2 and all(path.suffix == ".svg" for path in pick.picked)
    assert sorted(pick.picked) == sorted(download_dir.iterdir()), "only the pick's own icons"
    assert all("arrow" in path.name for path in pick.picked), pick.picked
    assert [icon.id for icon in pick.picked_icons] and {icon.id for icon in pick.picked_icons} == chosen
    assert len(pick.picked_icons) == len(pick.picked), "an icon for each path (`pick --as` makes snippets of them)"
    assert not chosen & {icon.id for icon in kept}
    # The browser's bag, on disk and in the next browser, holds its three icons, and no pick.
    assert [icon.id for icon in Memory.open(DEMO_CATALOGUE).bag()] == [icon.id for icon in kept]
    again = make_app()
    async with again.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "3 in the bag" in status(again), "the browser's bag after the pick")
        assert again.browser.bag.ids == {icon.id for icon in kept}


async def test_quitting_with_icons_never_downloaded_says_the_bag_is_kept_and_asks_nothing(make_app, capsys):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        await to_results(pilot, "heart")
        app.browser.bag.mark(app.query_one(ResultsList).icons[:3])
        await wait_until(pilot, lambda: "3 in the bag" in status(app), "three in the bag")
        await pilot.press("q")
        await wait_until(pilot, lambda: not app.is_running, "the app quit")  # no question first
    assert app.return_code == 0
    assert capsys.readouterr().err.strip() == "iconcat: 3 in the bag, kept for next time (b opens it)."


async def test_quitting_after_the_bag_was_saved_says_nothing_but_counts_those_added_since(make_app, capsys):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        await to_results(pilot, "heart")
        icons = app.query_one(ResultsList).icons
        app.browser.bag.mark(icons[:2])
        await open_bag(pilot)
        await pilot.press("d")
        await wait_until(pilot, lambda: app.browser.bag.batch is not None, "the batch")
        await wait_until(pilot, lambda: not app.browser.bag.running, "the batch ended", timeout=60)
        await pilot.press("escape")  # the offer not taken
        await wait_until(pilot, lambda: not isinstance(app.screen, BagScreen), "the bag closed")
        assert app.browser.bag_notices.quit_notice() is None, "every icon of the bag was saved"
        app.browser.bag.mark(icons[2:3])
        await wait_until(pilot, lambda: "3 in the bag" in status(app), "one more in the bag")
        app.browser.action_focus_results()
        await pilot.press("q")
        await wait_until(pilot, lambda: not app.is_running, "the app quit")
    said = capsys.readouterr().err.strip()
    assert said == "iconcat: 3 in the bag, kept for next time (b opens it; 1 never downloaded)."
