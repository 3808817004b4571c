"""render_cells: size, aspect, compositing, legibility, modes, read back from the cells' colours."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw
from rich.color import Color
from rich.console import Console

from iconcat.imaging import build_cells, render_cells, render_placeholder
from iconcat.imaging.colour import contrast_ratio
from tests.support.imaging import DARK, LIGHT, disc, grid, half_block_pixels, near

SIZES = [(1, 1), (3, 2), (7, 5), (32, 16), (64, 32)]


def opaque(size, colour=(200, 30, 30)) -> Image.Image:
    return Image.new("RGBA", size, (*colour, 255))


@pytest.mark.parametrize("mode", ["half", "quadrant", "text"])
@pytest.mark.parametrize("columns,rows", SIZES)
@pytest.mark.parametrize("image_size", [(128, 128), (300, 20), (20, 300), (1, 1)])
def test_output_is_exactly_the_size_asked(mode, columns, rows, image_size):
    cells = render_cells(disc(128).resize(image_size), columns, rows, DARK, mode=mode)
    lines = grid(cells, columns)
    assert len(lines) == rows
    assert all(len(line) == columns for line in lines)
    assert Console().measure(cells).minimum == Console().measure(cells).maximum == columns


def test_wide_picture_is_centred_vertically_with_its_aspect():
    # 4:1 into 32 x 32 square pixels: 32 x 8 pixels, starting at pixel row 12.
    pixels = half_block_pixels(render_cells(opaque((200, 50)), 32, 16, DARK, legible=False), 32)
    picture_rows = [y for y, row in enumerate(pixels) if any(not near(p, DARK, 2) for p in row)]
    assert picture_rows == list(range(12, 20))
    assert all(near(p, (200, 30, 30), 2) for p in pixels[15])


def test_tall_picture_is_centred_horizontally_with_its_aspect():
    pixels = half_block_pixels(render_cells(opaque((50, 200)), 32, 16, LIGHT, legible=False), 32)
    picture_columns = [x for x in range(32) if not near(pixels[16][x], LIGHT, 2)]
    assert picture_columns == list(range(12, 20))
    assert all(near(pixels[y][15], (200, 30, 30), 2) for y in range(32))


def test_small_previews_are_scaled_up_to_fill_the_box():
    pixels = half_block_pixels(render_cells(opaque((8, 8)), 20, 10, DARK), 20)
    assert all(near(p, (200, 30, 30), 2) for row in pixels for p in row)


@pytest.mark.parametrize("background", [DARK, LIGHT], ids=["dark", "light"])
def test_translucency_is_composited_onto_the_background(background):
    image = Image.new("RGBA", (64, 64), (0, 0, 0, 0))
    image.paste((255, 255, 255, 128), (0, 0, 32, 64))  # left half: white at 50 %
    pixels = half_block_pixels(render_cells(image, 16, 8, background, legible=False), 16)
    expected = tuple(round(c + (255 - c) * 128 / 255) for c in background)
    assert all(near(pixels[y][x], expected, 3) for y in range(16) for x in range(2, 6))
    assert all(pixels[y][x] == background for y in range(16) for x in range(10, 16))


def test_no_dark_halo_around_a_picture_on_a_light_background():
    # The disc's transparent surroundings are black with alpha 0: resampling straight RGBA would
    # drag that black into the edges. Red stays >= the red of the disc and of the background.
    image = disc(256, colour=(230, 40, 40))
    pixels = half_block_pixels(render_cells(image, 24, 12, LIGHT), 24)
    assert min(p[0] for row in pixels for p in row) >= 230 - 6


def test_a_one_pixel_stroke_survives_a_fourfold_reduction():
    image = Image.new("RGBA", (128, 128), (0, 0, 0, 0))
    ImageDraw.Draw(image).line((64, 0, 64, 127), fill=(0, 0, 0, 255), width=1)
    pixels = half_block_pixels(render_cells(image, 32, 16, LIGHT), 32)
    darkest = min(sum(p) for p in pixels[16])
    assert darkest < sum(LIGHT) - 3 * 40, "the stroke must still show as a darker column"


def test_dark_glyph_on_dark_theme_gets_a_backing_tile():
    image = disc(128, colour=(20, 20, 24))
    pixels = half_block_pixels(render_cells(image, 32, 16, DARK), 32)
    tile = pixels[1][1]
    assert pixels[0][0] == DARK, "the tile's corners stay the background"
    assert tile != DARK and contrast_ratio(tile, DARK) > 1.3
    assert contrast_ratio(pixels[16][16], tile) >= 3.0, "the glyph reads against its tile"
    assert contrast_ratio(tile, (255, 255, 255)) > 1.5, "the tile is a tint, not a white card"


def test_light_glyph_on_light_theme_gets_a_darker_tile():
    image = disc(128, colour=(250, 250, 250))
    pixels = half_block_pixels(render_cells(image, 32, 16, LIGHT), 32)
    tile = pixels[1][1]
    assert sum(tile) < sum(LIGHT)
    assert contrast_ratio(pixels[16][16], tile) >= 3.0


@pytest.mark.parametrize("background", [DARK, LIGHT], ids=["dark", "light"])
def test_readable_glyphs_get_no_tile(background):
    image = disc(128, colour=(220, 40, 40))
    pixels = half_block_pixels(render_cells(image, 32, 16, background), 32)
    assert pixels[1][1] == background
    assert near(pixels[16][16], (220, 40, 40), 3)


def test_tile_can_be_turned_off():
    image = disc(128, colour=(20, 20, 24))
    pixels = half_block_pixels(render_cells(image, 32, 16, DARK, legible=False), 32)
    assert pixels[1][1] == DARK


def test_half_block_cells_carry_both_pixels():
    image = Image.new("RGBA", (2, 2), (0, 0, 0, 0))
    image.paste((255, 0, 0, 255), (0, 0, 2, 1))  # upper row red, lower row blue
    image.paste((0, 0, 255, 255), (0, 1, 2, 2))
    # One cell is one column by two square pixels: a 1:2 picture fills it exactly.
    cells = grid(render_cells(image.resize((64, 128), Image.Resampling.NEAREST), 1, 1, DARK), 1)
    ((character, foreground, background),) = cells[0]
    assert character == "▄"
    assert background[0] > 200 and background[2] < 40, "the upper pixel is the cell's background"
    assert foreground[2] > 200 and foreground[0] < 40, "the lower pixel is the block's colour"


def test_quadrant_mode_splits_cells_across():
    # Left three quarters red, right quarter blue, in 2 x 1 cells: the right cell is half red,
    # half blue across, which only a quadrant character ("▐") can draw.
    image = Image.new("RGBA", (80, 80), (220, 0, 0, 255))
    image.paste((0, 0, 220, 255), (60, 0, 80, 80))
    ((left, right),) = grid(render_cells(image, 2, 1, DARK, mode="quadrant"), 2)
    assert left[0] == " " and left[2][0] > 150
    character, foreground, background = right
    assert character == "▐"
    assert foreground[2] > foreground[0], "the right half is blue"
    assert background[0] > background[2], "the left half is red"
    ((left_half, right_half),) = grid(render_cells(image, 2, 1, DARK, mode="half"), 2)
    assert right_half[0] in (" ", "▄"), "half blocks cannot split a cell across"


def test_quadrant_mode_only_uses_block_characters():
    cells = grid(render_cells(disc(128), 16, 8, LIGHT, mode="quadrant"), 16)
    used = {character for line in cells for character, _fg, _bg in line}
    assert used <= set(" ▝▖▞▗▐▄▟")
    assert len(used) > 3


def test_text_mode_draws_no_picture():
    cells = render_cells(disc(128), 20, 6, DARK, mode="text")
    lines = grid(cells, 20)
    text = "\n".join("".join(character for character, _fg, _bg in line) for line in lines)
    assert "image" in text and "128×128" in text
    assert lines[0][0][0] == "╭" and lines[-1][-1][0] == "╯"
    assert all(background == DARK for line in lines for _c, _fg, background in line)
    assert not any(character in "▄▐▞" for character in text)


def test_text_mode_in_a_tiny_box_still_fits():
    lines = grid(render_cells(disc(128), 3, 1, LIGHT, mode="text"), 3)
    assert len(lines) == 1 and len(lines[0]) == 3


def test_placeholder_label_is_plain_sanitised_text():
    cells = render_placeholder(24, 5, LIGHT, "[bold]no\x1b[31m preview")
    text = "".join(character for line in grid(cells, 24) for character, _fg, _bg in line)
    assert "[bold]no[31m preview" in text, "markup is not parsed, the escape character is dropped"
    assert "\x1b" not in text


@pytest.mark.parametrize(
    "arguments",
    [(0, 5, DARK, "half"), (5, 0, DARK, "half"), (5, 5, (1, 2), "half"), (5, 5, (0, 0, 300), "half"),
     (5, 5, DARK, "sixel")],
)  # fmt: skip
def test_nonsense_arguments_are_refused(arguments):
    with pytest.raises(ValueError):
        render_cells(disc(32), *arguments)


def test_colours_are_the_ones_rich_would_make():
    cells = build_cells(opaque((16, 16), (12, 34, 56)), 2, 1, DARK)
    console = Console(width=2, color_system="truecolor")
    segment = next(iter(console.render(cells)))  # the first run of cells
    assert segment.style.bgcolor == Color.from_rgb(12, 34, 56)
    assert hash(segment.style.bgcolor) == hash(Color.from_rgb(12, 34, 56))


def test_backing_tile_hugs_the_picture_not_the_box():
    # A 4:1 near-black bar fills pixel rows 12-19 of 32; its tile adds one row of margin each side.
    image = Image.new("RGBA", (200, 50), (0, 0, 0, 0))
    image.paste((17, 24, 39, 255), (20, 10, 180, 40))
    pixels = half_block_pixels(render_cells(image, 32, 16, DARK), 32)
    tiled_rows = [y for y, row in enumerate(pixels) if row[16] != DARK]
    assert tiled_rows == list(range(11, 21))
    assert contrast_ratio(pixels[11][16], pixels[15][16]) >= 3.0, "the bar reads against its tile"


@pytest.mark.parametrize("mode", ["half", "quadrant"])
@pytest.mark.parametrize("columns,rows", [*SIZES, (8, 4), (12, 6), (16, 8)])
@pytest.mark.parametrize("image_size", [(128, 128), (300, 20), (20, 300)])
def test_cells_hand_out_the_lines_a_console_lays_out(mode, columns, rows, image_size):
    cells = build_cells(disc(128).resize(image_size), columns, rows, LIGHT, mode=mode)
    console = Console(width=columns, color_system="truecolor", force_terminal=True)
    laid_out = console.render_lines(cells, console.options.update_dimensions(columns, rows), pad=True)
    lines = cells.lines()
    assert lines is not None and len(lines) == rows
    assert [[(s.text, s.style) for s in line] for line in lines] == [
        [(s.text, s.style) for s in line] for line in laid_out
    ]
    assert all(sum(segment.cell_length for segment in line) == columns for line in lines)


def test_cells_of_words_leave_the_lay_out_to_the_caller():
    assert render_placeholder(8, 4, DARK).lines() is None
    assert build_cells(disc(128), 8, 4, DARK, mode="text").lines() is None
