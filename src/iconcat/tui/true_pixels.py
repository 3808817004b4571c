"""Drawing a decoded preview in true pixels: the cells that show it, for the gallery and the detail pane.

Kitty (the one true-pixel mode the browser draws in its cells): the preview is composed at the cells'
size in pixels on the theme's background (`iconcat.graphics.picture.compose`), handed to the app's
`TerminalPictures`, which transmits it once, and shown by placeholder cells: one `Strip` a row, every
cell U+10EEEE with its row and column diacritics, in the foreground colour that names the image.
Textual scrolls and clips those like any text, so nothing is sent again while the picture stays in use.

Sixel: a sixel image is drawn over the cells, not in them, so Textual knows nothing of it, and any
cell it writes later paints over the pixels. So each cell row of a picture is its own small sixel
image (`draw_sixel`), and the row's strip carries, right after its cells, a *mark*: a few zero-width
characters (`TerminalPictures.sixel_mark`) that Textual measures, crops and moves like nothing at
all. On its way to the terminal every frame passes `TerminalPictures.expand`, which replaces each mark
with "save the cursor, step back over the row's cells, draw the row's sixel, restore the cursor".
So whenever Textual writes a row of a picture's cells (a scroll, a highlight, a repaint under a
notification), the same write draws its pixels again over them, wherever the row is on screen; rows
scrolled out of view are not written, so a half-visible tile shows its visible half. A mark is
always followed by a cell of the same widget (a tile's frame, the picture's padding): a zero-width
thing at the very end of a widget's line would be carried to its neighbour's. The bytes are made once
(per picture, size and theme) and written again with each repaint: that is what sixel costs.

The placeholders' colour is the image's id: nothing may restyle it. Under a dialog, Textual blends the
screen below into the dialog's translucent backdrop, which would change the colour and so name another
image (or none); the widgets then draw `blank_strips` instead (`BrowserScreen` refreshes them when a
dialog opens or closes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.color import Color
from rich.segment import Segment
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
    "placeholder_strips",
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


def draw_sixel(image: Image.Image, key: RenderKey, pictures: TerminalPictures) -> tuple[Strip, ...]:
    """`image` (decoded by us) in sixel for `key`: one strip per cell row, each its row's cells in the
    background colour followed by that row's sixel mark (see the module docstring)."""
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
        mark = pictures.sixel_mark(sixel, key.columns)
        strips.append(Strip([Segment(" " * key.columns, background), Segment(mark)], key.columns))
    return tuple(strips)
