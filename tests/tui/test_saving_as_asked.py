"""Files saved as asked in the app (`--color`, `--format svg --size N`, `--no-attribution`, handed to
`run_browser` as the command line hands them): the picker, the bag's "download all" and `y`'s SVG
markup, through the real start path over real icons from disk (copied into the test's folder) and the
demo. Every SVG saved parses and draws as its icon in the colour asked (resvg, PSNR >= 40 dB)."""

from __future__ import annotations

import dataclasses
import re
import select
from pathlib import Path

import pytest
from textual.widgets import OptionList, Select

from iconcat.browsing.download_jobs import DownloadStatus
from iconcat.browsing.picking import PickRequest
from iconcat.catalogue.choose import CatalogueChoice
from iconcat.catalogue.local_sets import LocalSets
from iconcat.config import Settings
from iconcat.disk.svg_output import OutputOptions
from iconcat.imaging.svg_raster import rasterise, shutdown
from iconcat.tui import run_browser
from iconcat.tui.screens import BagScreen, VariantPicker
from tests.support.real_icons import REAL_SETS, write_real_sets
from tests.support.svg_output import ALIKE_DB, drawn_psnr, parsed_root, png_psnr, source_svg
from tests.support.tui import SIZE, results_settled, search, wait_until
from tests.support.tui_steps import copy

pytestmark = pytest.mark.skipif(not hasattr(select, "poll"), reason="SVG is drawn on POSIX only")

COLOUR = "#e11d48"


@pytest.fixture(scope="module", autouse=True)
def stop_workers():
    yield
    shutdown()


def source(iconify: str) -> str:
    prefix, key = iconify.split(":")
    return source_svg(REAL_SETS[prefix], key)


def notices(app) -> list[str]:
    return [str(note.message) for note in app._notifications]


async def results_for(pilot, query: str) -> None:
    browser = pilot.app.browser
    await wait_until(
        pilot, lambda: browser.searches.last_query == query and results_settled(pilot.app), f"results for {query}"
    )
    await wait_until(pilot, lambda: browser.memory is not None, "the memory opened")
    browser.action_focus_results()
    await pilot.pause()


async def picked(pilot, label: str) -> DownloadStatus:
    """The picker opened on the highlighted icon, `label` chosen; the download's end."""
    app = pilot.app
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker) and app.screen.is_mounted, "the picker")
    await pilot.pause()
    options = app.screen.query_one(OptionList)
    labels = [str(option.prompt) for option in options.options]
    wanted = next(index for index, shown in enumerate(labels) if shown.startswith(label))
    moves = wanted - (options.highlighted or 0)
    for _ in range(abs(moves)):
        await pilot.press("down" if moves > 0 else "up")
    assert app.screen.highlighted_choice.label == label
    before = len(app.downloads)
    await pilot.press("enter")
    await wait_until(pilot, lambda: len(app.downloads) > before and app.downloads[-1].status.finished, "the end")
    return app.downloads[-1].status


def run_on_real_sets(tmp_path: Path, query: str, output: OutputOptions) -> int:
    settings = Settings(base_url=None, token=None, download_dir=tmp_path / "downloads")
    paths = [str(path) for path in write_real_sets(tmp_path / "sets")]
    return run_browser(settings, query=query, choice=CatalogueChoice.sets(LocalSets(tuple(paths))), output=output)


def test_the_picker_saves_the_svg_and_the_pngs_in_the_colour_asked(headless_run, tmp_path: Path) -> None:
    seen: dict[str, object] = {}

    async def steer(pilot) -> None:
        await results_for(pilot, "tabler:trash")
        seen["icon"] = pilot.app.browser.highlighted_member().iconify
        seen["svg"] = await picked(pilot, "SVG · vector"), pilot.app.downloads[-1].saved_path
        seen["png"] = await picked(pilot, "PNG · 64 px (from SVG)"), pilot.app.downloads[-1].saved_path
        seen["big"] = await picked(pilot, "PNG · 512 px"), pilot.app.downloads[-1].saved_path

    headless_run(steer)
    assert run_on_real_sets(tmp_path, "tabler:trash", OutputOptions(colour=COLOUR, svg_size=48)) == 0
    assert seen["icon"] == "tabler:trash"
    status, path = seen["svg"]
    assert status is DownloadStatus.DONE and path.name == "tabler-trash-48.svg"
    text = path.read_text(encoding="utf-8")
    assert parsed_root(text).get("width") == "48" and "currentColor" not in text and "Icon from Tabler Icons" in text
    assert drawn_psnr(text, source("tabler:trash"), 48, COLOUR) >= ALIKE_DB
    for key, size in (("png", 64), ("big", 512)):
        status, path = seen[key]
        assert status is DownloadStatus.DONE
        assert png_psnr(path.read_bytes(), rasterise(source("tabler:trash"), size, colour=COLOUR)) >= ALIKE_DB


def test_the_bags_download_all_saves_every_svg_as_asked(headless_run, tmp_path: Path) -> None:
    seen: dict[str, object] = {}

    async def steer(pilot) -> None:
        app = pilot.app
        await results_for(pilot, "trash")
        icons = list(app.browser.searches.result.icons)
        seen["icons"] = sorted(icon.iconify for icon in icons)
        app.browser.bag.mark(icons)
        await pilot.press("b")
        await wait_until(pilot, lambda: isinstance(app.screen, BagScreen), "the bag screen")
        await pilot.pause()
        await pilot.press("d")
        await wait_until(pilot, lambda: app.browser.bag.batch is not None, "the batch")
        await wait_until(pilot, lambda: not app.browser.bag.running, "the batch ended", timeout=60)
        seen["items"] = [(item.icon.iconify, item.state.name, item.path) for item in app.browser.bag.batch.items]

    headless_run(steer)
    assert run_on_real_sets(tmp_path, "trash", OutputOptions(colour=COLOUR, svg_size=32, attribution=False)) == 0
    assert seen["icons"] == ["ph:trash-duotone", "tabler:trash"]
    assert sorted(iconify for iconify, _state, _path in seen["items"]) == seen["icons"]  # the bag's default: SVG
    for iconify, state, path in seen["items"]:
        assert state == "SAVED" and path.suffix == ".svg" and path.name.endswith("-32.svg"), (iconify, path)
        text = path.read_text(encoding="utf-8")
        root = parsed_root(text)
        assert (root.get("width"), root.get("height")) == ("32", "32") and "<!--" not in text
        assert not re.search("currentcolor", text, re.IGNORECASE)
        assert drawn_psnr(text, source(iconify), 32, COLOUR) >= ALIKE_DB


def test_y_copies_the_svg_markup_as_it_would_be_saved(headless_run, tmp_path: Path) -> None:
    seen: dict[str, object] = {}

    async def steer(pilot) -> None:
        app = pilot.app
        await results_for(pilot, "mdi:account")
        await copy(pilot, "svg")
        await wait_until(pilot, lambda: "</svg>" in (app.clipboard or ""), "the SVG markup copied")
        seen["clipboard"] = app.clipboard
        await copy(pilot, "as-jsx")
        await wait_until(pilot, lambda: "export default function" in (app.clipboard or ""), "the JSX copied")
        seen["jsx"] = app.clipboard

    headless_run(steer)
    assert run_on_real_sets(tmp_path, "mdi:account", OutputOptions(colour=COLOUR)) == 0
    text = str(seen["clipboard"])
    assert "currentColor" not in text and "by Pictogrammers - Apache 2.0" in text
    assert drawn_psnr(text, source("mdi:account"), 64, COLOUR) >= ALIKE_DB
    assert f'fill="{COLOUR}"' in str(seen["jsx"]) and "currentColor" not in str(seen["jsx"])  # its snippets too


def test_the_picker_over_the_demo_says_nothing_was_coloured(headless_run, tmp_path: Path) -> None:
    seen: dict[str, object] = {}

    async def steer(pilot) -> None:
        await results_for(pilot, "star")
        seen["svg"] = await picked(pilot, "SVG · vector"), pilot.app.downloads[-1].saved_path
        await wait_until(pilot, lambda: any("nothing was coloured" in said for said in notices(pilot.app)), "said")

    headless_run(steer)
    settings = Settings(base_url=None, token=None, download_dir=tmp_path / "downloads")
    assert run_browser(settings, query="star", choice=CatalogueChoice.demo(), output=OutputOptions(colour="teal")) == 0
    status, path = seen["svg"]
    assert status is DownloadStatus.DONE and "teal" not in path.read_text(encoding="utf-8")


async def test_pick_multi_format_svg_size_n_has_the_bag_save_every_svg_that_size(make_app, connection, download_dir):
    # As `iconcat pick --multi --format svg --size 64` hands it to the app: the request, and the size of the SVGs.
    asked = dataclasses.replace(connection, output=OutputOptions(svg_size=64))
    app = make_app(asked, pick=PickRequest(fmt="svg", size=64, multi=True))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        await search(pilot, "arrow")
        app.browser.action_focus_results()
        await pilot.pause()
        await pilot.press("enter", "down", "enter")  # two arrows into the pick's bag
        await wait_until(pilot, lambda: len(app.browser.bag) == 2, "two in the pick's bag")
        await pilot.press("b")
        await wait_until(pilot, lambda: isinstance(app.screen, BagScreen), "the bag screen")
        await pilot.pause()
        chooser = app.screen.query_one("#bag-variant", Select)
        assert chooser.value == ("svg", 64), chooser.value  # as asked, not the first format offered
        await pilot.press("d")
        await wait_until(pilot, lambda: not app.is_running, "the pick to end", timeout=60)
    assert app.return_code == 0 and len(app.picked) == 2
    for path in app.picked:
        assert path.suffix == ".svg" and path.name.endswith("-64.svg"), path
        root = parsed_root(path.read_text(encoding="utf-8"))
        assert (root.get("width"), root.get("height")) == ("64", "64")
