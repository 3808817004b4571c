"""The browser in a 256-colour terminal: pictures drawn with the palette entries the renderers chose,
and the theme's own colours mapped the same way, so a picture's margins meet the widget around it."""

from __future__ import annotations

import re
from pathlib import Path

from rich.color import Color, ColorType
from rich.segment import Segment
from rich.style import Style
from textual.color import Color as TextualColor

from iconcat.browsing.search_state import SearchPhase
from iconcat.config import Settings
from iconcat.imaging.palette import entry_rgb, nearest_entry, palette_entries
from iconcat.tui import run_browser
from iconcat.tui.palette_filter import PaletteFilter
from iconcat.tui.terminal_images import TerminalPictures
from iconcat.tui.widgets import Gallery, Thumbnail
from tests.support.tui import SIZE, search, wait_until

PALETTE = {"#{:02x}{:02x}{:02x}".format(*entry_rgb(entry)) for entry in palette_entries()}
CELL_COLOURS = re.compile(r'<rect fill="(#[0-9a-f]{6})"[^>]*crispEdges|-r\d+ \{ fill: (#[0-9a-f]{6})')
"""In a screenshot: the cells' backgrounds and the text's colours (not the window drawn around them)."""
UNCOLOURED = "#c5c8c6"
"""The screenshot's foreground for text without a colour of its own (Rich's export theme, not the app's)."""


def screen_colours(app) -> set[str]:
    """Every colour the cells of the app's screen are drawn in."""
    found = {colour for pair in CELL_COLOURS.findall(app.export_screenshot()) for colour in pair if colour}
    return found - {UNCOLOURED}


def strip_colours(strips) -> set[Color]:
    return {
        colour
        for strip in strips
        for segment in strip
        if segment.style is not None
        for colour in (segment.style.color, segment.style.bgcolor)
        if colour is not None
    }


def test_the_palette_filter_maps_24_bit_colours_and_leaves_the_others():
    surface = Color.from_rgb(36, 40, 59)  # tokyo-night's surface: Rich's downgrade makes it navy (17)
    theirs = Color.parse("color(3)")  # the terminal theme's: unknown, left alone
    segments = [
        Segment("a", Style(color=Color.from_rgb(0x3B, 0x82, 0xF6), bgcolor=surface, bold=True)),
        Segment("b", Style(color=theirs)),
        Segment("c", None),
    ]
    first, second, third = PaletteFilter().apply(segments, TextualColor(0, 0, 0))
    assert first.style.color.number == nearest_entry(0x3B, 0x82, 0xF6)
    assert first.style.bgcolor.number == nearest_entry(36, 40, 59) != 17
    assert first.style.bold and first.style.color.type == ColorType.EIGHT_BIT
    assert second.style.color == theirs and third.style is None


async def test_in_256_colours_pictures_and_the_screen_use_the_nearest_palette_entries(make_app):
    app = make_app(view="gallery", pictures=TerminalPictures(colours="256"))
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        thumbnail = app.query_one(Thumbnail)
        await wait_until(pilot, lambda: thumbnail.settled, "the detail's picture")
        gallery = app.query_one("#gallery", Gallery)
        keys = [gallery.render_spec().key(icon.id) for icon in gallery.icons[:10]]
        tiles = app.browser.previews.tiles
        await wait_until(pilot, lambda: all(tiles.get(key) is not None for key in keys), "the tiles' pictures")
        # The renderers chose the entries (off the UI thread): no 24-bit colour in any picture drawn.
        pictures = [app.browser.thumbnails.renders.get(thumbnail.shown_key), *(tiles.get(key) for key in keys)]
        colours = set().union(*(strip_colours(strips) for strips in pictures))
        assert colours and all(colour.type == ColorType.EIGHT_BIT and colour.number >= 16 for colour in colours)
        # And the rest of the screen is drawn in palette entries too: every colour on it is one.
        shown = screen_colours(app)
        assert len(shown) > 10 and shown <= PALETTE, sorted(shown - PALETTE)[:10]
        assert "in the terminal's 256 colours" in app.browser.drawing.summary()


async def test_in_24_bit_colours_nothing_is_mapped(make_app):
    app = make_app(view="gallery")
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        thumbnail = app.query_one(Thumbnail)
        await wait_until(pilot, lambda: thumbnail.settled, "the detail's picture")
        colours = strip_colours(app.browser.thumbnails.renders.get(thumbnail.shown_key))
        assert {colour.type for colour in colours} == {ColorType.TRUECOLOR}
        assert not screen_colours(app) <= PALETTE


def test_the_browser_draws_in_256_colours_where_textual_writes_256(headless_run, monkeypatch, tmp_path: Path):
    seen: list[str] = []

    async def steer(pilot):
        app = pilot.app
        await wait_until(pilot, lambda: app.browser.search_state.phase is SearchPhase.RESULTS, "demo results")
        seen.append(app.pictures.colours)

    headless_run(steer)
    settings = Settings(base_url=None, token=None, download_dir=tmp_path, graphics="blocks")
    monkeypatch.delenv("TEXTUAL_COLOR_SYSTEM", raising=False)
    for term, colorterm, expected in (
        ("xterm-256color", None, "256"),
        ("tmux-256color", None, "256"),
        ("xterm-256color", "truecolor", "truecolor"),
        ("xterm", None, "truecolor"),  # 16 colours: the user's theme, left to Rich
    ):
        monkeypatch.setenv("TERM", term)
        if colorterm is None:
            monkeypatch.delenv("COLORTERM", raising=False)
        else:
            monkeypatch.setenv("COLORTERM", colorterm)
        assert run_browser(settings, query="arrow") == 0
        assert seen[-1] == expected, (term, colorterm)
