"""What rendered cells show, read back as pixels, and how far that is from the ideal picture.

Used by the imaging tests, `benchmarks/thumbnails.py` and `scripts/thumbnail_sheet.py` (which put the
repository root on `sys.path` to import it); none of it ships in the package.

Reading back: each cell becomes 2 x 2 pixels: half blocks give two equal pixels across, quadrant
characters their four quadrants. A cell without a colour shows the terminal's default, given here as
`default` (stock rich-pixels leaves transparent cells without a colour).

Measuring: the ideal is what an exact renderer would show: the full-resolution picture composited
onto the background first (exact, per source pixel), then area-averaged (box filter: each output pixel
is the mean of what it covers) to the same fitted size and position. Comparing only the fitted area
keeps the plain background margins, which every renderer gets right, from flattering the score.

256 colours: `downgraded` shows a picture as Rich writes its 24-bit colours to a 256-colour terminal
(each colour through `Color.downgrade`: what such a terminal showed before the renderers chose the
palette themselves); cells drawn with palette numbers read back as the entries' colours already.
`mean_delta_e` is the mean OKLab distance (x 100; about 1 is a just noticeable difference), a
measure of how far apart colours look, beside PSNR's sRGB error.

Stock: rich-pixels' own `Pixels.from_image` at the size ours fits the picture to (its own resize keeps
no aspect ratio), the baseline the benchmark and the thumbnail sheet compare with.
"""

from __future__ import annotations

import math

from PIL import Image, ImageChops, ImageStat
from rich.color import EIGHT_BIT_PALETTE, Color, ColorSystem
from rich.console import Console, RenderableType
from rich_pixels import Pixels

from iconcat.imaging.canvas import Placement, fit
from iconcat.imaging.colour import RGB
from iconcat.imaging.palette import oklab
from iconcat.imaging.renderers import QUADRANT_CHARACTERS

__all__ = [
    "cell_lines",
    "cells_to_image",
    "downgraded",
    "ideal_canvas",
    "mean_delta_e",
    "picture_area",
    "psnr",
    "recoloured",
    "stock_canvas",
    "stock_cells",
]

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


def ideal_canvas(image: Image.Image, box: tuple[int, int], background: RGB, horizontal_density: int = 1) -> Image.Image:
    """The ideal RGB canvas of `box` square pixels for `image` on `background`.

    With `horizontal_density` 2 the canvas has twice the pixels across, each half as wide: the
    ideal of a quadrant render (what `cells_to_image` reads back from quadrant cells)."""
    placement = fit(image.size, box)
    rgba = image.convert("RGBA")
    flat = Image.new("RGB", rgba.size, background)
    flat.paste(rgba, (0, 0), rgba)
    reduced = flat.resize((placement.width * horizontal_density, placement.height), Image.Resampling.BOX)
    canvas = Image.new("RGB", (box[0] * horizontal_density, box[1]), background)
    canvas.paste(reduced, (placement.left * horizontal_density, placement.top))
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


def downgraded(image: Image.Image) -> Image.Image:
    """`image` (RGB) as a 256-colour terminal shows it when Rich downgrades each colour (module docstring)."""
    shown = {}
    for _, colour in image.getcolors(image.width * image.height) or ():
        number = Color.from_rgb(*colour).downgrade(ColorSystem.EIGHT_BIT).number
        assert number is not None
        shown[colour] = tuple(EIGHT_BIT_PALETTE[number])
    return recoloured(image, shown)


def recoloured(image: Image.Image, colours: dict) -> Image.Image:
    """`image` (RGB) with every colour replaced by `colours[colour]`."""
    pixels = image.tobytes()
    table = {bytes(colour): bytes(new) for colour, new in colours.items()}
    mapped = b"".join(table[pixels[index : index + 3]] for index in range(0, len(pixels), 3))
    return Image.frombytes("RGB", image.size, mapped)


def mean_delta_e(first: Image.Image, second: Image.Image, area: Placement | None = None) -> float:
    """The mean OKLab distance x 100 between two RGB images of one size (module docstring)."""
    if area is not None:
        crop = (area.left, area.top, area.left + area.width, area.top + area.height)
        first, second = first.crop(crop), second.crop(crop)
    first_bytes, second_bytes = first.convert("RGB").tobytes(), second.convert("RGB").tobytes()
    total = 0.0
    for index in range(0, len(first_bytes), 3):
        one = oklab(*first_bytes[index : index + 3])
        other = oklab(*second_bytes[index : index + 3])
        total += math.dist(one, other)
    return 100 * total / (first.width * first.height)


def stock_cells(image: Image.Image, columns: int, rows: int) -> tuple[Pixels, Placement]:
    """Stock rich-pixels for `image` at the size ours fits it to in columns x rows cells, and where it goes."""
    placement = fit(image.size, (columns, rows * 2))
    return Pixels.from_image(image, resize=(placement.width, placement.height)), placement


def stock_canvas(image: Image.Image, columns: int, rows: int, background: RGB) -> Image.Image:
    """What stock shows, placed where ours would be: a columns x rows*2 canvas, one pixel per half cell
    (transparent cells show the background)."""
    pixels, placement = stock_cells(image, columns, rows)
    width, height = placement.width, placement.height
    cell_rows = (height + 1) // 2
    shown = cells_to_image(pixels, width, cell_rows, background)
    shown = shown.resize((width, cell_rows * 2), Image.Resampling.NEAREST).crop((0, 0, width, height))
    canvas = Image.new("RGB", (columns, rows * 2), background)
    canvas.paste(shown, (placement.left, placement.top))
    return canvas
