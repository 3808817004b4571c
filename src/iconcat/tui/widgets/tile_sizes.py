"""The gallery's tile sizes, and the one a view fits: plain data and arithmetic, no Textual.

A tile is a picture (small 8×4, medium 12×6 or large 16×8 cells) with a cell of padding either side
and its lines of label under it. A gallery that fits its tiles to the view (`Gallery.fit_tiles`, its
pictures drawn in blocks) takes the largest size that still shows `WHOLE_TILES_FITTED` whole tiles
(`fitted_tile_size`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .gallery_geometry import largest_tile_showing

__all__ = ["DEFAULT_TILE_SIZE", "TILE_SIZES", "WHOLE_TILES_FITTED", "TileSize", "fitted_tile_size", "sized"]


@dataclass(frozen=True)
class TileSize:
    """One size of tile: its picture's cells; the tile adds a cell of padding each side and a name line."""

    name: str
    columns: int
    """The picture's width in cells."""
    rows: int
    """The picture's height in cells."""
    labels: int = 1
    """Lines of label under the picture (the name; a gallery can ask for more)."""

    @property
    def width(self) -> int:
        """The tile's width in cells (picture and padding)."""
        return self.columns + 2

    @property
    def height(self) -> int:
        """The tile's height in lines (picture and label)."""
        return self.rows + self.labels


TILE_SIZES: dict[str, TileSize] = {
    size.name: size for size in (TileSize("small", 8, 4), TileSize("medium", 12, 6), TileSize("large", 16, 8))
}
"""The tile sizes, smallest first (`+`/`-` step through them in this order)."""

DEFAULT_TILE_SIZE = "small"
"""Small enough for 6 whole tiles in the app's results area at 80×24 (20 at 120×36), each with its
name and its style and set under the picture (a third row shows its pictures and names)."""

WHOLE_TILES_FITTED = 6
"""Whole tiles a fitted gallery keeps on screen at least (when even the smallest size shows fewer, small)."""


def sized(name: str, labels: int) -> TileSize:
    """The tile size `name` (a key of `TILE_SIZES`) with `labels` lines of label."""
    return replace(TILE_SIZES[name], labels=labels)


def fitted_tile_size(width: int, height: int, labels: int) -> str:
    """The largest tile size (with `labels` lines of label) of which a view of `width` × `height` cells
    shows `WHOLE_TILES_FITTED` whole tiles; the smallest when none does."""
    names = list(TILE_SIZES)
    tiles = [(tile.width, tile.height) for tile in (sized(name, labels) for name in names)]
    return names[largest_tile_showing(tiles, width, height, WHOLE_TILES_FITTED)]
