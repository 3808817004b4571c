"""Gallery tiles take the small path (`canvas.SMALL_PATH_MAX_CELLS`): the same picture as the general
path, read back from the cells, on real previews and on glyphs that need a backing tile.

The general path is forced by setting the threshold to 0. Pictures are compared as `cells_to_image`
reads them back (2 x 2 pixels per cell, so half blocks and quadrants alike); PSNR bounds rather than
exact cells, since the small path box-averages where the general one sharpens with LANCZOS.
"""

from __future__ import annotations

import statistics

import pytest
from PIL import Image, ImageDraw

from iconcat.imaging import build_cells, decode_thumbnail
from iconcat.imaging import canvas as canvas_module
from iconcat.imaging.canvas import fit, takes_small_path
from tests.support.imaging import DARK, LIGHT, disc, preview, search
from tests.support.pictures import cells_to_image, ideal_canvas, psnr

SMALL_SIZES = [(8, 4), (16, 8), (12, 6), (7, 5), (3, 2)]
"""A gallery tile (8x4), the largest small size (16x8), and sizes that are no whole divisor."""

MIN_PSNR = 15.0
"""Worst agreement allowed between the paths for any one picture. Measured 17 to 32 dB (the lowest:
quadrants at 3x2, where one level of difference can flip a cell's split); a tile decision that
differs between the paths, a tile on one side only, scores below 10 dB."""

MIN_MEDIAN_PSNR = 26.0
"""Median agreement over the catalogue's previews. Measured 28.7 to 36 dB by size and mode; a box
reduction that shifts edges by half a pixel scored 22."""


@pytest.fixture(scope="module")
def previews(catalogue) -> list[Image.Image]:
    """Decoded previews of the catalogue's first page (many glyphs, every style and colour)."""
    return [decode_thumbnail(preview(catalogue, icon)) for icon in search(catalogue, "")]


def glyphs() -> list[Image.Image]:
    """Pictures the tile decision and the reduction are sensitive to."""
    stroke = Image.new("RGBA", (128, 128), (0, 0, 0, 0))
    ImageDraw.Draw(stroke).line((64, 0, 64, 127), fill=(250, 250, 250, 255), width=1)
    translucent = Image.new("RGBA", (96, 96), (0, 0, 0, 0))
    translucent.paste((255, 255, 255, 128), (0, 0, 48, 96))
    return [
        disc(128, colour=(20, 20, 24)),  # vanishes on dark: tiled there
        disc(128, colour=(250, 250, 250)),  # vanishes on light: tiled there
        disc(128, colour=(220, 40, 40)),  # readable on both: never tiled
        disc(300, colour=(40, 120, 220)).resize((300, 75)),  # wide
        stroke,
        translucent,
    ]


def shown(image: Image.Image, columns: int, rows: int, background, mode: str, legible: bool = True) -> Image.Image:
    cells = build_cells(image, columns, rows, background, mode=mode, legible=legible)
    return cells_to_image(cells, columns, rows, background)


def both_paths(monkeypatch, image, columns, rows, background, mode, legible=True):
    """(small path's picture, general path's picture), read back from the cells."""
    small = shown(image, columns, rows, background, mode, legible)
    with monkeypatch.context() as patched:
        patched.setattr(canvas_module, "SMALL_PATH_MAX_CELLS", 0)
        general = shown(image, columns, rows, background, mode, legible)
    return small, general


def ideal_shown(image: Image.Image, columns: int, rows: int, background, mode: str) -> tuple[Image.Image, tuple]:
    """The ideal at `cells_to_image`'s resolution (2 x 2 pixels per cell), and the picture's area."""
    box = (columns, rows * 2)
    placement = fit(image.size, box)
    if mode == "quadrant":
        ideal = ideal_canvas(image, box, background, horizontal_density=2)
    else:
        ideal = ideal_canvas(image, box, background).resize((columns * 2, rows * 2), Image.Resampling.NEAREST)
    area = placement._replace(width=placement.width * 2, left=placement.left * 2)
    return ideal, area


def test_tiles_take_the_small_path_and_larger_thumbnails_do_not():
    preview_size = (128, 128)
    for columns, rows in [(8, 4), (16, 8)]:
        assert takes_small_path(preview_size, (columns, rows * 2))
        assert takes_small_path(preview_size, (columns, rows * 2), horizontal_density=2)
    assert not takes_small_path(preview_size, (32, 32)), "32x16 and larger keep the general path"
    assert not takes_small_path(preview_size, (17, 16))
    assert not takes_small_path((8, 8), (8, 8)), "a picture scaled up is never box-reduced"
    assert not takes_small_path((24, 24), (8, 8), horizontal_density=2), "less than halved across"


@pytest.mark.parametrize("background", [DARK, LIGHT], ids=["dark", "light"])
@pytest.mark.parametrize("mode", ["half", "quadrant"])
@pytest.mark.parametrize("columns,rows", SMALL_SIZES)
def test_small_path_draws_the_general_paths_picture(monkeypatch, previews, columns, rows, mode, background):
    scores = []
    for image in previews + glyphs():
        small, general = both_paths(monkeypatch, image, columns, rows, background, mode)
        scores.append(psnr(small, general))
    assert min(scores) >= MIN_PSNR, sorted(scores)[:5]
    assert statistics.median(scores) >= MIN_MEDIAN_PSNR, statistics.median(scores)


@pytest.mark.parametrize("background", [DARK, LIGHT], ids=["dark", "light"])
@pytest.mark.parametrize("mode", ["half", "quadrant"])
@pytest.mark.parametrize("columns,rows", [(8, 4), (16, 8), (12, 6)])
def test_small_path_is_at_least_as_close_to_the_ideal(monkeypatch, previews, columns, rows, mode, background):
    # Without the tile (a deliberate departure from the ideal), against the full-resolution
    # composite, area-averaged: the small path computes exactly that, before the cells' own limits.
    small_scores, general_scores = [], []
    for image in previews:
        ideal, area = ideal_shown(image, columns, rows, background, mode)
        small, general = both_paths(monkeypatch, image, columns, rows, background, mode, legible=False)
        small_scores.append(psnr(small, ideal, area))
        general_scores.append(psnr(general, ideal, area))
    assert statistics.median(small_scores) >= statistics.median(general_scores) - 0.5
    assert min(small_scores) >= min(general_scores) - 1.0
    if mode == "half":
        assert min(small_scores) >= 40.0, "half blocks show the small path's pixels exactly"


@pytest.mark.parametrize("mode", ["half", "quadrant"])
@pytest.mark.parametrize(
    "colour,background,tiled",
    [((20, 20, 24), DARK, True), ((250, 250, 250), LIGHT, True), ((220, 40, 40), DARK, False),
     ((220, 40, 40), LIGHT, False)],
    ids=["dark-on-dark", "light-on-light", "red-on-dark", "red-on-light"],
)  # fmt: skip
def test_small_path_makes_the_general_paths_tile_decision(monkeypatch, mode, colour, background, tiled):
    # A disc in the middle third leaves transparent room around it. The probe is the square pixel
    # (1, 1), inside the tile's rounded corner: the tile's colour if tiled, else the background. In
    # the read-back picture (2 pixels per cell across) that is (2, 1) in both modes.
    image = disc(128, colour=colour, box=(40, 40, 87, 87))
    for columns, rows in [(8, 4), (16, 8), (7, 5)]:
        small, general = both_paths(monkeypatch, image, columns, rows, background, mode)
        assert (small.getpixel((2, 1)) != background) == tiled, (columns, rows)
        assert small.getpixel((2, 1)) == general.getpixel((2, 1)), "the same tile colour"
        assert psnr(small, general) >= 25.0


def test_small_path_keeps_aspect_and_centring(monkeypatch):
    image = Image.new("RGBA", (200, 50), (200, 30, 30, 255))  # 4:1 into 8 x 8 square pixels: 8 x 2
    small, general = both_paths(monkeypatch, image, 8, 4, DARK, "half")
    assert small.tobytes() == general.tobytes(), "a flat picture is drawn exactly alike"
    rows = [y for y in range(small.height) if small.getpixel((4, y)) != DARK]
    assert rows == [3, 4], "two square pixels tall, centred in eight"
