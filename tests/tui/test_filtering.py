"""Filters in the browser: `key:value` words filter the results at hand and are never sent; the facet
panel chooses values with space; F clears; a filter that leaves nothing says which one did."""

from __future__ import annotations

from textual.widgets import Input, Static

from iconcat.demo.catalogue import default_catalogue
from iconcat.tui.connection import Connection
from iconcat.tui.widgets import FacetPanel, ResultsList
from tests.conftest import TEST_TOKEN
from tests.support.hostile import icon_entry
from tests.support.misbehaving import MisbehavingServer, Reply
from tests.support.tui import SIZE, search, shown_text, wait_until


def entry(icon_id: int, name: str, style: str) -> dict:
    answer = icon_entry(icon_id, name, "")
    answer["style"] = {"id": 100 + len(style), "name": style}
    return answer


async def test_filter_words_filter_the_results_at_hand_and_are_never_sent(make_app, download_dir):
    icons = [entry(1, "Arrow Up", "Filled"), entry(2, "Arrow Up", "Outline"), entry(3, "Arrow Down", "Filled")]
    with MisbehavingServer() as server:
        server.on("/api/v1/search", *[Reply.json({"data": icons, "meta": {"moreResultsAvailable": False}})] * 5)
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await search(pilot, "arrow STYLE:fil")
            results = app.query_one(ResultsList)
            status = app.query_one("#search-status", Static)
            assert [icon.id for icon in results.icons] == [1, 3]
            assert shown_text(status) == "2 of 3 shown · style:fil"
            asked_before = len(server.requests)
            box = app.query_one("#search-input", Input)
            box.value = "arrow style:outline"  # only the filter changed: no new request
            await wait_until(pilot, lambda: [icon.id for icon in results.icons] == [2], "filtered again")
            await pilot.pause(0.3)  # past the typing pause, when a search would have been sent
            assert len(server.requests) == asked_before
        # Typing sends what settles on the way ("a"…), but never a word with a colon.
        searched = [request.query["name"][0] for request in server.requests if request.path == "/api/v1/search"]
        assert searched[-1] == "arrow" and not any(":" in name for name in searched)


async def test_a_filter_that_leaves_nothing_says_which_and_F_clears_it(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "heart set:nosuchset")
        message = shown_text(app.query_one("#results-message", Static))
        assert "set:nosuchset" in message and "Press F to clear" in message
        assert app.query_one("#results-area").has_class("-message")
        app.query_one(ResultsList).focus()
        await pilot.press("F")
        await wait_until(pilot, lambda: not app.browser.filters, "the filters cleared")
        assert app.query_one("#search-input", Input).value == "heart"
        assert len(app.query_one(ResultsList).icons) == len(app.browser.searches.result.icons)


async def test_the_facet_panel_counts_values_and_space_chooses_one(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "heart")
        total = len(app.query_one(ResultsList).icons)
        app.query_one(ResultsList).focus()
        await pilot.press("f")
        facets = app.query_one(FacetPanel)
        await wait_until(pilot, lambda: app.focused is facets and facets.highlighted_entry is not None, "the panel")
        key, name = facets.highlighted_entry
        await pilot.press("space")
        await wait_until(pilot, lambda: bool(app.browser.filters), "a value chosen")
        results = app.query_one(ResultsList)
        assert 0 < len(results.icons) < total
        assert f"{key}:" in app.query_one("#search-input", Input).value
        status = shown_text(app.query_one("#search-status", Static))
        assert status.startswith(f"{len(results.icons)} of {total} shown")
        await pilot.press("escape")  # in the panel: clears the filters
        await wait_until(pilot, lambda: len(results.icons) == total, "every result again")


async def test_an_unknown_filter_word_on_a_fresh_query_is_said_in_the_status(make_app):
    # From an empty box: "arrow colour:red" lists every arrow, and the status says colour: is no filter
    # (before, it said so only when the known filters changed too: here they did not).
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow colour:red")
        status_line = app.query_one("#search-status", Static)
        # Shown first (a problem outranks the count), and whole in the tooltip where the line is short.
        assert shown_text(status_line).startswith("colour: is not a filter")
        whole = str(status_line.tooltip) if status_line.tooltip is not None else shown_text(status_line)
        assert whole.startswith("colour: is not a filter (style, set, format, size, category, series, license) · ")
        assert app.query_one(ResultsList).icons and not app.browser.filters
        box = app.query_one("#search-input", Input)
        box.value = "arrow"  # the word gone, the note goes with it
        await wait_until(pilot, lambda: "not a filter" not in shown_text(app.query_one("#search-status", Static)), "")


async def test_a_key_with_no_value_applies_nothing_sends_nothing_and_says_it_needs_one(make_app, download_dir):
    icons = [entry(1, "Arrow Up", "Filled"), entry(2, "Arrow Up", "Outline")]
    with MisbehavingServer() as server:
        server.on("/api/v1/search", *[Reply.json({"data": icons, "meta": {"moreResultsAvailable": False}})] * 5)
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await search(pilot, "arrow")
            asked = len(server.requests)
            box = app.query_one("#search-input", Input)
            await pilot.press(*" style:")
            status = app.query_one("#search-status", Static)
            await wait_until(pilot, lambda: shown_text(status).startswith("style: needs a value"), "the note")
            assert [icon.id for icon in app.query_one(ResultsList).icons] == [1, 2] and not app.browser.filters
            assert len(server.requests) == asked and box.value == "arrow style:"


async def test_file_filters_alone_filter_the_remembered_icons_with_a_hint_to_type_a_word(make_app):
    """`format:` and `size:` select no set: alone, they filter what is remembered (a style or a set
    alone lists from the catalogue: test_listing)."""
    from iconcat.memory import DEMO_CATALOGUE, Memory

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        await search(pilot, "heart")
        hearts = app.query_one(ResultsList).icons
        eps = [icon.id for icon in hearts[:8] if any(variant.format == "eps" for variant in icon.variants)]
        assert 0 < len(eps) < 8, "some of the hearts remembered come as EPS, some do not"
        memory = Memory.open(DEMO_CATALOGUE)
        for icon in hearts[:8]:
            memory.toggle_favourite(icon)
        memory.close()
        box = app.query_one("#search-input", Input)
        box.value = ""
        await wait_until(pilot, lambda: app.browser.search_state.favourites is not None, "the favourites")
        box.value = "format:eps"
        kept = eps
        await wait_until(pilot, lambda: len(app.query_one(ResultsList).icons) == len(kept), "filtered favourites")
        assert sorted(icon.id for icon in app.query_one(ResultsList).icons) == sorted(kept)
        status = app.browser.search_state.status  # whole (a short line drops the hint first: test_status_line)
        assert f"{len(kept)} of 8 shown" in status and status.endswith("type a word to search the catalogue")


async def test_a_filter_note_keeps_the_count_beside_it_on_a_short_line(make_app):
    """On a line too short for all of it the note's asides go first ("(style, set, …)") and the count
    stays: the whole note alone filled the line and hid that the search had found anything. (At 80×24
    the status has 28 cells: the note alone, asides dropped; the tooltip has it all.)"""
    from textual.widgets import Static

    from tests.support.tui import search, shown_text

    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await search(pilot, "arrow colour:red")
        status = app.query_one("#search-status", Static)
        assert shown_text(status).startswith("colour: is not a filter · ")
        assert f"48 of {default_catalogue().search_count('arrow')}" in shown_text(status)  # the count stays
        assert "(style, set, format, size, category, series, license)" in str(status.tooltip)
