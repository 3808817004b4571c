"""The renderers' cells: half-block runs and the quadrant split against plain references, and the
shared style caches, which must never change what is drawn (cold, warm, full, or shared between
threads)."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image
from rich.color import Color

from iconcat.imaging import renderers
from iconcat.imaging.canvas import paint_canvas
from iconcat.imaging.renderers import clear_style_caches, half_block_segments, quadrant_segments
from tests.support.imaging import DARK, LIGHT, disc


def reference_split(quad: list[tuple[int, int, int]]) -> tuple[int, tuple[int, int, int], tuple[int, int, int]]:
    """The quadrant split written plainly: seeds are the most different pair (the first on a tie),
    the others join the nearer seed (the first on a tie), groups drawn in their rounded means; all
    within the uniform distance is one colour; the upper-left pixel is always background."""

    def distance(a, b):
        return sum((x - y) ** 2 for x, y in zip(a, b))

    def mean(colours):
        count = len(colours)
        return tuple((sum(channel) + count // 2) // count for channel in zip(*colours))

    pairs = [(i, j) for i in range(4) for j in range(i + 1, 4)]
    best = max(distance(quad[i], quad[j]) for i, j in pairs)
    seed_a, seed_b = next((i, j) for i, j in pairs if distance(quad[i], quad[j]) == best)
    if best <= renderers._UNIFORM_DISTANCE:
        colour = mean(quad)
        return 0, colour, colour
    mask = 0
    for index, colour in enumerate(quad):
        if index == seed_b or (index != seed_a and distance(colour, quad[seed_b]) < distance(colour, quad[seed_a])):
            mask |= 1 << index
    if mask & 1:
        mask ^= 0b1111
    fore = mean([quad[i] for i in range(4) if mask >> i & 1])
    back = mean([quad[i] for i in range(4) if not mask >> i & 1])
    return mask, fore, back


def packed(colour: tuple[int, int, int]) -> int:
    return colour[0] << 16 | colour[1] << 8 | colour[2]


def unpacked(value: int) -> tuple[int, int, int]:
    return value >> 16, value >> 8 & 255, value & 255


def test_quadrant_split_is_the_plain_algorithm():
    chooser = random.Random(12)
    # Few distinct colours (ties, equal pixels, rows and columns) and near-equal ones (ripples).
    palette = [(0, 0, 0), (3, 3, 3), (200, 200, 200), (201, 199, 200), (255, 255, 255), (30, 30, 46), (31, 30, 46)]
    for _ in range(20_000):
        quad = [
            chooser.choice(palette) if chooser.random() < 0.7 else tuple(chooser.randrange(256) for _ in range(3))
            for _ in range(4)
        ]
        mask, fore, back = renderers._split_quadrants(*(packed(colour) for colour in quad))
        assert (mask, unpacked(fore), unpacked(back)) == reference_split(quad), quad


def reference_half_blocks(canvas: Image.Image) -> list[tuple[str, tuple | None, tuple | None]]:
    """Half-block segments written plainly: per line, each cell is a space on its upper pixel when both
    pixels are equal, else "▄" in its lower pixel on its upper one; equal neighbours make one run."""
    width, height = canvas.size
    drawn: list[tuple[str, tuple | None, tuple | None]] = []
    for top in range(0, height, 2):
        cells = []
        for x in range(width):
            above, below = canvas.getpixel((x, top)), canvas.getpixel((x, top + 1))
            cells.append((" ", None, above) if above == below else ("▄", below, above))
        runs: list[list] = []
        for cell in cells:
            if runs and runs[-1][1] == cell:
                runs[-1][0] += 1
            else:
                runs.append([1, cell])
        drawn += [(character * count, fore, back) for count, (character, fore, back) in runs]
        drawn.append(("\n", None, None))
    return drawn


def as_drawn(segments) -> list[tuple[str, tuple | None, tuple | None]]:
    def rgb(colour):
        return None if colour is None else tuple(colour.triplet)

    return [
        (segment.text, rgb(segment.style.color), rgb(segment.style.bgcolor))
        if segment.style
        else (segment.text, None, None)
        for segment in segments
    ]


def test_half_blocks_are_the_plain_runs_of_cells():
    # Few colours make runs of every length, at the start and the end of lines; noise makes none.
    chooser = random.Random(7)
    palette = [(0, 0, 0), (30, 30, 46), (31, 30, 46), (250, 250, 250)]
    for _ in range(300):
        width, height = chooser.randrange(1, 12), 2 * chooser.randrange(1, 6)
        if chooser.random() < 0.8:
            data = b"".join(bytes(chooser.choice(palette)) for _ in range(width * height))
        else:
            data = chooser.randbytes(width * height * 3)
        canvas = Image.frombytes("RGB", (width, height), data)
        expected = reference_half_blocks(canvas)
        clear_style_caches()
        assert as_drawn(half_block_segments(canvas)) == expected, (width, height)
        assert as_drawn(half_block_segments(canvas)) == expected, "and warm"


def pictures() -> list[Image.Image]:
    return [disc(128, colour=(40 * k % 256, 90 + k, 200 - 7 * k)) for k in range(12)] + [
        disc(96, colour=(20, 20, 24)),
        disc(128, colour=(250, 250, 250), box=(30, 10, 100, 120)),
    ]


def drawn(segments) -> list[tuple[str, object]]:
    return [(segment.text, segment.style) for segment in segments]


@pytest.mark.parametrize("columns,rows", [(8, 4), (16, 8), (32, 16)])
@pytest.mark.parametrize("mode", ["half", "quadrant"])
def test_cached_drawings_never_change_the_segments(monkeypatch, mode, columns, rows):
    segments = quadrant_segments if mode == "quadrant" else half_block_segments
    density = 2 if mode == "quadrant" else 1
    canvases = [
        paint_canvas(image, (columns, rows * 2), background, horizontal_density=density)
        for image in pictures()
        for background in (DARK, LIGHT)
    ]
    cold = []
    for canvas in canvases:
        clear_style_caches()
        cold.append(drawn(segments(canvas)))
    warm = [drawn(segments(canvas)) for canvas in canvases]  # caches hold every canvas's cells
    assert warm == cold
    assert [drawn(segments(canvas)) for canvas in canvases] == cold, "and again, each its own cells"
    monkeypatch.setattr(renderers, "STYLE_CACHE_ENTRIES", 3)  # evictions in every render
    clear_style_caches()
    assert [drawn(segments(canvas)) for canvas in reversed(canvases)] == cold[::-1]


def test_colours_are_the_ones_rich_would_make_in_both_modes():
    clear_style_caches()
    canvas = paint_canvas(disc(128, colour=(12, 34, 56)), (8, 8), LIGHT, horizontal_density=2)
    for segments in (half_block_segments(canvas), quadrant_segments(canvas)):
        for segment in segments:
            for colour in (segment.style.color, segment.style.bgcolor) if segment.style else ():
                if colour is not None:
                    triplet = colour.triplet
                    assert colour == Color.from_rgb(*triplet) and hash(colour) == hash(Color.from_rgb(*triplet))


def test_shared_caches_are_bounded_and_large_renders_keep_out(monkeypatch):
    monkeypatch.setattr(renderers, "STYLE_CACHE_ENTRIES", 50)
    clear_style_caches()
    chooser = random.Random(3)
    for _ in range(30):
        noise = Image.frombytes("RGB", (16, 8), chooser.randbytes(16 * 8 * 3))  # every cell new
        half_block_segments(noise)
        quadrant_segments(noise)
        for cache in renderers._CACHES:
            assert len(cache) <= 50
    clear_style_caches()
    large = Image.frombytes("RGB", (64, 64), chooser.randbytes(64 * 64 * 3))  # 64x32 cells
    half_block_segments(large)
    quadrant_segments(large)
    assert all(len(cache) == 0 for cache in renderers._CACHES), "a large render keeps its own"


def test_small_renders_from_many_threads_draw_what_one_thread_draws():
    jobs = [
        (paint_canvas(image, (8, 8), background, horizontal_density=density), density)
        for image in pictures()
        for background in (DARK, LIGHT)
        for density in (1, 2)
    ] * 6

    def render(job):
        canvas, density = job
        return drawn((quadrant_segments if density == 2 else half_block_segments)(canvas))

    clear_style_caches()
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(render, jobs))
    expected = []
    for job in jobs:
        clear_style_caches()
        expected.append(render(job))
    assert results == expected
