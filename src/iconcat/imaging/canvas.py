"""Fitting an image into a cell grid's pixels: aspect, premultiplied resampling, compositing.

A terminal cell is about twice as tall as it is wide, so a half-block cell holds two square pixels
(one above the other) and a quadrant cell four pixels each half as wide as they are tall. Fitting is
worked out in square pixels (columns x rows*2), so both modes place the picture identically.

Resampling happens on premultiplied alpha (Pillow mode "RGBa"): filtering straight RGBA would let the
colour of fully transparent pixels (often black) bleed into the edges as a dark halo. LANCZOS keeps
one-pixel strokes visible where nearest-neighbour drops them; for large reductions Pillow first
reduces by an integer factor with a box filter (`reducing_gap`), which is faster and indistinguishable.
The result is composited onto the background colour, so every output pixel is opaque and exact.

Legibility: a dark glyph on a dark theme (or a light one on a light theme) would vanish. When the
picture's dominant colour has less than `MIN_CONTRAST` against the background, the picture gets a
backing tile: the background blended towards white or black just far enough to reach that contrast,
so the tile is as subtle as it can be while the glyph stays readable, and the icon keeps its colours.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from .colour import RGB, blend, contrast_ratio, dominant_colour

__all__ = ["MIN_CONTRAST", "Placement", "backing_tile_colour", "fit", "paint_canvas"]

MIN_CONTRAST = 3.0
"""WCAG 2.1's minimum contrast for graphical objects (1.4.11): below it a glyph gets a backing tile."""

_REDUCING_GAP = 2.0


@dataclass(frozen=True)
class Placement:
    """Where a picture sits on the canvas, in square pixels: its fitted size and top-left offset."""

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
    """The subtlest tile colour that gives the picture's dominant colour `MIN_CONTRAST`, or None."""
    ink = dominant_colour(image)
    if ink is None or contrast_ratio(ink, background) >= MIN_CONTRAST:
        return None
    white, black = (255, 255, 255), (0, 0, 0)
    extreme = white if contrast_ratio(ink, white) >= contrast_ratio(ink, black) else black
    for step in range(1, 21):
        tile = blend(background, extreme, step / 20)
        if contrast_ratio(ink, tile) >= MIN_CONTRAST:
            return tile
    return extreme


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
    size = (box[0] * density, box[1])
    canvas = Image.new("RGB", size, background)
    tile = backing_tile_colour(image, background) if legible else None
    if tile is not None:
        _paint_tile(canvas, tile, background)
    target = (placement.width * density, placement.height)
    if image.mode != "RGBA":
        image = image.convert("RGBA")
    premultiplied = image.convert("RGBa")
    if premultiplied.size != target:
        premultiplied = premultiplied.resize(
            target, Image.Resampling.LANCZOS, reducing_gap=_REDUCING_GAP
        )
    picture = premultiplied.convert("RGBA")
    canvas.paste(picture, (placement.left * density, placement.top), picture)
    return canvas


def _paint_tile(canvas: Image.Image, tile: RGB, background: RGB) -> None:
    """Fill the canvas with the tile colour, corners left in the background so it reads as a tile."""
    canvas.paste(tile, (0, 0, canvas.width, canvas.height))
    if canvas.width > 4 and canvas.height > 4:
        right, bottom = canvas.width - 1, canvas.height - 1
        for corner in ((0, 0), (right, 0), (0, bottom), (right, bottom)):
            canvas.putpixel(corner, background)
