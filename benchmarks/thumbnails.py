"""How fast and how faithful iconcat's thumbnails are, against stock rich-pixels, in one run.

    python benchmarks/thumbnails.py [--previews 120] [--repeat 7]

Starts the embedded demo catalogue on a loopback port, fetches previews over HTTP (spread evenly over
the whole catalogue) and prints:

1. Render time at 8x4 (a gallery tile), 16x8, 32x16 and 64x32 cells, half blocks and quadrants: ours
   (`build_cells`: the full uncached work, tile decision included) against stock
   `rich_pixels.Pixels.from_image(image, resize=fitted size)` (half blocks; stock has no quadrants),
   interleaved per preview so both see the same machine load, in three cache states:
   - cold: every cache either side keeps is emptied before each render (ours: imaging's style
     caches, `renderers.clear_style_caches`; both: Rich's style and colour parse caches, which stock
     leans on with one style string per cell). `build_cells` never reads the render cache. Median over
     previews of the median of `--repeat` renders.
   - warm: the same preview drawn again, caches as its previous render left them (what re-drawing
     one preview costs). Median over previews of the median of `--repeat` renders.
   - gallery: previews drawn one after another in a shuffled order, each once per pass, caches
     carrying over from the *other* previews drawn before it, never from its own render (a gallery
     filling its tiles); every pass starts cold, and each render gets a fresh copy of its preview
     as `decode_thumbnail` hands out. Median over previews of the median over passes.
   Ratios are ours / stock in the same state; "+draw" also lays both out as Rich lines (warm).
   The goal (issue 12) is printed under the tables: at most 1.0x stock at 8x4, half and quadrant.
   Then where an 8x4 tile's time goes, in gallery order: the full-size premultiplication and the
   box reduction timed alone; the rest of the canvas (ink colour and tile decision, compositing:
   `paint_canvas` minus those two); the cells (`half_block_segments` / `quadrant_segments` on that
   canvas); the rest of `build_cells` (its total minus canvas and cells: checks, renderer, wrapping).
   Steps and whole renders are timed in separate passes in the same order, each pass starting cold;
   the rests are differences of medians, so they are estimates.
2. PSNR against the ideal downscale (`tests.support.pictures`: full-resolution composite onto the
   background, area-averaged) over the picture's area, on a dark and a light background: ours
   without the legibility tile (the tile is a deliberate departure from the ideal; the table says
   how many previews get one on that background), and stock (transparent cells shown as the
   background).
3. Refusal costs for hostile inputs: median time in-process, and peak memory measured in a fresh
   interpreter (peak RSS during the decode, the peak mark reset just before, minus RSS before),
   beside Pillow left to itself.
4. Pictures in a 256-colour terminal (session 35), half blocks, legibility tile off, on three
   backgrounds (the dark and light of table 2, and Textual's dark surface, the browser's default):
   a. PSNR and mean OKLab distance (x 100: about 1 is just noticeable) against the ideal of table 2,
      over the picture's area, for the demo's previews and, when the `fontawesomefree` test extra is
      installed, Font Awesome icons drawn from their SVG in five colours. Columns: before (our 24-bit
      cells as Rich downgrades each colour to the palette: what a 256-colour terminal showed), ours
      (`colours="256"`: the renderer picks each entry, nearest in OKLab), for information tmux (24-bit
      cells written, tmux turning them to the palette itself, as it does for a client without RGB:
      its `colour_find_rgb`, nearest in sRGB between the cube and the greys) and 24-bit (no palette:
      the ceiling).
   b. Render time of `build_cells(colours="256")` against `build_cells()` (24 bits, the same work
      before this session), cold (every cache emptied, the nearest-entry answers too), warm and
      gallery as in table 1, half blocks and quadrants; the ratio is 256 / 24-bit.
   `--images DIR` also writes DIR/palette-<background>.png: per preview the ideal, 24-bit, before
   and ours at 16x8 cells, each cell 8 x 16 pixels.

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
from iconcat.imaging.canvas import backing_tile_colour, fit, paint_canvas
from iconcat.imaging.renderers import clear_style_caches, half_block_segments, quadrant_segments

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root: helpers shared with the tests
from tests.support.imaging import DARK, LIGHT, jpeg_claiming, pixel_bomb_png
from tests.support.pictures import (
    cells_to_image,
    downgraded,
    ideal_canvas,
    mean_delta_e,
    picture_area,
    psnr,
    recoloured,
    stock_canvas,
    stock_cells,
)
from tests.support.server import serving

SIZES = ((8, 4), (16, 8), (32, 16), (64, 32))
"""Sizes of the quality table (8x4 and 16x8 take the small path, see `iconcat.imaging.canvas`)."""
SPEED_SIZES = ((8, 4), (16, 8), (32, 16), (64, 32))
"""Sizes of the speed table: a gallery tile (8x4) first."""
GOAL_SIZE = (8, 4)
GOAL_RATIO = 1.0
"""Issue 12: tiles drawn at 8x4 cells cost at most this many times stock rich-pixels."""


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


def clear_all_caches() -> None:
    """Empty every cache a render of ours or stock's can reuse (the cold state)."""
    clear_rich_caches()
    clear_style_caches()


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


def speed_at(images: list[Image.Image], columns: int, rows: int, mode: str, repeat: int) -> dict[str, float]:
    """Milliseconds (median over previews) of ours and stock at one size, in each cache state."""
    timings: dict[str, list[float]] = {
        name: [] for name in ("ours cold", "stock cold", "ours warm", "stock warm", "ours+draw", "stock+draw")
    }
    for image in images:

        def ours() -> object:
            return build_cells(image, columns, rows, DARK, mode=mode)

        def stock() -> Pixels:
            return stock_cells(image, columns, rows)[0]

        timings["ours cold"].append(median_time(ours, repeat, clear_all_caches))
        timings["stock cold"].append(median_time(stock, repeat, clear_all_caches))
        ours()  # warm: caches as this preview's own render leaves them
        timings["ours warm"].append(median_time(ours, repeat))
        stock()
        timings["stock warm"].append(median_time(stock, repeat))
        timings["ours+draw"].append(median_time(lambda: draw(ours(), columns), repeat))
        timings["stock+draw"].append(median_time(lambda: draw(stock(), columns), repeat))
    figures = {name: statistics.median(values) * 1000 for name, values in timings.items()}
    # Gallery: each preview once per pass in a shuffled order, caches carrying over from the others.
    # Each render gets a fresh copy, as `decode_thumbnail` hands every caller (its pixels are in the
    # processor's cache, as in the browser, which draws a preview right after decoding it); who goes
    # first alternates between passes.
    ours_times: list[list[float]] = [[] for _ in images]
    stock_times: list[list[float]] = [[] for _ in images]
    for number in range(repeat):
        clear_all_caches()
        order = list(range(len(images)))
        random.Random(number).shuffle(order)
        for index in order:
            for who in ("ours", "stock") if number % 2 == 0 else ("stock", "ours"):
                image = images[index].copy()
                start = time.perf_counter()
                if who == "ours":
                    build_cells(image, columns, rows, DARK, mode=mode)
                    ours_times[index].append(time.perf_counter() - start)
                else:
                    stock_cells(image, columns, rows)
                    stock_times[index].append(time.perf_counter() - start)
    figures["ours gallery"] = statistics.median(statistics.median(times) for times in ours_times) * 1000
    figures["stock gallery"] = statistics.median(statistics.median(times) for times in stock_times) * 1000
    return figures


def speed(images: list[Image.Image], repeat: int) -> None:
    """Print table 1: ours against stock in three cache states, half blocks then quadrants."""
    summary: dict[tuple[str, tuple[int, int]], dict[str, float]] = {}
    for mode in ("half", "quadrant"):
        against = "stock half blocks: stock has no quadrants" if mode == "quadrant" else "stock"
        print(f"\n1{'a' if mode == 'half' else 'b'}. Render time, {mode} mode (ms, dark background; ours vs {against})")
        states = ("cold", "warm", "gallery")
        print(f"{'':7}  " + "  ".join(f"{state:-^26}" for state in states) + f"  {'+draw':>6}")
        print(
            f"{'cells':>7}  "
            + "  ".join(f"{'ours':>8}  {'stock':>8}  {'ratio':>6}" for _ in states)
            + f"  {'ratio':>6}"
        )
        for columns, rows in SPEED_SIZES:
            figures = speed_at(images, columns, rows, mode, repeat)
            cells = []
            for state in states:
                ours, stock = figures[f"ours {state}"], figures[f"stock {state}"]
                cells.append(f"{ours:8.3f}  {stock:8.3f}  {ours / stock:5.2f}x")
            drawn = figures["ours+draw"] / figures["stock+draw"]
            print(f"{columns:>3}x{rows:<3}  " + "  ".join(cells) + f"  {drawn:5.2f}x")
            summary[(mode, (columns, rows))] = figures
    columns, rows = GOAL_SIZE
    print(f"   goal (issue 12): ours <= {GOAL_RATIO:.1f}x stock at {columns}x{rows} cells, half and quadrant")
    for size in (GOAL_SIZE, (16, 8)):
        for mode in ("half", "quadrant"):
            figures = summary[(mode, size)]
            verdicts = []
            for state in ("cold", "warm", "gallery"):
                ratio = figures[f"ours {state}"] / figures[f"stock {state}"]
                verdict = (" met" if ratio <= GOAL_RATIO else " NOT met") if size == GOAL_SIZE else ""
                verdicts.append(f"{state} {ratio:.2f}x{verdict}")
            label = f"{mode} at {size[0]}x{size[1]}" + ("" if size == GOAL_SIZE else " (for information)")
            print(f"   {label:>31}: " + ", ".join(verdicts))
    larger = []
    for size in ((32, 16), (64, 32)):
        figures = summary[("half", size)]
        larger.append(f"{size[0]}x{size[1]} {figures['ours cold'] / figures['stock cold']:.2f}x")
    print(f"   earlier goal: ours <= 0.5x stock at 32x16 and 64x32 (half, cold): {', '.join(larger)}")


def steps(images: list[Image.Image], repeat: int) -> None:
    """Print table 1c: microseconds per step of an 8x4 tile (module docstring), gallery order."""
    columns, rows = GOAL_SIZE
    box = (columns, rows * 2)
    names = ("premultiply", "reduce", "canvas rest", "cells", "build rest", "ours", "stock")
    print(f"\n1c. Where an {columns}x{rows} tile's time goes (us, gallery order, median over previews)")
    print(f"{'mode':>9}  " + "  ".join(f"{name:>11}" for name in names) + f"  {'ratio':>6}")
    for mode, density, segments in (("half", 1, half_block_segments), ("quadrant", 2, quadrant_segments)):
        times: dict[str, list[list[float]]] = {name: [[] for _ in images] for name in names}
        for number in range(repeat):
            order = list(range(len(images)))
            random.Random(number).shuffle(order)
            # Two passes in the same order, each starting cold: the steps alone, then the whole
            # renders (ours and stock, who goes first alternating), so neither warms the other's caches.
            clear_all_caches()
            for index in order:
                image = images[index]
                placement = fit(image.size, box)
                factors = (image.width // (placement.width * density), image.height // placement.height)
                copy = image.copy()
                start = time.perf_counter()
                premultiplied = copy.convert("RGBa")
                converted = time.perf_counter()
                premultiplied.reduce(factors)
                times["premultiply"][index].append(converted - start)
                times["reduce"][index].append(time.perf_counter() - converted)
                copy = image.copy()
                start = time.perf_counter()
                canvas = paint_canvas(copy, box, DARK, horizontal_density=density)
                painted = time.perf_counter()
                segments(canvas)
                times["canvas rest"][index].append(painted - start)  # the whole canvas until below
                times["cells"][index].append(time.perf_counter() - painted)
            clear_all_caches()
            for index in order:
                for who in ("ours", "stock") if number % 2 == 0 else ("stock", "ours"):
                    copy = images[index].copy()
                    start = time.perf_counter()
                    if who == "ours":
                        build_cells(copy, columns, rows, DARK, mode=mode)
                    else:
                        stock_cells(copy, columns, rows)
                    times[who][index].append(time.perf_counter() - start)
        figures = {
            name: statistics.median(statistics.median(values) for values in times[name]) * 1e6
            for name in names
            if name != "build rest"
        }
        canvas_total = figures["canvas rest"]
        figures["canvas rest"] = canvas_total - figures["premultiply"] - figures["reduce"]
        figures["build rest"] = figures["ours"] - canvas_total - figures["cells"]
        print(
            f"{mode:>9}  "
            + "  ".join(f"{figures[name]:11.1f}" for name in names)
            + f"  {figures['ours'] / figures['stock']:5.2f}x"
        )
    print("   canvas rest: ink colour, tile decision, compositing; build rest: checks, renderer, wrapping")


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


TEXTUAL_DARK = (30, 30, 30)
"""Textual's dark theme's surface: the browser's pictures are composited onto it by default."""
PALETTE_SIZES = ((8, 4), (16, 8), (32, 16))
FONT_AWESOME_ICONS = 24
FONT_AWESOME_COLOURS = ("#2563eb", "#dc2626", "#16a34a", "#ea580c", "#9333ea")
"""Tailwind's blue, red, green, orange and purple 600: ink colours icons are commonly given."""


def font_awesome_previews(count: int) -> list[Image.Image]:
    """`count` Font Awesome icons (solid, spread over the set) drawn at 128 px, in turn in each of
    `FONT_AWESOME_COLOURS`; none without the `fontawesomefree` test extra."""
    try:
        import fontawesomefree  # type: ignore[import-not-found]
    except ImportError:
        return []
    from iconcat.imaging.svg_raster import rasterise

    folder = Path(fontawesomefree.__file__).parent / "static" / "fontawesomefree" / "svgs" / "solid"
    files = sorted(folder.glob("*.svg"))
    chosen = files[:: max(1, len(files) // count)][:count]
    images = []
    for number, path in enumerate(chosen):
        # Font Awesome paints with the SVG default (black), not currentColor: the ink is given here.
        drawn = decode_thumbnail(rasterise(path.read_text(encoding="utf-8"), 128))
        ink = Image.new("RGBA", drawn.size, FONT_AWESOME_COLOURS[number % len(FONT_AWESOME_COLOURS)])
        ink.putalpha(drawn.getchannel("A"))
        images.append(ink)
    return images


def tmux_shown(image: Image.Image) -> Image.Image:
    """`image` (RGB) as tmux shows 24-bit colours to a client without RGB (tmux's colour_find_rgb:
    each channel to its nearest cube level, then that or the grey of the mean, nearer in sRGB)."""
    levels = (0, 95, 135, 175, 215, 255)

    def nearest(colour: tuple[int, int, int]) -> tuple[int, int, int]:
        cube = tuple(levels[0 if v < 48 else 1 if v < 114 else (v - 35) // 40] for v in colour)
        if cube == colour:
            return colour
        mean = sum(colour) // 3
        grey = 8 + 10 * (23 if mean > 238 else (mean - 3) // 10)
        cube_distance = sum((a - b) ** 2 for a, b in zip(cube, colour))
        grey_distance = sum((grey - b) ** 2 for b in colour)
        return (grey, grey, grey) if grey_distance < cube_distance else cube  # type: ignore[return-value]

    colours = {colour: nearest(colour) for _, colour in image.getcolors(image.width * image.height) or ()}
    return recoloured(image, colours)


def shown_pixels(image: Image.Image, columns: int, rows: int, background, colours: str) -> Image.Image:
    """One pixel per half cell: what `build_cells(..., colours=colours)` draws (tile off)."""
    cells = build_cells(image, columns, rows, background, legible=False, colours=colours)
    shown = cells_to_image(cells, columns, rows, background)
    return shown.resize((columns, rows * 2), Image.Resampling.NEAREST)


def palette_quality(sets: dict[str, list[Image.Image]]) -> None:
    """Print table 4a (module docstring)."""
    print("\n4a. Pictures in 256 colours: PSNR (dB, median / worst) and OKLab distance x 100 (median)")
    names = ("before", "ours", "tmux", "24-bit")
    print(f"{'pictures':>13}  {'cells':>6}  {'background':>12}  " + "  ".join(f"{name:>19}" for name in names))
    for label, images in sets.items():
        if not images:
            continue
        for columns, rows in PALETTE_SIZES:
            box = (columns, rows * 2)
            for name, background in (("dark", DARK), ("light", LIGHT), ("textual-dark", TEXTUAL_DARK)):
                scores: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
                for image in images:
                    ideal = ideal_canvas(image, box, background)
                    area = picture_area(image, box)
                    true = shown_pixels(image, columns, rows, background, "truecolor")
                    shown = {
                        "before": downgraded(true),
                        "ours": shown_pixels(image, columns, rows, background, "256"),
                        "tmux": tmux_shown(true),
                        "24-bit": true,
                    }
                    for who, pixels in shown.items():
                        scores[who].append((psnr(pixels, ideal, area), mean_delta_e(pixels, ideal, area)))
                cells = []
                for who in names:
                    decibels = [score[0] for score in scores[who]]
                    distances = [score[1] for score in scores[who]]
                    decibels_said = f"{statistics.median(decibels):5.1f} / {min(decibels):4.1f}"
                    cells.append(f"{decibels_said}  {statistics.median(distances):5.2f}")
                print(f"{label:>13}  {columns:>3}x{rows:<2}  {name:>12}  " + "  ".join(f"{cell:>19}" for cell in cells))
    print("   goal (issue 29): ours above before on PSNR, on every background and size")


def palette_speed(images: list[Image.Image], repeat: int) -> None:
    """Print table 4b (module docstring)."""
    print("\n4b. Render time in 256 colours against 24 bits (ms, dark background; ratio 256 / 24-bit)")
    states = ("cold", "warm", "gallery")
    print(f"{'':15}  " + "  ".join(f"{state:-^26}" for state in states))
    print(f"{'mode':>6} {'cells':>8}  " + "  ".join(f"{'24-bit':>8}  {'256':>8}  {'ratio':>6}" for _ in states))
    for mode in ("half", "quadrant"):
        for columns, rows in SPEED_SIZES:
            times: dict[str, list[float]] = {
                f"{who} {state}": [] for who in ("24", "256") for state in ("cold", "warm")
            }
            for image in images:
                for who, colours in (("24", "truecolor"), ("256", "256")):

                    def render(colours: str = colours) -> object:
                        return build_cells(image, columns, rows, DARK, mode=mode, colours=colours)

                    times[f"{who} cold"].append(median_time(render, repeat, clear_all_caches))
                    render()
                    times[f"{who} warm"].append(median_time(render, repeat))
            per_image: dict[str, list[list[float]]] = {who: [[] for _ in images] for who in ("24", "256")}
            for number in range(repeat):
                clear_all_caches()
                order = list(range(len(images)))
                random.Random(number).shuffle(order)
                for index in order:
                    for who, colours in (
                        (("24", "truecolor"), ("256", "256"))
                        if number % 2 == 0
                        else (
                            ("256", "256"),
                            ("24", "truecolor"),
                        )
                    ):
                        image = images[index].copy()
                        start = time.perf_counter()
                        build_cells(image, columns, rows, DARK, mode=mode, colours=colours)
                        per_image[who][index].append(time.perf_counter() - start)
            figures = {name: statistics.median(values) * 1000 for name, values in times.items()}
            for who in ("24", "256"):
                figures[f"{who} gallery"] = statistics.median(statistics.median(t) for t in per_image[who]) * 1000
            cells = []
            for state in states:
                true, palette = figures[f"24 {state}"], figures[f"256 {state}"]
                cells.append(f"{true:8.3f}  {palette:8.3f}  {palette / true:5.2f}x")
            print(f"{mode:>6} {columns:>3}x{rows:<4}  " + "  ".join(cells))


def palette_images(images: list[Image.Image], folder: Path) -> None:
    """Write folder/palette-<background>.png (module docstring)."""
    folder.mkdir(parents=True, exist_ok=True)
    columns, rows = 16, 8
    scale_x, scale_y = 8, 8  # one pixel per half cell -> a cell of 8 x 16
    for name, background in (("dark", DARK), ("light", LIGHT), ("textual-dark", TEXTUAL_DARK)):
        pictures = []
        for image in images:
            ideal = ideal_canvas(image, (columns, rows * 2), background)
            true = shown_pixels(image, columns, rows, background, "truecolor")
            pictures.append([ideal, true, downgraded(true), shown_pixels(image, columns, rows, background, "256")])
        width, height = columns * scale_x, rows * 2 * scale_y
        sheet = Image.new("RGB", (4 * (width + 8), len(pictures) * (height + 8)), (128, 128, 128))
        for row, shown in enumerate(pictures):
            for column, picture in enumerate(shown):
                big = picture.resize((width, height), Image.Resampling.NEAREST)
                sheet.paste(big, (column * (width + 8), row * (height + 8)))
        path = folder / f"palette-{name}.png"
        sheet.save(path)
        print(f"   wrote {path} (columns: ideal, 24-bit, before, ours)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--previews", type=int, default=120, help="how many previews to measure")
    parser.add_argument("--repeat", type=int, default=7, help="runs per preview per measurement")
    parser.add_argument(
        "--only",
        choices=("speed", "steps", "quality", "refusals", "palette"),
        help="print just this table (steps: 1c; palette: 4)",
    )
    parser.add_argument("--images", type=Path, help="write section 4's pictures into this folder (e.g. out/)")
    arguments = parser.parse_args()
    previews, eps, svg = fetch_catalogue_files(arguments.previews)
    images = [decode_thumbnail(data) for data in previews]
    sizes = sorted({image.size for image in images})
    print(f"preview sizes: {', '.join(f'{w}x{h}' for w, h in sizes)}; Python {sys.version.split()[0]}")
    if arguments.only in (None, "speed"):
        speed(images, arguments.repeat)
    if arguments.only in (None, "speed", "steps"):
        steps(images, arguments.repeat)
    if arguments.only in (None, "quality"):
        quality(images)
    if arguments.only in (None, "refusals"):
        refusals(previews, eps, svg)
    if arguments.only in (None, "palette"):
        real = font_awesome_previews(FONT_AWESOME_ICONS)
        print(f"\nFont Awesome: {len(real)} icons drawn from their SVG" if real else "\nFont Awesome: not installed")
        palette_quality({"demo": images, "Font Awesome": real})
        palette_speed(images, arguments.repeat)
        if arguments.images is not None:
            palette_images(images[:: max(1, len(images) // 12)][:12] + real[:6], arguments.images)


if __name__ == "__main__":
    main()
