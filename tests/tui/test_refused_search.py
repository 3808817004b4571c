"""A search the catalogue refuses (HTTP 400) shows the catalogue's own words and offers no retry, each
time it is asked; a search longer than the demo accepts is refused before it is sent (its limit is
known from the start)."""

from __future__ import annotations

from textual.widgets import Input, Static

from iconcat.browsing.search_state import SearchPhase
from iconcat.tui.connection import Connection
from tests.support.tui import SIZE, shown_text, wait_until

TOO_LONG = " ".join(["arrow"] * 34)  # 203 characters: the embedded catalogue takes 200


async def _refused(pilot, text: str) -> str:
    app = pilot.app
    app.query_one("#search-input", Input).value = text
    state = lambda: app.browser.search_state  # noqa: E731 - read afresh at each check
    await wait_until(
        pilot, lambda: state().phase is SearchPhase.REFUSED and state().query == text.strip(), "the search refused"
    )
    return shown_text(app.query_one("#results-message", Static))


async def test_a_400_shows_the_catalogues_words_without_a_retry_each_time(make_app, catalogue, download_dir):
    app = make_app(Connection.service(catalogue.base_url, catalogue.token, download_dir))  # not known as the demo
    async with app.run_test(size=SIZE) as pilot:
        message = await _refused(pilot, TOO_LONG)
        assert "it said “'name' must be at most 200 characters.”" in message
        assert "try again" not in message and "change it" in message
        assert shown_text(app.query_one("#search-status", Static)) == "search refused"
        again = await _refused(pilot, TOO_LONG + "x")
        assert "it said “'name' must be at most 200 characters.”" in again


async def test_the_demo_refuses_a_search_longer_than_it_accepts_before_sending(make_app):
    app = make_app()  # the embedded catalogue, known as the demo: its limit is known from the start
    async with app.run_test(size=SIZE) as pilot:
        message = await _refused(pilot, TOO_LONG)
    assert "203 characters long, and the catalogue accepts at most 200: shorten it" in message
    assert "try again" not in message and "127.0.0.1" not in message
