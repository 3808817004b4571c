"""The results list's direct row drawing matches what OptionList's general path would draw."""

from __future__ import annotations

from textual.widgets import OptionList

from iconcat.tui.widgets import ResultsList
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
