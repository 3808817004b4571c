"""Our rich-pixels renderers: a prepared canvas becomes one Rich Segment per run of equal cells.

rich-pixels' `Renderer` is the extension point (`Pixels.from_image(image, resize=..., renderer=...)`
calls `renderer.render(image, resize)`). Its stock renderers resize with nearest-neighbour, paint any
pixel with alpha above zero fully opaque and parse a style string per cell. Ours prepare an opaque
canvas first (`canvas.paint_canvas`: aspect, premultiplied resampling, compositing, legibility tile),
then read the raw bytes once, build each distinct style once, and merge runs of identical cells into
one segment, which also makes the result cheaper for Rich and Textual to draw.

Half blocks: each cell is "▄" with the lower pixel as foreground and the upper as background (a plain
space when both are equal). Quadrants: each cell splits its four pixels into two colour groups (seeded
by its two most different pixels) and draws the matching quadrant character; twice the horizontal
detail, at the cost of averaging colours within a cell.

Pixels are handled as packed integers 0xRRGGBB, and each run of equal cells is drawn with one lookup.
Building Rich objects (Color, Style, Segment) is a large part of a small render's cost, so what a
gallery tile's cells draw (renders of at most `SHARED_CACHE_MAX_CELLS` cells) is remembered across
renders, keyed by the pixels: `_COLOURS` (pixel to Color), `_HALF_CELLS` (upper and lower pixel to
drawing), `_QUADRANT_SPLITS` (four pixels to mask and two colours) and `_QUADRANT_STYLES` (mask and
two colours to drawing). A gallery of one icon set meets the same ink and background blends tile
after tile. Each cache is a plain dict trimmed back to `STYLE_CACHE_ENTRIES` entries (its oldest go)
at the end of each render: a lookup is one dict access, with no lock and no reordering, and every
step is one atomic dict operation, so renders in several threads share them safely. Runs are found
by comparing the cells' keys, so the segments never depend on what the caches held. The values are
immutable; `clear_style_caches` empties the caches (the benchmark's cold figures).

Colours: 24-bit by default. With `colours="256"` (the app writes palette colours: a 256-colour
terminal) every colour drawn is the palette entry nearest it as a person sees it (`palette`), chosen
here rather than left to Rich's downgrade at output (which rounds each channel on its own and turned
blue edges teal). Half blocks map the canvas's pixels before finding runs, so cells equal once
mapped share one segment; quadrants split a cell on its true pixels, then map the two colours. The
cells then carry palette numbers (`palette.palette_colour`), drawn as such in any colour system from 256 up;
their caches are their own (`_HALF_CELLS_256`, `_QUADRANT_STYLES_256`): the same pixels draw
differently in each system. The canvas is composited on the background as given: an app drawing in
256 colours maps its own 24-bit colours with the same `palette.nearest_entry` (the browser does),
so the background around a picture is the entry its margins got.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterator
from functools import cache
from itertools import chain, islice
from typing import Any

from PIL import Image
from rich.color import Color, ColorType
from rich.color_triplet import ColorTriplet
from rich.segment import Segment
from rich.style import Style
from rich_pixels import Renderer

from .canvas import paint_canvas
from .colour import RGB
from .palette import entry_rgb, nearest_packed, palette_colour, palette_entries, trim_nearest

__all__ = [
    "COLOUR_SYSTEMS",
    "HalfBlockRenderer",
    "QUADRANT_CHARACTERS",
    "QuadrantRenderer",
    "STYLE_CACHE_ENTRIES",
    "clear_style_caches",
    "half_block_segments",
    "quadrant_segments",
]

_NEWLINE = Segment("\n")
_END_OF_LINE = (None,)
"""Follows a line's cells: unequal to every cell, it ends the last run."""
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

COLOUR_SYSTEMS = ("truecolor", "256")
"""The colours cells are drawn with (module docstring): 24-bit, or the 256-colour palette's."""

STYLE_CACHE_ENTRIES = 2048
"""Entries kept in each of the renderers' caches (module docstring): a few hundred KB each at most."""

SHARED_CACHE_MAX_CELLS = 16 * 8
"""Renders of at most this many cells (gallery tiles) use the shared caches; larger ones keep their
own for the one render. A large picture (the detail pane) shares little with the next one: its
hundreds of new entries would only push the tiles' out, and redrawing the same picture is the
render cache's job (`render.rendered_cache`), not these."""

Drawing = tuple[str, Style, Segment]
"""What a cell draws: its character, its style, and the one-cell segment of both (shared: immutable)."""

_COLOURS: dict[int, Color] = {}
_HALF_CELLS: dict[tuple[int, int], Drawing] = {}
_QUADRANT_SPLITS: dict[tuple[int, int, int, int], tuple[int, int, int]] = {}
_QUADRANT_STYLES: dict[tuple[int, int, int], Drawing] = {}
_HALF_CELLS_256: dict[tuple[int, int], Drawing] = {}
_QUADRANT_STYLES_256: dict[tuple[int, int, int], Drawing] = {}

_CACHES: tuple[dict[Any, Any], ...] = (
    _COLOURS,
    _HALF_CELLS,
    _QUADRANT_SPLITS,
    _QUADRANT_STYLES,
    _HALF_CELLS_256,
    _QUADRANT_STYLES_256,
)


def clear_style_caches() -> None:
    """Forget every remembered colour, style, cell drawing and nearest palette entry (the next render
    starts cold)."""
    from .palette import forget_nearest

    for remembered in _CACHES:
        remembered.clear()
    forget_nearest()


@cache
def _palette_colours() -> dict[int, Color]:
    """Each palette entry's colour packed as 0xRRGGBB -> its Rich Color (`palette.palette_colour`:
    drawn as the palette number). Never trimmed: 240 entries."""
    colours = {}
    for entry in palette_entries():
        red, green, blue = entry_rgb(entry)
        colours[red << 16 | green << 8 | blue] = palette_colour(entry)
    return colours


@cache
def _entry_packed() -> tuple[int, ...]:
    """Palette entry -> its colour packed as 0xRRGGBB (0 below the first entry chosen)."""
    packed = [0] * 256
    for entry in palette_entries():
        red, green, blue = entry_rgb(entry)
        packed[entry] = red << 16 | green << 8 | blue
    return tuple(packed)


def _palette_pixels(packed: array[int]) -> array[int]:
    """`packed` with every pixel replaced by its nearest palette entry's colour (still 0xRRGGBB)."""
    entries = _entry_packed()
    mapped = {value: entries[nearest_packed(value)] for value in set(packed)}
    return array(_PACKED_TYPE, map(mapped.__getitem__, packed))


def _trim(cache: dict[Any, Any]) -> None:
    """Forget the oldest entries of `cache` beyond `STYLE_CACHE_ENTRIES` (after each render).

    Each removal is one atomic `pop`. Should another thread add an entry while the oldest keys are
    being listed, trimming waits for the next render (the bound is overshot by a render's cells
    for that long); a concurrent render at worst rebuilds an entry it was about to use.
    """
    excess = len(cache) - STYLE_CACHE_ENTRIES
    if excess > 0:
        try:
            oldest = list(islice(cache, excess))
        except RuntimeError:  # "dictionary changed size during iteration": another render's insert
            return
        for key in oldest:
            cache.pop(key, None)


class _CanvasRenderer(Renderer):
    """Shared part: the background colour and legibility choice every render uses."""

    horizontal_density = 1

    def __init__(self, background: RGB, *, legible: bool = True, colours: str = "truecolor") -> None:
        super().__init__(default_color=None)
        if colours not in COLOUR_SYSTEMS:
            raise ValueError(f"colours must be one of {', '.join(COLOUR_SYSTEMS)}, not {colours!r}")
        self.background = background
        self.legible = legible
        self.colours = colours

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
        return half_block_segments(canvas, self.colours)


class QuadrantRenderer(_CanvasRenderer):
    """Four pixels per cell (2 x 2, each half as wide as tall), drawn with quadrant characters."""

    horizontal_density = 2

    def render(self, image: Image.Image, resize: tuple[int, int] | None) -> list[Segment]:
        canvas = self.canvas(image, resize)
        return quadrant_segments(canvas, self.colours)


def _packed_colour(packed: int) -> Color:
    """The Rich Color (as `Color.from_rgb` makes it) of a pixel packed as the integer 0xRRGGBB.

    Color and ColorTriplet are NamedTuples; building the tuples directly costs a quarter of
    `from_rgb`, and colour construction is a large part of a cold render's time.
    """
    channels = packed.to_bytes(3, "big")
    return _new_tuple(Color, ("#" + channels.hex(), _TRUECOLOR, None, _new_tuple(ColorTriplet, channels)))


def _packed_pixels(canvas: Image.Image) -> array[int]:
    """The canvas's pixels as native 4-byte integers 0xRRGGBB (BGRX bytes; the padding byte is 0)."""
    packed = array(_PACKED_TYPE)
    packed.frombytes(canvas.tobytes("raw", "BGRX"))
    if sys.byteorder == "big":
        packed.byteswap()  # B G R 0 read big-endian is 0xBBGGRR00; swapped it is 0x00RRGGBB
    return packed


def half_block_segments(canvas: Image.Image, colour_system: str = "truecolor") -> list[Segment]:
    """Segments for an RGB canvas with an even height, one line per two pixel rows.

    Cells are (upper pixel, lower pixel) pairs; a run of equal pairs is one segment. Each run's
    drawing is looked up (or built, inlined below with its colours: building is most of a cold
    render) once. With `colour_system` "256" the pixels are mapped to the palette first, and every
    colour is found in `_palette_colours` (the loop below never builds one).
    """
    width, height = canvas.size
    packed = _packed_pixels(canvas)
    segments: list[Segment] = []
    append = segments.append
    shared = width * height // 2 <= SHARED_CACHE_MAX_CELLS
    palette = colour_system == "256"
    colours: dict[int, Color]
    if palette:
        packed = _palette_pixels(packed)
        cells: dict[tuple[int, int], Drawing] = _HALF_CELLS_256 if shared else {}
        colours = _palette_colours()
    else:
        cells = _HALF_CELLS if shared else {}
        colours = _COLOURS if shared else {}
    find = cells.get
    find_colour = colours.get
    from_color = Style.from_color
    new = _new_tuple
    for top in range(0, height, 2):
        start = top * width
        pairs: Iterator[Any] = zip(packed[start : start + width], packed[start + width : start + 2 * width])
        previous = next(pairs)
        run = 1
        for pair in chain(pairs, _END_OF_LINE):
            if pair == previous:
                run += 1
                continue
            drawn = find(previous)
            if drawn is None:
                above, below = previous
                back = find_colour(above)
                if back is None:
                    channels = above.to_bytes(3, "big")  # _packed_colour without a call per new colour
                    name = "#" + channels.hex()
                    back = colours[above] = new(Color, (name, _TRUECOLOR, None, new(ColorTriplet, channels)))
                if above == below:
                    style = from_color(None, back)
                    drawn = cells[previous] = (" ", style, new(Segment, (" ", style, None)))
                else:
                    fore = find_colour(below)
                    if fore is None:
                        channels = below.to_bytes(3, "big")
                        name = "#" + channels.hex()
                        fore = colours[below] = new(Color, (name, _TRUECOLOR, None, new(ColorTriplet, channels)))
                    style = from_color(fore, back)
                    drawn = cells[previous] = (_LOWER_HALF, style, new(Segment, (_LOWER_HALF, style, None)))
            # segments are immutable: a one-cell run shares its drawing's segment
            append(drawn[2] if run == 1 else new(Segment, (drawn[0] * run, drawn[1], None)))
            run = 1
            previous = pair
        append(_NEWLINE)
    if shared:
        _trim(cells)
        if not palette:
            _trim(colours)
    if palette:
        trim_nearest()
    return segments


def quadrant_segments(canvas: Image.Image, colour_system: str = "truecolor") -> list[Segment]:
    """Segments for an RGB canvas with even width and height, one cell per 2 x 2 pixels.

    Each cell's four pixels are split into (mask, foreground, background) (`_split_quadrants`,
    remembered in `_QUADRANT_SPLITS`; one colour needs no split); a run of equal splits is one
    segment, whose drawing is looked up (or built) once. With `colour_system` "256" each split's
    two colours are then mapped to the palette (`_palette_split`).
    """
    width, height = canvas.size
    packed = _packed_pixels(canvas)
    segments: list[Segment] = []
    append = segments.append
    shared = width * height // 4 <= SHARED_CACHE_MAX_CELLS
    palette = colour_system == "256"
    splits_cache: dict[tuple[int, int, int, int], tuple[int, int, int]] = _QUADRANT_SPLITS if shared else {}
    styles: dict[tuple[int, int, int], Drawing]
    colours: dict[int, Color]
    if palette:
        styles = _QUADRANT_STYLES_256 if shared else {}
        colours = _palette_colours()
        mapped: dict[int, int] = {}
    else:
        styles = _QUADRANT_STYLES if shared else {}
        colours = _COLOURS if shared else {}
    find_split = splits_cache.get
    find_drawing = styles.get
    find_colour = colours.get
    from_color = Style.from_color
    split_quadrants = _split_quadrants
    positions = range(1, width // 2 + 1)
    for top in range(0, height, 2):
        upper = packed[top * width : (top + 1) * width]
        lower = packed[(top + 1) * width : (top + 2) * width]
        quads = list(zip(upper[0::2], upper[1::2], lower[0::2], lower[1::2]))
        splits: list[Any] = list(map(find_split, quads))
        if None in splits:
            for index, split in enumerate(splits):
                if split is None:
                    quad = quads[index]
                    first = quad[0]
                    if first == quad[1] == quad[2] == quad[3]:
                        split = (0, first, first)  # one colour: most cells of a large picture
                    else:
                        split = splits_cache[quad] = split_quadrants(*quad)
                    splits[index] = split
        if palette:
            splits = [_palette_split(split, mapped) for split in splits]
        splits.append(None)  # a sentinel unequal to every cell ends the last run
        start = 0
        previous = splits[0]
        for index in positions:
            split = splits[index]
            if split == previous:
                continue
            drawn = find_drawing(previous)
            if drawn is None:
                mask, foreground, background = previous
                back = find_colour(background)
                if back is None:
                    back = colours[background] = _packed_colour(background)
                if mask == 0:
                    style = from_color(None, back)
                else:
                    fore = find_colour(foreground)
                    if fore is None:
                        fore = colours[foreground] = _packed_colour(foreground)
                    style = from_color(fore, back)
                character = QUADRANT_CHARACTERS[mask]
                drawn = styles[previous] = (character, style, _new_tuple(Segment, (character, style, None)))
            if index - start == 1:
                append(drawn[2])
            else:
                append(_new_tuple(Segment, (drawn[0] * (index - start), drawn[1], None)))
            start = index
            previous = split
        append(_NEWLINE)
    if shared:
        _trim(splits_cache)
        _trim(styles)
        if not palette:
            _trim(colours)
    if palette:
        trim_nearest()
    return segments


def _palette_split(split: tuple[int, int, int], mapped: dict[int, int]) -> tuple[int, int, int]:
    """A quadrant split with its two colours mapped to the palette (one colour if they become one);
    `mapped` (the render's colours mapped so far) is looked in first and remembers the answers."""
    mask, foreground, background = split
    found = mapped.get(background)
    if found is None:
        found = mapped[background] = _entry_packed()[nearest_packed(background)]
    background = found
    if mask == 0:
        return 0, background, background
    found = mapped.get(foreground)
    if found is None:
        found = mapped[foreground] = _entry_packed()[nearest_packed(foreground)]
    foreground = found
    if foreground == background:
        return 0, background, background
    return mask, foreground, background


def _mean2(first: int, second: int) -> int:
    """The mean of two packed colours, each channel rounded half up."""
    return (
        ((first >> 16) + (second >> 16) + 1) // 2 << 16
        | ((first >> 8 & 255) + (second >> 8 & 255) + 1) // 2 << 8
        | ((first & 255) + (second & 255) + 1) // 2
    )


def _mean3(first: int, second: int, third: int) -> int:
    """The mean of three packed colours, each channel rounded to the nearest."""
    return (
        ((first >> 16) + (second >> 16) + (third >> 16) + 1) // 3 << 16
        | ((first >> 8 & 255) + (second >> 8 & 255) + (third >> 8 & 255) + 1) // 3 << 8
        | ((first & 255) + (second & 255) + (third & 255) + 1) // 3
    )


def _mean4(first: int, second: int, third: int, fourth: int) -> int:
    """The mean of four packed colours, each channel rounded half up."""
    return (
        ((first >> 16) + (second >> 16) + (third >> 16) + (fourth >> 16) + 2) // 4 << 16
        | ((first >> 8 & 255) + (second >> 8 & 255) + (third >> 8 & 255) + (fourth >> 8 & 255) + 2) // 4 << 8
        | ((first & 255) + (second & 255) + (third & 255) + (fourth & 255) + 2) // 4
    )


def _distance(first: int, second: int) -> int:
    red = (first >> 16) - (second >> 16)
    green = (first >> 8 & 255) - (second >> 8 & 255)
    blue = (first & 255) - (second & 255)
    return red * red + green * green + blue * blue


def _split_quadrants(q0: int, q1: int, q2: int, q3: int) -> tuple[int, int, int]:
    """(foreground mask, foreground colour, background colour) for one cell's four packed pixels
    (upper left, upper right, lower left, lower right).

    Seeds are the two most different pixels (the first such pair in the order 01, 02, 03, 12, 13,
    23 on a tie); every other pixel joins the nearer seed (the first one on a tie); each group is
    drawn in its mean colour. A cell whose pixels are all within `_UNIFORM_DISTANCE` is one colour.
    The upper-left pixel always belongs to the background group, so only the seven characters
    without the upper-left quadrant (and the space) are used: one spelling per picture. Written
    out straight (every pair, every mask): this is most of a cold quadrant render's time.
    """
    # Fast paths first: most cells are one colour, or split exactly into rows or columns.
    if q0 == q1:
        if q2 == q3:
            if q0 == q2:
                return 0, q0, q0
            if _distance(q0, q2) <= _UNIFORM_DISTANCE:
                mean = _mean2(q0, q2)
                return 0, mean, mean
            return 0b1100, q2, q0
    elif q0 == q2 and q1 == q3:
        if _distance(q0, q1) <= _UNIFORM_DISTANCE:
            mean = _mean2(q0, q1)
            return 0, mean, mean
        return 0b1010, q1, q0
    r0, g0, b0 = q0 >> 16, q0 >> 8 & 255, q0 & 255
    r1, g1, b1 = q1 >> 16, q1 >> 8 & 255, q1 & 255
    r2, g2, b2 = q2 >> 16, q2 >> 8 & 255, q2 & 255
    r3, g3, b3 = q3 >> 16, q3 >> 8 & 255, q3 & 255
    red, green, blue = r0 - r1, g0 - g1, b0 - b1
    d01 = red * red + green * green + blue * blue
    red, green, blue = r0 - r2, g0 - g2, b0 - b2
    d02 = red * red + green * green + blue * blue
    red, green, blue = r0 - r3, g0 - g3, b0 - b3
    d03 = red * red + green * green + blue * blue
    red, green, blue = r1 - r2, g1 - g2, b1 - b2
    d12 = red * red + green * green + blue * blue
    red, green, blue = r1 - r3, g1 - g3, b1 - b3
    d13 = red * red + green * green + blue * blue
    red, green, blue = r2 - r3, g2 - g3, b2 - b3
    d23 = red * red + green * green + blue * blue
    best = max(d01, d02, d03, d12, d13, d23)
    if best <= _UNIFORM_DISTANCE:
        mean = _mean4(q0, q1, q2, q3)
        return 0, mean, mean
    # The foreground group holds the second seed; the other two pixels join the nearer seed.
    if d01 == best:  # seeds 0 and 1
        mask = 0b0010 | (d12 < d02) << 2 | (d13 < d03) << 3
    elif d02 == best:  # seeds 0 and 2
        mask = 0b0100 | (d12 < d01) << 1 | (d23 < d03) << 3
    elif d03 == best:  # seeds 0 and 3
        mask = 0b1000 | (d13 < d01) << 1 | (d23 < d02) << 2
    elif d12 == best:  # seeds 1 and 2
        mask = 0b0100 | (d02 < d01) | (d23 < d13) << 3
    elif d13 == best:  # seeds 1 and 3
        mask = 0b1000 | (d03 < d01) | (d23 < d12) << 2
    else:  # seeds 2 and 3
        mask = 0b1000 | (d03 < d02) | (d13 < d12) << 1
    if mask & 1:
        mask ^= 0b1111
    # Group means by mask (the upper-left pixel is always background).
    if mask == 0b0010:
        return mask, q1, _mean3(q0, q2, q3)
    if mask == 0b0100:
        return mask, q2, _mean3(q0, q1, q3)
    if mask == 0b1000:
        return mask, q3, _mean3(q0, q1, q2)
    if mask == 0b0110:
        return mask, _mean2(q1, q2), _mean2(q0, q3)
    if mask == 0b1010:
        return mask, _mean2(q1, q3), _mean2(q0, q2)
    if mask == 0b1100:
        return mask, _mean2(q2, q3), _mean2(q0, q1)
    return mask, _mean3(q1, q2, q3), q0  # 0b1110
