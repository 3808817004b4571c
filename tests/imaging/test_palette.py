"""Pictures in a 256-colour terminal: the nearest entry in OKLab, chosen by the renderers, drawn as such.

Before, the renderers drew 24-bit colours and Rich downgraded each at output (every channel rounded
to the cube on its own): the demo's blue arrows came out teal and purple with black specks.
"""

from __future__ import annotations

import math
import random

import pytest
from PIL import Image
from rich.color import EIGHT_BIT_PALETTE, Color, ColorSystem, ColorType
from rich.console import Console

from iconcat.imaging import build_cells, decode_thumbnail, render_cells
from iconcat.imaging.palette import entry_rgb, nearest_entry, oklab, palette_entries
from tests.support.imaging import DARK, LIGHT, preview, search
from tests.support.pictures import cells_to_image, downgraded, ideal_canvas, mean_delta_e, picture_area, psnr

CORE_UI_BLUE = (0x3B, 0x82, 0xF6)
"""The ink of the demo's Core UI set (its blue arrows)."""
GLYPH_BLUE = (0x25, 0x63, 0xEB)
"""The demo's blue glyph colour (demo/glyphs.py)."""
TEXTUAL_DARK = (30, 30, 30)
"""Textual's dark surface: the browser's default background for pictures."""


def oklab_distance(first, second) -> float:
    return math.dist(oklab(*first), oklab(*second))


def nearest_by_trying_all(colour) -> int:
    return min(palette_entries(), key=lambda entry: oklab_distance(colour, entry_rgb(entry)))


def test_oklab_matches_the_reference_values():
    # Björn Ottosson's published values for the sRGB primaries, and white.
    for colour, expected in (
        ((255, 0, 0), (0.627955, 0.224863, 0.125846)),
        ((0, 255, 0), (0.866440, -0.233888, 0.179498)),
        ((0, 0, 255), (0.452014, -0.032457, -0.311528)),
        ((255, 255, 255), (1.0, 0.0, 0.0)),
    ):
        assert oklab(*colour) == pytest.approx(expected, abs=2e-4)


def test_the_entries_are_the_colours_rich_and_terminals_give_them():
    assert [entry_rgb(entry) for entry in palette_entries()] == [tuple(EIGHT_BIT_PALETTE[n]) for n in range(16, 256)]
    with pytest.raises(ValueError):
        entry_rgb(15)  # the theme's 16 colours are never chosen: their colours are unknown


def test_the_demo_blues_get_the_entry_nearest_them_as_a_person_sees_it():
    for blue in (CORE_UI_BLUE, GLYPH_BLUE):
        chosen = nearest_entry(*blue)
        assert chosen == nearest_by_trying_all(blue)
        # And nearer than the entry Rich's downgrade gave it (the colour drawn before).
        before = Color.from_rgb(*blue).downgrade(ColorSystem.EIGHT_BIT).number
        assert oklab_distance(blue, entry_rgb(chosen)) < oklab_distance(blue, entry_rgb(before))


def test_the_shortcut_finds_the_same_entry_as_trying_all_240():
    picker = random.Random(29)
    colours = [tuple(picker.randrange(256) for _ in range(3)) for _ in range(1500)]
    # Near-greys and the edges of the cube, where the grey ramp and the cube compete.
    colours += [(v, v, v + 3) for v in range(0, 250, 7)] + [(v, 0, 255 - v) for v in range(0, 256, 15)]
    misses = [colour for colour in colours if nearest_entry(*colour) != nearest_by_trying_all(colour)]
    assert not misses


def cells_pixels(cells, columns: int, rows: int, background) -> Image.Image:
    """One pixel per half cell, as the cells' colours show (palette numbers as their entries)."""
    return cells_to_image(cells, columns, rows, background).resize((columns, rows * 2), Image.Resampling.NEAREST)


@pytest.mark.parametrize("mode", ["half", "quadrant"])
def test_cells_in_256_colours_carry_palette_entries_that_rich_writes_as_they_are(mode):
    image = Image.new("RGBA", (64, 64), (*CORE_UI_BLUE, 255))  # filling the cells: one colour drawn
    cells = build_cells(image, 8, 4, TEXTUAL_DARK, mode=mode, colours="256")
    colours = {
        colour
        for line in cells.lines() or []
        for segment in line
        for colour in (segment.style.color, segment.style.bgcolor)
        if colour is not None
    }
    assert colours and all(colour.type == ColorType.EIGHT_BIT and colour.number >= 16 for colour in colours)
    assert {colour.number for colour in colours} == {nearest_entry(*CORE_UI_BLUE)}
    for system in ("256", "truecolor"):  # a palette number whatever the console (no downgrade, no 24 bits)
        console = Console(color_system=system, force_terminal=True, width=8, file=None)
        with console.capture() as written:
            console.print(cells)
        assert f"8;5;{nearest_entry(*CORE_UI_BLUE)}m" in written.get() and "8;2;" not in written.get()


def test_render_cells_keeps_24_bit_and_256_colour_renders_apart():
    image = Image.new("RGBA", (32, 32), (*CORE_UI_BLUE, 255))
    true = render_cells(image, 8, 4, DARK)
    palette = render_cells(image, 8, 4, DARK, colours="256")
    assert palette is not true and render_cells(image, 8, 4, DARK, colours="256") is palette
    with pytest.raises(ValueError, match="colours"):
        render_cells(image, 8, 4, DARK, colours="16")


@pytest.fixture(scope="module")
def arrow_up(catalogue) -> Image.Image:
    """The demo's Arrow Up in Core UI's blue, as its preview comes over loopback."""
    icon = next(icon for icon in search(catalogue, "arrow up") if icon["name"] == "Arrow Up")
    return decode_thumbnail(preview(catalogue, icon))


@pytest.mark.parametrize("background", [TEXTUAL_DARK, DARK, LIGHT], ids=["textual-dark", "dark", "light"])
@pytest.mark.parametrize("columns,rows", [(8, 4), (16, 8)])
def test_the_demo_arrow_in_256_colours_is_nearer_the_preview_than_rich_made_it(arrow_up, background, columns, rows):
    box = (columns, rows * 2)
    ideal, area = ideal_canvas(arrow_up, box, background), picture_area(arrow_up, box)
    true = build_cells(arrow_up, columns, rows, background, legible=False)
    before = downgraded(cells_pixels(true, columns, rows, background))
    ours = cells_pixels(
        build_cells(arrow_up, columns, rows, background, legible=False, colours="256"), columns, rows, background
    )
    assert psnr(ours, ideal, area) > psnr(before, ideal, area)
    assert mean_delta_e(ours, ideal, area) < mean_delta_e(before, ideal, area)
