"""The gallery's arithmetic: where its tiles sit, which tile a point or a key lands on, what is on screen.

Plain functions over a `Grid` (the tiles' count and size, and the columns that fit a width), as
Textual's own `geometry.py` is plain arithmetic: tests call them without an app, and `Gallery` calls
them to draw and to answer keys and clicks. No Textual here.

Coordinates are cells: `x` from the gallery's left edge, `y` as lines of the whole grid (line 0 the top
of the first row) unless said otherwise; `top` is how far the view is scrolled (`round(scroll_y)`)
and `height` how many lines it shows. Tiles touch: a tile's padding cells are its own, so a point
between two pictures is on one of the tiles; the only gaps are the margins that centre the rows and
the room after a shorter last row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "Grid",
    "largest_tile_showing",
    "prefetch_window",
    "rows_in_view",
    "scroll_to_show",
    "tile_above",
    "tile_after",
    "tile_at",
    "tile_before",
    "tile_below",
    "tile_page_above",
    "tile_page_below",
    "tiles_in_view",
    "tiles_in_whole_rows",
    "whole_tiles_in_view",
]


@dataclass(frozen=True)
class Grid:
    """`count` tiles of `tile_width` × `tile_height` cells, `columns` to a row, the rows centred by
    `left` blank cells (`Grid.fit` works out the columns and the margin for a width)."""

    count: int
    """How many tiles (the icons shown)."""
    tile_width: int
    """A tile's width in cells (picture and padding)."""
    tile_height: int
    """A tile's height in lines (picture and label)."""
    columns: int = 1
    """Tiles per row (at least 1: a view narrower than a tile still shows one, cut)."""
    left: int = 0
    """Blank cells before the first column (the rows are centred in the width)."""

    @classmethod
    def fit(cls, count: int, width: int, tile_width: int, tile_height: int) -> Grid:
        """As many whole tiles to a row as `width` cells hold (at least one), the rows centred."""
        columns = max(1, width // tile_width)
        return cls(count, tile_width, tile_height, columns, max(0, (width - columns * tile_width) // 2))

    @property
    def rows(self) -> int:
        """Rows of tiles (the last may be shorter)."""
        return -(-self.count // self.columns)

    @property
    def height(self) -> int:
        """Lines the whole grid takes (the gallery's virtual height)."""
        return self.rows * self.tile_height

    def top_of(self, index: int) -> int:
        """The first line of tile `index`'s row."""
        return (index // self.columns) * self.tile_height

    def row_of(self, index: int) -> int:
        """The row tile `index` is in."""
        return index // self.columns

    def row_tiles(self, row: int) -> range:
        """The tiles of row `row` (empty above the first row and past the last)."""
        if row < 0:
            return range(0)
        start = row * self.columns
        return range(min(start, self.count), min(start + self.columns, self.count))

    def origin(self, index: int) -> tuple[int, int]:
        """(x, y) of tile `index`'s top-left cell, `y` as a line of the whole grid."""
        row, column = divmod(index, self.columns)
        return self.left + column * self.tile_width, row * self.tile_height


# ----------------------------------------------------------------------------------- points and views


def tile_at(grid: Grid, x: int, y: int) -> int | None:
    """The tile at cell (`x`, `y`) (`y` a line of the whole grid), or None: a margin, past the last tile."""
    if x < grid.left or y < 0:
        return None
    column = (x - grid.left) // grid.tile_width
    if column >= grid.columns:
        return None
    index = (y // grid.tile_height) * grid.columns + column
    return index if index < grid.count else None


def rows_in_view(grid: Grid, height: int) -> int:
    """Rows of tiles wholly on a view of `height` lines (at least 1: a page move always moves)."""
    return max(1, height // grid.tile_height)


def tiles_in_view(grid: Grid, top: int, height: int) -> range:
    """The tiles at least partly on a view of `height` lines from line `top`."""
    if not grid.count or height <= 0:
        return range(0)
    first_row = top // grid.tile_height
    last_row = (top + height - 1) // grid.tile_height
    return range(first_row * grid.columns, min((last_row + 1) * grid.columns, grid.count))


def whole_tiles_in_view(grid: Grid, top: int, height: int) -> range:
    """The tiles wholly on a view of `height` lines from line `top`."""
    if not grid.count or height <= 0:
        return range(0)
    first_row = -(-top // grid.tile_height)
    end_row = (top + height) // grid.tile_height
    return range(first_row * grid.columns, min(end_row * grid.columns, grid.count))


def tiles_in_whole_rows(grid: Grid, top: int, height: int) -> range:
    """The tiles of as many rows as `height` lines cover (rounded up, at least one), from the row at
    line `top`: the view's tiles guessed before it is laid out."""
    first = top // grid.tile_height * grid.columns
    rows = max(1, -(-height // grid.tile_height))
    return range(min(first, grid.count), min(first + rows * grid.columns, grid.count))


def largest_tile_showing(tiles: Sequence[tuple[int, int]], width: int, height: int, whole: int) -> int:
    """Which of `tiles` ((width, height) in cells, smallest first) is the largest of which a view of
    `width` × `height` cells shows at least `whole` whole tiles, laid out as `Grid.fit` lays them out
    (as many to a row as the width holds; a tile wider than the view is cut, so no whole one); 0, the
    smallest, when none does."""
    for index in reversed(range(len(tiles))):
        tile_width, tile_height = tiles[index]
        if (width // tile_width) * (height // tile_height) >= whole:
            return index
    return 0


def scroll_to_show(grid: Grid, index: int, top: int, height: int) -> int | None:
    """Where to scroll a view of `height` lines from `top` for tile `index` to be wholly on it, moving
    as little as possible; None when it is already (or cannot be)."""
    if not 0 <= index < grid.count:
        return None
    tile_top = grid.row_of(index) * grid.tile_height
    if tile_top < top:
        return tile_top
    if tile_top + grid.tile_height > top + height:
        return tile_top + grid.tile_height - height
    return None


def prefetch_window(
    grid: Grid, shown: range, *, rows_in_view: int, direction: int, highlighted: int | None
) -> tuple[list[int], range]:
    """The tiles whose pictures to fetch, in order: (the tiles `shown`, the highlighted one first;
    a screen ahead of them, nearest first).

    A screen ahead is `rows_in_view` rows and one more, after the view when scrolling down or still
    (`direction` >= 0), before it when scrolling up (then counting back from the view's first tile).
    """
    on_screen = list(shown)
    if highlighted is not None and highlighted in shown:
        on_screen.insert(0, on_screen.pop(highlighted - shown.start))
    page = (rows_in_view + 1) * grid.columns
    if direction >= 0:
        ahead = range(shown.stop, min(shown.stop + page, grid.count))
    else:
        ahead = range(shown.start - 1, max(shown.start - page, 0) - 1, -1)
    return on_screen, ahead


# ----------------------------------------------------------------------------------- moves


def tile_before(grid: Grid, index: int) -> int:
    """Left: the previous tile (the last of the row above from a row's first; stays on the first)."""
    return max(index - 1, 0)


def tile_after(grid: Grid, index: int) -> int:
    """Right: the next tile (the first of the row below from a row's last; stays on the last)."""
    return min(index + 1, max(grid.count - 1, 0))


def tile_above(grid: Grid, index: int) -> int:
    """Up: the tile above (stays in the top row)."""
    return index - grid.columns if index >= grid.columns else index


def tile_below(grid: Grid, index: int) -> int:
    """Down: the tile below; from the row above a shorter last row where none is below, its last tile
    (stays in the last row)."""
    if grid.row_of(index) >= grid.row_of(grid.count - 1):
        return index
    return min(index + grid.columns, grid.count - 1)


def tile_page_above(grid: Grid, index: int, rows_in_view: int) -> int:
    """PgUp: `rows_in_view` rows up in the same column (the top row's tile when fewer are above)."""
    return index - min(rows_in_view, grid.row_of(index)) * grid.columns


def tile_page_below(grid: Grid, index: int, rows_in_view: int) -> int:
    """PgDn: `rows_in_view` rows down in the same column; past the end, the same column of the last
    row if it has one, else the last tile (never backwards)."""
    target = index + rows_in_view * grid.columns
    last = grid.count - 1
    if target > last:
        column_in_last_row = grid.row_of(last) * grid.columns + index % grid.columns
        target = column_in_last_row if column_in_last_row <= last else last
    return max(target, index)
