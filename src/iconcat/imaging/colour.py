"""Colour arithmetic: WCAG relative luminance and contrast, blends, and an image's dominant colour."""

from __future__ import annotations

from PIL import Image

__all__ = ["RGB", "blend", "contrast_ratio", "dominant_colour", "ink_colour", "relative_luminance"]

RGB = tuple[int, int, int]

_INK_ALPHA = 128
"""A pixel at least this opaque counts as the picture's ink when finding its dominant colour."""


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


_LINEAR = tuple(_linear(channel) for channel in range(256))
"""`_linear` of every channel value, worked out once: luminance is asked for on every render."""
LINEAR = _LINEAR
"""Each sRGB channel value (0 to 255) as linear light (0 to 1): for colour spaces built on it (OKLab)."""


def relative_luminance(colour: RGB) -> float:
    """WCAG 2 relative luminance, 0 (black) to 1 (white)."""
    red, green, blue = colour
    return 0.2126 * _LINEAR[red] + 0.7152 * _LINEAR[green] + 0.0722 * _LINEAR[blue]


def contrast_ratio(first: RGB, second: RGB) -> float:
    """WCAG 2 contrast ratio between two colours, 1 (same) to 21 (black on white)."""
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def blend(start: RGB, end: RGB, amount: float) -> RGB:
    """The colour `amount` (0 to 1) of the way from `start` to `end`."""
    return tuple(round(a + (b - a) * amount) for a, b in zip(start, end))  # type: ignore[return-value]


def dominant_colour(image: Image.Image) -> RGB | None:
    """The most common ink colour of an RGBA (or premultiplied RGBa) image, or None if it has no ink.

    Measured on a premultiplied reduction to about 16 pixels across (see `ink_colour`), so it costs
    a few hundredths of a millisecond.
    """
    premultiplied = image if image.mode == "RGBa" else image.convert("RGBa")
    factor = max(1, min(premultiplied.size) // 16)
    small = premultiplied.reduce(factor).convert("RGBA")  # box filter, integer factor: cheapest
    return ink_colour(small)


def ink_colour(image: Image.Image) -> RGB | None:
    """The most common ink colour of a small RGBA image as it is (no reduction), or None.

    From Pillow's colour histogram (a few dozen distinct colours for an icon at thumbnail size):
    pixels at least `_INK_ALPHA` opaque, in buckets of 32 levels per channel so anti-aliasing does
    not split one colour into many; the answer is the mean colour of the fullest bucket.
    """
    totals: dict[int, list[int]] = {}
    find = totals.get
    for count, (red, green, blue, alpha) in image.getcolors(image.width * image.height) or ():  # type: ignore[misc]
        if alpha < _INK_ALPHA:
            continue
        bucket = (red >> 5) << 6 | (green >> 5) << 3 | blue >> 5
        total = find(bucket)
        if total is None:
            totals[bucket] = [count, red * count, green * count, blue * count]
        else:
            total[0] += count
            total[1] += red * count
            total[2] += green * count
            total[3] += blue * count
    if not totals:
        return None
    count, red, green, blue = max(totals.values())
    return (round(red / count), round(green / count), round(blue / count))
