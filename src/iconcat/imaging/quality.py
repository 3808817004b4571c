"""Measuring a rendering against the ideal one (tests, benchmark): PSNR over the picture's area.

The ideal is what an exact renderer would show: the full-resolution picture composited onto the
background first (exact, per source pixel), then area-averaged (box filter: each output pixel is the
mean of what it covers) to the same fitted size and position. Comparing only the fitted area keeps
the plain background margins, which every renderer gets right, from flattering the score.
"""

from __future__ import annotations

import math

from PIL import Image, ImageChops, ImageStat

from .canvas import Placement, fit
from .colour import RGB

__all__ = ["ideal_canvas", "picture_area", "psnr"]


def ideal_canvas(image: Image.Image, box: tuple[int, int], background: RGB) -> Image.Image:
    """The ideal RGB canvas of `box` square pixels for `image` on `background`."""
    placement = fit(image.size, box)
    rgba = image.convert("RGBA")
    flat = Image.new("RGB", rgba.size, background)
    flat.paste(rgba, (0, 0), rgba)
    reduced = flat.resize((placement.width, placement.height), Image.Resampling.BOX)
    canvas = Image.new("RGB", box, background)
    canvas.paste(reduced, (placement.left, placement.top))
    return canvas


def picture_area(image: Image.Image, box: tuple[int, int]) -> Placement:
    """Where `image` lands in `box` (the area `psnr` should be measured over)."""
    return fit(image.size, box)


def psnr(first: Image.Image, second: Image.Image, area: Placement | None = None) -> float:
    """Peak signal-to-noise ratio in dB between two RGB images of one size (inf when identical)."""
    if area is not None:
        crop = (area.left, area.top, area.left + area.width, area.top + area.height)
        first, second = first.crop(crop), second.crop(crop)
    difference = ImageChops.difference(first.convert("RGB"), second.convert("RGB"))
    squares = ImageStat.Stat(difference).sum2
    mean_square = sum(squares) / (3 * first.width * first.height)
    if mean_square == 0:
        return math.inf
    return 10 * math.log10(255**2 / mean_square)
