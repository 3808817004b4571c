"""The catalogue seam (issue 30): the embedded catalogue in-process against the same catalogue over HTTP.

    python benchmarks/catalogue.py [--sets PATH ...] [--repeat 30] [--rounds 3] [--count 1000]

One catalogue object (icon sets from disk, `--sets`: by default Tabler, Lucide, MDI and Phosphor from
the unpacked `@iconify/json`, some 20,000 icons, indexed into a fresh cache folder first) is asked two
ways in one process, as the browser asks it today and as it will next round:

- in-process: `iconcat.catalogue.embedded.EmbeddedCatalogue`, library calls in worker threads;
- over HTTP: `iconcat.api.CatalogueClient` to the same catalogue served by uvicorn in a thread of this
  process on a loopback port (`iconcat.server.start_catalogue`), which is what `browse --from`,
  `pick`, `search` and `download` do today.

Printed (never asserted: this is not a test), each as median (or min–max over rounds) and as the
ratio in-process ÷ HTTP measured in the same run:

1. search: `search(query)`'s first page for `QUERIES`, `--repeat` times each after one warm-up.
2. the first page of `arrow` (what the gallery shows first), and every page of `arrow` (`more`
   followed to the end: 10,000 icons at most), `--repeat` times.
3. the bag from sets on disk: `--count` SVGs (the first icons `BAG_QUERIES` find) saved by the bag's
   engine (`iconcat.disk.batch.Batch`, 4 at a time, each through `iconcat.disk.saving.save_choice`: checked,
   fsynced, published whole) in-process and over HTTP, in files/s, against a plain Python loop that
   writes the same bodies with the same fsyncs (each file, then its folder) one after another. Goals
   (issue 30): in-process ≥ 300 files/s and ≤ 1.5× the plain loop's time. The cases' order turns from
   round to round, each in a fresh folder.

Figures are this machine's as loaded at the time (2 cores shared: ratios, not absolute times, are what
carry across runs).
"""

from __future__ import annotations

import argparse
import asyncio
import glob
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

DEFAULT_SETS = [f"/work/data/iconify-json/package/json/{prefix}.json" for prefix in ("tabler", "lucide", "mdi", "ph")]
QUERIES = ["arrow", "home", "user", "arrow up", "a", "zzqx"]
BAG_QUERIES = ["arrow", "user", "file", "home", "star", "circle", "cloud", "heart", "chart", "mail", "bell", "lock"]
TOKEN = "benchmark-token-1234"


def median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1000


async def timed(call: Callable[[], Awaitable[Any]], repeat: int) -> list[float]:
    await call()  # warm: the query's words seen, the connection open
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        await call()
        times.append(time.perf_counter() - began)
    return times


async def searches(in_process: Any, over_http: Any, repeat: int) -> None:
    print(f"1. search, first page ({repeat} times each, median)")
    print(f"   {'query':10} {'icons':>6} {'in-process':>11} {'HTTP':>9} {'ratio':>7}")
    ratios = []
    for query in QUERIES:
        local = await timed(lambda q=query: in_process.search(q), repeat)
        remote = await timed(lambda q=query: over_http.search(q), repeat)
        total = (await in_process.search(query)).total
        ratio = median_ms(local) / median_ms(remote)
        ratios.append(ratio)
        print(f"   {query!r:10} {total:>6,} {median_ms(local):>8.2f} ms {median_ms(remote):>6.2f} ms {ratio:>6.2f}x")
    print(f"   ratio over the queries: median {statistics.median(ratios):.2f}x (in-process ÷ HTTP)")


async def every_page(catalogue: Any, query: str) -> int:
    result = await catalogue.search(query)
    while result.can_load_more:
        result = await catalogue.more(result)
    return int(result.icon_count)


async def arrow(in_process: Any, over_http: Any, repeat: int) -> None:
    print(f"2. `arrow` ({repeat} times each, median)")
    first_local = await timed(lambda: in_process.search("arrow"), repeat)
    first_remote = await timed(lambda: over_http.search("arrow"), repeat)
    count = await every_page(in_process, "arrow")
    assert count == await every_page(over_http, "arrow")
    whole_local = await timed(lambda: every_page(in_process, "arrow"), max(3, repeat // 5))
    whole_remote = await timed(lambda: every_page(over_http, "arrow"), max(3, repeat // 5))
    for label, local, remote in (
        ("first page (48 icons)", first_local, first_remote),
        (f"every page ({count:,} icons)", whole_local, whole_remote),
    ):
        ratio = median_ms(local) / median_ms(remote)
        print(f"   {label:24} in-process {median_ms(local):8.2f} ms   HTTP {median_ms(remote):8.2f} ms   {ratio:.2f}x")


async def bag_icons(catalogue: Any, count: int) -> list[Any]:
    found: dict[int, Any] = {}
    for query in BAG_QUERIES:
        result = await catalogue.search(query)
        while result.can_load_more and len(found) + result.icon_count < count * 2:
            result = await catalogue.more(result)
        for icon in result.icons:
            if any(variant.format == "svg" for variant in icon.variants):
                found.setdefault(icon.id, icon)
            if len(found) == count:
                return list(found.values())
    raise SystemExit(f"only {len(found)} icons found; ask for fewer with --count")


async def run_bag(catalogue: Any, icons: list[Any], folder: Path) -> float:
    from iconcat.disk.batch import Batch
    from iconcat.disk.saving import nearest_choice

    planned = [(icon, nearest_choice(icon, "svg", None)) for icon in icons]
    batch = Batch(planned, folder, on_progress=lambda progress: None, on_item=lambda item: None)
    began = time.perf_counter()
    summary = await batch.run(catalogue)
    elapsed = time.perf_counter() - began
    assert len(summary.saved) + len(summary.already) == len(icons), summary.headline
    return elapsed


def plain_loop(bodies: list[tuple[str, bytes]], folder: Path) -> float:
    """The same bodies written one after another, each file fsynced, then its folder (as the bag's are)."""
    folder.mkdir(parents=True, exist_ok=True)
    began = time.perf_counter()
    for name, body in bodies:
        with open(folder / name, "wb") as file:
            file.write(body)
            file.flush()
            os.fsync(file.fileno())
        directory = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)
    return time.perf_counter() - began


async def bag(make_in_process: Any, make_over_http: Any, count: int, rounds: int, scratch: Path) -> None:
    async with make_in_process() as catalogue:
        icons = await bag_icons(catalogue, count)
        bodies = []
        for icon in icons:
            svg = next(variant for variant in icon.variants if variant.format == "svg")
            bodies.append((f"{icon.id}.svg", (await catalogue.fetch_variant(svg.id)).data))
    figures: dict[str, list[float]] = {"in-process": [], "HTTP": [], "plain loop": []}

    async def in_process(folder: Path) -> float:
        async with make_in_process() as catalogue:
            return await run_bag(catalogue, icons, folder)

    async def over_http(folder: Path) -> float:
        async with make_over_http() as client:
            return await run_bag(client, icons, folder)

    async def plain(folder: Path) -> float:
        return plain_loop(bodies, folder)

    cases = [("in-process", in_process), ("HTTP", over_http), ("plain loop", plain)]
    for number in range(rounds):
        turn = number % len(cases)
        for name, case in cases[turn:] + cases[:turn]:
            folder = scratch / f"{name.replace(' ', '-')}-{number}"
            figures[name].append(await case(folder))
            assert len(list(folder.iterdir())) == len(icons)
            shutil.rmtree(folder)

    def rate(name: str) -> str:
        values = [len(icons) / seconds for seconds in figures[name]]
        return f"{min(values):,.0f}–{max(values):,.0f} files/s"

    def ratio(name: str, base: str) -> str:
        values = [a / b for a, b in zip(figures[name], figures[base], strict=True)]
        return f"{min(values):.2f}–{max(values):.2f}x"

    print(f"3. the bag: {len(icons):,} SVGs from sets on disk, {rounds} rounds (min–max)")
    print(f"   in-process (4 at a time)   {rate('in-process')}   (goal >= 300 files/s)")
    print(f"   over HTTP (4 at a time)    {rate('HTTP')}")
    print(f"   plain loop, same fsyncs    {rate('plain loop')}")
    print(f"   in-process ÷ plain loop    {ratio('in-process', 'plain loop')}   (time; goal <= 1.5x)")
    print(f"   in-process ÷ HTTP          {ratio('in-process', 'HTTP')}   (time)")


async def measure(served: Any, base_url: str, args: argparse.Namespace, scratch: Path) -> None:
    from iconcat.api import CatalogueClient
    from iconcat.catalogue.embedded import EmbeddedCatalogue
    from iconcat.catalogue.kinds import sets_spec

    def make_in_process() -> EmbeddedCatalogue:
        return EmbeddedCatalogue(sets_spec(args.sets), served=served)

    def make_over_http() -> CatalogueClient:
        return CatalogueClient(base_url, TOKEN)

    async with make_in_process() as in_process, make_over_http() as over_http:
        await searches(in_process, over_http, args.repeat)
        await arrow(in_process, over_http, args.repeat)
    await bag(make_in_process, make_over_http, args.count, args.rounds, scratch)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="+", default=DEFAULT_SETS, help="IconifyJSON files or folders")
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--count", type=int, default=1000)
    args = parser.parse_args(argv)
    args.sets = [path for pattern in args.sets for path in sorted(glob.glob(pattern))] or args.sets

    from iconcat.server import start_catalogue
    from iconcat.sources.serving import open_sources

    with tempfile.TemporaryDirectory(prefix="iconcat-bench-catalogue-") as scratch_name:
        scratch = Path(scratch_name)
        began = time.perf_counter()
        served = open_sources(args.sets, folder=scratch / "cache")
        print(f"{len(served):,} icons of {len(args.sets)} sets indexed in {time.perf_counter() - began:.1f} s")
        with start_catalogue(token=TOKEN, catalogue=served) as server:
            asyncio.run(measure(served, server.base_url, args, scratch))
        served.index.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
