"""The browser's speed and memory, each against a baseline measured in the same run.

    python benchmarks/tui.py [--rounds 5] [--browse 500] [--remembered 1000]

Printed (never asserted; this is not a test):

1. Launch: a fresh process running the real start path (`run_browser`, as `iconcat browse` runs it:
   wherever launch.py and the app start the demo catalogue, the client and the image stack), with only
   `App.run` made headless and given an auto-pilot, until the first screen is up and the keyboard is
   live (Textual's auto-pilot gets control): on a catalogue already running (a configured user), and
   with `--demo` (the embedded catalogue started too); and with a query, until its results are on
   screen (the answer shown, then a frame). Against a bare Textual app with the same widgets (header,
   input, status, option list, detail statics, footer), first paint, in a fresh process too. The cases
   run in turn within each round, so a drift of the machine reaches them all alike; best of
   `--rounds`. Child processes cache their bytecode (in a folder of their own when the shell sets
   PYTHONDONTWRITEBYTECODE), as an installed copy does. Goals: first paint <= 1.3x the bare app
   (configured and --demo), results of `browse arrow` on screen <= 1.6x; restated (issue 30) against
   the bare app's first paint plus one plain httpx search of the same catalogue in the same process
   (`BARE_SEARCH_APP`), <= 1.25x. `--demo` is measured twice: `run_browser` called as ever, and through
   the command line (`iconcat.cli.entry.main(["browse", "--demo"])`, which chooses the catalogue
   through `iconcat.catalogue.choose_catalogue` before the app starts).
   The browser's memory (favourites, recents, preferences: `iconcat.memory`) is a folder of the run's
   own (XDG_DATA_HOME), never the developer's: an empty database for the cases above, and for the
   configured catalogue also one holding `--remembered` favourites and the most recents kept (100),
   first paint (goal: the same ratio as with the empty one, within noise) and the remembered icons
   on screen (the empty search box shows them once the memory has opened, after the first frame).
2. Search settled to results painted, server excluded: the time from a SearchResult in hand to the
   first frame written to the (headless) terminal with the results and the first icon's detail shown,
   for 48 and 5,000 icons (each answer follows a "searching…" frame, as when typing). Two baselines
   in the same run: the same number of plain-string options set on a bare OptionList filling the
   screen, and a bare app with the same widgets and layout (header, search box and status line, a
   bordered option list, a detail pane of plain statics, footer) given the same answer as plain
   strings. The wait for the frame is an event set when it is written, not Pilot.pause(): pausing
   queues a callback on every widget of the screen, work the real app never does, and it grows with
   the widget count (28 here, 2 in the bare list). The browser runs with its startup objects frozen
   out of the garbage collector's way, as `run_browser` runs it. Median of `--rounds`. Goals:
   <= 16 ms (48) and <= 100 ms (5,000).
3. Memory: the browser's resident set after moving through `--browse` icons, waiting at each for its
   preview to be fetched, decoded and drawn, against the same process before browsing. The answer
   holds exactly `--browse` icons: a stand-in catalogue (benchmarks/answer_server.py) copies the demo's
   entries and previews, since no word of the demo's 1,802 icons matches more than ~900 (both
   catalogues run in other processes so their memory is not counted). Goal: <= 120 MB.

The longest stall of the event loop while a large answer arrives is benchmarks/stall.py's.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchmarks/answer_server.py
TOKEN = "bench-token"


# --------------------------------------------------------------------------------------- helpers


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def rss_mb() -> float:
    """This process's resident set size now, in MB (Linux /proc)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def start_server_process(page_size: int) -> tuple[subprocess.Popen, str]:
    """`iconcat serve` in a child process; returns it and its base URL once it answers."""
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "iconcat.cli",
            "serve",
            "--demo",  # the demo, measured, whatever ICONCAT_FROM or the config file's from say
            "--port",
            str(port),
            "--token",
            TOKEN,
            "--page-size",
            str(page_size),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return process, f"http://127.0.0.1:{port}"
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("the catalogue server did not start")


# --------------------------------------------------------------------------------------- 1. launch

BARE_APP = r"""
import sys, time
start = float(sys.argv[1])
from textual.app import App
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, Input, OptionList, Static

class Bare(App):
    def compose(self):
        yield Header()
        with Horizontal():
            yield Input(placeholder="Search icons by name…")
            yield Static("type to search")
        with Horizontal():
            yield OptionList()
            with Vertical():
                yield Static("")
                yield Static("")
                yield Static("")
        yield Footer()

async def ready(pilot):
    print(time.time() - start)
    pilot.app.exit()

Bare().run(headless=True, auto_pilot=ready, size=(120, 36))
"""

BARE_SEARCH_APP = BARE_APP.replace(
    "async def ready(pilot):\n",
    """async def ready(pilot):
    import httpx  # one plain search, as a script would ask it, after the first paint
    async with httpx.AsyncClient(headers={"Authorization": f"Bearer {sys.argv[3]}"}) as client:
        answer = await client.get(sys.argv[2] + "/api/v1/search", params={"name": "arrow"})
        answer.raise_for_status()
        answer.json()
""",
)
"""The restated baseline of `browse arrow` (issue 30): the bare app's first paint plus one plain httpx
search of the same catalogue (the import of httpx, a new connection, the answer read), in one fresh
process: what any program showing a search's answer must do at the least."""

BROWSER_APP = r"""
import sys, time
start = float(sys.argv[1])
base_url, token, mode, query = sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5] or None
wait_for_remembered = len(sys.argv) > 6 and sys.argv[6] == "remembered"
# The real start path (`iconcat browse`'s run_browser: the demo catalogue, the client, the image
# stack, wherever launch.py and the app put them), with only App.run made headless and given a pilot.
from textual.app import App

async def ready(pilot):
    app = pilot.app
    if query or wait_for_remembered:  # results on screen: the first frame written once the answer is shown
        import asyncio
        browsing = getattr(app, "browser", app)
        painted = asyncio.Event()
        original = app._display

        def shown():
            state = browsing.search_state
            if wait_for_remembered:
                return state.favourites is not None
            return state.phase.name in ("RESULTS", "NO_RESULTS")

        def display(screen, renderable):
            original(screen, renderable)
            if renderable is not None and shown():
                painted.set()

        app._display = display
        await asyncio.wait_for(painted.wait(), 30)  # a failed search ends the benchmark here
    print(time.time() - start)
    app.exit()

original_run = App.run
App.run = lambda self, **options: original_run(self, headless=True, auto_pilot=ready, size=(120, 36))
from pathlib import Path
from iconcat.config import Settings
from iconcat.tui import run_browser

settings = Settings(base_url=None if mode == "demo" else base_url, token=token, download_dir=Path("."))
if len(sys.argv) > 6 and sys.argv[6] == "command":  # through the command line, as `iconcat browse --demo` runs
    from iconcat.cli.entry import main
    main(["browse", "--demo", *([query] if query else [])])
else:
    run_browser(settings, query=query)  # (no base URL in "demo" mode: the demo)
"""


def launch_seconds(script: str, *args: str, data_home: Path | None = None) -> float:
    completed = subprocess.run(
        [sys.executable, "-c", script, repr(time.time()), *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=child_environment(data_home),
    )
    return float(completed.stdout.strip().splitlines()[-1])


def child_environment(data_home: Path | None = None) -> dict[str, str]:
    """The environment for timed child processes: bytecode cached, as in an installed copy.

    With PYTHONDONTWRITEBYTECODE set (as in some development shells) every child would compile
    iconcat's sources again, a cost no installed copy pays: the cache goes to a folder of its own.
    `data_home`: the browser's memory lives there (XDG_DATA_HOME), not in the developer's own.
    """
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "iconcat-bench-pycache"))
    if data_home is not None:
        env["XDG_DATA_HOME"] = str(data_home)
    return env


def remembering(data_home: Path, base_url: str, count: int) -> Path:
    """A memory in `data_home` for the catalogue at `base_url` (and the demo) holding `count`
    favourites and the most recent icons kept, made from the catalogue's icons; `data_home`."""
    from iconcat.api import CatalogueClient
    from iconcat.memory import DEMO_CATALOGUE, Memory

    async def fetch() -> tuple:
        async with CatalogueClient(base_url, TOKEN) as client:
            return (await client.search("a")).icons

    path = data_home / "iconcat" / "memory.sqlite3"
    icons = many_icons(asyncio.run(fetch()), count) if count else ()
    for key in (base_url, DEMO_CATALOGUE):
        memory = Memory.open(key, path)
        for icon in icons:
            memory.toggle_favourite(icon)
        for icon in icons[-1000:]:
            memory.used(icon)  # (the memory keeps the last RECENTS_KEPT)
        assert len(memory.favourites()) == count, memory.notice
        memory.close()
    return data_home


def bench_launch(rounds: int, base_url: str, remembered: int) -> None:
    """Each case once per round, in turn (bare app first), so a drift of the machine hits all alike."""
    folder = Path(tempfile.mkdtemp(prefix="iconcat-bench-memory-"))
    empty = remembering(folder / "empty", base_url, 0)
    full = remembering(folder / "full", base_url, remembered)
    cases: dict[str, tuple[tuple[str, ...], Path | None]] = {
        "bare": ((BARE_APP,), None),
        "configured": ((BROWSER_APP, base_url, TOKEN, "configured", ""), empty),
        "remembered": ((BROWSER_APP, base_url, TOKEN, "configured", ""), full),
        "remembered shown": ((BROWSER_APP, base_url, TOKEN, "configured", "", "remembered"), full),
        "demo": ((BROWSER_APP, "-", "-", "demo", ""), empty),
        "demo command": ((BROWSER_APP, "-", "-", "demo", "", "command"), empty),
        "bare search": ((BARE_SEARCH_APP, base_url, TOKEN), None),
        "arrow": ((BROWSER_APP, base_url, TOKEN, "configured", "arrow"), empty),
        "demo arrow": ((BROWSER_APP, "-", "-", "demo", "arrow"), empty),
    }
    for case, data_home in cases.values():  # warm the OS file cache and the bytecode cache
        launch_seconds(*case, data_home=data_home)
    times: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(rounds):
        for name, (case, data_home) in cases.items():
            times[name].append(launch_seconds(*case, data_home=data_home))
    best = {name: min(values) for name, values in times.items()}
    bare = best["bare"]
    print(f"1. launch (fresh process, best of {rounds}, cases interleaved)")
    print(f"   bare Textual app, same widgets, first paint     {bare * 1000:7.0f} ms")
    for name, label, goal in (
        ("configured", "iconcat browse (configured), first paint", "goal <= 1.3x"),
        ("remembered", f"  the same, {remembered:,} favourites + 100 recents", "goal: as above, within noise"),
        ("remembered shown", "  ... those remembered icons on screen", "(after the first frame)"),
        ("demo", "iconcat browse --demo, first paint", "goal <= 1.3x"),
        ("demo command", "  the same through the command line (entry.main)", "(chooses the catalogue first)"),
        ("bare search", "bare app, first paint + one plain httpx search", "(browse arrow's baseline)"),
        ("arrow", "iconcat browse arrow, results on screen", "goal <= 1.6x"),
        ("demo arrow", "iconcat browse --demo arrow, results", "(also starts the catalogue)"),
    ):
        print(f"   {label:<47} {best[name] * 1000:7.0f} ms   {best[name] / bare:4.2f}x   {goal}")
    restated = best["arrow"] / best["bare search"]
    print(f"   browse arrow against the bare app + one plain httpx search: {restated:4.2f}x   goal <= 1.25x")


# --------------------------------------------------------------------------------------- 2. paint


def many_icons(icons: tuple, count: int) -> tuple:
    """`count` icons made from real ones (new ids and names), for lists longer than a catalogue page."""
    out = []
    for index in range(count):
        icon = icons[index % len(icons)]
        out.append(dataclasses.replace(icon, id=10_000_000 + index, name=f"{icon.name} {index}"))
    return tuple(out)


class PaintClock:
    """Records when the app first wrote a frame showing what `condition()` says should be shown.

    Textual batches screen updates into frames; a frame is written by `App._display`. Wrapping it
    gives the moment the terminal received the results (in headless mode: the moment they would have).
    """

    def __init__(self, app) -> None:
        self.painted: float | None = None
        self.condition = lambda: False
        self._event = asyncio.Event()
        original = app._display

        def display(screen, renderable):
            original(screen, renderable)
            if self.painted is None and renderable is not None and self.condition():
                self.painted = time.perf_counter()
                self._event.set()

        app._display = display

    def arm(self, condition) -> None:
        """Wait for the first frame in which `condition()` holds."""
        self.painted = None
        self.condition = condition
        self._event.clear()

    async def wait(self, timeout: float = 10.0) -> float:
        """When that frame was written (perf_counter), once it has been; the app paints on its own."""
        await asyncio.wait_for(self._event.wait(), timeout)
        assert self.painted is not None
        return self.painted


async def time_browser_paint(icons: tuple, rounds: int) -> list[float]:
    """Answers alternate between two result sets, each after a "searching…" state, as when typing.

    Each round starts from a quiet app: the previous answer's preview fetch has finished (as it has
    for a person who looked at the results before typing again)."""
    from iconcat.api import SearchResult
    from iconcat.browsing.search_state import SearchPhase, SearchState
    from iconcat.tui.app import IconcatApp
    from iconcat.tui.connection import Connection
    from iconcat.tui.launch import startup_objects_frozen
    from iconcat.tui.widgets import DetailPane, ResultsList

    answers = [tuple(icons), tuple(reversed(icons))]
    timings = []
    app = IconcatApp(Connection.service("http://127.0.0.1:9", TOKEN, Path(".")), view="list")  # it times the list
    with startup_objects_frozen():  # as run_browser does
        async with app.run_test(size=(120, 36)) as pilot:
            clock = PaintClock(app)
            results = app.query_one(ResultsList)
            detail = app.query_one(DetailPane)
            for round_number in range(rounds + 2):
                app.browser.search_state = SearchState(SearchPhase.SEARCHING, "bench")
                await pilot.pause()
                answer = answers[round_number % 2]
                clock.arm(lambda: results.icons is answer and detail.icon is answer[0])
                results_state = SearchState(SearchPhase.RESULTS, "bench", count=len(answer))
                start = time.perf_counter()
                app.browser.results.show(SearchResult(icons=answer, more_available=False, skipped=0), results_state)
                painted = await clock.wait()
                if round_number >= 2:  # the first rounds warm caches
                    timings.append(painted - start)
                # The first icon's preview is fetched 50 ms later (from nowhere here: it fails); let that
                # settle, so it is not still in flight during the next round's measurement.
                while any(worker.group == "thumbnail" and not worker.is_finished for worker in app.workers):
                    await pilot.pause(0.01)
    return timings


async def time_bare_paint(count: int, rounds: int) -> list[float]:
    """The same alternation on a bare OptionList of plain strings."""
    from textual.app import App
    from textual.widgets import OptionList

    class Bare(App):
        def compose(self):
            yield OptionList()

    answers = [
        [f"Icon number {index}    Outline    Core UI" for index in range(count)],
        [f"Icon number {index}    Filled    Studio" for index in range(count)],
    ]
    timings = []
    app = Bare()
    async with app.run_test(size=(120, 36)) as pilot:
        clock = PaintClock(app)
        option_list = app.query_one(OptionList)
        for round_number in range(rounds + 2):
            await pilot.pause()
            answer = answers[round_number % 2]
            clock.arm(lambda: option_list.option_count == count and str(option_list.options[0].prompt) == answer[0])
            start = time.perf_counter()
            option_list.set_options(answer)
            option_list.highlighted = 0
            painted = await clock.wait()
            if round_number >= 2:
                timings.append(painted - start)
    return timings


SAME_WIDGETS_CSS = """
#bar { height: 3; }
#query { width: 1fr; }
#status { width: 52; height: 3; padding: 1 0 0 2; }
#list { width: 1fr; height: 1fr; border: round $border-blurred; }
#detail { width: 64; height: 1fr; padding: 0 1; border: round $border-blurred; }
#top { height: auto; }
#picture { width: 32; height: 16; content-align: center middle; margin-right: 2; }
#name { height: 1; margin-bottom: 1; }
#refs { height: 4; }
#variants { margin-top: 1; }
"""


async def time_same_widgets_paint(icons: tuple, rounds: int) -> list[float]:
    """The same answers on a bare app with the browser's widgets and layout, all plain strings.

    What stock Textual costs to show this screen's changes: the rows (name, style and set as one
    string), the status line, the first icon's name, fields and variants, and a picture placeholder.
    Less than the browser does: no fading of the earlier rows while "searching…", no sanitising.
    """
    from textual.app import App
    from textual.containers import Horizontal, Vertical
    from textual.widgets import Footer, Header, Input, OptionList, Static

    class SameWidgets(App):
        CSS = SAME_WIDGETS_CSS

        def compose(self):
            yield Header()
            with Horizontal(id="bar"):
                yield Input(id="query")
                yield Static("type to search", id="status")
            with Horizontal():
                yield OptionList(id="list")
                with Vertical(id="detail"):
                    with Horizontal(id="top"):
                        yield Static("", id="picture")
                        with Vertical():
                            yield Static("", id="name")
                            yield Static("", id="refs")
                    yield Static("", id="variants")
            yield Footer()

    def rows(answer: tuple) -> list[str]:
        return [f"{icon.name}    {icon.style.name}    {icon.set.name}" for icon in answer]

    def fields(icon) -> str:
        return "\n".join(
            f"{label:9}{ref.name}  #{ref.id}"
            for label, ref in (
                ("Category", icon.category),
                ("Style", icon.style),
                ("Series", icon.series),
                ("Set", icon.set),
            )
        )

    answers = [tuple(icons), tuple(reversed(icons))]
    prompts = [rows(answer) for answer in answers]
    timings = []
    app = SameWidgets()
    async with app.run_test(size=(120, 36)) as pilot:
        clock = PaintClock(app)
        option_list = app.query_one("#list", OptionList)
        status, picture, name, refs, variants = (
            app.query_one(f"#{id_}", Static) for id_ in ("status", "picture", "name", "refs", "variants")
        )
        for round_number in range(rounds + 2):
            status.update("searching…")
            await pilot.pause()
            answer, prompt = answers[round_number % 2], prompts[round_number % 2]
            clock.arm(lambda: option_list.option_count == len(prompt) and option_list.options[0].prompt is prompt[0])
            start = time.perf_counter()
            option_list.set_options(prompt)
            option_list.highlighted = 0
            status.update(f"{len(answer):,} icons")
            first = answer[0]
            name.update(f"{first.name}  #{first.id}")
            refs.update(fields(first))
            variants.update("\n".join(f"{variant.label}  #{variant.id}" for variant in first.variants))
            picture.update("loading preview…")
            painted = await clock.wait()
            if round_number >= 2:
                timings.append(painted - start)
    return timings


def bench_paint(rounds: int, base_url: str) -> None:
    from iconcat.api import CatalogueClient

    async def fetch() -> tuple:
        async with CatalogueClient(base_url, TOKEN) as client:
            return (await client.search("a")).icons

    icons = asyncio.run(fetch())
    print(f"2. search settled -> results painted, server excluded (median of {rounds})")
    for count, goal in ((48, 16), (5000, 100)):
        page = many_icons(icons, count) if count > len(icons) else icons[:count]
        ours = statistics.median(asyncio.run(time_browser_paint(page, rounds)))
        bare = statistics.median(asyncio.run(time_bare_paint(count, rounds)))
        same = statistics.median(asyncio.run(time_same_widgets_paint(page, rounds)))
        print(
            f"   {count:5d} results: iconcat {ours * 1000:6.1f} ms   goal <= {goal} ms   "
            f"bare OptionList {bare * 1000:6.1f} ms ({ours / bare:4.2f}x)   "
            f"bare app, same widgets {same * 1000:6.1f} ms ({ours / same:4.2f}x)"
        )


# --------------------------------------------------------------------------------------- 3. memory


async def browse(base_url: str, count: int, query: str = "a") -> tuple[float, float, int]:
    from iconcat.browsing.search_state import SearchPhase
    from iconcat.tui.app import IconcatApp
    from iconcat.tui.connection import Connection
    from iconcat.tui.launch import startup_objects_frozen
    from iconcat.tui.widgets import ResultsList, Thumbnail

    app = IconcatApp(Connection.service(base_url, TOKEN, Path(".")), query=query, view="list")  # it walks the list
    with startup_objects_frozen():  # as run_browser does
        async with app.run_test(size=(120, 36)) as pilot:
            while app.browser.search_state.phase is not SearchPhase.RESULTS:
                await pilot.pause(0.02)
            before = rss_mb()
            results = app.query_one(ResultsList)
            thumbnail = app.query_one(Thumbnail)
            results.focus()
            shown = 0
            for index in range(min(count, results.option_count)):
                results.highlighted = index
                await pilot.pause()
                while (
                    thumbnail.status not in ("shown", "missing", "broken", "unavailable")
                    or thumbnail.icon is not results.highlighted_icon
                ):
                    await pilot.pause(0.005)
                shown += thumbnail.status == "shown"
            await pilot.pause()
            after = rss_mb()
    return before, after, shown


def bench_memory(count: int) -> None:
    """Browsing `count` icons: one answer of that many from the stand-in catalogue (benchmarks/answer_server.py,
    icons copied from the demo's with their previews), as no word of the demo's 1,802 icons matches
    more than ~900 (the catalogues run in other processes, so their memory is not counted)."""
    from answer_server import start_answer_server

    real, real_url = start_server_process(page_size=200)
    try:
        answers, base_url = start_answer_server(real_url, TOKEN)
    finally:
        real.terminate()
        real.wait()
    try:
        before, after, shown = asyncio.run(browse(base_url, count, query=f"many {count}"))
    finally:
        answers.terminate()
        answers.wait()
    print(f"3. memory after browsing {count} icons with previews ({shown} drawn)")
    print(f"   resident set: {before:6.1f} MB with results listed -> {after:6.1f} MB after browsing   goal <= 120 MB")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--browse", type=int, default=500)
    parser.add_argument(
        "--remembered", type=int, default=1000, help="favourites in the remembering launch case (default 1000)"
    )
    parser.add_argument("--launch-only", action="store_true", help="section 1 alone")
    args = parser.parse_args(argv)
    # The browser's memory (favourites, previews, preferences) of this run only, never the developer's.
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="iconcat-bench-data-")
    server, base_url = start_server_process(page_size=48)
    try:
        bench_launch(args.rounds, base_url, args.remembered)
        if not args.launch_only:
            bench_paint(args.rounds, base_url)
    finally:
        server.terminate()
        server.wait()
    if not args.launch_only:
        bench_memory(args.browse)
    return 0


if __name__ == "__main__":
    sys.exit(main())
