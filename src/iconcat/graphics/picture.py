"""The picture a true-pixel mode sends: the preview painted at the cells' size in pixels, opaque.

`compose(image, columns, rows, cell, background)` is `iconcat.imaging.canvas.paint_canvas` with a
box of columns x rows cells of `cell` pixels each: the preview fitted with its aspect (small previews
scaled up to fill the box, as the block renderers do), centred, given the same legibility tile on a
background it would vanish into, and composited onto the theme's background, so kitty and sixel show
what blocks show, only sharper, and every pixel is opaque (nothing depends on how a terminal treats
transparency). Being exactly the placement's size, it is drawn pixel for pixel: kitty has nothing to
rescale and sixel, which cannot rescale, lands on the cells it was made for.
"""

from __future__ import annotations

from PIL import Image

from ..imaging.canvas import paint_canvas
from ..imaging.colour import RGB
from .detect import CellSize

__all__ = ["MAX_PICTURE_PIXELS", "compose"]

MAX_PICTURE_PIXELS = 4096 * 4096
"""A box larger than this is a mistake (a cell size misreported by the terminal), not a picture."""


def compose(
    image: Image.Image,
    columns: int,
    rows: int,
    cell: CellSize,
    background: RGB,
    *,
    legible: bool = True,
) -> Image.Image:
    """An opaque RGB picture of (columns * cell.width) x (rows * cell.height) pixels (module docstring)."""
    width, height = columns * cell.width, rows * cell.height
    if columns < 1 or rows < 1 or cell.width < 1 or cell.height < 1:
        raise ValueError(f"nothing to paint: {columns}x{rows} cells of {cell.width}x{cell.height} pixels")
    if width * height > MAX_PICTURE_PIXELS:
        raise ValueError(f"a {width}x{height} picture is too large to send")
    return paint_canvas(image, (width, height), background, legible=legible)
