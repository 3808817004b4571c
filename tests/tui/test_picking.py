"""The browser as a picker (`iconcat pick --format F`): the icons that offer no file of the format asked
are drawn dimmed, tiles and rows alike, as the stale results are (their stylesheet's opacity), so that
is seen before Enter says it. Against the demo catalogue, some of whose sets have no EPS."""

from __future__ import annotations

import pytest
from rich.segment import Segment

from iconcat.api import Icon
from iconcat.browsing.picking import PickRequest
from iconcat.tui.widgets import Gallery, ResultsArea, ResultsList
from tests.support.tui import SIZE, search, wait_until


def has_eps(icon: Icon) -> bool:
    return any(variant.format == "eps" for variant in icon.variants)


def name_colours(segments: list[Segment], start: int, end: int) -> set[tuple[int, int, int]]:
    """The foreground colours of the letters drawn between cells `start` and `end` of a line."""
    colours: set[tuple[int, int, int]] = set()
    cell = 0
    for segment in segments:
        width = segment.cell_length
        if cell < end and cell + width > start and segment.text.strip() and segment.style is not None:
            colour = segment.style.color
            if colour is not None and colour.triplet is not None:
                colours.add(tuple(colour.triplet))  # type: ignore[arg-type]
        cell += width
    return colours


def tile_name_colours(gallery: Gallery, index: int) -> set[tuple[int, int, int]]:
    """The colours of tile `index`'s name (the first line under its picture)."""
    region = gallery.tile_region(index)
    line = gallery.render_line(region.y + gallery.tile.rows)
    return name_colours(list(line), region.x, region.x + region.width)


def row_colours(results: ResultsList, index: int) -> set[tuple[int, int, int]]:
    """The colours of row `index`'s name (the list is at its top: row i is line i; the style and set
    columns after it are muted, so their colour is another)."""
    return name_colours(list(results.render_line(index)), 0, results._widths.name)


@pytest.mark.parametrize("view", ["gallery", "list"])
async def test_icons_without_the_format_asked_are_drawn_dimmed(make_app, view):
    app = make_app(pick=PickRequest(fmt="eps"), view=view)
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "home")
        active = app.browser.query_one(ResultsArea).active
        icons = list(active.icons)
        # Neither is highlighted (the first is): both drawn in the plain style but for the dimming.
        with_eps = next(index for index, icon in enumerate(icons) if index > 0 and has_eps(icon))
        without = next(index for index, icon in enumerate(icons) if index > 0 and not has_eps(icon))
        assert without < 20  # on screen at the list's top and in the gallery's first rows
        if isinstance(active, Gallery):
            await wait_until(pilot, lambda: without in active.tiles_in_view(), "the tile on screen")
            plain, dimmed = tile_name_colours(active, with_eps), tile_name_colours(active, without)
        else:
            assert isinstance(active, ResultsList)
            plain, dimmed = row_colours(active, with_eps), row_colours(active, without)
        assert plain and dimmed and plain.isdisjoint(dimmed), (plain, dimmed)
        background = active.background_colors[1].rgb
        # Faded toward the background: each of its colours nearer it than any of the plain letters'.
        distance = lambda colour: sum(abs(a - b) for a, b in zip(colour, background, strict=True))  # noqa: E731
        assert max(map(distance, dimmed)) < min(map(distance, plain)), (plain, dimmed, background)


async def test_a_pick_of_any_file_dims_nothing(make_app):
    app = make_app(pick=PickRequest(), view="list")
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "home")
        results = app.browser.query_one(ResultsList)
        without = next(index for index, icon in enumerate(results.icons) if index > 0 and not has_eps(icon))
        with_eps = next(index for index, icon in enumerate(results.icons) if index > 0 and has_eps(icon))
        assert results.dimmed is None
        assert row_colours(results, without) == row_colours(results, with_eps)
