"""The gallery's arithmetic, called as plain functions: no app, no widget (`gallery_geometry`)."""

from __future__ import annotations

import pytest

from iconcat.tui.widgets.gallery_geometry import (
    Grid,
    prefetch_window,
    rows_in_view,
    scroll_to_show,
    tile_above,
    tile_after,
    tile_at,
    tile_before,
    tile_below,
    tile_page_above,
    tile_page_below,
    tiles_in_view,
    tiles_in_whole_rows,
    whole_tiles_in_view,
)

# The small tile: a 8×4 picture with a cell of padding each side, and two label lines.
TILE_WIDTH, TILE_HEIGHT = 10, 6


def grid(count: int, width: int) -> Grid:
    return Grid.fit(count, width, TILE_WIDTH, TILE_HEIGHT)


# ----------------------------------------------------------------------------------- columns and rows


def test_columns_are_the_whole_tiles_a_width_holds_and_the_rows_are_centred():
    assert (grid(20, 80).columns, grid(20, 80).left) == (8, 0)
    assert (grid(20, 85).columns, grid(20, 85).left) == (8, 2)  # 5 cells spare: 2 before, 3 after
    assert (grid(20, 89).columns, grid(20, 89).left) == (8, 4)
    assert (grid(20, 90).columns, grid(20, 90).left) == (9, 0)


def test_a_width_narrower_than_a_tile_still_gets_one_column():
    for width in (1, 5, 9, 10):
        assert grid(7, width).columns == 1
        assert grid(7, width).left == 0  # (cut on the right: no margin to centre it in)
    assert grid(7, 1).rows == 7
    assert (grid(7, 19).columns, grid(7, 19).left) == (1, 4)


def test_rows_count_a_shorter_last_row_and_the_height_follows():
    assert grid(0, 40).rows == 0 and grid(0, 40).height == 0
    assert grid(8, 40).rows == 2  # two full rows of 4
    assert grid(9, 40).rows == 3  # the third holds one tile
    assert grid(9, 40).height == 3 * TILE_HEIGHT
    assert grid(9, 40).row_tiles(2) == range(8, 9)
    assert grid(9, 40).row_tiles(3) == range(9, 9)  # past the last row: none
    assert grid(9, 40).row_tiles(-1) == range(0)  # above the first: none


# ----------------------------------------------------------------------------------- points


def test_every_cell_of_a_tile_is_that_tile_padding_included():
    layout = grid(11, 43)  # 4 columns, 1 cell of margin on the left
    assert layout.left == 1
    for index in range(layout.count):
        x, y = layout.origin(index)
        corners = [(x, y), (x + TILE_WIDTH - 1, y), (x, y + TILE_HEIGHT - 1), (x + TILE_WIDTH - 1, y + TILE_HEIGHT - 1)]
        assert [tile_at(layout, *corner) for corner in corners] == [index] * 4


def test_the_point_between_two_pictures_is_on_one_of_the_tiles():
    layout = grid(8, 40)
    # Tile 0's right padding is cell 9, tile 1's left padding cell 10: tiles touch, no gap in between.
    assert tile_at(layout, 9, 2) == 0
    assert tile_at(layout, 10, 2) == 1
    # And between rows: line 5 is tile 0's last label line, line 6 the top of tile 4's picture.
    assert tile_at(layout, 3, 5) == 0
    assert tile_at(layout, 3, 6) == 4


def test_margins_and_the_room_after_a_shorter_last_row_are_no_tile():
    layout = grid(6, 45)  # 4 columns, 2 cells of margin left and 3 right; the second row holds 2 tiles
    assert layout.left == 2
    assert tile_at(layout, 0, 1) is None and tile_at(layout, 1, 1) is None  # left margin
    assert tile_at(layout, 2, 1) == 0
    assert tile_at(layout, 41, 1) == 3
    assert tile_at(layout, 42, 1) is None and tile_at(layout, 44, 1) is None  # right margin
    assert tile_at(layout, 12, TILE_HEIGHT) == 5  # second row, second tile
    assert tile_at(layout, 22, TILE_HEIGHT) is None  # where a third tile of the last row would be
    assert tile_at(layout, 2, 2 * TILE_HEIGHT) is None  # below the last row
    assert tile_at(layout, 5, -1) is None  # above the first
    assert tile_at(grid(0, 45), 5, 1) is None  # no tiles at all


# ----------------------------------------------------------------------------------- what is on screen


def test_tiles_in_view_count_rows_partly_on_screen_and_whole_ones_only_those_wholly_on():
    layout = grid(50, 40)  # 4 columns, 13 rows (the last holds 2)
    assert tiles_in_view(layout, 0, 18) == range(12)  # rows 0-2 exactly
    assert whole_tiles_in_view(layout, 0, 18) == range(12)
    assert tiles_in_view(layout, 3, 18) == range(16)  # half of row 0 to half of row 3
    assert whole_tiles_in_view(layout, 3, 18) == range(4, 12)
    assert tiles_in_view(layout, 66, 18) == range(44, 50)  # the last rows: the shorter one ends it
    assert whole_tiles_in_view(layout, 66, 18) == range(44, 50)
    assert tiles_in_view(layout, 0, 0) == range(0) and whole_tiles_in_view(layout, 0, 0) == range(0)
    assert tiles_in_view(grid(0, 40), 0, 18) == range(0)
    assert rows_in_view(layout, 18) == 3
    assert rows_in_view(layout, 17) == 2
    assert rows_in_view(layout, 4) == 1  # a view lower than a tile still pages by a row


def test_tiles_in_whole_rows_guess_a_view_from_its_row_before_it_is_laid_out():
    layout = grid(50, 40)
    assert tiles_in_whole_rows(layout, 0, 13) == range(12)  # 13 lines: 3 rows, the third cut
    assert tiles_in_whole_rows(layout, 7, 6) == range(4, 8)  # from the row holding line 7
    assert tiles_in_whole_rows(layout, 0, 0) == range(4)  # no height known yet: one row
    assert tiles_in_whole_rows(layout, 72, 30) == range(48, 50)


def test_scroll_to_show_moves_the_least_that_shows_the_whole_tile():
    layout = grid(50, 40)
    assert scroll_to_show(layout, 5, 0, 18) is None  # row 1, on screen
    assert scroll_to_show(layout, 12, 0, 18) == 6  # row 3 below: its bottom to the view's bottom
    assert scroll_to_show(layout, 1, 4, 18) == 0  # row 0 partly above: its top to the view's top
    assert scroll_to_show(layout, 49, 0, 18) == 13 * TILE_HEIGHT - 18
    assert scroll_to_show(layout, 50, 0, 18) is None  # no such tile


def test_the_prefetch_window_is_the_screen_highlight_first_then_a_screen_ahead_nearest_first():
    layout = grid(50, 40)
    on_screen, ahead = prefetch_window(layout, range(4, 16), rows_in_view=3, direction=1, highlighted=9)
    assert on_screen == [9, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15]
    assert list(ahead) == list(range(16, 32))  # 3 rows and one more, after the view
    on_screen, ahead = prefetch_window(layout, range(24, 36), rows_in_view=3, direction=-1, highlighted=None)
    assert on_screen == list(range(24, 36))
    assert list(ahead) == list(range(23, 7, -1))  # before the view, nearest first
    # Scrolling up near the top: only what is there; at the end going down: nothing more.
    _on, ahead = prefetch_window(layout, range(4, 16), rows_in_view=3, direction=-1, highlighted=4)
    assert list(ahead) == [3, 2, 1, 0]
    _on, ahead = prefetch_window(layout, range(4), rows_in_view=3, direction=-1, highlighted=0)
    assert list(ahead) == []
    _on, ahead = prefetch_window(layout, range(40, 50), rows_in_view=3, direction=1, highlighted=49)
    assert list(ahead) == []
    _on, ahead = prefetch_window(layout, range(36, 44), rows_in_view=1, direction=1, highlighted=None)
    assert list(ahead) == list(range(44, 50))  # the screen ahead is cut at the last tile


# ----------------------------------------------------------------------------------- moves


def test_arrows_stop_at_the_ends():
    layout = grid(10, 40)  # rows of 4: 0-3, 4-7, 8-9
    assert tile_before(layout, 0) == 0
    assert tile_before(layout, 4) == 3  # from a row's first to the row above's last
    assert tile_after(layout, 3) == 4
    assert tile_after(layout, 9) == 9
    assert tile_above(layout, 2) == 2  # the top row: stays
    assert tile_above(layout, 9) == 5
    assert tile_below(layout, 1) == 5
    assert tile_below(layout, 5) == 9  # from above a shorter last row: the tile below it
    assert tile_below(layout, 6) == 9  # nothing below: the last tile
    assert tile_below(layout, 7) == 9
    assert tile_below(layout, 8) == 8  # the last row: stays
    assert tile_below(layout, 9) == 9


def test_one_column_moves_up_and_down_a_tile_at_a_time():
    layout = grid(5, 12)
    assert layout.columns == 1
    assert [tile_below(layout, index) for index in range(5)] == [1, 2, 3, 4, 4]
    assert [tile_above(layout, index) for index in range(5)] == [0, 0, 1, 2, 3]
    assert [tile_after(layout, index) for index in range(5)] == [1, 2, 3, 4, 4]
    assert tile_page_below(layout, 0, 3) == 3
    assert tile_page_below(layout, 3, 3) == 4
    assert tile_page_above(layout, 4, 3) == 1
    assert tile_page_above(layout, 1, 3) == 0


def test_pages_keep_the_column_and_stop_at_the_ends():
    layout = grid(30, 40)  # rows of 4: the last (row 7) holds 28 and 29
    assert tile_page_below(layout, 1, 3) == 13
    assert tile_page_below(layout, 13, 3) == 25
    assert tile_page_below(layout, 25, 3) == 29  # past the end: column 1 of the last row
    assert tile_page_below(layout, 22, 3) == 29  # column 2 is not in the last row: the last tile
    assert tile_page_below(layout, 28, 3) == 28  # PgDn on the last row: stays
    assert tile_page_below(layout, 29, 3) == 29
    assert tile_page_above(layout, 29, 3) == 17
    assert tile_page_above(layout, 6, 3) == 2  # fewer rows above than a screen: the top row, same column
    assert tile_page_above(layout, 2, 3) == 2


@pytest.mark.parametrize("count", [1, 2, 7, 8, 9, 33])
@pytest.mark.parametrize("width", [5, 40, 47])
def test_every_move_lands_on_a_tile(count, width):
    layout = grid(count, width)
    moves = (tile_before, tile_after, tile_above, tile_below)
    for index in range(count):
        for move in moves:
            assert 0 <= move(layout, index) < count
        for rows in (1, 2, 5):
            assert 0 <= tile_page_below(layout, index, rows) < count
            assert 0 <= tile_page_above(layout, index, rows) < count
            # (same column, unless the last row has none there)
            below = tile_page_below(layout, index, rows)
            assert below % layout.columns == index % layout.columns or below == count - 1


def test_the_largest_tile_that_shows_six_whole_tiles_is_the_one_the_view_fits():
    from iconcat.tui.widgets.gallery_geometry import largest_tile_showing

    tiles = [(10, 6), (14, 8), (18, 10)]  # the gallery's small, medium and large, with two lines of label
    assert largest_tile_showing(tiles, 33, 17, 6) == 0  # 80×24's results: small 3×2; medium only 2×2
    assert largest_tile_showing(tiles, 42, 16, 6) == 1  # medium 3×2 exactly
    assert largest_tile_showing(tiles, 41, 16, 6) == 0  # a cell short of its third column
    assert largest_tile_showing(tiles, 53, 29, 6) == 1  # 120×36's: medium 3×3, large 2×2
    assert largest_tile_showing(tiles, 54, 20, 6) == 2  # large 3×2
    assert largest_tile_showing(tiles, 200, 9, 6) == 1  # one row of 14 medium tiles; large is 10 lines tall
    assert largest_tile_showing(tiles, 200, 7, 6) == 0  # one row of small only
    assert largest_tile_showing(tiles, 5, 5, 6) == 0  # nothing fits whole: the smallest
    assert largest_tile_showing(tiles, 13, 100, 6) == 0, "a tile wider than the view is cut, not whole"
    assert largest_tile_showing(tiles, 14, 100, 6) == 1  # medium in one column, 12 rows of it
