"""The gallery's tile size: fitted to the view while pictures are blocks, chosen with `+`/`-` and
remembered from then on, and found where a newcomer looks for keys (`?`, the palette, the footer)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from textual.geometry import Region
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from iconcat.browsing.remembered import TILE_SIZE_NAMES, start_choices
from iconcat.memory import read_preferences
from iconcat.tui.commands import BrowserCommands
from iconcat.tui.keys import help_lines
from iconcat.tui.screens import HelpScreen
from iconcat.tui.terminal_images import TerminalPictures
from iconcat.tui.widgets import Gallery, ResultsList
from iconcat.tui.widgets import gallery_geometry as geometry
from iconcat.tui.widgets.gallery import TILE_SIZES, WHOLE_TILES_FITTED
from iconcat.tui.widgets.tile_sizes import fitted_tile_size, sized
from tests.support.tui import SIZE, search, wait_until


async def gallery_of(pilot, query: str = "arrow") -> Gallery:
    await search(pilot, query)
    gallery = pilot.app.query_one("#gallery", Gallery)
    pilot.app.browser.action_focus_results()
    await wait_until(pilot, lambda: gallery.display and gallery.size.height > 0, "the gallery laid out")
    await pilot.pause()
    return gallery


def whole_tiles_at(gallery: Gallery, size: str) -> int:
    """Whole tiles of `size` the gallery's view would show (as laid out from its top)."""
    tile = replace(TILE_SIZES[size], labels=gallery.tile.labels)
    region = gallery.scrollable_content_region
    grid = geometry.Grid.fit(len(gallery.icons), gallery.size.width - 1, tile.width, tile.height)
    return len(geometry.whole_tiles_in_view(grid, 0, region.height))


@pytest.mark.parametrize(("size", "fitted"), [((80, 24), "small"), ((120, 36), "medium"), ((140, 40), "large")])
async def test_in_blocks_the_gallery_starts_at_the_largest_tile_that_shows_six_whole_tiles(make_app, size, fitted):
    app = make_app(view="gallery")
    async with app.run_test(size=size) as pilot:
        gallery = await gallery_of(pilot)
        assert gallery.tile_size == fitted
        assert len(gallery.whole_tiles_in_view()) >= WHOLE_TILES_FITTED
        names = list(TILE_SIZES)
        larger = names[names.index(fitted) + 1 :]
        assert all(whole_tiles_at(gallery, name) < WHOLE_TILES_FITTED for name in larger), "the largest that does"


async def test_the_fitted_size_follows_the_terminal_until_plus_or_minus_chooses_one(make_app):
    app = make_app(view="gallery")
    async with app.run_test(size=SIZE) as pilot:
        gallery = await gallery_of(pilot)
        assert gallery.tile_size == "medium"
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: gallery.tile_size == "small", "small tiles at 80×24")
        await pilot.resize_terminal(*SIZE)
        await wait_until(pilot, lambda: gallery.tile_size == "medium", "medium again")
        await pilot.press("plus")
        assert gallery.tile_size == "large" and not gallery.fit_tiles
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert gallery.tile_size == "large", "a size chosen stays, whatever the terminal's"


async def test_true_pixels_keep_the_small_tiles(make_app):
    app = make_app(view="gallery", pictures=TerminalPictures("kitty", "asked for kitty", "kitty"))
    async with app.run_test(size=(140, 40)) as pilot:
        gallery = await gallery_of(pilot)
        assert gallery.mode == "kitty" and gallery.tile_size == "small"
        await pilot.press("t")  # kitty → half blocks: the size that fits blocks
        await wait_until(pilot, lambda: gallery.mode == "half", "half blocks")
        await wait_until(pilot, lambda: gallery.tile_size == "large", "the tiles fitted to blocks")


async def test_a_size_chosen_is_remembered_and_wins_over_the_fitted_one_after_a_restart(make_app):
    app = make_app(view="gallery")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        gallery = await gallery_of(pilot)
        assert gallery.tile_size == "medium"
        await pilot.press("minus")
        assert gallery.tile_size == "small"
        await wait_until(pilot, lambda: read_preferences().get("tiles") == "small", "remembered")

    again = make_app(view="gallery")
    async with again.run_test(size=SIZE) as pilot:
        gallery = await gallery_of(pilot)
        assert gallery.tile_size == "small" and not gallery.fit_tiles


async def test_over_the_list_plus_sets_the_galleries_size_and_says_so(make_app):
    app = make_app(view="list")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        await search(pilot, "arrow")
        app.browser.action_focus_results()
        await pilot.pause()
        box = app.query_one("#search-input")
        await pilot.press("plus")  # a command over the results: not typed into the search box
        assert box.value == "arrow" and isinstance(app.focused, ResultsList)
        gallery = app.query_one("#gallery", Gallery)
        await wait_until(pilot, lambda: read_preferences().get("tiles") == gallery.tile_size, "remembered")
        assert not gallery.fit_tiles
        assert any("v shows the gallery" in str(note.message) for note in app._notifications)


def test_the_remembered_size_is_one_of_the_galleries_and_anything_else_is_ignored():
    assert tuple(TILE_SIZES) == TILE_SIZE_NAMES
    assert start_choices({"tiles": "large"}, view=None, thumbnail_mode=None).tile_size == "large"
    for damaged in ("huge", "\x1b[2J", ""):
        assert start_choices({"tiles": damaged}, view=None, thumbnail_mode=None).tile_size is None
    assert start_choices({}, view=None, thumbnail_mode=None).tile_size is None


async def test_plus_and_minus_are_in_the_help_the_palette_and_the_galleries_footer(make_app):
    assert {"+", "-"} <= {key for key, _ in help_lines()}
    app = make_app(view="gallery")
    async with app.run_test(size=SIZE) as pilot:
        await gallery_of(pilot)
        provider = BrowserCommands(app.screen)
        hits = {hit.display: hit.help async for hit in provider.discover()}
        assert hits["Bigger tiles"].endswith("(+)") and hits["Smaller tiles"].endswith("(-)")
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        await pilot.pause()
        table = app.screen.query_one("#help-table", Static)
        lines = [strip.text for strip in table.render_lines(Region(0, 0, table.size.width, table.size.height))]
        assert any(line.lstrip().startswith("+ ") and "bigger tiles" in line for line in lines), lines
        assert any(line.lstrip().startswith("- ") and "smaller tiles" in line for line in lines), lines
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, HelpScreen), "the help closed")

        def footer_keys() -> list[str]:
            return [key.description for key in app.screen.query(FooterKey) if not key.has_class("-command-palette")]

        await wait_until(pilot, lambda: "Tiles" in footer_keys(), "+ Tiles in the footer at 120 columns")
        await pilot.resize_terminal(80, 24)  # too narrow for every key: the tiles' goes first, "? Keys" stays
        await wait_until(pilot, lambda: "Tiles" not in footer_keys(), "+ Tiles left out at 80")
        assert "Keys" in footer_keys() and "Quit" in footer_keys()
        await pilot.resize_terminal(*SIZE)
        await wait_until(pilot, lambda: "Tiles" in footer_keys(), "back at 120 columns")


def test_the_fitted_size_is_the_largest_that_shows_enough_whole_tiles_and_small_when_none_does():
    large, medium = sized("large", 2), sized("medium", 2)
    room_for_six_large = (3 * large.width, 2 * large.height)
    assert fitted_tile_size(*room_for_six_large, labels=2) == "large"
    assert fitted_tile_size(room_for_six_large[0], room_for_six_large[1] - 1, labels=2) == "medium"
    assert fitted_tile_size(3 * medium.width, 2 * medium.height, labels=3) == "small"  # taller labels: not medium
    assert fitted_tile_size(10, 3, labels=2) == "small"  # not even one small tile
