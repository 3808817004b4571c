"""How fast and how faithful iconcat's thumbnails are, against stock rich-pixels, in one run.

    python benchmarks/thumbnails.py [--previews 120] [--repeat 7]

Starts the embedded demo catalogue on a loopback port, fetches previews over HTTP (spread evenly over
the whole catalogue) and prints:

1. Render time, 32x16 and 64x32 cells: median over previews of the median of `--repeat` runs, for
   ours (`build_cells`: the full uncached work, tile decision included) and for stock
   `rich_pixels.Pixels.from_image(image, resize=fitted size)`, interleaved so both see the same
   machine load. Stock is timed twice: with Rich's own style-parsing caches as they are after
   earlier renders (warm: what a long session sees) and cleared before each call (cold). "+ draw"
   adds laying the result out as Rich lines (what Textual does with it).
2. PSNR against the ideal downscale (`tests.support.pictures`: full-resolution composite onto the
   background, area-averaged) over the picture's area, on a dark and a light background: ours
   without the legibility tile (the tile is a deliberate departure from the ideal; the table says
   how many previews get one on that background), and stock (transparent cells shown as the
   background).
3. Refusal costs for hostile inputs: median time in-process, and peak memory measured in a fresh
   interpreter (peak RSS during the decode, the peak mark reset just before, minus RSS before),
   beside Pillow left to itself.

Figures are ratios within one run; never part of the test suite's pass/fail.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image
from rich.color import Color
from rich.console import Console
from rich.style import Style
from rich_pixels import Pixels

from iconcat.imaging import ThumbnailError, build_cells, decode_thumbnail, decoded_cache
from iconcat.imaging.canvas import backing_tile_colour

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root: helpers shared with the tests
from tests.support.imaging import DARK, LIGHT, jpeg_claiming, pixel_bomb_png
from tests.support.pictures import cells_to_image, ideal_canvas, picture_area, psnr, stock_canvas, stock_cells
from tests.support.server import serving

SIZES = ((32, 16), (64, 32))


def fetch_catalogue_files(count: int) -> tuple[list[bytes], bytes, bytes]:
    """`count` preview PNGs spread over the whole catalogue, plus one EPS and one SVG download."""
    with serving(page_size=100_000) as client:
        icons = client.get("/api/v1/search", params={"name": ""}).json()["data"]
        step = max(1, len(icons) // count)
        chosen = icons[::step][:count]
        previews = [client.get(icon["thumbnail"]).content for icon in chosen]
        files = {}
        for icon in icons:
            for variant in icon["variants"]:
                if variant["format"] in ("eps", "svg") and variant["format"] not in files:
                    files[variant["format"]] = client.get("/api/v1/download", params={"id": variant["id"]}).content
            if len(files) == 2:
                break
    print(
        f"catalogue: {len(icons)} icons; {len(previews)} previews fetched over HTTP "
        f"({statistics.median(len(p) for p in previews):.0f} bytes median)"
    )
    return previews, files["eps"], files["svg"]


def clear_rich_caches() -> None:
    """Empty Rich's parse caches, which stock rich-pixels leans on (one style string per cell)."""
    Style.parse.cache_clear()
    Color.parse.cache_clear()


def median_time(action: Callable[[], object], repeat: int, before: Callable[[], None] | None = None) -> float:
    """Median seconds of `repeat` runs of `action`, calling `before` (untimed) ahead of each."""
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def draw(renderable, columns: int) -> None:
    """Lay a renderable out as Rich lines, as Textual does before painting."""
    console = Console(width=columns, color_system="truecolor", force_terminal=True)
    console.render_lines(renderable, console.options.update_width(columns), pad=True)


def speed(images: list[Image.Image], repeat: int) -> None:
    """Print table 1: ours against stock, both as built and as laid out by Rich."""
    print("\n1. Render time (ms, median over previews; ours uncached, dark background)")
    titles = ("ours", "stock warm", "stock cold", "ours/warm", "ours/cold", "ours+draw", "stock+draw", "ratio")
    print(f"{'cells':>7}  " + "  ".join(f"{title:>10}" for title in titles))
    for columns, rows in SIZES:
        timings: dict[str, list[float]] = {name: [] for name in ("ours", "warm", "cold", "ours+", "stock+")}
        for image in images:

            def ours() -> object:
                return build_cells(image, columns, rows, DARK)

            def stock() -> Pixels:
                return stock_cells(image, columns, rows)[0]

            timings["ours"].append(median_time(ours, repeat))
            timings["warm"].append(median_time(stock, repeat))
            timings["cold"].append(median_time(stock, repeat, clear_rich_caches))
            timings["ours+"].append(median_time(lambda: draw(ours(), columns), repeat))
            timings["stock+"].append(median_time(lambda: draw(stock(), columns), repeat))
        o, w, c, od, sd = (statistics.median(values) * 1000 for values in timings.values())
        figures = (o, w, c, o / w, o / c, od, sd, od / sd)
        print(f"{columns:>3}x{rows:<3}  " + "  ".join(f"{figure:10.2f}" for figure in figures))
    print("   goal: ours <= 0.5x stock")
    quadrant = []
    for columns, rows in SIZES:
        per_image = [
            median_time(lambda: build_cells(image, columns, rows, DARK, mode="quadrant"), repeat) for image in images
        ]
        quadrant.append(f"{statistics.median(per_image) * 1000:.2f} ms at {columns}x{rows}")
    print(f"   for information, quadrant mode (no stock equivalent): {', '.join(quadrant)}")


def ours_pixels(image: Image.Image, columns: int, rows: int, background, legible: bool) -> Image.Image:
    cells = build_cells(image, columns, rows, background, legible=legible)
    shown = cells_to_image(cells, columns, rows, background)
    return shown.resize((columns, rows * 2), Image.Resampling.NEAREST)


def quality(images: list[Image.Image]) -> None:
    print("\n2. PSNR against the ideal downscale (dB, over the picture's area; median / worst)")
    print(f"{'cells':>7}  {'background':>10}  {'ours':>13}  {'stock':>13}  {'tiled':>7}")
    for columns, rows in SIZES:
        box = (columns, rows * 2)
        for name, background in (("dark", DARK), ("light", LIGHT)):
            scores: dict[str, list[float]] = {"ours": [], "stock": []}
            tiled = sum(backing_tile_colour(image, background) is not None for image in images)
            for image in images:
                ideal = ideal_canvas(image, box, background)
                area = picture_area(image, box)
                scores["ours"].append(psnr(ours_pixels(image, columns, rows, background, False), ideal, area))
                scores["stock"].append(psnr(stock_canvas(image, columns, rows, background), ideal, area))
            cells = [f"{statistics.median(v):5.1f} / {min(v):5.1f}" for v in scores.values()]
            tiles = f"{tiled}/{len(images)}"
            print(f"{columns:>3}x{rows:<3}  {name:>10}  {cells[0]:>13}  {cells[1]:>13}  {tiles:>7}")
    print("   goal: ours >= 30 dB on both")


_PROBE = textwrap.dedent(
    """
    import io, re, sys, warnings
    from PIL import Image
    from iconcat.imaging import decode_thumbnail, ThumbnailError

    def status(field):
        return int(re.search(field + r":\\s+(\\d+)", open("/proc/self/status").read()).group(1))

    data = sys.stdin.buffer.read()
    # Reset the peak-RSS mark (Linux clear_refs 5), so the peak measured is this decode's own.
    with open("/proc/self/clear_refs", "w") as clear:
        clear.write("5")
    before = status("VmRSS")
    if sys.argv[1] == "ours":
        try:
            decode_thumbnail(data)
            outcome = "decoded"
        except ThumbnailError:
            outcome = "refused"
    else:
        warnings.simplefilter("ignore")
        try:
            Image.open(io.BytesIO(data)).load()
            outcome = "decoded"
        except Exception as error:
            outcome = type(error).__name__
    print(outcome, status("VmHWM") - before)
    """
)


def peak_memory_kib(data: bytes, who: str) -> tuple[str, int]:
    completed = subprocess.run(
        [sys.executable, "-c", _PROBE, who], input=data, capture_output=True, timeout=120, check=True
    )
    outcome, kib = completed.stdout.decode().split()
    return outcome, int(kib)


def hostile_inputs(previews: list[bytes], eps: bytes, svg: bytes) -> dict[str, bytes]:
    bomb = pixel_bomb_png(10_000)
    return {
        "ordinary preview (for scale)": previews[0],
        "EPS (catalogue download)": eps,
        "SVG (catalogue download)": svg,
        "random bytes (64 KB)": random.Random(1).randbytes(65_536),
        "truncated PNG preview": previews[0][: len(previews[0]) // 2],
        f"PNG claiming 10,000x10,000 ({len(bomb) // 1024} KB)": bomb,
        "JPEG claiming 10,000x10,000": jpeg_claiming(10_000, 10_000),
    }


def refusals(previews: list[bytes], eps: bytes, svg: bytes) -> None:
    print("\n3. Refusals: median time in-process; peak memory in a fresh interpreter (KiB above RSS before)")
    print(f"{'input':<34}  {'outcome':>8}  {'time ms':>8}  {'peak KiB':>9}  {'Pillow alone':>22}")
    for name, data in hostile_inputs(previews, eps, svg).items():

        def attempt() -> str:
            try:
                decode_thumbnail(data)
                return "decoded"
            except ThumbnailError:
                return "refused"

        outcome = attempt()
        elapsed = median_time(attempt, 9, decoded_cache.clear) * 1000  # cold: no decoded-image cache
        _, ours_kib = peak_memory_kib(data, "ours")
        if name.startswith(("PNG claiming", "truncated")):
            pillow_outcome, pillow_kib = peak_memory_kib(data, "pillow")
            alone = f"{pillow_outcome} {pillow_kib:,} KiB"
        else:
            alone = "-"
        print(f"{name:<34}  {outcome:>8}  {elapsed:8.3f}  {ours_kib:9,}  {alone:>22}")
    print("   Pillow alone: Image.open(data).load() with its default limits, warnings ignored")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--previews", type=int, default=120, help="how many previews to measure")
    parser.add_argument("--repeat", type=int, default=7, help="runs per preview per measurement")
    arguments = parser.parse_args()
    previews, eps, svg = fetch_catalogue_files(arguments.previews)
    images = [decode_thumbnail(data) for data in previews]
    sizes = sorted({image.size for image in images})
    print(f"preview sizes: {', '.join(f'{w}x{h}' for w, h in sizes)}; Python {sys.version.split()[0]}")
    speed(images, arguments.repeat)
    quality(images)
    refusals(previews, eps, svg)


if __name__ == "__main__":
    main()
