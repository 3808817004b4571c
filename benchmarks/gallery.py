"""The gallery's speed and memory, each against a baseline measured in the same run (issue 12).

    python benchmarks/gallery.py [--rounds 5] [--frames 20] [--results 2000] [--from PATH]

Every app is the real `IconcatApp(view="gallery")`, headless at 120x36, on the embedded catalogue
started in this process on loopback (`iconcat.server.start_catalogue`, as `browse --demo` does), with
its startup objects frozen out of the garbage collector's way as `run_browser` runs it. Frames are
timed as benchmarks/tui.py times them: the moment `App._display` writes the first frame that shows
what is waited for (`PaintClock`), keys are sent through the driver as a terminal's would be (no
Pilot waits in between). Printed, never asserted (this is not a test):

1. Cold gallery: from the search answer landing (`ResultsController.show` entered) to the first frame in
   which every tile on screen shows its picture, nothing cached (the loader and thumbnail cache new
   or emptied, imaging's module caches and Rich's parse caches emptied). A tile counts as drawn once
   the loader's `Rendered` for it has been handled (`Gallery.previews_changed`) with its strips in
   `loader.tile(...)`. Two cases, `--rounds` each:
   a. the first search of a new app (typed on the prompt, where the gallery is hidden);
   b. a new search over a gallery on show (one app; "arrow" and "cloud" in turn), caches emptied
      before each (`previews.reset()`, `thumbnails.clear()`).
   Cold includes the browser's memory (issue 14 keeps previews on disk): every app, and every round
   of b, starts with an empty one in a folder of this run (XDG_DATA_HOME; the run never touches the
   developer's own), so each preview is fetched, then kept by the memory's writer thread, as on a
   first visit. Until 2026-11-24 the rounds shared one memory (the developer's own), so most rounds
   read their previews from disk instead of fetching them, and the loop was compared with a cache;
   `--kept-previews` measures that way again, for comparison.
   Baseline in the same run: a bare `httpx.AsyncClient` loop fetching the same previews (the tiles on
   screen: same URLs, same Authorization header, at most 6 at once through a semaphore; its
   connections cold in a, warm in b, as the app's are), bytes only (no decoding, no drawing), after a
   full garbage collection (the apps run with their start-up objects frozen; without it the loop
   once paid 335 ms for the apps' leftovers). The catalogue runs in this process, as `browse --demo`
   runs it: the loop and the app share the interpreter lock with it alike (`--latency` adds a
   service's delay to every answer, to see the gallery's cost over a service that takes time). Median,
   best and worst, and the median moments after the answer (first frame written, loader told the
   tiles, first fetch, last preview on screen in, last tile on screen rendered): where the time goes.
   Goals: <= 1.3x the loop, and every tile on screen within 400 ms.
2. Cached frames: PgDn then PgUp over a gallery whose tiles are all drawn already, and `v` switching
   gallery -> list -> gallery: key sent to the first frame written with the move (highlight moved,
   tiles on screen drawn; for `v`, the other view laid out in place of the first), each key sent to
   a quiet app (nothing loading, no frame for QUIET seconds). Also the frame in which the detail pane
   shows the newly highlighted icon (a later frame). Median and worst of `--frames` of each. Goal:
   <= 16 ms per frame (judged on the median).
3. Memory: the resident set (VmRSS) of a fresh process running the gallery, after PgDn from the
   first tile to the last row of `--results` results with every screen's tiles drawn before the next
   PgDn (the catalogue runs in this process, so its memory is not counted). The demo catalogue has
   1,802 icons and its broadest one-letter search ("e") matches 1,022, so no search reaches 2,000:
   the run shows the whole catalogue (fetched with an empty search on a `page_size=2000` catalogue
   and handed to the app as its answer), topped up to `--results` with copies under new ids (as
   benchmarks/tui.py's `many_icons`; their previews are fetched and kept per id like any other);
   and, for the typed path, the search "e" (every match on one page). Baseline: a bare Textual app
   (one Static) at the same size in a fresh process. Goal: <= 150 MB.
4. The whole collection (issue 24): the same app on the embedded catalogue serving icon sets from
   disk (`--from PATH`, default `$ICONCAT_BENCH_FROM`, else the unpacked `@iconify/json` at
   `FROM_DEFAULT`: 243 sets, ~380,000 icons; the section is skipped, saying so, when the path is
   absent), as `iconcat --from PATH` serves it: in-process since session 35 (`iconcat.catalogue.embedded`
   over `open_sources`' catalogue, no socket; until then over HTTP to a server thread on loopback), the
   index built or brought up to date beforehand, outside the timing, in `ICONCAT_CACHE_DIR` or the
   user's cache folder as found before this run moves XDG_CACHE_HOME. From Enter (the search started as Enter starts it,
   `start_search(…, immediate=True)`, in a new app on the prompt) to the first frame with every tile
   on screen drawn, QUERY ("arrow"), the browser cold as in 1a. The first round is also the
   catalogue's first: every preview drawn by the raster worker (printed alone); the median of the
   `--rounds` after it is over previews the catalogue keeps (a browser's second visit of the day).
   Baseline: the same measure on the demo catalogue (in-process too) in the same run, rounds alternating.
   Goal: <= 500 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from rich.color import Color
from rich.style import Style

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root: shared helpers
from benchmarks.tui import TOKEN, PaintClock, many_icons, rss_mb
from tests.support.server import auth

SIZE = (120, 36)
QUERY = "arrow"
"""Section 1 and 2's search: 119 matches, the catalogue's default first page of 48."""
OTHER_QUERY = "cloud"
"""Section 1's other search, for a new answer each round: 105 matches, a page of 48."""
MEMORY_QUERY = "e"
"""The demo catalogue's broadest one-letter search (1,022 matches)."""
CONCURRENCY = 6
"""Preview requests at once: the loader's MAX_IN_FLIGHT, and the baseline loop's semaphore."""
FROM_DEFAULT = "/work/realsets/iconify-json-2.2.535/package/"
"""Section 4's sets unless `--from` or ICONCAT_BENCH_FROM names others (the whole `@iconify/json`)."""
FROM_GOAL_MS = 500
COLD_GOAL_RATIO = 1.3
COLD_GOAL_MS = 400
FRAME_GOAL_MS = 16
MEMORY_GOAL_MB = 150
QUIET = 0.08
"""Seconds without a frame after which the app is taken to be done with the last key or answer: a
view switch relayouts the screen several times over some 150 ms (the footer recomposes)."""
WAIT = 30.0
"""Seconds to wait for anything before giving up (a broken run must still stop by itself)."""
KEPT_PREVIEWS = False
"""`--kept-previews`: section 1 as measured before 2026-11-24, the browser's memory shared by every
round, so that a round's previews may come from the memory's previews on disk (not cold)."""


# --------------------------------------------------------------------------------------- helpers


def clear_imaging_caches() -> None:
    """Empty every module-level cache a preview's decode and render can reuse (the loader's and the
    thumbnail cache are new with each app): decoded images, renders, imaging's cell styles, Rich's
    style and colour parse caches."""
    from iconcat.imaging import decoded_cache, rendered_cache, renderers

    decoded_cache.clear()
    rendered_cache.clear()
    clear_style_caches = getattr(renderers, "clear_style_caches", None)
    if clear_style_caches is not None:
        clear_style_caches()
    Style.parse.cache_clear()
    Color.parse.cache_clear()


def send_key(app, key: str, character: str | None = None) -> None:
    """Deliver a key as the terminal driver does (no Pilot waits around it)."""
    from textual import events

    event = events.Key(key, character)
    event.set_sender(app)
    app._driver.send_message(event)


async def until(condition: Callable[[], object], what: str, timeout: float = WAIT) -> None:
    """Let the app's loop run until `condition()` holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise RuntimeError(f"gave up waiting for {what}")
        await asyncio.sleep(0.005)


class LastFrame:
    """When the app last wrote a frame (wrapping `App._display`, as `PaintClock` does)."""

    def __init__(self, app) -> None:
        self.at = time.perf_counter()
        original = app._display

        def display(screen, renderable) -> None:
            original(screen, renderable)
            if renderable is not None:
                self.at = time.perf_counter()

        app._display = display

    async def quiet(self) -> None:
        """Wait until no frame has been written for QUIET seconds (the screen done with the last key)."""
        await until(lambda: time.perf_counter() - self.at >= QUIET, "a quiet screen")


def tiles_drawn(gallery) -> bool:
    """Every tile on screen has its picture (or its "no preview") in the loader."""
    shown = gallery.tiles_in_view()
    if not shown:
        return False
    spec = gallery.render_spec()
    loader = gallery.loader
    for index in shown:
        key = spec.key(gallery.icons[index].id)
        if loader.tile(key) is None and loader.tile_failure(key) is None:
            return False
    return True


def fresh_memory_home() -> None:
    """A new, empty folder for the browser's memory (XDG_DATA_HOME) of the next app: its previews kept on
    disk from an earlier round would be read instead of fetched, and the round would not be cold."""
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="iconcat-bench-data-")


def fresh_memory(app, base_url: str) -> None:
    """An empty memory for a running app (the old one closed, its writes done), as `fresh_memory_home`."""
    from iconcat.memory import Memory

    app.browser.use_memory(Memory.open(base_url, Path(tempfile.mkdtemp(prefix="iconcat-bench-data-")) / "m.sqlite3"))


def new_app(base_url: str, download_dir: str, query: str | None):
    from iconcat.tui.app import IconcatApp
    from iconcat.tui.connection import Connection

    return IconcatApp(Connection.service(base_url, TOKEN, Path(download_dir)), query=query, view="gallery")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:6.1f} ms"


# --------------------------------------------------------------------------------------- 1. cold


class AnswerProbe:
    """Times an app's next search answer: when it lands (`ResultsController.show` entered), when the loader
    is told the tiles, when fetches start, when each preview arrives and each tile is rendered, and
    the first frame written after the answer and with every tile on screen drawn."""

    def __init__(self, app) -> None:
        self.app = app
        self.marks: dict[str, float] = {}
        self.drawn: set[int] = set()
        self.arrivals: dict[int, float] = {}
        self.gallery = None
        loader = self.loader = app.browser.previews
        results = app.browser.results  # (the ResultsController puts each answer on screen)
        original_show = results.show
        original_want, original_pump, original_arrived = loader.want, loader._pump, loader._arrived

        def show_search_result(result, state, **options) -> None:
            self.marks.setdefault("landed", time.perf_counter())
            original_show(result, state, **options)

        def want(visible, ahead=(), **options) -> None:  # (spec, channel, first…: whatever the loader takes)
            if visible and "landed" in self.marks:
                self.marks.setdefault("asked", time.perf_counter())
            original_want(visible, ahead, **options)

        def pump() -> None:
            before = loader.started
            original_pump()
            if loader.started > before and "landed" in self.marks:
                self.marks.setdefault("first fetch", time.perf_counter())

        def arrived(icon, data) -> None:
            self.arrivals[icon.id] = time.perf_counter()
            original_arrived(icon, data)

        results.show = show_search_result
        loader.want, loader._pump, loader._arrived = want, pump, arrived

    def attach(self) -> None:
        """Once the app is running: hook the gallery, where the loader's Rendered messages land."""
        from iconcat.tui.widgets import Gallery

        gallery = self.gallery = self.app.query_one(Gallery)
        original_changed = gallery.previews_changed

        def previews_changed(icon_ids) -> None:
            icon_ids = tuple(icon_ids)
            original_changed(icon_ids)  # the tiles' lines are marked for the next frame
            spec = gallery.render_spec()
            for icon_id in icon_ids:
                key = spec.key(icon_id)
                if self.loader.tile(key) is not None or self.loader.tile_failure(key) is not None:
                    self.drawn.add(icon_id)
                    self.marks["last rendered"] = time.perf_counter()

        gallery.previews_changed = previews_changed
        self.clock, self.first_frame = PaintClock(self.app), PaintClock(self.app)

    def every_tile_drawn(self) -> bool:
        if "landed" not in self.marks:
            return False
        gallery = self.gallery
        shown = gallery.tiles_in_view()
        return bool(shown) and all(gallery.icons[index].id in self.drawn for index in shown)

    def arm(self) -> None:
        """Wait for the next answer (call before starting its search)."""
        self.marks.clear()
        self.drawn.clear()
        self.arrivals.clear()
        self.clock.arm(self.every_tile_drawn)
        self.first_frame.arm(lambda: "landed" in self.marks)

    async def measure(self) -> dict:
        painted = await self.clock.wait(WAIT)
        shown_at = await self.first_frame.wait(WAIT)
        gallery, marks = self.gallery, self.marks
        shown = [gallery.icons[index] for index in gallery.tiles_in_view()]
        spec = gallery.render_spec()
        landed = marks["landed"]
        return {
            "ours": painted - landed,
            "from enter": painted - marks.get("enter", landed),
            "first frame": shown_at - landed,
            "asked": marks.get("asked", painted) - landed,
            "first fetch": marks.get("first fetch", painted) - landed,
            "last arrived": max((self.arrivals.get(icon.id, painted) for icon in shown), default=painted) - landed,
            "last rendered": marks.get("last rendered", painted) - landed,
            "urls": [icon.thumbnail for icon in shown],
            "tiles": len(shown),
            "failed": sum(self.loader.tile_failure(spec.key(icon.id)) is not None for icon in shown),
            "columns": gallery.columns,
        }


async def settled(app, last_frame: LastFrame) -> None:
    """A quiet app: the loader idle, the detail pane's picture shown (or failed, or off), no frame for a while."""
    from iconcat.tui.widgets import DetailPane, Thumbnail

    detail, thumbnail = app.query_one(DetailPane), app.query_one(Thumbnail)
    await until(lambda: app.browser.previews.idle, "the loader idle")
    await until(
        lambda: detail.icon is None or (thumbnail.icon is detail.icon and thumbnail.status != "loading"),
        "the detail picture",
    )
    await last_frame.quiet()


async def first_search_round(base_url: str, download_dir: str, make_app: Callable[[], object] | None = None) -> dict:
    """A new app (nothing cached) on the prompt, where the gallery is hidden, searching QUERY (the app
    `make_app` makes, else one on the catalogue at `base_url`)."""
    from iconcat.tui.launch import startup_objects_frozen

    clear_imaging_caches()
    if not KEPT_PREVIEWS:
        fresh_memory_home()
    app: Any = make_app() if make_app is not None else new_app(base_url, download_dir, None)
    probe = AnswerProbe(app)
    with startup_objects_frozen():  # as run_browser does
        async with app.run_test(size=SIZE):
            await app.link.ready()
            probe.attach()
            probe.arm()
            probe.marks["enter"] = time.perf_counter()
            app.browser.start_search(QUERY, immediate=True)
            return await probe.measure()


async def new_search_rounds(base_url: str, download_dir: str, rounds: int) -> list[dict]:
    """One app, the gallery on show, searching QUERY and OTHER_QUERY in turn, caches emptied before each."""
    from iconcat.tui.launch import startup_objects_frozen

    app = new_app(base_url, download_dir, None)
    probe = AnswerProbe(app)
    seen = []
    with startup_objects_frozen():
        async with app.run_test(size=SIZE):
            await app.link.ready()
            probe.attach()
            last_frame = LastFrame(app)
            for number in range(rounds + 1):
                await settled(app, last_frame)
                app.browser.previews.reset()
                app.browser.thumbnails.clear()
                clear_imaging_caches()
                if not KEPT_PREVIEWS:
                    fresh_memory(app, base_url)
                    await last_frame.quiet()
                probe.arm()
                app.browser.start_search(OTHER_QUERY if number % 2 else QUERY, immediate=True)
                figures = await probe.measure()
                if number:  # the first answer is the one that brings the gallery on show
                    seen.append(figures)
    return seen


async def bare_fetch(urls: list[str], client: httpx.AsyncClient | None = None) -> float:
    """Seconds for a bare httpx loop to fetch `urls`, CONCURRENCY at once (a new client: cold connections)."""
    if client is None:
        gc.collect()  # the apps' garbage is not the loop's to collect
        async with httpx.AsyncClient(headers=auth(TOKEN), timeout=WAIT) as new_client:
            return await bare_fetch(urls, new_client)
    semaphore = asyncio.Semaphore(CONCURRENCY)

    async def fetch(url: str) -> bytes:
        async with semaphore:
            response = await client.get(url)
            response.raise_for_status()
            return response.content

    start = time.perf_counter()
    await asyncio.gather(*(fetch(url) for url in urls))
    return time.perf_counter() - start


async def bare_fetch_warm(url_lists: list[list[str]]) -> list[float]:
    """The bare loop over each of `url_lists` in turn on one client (its connections warm, as the app's)."""
    gc.collect()  # the apps' garbage is not the loop's to collect (a full collection once took 335 ms here)
    async with httpx.AsyncClient(headers=auth(TOKEN), timeout=WAIT) as client:
        await bare_fetch(url_lists[-1], client)  # opens its connections
        return [await bare_fetch(urls, client) for urls in url_lists]


def print_cold(title: str, seen: list[dict]) -> None:
    ours_times = [entry["ours"] for entry in seen]
    bare_times = [entry["bare"] for entry in seen]
    ratios = [entry["ours"] / entry["bare"] for entry in seen]
    print(f"   {title}")
    print(f"   {'':38}{'median':>10}{'best':>11}{'worst':>11}")
    for label, values in (("iconcat gallery", ours_times), (f"bare httpx loop, {CONCURRENCY} at once", bare_times)):
        print(f"     {label:36}{ms(statistics.median(values)):>10} {ms(min(values)):>10} {ms(max(values)):>10}")
    ratio_goal = "met" if statistics.median(ratios) <= COLD_GOAL_RATIO else "NOT met"
    print(
        f"     {'ratio (each round against its loop)':36}{statistics.median(ratios):8.2f}x {min(ratios):9.2f}x "
        f"{max(ratios):9.2f}x   goal <= {COLD_GOAL_RATIO}x: {ratio_goal}"
    )
    worst = max(ours_times) * 1000
    print(
        f"     every tile within {COLD_GOAL_MS} ms: {'met' if worst <= COLD_GOAL_MS else 'NOT met'} "
        f"(slowest round {worst:.0f} ms); tiles showing 'no preview': {sum(entry['failed'] for entry in seen)}"
    )
    steps = {
        name: statistics.median(entry[name] for entry in seen) * 1000
        for name in ("first frame", "asked", "first fetch", "last arrived", "last rendered")
    }
    print(
        "     after the answer (median ms): first frame written {first frame:.1f}, loader told the tiles {asked:.1f}, "
        "first fetch {first fetch:.1f}, last preview on screen in {last arrived:.1f}, last tile on screen "
        "rendered {last rendered:.1f}".format(**steps)
    )


def bench_cold(base_url: str, rounds: int, download_dir: str) -> None:
    # A round of each first, not counted: the catalogue renders each preview once, then serves it
    # from its cache; imports and Textual's first-use work happen here too.
    warm = asyncio.run(first_search_round(base_url, download_dir))
    asyncio.run(bare_fetch(warm["urls"]))
    first = []
    for number in range(rounds):
        # Alternate which goes first, so neither always follows the other's leftovers.
        if number % 2:
            bare = asyncio.run(bare_fetch(warm["urls"]))
            ours = asyncio.run(first_search_round(base_url, download_dir))
        else:
            ours = asyncio.run(first_search_round(base_url, download_dir))
            bare = asyncio.run(bare_fetch(ours["urls"]))
        first.append({**ours, "bare": bare})
    again = asyncio.run(new_search_rounds(base_url, download_dir, rounds))
    for entry, bare in zip(again, asyncio.run(bare_fetch_warm([entry["urls"] for entry in again]))):
        entry["bare"] = bare
    print(
        f"1. cold gallery: search answer landed -> first frame with every tile on screen drawn, nothing cached "
        f"({SIZE[0]}x{SIZE[1]}, {warm['tiles']} tiles on screen in {warm['columns']} columns, {rounds} rounds)"
    )
    print_cold(f'a. first search ("{QUERY}") of a new app, from the prompt (the gallery hidden until then)', first)
    print_cold(
        f'b. a new search ("{QUERY}" / "{OTHER_QUERY}" in turn) over a gallery on show, caches emptied; '
        "the loop's connections warm too",
        again,
    )


# --------------------------------------------------------------------------------------- 2. frames


async def time_cached_frames(base_url: str, frames: int, download_dir: str) -> dict[str, list[float]]:
    """PgDn/PgUp and v/v over a gallery whose tiles are all drawn: key to first frame showing the move."""
    from iconcat.browsing.search_state import SearchPhase
    from iconcat.tui.launch import startup_objects_frozen
    from iconcat.tui.widgets import DetailPane, Gallery, ResultsArea, ResultsList

    app = new_app(base_url, download_dir, QUERY)
    timings: dict[str, list[float]] = {"pagedown": [], "pageup": [], "detail": [], "to list": [], "to gallery": []}
    with startup_objects_frozen():
        async with app.run_test(size=SIZE):
            gallery = app.query_one(Gallery)
            results = app.query_one(ResultsList)
            area = app.query_one(ResultsArea)
            detail = app.query_one(DetailPane)
            await until(lambda: app.browser.search_state.phase is SearchPhase.RESULTS, "the answer")
            app.browser.action_focus_results()

            last_frame = LastFrame(app)

            async def settle() -> None:
                await until(lambda: area.view != "gallery" or tiles_drawn(gallery), "tiles drawn")
                await settled(app, last_frame)

            await settle()
            step = gallery.rows_in_view * gallery.columns
            # Every tile of the two screens drawn before any key is timed.
            for key in ("pagedown", "pageup"):
                send_key(app, key)
                await until(lambda: gallery.highlighted == (step if key == "pagedown" else 0), key)
                await settle()

            gallery_clock, detail_clock = PaintClock(app), PaintClock(app)
            for _ in range(frames):
                for key, target in (("pagedown", step), ("pageup", 0)):

                    def moved() -> bool:
                        return gallery.highlighted == target and target in gallery.whole_tiles_in_view()

                    gallery_clock.arm(lambda: moved() and tiles_drawn(gallery))
                    detail_clock.arm(lambda: moved() and detail.icon is gallery.highlighted_icon)
                    start = time.perf_counter()
                    send_key(app, key)
                    timings[key].append(await gallery_clock.wait(WAIT) - start)
                    timings["detail"].append(await detail_clock.wait(WAIT) - start)
                    await settle()

            def only(shown, hidden) -> bool:
                return bool(shown.region) and not hidden.region

            for round_number in range(frames + 1):
                for view, shown, hidden in (("to list", results, gallery), ("to gallery", gallery, results)):
                    await until(lambda: app.focused is hidden, "the focus on the view on show")
                    if view == "to list":
                        gallery_clock.arm(lambda: only(results, gallery))
                    else:
                        gallery_clock.arm(lambda: only(gallery, results) and tiles_drawn(gallery))
                    start = time.perf_counter()
                    send_key(app, "v", "v")
                    painted = await gallery_clock.wait(WAIT)
                    if round_number:  # the first switch each way warms the list's first layout
                        timings[view].append(painted - start)
                    await until(lambda: app.focused is shown, "the focus to follow")
                    await settle()
    return timings


def bench_frames(base_url: str, frames: int, download_dir: str) -> None:
    timings = asyncio.run(time_cached_frames(base_url, frames, download_dir))
    print(f"2. cached tiles: key -> first frame written with the move ({frames} of each; goal <= {FRAME_GOAL_MS} ms)")
    print(f"   {'':44}{'median':>10}{'worst':>11}")
    labels = {
        "pagedown": "PgDn (a screen of drawn tiles)",
        "pageup": "PgUp (back)",
        "detail": "  PgDn/PgUp, the detail pane following",
        "to list": "v: gallery -> list",
        "to gallery": "v: list -> gallery (tiles drawn)",
    }
    for key, label in labels.items():
        values = timings[key]
        median = statistics.median(values)
        verdict = "met" if median * 1000 <= FRAME_GOAL_MS else "NOT met"
        print(f"   {label:44}{ms(median):>10} {ms(max(values)):>10}   {verdict}")


# --------------------------------------------------------------------------------------- 3. memory


def status_mb(field: str) -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return float("nan")


async def browse_child(base_url: str, count: int, query: str | None) -> dict:
    """In a fresh process: the gallery's RSS after PgDn through `count` results (`query`: searched)."""
    from iconcat.api import CatalogueClient, SearchResult
    from iconcat.browsing.search_state import SearchPhase, SearchState
    from iconcat.tui.launch import startup_objects_frozen
    from iconcat.tui.widgets import Gallery

    answer = None
    if query is None:
        async with CatalogueClient(base_url, TOKEN) as client:
            catalogue = (await client.search("")).icons
        icons = many_icons(catalogue, count) if count > len(catalogue) else catalogue[:count]
        answer = SearchResult(icons=tuple(icons), more_available=False)
    with tempfile.TemporaryDirectory() as download_dir:
        app = new_app(base_url, download_dir, query)
        with startup_objects_frozen():
            async with app.run_test(size=SIZE) as pilot:
                gallery = app.query_one(Gallery)
                if answer is not None:
                    await app.link.ready()
                    state = SearchState(SearchPhase.RESULTS, "(whole catalogue)", count=len(answer.icons))
                    app.browser.results.show(answer, state)
                await until(
                    lambda: app.browser.search_state.phase is SearchPhase.RESULTS and gallery.icons, "the answer"
                )
                app.browser.action_focus_results()
                await until(lambda: tiles_drawn(gallery), "the first screen drawn")
                before = rss_mb()
                last_row = (len(gallery.icons) - 1) // gallery.columns
                screens = 1
                start = time.perf_counter()
                while gallery.highlighted // gallery.columns < last_row:
                    previous = gallery.highlighted
                    send_key(app, "pagedown")
                    await until(lambda: gallery.highlighted != previous, "PgDn")
                    await until(lambda: tiles_drawn(gallery), "a screen drawn")
                    screens += 1
                elapsed = time.perf_counter() - start
                await until(lambda: app.browser.previews.idle, "the loader idle")
                await pilot.pause()
                loader = app.browser.previews
                return {
                    "results": len(gallery.icons),
                    "screens": screens,
                    "seconds": elapsed,
                    "before": before,
                    "after": rss_mb(),
                    "peak": status_mb("VmHWM"),
                    "fetched": loader.started,
                    "tiles kept": len(loader.tiles),
                    "previews kept": len(app.browser.thumbnails.previews),
                }


async def bare_child() -> dict:
    """In a fresh process: a bare Textual app (one Static) at the same size, first frame up."""
    from textual.app import App
    from textual.widgets import Static

    class Bare(App):
        def compose(self):
            yield Static("bare")

    async with Bare().run_test(size=SIZE) as pilot:
        await pilot.pause()
        return {"after": rss_mb(), "peak": status_mb("VmHWM")}


def run_child(*args: str) -> dict:
    completed = subprocess.run(
        [sys.executable, __file__, "--child", *args], capture_output=True, text=True, timeout=300, check=False
    )
    if completed.returncode != 0:
        raise RuntimeError(f"the child {args} failed:\n{completed.stderr[-2000:]}")
    return json.loads(completed.stdout.strip().splitlines()[-1])


def bench_memory(results: int) -> None:
    from iconcat.demo.catalogue import default_catalogue
    from iconcat.server import start_catalogue

    catalogue = default_catalogue()
    size, broadest = len(catalogue.search("")), len(catalogue.search(MEMORY_QUERY))
    with start_catalogue(token=TOKEN, page_size=max(results, 2000)) as server:
        # Every preview rendered once by the catalogue first: the children's time is the browser's.
        asyncio.run(bare_fetch([f"{server.base_url}/private/bundle_icons/{icon.id}/small" for icon in catalogue.icons]))
        bare = run_child("bare")
        whole = run_child("browse", server.base_url, str(results), "")
        searched = run_child("browse", server.base_url, "0", MEMORY_QUERY)
    copies = whole["results"] - size
    whole_label = f"the catalogue + {copies:,} copies" if copies > 0 else "from the whole catalogue"
    print("3. memory: RSS of a fresh process after PgDn through every screen of results, each screen drawn")
    print(
        f'   (the demo catalogue has {size:,} icons and its broadest search, "{MEMORY_QUERY}", matches {broadest:,}: '
        f"no search reaches 2,000; goal <= {MEMORY_GOAL_MB} MB)"
    )
    print(f"   {'bare Textual app (one Static), ' + f'{SIZE[0]}x{SIZE[1]}':58}{bare['after']:7.1f} MB")
    for label, figures in (
        (f"iconcat gallery, {whole['results']:,} results ({whole_label})", whole),
        (f'iconcat gallery, {searched["results"]:,} results (search "{MEMORY_QUERY}")', searched),
    ):
        verdict = "met" if figures["after"] <= MEMORY_GOAL_MB else "NOT met"
        print(f"   {label:58}{figures['after']:7.1f} MB   {verdict}")
        print(
            f"     results shown {figures['before']:.1f} MB, peak {figures['peak']:.1f} MB; {figures['screens']} "
            f"screens in {figures['seconds']:.1f} s; {figures['fetched']:,} fetches; kept {figures['tiles kept']:,} "
            f"tiles and {figures['previews kept']:,} previews"
        )


# --------------------------------------------------------------------------------------- 4. the whole collection


def in_process_app(spec: Any, served: Any, download_dir: str, local: Any = None) -> Callable[[], object]:
    """An app on `served` answered in-process, as `browse --from`/`--demo` answer it since session 35
    (`iconcat.catalogue.embedded`: no socket), its catalogue already open (the index built beforehand)."""
    from iconcat.catalogue.embedded import EmbeddedCatalogue
    from iconcat.tui.app import IconcatApp
    from iconcat.tui.connection import Connection

    def make() -> object:
        connection = Connection(spec, Path(download_dir), local=local)
        return IconcatApp(
            connection, view="gallery", catalogue_factory=lambda chosen: EmbeddedCatalogue(chosen.spec, served=served)
        )

    return make


def bench_whole_collection(path: str, cache: Path, rounds: int, download_dir: str) -> None:
    """Section 4: `arrow`, Enter to every tile drawn, on the sets at `path` against the demo, both
    in-process as the browser answers them."""
    from iconcat.catalogue.kinds import demo_spec, sets_spec
    from iconcat.catalogue.local_sets import LocalSets
    from iconcat.demo.catalogue import default_catalogue
    from iconcat.sources.serving import open_sources, sources_title

    print(f'4. the whole collection: Enter -> every tile on screen drawn, QUERY "{QUERY}" ({SIZE[0]}x{SIZE[1]})')
    if not Path(path).exists():
        print(f"   skipped: no icon sets at {path} (name them with --from PATH or ICONCAT_BENCH_FROM)")
        return
    started = time.perf_counter()
    catalogue = open_sources([path], folder=cache)
    print(
        f"   {len(catalogue):,} icons listed from {len(catalogue.index.units)} sets at {path}; index ready "
        f"in {time.perf_counter() - started:.1f} s (outside the timing; cache {cache})"
    )
    on_sets = in_process_app(
        sets_spec([path], title=sources_title(catalogue)), catalogue, download_dir, local=LocalSets((path,))
    )
    on_demo = in_process_app(demo_spec(), default_catalogue(), download_dir)
    warm_demo = asyncio.run(first_search_round("", download_dir, on_demo))  # imports, the demo's previews
    first = asyncio.run(first_search_round("", download_dir, on_sets))
    sets: list[dict] = []
    demo: list[dict] = []
    for number in range(rounds):
        order = [(sets, on_sets), (demo, on_demo)]
        for seen, make in order if number % 2 == 0 else order[::-1]:
            seen.append(asyncio.run(first_search_round("", download_dir, make)))
    ours = [entry["from enter"] * 1000 for entry in sets]
    base = [entry["from enter"] * 1000 for entry in demo]
    ratios = [a / b for a, b in zip(ours, base, strict=True)]
    median = statistics.median(ours)
    print(
        f"   first round (the catalogue's previews drawn by the raster worker): {first['from enter'] * 1000:.0f} ms "
        f"({first['tiles']} tiles, {first['failed']} showing 'no preview'; the demo's warm-up round "
        f"{warm_demo['from enter'] * 1000:.0f} ms)"
    )
    print(
        f"   {rounds} rounds after it, median (best-worst): whole collection {median:.0f} ms "
        f"({min(ours):.0f}-{max(ours):.0f}), demo {statistics.median(base):.0f} ms ({min(base):.0f}-{max(base):.0f}); "
        f"ratio {statistics.median(ratios):.2f}x median ({min(ratios):.2f}-{max(ratios):.2f}x)"
    )
    steps = {name: statistics.median(entry[name] for entry in sets) * 1000 for name in ("ours", "last arrived")}
    landed = statistics.median((entry["from enter"] - entry["ours"]) * 1000 for entry in sets)
    print(
        f"   where it goes (median ms): Enter -> answer landed {landed:.0f}, answer -> last preview in "
        f"{steps['last arrived']:.0f}, answer -> every tile drawn {steps['ours']:.0f}"
    )
    print(
        f"   goal <= {FROM_GOAL_MS} ms: {'met' if median <= FROM_GOAL_MS else 'NOT met'} (median); "
        f"the first round {'within' if first['from enter'] * 1000 <= FROM_GOAL_MS else 'over'} it"
    )
    catalogue.index.close()


# --------------------------------------------------------------------------------------- main


def child(args: list[str]) -> int:
    if args[0] == "bare":
        figures = asyncio.run(bare_child())
    else:
        base_url, count, query = args[1], int(args[2]), args[3] or None
        figures = asyncio.run(browse_child(base_url, count, query))
    print(json.dumps(figures))
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        return child(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="cold gallery rounds")
    parser.add_argument("--frames", type=int, default=20, help="frames timed of each kind of key")
    parser.add_argument("--results", type=int, default=2000, help="results scrolled through for memory")
    parser.add_argument("--only", choices=("cold", "frames", "memory", "from"), help="print just this section")
    parser.add_argument(
        "--from",
        dest="from_path",
        default=os.environ.get("ICONCAT_BENCH_FROM", FROM_DEFAULT),
        metavar="PATH",
        help="section 4's icon sets (default: $ICONCAT_BENCH_FROM, else the whole @iconify/json unpacked at "
        f"{FROM_DEFAULT}); skipped when absent",
    )
    parser.add_argument(
        "--latency",
        type=int,
        default=0,
        metavar="MS",
        help="the catalogue delays every answer this long (sections 1 and 2; not the goals' setting, 0): "
        "how much the gallery adds to a service that takes time, rather than to one that answers at once",
    )
    parser.add_argument(
        "--kept-previews",
        action="store_true",
        help="section 1 as measured until 2026-11-24: one memory for every round, so later rounds read "
        "previews kept on disk by earlier ones instead of fetching them (not cold; for comparison)",
    )
    args = parser.parse_args(argv)
    global KEPT_PREVIEWS
    KEPT_PREVIEWS = args.kept_previews
    from iconcat.sources.serving import cache_folder

    sets_cache = cache_folder()  # the index of section 4, looked up before XDG_CACHE_HOME moves below
    # The browser's memory and settings of this run only, never the developer's (children inherit them).
    for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        os.environ[variable] = tempfile.mkdtemp(prefix=f"iconcat-bench-{variable[4:].lower()}-")
    from iconcat.server import start_catalogue

    started = time.perf_counter()
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"({os.cpu_count()} CPUs, load average {load} at the start: figures are of this run only)")
    with tempfile.TemporaryDirectory() as download_dir:
        if args.only in (None, "cold", "frames"):
            if args.latency:
                print(f"(the catalogue delays every answer {args.latency} ms: not the goals' setting)")
            with start_catalogue(token=TOKEN, latency_ms=args.latency) as server:
                if args.only in (None, "cold"):
                    bench_cold(server.base_url, args.rounds, download_dir)
                if args.only in (None, "frames"):
                    bench_frames(server.base_url, args.frames, download_dir)
        if args.only in (None, "from"):
            bench_whole_collection(args.from_path, sets_cache, args.rounds, download_dir)
    if args.only in (None, "memory"):
        bench_memory(args.results)
    print(f"(whole run {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
