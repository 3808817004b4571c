"""The browser's longest stall while a large answer arrives: from the HTTP answer's bytes to painted.

    python benchmarks/stall.py [--rounds 10] [--counts 5000 10000] [--views gallery list]
                               [--pages 500 48] [--only whole|paged]

The browser runs headless in this process (its startup objects frozen out of the garbage collector's
way, as `run_browser` runs it), connected to a stand-in catalogue in a child process
(benchmarks/answer_server.py) that answers `many N` with N icons made from the demo catalogue's own.
A search is started as Enter starts one, and a ticker task on the event loop (waking every
millisecond) records every gap between its turns until the first frame with the answer on screen is
written. The longest gap is the longest time the loop was not free: keys waited that long.

Two cases:

- one page: `many N` answered whole on one page (5,000 and 10,000 icons). Printed per size and view:
  the median round's longest stall and the worst round's, split into the part up to the answer
  reaching the screen's code (receiving and parsing: the client's) and the part after (showing it and
  painting: the browser's). Goals: <= 50 ms (5,000) and <= 100 ms (10,000). For reference, the
  tolerant parser on the same bytes in one piece (`json.loads` and the parser, as it ran before on the
  loop).
- page by page (issue 23): `many 10000 pages P style:filled`, a filtered query over 10,000 results
  that the browser follows page by page (`page_follower`), from the search sent to the frame that says
  "all loaded". Printed per page size and view: the median round's longest stall and the worst
  round's. Goals: median <= 50 ms, no round > 150 ms.

Figures are printed, never asserted: this is not a test. On a shared machine they vary from run to
run (another process on the core is a stall too): compare medians, and runs made back to back.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import sys
import time
import urllib.request
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from answer_server import start_answer_server
from tui import TOKEN, PaintClock, start_server_process

GOALS = {5_000: 50, 10_000: 100}
PAGED_GOALS = (50, 150)
"""Issue 23's goals for the paged case: the median round's longest stall, and the longest of any round (ms)."""


class Ticker:
    """A task that wakes every millisecond and records when; the gaps between wakes are the stalls."""

    def __init__(self) -> None:
        self.wakes: list[float] = []
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.wakes = [time.perf_counter()]
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(0.001)
            self.wakes.append(time.perf_counter())

    def stop(self) -> None:
        assert self._task is not None
        self._task.cancel()
        self.wakes.append(time.perf_counter())

    def longest(self, start: float, end: float) -> float:
        """The longest gap between two wakes that overlaps (start, end)."""
        gaps = [b - a for a, b in zip(self.wakes, self.wakes[1:]) if a < end and b > start]
        return max(gaps, default=0.0)


@contextlib.asynccontextmanager
async def browsing(base_url: str, view: str) -> AsyncIterator[tuple[Any, Any, PaintClock]]:
    """The app on `base_url` at 120x36, as `run_browser` starts it: (pilot, its browser screen, a paint
    clock), the catalogue's client ready."""
    from iconcat.tui.app import IconcatApp
    from iconcat.tui.connection import Connection
    from iconcat.tui.launch import startup_objects_frozen

    app = IconcatApp(Connection.service(base_url, TOKEN, Path(".")), view=view)
    with startup_objects_frozen():  # as run_browser does
        async with app.run_test(size=(120, 36)) as pilot:
            await app.link.ready()
            yield pilot, getattr(app, "browser", app), PaintClock(app)


async def settle_on_a_small_answer(pilot: Any, screen: Any, round_number: int) -> None:
    """Each round starts from a quiet screen showing a small answer (the first round warms up)."""
    from iconcat.browsing.search_state import SearchPhase

    screen.start_search(f"warm {round_number} 48", immediate=True)
    while screen.search_state.phase is not SearchPhase.RESULTS:
        await pilot.pause(0.01)
    await pilot.pause(0.3)  # its previews fetched and drawn


async def one_search(base_url: str, count: int, view: str, rounds: int) -> list[tuple[float, float, float]]:
    """(longest stall overall, before the answer is shown, after) for each of `rounds` searches."""
    figures = []
    async with browsing(base_url, view) as (pilot, screen, clock):
        for round_number in range(rounds + 1):
            await settle_on_a_small_answer(pilot, screen, round_number)
            shown: list[float] = []
            original = screen.results.show  # (the ResultsController puts each answer on screen)

            def spy(*args, **options):
                shown.append(time.perf_counter())
                return original(*args, **options)

            screen.results.show = spy
            clock.arm(lambda: bool(shown))
            ticker = Ticker()
            ticker.start()
            started = time.perf_counter()
            screen.start_search(f"many {round_number} {count}", immediate=True)
            painted = await clock.wait(timeout=60)
            ticker.stop()
            del screen.results.show
            answered = shown[0]
            assert len(screen.searches.result.icons) == count, "the answer was not whole"
            if round_number:
                overall = ticker.longest(started, painted)
                figures.append((overall, ticker.longest(started, answered), ticker.longest(answered, painted)))
    return figures


async def paged_search(base_url: str, count: int, page: int, view: str, rounds: int) -> list[float]:
    """The longest stall of each of `rounds` filtered searches over `count` results arriving `page` to
    a page: from the search sent to the frame saying every page is in ("… · all loaded")."""
    figures = []
    async with browsing(base_url, view) as (pilot, screen, clock):
        for round_number in range(rounds + 1):
            await settle_on_a_small_answer(pilot, screen, round_number)
            clock.arm(lambda: screen.search_state.all_loaded and screen.search_state.query.startswith("many"))
            ticker = Ticker()
            ticker.start()
            started = time.perf_counter()
            screen.start_search(f"many {round_number} {count} pages {page} style:filled", immediate=True)
            painted = await clock.wait(timeout=120)
            ticker.stop()
            assert len(screen.searches.result.icons) == count, "not every page arrived"
            if round_number:  # (the first warms up)
                figures.append(ticker.longest(started, painted))
    return figures


def todays_parser_seconds(base_url: str, count: int) -> float:
    """json.loads and the tolerant parser on the same answer, in one piece (best of 3)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from iconcat.api._models import parse_search_result

    request = urllib.request.Request(
        f"{base_url}/api/v1/search?name=many+{count}", headers={"Authorization": f"Bearer {TOKEN}"}
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        body = response.read()
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        parse_search_result(json.loads(body))
        best = min(best, time.perf_counter() - started)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--counts", type=int, nargs="+", default=[5_000, 10_000])
    parser.add_argument("--views", nargs="+", default=["gallery", "list"])
    parser.add_argument("--pages", type=int, nargs="+", default=[500, 48], help="page sizes of the paged case")
    parser.add_argument("--only", choices=["whole", "paged"], help="run one case only")
    args = parser.parse_args(argv)
    real, real_url = start_server_process(page_size=200)
    try:
        answers, base_url = start_answer_server(real_url, TOKEN)
    finally:
        real.terminate()
        real.wait()
    try:
        if args.only != "paged":
            whole_answers(base_url, args)
        if args.only != "whole":
            paged_answers(base_url, args)
    finally:
        answers.terminate()
        answers.wait()
    return 0


def paged_answers(base_url: str, args: argparse.Namespace) -> None:
    print(
        f"longest UI stall, a filtered query (style:filled) over 10,000 results arriving page by page, from the "
        f"search sent to 'all loaded' painted ({args.rounds} searches each)"
    )
    for page in args.pages:
        for view in args.views:
            figures = asyncio.run(paged_search(base_url, 10_000, page, view, args.rounds))
            middle, worst = statistics.median(figures), max(figures)
            print(
                f"   10,000 results, {page:4d} a page, {view:7}: median round {middle * 1000:6.1f} ms, worst round "
                f"{worst * 1000:6.1f} ms   goal: median <= {PAGED_GOALS[0]} ms, no round > {PAGED_GOALS[1]} ms"
            )


def whole_answers(base_url: str, args: argparse.Namespace) -> None:
    print(f"longest UI stall, from the search sent to the answer painted, one page ({args.rounds} searches each)")
    for count in args.counts:
        goal = GOALS.get(count)
        for view in args.views:
            figures = asyncio.run(one_search(base_url, count, view, args.rounds))
            worst = max(figures)
            middle = statistics.median(total for total, _, _ in figures)
            print(
                f"   {count:6,d} results, {view:7}: median round {middle * 1000:6.1f} ms, worst round "
                f"{worst[0] * 1000:6.1f} ms (receive+parse {worst[1] * 1000:5.1f} ms, show+paint "
                f"{worst[2] * 1000:5.1f} ms)" + (f"   goal <= {goal} ms" if goal else "")
            )
        before = todays_parser_seconds(base_url, count)
        print(f"   {count:6,d} results: json.loads + tolerant parser in one piece (before): {before * 1000:.1f} ms")


if __name__ == "__main__":
    sys.exit(main())
