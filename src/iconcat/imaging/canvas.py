"""Fitting an image into a cell grid's pixels: aspect, premultiplied resampling, compositing.

A terminal cell is about twice as tall as it is wide, so a half-block cell holds two square pixels
(one above the other) and a quadrant cell four pixels each half as wide as they are tall. Fitting is
worked out in square pixels (columns x rows*2), so both modes place the picture identically.

Resampling happens on premultiplied alpha (Pillow mode "RGBa"): filtering straight RGBA would let the
colour of fully transparent pixels (often black) bleed into the edges as a dark halo. LANCZOS keeps
one-pixel strokes visible where nearest-neighbour drops them; for large reductions Pillow first
reduces by an integer factor with a box filter (`reducing_gap`), which is faster and indistinguishable.
The result is composited onto the background colour, so every output pixel is opaque and exact.

Small thumbnails (gallery tiles: at most `SMALL_PATH_MAX_CELLS` cells, the picture shrunk at least
twice each way) take a shorter path: the premultiplied picture is box-averaged straight to its fitted
size (one integer reduction when the sizes divide, the cheapest; Pillow's box filter otherwise), so
each pixel is the mean of the source pixels it covers, which is the ideal the quality tests measure
against; and the tile decision reads the ink colour from that small result (when it is at least
`_INK_SAMPLE_MIN` pixels each way) instead of reducing the picture a second time. At these
reductions (16-fold for a 128-pixel preview in an 8x4 tile) the LANCZOS pass only sharpens what the
terminal cannot show; skipping it, the second reduction and a conversion is most of what makes a
tile cheaper. The full-size premultiplication and one reduction remain: every source pixel still
counts. Larger thumbnails keep the general path, unchanged; tests hold the two paths to the same
picture at small sizes.

Legibility: a dark glyph on a dark theme (or a light one on a light theme) would vanish. When the
picture's dominant colour has less than `VANISHING_CONTRAST` against the background, the picture gets
a backing tile: the background blended towards white or black just far enough for the glyph to reach
`MIN_CONTRAST` against it, so the tile is as subtle as it can be while the glyph stays readable, and
the icon keeps its own colours (a tint would misrepresent the file the user is about to download).
The tile hugs the picture (one pixel of margin, corners rounded), not the whole thumbnail box.
Colours that are merely soft against the theme (orange on white, a mid green on black) stay as they
are: a tile there would be heavier than the problem.
"""

from __future__ import annotations

from typing import NamedTuple

from PIL import Image

from .colour import RGB, blend, contrast_ratio, dominant_colour, ink_colour, relative_luminance

__all__ = [
    "MIN_CONTRAST",
    "SMALL_PATH_MAX_CELLS",
    "VANISHING_CONTRAST",
    "Placement",
    "backing_tile_colour",
    "fit",
    "paint_canvas",
    "takes_small_path",
]

VANISHING_CONTRAST = 1.6
"""Below this contrast against the background a glyph is all but invisible: it gets a backing tile."""

MIN_CONTRAST = 3.0
"""Contrast a tiled glyph gets against its tile: WCAG 2.1's minimum for graphical objects (1.4.11)."""

_REDUCING_GAP = 2.0

_INK_SAMPLE_MIN = 8
"""A small-path picture at least this many pixels each way is its own sample for the ink colour. A
smaller one (a picture of a few cells) holds too few pixels for a steady histogram: thin strokes
melt into a fill and the tile decision could differ from the general path's, so its ink is
measured as the general path measures it."""

SMALL_PATH_MAX_CELLS = 16 * 8
"""Thumbnails of at most this many cells (gallery tiles) may take the small path (module docstring).

Read at every call, so a test can set it to 0 to draw a small thumbnail the general way."""


class Placement(NamedTuple):
    """Where a picture sits on the canvas, in square pixels: its fitted size and top-left offset.

    A NamedTuple (immutable, and a fifth of a frozen dataclass's cost to build: one per render)."""

    width: int
    height: int
    left: int
    top: int


def fit(image_size: tuple[int, int], box: tuple[int, int]) -> Placement:
    """Fit `image_size` into `box` keeping its aspect (scaling up or down), centred.

    Small previews are scaled up to fill the box: icons are drawn to be seen whole, and a thumbnail
    that fills its frame is easier to judge than a speck in the middle of it.
    """
    image_width, image_height = image_size
    box_width, box_height = box
    scale = min(box_width / image_width, box_height / image_height)
    width = max(1, min(box_width, round(image_width * scale)))
    height = max(1, min(box_height, round(image_height * scale)))
    return Placement(width, height, (box_width - width) // 2, (box_height - height) // 2)


def backing_tile_colour(image: Image.Image, background: RGB) -> RGB | None:
    """The subtlest tile colour that gives the picture's dominant colour `MIN_CONTRAST`, or None.

    The tile is the background blended towards white (for a dark glyph) or black (for a light
    one); luminance grows monotonically along the blend, so a bisection finds the least blend.
    """
    return _tile_for(dominant_colour(image), background)


def _tile_for(ink: RGB | None, background: RGB) -> RGB | None:
    """`backing_tile_colour` for a picture whose dominant colour is `ink`."""
    if ink is None:
        return None
    ink_luminance = relative_luminance(ink)
    if contrast_ratio(ink, background) >= VANISHING_CONTRAST:
        return None
    if (1.05 / (ink_luminance + 0.05)) >= ((ink_luminance + 0.05) / 0.05):
        extreme: RGB = (255, 255, 255)

        def enough(tile: RGB) -> bool:
            return relative_luminance(tile) >= MIN_CONTRAST * (ink_luminance + 0.05) - 0.05
    else:
        extreme = (0, 0, 0)

        def enough(tile: RGB) -> bool:
            return relative_luminance(tile) <= (ink_luminance + 0.05) / MIN_CONTRAST - 0.05

    low, high = 0.0, 1.0
    for _ in range(8):
        middle = (low + high) / 2
        if enough(blend(background, extreme, middle)):
            high = middle
        else:
            low = middle
    return blend(background, extreme, high)


def takes_small_path(image_size: tuple[int, int], box: tuple[int, int], horizontal_density: int = 1) -> bool:
    """True when `paint_canvas` draws this picture in this box the small way (module docstring)."""
    return _small(image_size, box, fit(image_size, box), horizontal_density)


def _small(image_size: tuple[int, int], box: tuple[int, int], placement: Placement, density: int) -> bool:
    return (
        box[0] * box[1] <= 2 * SMALL_PATH_MAX_CELLS  # box is in square pixels: two per cell
        and image_size[0] >= 2 * placement.width * density
        and image_size[1] >= 2 * placement.height
    )


def paint_canvas(
    image: Image.Image,
    box: tuple[int, int],
    background: RGB,
    *,
    horizontal_density: int = 1,
    legible: bool = True,
) -> Image.Image:
    """An opaque RGB canvas of `box` square pixels (times `horizontal_density` across) with the
    picture fitted, centred and composited onto `background` (and on a backing tile if needed)."""
    placement = fit(image.size, box)
    density = horizontal_density
    target = (placement.width * density, placement.height)
    if image.mode != "RGBA":
        image = image.convert("RGBA")
    if _small(image.size, box, placement, density):
        picture, tile = _reduced(image, target, background, legible)
    else:
        picture, tile = _resampled(image, target, background, legible)
    canvas = Image.new("RGB", (box[0] * density, box[1]), background)
    if tile is not None:
        _paint_tile(canvas, placement, density, tile, background)
    canvas.paste(picture, (placement.left * density, placement.top), picture)
    return canvas


def _resampled(
    image: Image.Image, target: tuple[int, int], background: RGB, legible: bool
) -> tuple[Image.Image, RGB | None]:
    """The general path: (straight RGBA picture of `target` pixels, tile colour or None)."""
    premultiplied = image.convert("RGBa")
    tile = backing_tile_colour(premultiplied, background) if legible else None
    if premultiplied.size != target:
        premultiplied = premultiplied.resize(target, Image.Resampling.LANCZOS, reducing_gap=_REDUCING_GAP)
    return premultiplied.convert("RGBA"), tile


def _reduced(
    image: Image.Image, target: tuple[int, int], background: RGB, legible: bool
) -> tuple[Image.Image, RGB | None]:
    """The small path: the premultiplied picture box-averaged to `target` (one integer reduction
    when the sizes divide, the box filter at full size otherwise: Pillow's box filter weighs pixels
    by their centres, so finishing a partial reduction with it would shift edges by up to half a
    pixel), and the ink colour read from the result when it is big enough."""
    premultiplied = image.convert("RGBa")
    if image.width % target[0] == 0 and image.height % target[1] == 0:
        reduced = premultiplied.reduce((image.width // target[0], image.height // target[1]))
    else:
        reduced = premultiplied.resize(target, Image.Resampling.BOX)
    picture = reduced.convert("RGBA")
    if not legible:
        return picture, None
    if min(target) >= _INK_SAMPLE_MIN:
        return picture, _tile_for(ink_colour(picture), background)
    return picture, backing_tile_colour(premultiplied, background)


def _paint_tile(canvas: Image.Image, placement: Placement, density: int, tile: RGB, background: RGB) -> None:
    """Fill the picture's area plus a one-pixel margin with the tile colour, corners rounded."""
    left = max(0, placement.left - 1) * density
    top = max(0, placement.top - 1)
    right = min(canvas.width, (placement.left + placement.width + 1) * density)
    bottom = min(canvas.height, placement.top + placement.height + 1)
    canvas.paste(tile, (left, top, right, bottom))
    if right - left > 4 * density and bottom - top > 4:
        for x, y in ((left, top), (right - density, top), (left, bottom - 1), (right - density, bottom - 1)):
            canvas.paste(background, (x, y, x + density, y + 1))
