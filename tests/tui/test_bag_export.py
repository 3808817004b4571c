"""The bag's exports from the bag screen (`s`): a sprite, a zip, Iconify JSON, written into the bag's
folder through the app, with what they hold and what they left out said on the screen."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
import zipfile
from pathlib import Path

from textual.widgets import OptionList, Static

from iconcat.catalogue import CatalogueChoice
from iconcat.catalogue.local_sets import LocalSets
from iconcat.tui.connection import Connection
from iconcat.tui.screens import BagExportScreen, BagScreen
from iconcat.tui.widgets import ResultsList, SearchInput
from tests.conftest import TEST_TOKEN
from tests.support.bag_sets import PREFIX, write_bag_sets
from tests.support.tui import SIZE, holding_downloads, search, shown_text, wait_until


async def export_from_the_bag(pilot, query: str, marks: int, kind: str) -> str:
    """Mark `marks` icons of `query`, open the bag, `s`, run the export `kind`: what the screen says once done."""
    app = pilot.app
    await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
    await search(pilot, query)
    app.browser.action_focus_results()
    await pilot.pause()
    for _ in range(marks):
        await pilot.press("space", "down")
    await wait_until(pilot, lambda: len(app.browser.bag) == marks, "the bag filled")
    await pilot.press("b")
    await wait_until(pilot, lambda: isinstance(app.screen, BagScreen), "the bag screen")
    await pilot.press("s")
    await wait_until(pilot, lambda: isinstance(app.screen, BagExportScreen), "the exports")
    kinds = app.screen.query_one("#bag-export-kinds", OptionList)
    kinds.highlighted = kinds.get_option_index(kind)
    await pilot.press("enter")
    outcome = app.screen.query_one("#bag-export-outcome", Static)
    await wait_until(pilot, lambda: shown_text(outcome).startswith(("✓", "✗")), "the export's outcome")
    return shown_text(outcome)


async def test_the_bag_screen_exports_a_sprite_and_a_zip_into_the_bags_folder(make_app, download_dir: Path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        said = await export_from_the_bag(pilot, "arrow", 3, "sprite")
        assert said == f"✓ 3 icons in {download_dir / 'bag-sprite.svg'}"
        sprite = ElementTree.parse(download_dir / "bag-sprite.svg").getroot()
        assert len(list(sprite)) == 3 and all(symbol.get("viewBox") == "0 0 24 24" for symbol in sprite)

        kinds = app.screen.query_one("#bag-export-kinds", OptionList)
        kinds.highlighted = kinds.get_option_index("zip")
        await pilot.press("enter")
        outcome = app.screen.query_one("#bag-export-outcome", Static)
        await wait_until(pilot, lambda: "bag.zip" in shown_text(outcome), "the zip")
        with zipfile.ZipFile(download_dir / "bag.zip") as archive:
            names = archive.namelist()
        assert len(names) == 3 and all(name.endswith("-512.png") for name in names)  # the bag's PNG 512

        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, BagScreen), "back in the bag")


async def test_iconify_json_of_sets_from_disk_lists_the_icons_left_out(make_app, tmp_path: Path, download_dir: Path):
    arguments = write_bag_sets(tmp_path / "sets")
    app = make_app(Connection.chosen(CatalogueChoice.sets(LocalSets(arguments)), download_dir))
    async with app.run_test(size=SIZE) as pilot:
        said = await export_from_the_bag(pilot, "arrow", 1, "iconify")
        # "arrow right" is the folder's (no Iconify name): nothing can go into Iconify JSON.
        assert said.startswith("✗ No icon of the bag can go into the Iconify JSON (no Iconify name)"), said
        assert list(download_dir.iterdir()) == []

        await pilot.press("escape", "escape")
        await wait_until(pilot, lambda: app.screen is app.browser, "back to the results")
        app.query_one(SearchInput).value = ""
        await search(pilot, "turned")
        app.browser.action_focus_results()
        await pilot.press("space")
        await wait_until(pilot, lambda: len(app.browser.bag) == 2, "two in the bag")
        await pilot.press("b")
        await wait_until(pilot, lambda: isinstance(app.screen, BagScreen), "the bag screen")
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, BagExportScreen), "the exports")
        kinds = app.screen.query_one("#bag-export-kinds", OptionList)
        kinds.highlighted = kinds.get_option_index("iconify")
        await pilot.press("enter")
        outcome = app.screen.query_one("#bag-export-outcome", Static)
        await wait_until(pilot, lambda: shown_text(outcome).startswith("✓"), "the export")
        written = download_dir / "bag-iconify" / f"{PREFIX}.json"
        assert shown_text(outcome).splitlines() == [
            f"✓ 1 icon in {written}",
            "  Left out, no Iconify name (1): Arrow Right",
        ]
        assert list(json.loads(written.read_text(encoding="utf-8"))["icons"]) == ["turned"]


async def test_closing_the_exports_while_one_runs_cancels_it_and_leaves_nothing(make_app, download_dir: Path):
    with holding_downloads(TEST_TOKEN) as (held, server):  # every file held at the catalogue until released
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
            await search(pilot, "heart")
            app.browser.bag.mark(app.query_one(ResultsList).icons[:6])
            await wait_until(pilot, lambda: len(app.browser.bag) == 6, "six in the bag")
            app.browser.action_focus_results()
            await pilot.pause()
            await pilot.press("b")
            await wait_until(pilot, lambda: isinstance(app.screen, BagScreen), "the bag screen")
            await pilot.press("s")
            await wait_until(pilot, lambda: isinstance(app.screen, BagExportScreen), "the exports")
            kinds = app.screen.query_one("#bag-export-kinds", OptionList)
            kinds.highlighted = kinds.get_option_index("zip")
            await pilot.press("enter")
            await wait_until(pilot, lambda: held.in_flight == 4, "four files asked at once")
            assert [path.name.endswith(".part") for path in download_dir.iterdir()] == [True]  # the zip, unpublished
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, BagScreen), "the exports closed")
            held.release()
            await wait_until(pilot, lambda: list(download_dir.iterdir()) == [], "nothing left in the folder")
            await pilot.pause(0.3)
            assert list(download_dir.iterdir()) == []
