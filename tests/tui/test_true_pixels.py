"""True pixels in the browser (kitty graphics): each picture sent once, shown by placeholder cells.

The app is given a `TerminalPictures` in kitty mode whose writer records what would reach the
terminal, so the tests read the transmissions themselves: which image ids were sent, how often, and
what the placeholders on screen name.
"""

from __future__ import annotations

import base64
import io
import os
import re
from collections import Counter

from PIL import Image
from rich.cells import cell_len
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import Static

from iconcat.graphics import kitty
from iconcat.graphics.detect import CellSize, Detection
from iconcat.tui.screens import HelpScreen
from iconcat.tui.terminal_images import TerminalPictures, detect_pictures
from iconcat.tui.widgets import Gallery, Thumbnail
from tests.support.graphics import decode_sixel
from tests.support.tui import SIZE, search, shown_text, wait_until

CELL = CellSize(8, 16)
_COMMAND = re.compile(r"\x1b_G([^;\x1b]*)(?:;([^\x1b]*))?\x1b\\")


class Terminal:
    """Records the escape sequences the app writes outside its frames, and reads them back."""

    def __init__(self) -> None:
        self.written: list[str] = []

    def write(self, data: str) -> None:
        self.written.append(data)

    def commands(self) -> list[tuple[dict[str, str], str]]:
        found = []
        for match in _COMMAND.finditer("".join(self.written)):
            keys = dict(part.split("=", 1) for part in match.group(1).split(",") if "=" in part)
            found.append((keys, match.group(2) or ""))
        return found

    def transmissions(self) -> Counter[int]:
        """How many times each image id was transmitted (a transmission starts with `a=T`)."""
        return Counter(int(keys["i"]) for keys, _ in self.commands() if keys.get("a") == "T")

    def deleted(self) -> set[int]:
        return {int(keys["i"]) for keys, _ in self.commands() if keys.get("a") == "d"}

    def image(self, image_id: int) -> Image.Image:
        """The picture sent under `image_id` (its chunks put together and decoded)."""
        payload, collecting = [], False
        for keys, data in self.commands():
            if keys.get("a") == "T":
                collecting = int(keys["i"]) == image_id
            if collecting:
                payload.append(data)
                if keys.get("m", "0") == "0":
                    break
        return Image.open(io.BytesIO(base64.b64decode("".join(payload))))


def placeholder_ids(strips: list[Strip]) -> set[int]:
    """The image ids the placeholder cells in `strips` name (by their foreground colour)."""
    ids = set()
    for strip in strips:
        for segment in strip:
            if kitty.PLACEHOLDER in segment.text and segment.style is not None and segment.style.color is not None:
                red, green, blue = segment.style.color.get_truecolor()
                ids.add((red << 16) | (green << 8) | blue)
    return ids


def gallery_lines(gallery: Gallery) -> list[Strip]:
    return [gallery.render_line(y) for y in range(gallery.size.height)]


def kitty_app(make_app, terminal: Terminal, **options):
    pictures = TerminalPictures("kitty", "asked for kitty", "kitty", cell=CELL, write=terminal.write)
    return make_app(pictures=pictures, **options)


def tiles_shown(gallery: Gallery) -> bool:
    return bool(placeholder_ids(gallery_lines(gallery))) and gallery.loader.idle


async def test_the_gallery_sends_each_picture_once_and_shows_it_by_placeholders(make_app):
    terminal = Terminal()
    app = kitty_app(make_app, terminal, view="gallery")
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        gallery = app.query_one("#gallery", Gallery)
        gallery.focus()
        await wait_until(pilot, lambda: tiles_shown(gallery), "the first screen of tiles in kitty placeholders")
        await wait_until(pilot, lambda: app.query_one(Thumbnail).settled, "the detail picture")
        on_screen = placeholder_ids(gallery_lines(gallery))
        sent = terminal.transmissions()
        assert on_screen <= set(sent), "every placeholder names a picture that was sent"
        assert len(on_screen) >= 15

        # Through 20 tiles and back: every picture on the way is sent once, none again.
        for key in ["right"] * 20 + ["left"] * 20:
            await pilot.press(key)
        await wait_until(pilot, lambda: gallery.loader.idle, "the previews on the way")
        await pilot.pause(0.3)
        sent = terminal.transmissions()
        assert sent and max(sent.values()) == 1, f"sent again: {[i for i, n in sent.items() if n > 1]}"
        assert terminal.deleted() == set(), "nothing evicted at this size"
        assert placeholder_ids(gallery_lines(gallery)) == on_screen, "the same pictures, the same ids"

        # What was sent is our own picture, composed at the cell size in pixels: a tile's pixels.
        tile = gallery.tile_region(0)
        sample = terminal.image(next(iter(on_screen)))
        assert sample.size[0] % CELL.width == 0 and sample.size[1] % CELL.height == 0
        assert sample.size[0] // CELL.width <= tile.width
    assert terminal.deleted() == set(sent), "every image freed at exit"


async def test_the_detail_picture_is_sent_once_and_coming_back_sends_nothing(make_app):
    terminal = Terminal()
    app = kitty_app(make_app, terminal)  # the list view: the detail pane's picture alone
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "heart")
        thumbnail = app.query_one(Thumbnail)
        await wait_until(pilot, lambda: thumbnail.settled, "the first picture")
        assert thumbnail.mode == "kitty"
        first = placeholder_ids([thumbnail.render_line(y) for y in range(thumbnail.content_size.height)])
        assert len(first) == 1 and terminal.transmissions()[next(iter(first))] == 1
        app.browser.action_focus_results()
        await pilot.press("down")
        await wait_until(pilot, lambda: thumbnail.settled and thumbnail.icon is not None, "the second picture")
        await pilot.press("up")
        await wait_until(pilot, lambda: thumbnail.settled, "the first picture again")
        again = placeholder_ids([thumbnail.render_line(y) for y in range(thumbnail.content_size.height)])
        assert again == first
        assert max(terminal.transmissions().values()) == 1


async def test_under_a_dialog_the_placeholders_blank_out_and_come_back(make_app):
    terminal = Terminal()
    app = kitty_app(make_app, terminal, view="gallery")
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        gallery = app.query_one("#gallery", Gallery)
        await wait_until(pilot, lambda: tiles_shown(gallery), "tiles in kitty placeholders")
        shown = placeholder_ids(gallery_lines(gallery))
        app.action_help()
        await wait_until(
            pilot, lambda: isinstance(app.screen, HelpScreen) and app.screen.query("#help-pictures"), "the help dialog"
        )
        # Its translucent backdrop would blend the colours that name the images: no placeholder under it.
        assert placeholder_ids(gallery_lines(gallery)) == set()
        said = shown_text(app.screen.query_one("#help-pictures", Static))
        assert said.startswith("Pictures: true pixels (kitty graphics)") and "asked for kitty" in said
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, HelpScreen), "the dialog closed")
        assert placeholder_ids(gallery_lines(gallery)) == shown
        assert max(terminal.transmissions().values()) == 1, "coming back sends nothing again"


async def test_t_goes_from_true_pixels_to_blocks_to_off_and_back(make_app):
    terminal = Terminal()
    app = kitty_app(make_app, terminal)
    async with app.run_test(size=SIZE) as pilot:
        thumbnail = app.query_one(Thumbnail)
        seen = [thumbnail.mode]
        for _ in range(4):
            app.browser.action_cycle_thumbnails()
            await pilot.pause()
            seen.append(thumbnail.mode)
        assert seen == ["kitty", "half", "quadrant", "text", "kitty"]


async def test_pictures_off_in_the_settings_stay_off_with_a_kitty_terminal(make_app):
    app = kitty_app(make_app, Terminal(), thumbnail_mode="text")
    async with app.run_test(size=SIZE):
        assert app.query_one(Thumbnail).mode == "text"


def test_the_terminal_holds_a_bounded_number_of_pictures_and_frees_the_oldest():
    terminal = Terminal()
    pictures = TerminalPictures(mode="kitty", cell=CELL, write=terminal.write, max_live=2)
    picture = Image.new("RGB", (16, 16), (10, 20, 30))
    first = pictures.show("a", picture, 2, 1)
    assert pictures.show("a", picture, 2, 1) == first
    second = pictures.show("b", picture, 2, 1)
    pictures.show("a", picture, 2, 1)  # used again: now the most recent
    third = pictures.show("c", picture, 2, 1)
    assert terminal.deleted() == {second}
    assert pictures.is_live("a") and not pictures.is_live("b") and pictures.is_live("c")
    assert terminal.transmissions() == Counter({first: 1, second: 1, third: 1})
    assert terminal.image(third).getpixel((0, 0)) == (10, 20, 30)
    pictures.close()
    assert terminal.deleted() == {first, second, third}


async def test_a_picture_the_terminal_let_go_of_is_sent_again_before_it_shows(make_app):
    terminal = Terminal()
    pictures = TerminalPictures(mode="kitty", cell=CELL, write=terminal.write, max_live=30)
    app = make_app(pictures=pictures, view="gallery")
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        gallery = app.query_one("#gallery", Gallery)
        gallery.focus()
        await wait_until(pilot, lambda: tiles_shown(gallery), "tiles in kitty placeholders")
        for key in ("pagedown", "pagedown", "pageup", "pageup"):
            await pilot.press(key)
            await wait_until(pilot, lambda: tiles_shown(gallery), f"tiles after {key}")
        assert terminal.deleted(), "more pictures than the terminal may hold: some were freed"
        live = set(terminal.transmissions()) - terminal.deleted()
        on_screen = placeholder_ids(gallery_lines(gallery))
        assert on_screen and on_screen <= live, "every placeholder names a picture the terminal holds"


def test_the_launch_decision_blocks_on_a_pipe_obeys_a_forced_kitty_and_says_why(monkeypatch):
    read_end, write_end = os.pipe()
    try:
        on_a_pipe = detect_pictures("auto", {"TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"}, write_end)
        assert on_a_pipe.mode == "blocks" and on_a_pipe.reason == "not drawing on a terminal"
        monkeypatch.delenv("COLORTERM", raising=False)
        forced = detect_pictures("kitty", {"TERM": "xterm-256color"}, write_end)
        assert (forced.mode, forced.requested) == ("kitty", "kitty")
        # The placeholders' colour is the image id: Rich must write it in 24 bits, not the 256 palette.
        assert os.environ["COLORTERM"] == "truecolor"
        assert detect_pictures("blocks", {"TERM": "xterm-kitty"}, write_end).mode == "blocks"
    finally:
        os.close(read_end)
        os.close(write_end)


def test_a_sixel_terminal_is_drawn_in_sixel(monkeypatch):
    sixel = Detection("sixel", "foot reports sixel (device attribute 4)", CELL, "foot")
    monkeypatch.setattr("iconcat.graphics.detect.choose_mode", lambda *args, **kwargs: sixel)
    pictures = detect_pictures("auto", {"TERM": "foot"}, 2)
    assert (pictures.mode, pictures.cell, pictures.reason) == ("sixel", CELL, sixel.reason)


_DRAWN = re.compile(r"\x1b7\x1b\[(\d+)D(\x1bP[^\x1b]*\x1b\\)\x1b8")


def sixels_in(strip: Strip, pictures: TerminalPictures) -> list[tuple[int, str]]:
    """The sixel images a line draws once its marks are expanded on the way out: (the cell where each
    starts, the image). A mark stands right after the cells its sixel steps back over."""
    drawn, cells = [], 0
    for segment in strip:
        expanded = pictures.expand(segment.text)
        for back, image in _DRAWN.findall(expanded):
            drawn.append((cells - int(back), image))
        cells += cell_len(segment.text)
    return drawn


def gallery_sixels(gallery: Gallery, y: int) -> list[tuple[int, str]]:
    """The sixel images line `y` of the gallery's content draws, as Textual gets the line."""
    top = gallery.styles.gutter.top
    (line,) = gallery.render_lines(Region(0, top + y, gallery.size.width, 1))
    return sixels_in(line, gallery.app.pictures)


def sixel_app(make_app, **options):
    return make_app(pictures=TerminalPictures("sixel", "asked for sixel", "sixel", cell=CELL), **options)


async def test_sixel_tiles_draw_each_cell_row_where_it_is_on_screen(make_app):
    app = sixel_app(make_app, view="gallery")
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        gallery = app.query_one("#gallery", Gallery)
        await wait_until(pilot, lambda: gallery.loader.idle and gallery_sixels(gallery, 0), "sixel tiles")
        await pilot.pause(0.2)
        tile = gallery.tile
        first = gallery.tile_region(0)
        rows = [gallery_sixels(gallery, y) for y in range(tile.rows)]
        # Each line of the first row of tiles draws one sixel a tile, over the tile's picture cells
        # (a column of frame on its left; the line's own cells, border included).
        assert all(len(row) == gallery.columns for row in rows)
        left = gallery.styles.gutter.left
        assert {row[0][0] for row in rows} == {left + first.x + 1}
        # Stacked, the first tile's row images are the picture: the preview composed at the cell size.
        stacked = Image.new("RGB", (tile.columns * CELL.width, tile.rows * CELL.height))
        for y, row in enumerate(rows):
            band = decode_sixel(row[0][1])
            assert band.size == (tile.columns * CELL.width, CELL.height)
            stacked.paste(band, (0, y * CELL.height))
        colours = stacked.getcolors(1 << 16)
        assert colours and len(colours) > 2, "a picture, not a blank box"
        # Under a dialog nothing is drawn over it; after it, the rows again.
        app.action_help()
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help dialog")
        await pilot.pause()  # the gallery is told to draw again
        assert gallery_sixels(gallery, 0) == []
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, HelpScreen), "the dialog closed")
        assert len(gallery_sixels(gallery, 0)) == gallery.columns


async def test_a_sixel_tile_scrolled_half_out_of_view_draws_the_rows_still_on_screen(make_app):
    app = sixel_app(make_app, view="gallery")
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        gallery = app.query_one("#gallery", Gallery)
        await wait_until(pilot, lambda: gallery.loader.idle and gallery_sixels(gallery, 0), "sixel tiles")
        gallery.scroll_to(y=2, animate=False, immediate=True)
        await pilot.pause()
        # The first row of tiles now starts two lines above the view: its third picture row is on top,
        # and the top line draws that row's sixels (the third band of each picture, not the first).
        drawn = gallery_sixels(gallery, 0)
        assert len(drawn) == gallery.columns
        gallery.scroll_to(y=0, animate=False, immediate=True)
        await pilot.pause()
        assert [image for _, image in gallery_sixels(gallery, 2)] == [image for _, image in drawn]


async def test_the_detail_picture_in_sixel_is_placed_on_its_own_cells(make_app):
    app = sixel_app(make_app)
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "heart")
        thumbnail = app.query_one(Thumbnail)
        await wait_until(pilot, lambda: thumbnail.settled, "the picture")
        width, height = thumbnail.content_size
        width -= 1  # the last column is the cell after each row's mark
        for y in range(height):
            (line,) = thumbnail.render_lines(Region(0, y, thumbnail.size.width, 1))
            ((x, image),) = sixels_in(line, app.pictures)
            assert x == 0, "over the picture's own cells"
            assert decode_sixel(image).size == (width * CELL.width, CELL.height)


async def test_the_palettes_pictures_command_says_what_draws_pictures_now(make_app):
    from iconcat.tui.commands import BrowserCommands

    app = kitty_app(make_app, Terminal())
    async with app.run_test(size=SIZE):
        provider = BrowserCommands(app.screen)
        hits = {hit.text: hit.help async for hit in provider.search("pictures")}
        (said,) = [help for text, help in hits.items() if text and text.startswith("Pictures")]
        assert said.startswith("Pictures: true pixels (kitty graphics)") and "asked for kitty" in said


async def test_the_pictures_summary_is_plain_text_in_the_palette_whatever_the_terminal_said(make_app):
    from textual.content import Content

    from iconcat.tui.commands import BrowserCommands

    # TERM and tmux's client name reach the reason: markup in them must not be read as markup.
    reason = "TERM='xterm[bold]' [/] \x1b]0;x\x07: no graphics asked of this terminal"
    app = make_app(pictures=TerminalPictures("blocks", reason, "auto"))
    async with app.run_test(size=SIZE):
        provider = BrowserCommands(app.screen)
        hits = {hit.text: hit.help async for hit in provider.search("pictures")}
        (said,) = [help for text, help in hits.items() if text and text.startswith("Pictures")]
        shown = Content.from_markup(said).plain
        assert "TERM='xterm[bold]' [/]" in shown and "\x1b" not in shown
