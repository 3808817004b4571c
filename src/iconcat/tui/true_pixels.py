"""Drawing a decoded preview in true pixels: the cells that show it, for the gallery and the detail pane.

Kitty (the one true-pixel mode the browser draws in its cells): the preview is composed at the cells'
size in pixels on the theme's background (`iconcat.graphics.picture.compose`), handed to the app's
`TerminalPictures`, which transmits it once, and shown by placeholder cells: one `Strip` a row, every
cell U+10EEEE with its row and column diacritics, in the foreground colour that names the image.
Textual scrolls and clips those like any text, so nothing is sent again while the picture stays in use.

Sixel: a sixel image is drawn over the cells, not in them, so Textual knows nothing of it, and any
cell it writes later paints over the pixels. So each cell row of a picture is its own small sixel
image (`draw_sixel`), carried by that row's strip as a last, zero-width control segment. When the
widget draws the row, it puts the cursor on the row's place on screen before it (`place_sixel`) and
restores it after: whenever Textual writes a row of cells (a scroll, a highlight, a repaint under a
notification), the same write draws the pixels of that row again over them. Rows that scroll out of
view are simply not written, so a half-visible tile shows its visible half. The bytes are made once
(per picture, size and theme) and written again with each repaint: that is what sixel costs.

The placeholders' colour is the image's id: nothing may restyle it. Under a dialog, Textual blends the
screen below into the dialog's translucent backdrop, which would change the colour and so name another
image (or none); the widgets then draw `blank_strips` instead (`BrowserScreen` refreshes them when a
dialog opens or closes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.color import Color
from rich.segment import ControlType, Segment
from rich.style import Style
from textual.strip import Strip

if TYPE_CHECKING:  # pragma: no cover - typing only
    from PIL import Image

    from .terminal_images import TerminalPictures
    from .thumbnail_cache import RenderKey

__all__ = [
    "TRUE_PIXEL_MODES",
    "blank_strips",
    "draw",
    "draw_kitty",
    "draw_sixel",
    "is_true_pixels",
    "place_sixel",
    "placeholder_strips",
    "sixel_of",
]

TRUE_PIXEL_MODES = ("kitty", "sixel")
"""Picture modes drawn by the terminal in pixels rather than by us in blocks."""


def is_true_pixels(mode: str) -> bool:
    return mode in TRUE_PIXEL_MODES


def placeholder_strips(image_id: int, columns: int, rows: int) -> tuple[Strip, ...]:
    """The cells showing kitty image `image_id` placed over `columns` x `rows` cells."""
    from iconcat.graphics import kitty

    style = Style(color=Color.from_rgb(*kitty.id_colour(image_id)))
    return tuple(Strip([Segment(text, style)], columns) for text in kitty.placeholder_rows(image_id, columns, rows))


def blank_strips(columns: int, rows: int) -> tuple[Strip, ...]:
    return tuple(Strip.blank(columns) for _ in range(rows))


def draw(image: Image.Image, key: RenderKey, pictures: TerminalPictures) -> tuple[Strip, ...]:
    """`image` drawn in `key.mode`'s true pixels ("kitty" or "sixel")."""
    return draw_kitty(image, key, pictures) if key.mode == "kitty" else draw_sixel(image, key, pictures)


def draw_kitty(image: Image.Image, key: RenderKey, pictures: TerminalPictures) -> tuple[Strip, ...]:
    """`image` (decoded by us) shown in kitty mode for `key`: transmitted if the terminal lacks it."""
    from iconcat.graphics.picture import compose

    picture = compose(image, key.columns, key.rows, pictures.cell_size(), key.background)
    image_id = pictures.show(key, picture, key.columns, key.rows)
    return placeholder_strips(image_id, key.columns, key.rows)


_ZERO_WIDTH = [(ControlType.CURSOR_FORWARD, 0)]
"""Marks a segment as control: Rich and Textual give it no cells, and write its text as it is."""


def draw_sixel(image: Image.Image, key: RenderKey, pictures: TerminalPictures) -> tuple[Strip, ...]:
    """`image` (decoded by us) in sixel for `key`: one strip per cell row, each its row's cells in the
    background colour followed by that row's sixel image (a control segment; see `place_sixel`)."""
    from iconcat.graphics.picture import compose
    from iconcat.graphics.sixel import encode_sixel

    cell = pictures.cell_size()
    picture = compose(image, key.columns, key.rows, cell, key.background)
    background = Style(bgcolor=Color.from_rgb(*key.background))
    width = key.columns * cell.width
    strips = []
    for row in range(key.rows):
        band = picture.crop((0, row * cell.height, width, (row + 1) * cell.height))
        # P2 = 1: pixels a band leaves unset keep what is there (the row below is not painted over).
        sixel = "\x1bP0;1q" + encode_sixel(band).removeprefix("\x1bPq")
        strips.append(Strip([Segment(" " * key.columns, background), Segment(sixel, None, _ZERO_WIDTH)], key.columns))
    return tuple(strips)


def sixel_of(strip: Strip) -> Segment | None:
    """The sixel image a strip of `draw_sixel` carries (its last segment), or None for any other strip."""
    segments = list(strip)
    if segments and segments[-1].control and segments[-1].text.startswith("\x1bP"):
        return segments[-1]
    return None


def place_sixel(sixel: Segment, x: int, y: int) -> list[Segment]:
    """`sixel` drawn with its top left corner at screen cell (`x`, `y`), the cursor left where it was.

    To go last in a line's segments, after every cell of the line (cells written after it would paint
    over its pixels): it moves the cursor itself, so where it sits in the line does not matter."""
    return [
        Segment(f"\x1b7\x1b[{y + 1};{x + 1}H", None, _ZERO_WIDTH),
        sixel,
        Segment("\x1b8", None, _ZERO_WIDTH),
    ]
