"""`run_browser`: which catalogue it opens, and that the demo catalogue lives exactly as long as the app."""

from __future__ import annotations

import socket
from pathlib import Path
from urllib.parse import urlsplit

from iconcat.browsing.search_state import SearchPhase
from iconcat.config import Settings
from iconcat.tui import run_browser
from iconcat.tui.widgets import Thumbnail
from tests.support.tui import wait_until


def port_open(base_url: str) -> bool:
    parts = urlsplit(base_url)
    try:
        with socket.create_connection((parts.hostname, parts.port), timeout=1):
            return True
    except OSError:
        return False


def test_without_a_catalogue_the_demo_runs_for_the_apps_life(headless_run, tmp_path: Path):
    seen: dict[str, object] = {}

    async def steer(pilot):
        app = pilot.app
        await wait_until(pilot, lambda: app.browser.search_state.phase is SearchPhase.RESULTS, "demo results")
        seen["sub_title"] = app.sub_title
        seen["base_url"] = app.connection.base_url
        seen["open_while_running"] = port_open(app.connection.base_url)

    ran = headless_run(steer)
    settings = Settings(base_url=None, token=None, download_dir=tmp_path)
    assert run_browser(settings, query="arrow") == 0
    assert ran and ran[0].connection.is_demo
    assert seen["sub_title"] == "demo catalogue"
    assert seen["open_while_running"] is True
    assert not port_open(str(seen["base_url"]))  # stopped with the app


def test_demo_flag_wins_over_a_configured_catalogue(headless_run, tmp_path: Path):
    async def steer(pilot):
        await wait_until(pilot, lambda: pilot.app.browser.search_state.phase is SearchPhase.RESULTS, "demo results")

    ran = headless_run(steer)
    settings = Settings(base_url="https://icons.example.com", token="abc", download_dir=tmp_path)
    assert run_browser(settings, query="home", demo=True) == 0
    assert ran[0].connection.is_demo and ran[0].sub_title == "demo catalogue"


def test_a_configured_catalogue_is_named_by_its_host(headless_run, catalogue, tmp_path: Path):
    modes: list[str] = []

    async def steer(pilot):
        await wait_until(pilot, lambda: pilot.app.browser.search_state.phase is SearchPhase.RESULTS, "results")
        modes.append(pilot.app.query_one(Thumbnail).mode)

    ran = headless_run(steer)
    settings = Settings(
        base_url=catalogue.base_url, token=catalogue.token, download_dir=tmp_path, thumbnails="quadrant"
    )
    assert run_browser(settings, query="star") == 0
    app = ran[0]
    assert modes == ["quadrant"]  # the thumbnails setting reaches the picture
    assert not app.connection.is_demo
    assert app.sub_title == urlsplit(catalogue.base_url).netloc
    assert catalogue.token not in repr(app.connection)


def test_startup_objects_are_kept_from_the_collector_for_the_apps_life_only(headless_run, tmp_path: Path):
    import gc

    frozen_while_running: list[int] = []

    async def steer(pilot):
        await wait_until(pilot, lambda: pilot.app.browser.search_state.phase is SearchPhase.RESULTS, "demo results")
        frozen_while_running.append(gc.get_freeze_count())

    headless_run(steer)
    before = gc.get_freeze_count()
    assert run_browser(Settings(base_url=None, token=None, download_dir=tmp_path), query="arrow") == 0
    # Textual and the app were loaded at start, so there was plenty to freeze...
    assert frozen_while_running and frozen_while_running[0] > before + 10_000
    # ...and the collector gets them back once the app has ended.
    assert gc.get_freeze_count() == before


def test_the_group_setting_starts_the_browser_grouped(headless_run, tmp_path: Path):
    from iconcat.tui.widgets import ResultsArea

    seen: dict[str, object] = {}

    async def steer(pilot):
        app = pilot.app
        await wait_until(pilot, lambda: app.browser.search_state.phase is SearchPhase.RESULTS, "demo results")
        await wait_until(pilot, lambda: app.query_one(ResultsArea).groups is not None, "groups")
        seen["grouped"] = app.browser.grouped

    headless_run(steer)
    settings = Settings(base_url=None, token=None, download_dir=tmp_path, group=True)
    assert run_browser(settings, query="arrow") == 0
    assert seen["grouped"] is True
