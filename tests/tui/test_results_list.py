"""The results list's direct row drawing matches what OptionList's general path would draw; its columns
give way by width (a set said short before it is cut, a set column kept in a narrow list)."""

from __future__ import annotations

from rich.cells import cell_len
from textual.widgets import OptionList

from iconcat.tui.widgets import ResultsList
from iconcat.tui.widgets.results_list import ColumnWidths, IconRow
from tests.support.icons import icon
from tests.support.tui import SIZE, search


def described(strips) -> list[list[tuple]]:
    """Every segment's text, colours and meta (the click handler reads "option" from the meta)."""
    return [
        [
            (segment.text, segment.style, segment.style.color, segment.style.bgcolor, segment.style.meta)
            for segment in strip
        ]
        for strip in strips
    ]


async def test_rows_are_drawn_as_the_general_option_list_path_draws_them(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        await pilot.pause()
        results = app.query_one(ResultsList)
        assert results.option_count > 3
        looks = [
            ("option-list--option",),
            ("option-list--option", "option-list--option-highlighted"),
            ("option-list--option", "option-list--option-hover"),
        ]
        for index, option in enumerate(results.options[:4]):
            for component_classes in looks:
                style = results.get_visual_style(*component_classes)
                results._option_render_cache.clear()
                direct = results._get_option_render(option, style)
                results._option_render_cache.clear()
                general = OptionList._get_option_render(results, option, style)
                assert described(direct) == described(general), (index, component_classes)
                assert all(segment.style.meta == {"option": index} for segment in direct[0])
                assert direct[0].cell_length == results.scrollable_content_region.width


def row_cells(icons, width: int) -> list[list[str]]:
    """Each row's columns as drawn in `width` cells (name, then style and set where they fit), stripped."""
    widths = ColumnWidths.fit(icons)
    rows = []
    for found in icons:
        pieces = [text.strip() for text, _ in IconRow(found, widths).cells(width) if text.strip()]
        assert sum(cell_len(text) for text, _ in IconRow(found, widths).cells(width)) == width
        rows.append(pieces)
    return rows


def test_a_set_says_its_short_name_before_it_is_cut_and_keeps_its_column_in_a_narrow_list():
    found = [
        icon("Trash", style="Regular", set="Tabler Icons", iconify="tabler:trash"),
        icon("Delete Restore", style="Outline", set="Material Design Icons", iconify="mdi:delete-restore-outline"),
        icon("Trash", style="Outline", set="Lucide Static"),  # an SVG folder's: no Iconify name
    ]
    # 120×36 (52 cells): whole names; MDI's is longer than the column's 18 cells: "mdi", not "Material Design I…".
    assert row_cells(found, 52) == [
        ["Trash", "Regular", "Tabler Icons"],
        ["Delete Restore", "Outline", "mdi"],
        ["Trash", "Outline", "Lucide Static"],
    ]
    # 80×24 (32 cells): the set column had gone; each set says its short name (without one, its first word).
    assert row_cells(found, 32) == [
        ["Trash", "Regular", "tabler"],
        ["Delete Restore", "Outline", "mdi"],
        ["Trash", "Outline", "Lucide"],
    ]
    # 50×15 (24 cells beside the scrollbar): the style gives way, the set stays.
    assert row_cells(found, 24) == [["Trash", "tabler"], ["Delete Restore", "mdi"], ["Trash", "Lucide"]]
    # The demo's sets, without Iconify names, stay too.
    demo = [icon("Arrow Up Circle", style="Outline", set="Core UI"), icon("Arrow Up", style="Duotone", set="Blueprint")]
    assert row_cells(demo, 26) == [["Arrow Up Circle", "Core UI"], ["Arrow Up", "Blueprint"]]
    assert row_cells(demo, 20) == [["Arrow Up Circle"], ["Arrow Up"]]  # too narrow for either: the name alone
