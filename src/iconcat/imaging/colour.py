"""Colour arithmetic: WCAG relative luminance and contrast, blends, and an image's dominant colour."""

from __future__ import annotations

from PIL import Image

__all__ = ["RGB", "blend", "contrast_ratio", "dominant_colour", "relative_luminance"]

RGB = tuple[int, int, int]

_INK_ALPHA = 128
"""A pixel at least this opaque counts as the picture's ink when finding its dominant colour."""


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def relative_luminance(colour: RGB) -> float:
    """WCAG 2 relative luminance, 0 (black) to 1 (white)."""
    red, green, blue = (_linear(channel) for channel in colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(first: RGB, second: RGB) -> float:
    """WCAG 2 contrast ratio between two colours, 1 (same) to 21 (black on white)."""
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def blend(start: RGB, end: RGB, amount: float) -> RGB:
    """The colour `amount` (0 to 1) of the way from `start` to `end`."""
    return tuple(round(a + (b - a) * amount) for a, b in zip(start, end))  # type: ignore[return-value]


def dominant_colour(image: Image.Image) -> RGB | None:
    """The most common ink colour of an RGBA (or premultiplied RGBa) image, or None if it has no ink.

    Measured on a premultiplied reduction to about 16 pixels across, from Pillow's colour
    histogram (a few dozen distinct colours for an icon), so it costs a few hundredths of a
    millisecond. Buckets of 32 levels per channel keep anti-aliasing from splitting one colour
    into many; the answer is the mean colour of the fullest bucket.
    """
    premultiplied = image if image.mode == "RGBa" else image.convert("RGBa")
    factor = max(1, min(premultiplied.size) // 16)
    small = premultiplied.reduce(factor).convert("RGBA")  # box filter, integer factor: cheapest
    totals: dict[tuple[int, int, int], list[int]] = {}
    for count, (red, green, blue, alpha) in small.getcolors(small.width * small.height) or ():  # type: ignore[misc]
        if alpha < _INK_ALPHA:
            continue
        total = totals.setdefault((red >> 5, green >> 5, blue >> 5), [0, 0, 0, 0])
        total[0] += count
        total[1] += red * count
        total[2] += green * count
        total[3] += blue * count
    if not totals:
        return None
    count, red, green, blue = max(totals.values())
    return (round(red / count), round(green / count), round(blue / count))
