"""How fast true-pixel pictures are made (issue 13), against today's block renderer, in one run.

    python benchmarks/pictures.py [--previews 48] [--repeat 9] [--rounds 7] [--cell 8x16]

Starts the embedded demo catalogue on a loopback port and fetches `--previews` preview PNGs over HTTP,
spread evenly over the whole catalogue, decoded once with `decode_thumbnail` (decoding is the same for
every mode and is not counted). Cells are `--cell` pixels (8x16 by default: 16 x 8 of them hold a
128 px preview pixel for pixel). Printed, never asserted (this is not a test):

1. One preview, drawn in 16 x 8 cells (128 x 128 pixels):
   - compose: `iconcat.graphics.compose` (fit, legibility tile, composite on the background) at the
     cells' size in pixels, the picture both protocols send;
   - kitty: `kitty.transmit` of that picture (PNG, zlib level 1, base64, chunks) and
     `kitty.placeholder_rows` (the text that shows it), and both with compose ("+compose");
   - sixel: `encode_sixel` of that picture, and with compose;
   - blocks: `iconcat.imaging.build_cells(image, 16, 8, background, "half")`, today's renderer doing
     its whole uncached work (its fitting and compositing included), style caches emptied first.
   Median over previews of the median of `--repeat` runs each, the worst preview beside it, and each
   mode's median as a ratio to blocks'. Goals: kitty <= 2 ms, sixel <= 10 ms (judged on the median
   with compose, the whole cost of a picture).
2. A gallery screen of 48 tiles (8 x 4 cells: 64 x 64 pixels) drawn cold: 48 different previews, each
   composed and encoded once (kitty: transmission and placeholders; sixel: the stream), against
   `build_cells(…, 8, 4, …)` for the same 48 with Rich's and imaging's style caches emptied before
   the screen. Median and best of `--rounds` screens. Goal: <= 100 ms.
3. What goes to the terminal: bytes per picture (kitty's escape sequences, sixel's stream) and per
   screen, beside blocks' cells rendered as ANSI by Rich (a rough measure: Textual writes only the
   lines that change).

Figures are of this run only (the load average at the start is printed): compare ratios, not times
from different runs.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image
from rich.color import Color
from rich.console import Console
from rich.style import Style

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root: helpers shared with the tests
from iconcat.graphics import CellSize, compose, encode_sixel, kitty
from iconcat.imaging import build_cells, decode_thumbnail
from iconcat.imaging.renderers import clear_style_caches
from tests.support.server import serving

BACKGROUND = (30, 30, 46)
DETAIL = (16, 8)
"""Cells of the single-preview case: 128 x 128 pixels at 8 x 16 px cells."""
TILE = (8, 4)
"""Cells of a gallery tile (the gallery's small tile)."""
SCREEN = 48
GOALS_MS = {"kitty": 2.0, "sixel": 10.0, "screen": 100.0}


def fetch_previews(count: int) -> list[bytes]:
    """`count` preview PNGs spread over the whole catalogue, over HTTP."""
    with serving(page_size=100_000) as client:
        icons = client.get("/api/v1/search", params={"name": ""}).json()["data"]
        step = max(1, len(icons) // count)
        return [client.get(icon["thumbnail"]).content for icon in icons[::step][:count]]


def clear_caches() -> None:
    """Empty the style and colour caches the block renderer (and Rich under it) would reuse."""
    clear_style_caches()
    Style.parse.cache_clear()
    Color.parse.cache_clear()


def median_time(action: Callable[[], object], repeat: int, before: Callable[[], None] | None = None) -> float:
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def kitty_picture(picture: Image.Image, columns: int, rows: int) -> tuple[list[str], list[str]]:
    return kitty.transmit(picture, 4242, columns, rows), kitty.placeholder_rows(4242, columns, rows)


def bench_single(images: list[Image.Image], cell: CellSize, repeat: int) -> None:
    columns, rows = DETAIL
    timings: dict[str, list[float]] = {
        name: [] for name in ("compose", "kitty", "kitty+compose", "sixel", "sixel+compose", "blocks")
    }
    for image in images:
        picture = compose(image, columns, rows, cell, BACKGROUND)
        timings["compose"].append(median_time(lambda: compose(image, columns, rows, cell, BACKGROUND), repeat))
        timings["kitty"].append(median_time(lambda: kitty_picture(picture, columns, rows), repeat))
        timings["kitty+compose"].append(
            median_time(lambda: kitty_picture(compose(image, columns, rows, cell, BACKGROUND), columns, rows), repeat)
        )
        timings["sixel"].append(median_time(lambda: encode_sixel(picture), repeat))
        timings["sixel+compose"].append(
            median_time(lambda: encode_sixel(compose(image, columns, rows, cell, BACKGROUND)), repeat)
        )
        timings["blocks"].append(
            median_time(lambda: build_cells(image, columns, rows, BACKGROUND, "half"), repeat, clear_caches)
        )
    width, height = columns * cell.width, rows * cell.height
    print(f"1. one preview in {columns}x{rows} cells ({width}x{height} px), {len(images)} previews")
    print(f"   {'':16}{'median':>11}{'worst':>12}{'/ blocks':>10}   goal")
    blocks = statistics.median(timings["blocks"])
    for name, values in timings.items():
        median = statistics.median(values)
        goal = ""
        protocol = name.split("+")[0]
        if name.endswith("+compose") and protocol in GOALS_MS:
            verdict = "met" if median * 1000 <= GOALS_MS[protocol] else "NOT met"
            goal = f"<= {GOALS_MS[protocol]:g} ms: {verdict}"
        print(f"   {name:16}{ms(median)} {ms(max(values))} {median / blocks:8.2f}x   {goal}")


def bench_screen(images: list[Image.Image], cell: CellSize, rounds: int) -> None:
    columns, rows = TILE
    screen = images[:SCREEN]

    def kitty_screen() -> None:
        for image in screen:
            kitty_picture(compose(image, columns, rows, cell, BACKGROUND), columns, rows)

    def sixel_screen() -> None:
        for image in screen:
            encode_sixel(compose(image, columns, rows, cell, BACKGROUND))

    def blocks_screen() -> None:
        for image in screen:
            build_cells(image, columns, rows, BACKGROUND, "half")

    timings: dict[str, list[float]] = {"kitty": [], "sixel": [], "blocks": []}
    for _ in range(rounds):
        # Interleaved, each screen cold, so the three see the same machine load.
        for name, action in (("kitty", kitty_screen), ("sixel", sixel_screen), ("blocks", blocks_screen)):
            clear_caches()
            start = time.perf_counter()
            action()
            timings[name].append(time.perf_counter() - start)
    width, height = columns * cell.width, rows * cell.height
    print(
        f"2. a gallery screen: {len(screen)} tiles of {columns}x{rows} cells ({width}x{height} px),"
        f" cold, {rounds} rounds"
    )
    print(f"   {'':16}{'median':>11}{'best':>12}{'/ blocks':>10}   goal")
    blocks = statistics.median(timings["blocks"])
    for name, values in timings.items():
        median = statistics.median(values)
        goal = ""
        if name != "blocks":
            goal = f"<= {GOALS_MS['screen']:g} ms: {'met' if median * 1000 <= GOALS_MS['screen'] else 'NOT met'}"
        print(f"   {name:16}{ms(median)} {ms(min(values))} {median / blocks:8.2f}x   {goal}")


def bench_bytes(images: list[Image.Image], cell: CellSize) -> None:
    console = Console(file=io.StringIO(), color_system="truecolor", width=200, force_terminal=True)

    def ansi_size(cells: object) -> int:
        with console.capture() as capture:
            console.print(cells)
        return len(capture.get().encode())

    print("3. bytes to the terminal, median per picture (and per screen of 48 tiles)")
    for label, (columns, rows) in (("one preview", DETAIL), ("a tile", TILE)):
        sizes: dict[str, list[int]] = {"kitty": [], "sixel": [], "blocks": []}
        for image in images[:SCREEN]:
            picture = compose(image, columns, rows, cell, BACKGROUND)
            transmission, placeholders = kitty_picture(picture, columns, rows)
            sizes["kitty"].append(len("".join(transmission + placeholders).encode()))
            sizes["sixel"].append(len(encode_sixel(picture)))
            sizes["blocks"].append(ansi_size(build_cells(image, columns, rows, BACKGROUND, "half")))
        figures = ", ".join(
            f"{name} {statistics.median(values) / 1024:.1f} KB ({sum(values) / 1024:.0f} KB)"
            for name, values in sizes.items()
        )
        print(f"   {label} ({columns}x{rows} cells): {figures}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--previews", type=int, default=SCREEN, help="previews fetched (the screen uses 48)")
    parser.add_argument("--repeat", type=int, default=9, help="runs of each single-preview measure")
    parser.add_argument("--rounds", type=int, default=7, help="cold gallery screens of each mode")
    parser.add_argument("--cell", default="8x16", help="cell size in pixels, WIDTHxHEIGHT")
    args = parser.parse_args(argv)
    cell = CellSize(*(int(side) for side in args.cell.lower().split("x")))
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"({os.cpu_count()} CPUs, load average {load} at the start: figures are of this run only)")
    previews = fetch_previews(max(args.previews, SCREEN))
    images = [decode_thumbnail(preview) for preview in previews]
    print(
        f"{len(images)} previews fetched over HTTP and decoded ({images[0].width}x{images[0].height});"
        f" cell {cell.width}x{cell.height} px"
    )
    bench_single(images[: args.previews], cell, args.repeat)
    bench_screen(images, cell, args.rounds)
    bench_bytes(images, cell)
    return 0


if __name__ == "__main__":
    sys.exit(main())
