"""Favourites and recent icons in the browser: `*`, the empty search box, across a restart (issue 14)."""

from __future__ import annotations

import dataclasses

from textual.widgets import Static

from iconcat.browsing.search_state import SearchPhase
from iconcat.memory import DEMO_CATALOGUE, Memory, memory_path
from iconcat.tui.connection import Connection
from iconcat.tui.screens import VariantPicker
from iconcat.tui.widgets import ResultsArea, SearchInput, Thumbnail
from tests.support.catalogues import embedded_demo
from tests.support.tui import SIZE, search, shown_text, wait_until


def remembered_shown(app) -> bool:
    return app.browser.search_state.favourites is not None


async def clear_search(pilot) -> None:
    app = pilot.app
    box = app.query_one(SearchInput)
    box.focus()
    box.value = ""
    await wait_until(pilot, lambda: app.browser.searches.last_query == "", "the empty search box")


async def test_star_marks_a_favourite_and_the_empty_search_box_shows_it(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        await search(pilot, "heart")
        app.browser.action_focus_results()
        await pilot.press("down")
        icon = app.browser.highlighted_member()
        await pilot.press("asterisk")
        assert "★" in shown_text(app.query_one("#detail-name", Static))
        assert [each.id for each in Memory.open(DEMO_CATALOGUE).favourites()] == [icon.id]
        await clear_search(pilot)
        await wait_until(pilot, lambda: remembered_shown(app), "the remembered icons")
        assert app.query_one(ResultsArea).active.icons == (icon,)
        assert shown_text(app.query_one("#search-status", Static)).startswith("★ 1 favourite · 0 recent")
        # Star again: no longer a favourite, and the empty box shows the prompt again.
        app.browser.action_focus_results()
        await pilot.press("asterisk")
        await wait_until(pilot, lambda: app.browser.search_state.phase is SearchPhase.PROMPT, "the prompt")
        assert Memory.open(DEMO_CATALOGUE).favourites() == ()


async def test_a_star_typed_in_the_search_box_is_typed_not_a_command(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "heart")
        box = app.query_one(SearchInput)
        box.focus()
        await pilot.press("asterisk")
        assert box.value.endswith("*")
        assert Memory.open(DEMO_CATALOGUE).favourites() == ()


async def test_favourites_then_recents_come_back_after_a_restart_and_stay_with_their_catalogue(make_app, connection):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        await search(pilot, "arrow")
        app.browser.action_focus_results()
        favourite = app.browser.highlighted_member()
        await pilot.press("asterisk")
        await pilot.press("down")
        used = app.browser.highlighted_member()
        await pilot.press("enter")  # the picker: the icon becomes a recent one
        await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker), "the picker")
        await pilot.press("escape")

    again = make_app()
    async with again.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: remembered_shown(again), "the remembered icons at start")
        assert [icon.id for icon in again.query_one(ResultsArea).active.icons] == [favourite.id, used.id]
        assert shown_text(again.query_one("#search-status", Static)).startswith("★ 1 favourite · 1 recent")


async def test_the_demos_remembered_icons_show_their_pictures_whatever_address_an_older_run_kept(
    make_app, catalogue, download_dir
):
    # Until the demo was answered in-process it was served on another loopback port each run, and its
    # icons were remembered with that run's preview address: their pictures are asked for by id now,
    # and kept by id, so a restart shows them from the memory.
    async with embedded_demo() as demo:
        icon = (await demo.search("heart")).icons[0]
    old_address = f"http://127.0.0.1:9/private/bundle_icons/{icon.id}/small"  # (a port nothing listens on)
    memory = Memory.open(DEMO_CATALOGUE)
    memory.toggle_favourite(dataclasses.replace(icon, thumbnail=old_address))
    assert memory.preview(icon.id) is None  # (not kept: the picture must be asked for)
    memory.close()
    for run in ("asked of the demo", "from the memory"):
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: remembered_shown(app), "the remembered icons")
            (shown,) = app.query_one(ResultsArea).active.icons
            assert (shown.id, shown.thumbnail) == (icon.id, old_address)  # shown as it was kept
            thumbnail = app.query_one(Thumbnail)
            await wait_until(pilot, lambda: thumbnail.status == "shown", f"its picture, {run}")
        assert Memory.open(DEMO_CATALOGUE).preview(icon.id) is not None, "kept by id for the next run"

    # Another catalogue (another base URL) remembers nothing of the demo's.
    other = make_app(Connection.service(catalogue.base_url, catalogue.token, download_dir))
    async with other.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: other.browser.memory is not None, "the memory opened")
        await pilot.pause()
        assert other.browser.search_state.phase is SearchPhase.PROMPT


async def test_an_unreadable_memory_is_moved_aside_and_the_browser_says_so(make_app):
    path = memory_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x00garbage, not SQLite" * 64)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        await pilot.pause()
        said = [str(note.message) for note in app._notifications]
        assert any("moved aside" in message for message in said), said
        await search(pilot, "heart")
        app.browser.action_focus_results()
        await pilot.press("asterisk")
        assert len(Memory.open(DEMO_CATALOGUE).favourites()) == 1


async def test_picking_makes_an_icon_recent_when_its_file_is_saved_not_when_it_goes_in_the_bag(make_app):
    from iconcat.browsing.picking import PickRequest

    several = make_app(pick=PickRequest(fmt="svg", multi=True))
    async with several.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: several.browser.memory is not None, "the memory opened")
        await search(pilot, "arrow")
        several.browser.action_focus_results()
        await pilot.press("enter", "enter")  # into the bag and out again: nothing picked, nothing used
        await wait_until(pilot, lambda: len(several.browser.bag) == 0, "the bag empty again")
        assert several.browser.memory.recents() == ()

    one = make_app(pick=PickRequest(fmt="svg"))
    async with one.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: one.browser.memory is not None, "the memory opened")
        await search(pilot, "heart")
        one.browser.action_focus_results()
        picked = one.browser.highlighted_member()
        await pilot.press("enter")  # one SVG: saved at once, and the pick ends
        await wait_until(pilot, lambda: not one.is_running, "the pick to end")
    assert one.return_code == 0 and one.picked
    assert [icon.id for icon in Memory.open(DEMO_CATALOGUE).recents()] == [picked.id]


async def test_the_empty_screen_says_where_the_favourites_are_when_this_catalogue_has_none(
    make_app, catalogue, download_dir
):
    # Favourites are kept per catalogue: after `iconcat login` to another they seem gone, so it says where.
    from tests.support.icons import icon as made_icon

    demo = Memory.open(DEMO_CATALOGUE)
    demo.toggle_favourite(made_icon("Star"))
    demo.toggle_favourite(made_icon("Moon"))
    demo.close()
    other = make_app(Connection.service(catalogue.base_url, catalogue.token, download_dir))
    where = catalogue.base_url.removeprefix("http://")
    async with other.run_test(size=SIZE) as pilot:
        message = other.query_one("#results-message", Static)
        await wait_until(pilot, lambda: "favourites in" in shown_text(message), "the note on the empty screen")
        assert shown_text(message).endswith(f"No favourites in {where}; 2 in the demo catalogue (--demo).")
        # With recent icons here but still no favourite, the status says it instead.
        await search(pilot, "heart")
        other.browser.action_focus_results()
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(other.screen, VariantPicker), "the picker")
        await pilot.press("escape")
        await clear_search(pilot)
        await wait_until(pilot, lambda: remembered_shown(other), "the recent icon")
        status = other.browser.search_state.status  # whole (a short line drops the hint first)
        assert status == f"no favourites in {where}; 2 in the demo catalogue (--demo) · 1 recent · type to search"
