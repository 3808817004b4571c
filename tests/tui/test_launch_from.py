"""`iconcat browse --from PATH`: the browser on icon sets from disk, served in-process over loopback; the
header names them and their memories are kept under one key for every set from disk."""

from __future__ import annotations

from pathlib import Path

from iconcat.browsing.search_state import SearchPhase
from iconcat.config import Settings
from iconcat.local_sets import LocalSets
from iconcat.memory import LOCAL_SETS
from iconcat.tui import run_browser
from tests.support.iconsets import iconify_package, iconify_set
from tests.support.tui import wait_until


def test_browse_from_a_package_names_its_sets_and_remembers_them_apart(headless_run, tmp_path: Path) -> None:
    folder = tmp_path / "tabler"
    data = iconify_set("tabler", {"arrow-up": {}, "arrow-down": {}, "home": {}}, width=24, height=24)
    iconify_package(folder, data, info={"name": "Tabler Icons"})
    seen: dict[str, object] = {}

    async def steer(pilot):
        app = pilot.app
        await wait_until(pilot, lambda: app.browser.search_state.phase is SearchPhase.RESULTS, "results")
        seen["names"] = sorted(icon.name for icon in app.browser.searches.result.icons)
        seen["sub_title"] = app.sub_title
        seen["memory"] = app.browser.memory.catalogue

    ran = headless_run(steer)
    # A base URL is configured: --from (given here as `local`) wins over it.
    settings = Settings(base_url="https://icons.example.com", token="abc", download_dir=tmp_path)
    assert run_browser(settings, query="arrow", local=LocalSets((str(folder),))) == 0
    assert seen == {"names": ["Arrow Down", "Arrow Up"], "sub_title": "Tabler Icons", "memory": LOCAL_SETS}
    assert ran[0].connection.is_demo and ran[0].connection.base_url.startswith("http://127.0.0.1:")
