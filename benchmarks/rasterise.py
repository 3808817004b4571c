"""How fast real icons are rasterised through the sandboxed worker process, against resvg in-process.

    python benchmarks/rasterise.py [--icons 200] [--rounds 3] [--sets /work/realsets] [--http-icons 60]

Real icons from installed IconifyJSON packages (`@iconify-json/tabler`, `mdi`, `ph`, found under
`--sets` as `<folder>/package/icons.json`, or in a `node_modules/@iconify-json` there): `--icons` of
them, spread evenly over each set, each made into an SVG document by a tiny stand-in for the index's
own mapping (the body wrapped in `<svg viewBox="left top width height">`, the set's defaults where the
icon has none; transformations and aliases left out: they do not change the drawing's cost).

For each round, every icon is drawn at the catalogue's preview size (128 px, `THUMBNAIL_SIZE`) and at
512 px three ways, interleaved icon by icon so all three see the same machine load, their order turning
from one icon to the next:

- `worker`: `iconcat.imaging.svg_raster.rasterise`, what the server and saving call: the request
  crosses a pipe, the worker sanitises and paints, resvg draws, the PNG comes back. Uncached: nothing
  in that path keeps a picture.
- `in-process`: `svg_sandbox.rasterise_here`, the same sanitising and drawing without the process.
- `resvg`: the binding the worker uses (`svg_sandbox.binding()`: svg2png-py when the `fast-svg` extra
  is installed, else resvg-py) on the plain document given a width and height, no sanitising, no
  process: the floor. With both installed, resvg-py's PNG 512 is printed beside it.

Printed per round: the medians (ms) and the ratios worker / in-process and worker / resvg; then the
figures over rounds (min–max of the rounds' medians) beside the goals (issue 24: a preview uncached
≤ 5 ms median through the process, PNG 512 ≤ 25 ms median); the worker's start (the first picture of
a fresh pool, which pays for it), an empty 512 px canvas drawn by plain resvg (what the PNG encoding
costs at that size, with nothing to draw), the worker's RSS after the run, and the
throughput of 4 threads drawing previews at once against 1 (the pool has `MAX_WORKERS` processes).

Then over HTTP (`--http-icons`, 0 to skip): the same three packages served as `--from` serves them
(`open_sources`, indexed into a temporary cache folder first, outside the timing; `start_catalogue` on
loopback; the client in this process), and the PNG 512 of `--http-icons` icons spread over the served
ones each downloaded twice: the first request (drawn by the worker: what a PNG 512 costs the first time
it is asked, whatever is kept) and the repeated one (the catalogue keeps the PNGs it drew, bounded by
bytes); and each icon's PNG 256 the first time (a quarter of the pixels). Medians and p95 of each.

Figures only; never part of the test suite's pass/fail.
"""

from __future__ import annotations

import argparse
import json
import statistics
import threading
import time
from pathlib import Path

from iconcat.demo.catalogue import THUMBNAIL_SIZE
from iconcat.imaging import svg_raster, svg_sandbox

SETS = ("tabler", "mdi", "ph")
GOALS = {THUMBNAIL_SIZE: 5.0, 512: 25.0}


def find_set(root: Path, prefix: str) -> Path | None:
    """The icons.json of `@iconify-json/<prefix>` under `root` (an unpacked package folder or node_modules)."""
    candidates = sorted(root.glob(f"iconify-json-{prefix}-*/package/icons.json"))
    candidates += sorted(root.glob(f"**/node_modules/@iconify-json/{prefix}/icons.json"))
    return candidates[0] if candidates else None


def documents(root: Path, count: int) -> list[tuple[str, str]]:
    """(name, SVG) for `count` icons spread over the sets found."""
    found = [path for path in (find_set(root, prefix) for prefix in SETS) if path is not None]
    if not found:
        raise SystemExit(f"no @iconify-json/{{{','.join(SETS)}}} package under {root}")
    per_set = -(-count // len(found))
    chosen: list[tuple[str, str]] = []
    for path in found:
        data = json.loads(path.read_text(encoding="utf-8"))
        names = sorted(data["icons"])
        step = max(1, len(names) // per_set)
        for name in names[::step][:per_set]:
            icon = data["icons"][name]
            box = [icon.get(key, data.get(key, default)) for key, default in
                   (("left", 0), ("top", 0), ("width", 16), ("height", 16))]  # fmt: skip
            svg = (
                f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{" ".join(str(n) for n in box)}">'
                f"{icon['body']}</svg>"
            )
            chosen.append((f"{data['prefix']}:{name}", svg))
    return chosen[:count]


def plain_resvg(svg: str, size: int | None = None, using: str | None = None) -> bytes:
    """The binding alone (`using`, else the worker's): `svg` drawn at `size` px wide and high (its own
    size when None)."""
    if size is not None:
        svg = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
    return svg_sandbox.render(svg, using=using)


def timed(function, *args, **options) -> float:
    start = time.perf_counter()
    function(*args, **options)
    return (time.perf_counter() - start) * 1000


def one_round(icons: list[tuple[str, str]], size: int) -> dict[str, float]:
    """Medians (ms) of the three ways for `icons` at `size`."""
    times: dict[str, list[float]] = {"worker": [], "in-process": [], "resvg": []}
    ways = {
        "worker": lambda svg: svg_raster.rasterise(svg, size),
        "in-process": lambda svg: svg_sandbox.rasterise_here(svg, size),
        "resvg": lambda svg: plain_resvg(svg, size),
    }
    names = list(ways)
    for index, (_name, svg) in enumerate(icons):
        # The order turns from icon to icon: whichever way runs right after the worker's turn is
        # measured faster (seen: in-process at half of plain resvg when it always came second).
        for way in names[index % 3 :] + names[: index % 3]:
            times[way].append(timed(ways[way], svg))
    return {way: statistics.median(values) for way, values in times.items()}


def throughput(icons: list[tuple[str, str]], threads: int) -> float:
    """Previews per second with `threads` threads drawing all of `icons` between them."""
    parts = [icons[index::threads] for index in range(threads)]

    def draw(part: list[tuple[str, str]]) -> None:
        for _name, svg in part:
            svg_raster.rasterise(svg, THUMBNAIL_SIZE)

    workers = [threading.Thread(target=draw, args=(part,)) for part in parts]
    start = time.perf_counter()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return len(icons) / (time.perf_counter() - start)


def worker_rss_mb() -> float:
    total = 0.0
    for pid in svg_raster.worker_pids():
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total = max(total, int(line.split()[1]) / 1024)
    return total


def over_http(root: Path, count: int) -> None:
    """First and repeated PNG 512 downloads from the sets served as `--from` serves them."""
    import tempfile

    import httpx

    from iconcat.server import start_catalogue
    from iconcat.sources.serving import open_sources

    packages = [path.parent for path in (find_set(root, prefix) for prefix in SETS) if path is not None]
    with tempfile.TemporaryDirectory(prefix="iconcat-bench-") as cache:
        catalogue = open_sources([str(path) for path in packages], folder=Path(cache))
        everything, _more = catalogue.search_page("", 0, len(catalogue))
        step = max(1, len(everything) // count)
        chosen = everything[::step][:count]
        ids = [{v.size: v.id for v in icon.variants if v.format == "png"} for icon in chosen]
        with (
            start_catalogue(token="bench", catalogue=catalogue) as server,
            httpx.Client(base_url=server.base_url, headers={"Authorization": "Bearer bench"}, timeout=30) as client,
        ):
            client.get("/api/v1/search", params={"name": "a"})  # connection and worker up
            svg_raster.prestart()
            turns = ("PNG 512, first request", "PNG 512, repeated", "PNG 256, first")
            times: dict[str, list[float]] = {turn: [] for turn in turns}
            for variants in ids:
                for turn, size in zip(times, (512, 512, 256), strict=True):
                    start = time.perf_counter()
                    response = client.get("/api/v1/download", params={"id": variants[size]})
                    times[turn].append((time.perf_counter() - start) * 1000)
                    assert response.status_code == 200, response.text
        catalogue.index.close()
    print(f"\nover HTTP, {len(ids)} icons of {len(everything):,} served ({', '.join(SETS)}); goal: PNG 512 <= 25 ms")
    for turn, values in times.items():
        ordered = sorted(values)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(f"  {turn}: median {statistics.median(values):.2f} ms, p95 {p95:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--icons", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sets", type=Path, default=Path("/work/realsets"))
    parser.add_argument("--http-icons", type=int, default=60)
    options = parser.parse_args()
    icons = documents(options.sets, options.icons)
    print(f"{len(icons)} icons from {', '.join(sorted({name.split(':')[0] for name, _ in icons}))}")
    print(f"the worker draws with {svg_sandbox.binding()} (installed: {', '.join(svg_sandbox.available_bindings())})")

    svg_raster.shutdown()
    start_ms = timed(svg_raster.rasterise, icons[0][1], THUMBNAIL_SIZE)
    print(f"first picture of a fresh pool (starts the worker): {start_ms:.0f} ms")
    failures = 0
    for _name, svg in icons:  # every icon drawn once, so the rounds time only pictures that work
        try:
            svg_raster.rasterise(svg, THUMBNAIL_SIZE)
        except svg_raster.RasterError:
            failures += 1
    print(f"icons that could not be drawn: {failures}")

    medians: dict[int, list[dict[str, float]]] = {THUMBNAIL_SIZE: [], 512: []}
    for number in range(1, options.rounds + 1):
        for size in medians:
            figures = one_round(icons, size)
            medians[size].append(figures)
            print(
                f"round {number}, {size} px: worker {figures['worker']:.2f} ms, in-process "
                f"{figures['in-process']:.2f} ms, resvg {figures['resvg']:.2f} ms; worker / in-process "
                f"{figures['worker'] / figures['in-process']:.2f}x, worker / resvg "
                f"{figures['worker'] / figures['resvg']:.2f}x"
            )
    print()
    for size, rounds in medians.items():
        worker = [figures["worker"] for figures in rounds]
        ratio = [figures["worker"] / figures["in-process"] for figures in rounds]
        floor = [figures["worker"] / figures["resvg"] for figures in rounds]
        label = "preview" if size == THUMBNAIL_SIZE else "PNG"
        print(
            f"{label} {size} px through the worker, median: {min(worker):.2f}-{max(worker):.2f} ms "
            f"(goal <= {GOALS[size]:g} ms); {min(ratio):.2f}-{max(ratio):.2f}x in-process, "
            f"{min(floor):.2f}-{max(floor):.2f}x plain resvg"
        )
    empty = '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"/>'
    blank = statistics.median(timed(plain_resvg, empty) for _ in range(20))
    print(f"an empty 512 px canvas, plain resvg (its PNG encoding and little else): {blank:.2f} ms median")
    if svg_sandbox.binding() != "resvg_py" and "resvg_py" in svg_sandbox.available_bindings():
        others = statistics.median(timed(plain_resvg, svg, 512, "resvg_py") for _name, svg in icons)
        print(f"PNG 512 by plain resvg-py, for comparison: {others:.2f} ms median")
    one, four = throughput(icons, 1), throughput(icons, 4)
    print(f"previews per second, 1 thread / 4 threads: {one:.0f} / {four:.0f} ({four / one:.2f}x)")
    print(f"worker RSS after the run: {worker_rss_mb():.1f} MB (largest of {len(svg_raster.worker_pids())})")
    sizes = (128, 256, 512)
    blanks = {
        size: statistics.median(
            timed(plain_resvg, '<svg xmlns="http://www.w3.org/2000/svg"/>', size) for _ in range(20)
        )
        for size in sizes
    }
    print("an empty canvas, plain resvg, by side: " + ", ".join(f"{size} px {blanks[size]:.2f} ms" for size in sizes))
    if options.http_icons > 0:
        over_http(options.sets, options.http_icons)
    svg_raster.shutdown()


if __name__ == "__main__":
    main()
