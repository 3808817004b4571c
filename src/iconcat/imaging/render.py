"""`render_cells`: a decoded image as a fixed-size block of terminal cells, cached.

Modes:
- "half" (default): two square pixels per cell with "▄"; right in every truecolor terminal.
- "quadrant": four pixels per cell with quadrant characters; sharper edges, colours averaged within
  a cell, needs a font with the Unicode block elements.
- "text": no picture, a framed placeholder with the image's size, for terminals or people that
  want no images.

Colours: `colours="truecolor"` (default) draws 24-bit colours; "256" draws each colour as the nearest
entry of the 256-colour palette as a person sees it (`iconcat.imaging.palette`), for an app whose
terminal has 256 colours (see `renderers`).

The result is always exactly `columns` x `rows` cells, the picture fitted with its aspect and centred,
the rest filled with `background`, so a layout around it never moves.

Caching: results are kept in a bounded LRU keyed by (image identity, columns, rows, background, mode,
legible, colours). The identity of an image from `decode_thumbnail` is the digest of its bytes (images are
treated as immutable once decoded); any other image is identified by a hash of its pixels.
"""

from __future__ import annotations

import hashlib

from PIL import Image
from rich_pixels import Pixels

from ..lru import BoundedLRU
from .cells import ThumbnailCells, placeholder_cells
from .colour import RGB
from .decode import DIGEST_KEY
from .renderers import COLOUR_SYSTEMS, HalfBlockRenderer, QuadrantRenderer

__all__ = ["MODES", "build_cells", "render_cells", "render_placeholder", "rendered_cache"]

MODES = ("half", "quadrant", "text")
"""The rendering modes `render_cells` accepts."""

MAX_COLUMNS = 512
MAX_ROWS = 256

rendered_cache: BoundedLRU[ThumbnailCells] = BoundedLRU(
    max_entries=512, max_weight=1_000_000, weigh=lambda cells: cells.columns * cells.rows
)
"""Rendered thumbnails: at most 512 of them and a million cells in all."""


def render_cells(
    image: Image.Image,
    columns: int,
    rows: int,
    background: tuple[int, int, int],
    mode: str = "half",
    *,
    legible: bool = True,
    colours: str = "truecolor",
) -> ThumbnailCells:
    """`image` as a Rich renderable exactly `columns` wide and `rows` tall (see the module docstring).

    `legible=False` turns off the backing tile given to glyphs that would vanish on `background`;
    `colours` is "truecolor" or "256" (the palette's nearest entries).
    Raises ValueError for arguments no caller should pass (unknown mode, a size below 1 cell).
    """
    background = _check_arguments(columns, rows, background, mode, colours)
    key = (_identity(image), columns, rows, background, mode, legible, colours)
    cached = rendered_cache.get(key)
    if cached is not None:
        return cached
    cells = build_cells(image, columns, rows, background, mode, legible=legible, colours=colours)
    rendered_cache.put(key, cells)
    return cells


def build_cells(
    image: Image.Image,
    columns: int,
    rows: int,
    background: tuple[int, int, int],
    mode: str = "half",
    *,
    legible: bool = True,
    colours: str = "truecolor",
) -> ThumbnailCells:
    """`render_cells` without the cache: every call does the whole work (benchmarks use this)."""
    background = _check_arguments(columns, rows, background, mode, colours)
    if mode == "text":
        label = ["image", f"{image.width}×{image.height}"]
        return ThumbnailCells(placeholder_cells(columns, rows, background, label), columns, rows, mode)
    renderer_class = HalfBlockRenderer if mode == "half" else QuadrantRenderer
    renderer = renderer_class(background, legible=legible, colours=colours)
    # What Pixels.from_image(image, resize=..., renderer=renderer) does, minus two calls. The renderers
    # draw exactly `columns` cells a line, `rows` lines: the cells can hand their lines out as they are.
    segments = renderer.render(image, (columns, rows * 2))
    return ThumbnailCells(Pixels.from_segments(segments), columns, rows, mode, segments)


def render_placeholder(
    columns: int, rows: int, background: tuple[int, int, int], label: str = "no preview"
) -> ThumbnailCells:
    """A framed placeholder of the same size as a thumbnail, for a preview missing or refused.

    `label` is shown as plain text (sanitised, cropped), one line per "\\n"-separated part.
    """
    background = _check_arguments(columns, rows, background, "text")
    pixels = placeholder_cells(columns, rows, background, label.split("\n"))
    return ThumbnailCells(pixels, columns, rows, "text")


def _check_arguments(columns: int, rows: int, background: object, mode: str, colours: str = "truecolor") -> RGB:
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    if colours not in COLOUR_SYSTEMS:
        raise ValueError(f"colours must be one of {', '.join(COLOUR_SYSTEMS)}, not {colours!r}")
    if not (isinstance(columns, int) and isinstance(rows, int)):
        raise ValueError("columns and rows must be whole numbers")
    if not (1 <= columns <= MAX_COLUMNS and 1 <= rows <= MAX_ROWS):
        raise ValueError(f"a thumbnail is 1 to {MAX_COLUMNS} columns and 1 to {MAX_ROWS} rows")
    try:
        red, green, blue = map(int, background)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        raise ValueError("background must be an (r, g, b) tuple") from None
    if not all(0 <= channel <= 255 for channel in (red, green, blue)):
        raise ValueError("background channels must be 0 to 255")
    return (red, green, blue)


def _identity(image: Image.Image) -> str:
    digest = image.info.get(DIGEST_KEY)
    if isinstance(digest, str):
        return digest
    content = hashlib.blake2b(digest_size=16)
    content.update(f"{image.mode}:{image.width}x{image.height}:".encode())
    content.update(image.tobytes())
    return "pixels:" + content.hexdigest()
