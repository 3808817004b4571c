"""Regenerate screenshots/*.svg by driving the real browser on the embedded demo catalogue.

    python scripts/screenshots.py                   # writes screenshots/*.svg
    python scripts/screenshots.py --out DIR         # somewhere else
    python scripts/screenshots.py --only real-sets  # one shot (or several: --only gallery --only bag)

One shot, `real-sets.svg`, shows real icons: the MIT/ISC-licensed Tabler Icons, Phosphor and Lucide,
answered in-process as `iconcat --from … --color '#7aa2f7'` answers them. Name the
three packages' folders in `ICONCAT_SCREENSHOT_SETS` (or `--sets`), separated by the platform's path
separator (`:`); without them that shot is skipped with a line saying why, the others made as always:

    npm pack @iconify-json/tabler @iconify-json/ph @iconify-json/lucide   # three .tgz files
    for f in iconify-json-*.tgz; do mkdir -p "${f%.tgz}" && tar -xzf "$f" -C "${f%.tgz}"; done
    ICONCAT_SCREENSHOT_SETS=$PWD/iconify-json-tabler-1.2.41/package:... python scripts/screenshots.py

(or `npm install @iconify-json/tabler @iconify-json/ph @iconify-json/lucide` and name
`node_modules/@iconify-json/tabler` and the others). Their index is built in a temporary folder, so
the user cache is not touched.

Each shot is the real app (the same code `iconcat browse --demo` runs: the demo in-process), steered with
Textual's Pilot and exported with `App.save_screenshot`; the downloads shot asks a slow twin of the demo
over HTTP (every answer 1.5 s late, so a download can be caught running), named as the demo is.
Downloads go into a temporary folder (shown as `downloads/…`), so nothing is written outside it. Waits
are for states (results listed, preview drawn), not for time, so the pictures are the same on every run.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from iconcat.browsing.download_jobs import DownloadStatus
from iconcat.browsing.search_state import SearchPhase
from iconcat.catalogue.kinds import demo_spec, sets_spec
from iconcat.server import DEMO_TOKEN, start_catalogue
from iconcat.tui.app import IconcatApp
from iconcat.tui.connection import Connection
from iconcat.tui.controllers.catalogue_link import CatalogueFactory, default_catalogue_factory
from iconcat.tui.screens import BagScreen, VariantPicker
from iconcat.tui.widgets import DownloadRow, FacetPanel, Gallery, ResultsList, Thumbnail

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root: helpers shared with the tests
from tests.support.tui import gallery_tiles_drawn, wait_until

ROOT = Path(__file__).resolve().parent.parent
SHOTS = (
    "gallery",
    "gallery-small",
    "filters",
    "search-results",
    "detail-thumbnail",
    "variant-picker",
    "small-terminal",
    "bag",
    "remembered",
    "real-sets",
    "meaning",
    "sets",
    "downloads",
)
"""Every shot's name (its file is `NAME.svg`), in the order they are made."""
Steer = Callable[[Pilot], Awaitable[None]]
"""What a shot does in the app before it is taken."""
REAL_SETS_ENV = "ICONCAT_SCREENSHOT_SETS"
REAL_SETS = ("Tabler Icons", "Phosphor", "Lucide")
"""The sets the real-sets shot is made from (by the names their `info.json` gives): licensed MIT, MIT, ISC."""
REAL_SETS_COLOUR = "#7aa2f7"
"""`currentColor` painted as `--color '#7aa2f7'` paints it (the default black reads dimly on a dark theme)."""


async def settle(pilot: Pilot) -> None:
    """Results listed, the highlighted icon's preview drawn, no blinking cursor."""
    app = pilot.app
    for field in app.query(Input):
        field.cursor_blink = False
    await wait_until(pilot, lambda: app.browser.search_state.phase is SearchPhase.RESULTS, "results")
    thumbnail = app.query_one(Thumbnail)
    await wait_until(pilot, lambda: thumbnail.settled, "the preview drawn")


async def shoot(
    name: str,
    connection: Connection,
    out: Path,
    query: str,
    steer: Callable[[Pilot], Awaitable[None]] | None = None,
    size: tuple[int, int] = (120, 36),
    view: str = "list",
    group: bool = False,
    catalogue_factory: CatalogueFactory = default_catalogue_factory,
) -> Path:
    """Run the app (`group`: grouped by name; `catalogue_factory`: how its catalogue is made), steer it,
    save `out/name.svg`."""
    app = IconcatApp(connection, query=query, view=view, group=group, catalogue_factory=catalogue_factory)
    app.theme = "textual-dark"
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if steer is not None:
            await steer(pilot)
        await pilot.pause()
        path = Path(app.save_screenshot(filename=f"{name}.svg", path=str(out)))
    return path


async def gallery_drawn(pilot: Pilot) -> None:
    gallery = pilot.app.query_one(Gallery)
    gallery.focus()
    await wait_until(pilot, lambda: gallery_tiles_drawn(gallery), "every tile's picture")


async def on_the_trash_can(pilot: Pilot) -> None:
    """The gallery drawn, then the highlight moved to Trash: the detail pane says what found it."""
    await gallery_drawn(pilot)
    gallery = pilot.app.query_one(Gallery)
    for _ in range(30):
        icon = gallery.highlighted_icon
        if icon is not None and icon.name == "Trash":
            break
        await pilot.press("right")
    await pilot.pause(0.3)
    await settle(pilot)


async def facets_open(pilot: Pilot) -> None:
    await gallery_drawn(pilot)
    await pilot.press("f")
    await wait_until(pilot, lambda: pilot.app.focused is pilot.app.query_one(FacetPanel), "the facet panel")
    await pilot.press("down", "down")


async def move_to_a_colour_icon(pilot: Pilot) -> None:
    results = pilot.app.query_one(ResultsList)
    results.focus()
    index = next((i for i, icon in enumerate(results.icons) if icon.style.name.lower() == "colour"), 0)
    results.highlighted = index
    await pilot.pause()
    await settle(pilot)


async def open_picker(pilot: Pilot) -> None:
    pilot.app.query_one(ResultsList).focus()
    await pilot.press("down", "down", "down")
    await settle(pilot)
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, VariantPicker), "the variant picker")
    await pilot.press("down")


async def downloads_running_and_done(pilot: Pilot) -> None:
    app = pilot.app
    results = app.query_one(ResultsList)
    results.focus()
    first = results.icons[0]
    app.start_download(first, first.variants[0])
    await wait_until(pilot, lambda: app.downloads[0].status is DownloadStatus.DONE, "the first download")
    await wait_until(pilot, lambda: app.query(DownloadRow).first().has_class("-done"), "its row showing it done")
    await pilot.press("down", "down")
    await settle(pilot)
    second = results.highlighted_icon
    app.start_download(second, second.variants[-1])  # still waiting on the slow catalogue in the shot
    app.clear_notifications()
    await wait_until(pilot, lambda: app.query(".download-bar").last().region.width > 0, "the second row")


async def bag_downloaded(pilot: Pilot) -> None:
    """Three icons in the bag, two favourites (for the next shot), then the bag's "download all" done."""
    app = pilot.app
    await gallery_drawn(pilot)
    await wait_until(pilot, lambda: app.browser.bag.memory is not None, "the memory open")
    await pilot.press("space", "right", "space", "asterisk", "right", "right", "space", "down", "asterisk")
    await wait_until(pilot, lambda: len(app.browser.bag) == 3, "three icons in the bag")
    await pilot.press("b")
    await wait_until(pilot, lambda: isinstance(app.screen, BagScreen), "the bag")
    await pilot.press("d")
    await wait_until(pilot, lambda: app.browser.bag.batch is not None and not app.browser.bag.running, "the batch")
    await pilot.pause(0.2)
    app.clear_notifications()


async def remembered_shown(pilot: Pilot) -> None:
    """The empty search box: the favourites, then the recent icons."""
    app = pilot.app
    app.clear_notifications()
    await pilot.press("down")
    await gallery_drawn(pilot)


async def sets_view_shown(pilot: Pilot) -> None:
    """`ctrl+s` over the results: the sets view, every sample on screen drawn, the second set highlighted."""
    from iconcat.tui.screens.sets import SetsScreen

    app = pilot.app
    await pilot.press("ctrl+s")
    await wait_until(pilot, lambda: isinstance(app.screen, SetsScreen) and app.screen.sets, "the sets listed")
    app.screen.query_one(Input).cursor_blink = False
    board = app.screen.board

    def drawn() -> bool:
        spec, per_row = board.render_spec(), board.pictures_per_row()
        for index in board.sets_in_view():
            icons = board._samples(board.board_layout.entries[index])
            if icons is None or any(board.loader.tile(spec.key(icon.id)) is None for icon in icons[:per_row]):
                return False
        return True

    await wait_until(pilot, drawn, "every sample on screen drawn")
    await pilot.press("down")


def real_sets_missing(folders: list[str]) -> str:
    """Why the real-sets shot cannot be made from `folders` ("" when it can)."""
    if not folders:
        return f"{REAL_SETS_ENV} (or --sets) names no folders: Tabler, Phosphor and Lucide, see this script's docstring"
    absent = [folder for folder in folders if not Path(folder).exists()]
    if absent:
        return f"{', '.join(absent)} not found"
    return ""


async def real_sets_shot(
    out: Path,
    folders: list[str],
    scratch: Path,
    name: str = "real-sets",
    query: str = "heart",
    steer: Steer = gallery_drawn,
) -> Path:
    """The gallery of `query` over Tabler, Phosphor and Lucide, grouped by name (`g`: one glyph's styles
    and sets together), answered in-process as `--from` answers them with `--color`, from an index of
    its own in `scratch` (not the user cache). "meaning" searches "delete": no set names a trash can
    so, and the detail pane says what found it ("Found by the tag delete"). "sets" opens the sets view
    over them (`ctrl+s`), every sample drawn."""
    from iconcat.catalogue.embedded import EmbeddedCatalogue
    from iconcat.catalogue.local_sets import LocalSets
    from iconcat.sources.serving import open_sources, sources_title

    catalogue = open_sources(
        folders,
        colour=REAL_SETS_COLOUR,
        folder=scratch / "index",
        warn=lambda line: print(line, file=sys.stderr),
    )
    served = sorted({unit.record.name for unit in catalogue.index.units.values()})
    if served != sorted(REAL_SETS):
        print(f"real-sets: serving {', '.join(served)}, not only {', '.join(REAL_SETS)}", file=sys.stderr)
    local = LocalSets(tuple(folders), REAL_SETS_COLOUR)
    spec = sets_spec(local.arguments, local.colour, title=sources_title(catalogue))
    try:
        return await shoot(
            name,
            Connection(spec, Path("downloads"), local=local),
            out,
            query,
            steer,
            view="gallery",
            group=True,
            catalogue_factory=lambda connection: EmbeddedCatalogue(connection.spec, served=catalogue),
        )
    finally:
        catalogue.index.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots", help="folder for the SVG files")
    parser.add_argument(
        "--only", action="append", choices=SHOTS, metavar="NAME", help="make this shot alone (repeatable)"
    )
    parser.add_argument(
        "--sets",
        default=os.environ.get(REAL_SETS_ENV, ""),
        help=f"the Tabler, Phosphor and Lucide packages' folders, {os.pathsep!r}-separated (default: ${REAL_SETS_ENV})",
    )
    args = parser.parse_args(argv)
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    folders = [folder for folder in args.sets.split(os.pathsep) if folder.strip()]

    def wanted(name: str) -> bool:
        return not args.only or name in args.only

    async def run_all() -> list[Path]:
        shots: list[Path] = []
        with tempfile.TemporaryDirectory(prefix="iconcat-shots-") as scratch:
            os.chdir(scratch)  # downloads show as "downloads/…", not a temporary path
            # A memory of its own (favourites, bag, remembered theme and view): not the developer's.
            os.environ["XDG_DATA_HOME"] = str(Path(scratch) / "data")
            # A slow twin of the demo over HTTP (every answer waits 1.5 s), so a download can be caught running.
            slow = start_catalogue(token=DEMO_TOKEN, latency_ms=1500)
            try:
                fast = Connection(demo_spec(), Path("downloads"))  # in-process, as `browse --demo`
                demo_shots: list[tuple[str, Connection, str, Steer | None, dict[str, Any]]] = [
                    ("gallery", fast, "arrow", gallery_drawn, {"view": "gallery"}),
                    ("gallery-small", fast, "heart", gallery_drawn, {"size": (80, 24), "view": "gallery"}),
                    ("filters", fast, "arrow style:fil", facets_open, {"view": "gallery"}),
                    ("search-results", fast, "arrow", None, {}),
                    ("detail-thumbnail", fast, "heart", move_to_a_colour_icon, {}),
                    ("variant-picker", fast, "home", open_picker, {}),
                    ("small-terminal", fast, "star", None, {"size": (80, 24)}),
                    ("bag", fast, "bell", bag_downloaded, {"view": "gallery"}),
                    ("remembered", fast, "", remembered_shown, {"view": "gallery"}),
                ]
                for name, connection, query, steer, options in demo_shots:
                    if wanted(name):
                        shots.append(await shoot(name, connection, out, query, steer, **options))
                if wanted("real-sets"):
                    why_not = real_sets_missing(folders)
                    if why_not:
                        print(f"real-sets.svg not made: {why_not}", file=sys.stderr)
                    else:
                        shots.append(await real_sets_shot(out, folders, Path(scratch)))
                if wanted("meaning"):
                    why_not = real_sets_missing(folders)
                    if why_not:
                        print(f"meaning.svg not made: {why_not}", file=sys.stderr)
                    else:
                        shots.append(
                            await real_sets_shot(out, folders, Path(scratch), "meaning", "delete", on_the_trash_can)
                        )
                if wanted("sets"):
                    why_not = real_sets_missing(folders)
                    if why_not:
                        print(f"sets.svg not made: {why_not}", file=sys.stderr)
                    else:
                        shot = await real_sets_shot(out, folders, Path(scratch), "sets", "heart", sets_view_shown)
                        shots.append(shot)
                if wanted("downloads"):  # (last: it leaves the slow twin a request to answer)
                    from iconcat.catalogue.service import ServiceCatalogue

                    def slow_twin(connection: Connection) -> ServiceCatalogue:  # (named as the demo is)
                        return ServiceCatalogue(connection.spec, slow.base_url, DEMO_TOKEN)

                    shot = await shoot(
                        "downloads", fast, out, "bell", downloads_running_and_done, catalogue_factory=slow_twin
                    )
                    shots.append(shot)
            finally:
                # Let the slow twin answer the request the last shot left waiting, so it stops quietly.
                await asyncio.sleep(2)
                slow.stop()
                os.chdir(ROOT)
        return shots

    for path in asyncio.run(run_all()):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
