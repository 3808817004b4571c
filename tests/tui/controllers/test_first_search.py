"""The query on the command line is searched while the app starts (`first_search`): its answer is the
browser's first, through the same path as any search (sequence numbers, stale answers dropped, the
same states for the same failures), and the token goes nowhere it would not go otherwise."""

from __future__ import annotations

import threading
import warnings
from pathlib import Path

import pytest

from iconcat.api import CatalogueClient
from iconcat.browsing.search_state import SearchPhase
from iconcat.config import Settings
from iconcat.tui import run_browser
from iconcat.tui.app import IconcatApp
from iconcat.tui.connection import Connection
from iconcat.tui.controllers.first_search import FirstSearch, NotStarted
from iconcat.tui.widgets import ResultsArea, ResultsList, SearchInput
from tests.support.tui import (
    SIZE,
    HeldRequests,
    holding,
    refusing_socket,
    results_settled,
    search,
    serving,
    wait_until,
)

THREAD = "iconcat-first-search"


@pytest.fixture
def searches_by_thread(monkeypatch) -> list[tuple[str, str]]:
    """Every `CatalogueClient.search` made: (the thread it ran in, the query)."""
    made: list[tuple[str, str]] = []
    original = CatalogueClient.search

    async def search(self, name):
        made.append((threading.current_thread().name, name))
        return await original(self, name)

    monkeypatch.setattr(CatalogueClient, "search", search)
    return made


def settled(app: IconcatApp) -> bool:
    return app.browser.search_state.phase is not SearchPhase.PROMPT and results_settled(app)


def test_the_query_on_the_command_line_is_answered_by_the_early_search(
    headless_run, searches_by_thread, catalogue, tmp_path: Path
):
    seen: dict[str, object] = {}

    async def steer(pilot):
        app = pilot.app
        await wait_until(pilot, lambda: app.browser.search_state.phase is SearchPhase.RESULTS, "results")
        seen["names"] = [icon.name for icon in app.query_one(ResultsArea).shown_icons]
        seen["state"] = app.browser.search_state
        await wait_until(pilot, lambda: app.link._ready.is_set(), "the app's own client")

    headless_run(steer)
    settings = Settings(base_url=catalogue.base_url, token=catalogue.token, download_dir=tmp_path)
    assert run_browser(settings, query="arrow") == 0
    # One request for the query, from the early search's thread; the app's client sent none.
    assert searches_by_thread == [(THREAD, "arrow")]
    names = seen["names"]
    assert isinstance(names, list) and names and all("arrow" in name.lower() for name in names)
    assert seen["state"].query == "arrow" and seen["state"].count == len(names)
    assert not any(thread.name == THREAD for thread in threading.enumerate())  # ended with the app


def test_filters_are_never_sent_and_filter_the_early_answer(
    headless_run, searches_by_thread, catalogue, tmp_path: Path
):
    seen: dict[str, object] = {}

    async def steer(pilot):
        app = pilot.app
        await wait_until(pilot, lambda: app.browser.search_state.phase is SearchPhase.RESULTS, "results")
        seen["styles"] = {icon.style.name for icon in app.query_one(ResultsArea).shown_icons}

    headless_run(steer)
    settings = Settings(base_url=catalogue.base_url, token=catalogue.token, download_dir=tmp_path)
    assert run_browser(settings, query="arrow style:filled") == 0
    assert searches_by_thread == [(THREAD, "arrow")]
    assert seen["styles"] == {"Filled"}


async def test_an_answer_in_before_the_screen_mounts_is_in_the_first_frame(
    searches_by_thread, catalogue, download_dir: Path
):
    connection = Connection.service(catalogue.base_url, catalogue.token, download_dir)
    first = FirstSearch(connection, "star").start()
    first.future.result(timeout=15)
    app = IconcatApp(connection, query="star", first_search=first, view="list")
    phases: list[SearchPhase] = []
    original = app.browser.watch_search_state

    def watch(state):
        phases.append(state.phase)
        original(state)

    app.browser.watch_search_state = watch  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.browser.search_state.phase is SearchPhase.RESULTS
        assert app.query_one(ResultsList).icons
        await wait_until(pilot, lambda: app.link._ready.is_set(), "the app's own client")
    # Answered at once: no worker waited for it, and the app's client was not asked.
    assert searches_by_thread == [(THREAD, "star")]
    assert SearchPhase.RESULTS in phases


async def test_a_newer_search_replaces_the_early_one_whose_late_answer_is_dropped(download_dir: Path):
    # The early search is held at the server until "star" has been answered and shown: its answer
    # then comes in late, whatever the machine's speed, and must be dropped.
    held = HeldRequests("t0ken", "/api/v1/search", query="name=arrow")
    with holding(held) as server:
        connection = Connection.service(server.base_url, "t0ken", download_dir)
        first = FirstSearch(connection, "arrow").start()
        app = IconcatApp(connection, query="arrow", first_search=first, view="list")
        try:
            async with app.run_test(size=SIZE) as pilot:
                await wait_until(pilot, lambda: held.in_flight == 1, "the early search at the server")
                assert app.browser.search_state.phase is SearchPhase.SEARCHING
                app.query_one(SearchInput).value = ""
                await search(pilot, "star")
                assert not first.done
                held.release()
                await wait_until(pilot, lambda: first.done, "the early answer")
                await pilot.pause(0.1)
                state = app.browser.search_state
                assert state.phase is SearchPhase.RESULTS and state.query == "star"
                listed = app.query_one(ResultsList).icons
                assert listed and all(why.word == "star" for icon in listed for why in icon.matched)  # not arrow's
                assert first.outcome()[0] is not None  # it did answer: late, and dropped
        finally:
            first.close()


async def _state_after(connection: Connection, first: FirstSearch | None, query: str, *, connect: bool = False):
    """The browser's state once its first search for `query` has settled (`first` the early one), and
    the screens then open (`connect`: once the connect screen has opened)."""
    app = IconcatApp(connection, query=query, first_search=first, view="list")

    def screens() -> list[str]:
        return [type(screen).__name__ for screen in app.screen_stack]

    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: settled(app), "the first search settled")
        if connect:
            await wait_until(pilot, lambda: "ConnectScreen" in screens(), "the connect screen")
        return app.browser.search_state, screens()


async def test_a_refused_early_search_shows_what_the_usual_search_shows(download_dir: Path):
    refusing = refusing_socket()
    try:
        connection = Connection.service(
            f"http://127.0.0.1:{refusing.getsockname()[1]}", "t0ken", download_dir, timeout=5
        )
        first = FirstSearch(connection, "arrow").start()
        early, _ = await _state_after(connection, first, "arrow")
        usual, _ = await _state_after(connection, None, "arrow")
    finally:
        refusing.close()
    assert early.phase is SearchPhase.UNREACHABLE
    assert early == usual


async def test_a_rejected_token_shows_what_the_usual_search_shows(catalogue, download_dir: Path):
    connection = Connection.service(catalogue.base_url, "not-the-token", download_dir)
    first = FirstSearch(connection, "arrow").start()
    early, early_screens = await _state_after(connection, first, "arrow", connect=True)
    usual, usual_screens = await _state_after(connection, None, "arrow", connect=True)
    assert early.phase is SearchPhase.REJECTED
    assert early == usual
    assert early_screens == usual_screens and "ConnectScreen" in early_screens


async def test_settings_the_client_refuses_are_left_to_the_app_as_before(download_dir: Path):
    connection = Connection.service("http://127.0.0.1:9", "", download_dir)  # no token
    first = FirstSearch(connection, "arrow").start()
    assert isinstance(first.future.exception(timeout=15), NotStarted)
    early, early_screens = await _state_after(connection, first, "arrow", connect=True)
    usual, usual_screens = await _state_after(connection, None, "arrow", connect=True)
    assert early.phase is SearchPhase.NOT_CONFIGURED
    assert early == usual and early_screens == usual_screens


def test_plain_http_to_another_host_is_not_searched_early(recwarn, download_dir: Path):
    # The client would warn about it, on the terminal, before the app draws: the app's client asks.
    first = FirstSearch(Connection.service("http://192.0.2.1:9", "t0ken", download_dir), "arrow").start()
    assert isinstance(first.future.exception(timeout=15), NotStarted)
    first.close()
    assert not [warning for warning in recwarn if "plain http" in str(warning.message)]


def test_the_token_is_in_no_repr_and_no_output(capfd, catalogue, download_dir: Path):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        first = FirstSearch(Connection.service(catalogue.base_url, catalogue.token, download_dir), "arrow").start()
        result, error = (first.future.result(timeout=15), None)
    first.close()
    assert error is None and result.icons
    assert catalogue.token not in repr(first)
    out, err = capfd.readouterr()
    assert catalogue.token not in out + err


def test_closing_stops_a_search_still_running(download_dir: Path):
    with serving(token="t0ken", latency_ms=5_000) as server:
        first = FirstSearch(Connection.service(server.base_url, "t0ken", download_dir), "arrow").start()
        first.close(wait=3)
        assert first.done and not first._thread.is_alive()


async def _phase_when_the_client_opens(held: HeldRequests, download_dir: Path) -> SearchPhase:
    with holding(held) as server:
        connection = Connection.service(server.base_url, "t0ken", download_dir)
        first = FirstSearch(connection, "arrow").start()
        app = IconcatApp(connection, query="arrow", first_search=first, view="list")
        seen: list[SearchPhase] = []
        original = app._open_client

        async def open_client(switch_to=None):
            seen.append(app.browser.search_state.phase)
            held.release()  # the early search answers once the client opens, if it was held
            await original(switch_to)

        app._open_client = open_client  # type: ignore[method-assign]
        try:
            async with app.run_test(size=SIZE) as pilot:
                await wait_until(pilot, lambda: seen and settled(app), "the client and the answer")
        finally:
            first.close()
    return seen[0]


async def test_the_rest_of_the_start_waits_for_the_early_answer(download_dir: Path, monkeypatch):
    # The app's client, the image stack and the memory come after the answer is shown: the search is
    # held at the server until the start waits for it, and the wait made long, so that a loaded
    # machine cannot run it out...
    monkeypatch.setattr("iconcat.tui.app.FIRST_ANSWER_WAIT", 30.0)
    search_held = HeldRequests("t0ken", "/api/v1/search")
    original_settled = FirstSearch.settled

    async def settled(self, at_most):
        search_held.release()  # the answer comes once the start has begun waiting for it
        return await original_settled(self, at_most)

    monkeypatch.setattr(FirstSearch, "settled", settled)
    assert await _phase_when_the_client_opens(search_held, download_dir) is SearchPhase.RESULTS


async def test_but_not_for_long(download_dir: Path):
    # ...but a catalogue that does not answer does not keep them waiting (FIRST_ANSWER_WAIT): the
    # search is held at the server until the client has opened.
    search_held = HeldRequests("t0ken", "/api/v1/search")
    assert await _phase_when_the_client_opens(search_held, download_dir) is SearchPhase.SEARCHING
