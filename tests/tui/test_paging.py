"""More than one page in the browser: reaching the last result loads the next; without a next page,
the honest "refine your search" with narrower searches taken from the names at hand."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from iconcat.demo.catalogue import default_catalogue
from iconcat.tui.connection import Connection
from iconcat.tui.widgets import ResultsArea, ResultsList
from tests.conftest import TEST_TOKEN
from tests.support.hostile import icon_entry
from tests.support.misbehaving import MisbehavingServer, Reply
from tests.support.tui import SIZE, search, serving, shown_text, wait_until


async def test_reaching_the_last_result_loads_the_next_page_and_keeps_the_place(make_app, download_dir):
    with serving(token=TEST_TOKEN, page_size=10) as small_pages:
        app = make_app(Connection.service(small_pages.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await search(pilot, "arrow")
            results = app.query_one(ResultsList)
            status = app.query_one("#search-status", Static)
            assert len(results.icons) == 10 and "more: reach the last to load them" in shown_text(status)
            first_page = results.icons
            results.focus()
            await pilot.press("end")
            await wait_until(pilot, lambda: len(results.icons) == 20, "the second page appended")
            assert results.icons[:10] == first_page  # the first page kept, in order
            assert results.highlighted == 9  # the place kept: the row that was the last
            assert len({icon.id for icon in results.icons}) == 20
            assert shown_text(status).startswith(f"20 of {default_catalogue().search_count('arrow')}")  # its count


async def test_without_a_next_page_the_status_suggests_narrower_searches(make_app, download_dir):
    names = ["Arrow Up", "Arrow Up", "Arrow Down", "Arrow Left", "Arrow Right"]
    with MisbehavingServer() as server:
        answer = {"data": [icon_entry(i + 1, name, "") for i, name in enumerate(names)]}
        server.on("/api/v1/search", Reply.json({**answer, "meta": {"moreResultsAvailable": True}}))
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await search(pilot, "arrow")
            status = app.query_one("#search-status", Static)
            # One line (issue 21): the suggestions that fit, said shorter; the tooltip has them all.
            assert shown_text(status) == "5 icons · more exist, try: arrow up, arrow down"
            assert "more results exist: refine your search (try: arrow up, arrow down, arrow left)" in str(
                status.tooltip
            )


async def test_a_next_page_on_another_origin_is_refused_with_a_notice(make_app, download_dir):
    with MisbehavingServer() as server, MisbehavingServer() as elsewhere:
        meta = {"moreResultsAvailable": True, "next": elsewhere.url("/api/v1/search?name=arrow&page=2")}
        server.on("/api/v1/search", Reply.json({"data": [icon_entry(1, "Arrow Up", "")], "meta": meta}))
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await search(pilot, "arrow")
            app.query_one(ResultsList).focus()
            await pilot.press("end")
            await wait_until(
                pilot, lambda: any(note.title == "More results" for note in app._notifications), "the notice"
            )
            # (One line at 120 columns: said shorter, issue 21.)
            assert "more exist, try: arrow up" in shown_text(app.query_one("#search-status", Static))
        assert elsewhere.requests == []  # never asked, so the token never went there


@pytest.mark.parametrize(
    ("view", "key", "query", "group"),
    [
        ("list", "pagedown", "star", True),
        ("list", "end", "star", True),
        ("gallery", "pagedown", "star", True),
        ("gallery", "end", "star", True),
    ],
)
async def test_pgdn_and_end_on_the_last_entry_load_the_next_page(make_app, download_dir, view, key, query, group):
    # Pages of 5 for "star" (17 icons, one name): grouped, one entry. The one entry on show is the
    # last, and the page its first highlight loaded added no entry: reaching it again loads nothing
    # more; PgDn and End on it do (issue 23), Home and PgUp do not. (Filtered, every page now follows
    # without a key: tests/tui/test_following.py.)
    with serving(token=TEST_TOKEN, page_size=5) as small_pages:
        app = make_app(Connection.service(small_pages.base_url, TEST_TOKEN, download_dir), view=view, group=group)
        async with app.run_test(size=SIZE) as pilot:
            await search(pilot, query)
            searches = app.browser.searches
            await wait_until(pilot, lambda: len(searches.result.pages_fetched) == 2 and not loading(app), "page 2")
            area = app.query_one(ResultsArea)
            assert len(area.active.icons) == 1 and area.at_last
            area.active.focus()
            await pilot.press("home", "pageup", key)
            await wait_until(pilot, lambda: len(searches.result.pages_fetched) == 3, "page 3")
            await wait_until(pilot, lambda: not loading(app) and len(area.active.icons) == (1 if group else 2), "shown")
            assert len(searches.result.pages_fetched) == 3 and area.active.highlighted == 0  # the place kept
            assert not any("No more results" in str(note.message) for note in app._notifications)


def loading(app) -> bool:
    """A next page on its way."""
    return any(worker.group == "search-more" and not worker.is_finished for worker in app.workers)
