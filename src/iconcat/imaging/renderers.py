"""Our rich-pixels renderers: a prepared canvas becomes one Rich Segment per run of equal cells.

rich-pixels' `Renderer` is the extension point (`Pixels.from_image(image, resize=..., renderer=...)`
calls `renderer.render(image, resize)`). Its stock renderers resize with nearest-neighbour, paint any
pixel with alpha above zero fully opaque and parse a style string per cell. Ours prepare an opaque
canvas first (`canvas.paint_canvas`: aspect, premultiplied LANCZOS, compositing, legibility tile),
then read the raw bytes once, build each distinct style once, and merge runs of identical cells into
one segment, which also makes the result cheaper for Rich and Textual to draw.

Half blocks: each cell is "▄" with the lower pixel as foreground and the upper as background (a plain
space when both are equal). Quadrants: each cell splits its four pixels into two colour groups (seeded
by its two most different pixels) and draws the matching quadrant character; twice the horizontal
detail, at the cost of averaging colours within a cell.
"""

from __future__ import annotations

import sys
from array import array
from itertools import compress, groupby
from operator import ne
from typing import Any

from PIL import Image
from rich.color import Color, ColorType
from rich.color_triplet import ColorTriplet
from rich.segment import Segment
from rich.style import Style
from rich_pixels import Renderer

from .canvas import paint_canvas
from .colour import RGB

__all__ = ["HalfBlockRenderer", "QuadrantRenderer", "QUADRANT_CHARACTERS"]

_NEWLINE = Segment("\n")
_PACKED_TYPE = next(code for code in "IL" if array(code).itemsize == 4)
"""An array type code with 4-byte items (one packed pixel each): "I" on every common platform."""
_LOWER_HALF = "▄"
_TRUECOLOR = ColorType.TRUECOLOR
_new_tuple = tuple.__new__  # Color, ColorTriplet and Segment are NamedTuples: built directly below
_UNIFORM_DISTANCE = 3 * 4**2
"""A quadrant cell whose pixels differ by at most about 4 levels per channel is drawn as one colour:
resampling ripples are not detail, and a quadrant character for them only costs segments."""

QUADRANT_CHARACTERS = {
    0b0000: " ", 0b0001: "▘", 0b0010: "▝", 0b0011: "▀", 0b0100: "▖", 0b0101: "▌", 0b0110: "▞",
    0b0111: "▛", 0b1000: "▗", 0b1001: "▚", 0b1010: "▐", 0b1011: "▜", 0b1100: "▄", 0b1101: "▙",
    0b1110: "▟", 0b1111: "█",
}  # fmt: skip
"""Quadrant block by foreground mask: bit 0 upper left, 1 upper right, 2 lower left, 3 lower right."""


class _CanvasRenderer(Renderer):
    """Shared part: the background colour and legibility choice every render uses."""

    horizontal_density = 1

    def __init__(self, background: RGB, *, legible: bool = True) -> None:
        super().__init__(default_color=None)
        self.background = background
        self.legible = legible

    def canvas(self, image: Image.Image, resize: tuple[int, int] | None) -> Image.Image:
        """The opaque canvas for `resize` = (cell columns, pixel rows); image size if None."""
        if resize is None:
            resize = (image.width, image.height + image.height % 2)
        return paint_canvas(
            image,
            resize,
            self.background,
            horizontal_density=self.horizontal_density,
            legible=self.legible,
        )


class HalfBlockRenderer(_CanvasRenderer):
    """Two square pixels per cell, upper as background colour, lower as foreground of "▄"."""

    def render(self, image: Image.Image, resize: tuple[int, int] | None) -> list[Segment]:
        canvas = self.canvas(image, resize)
        return half_block_segments(canvas)


class QuadrantRenderer(_CanvasRenderer):
    """Four pixels per cell (2 x 2, each half as wide as tall), drawn with quadrant characters."""

    horizontal_density = 2

    def render(self, image: Image.Image, resize: tuple[int, int] | None) -> list[Segment]:
        canvas = self.canvas(image, resize)
        return quadrant_segments(canvas)


def _pixels(row: bytes) -> list[RGB]:
    values = iter(row)
    return list(zip(values, values, values))


def _packed_colour(packed: int) -> Color:
    """The Rich Color (as `Color.from_rgb` makes it) of a pixel packed as the integer 0xRRGGBB."""
    triplet = _new_tuple(ColorTriplet, (packed >> 16, packed >> 8 & 255, packed & 255))
    return _new_tuple(Color, ("#%06x" % packed, _TRUECOLOR, None, triplet))


def _packed_pixels(canvas: Image.Image) -> array[int]:
    """The canvas's pixels as native 4-byte integers 0xRRGGBB (BGRX bytes; the padding byte is 0)."""
    packed = array(_PACKED_TYPE)
    packed.frombytes(canvas.tobytes("raw", "BGRX"))
    if sys.byteorder == "big":
        packed.byteswap()  # B G R 0 read big-endian is 0xBBGGRR00; swapped it is 0x00RRGGBB
    return packed


def half_block_segments(canvas: Image.Image) -> list[Segment]:
    """Segments for an RGB canvas with an even height, one line per two pixel rows.

    Pixels are compared as packed 32-bit integers (0xRRGGBB, see `_packed_pixels`), which makes
    finding runs of equal cells several times cheaper than comparing colour tuples. This loop is
    most of a render's time, hence the inlined lookups.
    """
    width, height = canvas.size
    packed = _packed_pixels(canvas)
    colours: dict[int, Color] = {}
    styles: dict[tuple[int, int], tuple[str, Style, Segment]] = {}
    segments: list[Segment] = []
    append = segments.append
    find_style = styles.get
    find_colour = colours.get
    from_color = Style.from_color
    positions = range(1, width + 1)
    for top in range(0, height, 2):
        upper = packed[top * width : (top + 1) * width]
        lower = packed[(top + 1) * width : (top + 2) * width]
        pairs: list[Any] = list(zip(upper, lower))
        pairs.append(None)  # a sentinel unequal to every cell ends the last run
        start = 0
        # Where a run of equal cells ends: found by C-level comparisons of neighbours.
        for end in compress(positions, map(ne, pairs, pairs[1:])):
            pair = pairs[start]
            drawn = find_style(pair)
            if drawn is None:
                above, below = pair
                back = find_colour(above)
                if back is None:
                    back = colours[above] = _packed_colour(above)
                if above == below:
                    style = from_color(None, back)
                    drawn = styles[pair] = (" ", style, _new_tuple(Segment, (" ", style, None)))
                else:
                    fore = find_colour(below)
                    if fore is None:
                        fore = colours[below] = _packed_colour(below)
                    style = from_color(fore, back)
                    single = _new_tuple(Segment, (_LOWER_HALF, style, None))
                    drawn = styles[pair] = (_LOWER_HALF, style, single)
            if end - start == 1:
                append(drawn[2])  # segments are immutable: one cell's segment is shared
            else:
                append(_new_tuple(Segment, (drawn[0] * (end - start), drawn[1], None)))
            start = end
        append(_NEWLINE)
    return segments


def _truecolor(rgb: RGB) -> Color:
    """The Rich Color `Color.from_rgb(*rgb)` returns (equal and hashing the same), built directly.

    Color and ColorTriplet are NamedTuples; building the tuples directly costs a quarter of
    `from_rgb`, and colour construction is most of a cold render's time.
    """
    return _new_tuple(Color, ("#%02x%02x%02x" % rgb, _TRUECOLOR, None, _new_tuple(ColorTriplet, rgb)))


def quadrant_segments(canvas: Image.Image) -> list[Segment]:
    """Segments for an RGB canvas with even width and height, one cell per 2 x 2 pixels."""
    width, height = canvas.size
    raw = canvas.tobytes()
    stride = width * 3
    styles: dict[tuple[int, RGB, RGB], tuple[str, Style]] = {}
    colours: dict[RGB, Color] = {}
    segments: list[Segment] = []
    append = segments.append
    for top in range(0, height, 2):
        upper = _pixels(raw[top * stride : (top + 1) * stride])
        lower = _pixels(raw[(top + 1) * stride : (top + 2) * stride])
        cells: list[Any] = []
        add_cell = cells.append
        for x in range(0, width - 1, 2):
            upper_left = upper[x]
            # Inline fast path: a cell of one colour (most of any thumbnail) needs no splitting.
            if upper_left == upper[x + 1] == lower[x] == lower[x + 1]:
                add_cell((0, upper_left, upper_left))
            else:
                add_cell(_split_quadrants(upper_left, upper[x + 1], lower[x], lower[x + 1]))
        for cell, run in groupby(cells):
            drawn = styles.get(cell)
            if drawn is None:
                mask, foreground, background = cell
                back = colours.get(background) or colours.setdefault(background, _truecolor(background))
                if mask == 0:
                    style = Style.from_color(bgcolor=back)
                else:
                    fore = colours.get(foreground) or colours.setdefault(foreground, _truecolor(foreground))
                    style = Style.from_color(fore, back)
                drawn = styles[cell] = (QUADRANT_CHARACTERS[mask], style)
            character, style = drawn
            append(Segment(character * len(list(run)), style))
        append(_NEWLINE)
    return segments


def _distance(first: RGB, second: RGB) -> int:
    return (first[0] - second[0]) ** 2 + (first[1] - second[1]) ** 2 + (first[2] - second[2]) ** 2


def _mean(colours: list[RGB]) -> RGB:
    count = len(colours)
    half = count // 2
    red = green = blue = 0
    for colour in colours:
        red += colour[0]
        green += colour[1]
        blue += colour[2]
    return ((red + half) // count, (green + half) // count, (blue + half) // count)


def _split_quadrants(upper_left: RGB, upper_right: RGB, lower_left: RGB, lower_right: RGB) -> tuple[int, RGB, RGB]:
    """(foreground mask, foreground colour, background colour) for one cell's four pixels.

    The upper-left pixel always belongs to the background group, so only the seven characters
    without the upper-left quadrant (and the space) are used: one spelling per picture.
    """
    # Fast paths first: most cells are one colour, or split exactly into rows or columns.
    if upper_left == upper_right:
        if lower_left == lower_right:
            if upper_left == lower_left:
                return 0, upper_left, upper_left
            if _distance(upper_left, lower_left) <= _UNIFORM_DISTANCE:
                mean = _mean([upper_left, lower_left])
                return 0, mean, mean
            return 0b1100, lower_left, upper_left
    elif upper_left == lower_left and upper_right == lower_right:
        if _distance(upper_left, upper_right) <= _UNIFORM_DISTANCE:
            mean = _mean([upper_left, upper_right])
            return 0, mean, mean
        return 0b1010, upper_right, upper_left
    quad = (upper_left, upper_right, lower_left, lower_right)
    # Seeds: the most different pair; every other pixel joins the nearer seed.
    best = -1
    seed_a = seed_b = 0
    for i in range(4):
        for j in range(i + 1, 4):
            distance = _distance(quad[i], quad[j])
            if distance > best:
                best, seed_a, seed_b = distance, i, j
    if best <= _UNIFORM_DISTANCE:
        mean = _mean(list(quad))
        return 0, mean, mean
    mask = 0
    for index, colour in enumerate(quad):
        if index == seed_b or (index != seed_a and _distance(colour, quad[seed_b]) < _distance(colour, quad[seed_a])):
            mask |= 1 << index
    if mask & 1:
        mask ^= 0b1111
    if mask == 0:
        return 0, upper_left, upper_left
    foreground = _mean([quad[i] for i in range(4) if mask >> i & 1])
    background = _mean([quad[i] for i in range(4) if not mask >> i & 1])
    return mask, foreground, background
