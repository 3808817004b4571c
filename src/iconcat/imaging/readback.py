"""Reading rendered cells back as the pixels a terminal would show (tests, benchmark, sheet script).

Each cell becomes 2 x 2 pixels: half blocks give two equal pixels across, quadrant characters their
four quadrants. A cell without a colour shows the terminal's default, given here as `default`
(stock rich-pixels leaves transparent cells without a colour).
"""

from __future__ import annotations

from PIL import Image
from rich.console import Console, RenderableType

from .colour import RGB
from .renderers import QUADRANT_CHARACTERS

__all__ = ["cell_lines", "cells_to_image"]

_MASKS = {character: mask for mask, character in QUADRANT_CHARACTERS.items()}
_MASKS["▀"] = 0b0011
_MASKS["▄"] = 0b1100


def cell_lines(renderable: RenderableType, columns: int) -> list[list[tuple[str, RGB | None, RGB | None]]]:
    """(character, foreground, background) for every cell, one list per line, as Rich lays them out."""
    console = Console(width=columns, color_system="truecolor", force_terminal=True, legacy_windows=False)
    options = console.options.update_width(columns)
    lines = []
    for line in console.render_lines(renderable, options, pad=False, new_lines=False):
        cells = []
        for segment in line:
            style = segment.style
            foreground = _triplet(style.color) if style else None
            background = _triplet(style.bgcolor) if style else None
            for character in segment.text:
                cells.append((character, foreground, background))
        lines.append(cells)
    return lines


def _triplet(color) -> RGB | None:
    if color is None or color.is_default:
        return None
    triplet = color.get_truecolor()
    return (triplet.red, triplet.green, triplet.blue)


def cells_to_image(renderable: RenderableType, columns: int, rows: int, default: RGB) -> Image.Image:
    """An RGB image of columns*2 x rows*2 pixels showing what the cells draw.

    Characters other than spaces and block elements (placeholder text) are drawn as their
    foreground colour over the whole cell, which is enough to see them in a sheet.
    """
    image = Image.new("RGB", (columns * 2, rows * 2), default)
    for y, line in enumerate(cell_lines(renderable, columns)[:rows]):
        for x, (character, foreground, background) in enumerate(line[:columns]):
            back = background or default
            fore = foreground or default
            mask = _MASKS.get(character, 0 if character == " " else 0b1111)
            for bit, (dx, dy) in enumerate(((0, 0), (1, 0), (0, 1), (1, 1))):
                image.putpixel((x * 2 + dx, y * 2 + dy), fore if mask >> bit & 1 else back)
    return image
