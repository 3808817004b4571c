"""Icon sets from disk (issue 24): indexing the whole `@iconify/json`, restarting, searching.

    python benchmarks/sources.py [--sets PATH] [--repeat 30] [--skip-baseline] [--spellings-only]

PATH is a folder of IconifyJSON files (default: `/work/realsets/iconify-json-*/package/json`, the
unpacked `@iconify/json` package: 243 sets, ~390,000 icons). Prints:

1. Index build: wall time and peak RSS of a fresh interpreter that indexes every set into an empty
   cache folder (`open_index`), against the anchor: a plain script that loads every file and writes
   every visible icon's name and body into SQLite with an FTS5 name table (`BASELINE_SCRIPT`: measured
   here in the same run, and as recorded when the goal was set, `ANCHOR_SECONDS`/`ANCHOR_MB`).
   Goals: ≤ 15 s, ≤ 400 MB.
2. Restart to first search: a fresh interpreter with the index built, from its start (before Python
   loads) to the first search's page and count answered. Goal: ≤ 1 s.
3. Search latencies at this scale, per query (`a`, `arrow`, `arrow up`, `home`, `zzqx`): what one
   request of the server does (`search_page` of 48 icons and `search_count`), in-process: the first
   time in the process (cold: the query's words not yet seen) and the median / p95 of `--repeat` more;
   and over HTTP on loopback (median / p95). Goals: median ≤ 10 ms, p95 ≤ 30 ms.
4. RSS after 1,000 mixed requests (searches, next pages, previews, SVG and PNG 512). Goal: ≤ 250 MB.
5. A cached preview while another client searches `a`, against idle. Goal: ≤ 3×.
6. Pictures drawn the first time, over HTTP (`PICTURE_QUERIES`' first pages: icons of many sets, none
   asked before in the run): the preview (uncached) and the PNG 512 (drawn by the raster worker), median
   and p95. Goals: ≤ 5 ms and ≤ 25 ms median (the goals are for the rasterising process, which is
   inside these figures; `benchmarks/rasterise.py` times it alone, and says which binding draws).
7. One index per real folder (`--spellings-only` runs this section alone): the sets built in a fresh
   cache from a relative spelling of PATH while another process holds the index open (a `serve` in
   another terminal), then opened again by that spelling (the baseline: a restart), by the absolute
   path, through a link and by the relative one again, each in a fresh interpreter to the first search
   answered, with the sets each open read (goal: none, each ≤ 1 s). And the size on disk (database +
   write-ahead log) after that build, against the same build with the checkpoint left out (measured in
   the same run: one more build). Goal ≤ 700 MB.

The sets are read by `iconcat.sources.discover`, the real readers; pictures are drawn by the
real raster worker (`iconcat.imaging.svg_raster`).

Figures are for this machine as loaded at the time; never part of the test suite's pass/fail.
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import TYPE_CHECKING

from iconcat.sources.discover import discover
from iconcat.sources.index import SetUnit

if TYPE_CHECKING:  # the restart's child imports this module: httpx (0.3 s) only where it is used
    import httpx

DEFAULT_SETS = "/work/realsets/iconify-json-*/package/json"
QUERIES = ["a", "arrow", "arrow up", "home", "zzqx"]
PICTURE_QUERIES = ["user", "star", "heart", "circle", "file", "cloud"]
PAGE = 48
ANCHOR_SECONDS = 3.0
ANCHOR_MB = 257.0
"""The plain script's figures on this machine when the goals were set (issue 24)."""

BASELINE_SCRIPT = textwrap.dedent(
    """
    import glob, json, resource, sqlite3, sys, time
    start = time.perf_counter()
    db = sqlite3.connect(sys.argv[2])
    db.execute("CREATE TABLE icons (id INTEGER PRIMARY KEY, name TEXT, body TEXT)")
    db.execute("CREATE VIRTUAL TABLE names USING fts5 (name)")
    for path in sorted(glob.glob(sys.argv[1] + "/*.json")):
        with open(path, encoding="utf-8") as file:
            data = json.load(file)
        if not isinstance(data, dict) or "icons" not in data:
            continue
        rows = [(f"{data['prefix']}:{key}", icon["body"]) for key, icon in data["icons"].items()
                if not icon.get("hidden")]
        db.executemany("INSERT INTO icons (name, body) VALUES (?, ?)", rows)
        db.executemany("INSERT INTO names (name) VALUES (?)", [(name.replace("-", " "),) for name, _ in rows])
        db.commit()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(time.perf_counter() - start, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime)
    """
)


def units(folder: str) -> list[SetUnit]:
    """The sets in `folder`, as `--from` finds them."""
    return list(discover([folder]).units)


def child(code: str, *args: str) -> str:
    """Run `code` in a fresh interpreter (its peak RSS is its own) and return what it printed."""
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"the child failed:\n{done.stderr}")
    return done.stdout


BUILD = textwrap.dedent(
    """
    import resource, sys, time
    from pathlib import Path
    sys.path.insert(0, sys.argv[3])
    start = time.perf_counter()
    from sources import units
    from iconcat.sources.index import open_index
    index = open_index(Path(sys.argv[2]), units(sys.argv[1]))
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(time.perf_counter() - start, usage.ru_maxrss / 1024, index.listed, usage.ru_utime + usage.ru_stime)
    """
)

RESTART = textwrap.dedent(
    """
    import time, sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[3])
    from sources import units
    from iconcat.sources.index import open_index
    from iconcat.sources.catalogue import SourceCatalogue
    catalogue = SourceCatalogue(open_index(Path(sys.argv[2]), units(sys.argv[1])), rasterise=lambda svg, size: b"")
    page, more = catalogue.search_page("arrow", 0, 48)
    total = catalogue.search_count("arrow")
    print(time.time(), len(page), total)
    """
)


SPELLING_OPEN = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from iconcat.sources import index as index_module
    from iconcat.sources.catalogue import SourceCatalogue
    from iconcat.sources.discover import discover
    if sys.argv[3] == "no-checkpoint":
        index_module._checkpoint = lambda connection: None
    read = []
    index = index_module.open_index(Path(sys.argv[2]), discover([sys.argv[1]]).units, progress=read.append)
    catalogue = SourceCatalogue(index, rasterise=lambda svg, size: b"")
    catalogue.search_page("arrow", 0, 48)
    print(time.time(), read[-1].sets_total if read else 0, catalogue.search_count("arrow"))
    """
)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sets", default=DEFAULT_SETS)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--skip-baseline", action="store_true")
    parser.add_argument(
        "--searches-only", metavar="CACHE", help="skip 1 and 2: search an index already built in the folder CACHE"
    )
    parser.add_argument("--spellings-only", action="store_true", help="run section 7 alone")
    options = parser.parse_args()
    folders = glob.glob(options.sets)
    if not folders:
        raise SystemExit(f"no sets at {options.sets}: unpack @iconify/json there or pass --sets")
    folder = folders[0]
    if options.spellings_only:
        one_index_per_real_folder(folder)
        return
    if options.searches_only:
        search_latencies(folder, Path(options.searches_only), options.repeat)
        return
    with tempfile.TemporaryDirectory() as scratch:
        cache = Path(scratch) / "cache"
        build_and_restart(folder, cache, Path(scratch), options.skip_baseline)
        search_latencies(folder, cache, options.repeat)
    one_index_per_real_folder(folder)


def build_and_restart(folder: str, cache: Path, scratch: Path, skip_baseline: bool) -> None:
    here = str(Path(__file__).resolve().parent)
    print(f"1. Index build: {len(units(folder))} sets in {folder}")
    seconds, peak, listed, cpu = map(float, child(BUILD, folder, str(cache), here).split())
    print(f"   iconcat:  {seconds:6.2f} s ({cpu:.2f} s CPU), peak RSS {peak:5.0f} MB, {int(listed):,} icons listed")
    if not skip_baseline:
        # The script reads `*.json` where it is pointed: the package folder holds them in `json/`.
        files = folder if glob.glob(os.path.join(folder, "*.json")) else os.path.join(folder, "json")
        base = child(BASELINE_SCRIPT, files, str(scratch / "b.db"))
        base_seconds, base_peak, base_cpu = map(float, base.split())
        print(
            f"   plain script with FTS5, this run: {base_seconds:5.2f} s ({base_cpu:.2f} s CPU), "
            f"{base_peak:4.0f} MB (iconcat {seconds / base_seconds:.1f}x time, {cpu / base_cpu:.1f}x CPU, "
            f"{peak / base_peak:.1f}x memory)"
        )
    print(
        f"   anchor as recorded: {ANCHOR_SECONDS} s, {ANCHOR_MB:.0f} MB "
        f"(iconcat {seconds / ANCHOR_SECONDS:.1f}x, {peak / ANCHOR_MB:.1f}x); goals ≤ 15 s, ≤ 400 MB"
    )
    restarts = []
    for _ in range(3):
        started = time.time()
        answered = float(child(RESTART, folder, str(cache), here).split()[0])
        restarts.append(answered - started)
    print(
        "2. Restart to first search (page + count of 'arrow'), three runs: "
        + ", ".join(f"{value * 1000:.0f} ms" for value in restarts)
        + "; goal ≤ 1 s"
    )


def search_latencies(folder: str, cache: Path, repeat: int) -> None:
    import httpx

    from iconcat.imaging.svg_raster import rasterise
    from iconcat.server import start_catalogue
    from iconcat.sources.catalogue import SourceCatalogue
    from iconcat.sources.index import open_index

    catalogue = SourceCatalogue(open_index(cache, units(folder)), rasterise=rasterise)
    print(f"3. Search, {len(catalogue):,} icons: page of {PAGE} + count, in-process and over HTTP (ms)")
    print(f"   {'query':10} {'total':>8} {'cold':>7} {'median':>7} {'p95':>7} {'HTTP median':>12} {'p95':>7}")
    with (
        start_catalogue(token="bench", catalogue=catalogue) as server,
        httpx.Client(base_url=server.base_url, headers={"Authorization": "Bearer bench"}) as client,
    ):
        for query in QUERIES:
            times = []
            for _ in range(repeat + 1):
                start = time.perf_counter()
                catalogue.search_page(query, 0, PAGE)
                total = catalogue.search_count(query)
                times.append((time.perf_counter() - start) * 1000)
            over_http = []
            for _ in range(repeat):
                start = time.perf_counter()
                client.get("/api/v1/search", params={"name": query}).raise_for_status()
                over_http.append((time.perf_counter() - start) * 1000)
            warm = times[1:]
            print(
                f"   {query!r:10} {total:>8,} {times[0]:7.2f} {statistics.median(warm):7.2f} "
                f"{percentile(warm, 0.95):7.2f} {statistics.median(over_http):12.2f} {percentile(over_http, 0.95):7.2f}"
            )
        print("   goals: median ≤ 10 ms, p95 ≤ 30 ms")
        mixed_requests(client, 1000)
        cached_preview_beside_searches(client, repeat)
        pictures_first_drawn(client)


def mixed_requests(client: httpx.Client, count: int) -> None:
    """Searches, next pages, and for icons met on the way (a different four each round) their preview,
    SVG and PNG 512, round robin; then this process's RSS (server and client; the PNGs the catalogue
    keeps once drawn are in it) and the raster workers'."""
    from iconcat.imaging import svg_raster

    done = 0
    offset = 0
    while done < count:
        for query in QUERIES:
            body = client.get("/api/v1/search", params={"name": query}).json()
            done += 1
            if body["meta"].get("next"):
                client.get(body["meta"]["next"]).raise_for_status()
                done += 1
            chosen = body["data"][offset % 40 : offset % 40 + 4]
            for icon in chosen:
                client.get(icon["thumbnail"]).raise_for_status()
                done += 1
                for variant in icon["variants"]:
                    if variant["format"] == "svg" or variant.get("size") == 512:
                        client.get("/api/v1/download", params={"id": variant["id"]}).raise_for_status()
                        done += 1
        offset += 4
    workers = [resident_mb(pid) for pid in svg_raster.worker_pids()]
    print(
        f"4. RSS after {done:,} mixed requests (searches, next pages, previews, SVG and PNG 512 downloads): "
        f"{resident_mb('self'):.0f} MB, server and client in one process (goal ≤ 250 MB); raster workers "
        + ", ".join(f"{value:.0f} MB" for value in workers)
    )


def resident_mb(pid: int | str) -> float:
    with open(f"/proc/{pid}/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def pictures_first_drawn(client: httpx.Client) -> None:
    """Section 6 (module docstring): each icon's preview, then its PNG 512, asked for the first time."""
    from iconcat.imaging import svg_sandbox

    seen: set[int] = set()
    previews: list[float] = []
    pngs: list[float] = []
    for query in PICTURE_QUERIES:
        for icon in client.get("/api/v1/search", params={"name": query}).json()["data"]:
            if icon["id"] in seen:
                continue
            seen.add(icon["id"])
            start = time.perf_counter()
            client.get(icon["thumbnail"]).raise_for_status()
            previews.append((time.perf_counter() - start) * 1000)
            png = next(v["id"] for v in icon["variants"] if v["format"] == "png" and v.get("size") == 512)
            start = time.perf_counter()
            client.get("/api/v1/download", params={"id": png}).raise_for_status()
            pngs.append((time.perf_counter() - start) * 1000)
    print(
        f"6. Pictures drawn the first time, {len(seen)} icons of {len(PICTURE_QUERIES)} queries, over HTTP "
        f"({svg_sandbox.binding()} draws): preview median {statistics.median(previews):.2f} ms, p95 "
        f"{percentile(previews, 0.95):.2f} (goal ≤ 5); PNG 512 median {statistics.median(pngs):.2f} ms, "
        f"p95 {percentile(pngs, 0.95):.2f} (goal ≤ 25)"
    )


def cached_preview_beside_searches(client: httpx.Client, repeat: int) -> None:
    """A preview served before (the app's own cache, on the event loop: no rasterising) idle, then while
    another client searches `a` without pause; median of `repeat` × 10 fetches each."""
    import threading

    import httpx

    preview = client.get("/api/v1/search", params={"name": "home"}).json()["data"][0]["thumbnail"]
    client.get(preview).raise_for_status()  # rasterised once by the worker, then kept

    def fetches() -> float:
        times = []
        for _ in range(repeat * 10):
            start = time.perf_counter()
            client.get(preview).raise_for_status()
            times.append((time.perf_counter() - start) * 1000)
        return statistics.median(times)

    idle = fetches()
    stop = threading.Event()

    def search_a() -> None:
        with httpx.Client(base_url=str(client.base_url), headers=client.headers) as other:
            while not stop.is_set():
                other.get("/api/v1/search", params={"name": "a"})

    searcher = threading.Thread(target=search_a)
    searcher.start()
    try:
        busy = fetches()
    finally:
        stop.set()
        searcher.join()
    print(
        f"5. A cached preview: {idle:.2f} ms idle, {busy:.2f} ms while another client searches 'a' "
        f"({busy / idle:.1f}x; goal ≤ 3x)"
    )


def one_index_per_real_folder(folder: str) -> None:
    """Section 7 (module docstring)."""
    import sqlite3

    from iconcat.sources.index import INDEX_FILE, open_index

    def size_on_disk(cache: Path) -> tuple[float, float]:
        """The database's and its write-ahead log's sizes, in MB."""
        wal = cache / f"{INDEX_FILE}-wal"
        return (cache / INDEX_FILE).stat().st_size / 1e6, (wal.stat().st_size if wal.exists() else 0) / 1e6

    with tempfile.TemporaryDirectory() as scratch:
        where = Path(scratch)
        (where / "linked").symlink_to(Path(folder).resolve(), target_is_directory=True)
        spellings = {
            "relative": os.path.relpath(Path(folder).resolve(), where),
            "absolute": str(Path(folder).resolve()),
            "link": str(where / "linked"),
        }

        def opened(spelling: str, cache: Path, checkpoint: bool = True) -> tuple[float, int]:
            """A fresh interpreter in `scratch` opening the sets by `spelling`: seconds from its start to
            the first search answered, and the sets it read."""
            started = time.time()
            code = [sys.executable, "-c", SPELLING_OPEN, spelling, str(cache), "" if checkpoint else "no-checkpoint"]
            done = subprocess.run(code, capture_output=True, text=True, check=True, cwd=where)
            answered, read, _total = done.stdout.split()
            return float(answered) - started, int(read)

        sizes = {}
        builds = {}
        for checkpoint in (False, True):
            cache = where / ("cache" if checkpoint else "cache-without-checkpoint")
            open_index(cache, [])  # the database exists, so another process can hold it open meanwhile
            with contextlib.closing(sqlite3.connect(f"{(cache / INDEX_FILE).as_uri()}?mode=ro", uri=True)) as other:
                other.execute("SELECT count(*) FROM units").fetchone()
                builds[checkpoint] = opened(spellings["relative"], cache, checkpoint)
                sizes[checkpoint] = size_on_disk(cache)
            if not checkpoint:
                shutil.rmtree(cache)
        print(f"7. One index per real folder: {folder} built from {spellings['relative']!r} in {builds[True][0]:.1f} s")
        for checkpoint, label in ((False, "without the checkpoint (before)"), (True, "with it")):
            database, wal = sizes[checkpoint]
            print(
                f"   size on disk after the build, another process holding the index, {label}: "
                f"{database + wal:.0f} MB (database {database:.0f} MB + log {wal:.0f} MB); goal ≤ 700 MB"
            )
        restart, _ = opened(spellings["relative"], where / "cache")
        print(f"   opened again by the same spelling (the baseline): {restart * 1000:.0f} ms")
        for name in ("absolute", "link", "relative"):
            seconds, read = opened(spellings[name], where / "cache")
            print(
                f"   then by the {name} spelling: {seconds * 1000:.0f} ms ({seconds / restart:.2f}x the baseline, "
                f"{seconds / builds[True][0]:.3f}x the build), {read} sets read; goal ≤ 1 s, none read"
            )
        database, wal = size_on_disk(where / "cache")
        print(f"   size on disk after the four opens: {database + wal:.0f} MB (log {wal:.0f} MB)")


if __name__ == "__main__":
    main()
