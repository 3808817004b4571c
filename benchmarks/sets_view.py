"""The sets view (issue 32) over the whole @iconify/json, against a plain search in the same run.

    python benchmarks/sets_view.py [--rounds 5] [--from /work/data/iconify-json/package/json]

Every app is the real `IconcatApp(view="gallery")`, headless at 120x36, on the sets from disk answered
in-process as `iconcat browse --from PATH` answers them (`iconcat.catalogue.embedded`, no socket), the
index built beforehand, outside the timing, in `ICONCAT_CACHE_DIR` (kept between runs: build it once).
Each round is a new app with an empty memory (XDG_DATA_HOME of this run) and imaging's caches emptied,
so every picture is cold: fetched from the catalogue (drawn from its SVG) and drawn in cells. A moment
is the first frame the app writes (`App._display`) once the state waited for holds (polled every 2 ms).
Printed, never asserted (this is not a test):

- baseline: a plain search ("arrow", as Enter starts it) to the first frame showing its results;
- `ctrl+s` (sent through the driver, as a terminal's key) to the first frame showing the sets; then to
  the frame with every sample picture on screen drawn (cold previews);
- opening MDI (typed "mdi" in the view, its row highlighted, Enter) to the first frame with its tiles
  laid out (and, of that, Enter to its answer handed to `ResultsController.show`: the search's part;
  the rest is the view closing, the facet panel opening and the frame), then to the facet panel's
  counts complete (every page followed: the style counts add up to the set's 7,475 icons).

Goals: the first frame <= 200 ms, every sample <= 1 s, MDI's first tiles <= 300 ms, counts <= 2 s.
Median, best and worst of the rounds, and each as a ratio of the round's own baseline. The machine is
shared: read the ratios, and the load average printed.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import statistics
import tempfile
import time
from pathlib import Path

WHOLE_COLLECTION = Path("/work/data/iconify-json/package/json")
SIZE = (120, 36)
GOALS_MS = {"sets first frame": 200, "samples drawn": 1000, "mdi first tiles": 300, "mdi counts complete": 2000}
WAIT = 30.0


class Frames:
    """When the app writes frames (wrapping `App._display`)."""

    def __init__(self, app) -> None:
        self.times: list[float] = []
        original = app._display

        def display(screen, renderable) -> None:
            original(screen, renderable)
            if renderable is not None:
                self.times.append(time.perf_counter())

        app._display = display

    async def after(self, condition, what: str) -> float:
        """The moment of the first frame written once `condition()` holds."""
        deadline = time.perf_counter() + WAIT
        while not condition():
            if time.perf_counter() > deadline:
                raise RuntimeError(f"gave up waiting for {what}")
            await asyncio.sleep(0.002)
        held = time.perf_counter()
        while not self.times or self.times[-1] < held:
            if time.perf_counter() > deadline:
                raise RuntimeError(f"no frame after {what}")
            await asyncio.sleep(0.002)
        return next(moment for moment in self.times if moment >= held)


def clear_imaging_caches() -> None:
    from iconcat.imaging import decoded_cache, rendered_cache

    decoded_cache.clear()
    rendered_cache.clear()


def send_key(app, key: str, character: str | None = None) -> None:
    from textual import events

    event = events.Key(key, character)
    event.set_sender(app)
    app._driver.send_message(event)


async def one_round(make, download_dir: str) -> dict[str, float]:
    from iconcat.browsing.search_state import SearchPhase
    from iconcat.tui.screens.sets import SetsScreen
    from iconcat.tui.widgets import FacetPanel, Gallery

    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="iconcat-sets-view-bench-")
    clear_imaging_caches()
    gc.collect()
    app = make()
    figures: dict[str, float] = {}
    async with app.run_test(size=SIZE) as pilot:
        frames = Frames(app)
        browser = app.browser
        await frames.after(lambda: browser.link.is_ready and browser.memory is not None, "the catalogue open")
        await pilot.pause(0.2)
        started = time.perf_counter()
        browser.start_search("arrow", immediate=True)
        shown = await frames.after(lambda: browser.search_state.phase is SearchPhase.RESULTS, "arrow's results")
        figures["baseline: search first frame"] = shown - started
        await pilot.pause(0.3)

        started = time.perf_counter()
        send_key(app, "ctrl+s")

        def view():
            screen = app.screen
            return screen if isinstance(screen, SetsScreen) else None

        first = await frames.after(lambda: view() is not None and view().sets is not None, "the sets shown")
        figures["sets first frame"] = first - started

        def samples_drawn() -> bool:
            screen = view()
            if screen is None:
                return False
            board = screen.board
            spec, per_row = board.render_spec(), board.pictures_per_row()
            shown_sets = board.sets_in_view()
            if not shown_sets:
                return False
            for index in shown_sets:
                icons = board._samples(board.board_layout.entries[index])
                if icons is None:
                    return False
                for icon in icons[:per_row]:
                    key = spec.key(icon.id)
                    if board.loader.tile(key) is None and board.loader.tile_failure(key) is None:
                        return False
            return True

        drawn = await frames.after(samples_drawn, "every sample on screen drawn")
        figures["samples drawn"] = drawn - started
        screen = view()
        screen.query_one("#sets-filter").value = "material design icons"
        await frames.after(
            lambda: screen.board.highlighted_set is not None and screen.board.highlighted_set.prefix == "mdi",
            "MDI highlighted",
        )
        await pilot.pause(0.3)
        shown_at: list[float] = []
        show = browser.results.show

        def timed_show(*args, **options):
            shown_at.append(time.perf_counter())
            return show(*args, **options)

        browser.results.show = timed_show
        started = time.perf_counter()
        send_key(app, "enter")

        def gallery_laid_out() -> bool:
            if view() is not None or browser.search_state.phase is not SearchPhase.RESULTS:
                return False
            gallery = browser.query_one("#gallery", Gallery)
            return bool(gallery.icons) and bool(gallery.tiles_in_view())

        tiles = await frames.after(gallery_laid_out, "MDI's first tiles")
        figures["mdi first tiles"] = tiles - started
        figures["  of which: Enter -> answer shown"] = shown_at[0] - started if shown_at else float("nan")

        def counts_complete() -> bool:
            facets = browser.query_one(FacetPanel)
            styles = facets._facets.get("style") or ()
            return not browser.search_state.following and sum(value.count for value in styles) == 7475

        complete = await frames.after(counts_complete, "the facet counts complete")
        figures["mdi counts complete"] = complete - started
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--from", dest="path", type=Path, default=WHOLE_COLLECTION)
    args = parser.parse_args()
    from iconcat.catalogue.embedded import EmbeddedCatalogue
    from iconcat.catalogue.kinds import sets_spec
    from iconcat.catalogue.local_sets import LocalSets
    from iconcat.sources.serving import open_sources, sources_title
    from iconcat.tui.app import IconcatApp
    from iconcat.tui.connection import Connection

    cache = Path(os.environ.get("ICONCAT_CACHE_DIR") or tempfile.mkdtemp(prefix="iconcat-sets-view-cache-"))
    started = time.perf_counter()
    served = open_sources([str(args.path)], folder=cache)
    print(
        f"{len(served.index.units)} sets, {len(served):,} icons at {args.path}; index ready in "
        f"{time.perf_counter() - started:.1f} s (outside the timing; cache {cache})"
    )
    spec = sets_spec([str(args.path)], title=sources_title(served))
    download_dir = tempfile.mkdtemp(prefix="iconcat-sets-view-downloads-")

    def make():
        connection = Connection(spec, Path(download_dir), local=LocalSets((str(args.path),)))
        return IconcatApp(
            connection, view="gallery", catalogue_factory=lambda chosen: EmbeddedCatalogue(chosen.spec, served=served)
        )

    warm = asyncio.run(one_round(make, download_dir))  # imports, the raster worker's start: not counted
    print("warm-up round (not counted): " + ", ".join(f"{name} {value * 1000:.0f} ms" for name, value in warm.items()))
    rounds = [asyncio.run(one_round(make, download_dir)) for _ in range(args.rounds)]
    print(f"load average {os.getloadavg()[0]:.1f}; {args.rounds} rounds at {SIZE[0]}x{SIZE[1]}, median (best-worst):")
    for name in rounds[0]:
        values = [entry[name] * 1000 for entry in rounds]
        ratios = [entry[name] / entry["baseline: search first frame"] for entry in rounds]
        line = (
            f"  {name:34} {statistics.median(values):7.0f} ms ({min(values):.0f}-{max(values):.0f})"
            f"  {statistics.median(ratios):5.2f}x the search's first frame"
        )
        goal = GOALS_MS.get(name)
        if goal is not None:
            median = statistics.median(values)
            line += f"  goal <= {goal} ms: {'met' if median <= goal else f'NOT met by {median - goal:.0f} ms'}"
        print(line)
    served.index.close()


if __name__ == "__main__":
    main()
