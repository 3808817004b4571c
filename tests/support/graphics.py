"""Pictures for the graphics tests: real demo previews composited as the browser would, and a sixel
decoder small enough to read (so the encoder is checked pixel by pixel without libsixel)."""

from __future__ import annotations

import re
from functools import lru_cache

from PIL import Image

from iconcat.graphics import CellSize, compose
from iconcat.imaging import decode_thumbnail

CELL = CellSize(8, 16)
"""A common cell: 16 x 8 cells of it hold a 128 px preview pixel for pixel."""


@lru_cache(maxsize=1)
def demo_previews() -> tuple[bytes, ...]:
    """Preview PNGs spread over the demo catalogue (rendered by it, as it serves them)."""
    from iconcat.demo.catalogue import default_catalogue

    catalogue = default_catalogue()
    return tuple(catalogue.thumbnail_bytes(icon) for icon in catalogue.icons[::150])


def composited(index: int, background: tuple[int, int, int], columns: int = 16, rows: int = 8) -> Image.Image:
    """Demo preview `index` painted as a true-pixel mode paints it."""
    return compose(decode_thumbnail(demo_previews()[index]), columns, rows, CELL, background)


def many_colours(size: tuple[int, int] = (96, 64)) -> Image.Image:
    """A picture of thousands of colours (three independent gradients): the quantiser's hard case."""
    width, height = size
    red = Image.linear_gradient("L").resize(size)
    green = Image.linear_gradient("L").rotate(90).resize(size)
    blue = Image.radial_gradient("L").resize(size)
    return Image.merge("RGB", (red, green, blue))


_SIXEL_TOKEN = re.compile(r'"(\d+);(\d+);(\d+);(\d+)|#(\d+)(?:;(\d+);(\d+);(\d+);(\d+))?|!(\d+)(.)|([?-~])|(\$)|(-)')


def decode_sixel(text: str, background: tuple[int, int, int] = (0, 0, 0)) -> Image.Image:
    """The picture a sixel image draws (raster attributes, RGB registers in percent, repeats, "$", "-")."""
    introducer = re.match(r"\x1bP(?:\d*(?:;\d*)*)?q", text)  # ESC P [P1;P2;P3] q
    assert introducer is not None and text.endswith("\x1b\\"), "not one sixel image"
    body = text[introducer.end() : -2]
    registers: dict[int, tuple[int, int, int]] = {}
    pixels: dict[tuple[int, int], tuple[int, int, int]] = {}
    width = height = 0
    x = band = 0
    colour = (0, 0, 0)
    position = 0
    while position < len(body):
        match = _SIXEL_TOKEN.match(body, position)
        assert match is not None, f"unexpected {body[position : position + 10]!r} at {position}"
        position = match.end()
        groups = match.groups()
        if groups[0] is not None:
            width, height = int(groups[2]), int(groups[3])
        elif groups[4] is not None:
            number = int(groups[4])
            if groups[5] is not None:
                assert groups[5] == "2", "only RGB registers"
                registers[number] = tuple(round(int(groups[i]) * 255 / 100) for i in (6, 7, 8))  # type: ignore[assignment]
            colour = registers[number]
        elif groups[9] is not None or groups[11] is not None:
            count = int(groups[9]) if groups[9] is not None else 1
            bits = ord(groups[10] if groups[9] is not None else groups[11]) - 63
            for _ in range(count):
                for row in range(6):
                    if bits & (1 << row):
                        pixels[(x, band * 6 + row)] = colour
                x += 1
        elif groups[12] is not None:
            x = 0
        else:
            x, band = 0, band + 1
    image = Image.new("RGB", (width, height), background)
    for (px, py), value in pixels.items():
        if px < width and py < height:
            image.putpixel((px, py), value)
    return image


def percent_rounded(image: Image.Image) -> Image.Image:
    """`image` with every channel rounded to sixel's percent steps and back (what a sixel can hold)."""
    table = [round(((value * 100 + 127) // 255) * 255 / 100) for value in range(256)]
    return image.point(table * 3)
