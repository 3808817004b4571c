"""What a tile shows until its picture comes, or when it has none: a picture-sized box of words.

"…" while a picture loads, "no preview" when it is missing or broken, blank when pictures are off or
hidden under a dialog; the words wrapped to the picture's width and centred (`tile_text`). Boxes are
made once per size, words and style, and shared by every tile and gallery that shows them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.strip import Strip

from ..tile_text import fit_centred, wrap_words

if TYPE_CHECKING:  # pragma: no cover - typing only
    from ..controllers.preview_loader import PreviewLoader, RenderSpec, TileRender

__all__ = ["placeholder_picture", "tile_picture"]

LOADING = ("…",)
NO_PREVIEW = ("no preview",)


@lru_cache(maxsize=64)
def placeholder_picture(columns: int, rows: int, text: tuple[str, ...], style: RichStyle) -> tuple[Strip, ...]:
    """A `columns` × `rows` box with `text` centred in it (its words wrapped to fit), in `style`."""
    lines = wrap_words(text, columns)[:rows]
    first = (rows - len(lines)) // 2
    strips = []
    for row in range(rows):
        index = row - first
        content = fit_centred(lines[index], columns) if 0 <= index < len(lines) else " " * columns
        strips.append(Strip([Segment(content, style)], columns))
    return tuple(strips)


def tile_picture(loader: PreviewLoader, spec: RenderSpec, icon_id: int, style: RichStyle, *, blank: bool) -> TileRender:
    """What a tile's picture area shows: the loader's drawing of the icon when it has one, else "no
    preview" (it failed) or "…" (still coming); an empty box when `blank` (pictures off, or true pixels
    under a dialog, whose translucent backdrop would blend the colours that name the images)."""
    if blank:
        return placeholder_picture(spec.columns, spec.rows, (), style)
    key = spec.key(icon_id)
    drawn = loader.tile(key)
    if drawn is not None:
        return drawn
    text = NO_PREVIEW if loader.tile_failure(key) is not None else LOADING
    return placeholder_picture(spec.columns, spec.rows, text, style)
