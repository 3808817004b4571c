"""`run_browser` and `run_picker`: which catalogue they open, and that the demo and sets from disk are
answered in-process (no socket, no server thread), through the real start path."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest

from iconcat.browsing.picking import PickRequest
from iconcat.browsing.search_state import SearchPhase
from iconcat.catalogue import CatalogueChoice, CatalogueFlags, choose_catalogue
from iconcat.catalogue.local_sets import LocalSets
from iconcat.config import Settings
from iconcat.tui import run_browser, run_picker
from iconcat.tui.widgets import Thumbnail
from tests.support.iconsets import iconify_package, iconify_set
from tests.support.sockets import SocketWatch, server_threads
from tests.support.tui import wait_until


@pytest.mark.parametrize("catalogue_kind", ["demo", "sets"])
@pytest.mark.parametrize("command", ["browse", "pick"])
def test_the_demo_and_sets_from_disk_open_no_socket_and_start_no_server(
    headless_run, monkeypatch, tmp_path: Path, command: str, catalogue_kind: str
):
    # Searched, previews drawn and a file saved (Enter: the picker's SVG), all watched: no TCP socket is
    # made and no server thread runs, from the start of `run_browser`/`run_picker` to their end.
    local = None
    if catalogue_kind == "sets":
        data = iconify_set("tabler", {"arrow-up": {}, "arrow-down": {}}, width=24, height=24)
        iconify_package(tmp_path / "tabler", data, info={"name": "Tabler Icons"})
        local = LocalSets((str(tmp_path / "tabler"),))
    sockets = SocketWatch(monkeypatch)
    already = set(server_threads())  # (the session's own servers, serving other tests)
    seen: dict[str, object] = {}

    async def steer(pilot):
        app = pilot.app
        await wait_until(pilot, lambda: app.browser.search_state.phase is SearchPhase.RESULTS, "results")
        await wait_until(pilot, lambda: app.query_one(Thumbnail).status == "shown", "the preview drawn")
        seen["sub_title"], seen["kind"] = app.sub_title, app.connection.spec.kind
        seen["threads"] = set(server_threads()) - already
        app.browser.action_focus_results()
        await pilot.press("enter")  # picking: the SVG saved, the pick ends; browsing: the variant picker
        if command == "pick":
            await wait_until(pilot, lambda: not app.is_running, "the pick saved and ended")

    headless_run(steer)
    settings = Settings(base_url="https://icons.example.com", token="abc", download_dir=tmp_path / "saved")
    choice = CatalogueChoice.demo() if local is None else CatalogueChoice.sets(local)
    with sockets.watching():
        if command == "browse":
            assert run_browser(settings, query="arrow", choice=choice) == 0
        else:
            icons: list = []
            status, picked = run_picker(settings, PickRequest(fmt="svg"), query="arrow", choice=choice, icons=icons)
            assert status == 0 and [path.suffix for path in picked] == [".svg"] and picked[0].is_file()
            assert len(icons) == 1 and "arrow" in icons[0].name.lower(), "the icon of the path picked"
    assert sockets.internet() == []
    assert seen["threads"] == set() and seen["kind"] == catalogue_kind
    assert str(seen["sub_title"]).startswith("demo catalogue" if local is None else "Tabler Icons")


def test_without_a_catalogue_the_browser_opens_the_demo(headless_run, tmp_path: Path):
    seen: dict[str, object] = {}

    async def steer(pilot):
        app = pilot.app
        await wait_until(pilot, lambda: app.browser.search_state.phase is SearchPhase.RESULTS, "demo results")
        seen["sub_title"] = app.sub_title

    ran = headless_run(steer)
    settings = Settings(base_url=None, token=None, download_dir=tmp_path)
    assert run_browser(settings, query="arrow") == 0
    assert ran and ran[0].connection.is_demo and ran[0].connection.spec.kind == "demo"
    assert seen["sub_title"] == "demo catalogue"


def test_demo_flag_wins_over_a_configured_catalogue(headless_run, tmp_path: Path):
    async def steer(pilot):
        await wait_until(pilot, lambda: pilot.app.browser.search_state.phase is SearchPhase.RESULTS, "demo results")

    ran = headless_run(steer)
    settings = Settings(base_url="https://icons.example.com", token="abc", download_dir=tmp_path)
    choice = choose_catalogue(settings, CatalogueFlags("browse", demo=True))
    assert run_browser(settings, query="home", choice=choice) == 0
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
    assert not app.connection.is_demo and app.connection.spec.kind == "service"
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


BEFORE_THE_APP = r"""
import json, sys
from pathlib import Path
from textual.app import App

loaded = []
App.run = lambda self, **options: loaded.extend(sorted(sys.modules)) or 0  # (the app itself never runs)
way, kind = sys.argv[1:3]
if way == "command line":  # as `iconcat browse` runs: the catalogue chosen through the seam first
    from iconcat.cli.entry import main

    main(["browse", "--demo"] if kind == "demo" else ["browse"])
else:
    from iconcat.config import Settings
    from iconcat.tui import run_browser

    base_url = "http://127.0.0.1:9" if kind == "configured" else None
    run_browser(Settings(base_url=base_url, token="t", download_dir=Path(".")))
print(json.dumps(loaded))
"""


@pytest.mark.parametrize("way", ["command line", "run_browser"])
@pytest.mark.parametrize("catalogue_kind", ["demo", "configured"])
def test_the_catalogue_is_named_before_the_first_frame_without_the_http_stack(
    way: str, catalogue_kind: str, tmp_path: Path
) -> None:
    # The header names the catalogue (its spec, from the kind table) before the app runs, and the
    # command line chooses it (`choose_catalogue`) before that; the client (httpx with it) and the
    # adapters wait for the first frame. (Through the command line `choose` imported `iconcat.api`
    # for its errors until session 36: 30-70 ms before the first frame.)
    import json
    import os
    import subprocess
    import sys

    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    if catalogue_kind == "configured":
        env["ICONCAT_BASE_URL"] = "http://127.0.0.1:9"
    completed = subprocess.run(
        [sys.executable, "-c", BEFORE_THE_APP, way, catalogue_kind],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
        stdin=subprocess.DEVNULL,
        cwd=tmp_path,
    )
    assert completed.returncode == 0, completed.stderr
    loaded = set(json.loads(completed.stdout.strip().splitlines()[-1]))
    assert {"iconcat.catalogue.kinds", "iconcat.tui.app"} <= loaded  # (named, and the app made and run)
    if way == "command line":
        assert "iconcat.catalogue.choose" in loaded  # (chosen through the seam)
    http_stack = {name for name in loaded if name.split(".")[0] in ("httpx", "httpcore", "uvicorn", "starlette")}
    assert http_stack | {name for name in loaded if name.startswith("iconcat.api")} == set()
