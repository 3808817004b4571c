"""The browser on sets from disk and on the demo, as `iconcat browse` runs it, against the code before (issue 30).

    python benchmarks/in_process.py [--before [NAME=]TREE ...] [--from PATH] [--rounds 5] [--caches DIR]

Every figure is a fresh process running the real start path (`run_browser`, as `iconcat browse
--from PATH arrow` runs it: the catalogue chosen, made and opened wherever launch.py and the app do
it), with only `App.run` made headless (120x36) and given an auto-pilot, timed from before Python
starts to the frame written (`App._display`) that shows what is waited for. Each child has a browser
memory of its own, empty (XDG_DATA_HOME: every preview is asked of the catalogue, as on a first
visit). Printed, never asserted (this is not a test):

- `--from` the whole collection (PATH: default `$ICONCAT_BENCH_FROM`, else the unpacked
  `@iconify/json` at `FROM_DEFAULT`; its index built beforehand, outside the timing, into a cache folder
  of each tree's own, `ICONCAT_CACHE_DIR`):
  1. restart to first search: `browse --from PATH arrow`, start to the results on screen (and the
     part of it after the first frame, which is the catalogue's: made, opened, searched, shown);
  2. the gallery of `arrow` with every tile: the same run, start to every tile on screen drawn;
  3. Enter to every tile drawn: `browse --from PATH`, the catalogue open, then `arrow` and Enter
     (`start_search(…, immediate=True)`, as gallery.py's section 4 starts it), to every tile drawn.
- the same three on the demo (`browse --demo`).

With `--before TREE` (a worktree of the commit before, with its own `.venv`; repeatable as
`--before NAME=TREE`), every case also runs on that tree's code, the trees in turn within each round,
so a drift of the machine reaches them alike; the ratios after ÷ before are of the medians. Goals
(issue 30): restart to first search and the gallery of `arrow` with every tile <= 0.8x the code
before, `--from` the whole collection.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FROM_DEFAULT = "/work/data/iconify-json/package"
QUERY = "arrow"
WAIT = 120.0

CHILD = r"""
import json, sys, time
start = float(sys.argv[1])
kind, mode, sets = sys.argv[2], sys.argv[3], sys.argv[4]
from textual.app import App

QUERY = "arrow"
marks = {}


def tiles_drawn(app) -> bool:
    from iconcat.tui.widgets import Gallery

    gallery = app.query_one(Gallery)
    shown = gallery.tiles_in_view()
    if not shown or not gallery.icons:
        return False
    spec, loader = gallery.render_spec(), gallery.loader
    keys = [spec.key(gallery.icons[index].id) for index in shown]
    return all(loader.tile(key) is not None or loader.tile_failure(key) is not None for key in keys)


async def ready(pilot):
    import asyncio

    app = pilot.app
    done = asyncio.Event()
    original = app._display

    def display(screen, renderable):
        original(screen, renderable)
        if renderable is None:
            return
        now = time.time()
        marks.setdefault("frame", now)
        if app.browser.search_state.phase.name == "RESULTS" and app.browser.search_state.query == QUERY:
            marks.setdefault("results", now)
            if "results" in marks and tiles_drawn(app):
                marks.setdefault("tiles", now)
                done.set()

    app._display = display
    if mode == "enter":
        while not app.link.is_ready:  # (the catalogue open: the index of the sets, the demo's search)
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.3)  # (the memory opened, the first frames done)
        marks["enter"] = time.time()
        app.browser.start_search(QUERY, immediate=True)
    await asyncio.wait_for(done.wait(), 120)
    app.exit()


original_run = App.run
App.run = lambda self, **options: original_run(self, headless=True, auto_pilot=ready, size=(120, 36))
from pathlib import Path
from iconcat.config import Settings
try:
    from iconcat.catalogue.local_sets import LocalSets
except ImportError:  # (a tree before session 36: at the top)
    from iconcat.catalogue.local_sets import LocalSets
from iconcat.tui import run_browser

settings = Settings(base_url=None, token=None, download_dir=Path(sys.argv[5]))
local = LocalSets((sets,)) if kind == "from" else None
query = QUERY if mode == "start" else None
import inspect
if "local" in inspect.signature(run_browser).parameters:  # (a tree before session 36: the sets threaded alone)
    run_browser(settings, query=query, local=local)
elif local is not None:
    from iconcat.catalogue import CatalogueChoice
    run_browser(settings, query=query, choice=CatalogueChoice.sets(local))
else:
    run_browser(settings, query=query)  # (no base URL: the demo)
since = marks.get("enter", start)
figures = {"results": marks["results"] - since, "tiles": marks["tiles"] - since}
figures["after frame"] = marks["results"] - marks["frame"]
print(json.dumps(figures))
"""


def python_of(tree: Path) -> str:
    """The interpreter of `tree` (its `.venv`, where its code is installed), else this one."""
    candidate = tree / ".venv" / "bin" / "python"
    return str(candidate) if candidate.exists() else sys.executable


def child_environment(tree: Path, cache: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # bytecode cached, as in an installed copy
    env["PYTHONPATH"] = str(tree / "src")
    env["ICONCAT_CACHE_DIR"] = str(cache)
    env["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="iconcat-bench-data-")  # an empty memory: cold
    env["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="iconcat-bench-config-")
    for name in [name for name in env if name.startswith("ICONCAT_") and name != "ICONCAT_CACHE_DIR"]:
        del env[name]
    return env


def run_case(tree: Path, cache: Path, kind: str, mode: str, sets: str) -> dict[str, float]:
    folder = tempfile.mkdtemp(prefix="iconcat-bench-saved-")
    completed = subprocess.run(
        [python_of(tree), "-c", CHILD, repr(time.time()), kind, mode, sets, folder],
        capture_output=True,
        text=True,
        cwd=tree,
        env=child_environment(tree, cache),
        timeout=WAIT,
    )
    if completed.returncode:
        raise SystemExit(f"the child on {tree} failed:\n{completed.stderr[-2000:]}")
    figures: dict[str, float] = json.loads(completed.stdout.strip().splitlines()[-1])
    return figures


def build_index(tree: Path, cache: Path, sets: str) -> float:
    """The index of `sets` built (or found up to date) in `cache` by `tree`'s code; seconds taken."""
    code = (
        "import sys\ntry:\n    from iconcat.sources.serving import open_sources\n"
        "except ImportError:  # (a tree from before the layout: the sets' reader in server/)\n"
        "    from iconcat.server.sources.serving import open_sources\n"
        "open_sources([sys.argv[1]]).index.close()"
    )
    started = time.perf_counter()
    subprocess.run([python_of(tree), "-c", code, sets], check=True, cwd=tree, env=child_environment(tree, cache))
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--before",
        action="append",
        default=[],
        metavar="[NAME=]TREE",
        help="a worktree of a commit before, with its own .venv (repeatable: NAME tells them apart)",
    )
    parser.add_argument("--from", dest="sets", default=os.environ.get("ICONCAT_BENCH_FROM", FROM_DEFAULT))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--caches", type=Path, help="where each tree's index is kept (cache-after, cache-before): built once, reused"
    )
    args = parser.parse_args(argv)
    scratch = args.caches or Path(tempfile.mkdtemp(prefix="iconcat-bench-in-process-"))
    trees = {"after": ROOT}
    for given in args.before:
        name, _, tree = given.rpartition("=")
        trees[name or "before"] = Path(tree).resolve()
    caches = {name: scratch / f"cache-{name}" for name in trees}
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"({os.cpu_count()} CPUs, load average {load} at the start: figures are of this run only)")
    kinds = ["demo"]
    if Path(args.sets).exists():
        kinds.insert(0, "from")
        for name, tree in trees.items():
            print(f"index of {args.sets} for {name} ({tree}): {build_index(tree, caches[name], args.sets):.1f} s")
    else:
        print(f"--from skipped: no icon sets at {args.sets}")
    cases = [(kind, mode) for kind in kinds for mode in ("start", "enter")]
    for name, tree in trees.items():  # warm the OS file cache and the bytecode cache
        for kind, mode in cases:
            run_case(tree, caches[name], kind, mode, args.sets)
    seen: dict[tuple[str, str, str], list[dict[str, float]]] = {}
    for number in range(args.rounds):
        for kind, mode in cases:
            order = list(trees.items()) if number % 2 == 0 else list(trees.items())[::-1]
            for name, tree in order:
                seen.setdefault((name, kind, mode), []).append(run_case(tree, caches[name], kind, mode, args.sets))
    print(f"median (best-worst) of {args.rounds} rounds, ms; after ÷ before of the medians")
    for kind in kinds:
        what = f"--from {args.sets}" if kind == "from" else "--demo"
        for mode, field, label in (
            ("start", "results", f"browse {what} {QUERY}: start to the results on screen"),
            ("start", "after frame", "  ... of which the first frame to the results"),
            ("start", "tiles", "  ... to every tile on screen drawn"),
            ("enter", "tiles", f"browse {what}, then {QUERY} Enter: to every tile drawn"),
        ):
            line = f"  {label:<70}"
            medians = {}
            for name in trees:
                values = [figures[field] * 1000 for figures in seen[(name, kind, mode)]]
                medians[name] = statistics.median(values)
                line += f" {name} {medians[name]:6.0f} ({min(values):.0f}-{max(values):.0f})"
            for name in [name for name in trees if name != "after"]:
                line += f"   {medians['after'] / medians[name]:.2f}x {name}"
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
