"""`iconcat browse --from PATH`: the browser on icon sets from disk, answered in-process; the header
names them and their memories are kept under one key for every set from disk."""

from __future__ import annotations

import gc
import threading
from pathlib import Path

import pytest
from textual.widgets import OptionList, Select

from iconcat.browsing.search_state import SearchPhase
from iconcat.catalogue import CatalogueChoice
from iconcat.catalogue.local_sets import LocalSets
from iconcat.config import Settings
from iconcat.memory import LOCAL_SETS
from iconcat.sources import serving
from iconcat.sources.index import BuildProgress, IndexCancelled
from iconcat.tui import run_browser
from iconcat.tui.screens import BagScreen
from tests.support.iconsets import iconify_package, iconify_set, write_json
from tests.support.tui import wait_until


def test_browse_from_a_package_names_its_sets_and_remembers_them_apart(headless_run, tmp_path: Path) -> None:
    folder = tmp_path / "tabler"
    data = iconify_set("tabler", {"arrow-up": {}, "arrow-down": {}, "home": {}}, width=24, height=24)
    iconify_package(folder, data, info={"name": "Tabler Icons"})
    seen: dict[str, object] = {}

    async def steer(pilot):
        app = pilot.app
        await wait_until(pilot, lambda: app.browser.search_state.phase is SearchPhase.RESULTS, "results")
        # The memory opens a frame after the client (`_open_client`): the results may come first.
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        seen["names"] = sorted(icon.name for icon in app.browser.searches.result.icons)
        seen["sub_title"] = app.sub_title
        seen["memory"] = app.browser.memory.catalogue

    ran = headless_run(steer)
    # A base URL is configured: --from (given here as `local`) wins over it.
    settings = Settings(base_url="https://icons.example.com", token="abc", download_dir=tmp_path)
    assert run_browser(settings, query="arrow", choice=CatalogueChoice.sets(LocalSets((str(folder),)))) == 0
    assert seen == {"names": ["Arrow Down", "Arrow Up"], "sub_title": "Tabler Icons", "memory": LOCAL_SETS}
    assert ran[0].connection.spec.kind == "sets" and ran[0].connection.base_url == ""


def held_build(monkeypatch, release: threading.Event, cancelled: list[bool]) -> None:
    """Make the index build report halfway, then wait for `release` (or the app's cancel) before it goes on."""
    real = serving.open_sources

    def open_sources(arguments, *, progress=None, cancel=None, **options):
        progress(BuildProgress(1, 2, 10, 5.0, 3.0))
        while not release.wait(0.02):
            if cancel is not None and cancel.is_set():
                cancelled.append(True)
                raise IndexCancelled("the index was not finished")
        return real(arguments, progress=progress, cancel=cancel, **options)

    monkeypatch.setattr(serving, "open_sources", open_sources)


def test_the_header_shows_the_builds_progress_then_names_the_sets(headless_run, monkeypatch, tmp_path: Path) -> None:
    release, cancelled = threading.Event(), []
    held_build(monkeypatch, release, cancelled)
    iconify_package(tmp_path / "ph", iconify_set("ph", {"acorn": {}}), info={"name": "Phosphor"})
    seen: list[str] = []

    async def steer(pilot):
        app = pilot.app
        await wait_until(pilot, lambda: app.sub_title.startswith("indexing"), "progress in the header")
        seen.append(app.sub_title)
        release.set()
        await wait_until(pilot, lambda: app.browser.search_state.phase is SearchPhase.RESULTS, "results")
        seen.append(app.sub_title)

    headless_run(steer)
    settings = Settings(base_url=None, token=None, download_dir=tmp_path)
    assert run_browser(settings, query="acorn", choice=CatalogueChoice.sets(LocalSets((str(tmp_path / "ph"),)))) == 0
    assert seen == ["indexing 1/2 sets · 5 icons/s · 3 s left", "Phosphor"] and cancelled == []


@pytest.mark.parametrize("query", ["acorn", None])
def test_quitting_while_the_index_builds_cancels_it(
    headless_run, monkeypatch, caplog, tmp_path: Path, query: str | None
) -> None:
    release, cancelled = threading.Event(), []
    held_build(monkeypatch, release, cancelled)
    iconify_package(tmp_path / "ph", iconify_set("ph", {"acorn": {}}), info={"name": "Phosphor"})

    async def steer(pilot):
        await wait_until(pilot, lambda: pilot.app.sub_title.startswith("indexing"), "progress in the header")

    headless_run(steer)  # (then the app exits, as ctrl+q would)
    settings = Settings(base_url=None, token=None, download_dir=tmp_path)
    assert run_browser(settings, query=query, choice=CatalogueChoice.sets(LocalSets((str(tmp_path / "ph"),)))) == 0
    assert cancelled == [True]
    release.set()
    gc.collect()  # (asyncio logs an exception nobody retrieved, with its traceback, when its task is collected)
    assert not [record for record in caplog.records if "never retrieved" in record.getMessage()]


def test_a_set_skipped_in_the_build_is_a_notice_not_a_line_on_the_screen(headless_run, tmp_path: Path) -> None:
    collection = tmp_path / "json-collection"
    write_json(collection / "json" / "good.json", iconify_set("good", {"acorn": {}}, info={"name": "Good"}))
    write_json(collection / "json" / "bad.json", {"prefix": "bad"})
    write_json(collection / "collections.json", {})
    said: list[str] = []

    async def steer(pilot):
        app = pilot.app
        await wait_until(pilot, lambda: app.browser.search_state.phase is SearchPhase.RESULTS, "results")
        said.extend(str(note.message) for note in app._notifications)

    headless_run(steer)
    settings = Settings(base_url=None, token=None, download_dir=tmp_path)
    assert run_browser(settings, query="acorn", choice=CatalogueChoice.sets(LocalSets((str(collection),)))) == 0
    (notice,) = said
    assert notice.startswith(str(collection / "json" / "bad.json") + ": not an IconifyJSON set")
    assert notice.endswith(": skipped")


def test_a_search_while_the_index_builds_says_it_waits_for_it_then_answers(
    headless_run, monkeypatch, tmp_path: Path
) -> None:
    release, cancelled = threading.Event(), []
    held_build(monkeypatch, release, cancelled)
    iconify_package(tmp_path / "ph", iconify_set("ph", {"acorn": {}, "airplane": {}}), info={"name": "Phosphor"})
    seen: dict[str, object] = {}

    async def steer(pilot):
        app = pilot.app
        browser = app.browser
        # (Its progress comes once the build reports: "waiting for the index…" alone until then.)
        await wait_until(pilot, lambda: "sets)" in browser.search_state.status, "the search waiting for the index")
        seen["waiting"] = browser.search_state.status
        seen["phase"] = browser.search_state.phase
        release.set()  # (no key pressed from here on: the search is asked once the sets are served)
        await wait_until(pilot, lambda: browser.search_state.phase is SearchPhase.RESULTS, "results")
        seen["names"] = [icon.name for icon in browser.searches.result.icons]
        seen["status"] = browser.search_state.status

    headless_run(steer)
    settings = Settings(base_url=None, token=None, download_dir=tmp_path)
    assert run_browser(settings, query="acorn", choice=CatalogueChoice.sets(LocalSets((str(tmp_path / "ph"),)))) == 0
    assert seen == {
        "waiting": "acorn: waiting for the index (1 of 2 sets)…",
        "phase": SearchPhase.SEARCHING,
        "names": ["Acorn"],
        "status": "1 icon",
    }


def test_the_bag_asks_svg_of_sets_from_disk_until_a_person_chooses_and_then_their_choice(
    headless_run, tmp_path: Path
) -> None:
    iconify_package(tmp_path / "tabler", iconify_set("tabler", {"arrow-up": {}, "arrow-down": {}}, width=24, height=24))
    seen: list[object] = []

    def steer(choose: tuple[str, int | None] | None):
        async def run(pilot):
            app = pilot.app
            browser = app.browser
            await wait_until(pilot, lambda: browser.search_state.phase is SearchPhase.RESULTS, "results")
            await wait_until(pilot, lambda: browser.memory is not None, "the memory opened")
            browser.bag.mark(browser.searches.result.icons)
            browser.action_focus_results()
            await pilot.press("b")
            await wait_until(pilot, lambda: isinstance(app.screen, BagScreen), "the bag screen")
            await pilot.pause()
            listing = app.screen.query_one("#bag-list", OptionList)
            rows = [str(listing.get_option_at_index(index).prompt) for index in range(listing.option_count)]
            seen.append((browser.bag.preference, app.screen.preference, [row.rpartition("→ ")[2] for row in rows]))
            if choose is not None:  # the person's choice, in the bag's chooser: remembered
                app.screen.query_one("#bag-variant", Select).value = choose
                await wait_until(pilot, lambda: browser.bag.preference == choose, "the choice taken")

        return run

    settings = Settings(base_url=None, token=None, download_dir=tmp_path)
    for choose in (("png", 256), None):
        headless_run(steer(choose))
        assert (
            run_browser(settings, query="arrow", choice=CatalogueChoice.sets(LocalSets((str(tmp_path / "tabler"),))))
            == 0
        )
    assert seen == [
        (("svg", None), ("svg", None), ["SVG · vector"] * 2),  # nothing chosen yet: every icon's SVG
        (("png", 256), ("png", 256), ["PNG · 256 px"] * 2),  # chosen once: the person's choice wins after
    ]
    # The demo's and a remote catalogue's bag keep asking PNG 512 until a person chooses (their specs').
    from iconcat.catalogue.kinds import demo_spec, service_spec, sets_spec

    assert demo_spec().bag_default == service_spec("https://icons.example.com").bag_default == ("png", 512)
    assert sets_spec(("tabler",)).bag_default == ("svg", None)
