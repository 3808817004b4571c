"""The browser screen's controllers through their public faces (issue 22: the screen routes, each
controller owns its job): the stale-results guard, the arrangement's grouping and clearing, the
memory's favourite toggle; the results: answers put on screen, stale ones dropped, the empty box's
favourites. The screen's own tests drive the same jobs through keys."""

from __future__ import annotations

from dataclasses import replace

from iconcat.browsing.search_state import SearchPhase, SearchState
from iconcat.tui.connection import Connection
from iconcat.tui.controllers.results_controller import ResultsController
from iconcat.tui.controllers.search_runner import SearchRunner
from iconcat.tui.widgets import DetailPane, ResultsArea, ResultsList, SearchInput
from tests.conftest import TEST_TOKEN
from tests.support.tui import SIZE, HeldRequests, holding, results_settled, search, wait_until


def notices(app) -> list[str]:
    return [str(note.message) for note in app._notifications]


async def test_the_stale_guard_refuses_while_other_words_are_on_their_way_and_says_so_once(make_app, download_dir):
    held = HeldRequests(TEST_TOKEN, "/api/v1/search", query="name=home")
    with holding(held) as slow:
        app = make_app(Connection.service(slow.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            guard = app.browser.stale
            await search(pilot, "bell")
            assert guard.waiting_for() == "" and guard.refuse() is False
            assert guard.results.shown_words == "bell"
            app.browser.start_search("home", immediate=True)
            await wait_until(pilot, lambda: held.in_flight == 1, "home at the server")
            app.query_one(SearchInput).value = "home"
            assert guard.waiting_for() == "home"
            assert guard.dimmed(app.browser.search_state)
            said = len(notices(app))
            assert guard.refuse() is True and guard.refuse() is True
            await pilot.pause()
            assert notices(app)[said:] == ["Wait for home's results: the icons on show are from the search before."]
            held.release()
            await wait_until(pilot, lambda: results_settled(app) and app.browser.search_state.query == "home", "home")
            assert guard.refuse() is False and guard.results.shown_words == "home"
            assert not guard.dimmed(app.browser.search_state)


async def test_the_arrangement_groups_around_the_highlighted_icon_and_gives_the_keyboard_back(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        browser, arrangement = app.browser, app.browser.arrangement
        results = app.query_one(ResultsList)
        browser.action_focus_results()
        results.highlighted = 5
        await pilot.pause()
        icon = results.highlighted_icon
        shown_again = []
        arrangement.toggle_group(browser.selection, shown_again.append)
        assert arrangement.grouped is True and shown_again == [icon]  # asked to show it again, under the highlight
        await pilot.pause()
        assert notices(app)[-1].startswith("Grouped by name")
        # The real regrouping, then the keyboard on the members: ungrouping gives it back to the results.
        arrangement.grouped = False
        browser.action_toggle_group()
        await wait_until(pilot, lambda: app.query_one(ResultsArea).groups is not None, "groups")
        assert app.query_one(DetailPane).icon == icon
        browser.action_focus_members()
        await wait_until(pilot, lambda: browser.selection.members_have_focus(), "the members focused")
        arrangement.toggle_group(browser.selection, shown_again.append)
        assert arrangement.grouped is False and shown_again[-1] == icon
        assert app.focused is app.query_one(ResultsArea).active
        await pilot.pause()
        assert notices(app)[-1] == "Every icon on its own row."


async def test_the_arrangement_clears_the_filters_from_the_box_or_says_none_is_on(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        arrangement = app.browser.arrangement
        await search(pilot, "arrow style:filled")
        assert arrangement.filters.text == "style:filled"
        assert arrangement.clear_filters() == "arrow"
        assert app.query_one(SearchInput).value == "arrow"
        arrangement.take_query("arrow")
        assert not arrangement.filters
        assert arrangement.clear_filters() is None
        await pilot.pause()
        assert notices(app)[-1] == "No filter is on."


async def test_the_memory_toggles_the_highlighted_favourite_and_stars_it(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        remembering = app.browser.remembering
        assert remembering.toggle_favourite(None) is False
        await pilot.pause()
        assert notices(app)[-1] == "Highlight an icon to make it a favourite."
        await search(pilot, "bell")
        icon = app.query_one(ResultsList).highlighted_icon
        assert app.browser.search_state.phase is SearchPhase.RESULTS and icon is not None
        assert remembering.toggle_favourite(icon) is True
        assert icon.id in app.query_one(DetailPane).favourite_ids  # starred at once
        assert remembering.toggle_favourite(icon) is True
        assert icon.id not in app.query_one(DetailPane).favourite_ids


async def test_the_results_drop_a_stale_answer_and_show_the_newest_one(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "bell")
        browser, controller = app.browser, app.browser.results
        bells = browser.searches.result
        shown = app.query_one(ResultsList).icons
        late = SearchRunner.Answered(
            browser.searches.sequence - 1, "home", bells, SearchState(SearchPhase.RESULTS, "home")
        )
        controller.answered(late)  # an answer to the search before this one
        assert browser.search_state.query == "bell" and app.query_one(ResultsList).icons == shown
        fewer = replace(bells, icons=bells.icons[:2])
        newest = browser.searches.sequence
        controller.answered(SearchRunner.Answered(newest, "bell", fewer, browser.searches.state_for("bell", fewer)))
        assert [icon.id for icon in app.query_one(ResultsList).icons] == [icon.id for icon in bells.icons[:2]]
        assert guard_words(app) == "bell"


async def test_the_results_are_shown_again_under_an_icon_only_when_results_are_on_show(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        controller = app.browser.results
        assert controller.show_again() is False  # the prompt: nothing to arrange again
        await search(pilot, "arrow")
        icon = app.browser.searches.result.icons[7]
        assert controller.show_again(select=icon) is True
        assert app.query_one(ResultsList).highlighted_icon == icon
        assert app.query_one(DetailPane).icon == icon  # the detail in the same frame


async def test_the_empty_box_drops_a_favourite_as_soon_as_it_is_unmarked(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        await search(pilot, "bell")
        icon = app.query_one(ResultsList).highlighted_icon
        remembering = app.browser.remembering
        assert remembering.toggle_favourite(icon) is True
        app.browser.start_search("")
        await pilot.pause()
        assert app.browser.search_state.favourites is not None and icon in app.query_one(ResultsList).icons
        assert remembering.toggle_favourite(icon) is True  # unmarked: the box still shows it until told
        app.browser.results.favourites_changed()
        assert icon not in app.query_one(ResultsList).icons


async def test_a_refused_token_is_told_once_with_the_reason(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        told: list[str] = []
        controller = ResultsController(app.browser, told.append)
        refused = SearchState(SearchPhase.REJECTED, "bell", message="The token was refused.")
        controller.answered(SearchRunner.Answered(app.browser.searches.sequence, "bell", None, refused))
        assert told == ["The token was refused."] and app.browser.search_state == refused


def guard_words(app) -> str:
    return app.browser.stale.results.shown_words
