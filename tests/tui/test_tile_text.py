"""Gallery tiles that tell icons apart (issue 21, item 4): names shortened in the middle, and under
each name its style and set in short; the tooltip says them whole."""

from __future__ import annotations

from rich.cells import cell_len
from textual.geometry import Region

from iconcat.tui.tile_text import fit_centred, origin_line, shorten_middle
from iconcat.tui.widgets import Gallery
from tests.support.tui import gallery_tiles_drawn, search, wait_until


def test_a_long_name_keeps_its_start_and_its_end():
    assert shorten_middle("Arrow Down Circle", 12) == "Arrow…Circle"
    assert shorten_middle("Arrow Down Circle", 16) == "Arrow Do…Circle"
    assert shorten_middle("Arrow Down Circle", 8) == "Arro…cle"
    assert shorten_middle("Bell", 8) == "Bell"  # whole when it fits
    assert shorten_middle("Arrow", 1) == "…" and shorten_middle("Arrow", 0) == ""
    # Cells, not characters: wide characters never overflow the tile.
    short = shorten_middle("矢印下向き円形アイコン", 9)
    assert cell_len(short) <= 9 and short.startswith("矢印") and short.endswith("ン")


def test_names_that_differ_at_the_end_stay_apart():
    names = ["Arrow Down Circle", "Arrow Down Square", "Arrow Down Left"]
    assert len({shorten_middle(name, 12) for name in names}) == 3  # cut at the end, all three read "Arrow Down …"


def test_style_and_set_fit_the_tile():
    assert origin_line("Outline", "Core UI", 20) == "Outline · Core UI"
    assert origin_line("Outline", "Core UI", 15) == "Outline·Core UI"
    assert origin_line("Outline", "Core UI", 8) == "Outl·Cor"
    assert origin_line("Bold", "Line Pro", 12) == "Bold·Line"  # a set's first word stands for it
    assert origin_line("", "Core UI", 8) == "Core UI"
    for style, set_name in [("Duotone", "Blueprint"), ("Colour", "Signal"), ("Light", "Studio")]:
        for width in (8, 12, 16):
            assert cell_len(origin_line(style, set_name, width)) <= width


def test_a_set_says_its_short_name_before_it_is_cut():
    """Its Iconify prefix stands for a set whose name does not fit ("Regu·Tab" said little), before
    anything is cut; whole names first, and a short name no shorter than the name is no help."""
    assert origin_line("Outline", "Material Design Icons", 31, "mdi") == "Outline · Material Design Icons"
    assert origin_line("Outline", "Material Design Icons", 29, "mdi") == "Outline·Material Design Icons"
    assert origin_line("Outline", "Material Design Icons", 16, "mdi") == "Outline · mdi"
    assert origin_line("Outline", "Material Design Icons", 11, "mdi") == "Outline·mdi"
    assert origin_line("Outline", "Material Design Icons", 8, "mdi") == "Outl·mdi"
    assert origin_line("Regular", "Tabler Icons", 14, "tabler") == "Regular·tabler"
    assert origin_line("Filled", "Tabler Icons", 10, "tabler") == "Fil·tabler"  # the style is cut first
    assert origin_line("Regular", "Lucide Icons", 12, "lucide") == "Regul·lucide"  # ("Regu·Luc" before)
    assert origin_line("Regular", "Tabler Icons", 8, "tabler") == "Regu·tab"  # both cut: the style keeps half
    assert origin_line("", "Material Design Icons", 8, "mdi") == "mdi"
    assert origin_line("Outline", "Icon Park", 12, "icon-park-outline") == "Outline·Icon"  # a longer one: unused
    for width in range(24):
        assert cell_len(origin_line("Regular", "Material Design Icons", width, "mdi")) <= width


def test_fit_centred_fills_exactly_the_tile():
    assert fit_centred("Bell", 8) == "  Bell  "
    assert fit_centred("Arrow Down Circle", 12) == "Arrow…Circle"
    assert fit_centred("x", 0) == ""


def tile_lines(gallery: Gallery, index: int) -> list[str]:
    region = gallery.tile_region(index)
    gallery.render_lines(Region(0, 0, gallery.outer_size.width, gallery.outer_size.height))
    drawn = [gallery.render_line(y).text for y in range(gallery.scrollable_content_region.height)]
    lines = drawn[region.y : region.bottom]
    return [line[region.x + 1 : region.right - 1].strip() for line in lines[gallery.tile.rows :]]


async def test_twenty_one_bells_are_told_apart_by_their_style_and_set(make_app):
    app = make_app(view="gallery")
    async with app.run_test(size=(80, 24)) as pilot:
        await search(pilot, "bell")
        gallery = app.query_one("#gallery", Gallery)
        await wait_until(pilot, lambda: gallery_tiles_drawn(gallery), "the tiles drawn")
        shown = list(gallery.whole_tiles_in_view())
        labels = [tile_lines(gallery, index) for index in shown]
        assert len(shown) >= 6 and all(label[0] == "Bell" for label in labels), labels
        # The second line tells them apart: no two tiles on screen read the same.
        assert len({tuple(label) for label in labels}) == len(labels), labels
        first = gallery.icons[shown[0]]
        assert labels[0][1] == origin_line(first.style.name, first.set.name, gallery.tile.columns)

        # The pointer over a tile: its tooltip says them whole.
        region = gallery.tile_region(shown[1])
        await pilot.hover(gallery, offset=(region.x + 2 + gallery.styles.gutter.left, region.y + 1 + 1))
        second = gallery.icons[shown[1]]
        assert str(gallery.tooltip) == f"Bell\n{second.style.name} · {second.set.name}"
