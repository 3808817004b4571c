"""The gallery: tiles in a grid, moved through in two dimensions, pictures fetched six at a time.

Every test hosts just the `Gallery` (in the app's proportions: the results area's width and height at
80×24 or 120×36) with a `PreviewLoader` fetching through a real `CatalogueLink` over loopback: the
embedded catalogue, the embedded catalogue behind `PreviewGate` (which counts preview requests in
flight on the server and holds them as told), or the misbehaving server for what a good one won't do.
Nothing here is timed: waits are for states, with a generous deadline.
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from pathlib import Path

import httpx
import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.geometry import Region
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from iconcat.api import CatalogueClient, Icon
from iconcat.server import BackgroundServer, create_app
from iconcat.tui.connection import Connection
from iconcat.tui.controllers import preview_loader
from iconcat.tui.controllers.catalogue_link import CatalogueLink
from iconcat.tui.controllers.preview_loader import MAX_IN_FLIGHT, PreviewLoader
from iconcat.tui.stylesheets import stylesheet_paths
from iconcat.tui.thumbnail_cache import ThumbnailCache
from iconcat.tui.widgets.gallery import TILE_SIZES, Gallery
from iconcat.tui.widgets.messages import IconChosen, IconHighlighted
from tests.conftest import TEST_TOKEN
from tests.support.misbehaving import MisbehavingServer, Reply
from tests.support.tui import HOSTILE_NAMES, wait_until

BLOCKS = set("▀▄█▌▐▖▗▘▙▚▛▜▝▞▟")
"""Characters only a drawn picture has (half and quadrant blocks)."""


# ------------------------------------------------------------------------------------------ harness


class DownloadingScreen(Screen[None]):
    """The browser screen's part the gallery calls: Enter runs the screen's download command."""

    def __init__(self) -> None:
        super().__init__()
        self.downloaded: list[Icon] = []
        """The icon highlighted each time the download command ran."""

    def action_download(self) -> None:
        icon = self.query_one(Gallery).highlighted_icon
        if icon is not None:
            self.downloaded.append(icon)


class GalleryHost(App[None]):
    """Just the gallery, where the app puts it: under the search bar, beside the detail pane.

    It routes the loader's messages to the gallery exactly as the browser app must.
    """

    CSS = """
    #top { height: 4; }
    #main { height: 1fr; }
    #gallery { width: 45%; min-width: 30; }
    #detail { width: 1fr; }
    #footer { height: 1; }
    """

    def __init__(self, base_url: str, token: str, download_dir: Path) -> None:
        super().__init__(css_path=stylesheet_paths())
        self.link = CatalogueLink(Connection.service(base_url, token, download_dir))
        self.cache = ThumbnailCache()
        self.loader = PreviewLoader(self, self.cache, self.link.fetch_preview)

    def get_default_screen(self) -> Screen[None]:
        return DownloadingScreen()

    def compose(self) -> ComposeResult:
        yield Static("search bar", id="top")
        with Horizontal(id="main"):
            yield Gallery(self.loader, id="gallery")
            yield Static("detail", id="detail")
        yield Static("footer", id="footer")

    async def on_mount(self) -> None:
        self.theme = "textual-dark"
        await self.link.open()
        self.query_one(Gallery).focus()

    async def on_unmount(self) -> None:
        self.loader.close()
        await self.link.close()

    def on_preview_loader_arrived(self, message: PreviewLoader.Arrived) -> None:
        gallery = self.query_one_optional(Gallery)  # None while the app closes
        if gallery is not None:
            gallery.previews_changed(message.icon_ids)

    def on_preview_loader_rendered(self, message: PreviewLoader.Rendered) -> None:
        gallery = self.query_one_optional(Gallery)
        if gallery is not None:
            gallery.previews_changed(message.icon_ids)

    @property
    def gallery(self) -> Gallery:
        return self.query_one(Gallery)


async def found(base_url: str, token: str, query: str, **options: object) -> tuple[Icon, ...]:
    """The icons a search finds (through the real client)."""
    async with CatalogueClient(base_url, token, **options) as client:
        return (await client.search(query)).icons


def content_lines(gallery: Gallery) -> list[str]:
    """The gallery's content lines as drawn now (no border)."""
    height = gallery.scrollable_content_region.height
    gallery.render_lines(Region(0, 0, gallery.outer_size.width, gallery.outer_size.height))
    return [gallery.render_line(y).text for y in range(height)]


def tile_text(gallery: Gallery, index: int) -> tuple[str, str]:
    """(picture, name) of tile `index` as drawn now; the tile must be wholly on screen."""
    assert index in gallery.whole_tiles_in_view(), index
    region = gallery.tile_region(index)
    lines = content_lines(gallery)[region.y : region.bottom]
    rows = gallery.tile.rows
    picture = "\n".join(line[region.x + 1 : region.right - 1] for line in lines[:rows])
    return picture, lines[rows][region.x + 1 : region.right - 1].strip()


def shows_picture(gallery: Gallery, index: int) -> bool:
    picture, _name = tile_text(gallery, index)
    return bool(BLOCKS & set(picture))


def all_pictures_shown(gallery: Gallery) -> bool:
    return all(shows_picture(gallery, index) for index in gallery.whole_tiles_in_view())


async def shown(pilot, gallery: Gallery, icons) -> None:
    """Show `icons` and wait for the pictures of every tile on screen."""
    gallery.show_icons(icons)
    await wait_until(pilot, lambda: all_pictures_shown(gallery), "every tile on screen drawn")


# ------------------------------------------------------------------------------------------ a server that counts


class PreviewGate:
    """ASGI middleware over the embedded catalogue: counts preview requests in flight, holds them as told.

    A request counts from the moment the server has it until it is answered or the client goes away
    (the server notices the connection close while holding it: `abandoned`).
    """

    def __init__(self, app, delay: float = 0.0) -> None:
        self.app = app
        self.delay = delay
        """Seconds every preview is held before it is answered."""
        self.held: set[int] = set()
        """Icon ids whose previews are held until taken out of this set."""
        self.lock = threading.Lock()
        self.in_flight = 0
        self.most_in_flight = 0
        self.requested: list[int] = []
        self.answered: list[int] = []
        self.abandoned: list[int] = []
        self.events: list[tuple[str, int]] = []
        """("requested" or "answered", icon id), in the order the server saw them."""

    async def __call__(self, scope, receive, send) -> None:
        path = scope.get("path", "") if scope["type"] == "http" else ""
        if not path.startswith("/private/bundle_icons/"):
            await self.app(scope, receive, send)
            return
        icon_id = int(path.split("/")[3])
        with self.lock:
            self.in_flight += 1
            self.most_in_flight = max(self.most_in_flight, self.in_flight)
            self.requested.append(icon_id)
            self.events.append(("requested", icon_id))
        try:
            request = await receive()  # the (empty) body; the next message is the client leaving
            gone = asyncio.ensure_future(receive())
            loop = asyncio.get_running_loop()
            deadline = loop.time() + self.delay
            try:
                while icon_id in self.held or loop.time() < deadline:
                    done, _pending = await asyncio.wait({gone}, timeout=0.01)
                    if done:
                        with self.lock:
                            self.abandoned.append(icon_id)
                        return
            finally:
                if not gone.done():
                    gone.cancel()

            replayed = False

            async def replay():
                nonlocal replayed
                if not replayed:
                    replayed = True
                    return request
                return await receive()

            await self.app(scope, replay, send)
            with self.lock:
                self.answered.append(icon_id)
                self.events.append(("answered", icon_id))
        finally:
            with self.lock:
                self.in_flight -= 1


@pytest.fixture
def gate():
    """The embedded catalogue behind a `PreviewGate`, served on loopback: (gate, base URL)."""
    gate = PreviewGate(create_app(token=TEST_TOKEN))
    server = BackgroundServer(gate).start()
    try:
        yield gate, server.base_url
    finally:
        server.stop()


# ------------------------------------------------------------------------------------------ tests


def test_every_gallery_binding_has_an_id_and_a_tooltip():
    for binding in Gallery.BINDINGS:
        assert isinstance(binding, Binding)
        assert binding.id and binding.tooltip, binding.key
    keys = {key for binding in Gallery.BINDINGS for key in binding.key.split(",")}
    assert {"up", "down", "left", "right", "pageup", "pagedown", "home", "end", "enter", "plus", "minus"} <= keys


@pytest.mark.parametrize(("size", "at_least"), [((80, 24), 8), ((120, 36), 15)])
async def test_tiles_fill_the_columns_and_enough_are_on_screen(catalogue, download_dir, size, at_least):
    icons = await found(catalogue.base_url, catalogue.token, "arrow")
    app = GalleryHost(catalogue.base_url, catalogue.token, download_dir)
    async with app.run_test(size=size) as pilot:
        gallery = app.gallery
        await shown(pilot, gallery, icons)
        tile = gallery.tile
        # As many columns as fit (the scrollbar's column is always kept, so columns never flicker).
        assert gallery.columns == (gallery.size.width - 1) // tile.width
        assert gallery.columns >= 3
        assert len(gallery.whole_tiles_in_view()) >= at_least
        # Row by row, left to right: the first row holds the first `columns` icons, each named under its picture.
        for index in range(gallery.columns * 2):
            _picture, name = tile_text(gallery, index)
            assert name == icons[index].name or (name.endswith("…") and icons[index].name.startswith(name[:-1]))
        assert [gallery.tile_region(index).y for index in range(gallery.columns)] == [0] * gallery.columns
        assert gallery.tile_region(gallery.columns).y == tile.height


async def test_arrows_move_in_two_dimensions_pages_and_ends(catalogue, download_dir):
    icons = await found(catalogue.base_url, catalogue.token, "arrow")
    highlighted: list[Icon | None] = []

    def record(message: Message) -> None:
        if isinstance(message, IconHighlighted):
            highlighted.append(message.icon)

    app = GalleryHost(catalogue.base_url, catalogue.token, download_dir)
    async with app.run_test(size=(80, 24), message_hook=record) as pilot:
        gallery = app.gallery
        gallery.show_icons(icons)
        await pilot.pause()
        columns, page = gallery.columns, gallery.rows_in_view * gallery.columns
        assert gallery.highlighted == 0 and gallery.highlighted_icon == icons[0]
        await pilot.press("right")
        assert gallery.highlighted == 1
        await pilot.press("down")
        assert gallery.highlighted == 1 + columns
        await pilot.press("left", "up")
        assert gallery.highlighted == 0
        await pilot.press("up", "left")  # at the top-left corner: nowhere to go
        assert gallery.highlighted == 0
        await pilot.press("pagedown")
        assert gallery.highlighted == page
        await pilot.press("pagedown")
        assert gallery.highlighted == 2 * page
        assert gallery.highlighted in gallery.whole_tiles_in_view()  # scrolled to follow
        await pilot.press("pageup")
        assert gallery.highlighted == page
        await pilot.press("end")
        assert gallery.highlighted == len(icons) - 1
        assert gallery.highlighted in gallery.whole_tiles_in_view()
        await pilot.press("right", "down")  # past the end: stays
        assert gallery.highlighted == len(icons) - 1
        await pilot.press("home")
        assert gallery.highlighted == 0 and round(gallery.scroll_y) == 0
        await pilot.pause()
        assert highlighted[-1] == icons[0]
        assert icons[len(icons) - 1] in highlighted and icons[1 + columns] in highlighted


async def test_click_highlights_double_click_chooses_and_enter_downloads(catalogue, download_dir):
    icons = await found(catalogue.base_url, catalogue.token, "heart")
    messages: dict[int, IconChosen] = {}

    def record(message: Message) -> None:
        if isinstance(message, IconChosen):
            messages[id(message)] = message  # once per message, though the hook sees it at every node it bubbles to

    def chosen() -> list[Icon]:
        return [message.icon for message in messages.values()]

    app = GalleryHost(catalogue.base_url, catalogue.token, download_dir)
    async with app.run_test(size=(120, 36), message_hook=record) as pilot:
        gallery = app.gallery
        gallery.show_icons(icons)
        await pilot.pause()
        region = gallery.tile_region(gallery.columns + 1)
        offset = (region.x + 3 + 1, region.y + 2 + 1)  # + 1, 1: the border
        await pilot.click(gallery, offset=offset)
        await pilot.pause()
        assert gallery.highlighted == gallery.columns + 1 and not chosen()
        await pilot.double_click(gallery, offset=offset)
        await pilot.pause()
        assert chosen() == [icons[gallery.columns + 1]]
        await pilot.press("left", "enter")
        await pilot.pause()
        # Enter is the screen's download command, run as the key is read (a message would come too late
        # for a second Enter in the same read: docs/browser.md).
        assert isinstance(app.screen, DownloadingScreen) and app.screen.downloaded == [icons[gallery.columns]]


async def test_tiles_show_placeholders_until_their_pictures_arrive(gate, download_dir):
    counter, base_url = gate
    icons = await found(base_url, TEST_TOKEN, "arrow")
    counter.held = {icon.id for icon in icons}
    app = GalleryHost(base_url, TEST_TOKEN, download_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        gallery = app.gallery
        gallery.show_icons(icons)
        await wait_until(pilot, lambda: counter.in_flight == MAX_IN_FLIGHT, "previews asked for")
        on_screen = list(gallery.whole_tiles_in_view())
        for index in on_screen:
            picture, name = tile_text(gallery, index)
            assert picture.split() == ["…"] and name == icons[index].name
        counter.held = set()
        await wait_until(pilot, lambda: all_pictures_shown(gallery), "every tile on screen drawn")
        assert all("…" not in tile_text(gallery, index)[0] for index in on_screen)


async def test_a_missing_broken_or_hanging_preview_leaves_the_others_and_the_keys_alone(catalogue, download_dir):
    icons = (await found(catalogue.base_url, catalogue.token, "heart"))[:8]
    headers = {"Authorization": f"Bearer {catalogue.token}"}
    with MisbehavingServer() as server:
        moved = []
        for position, icon in enumerate(icons):
            path = f"/private/bundle_icons/{icon.id}/small"
            if position == 1:
                server.on(path, Reply(body=b"\x89PNG\r\n\x1a\nthis is not the rest of a PNG file"))
            elif position == 2:
                server.on(path, Reply(hang=30))
            elif position > 2:
                body = httpx.get(icon.thumbnail, headers=headers, timeout=10).content
                server.on(path, Reply.file(body, "image/png"))
            # position 0 has no script: the server answers 404
            moved.append(dataclasses.replace(icon, thumbnail=server.url(path)))
        app = GalleryHost(server.base_url, TEST_TOKEN, download_dir)
        async with app.run_test(size=(120, 36)) as pilot:
            gallery = app.gallery
            gallery.show_icons(moved)

            def settled() -> bool:
                return (
                    all(shows_picture(gallery, index) for index in range(3, 8))
                    and "no preview" in " ".join(tile_text(gallery, 0)[0].split())
                    and "no preview" in " ".join(tile_text(gallery, 1)[0].split())
                )

            await wait_until(pilot, settled, "pictures, and 'no preview' for the 404 and the broken one")
            assert tile_text(gallery, 2)[0].split() == ["…"]  # still waiting, still a placeholder
            assert app.cache.failures.get(moved[0].id).missing
            await pilot.press("right", "right", "right")
            assert gallery.highlighted == 3 and app.is_running
            assert len(server.requests_for(f"/private/bundle_icons/{moved[0].id}/small")) == 1


async def test_at_most_six_preview_requests_are_in_flight_on_the_server(gate, download_dir):
    counter, base_url = gate
    counter.delay = 0.2
    icons = await found(base_url, TEST_TOKEN, "arrow")
    app = GalleryHost(base_url, TEST_TOKEN, download_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        gallery = app.gallery
        gallery.show_icons(icons)
        wanted = len(gallery.tiles_in_view()) + gallery.rows_in_view * gallery.columns + gallery.columns
        expected = min(wanted, len(icons))
        await wait_until(pilot, lambda: len(counter.answered) >= expected and app.loader.idle, "every preview")
        await wait_until(pilot, lambda: all_pictures_shown(gallery), "every tile on screen drawn")
        assert app.loader.cancelled == 0  # nothing was cancelled, so the server's count is exact
        assert counter.most_in_flight == MAX_IN_FLIGHT
        assert app.loader.most_in_flight == MAX_IN_FLIGHT
        assert sorted(counter.requested) == sorted({icon.id for icon in icons[:expected]})  # each once


async def test_previews_ahead_wait_until_those_on_screen_are_in_and_drawn(gate, download_dir, monkeypatch):
    counter, base_url = gate
    monkeypatch.setattr(preview_loader, "AHEAD_HOLD", 60.0)  # no preview hangs here: nothing to give up on
    icons = await found(base_url, TEST_TOKEN, "arrow")
    app = GalleryHost(base_url, TEST_TOKEN, download_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        gallery = app.gallery
        gallery.show_icons(icons)
        on_screen = {icons[index].id for index in gallery.tiles_in_view()}
        wanted = len(on_screen) + gallery.rows_in_view * gallery.columns + gallery.columns
        assert len(icons) > len(on_screen)
        await wait_until(pilot, lambda: len(counter.answered) >= min(wanted, len(icons)) and app.loader.idle, "all")
        events = list(counter.events)
        last_on_screen = max(n for n, (kind, icon_id) in enumerate(events) if icon_id in on_screen)
        first_ahead = min(n for n, (kind, icon_id) in enumerate(events) if icon_id not in on_screen)
        assert events[last_on_screen][0] == "answered" and last_on_screen < first_ahead
        assert app.loader.most_in_flight == MAX_IN_FLIGHT


async def test_previews_ahead_start_after_the_frame_that_paints_the_last_one_on_screen(gate, download_dir, monkeypatch):
    counter, base_url = gate
    monkeypatch.setattr(preview_loader, "AHEAD_HOLD", 60.0)
    monkeypatch.setattr(preview_loader, "PAINT_WAIT", 60.0)  # only a frame lets them start here
    icons = await found(base_url, TEST_TOKEN, "arrow")
    app = GalleryHost(base_url, TEST_TOKEN, download_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        gallery = app.gallery
        frames_with_all: list[int] = []  # per frame drawing the gallery: how many fetches had started
        original_render_lines = gallery.render_lines

        def render_lines(crop: Region):
            lines = original_render_lines(crop)
            spec = gallery.render_spec()
            if all(app.loader.tile(spec.key(gallery.icons[i].id)) for i in gallery.tiles_in_view()):
                frames_with_all.append(app.loader.started)
            return lines

        monkeypatch.setattr(gallery, "render_lines", render_lines)
        gallery.show_icons(icons)
        on_screen = len(gallery.tiles_in_view())
        assert len(icons) > on_screen
        await wait_until(pilot, lambda: app.loader.started > on_screen and app.loader.idle, "the fetches ahead")
        # The first frame with every picture on screen came before any fetch ahead had started.
        assert frames_with_all and frames_with_all[0] == on_screen


async def test_the_last_picture_on_screen_is_repainted_at_once_and_announcements_are_gathered(
    catalogue, download_dir, monkeypatch
):
    icons = await found(catalogue.base_url, catalogue.token, "arrow")
    app = GalleryHost(catalogue.base_url, catalogue.token, download_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        gallery = app.gallery
        seen: list[tuple[int, bool, bool]] = []  # (awaiting, repaint timer set, rows waiting) after each batch
        original = gallery.previews_changed
        rendered: list[int] = []

        def previews_changed(icon_ids):
            icon_ids = tuple(icon_ids)
            rendered.append(len(icon_ids))
            original(icon_ids)
            spec, loader = gallery.render_spec(), app.loader
            keys = [spec.key(gallery.icons[index].id) for index in gallery.tiles_in_view()]
            awaiting = [key for key in keys if loader.tile(key) is None and loader.tile_failure(key) is None]
            seen.append((len(awaiting), gallery.repaints.booked, bool(gallery.repaints.rows)))

        monkeypatch.setattr(gallery, "previews_changed", previews_changed)
        gallery.show_icons(icons)
        await wait_until(pilot, lambda: any(entry[0] == 0 for entry in seen), "the last picture on screen")
        await wait_until(pilot, lambda: all_pictures_shown(gallery), "every tile on screen drawn")
        last = next(entry for entry in seen if entry[0] == 0)
        assert last == (0, False, False)  # repainted at once: no throttle tick waited for, no row left
        # One message may carry several icons: never more messages than fetches and renders.
        assert app.loader.announcements <= 2 * app.loader.started
        assert sum(rendered) >= len(gallery.tiles_in_view())


async def test_a_hanging_preview_on_screen_holds_those_ahead_back_only_for_a_while(gate, download_dir, monkeypatch):
    counter, base_url = gate
    monkeypatch.setattr(preview_loader, "AHEAD_HOLD", 0.1)
    icons = await found(base_url, TEST_TOKEN, "arrow")
    hanging = icons[0].id
    counter.held = {hanging}
    app = GalleryHost(base_url, TEST_TOKEN, download_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        gallery = app.gallery
        gallery.show_icons(icons)
        shown = gallery.tiles_in_view()
        wanted = min(len(shown) + gallery.rows_in_view * gallery.columns + gallery.columns, len(icons))
        ahead = {icon.id for icon in icons[shown.stop : wanted]}
        assert ahead and hanging in {icons[index].id for index in shown}
        await wait_until(pilot, lambda: ahead <= set(counter.answered), "the previews ahead, despite the hanging one")
        assert hanging not in counter.answered and app.loader.is_loading(hanging)
        counter.held = set()
        await wait_until(pilot, lambda: all_pictures_shown(gallery), "every tile on screen drawn")


async def test_a_new_search_cancels_the_fetches_it_made_irrelevant(gate, download_dir):
    counter, base_url = gate
    arrows = await found(base_url, TEST_TOKEN, "arrow")
    hearts = await found(base_url, TEST_TOKEN, "heart")
    arrow_ids = {icon.id for icon in arrows} - {icon.id for icon in hearts}
    counter.held = set(arrow_ids)
    app = GalleryHost(base_url, TEST_TOKEN, download_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        gallery = app.gallery
        loader = app.loader
        gallery.show_icons(arrows)
        await wait_until(pilot, lambda: counter.in_flight == MAX_IN_FLIGHT, "six arrows in flight")
        first_six = list(counter.requested)
        assert loader.queued > 0
        await shown(pilot, gallery, hearts)
        # The six in flight were cancelled (the server saw the client go), the queued ones never sent.
        assert loader.cancelled == MAX_IN_FLIGHT
        await wait_until(pilot, lambda: len(counter.abandoned) == MAX_IN_FLIGHT, "the server to see them go")
        assert sorted(counter.abandoned) == sorted(first_six)
        assert [icon_id for icon_id in counter.requested if icon_id in arrow_ids] == first_six
        assert counter.answered and set(counter.answered) <= {icon.id for icon in hearts}
        spec = gallery.render_spec()
        assert all(loader.tile(spec.key(icon_id)) is None for icon_id in arrow_ids)
        assert loader.most_in_flight <= MAX_IN_FLIGHT


async def test_two_thousand_results_mount_nothing_and_fetch_only_what_is_near(catalogue, download_dir):
    base = await found(catalogue.base_url, catalogue.token, "", timeout=30.0)
    assert len(base) >= 40
    icons = [
        dataclasses.replace(base[n % len(base)], id=1_000_000 + n, name=f"{base[n % len(base)].name} {n}")
        for n in range(2000)
    ]
    app = GalleryHost(catalogue.base_url, catalogue.token, download_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        gallery = app.gallery
        await pilot.pause()
        before = len(list(app.screen.walk_children(with_self=True)))
        await shown(pilot, gallery, icons)
        assert len(list(app.screen.walk_children(with_self=True))) == before
        assert not gallery.children
        assert gallery.virtual_size.height == -(-2000 // gallery.columns) * gallery.tile.height
        near = len(gallery.tiles_in_view()) + gallery.rows_in_view * gallery.columns + gallery.columns
        await wait_until(pilot, lambda: app.loader.idle, "the loader at rest")
        assert app.loader.started <= near
        await pilot.press("end")
        await wait_until(pilot, lambda: all_pictures_shown(gallery), "the last screen drawn")
        assert 1999 in gallery.whole_tiles_in_view()
        assert "…" in tile_text(gallery, 1999)[1] or tile_text(gallery, 1999)[1].endswith("1999")
        assert app.loader.started <= 2 * near + gallery.columns
        assert len(list(app.screen.walk_children(with_self=True))) == before


async def test_plus_and_minus_change_the_tile_size(catalogue, download_dir):
    icons = await found(catalogue.base_url, catalogue.token, "arrow")
    app = GalleryHost(catalogue.base_url, catalogue.token, download_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        gallery = app.gallery
        await shown(pilot, gallery, icons)
        sizes = list(TILE_SIZES)
        assert gallery.tile_size == sizes[0]
        small_columns = gallery.columns
        await pilot.press("right")
        await pilot.press("plus")
        assert gallery.tile_size == sizes[1] and gallery.columns < small_columns
        await wait_until(pilot, lambda: all_pictures_shown(gallery), "medium pictures drawn")
        picture, _name = tile_text(gallery, 1)
        assert len(picture.splitlines()) == TILE_SIZES[sizes[1]].rows
        await pilot.press("plus", "plus")
        assert gallery.tile_size == sizes[-1]
        await wait_until(pilot, lambda: all_pictures_shown(gallery), "large pictures drawn")
        await pilot.press("minus", "minus", "minus")
        assert gallery.tile_size == sizes[0] and gallery.columns == small_columns
        assert gallery.highlighted == 1


async def test_names_are_sanitised_and_cut_to_the_tile(catalogue, download_dir):
    icons = await found(catalogue.base_url, catalogue.token, "heart")
    renamed = [
        dataclasses.replace(icon, name=name) for icon, name in zip(icons, [*HOSTILE_NAMES, "A Very Long Icon Name"])
    ]
    app = GalleryHost(catalogue.base_url, catalogue.token, download_dir)
    async with app.run_test(size=(120, 36)) as pilot:
        gallery = app.gallery
        await shown(pilot, gallery, renamed)
        width = gallery.tile.columns
        for index, icon in enumerate(renamed):
            if index not in gallery.whole_tiles_in_view():
                break
            _picture, name = tile_text(gallery, index)
            assert not any(ord(char) < 32 or 0x7F <= ord(char) < 0xA0 for char in name), icon.name
            assert "\u202e" not in name and len(name) <= width
        assert tile_text(gallery, 0)[1] == "[bold]zz"  # markup is shown as the text it is
        assert tile_text(gallery, len(HOSTILE_NAMES))[1] == "A Ve…ame"  # its start and its end (issue 21)


async def test_a_hidden_gallery_fetches_nothing_and_resumes_when_shown(gate, download_dir):
    counter, base_url = gate
    icons = await found(base_url, TEST_TOKEN, "arrow")
    counter.held = {icon.id for icon in icons}
    app = GalleryHost(base_url, TEST_TOKEN, download_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        gallery, loader = app.gallery, app.loader
        gallery.show_icons(icons)
        await wait_until(pilot, lambda: counter.in_flight == MAX_IN_FLIGHT, "six previews in flight")
        gallery.display = False  # the list view is shown instead
        await wait_until(pilot, lambda: loader.idle, "every fetch cancelled or dropped")
        assert loader.cancelled == MAX_IN_FLIGHT and len(counter.requested) == MAX_IN_FLIGHT
        counter.held = set()
        gallery.display = True
        await wait_until(pilot, lambda: all_pictures_shown(gallery), "every tile on screen drawn")


def frame_colour(gallery: Gallery, index: int):
    """The background of tile `index`'s frame (its left padding, on its name line), as drawn now."""
    gallery.render_lines(Region(0, 0, gallery.outer_size.width, gallery.outer_size.height))
    region = gallery.tile_region(index)
    strip = gallery.render_line(region.y + gallery.tile.rows).crop(region.x, region.x + 1)
    return next(iter(strip)).style.bgcolor


async def test_the_highlighted_tile_is_marked_and_dims_without_focus(catalogue, download_dir):
    icons = await found(catalogue.base_url, catalogue.token, "heart")
    app = GalleryHost(catalogue.base_url, catalogue.token, download_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        gallery = app.gallery
        await shown(pilot, gallery, icons)
        plain = frame_colour(gallery, 1)
        focused = frame_colour(gallery, 0)
        assert focused != plain
        await pilot.press("right")
        assert frame_colour(gallery, 1) == focused and frame_colour(gallery, 0) == plain
        app.set_focus(None)
        await pilot.pause()
        assert frame_colour(gallery, 1) not in (focused, plain)  # still marked, in the blurred cursor colour


async def test_a_new_theme_redraws_the_pictures_on_its_background_without_fetching_again(catalogue, download_dir):
    icons = await found(catalogue.base_url, catalogue.token, "heart")
    app = GalleryHost(catalogue.base_url, catalogue.token, download_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        gallery, loader = app.gallery, app.loader
        await shown(pilot, gallery, icons)
        await wait_until(pilot, lambda: loader.idle, "every preview fetched")
        dark = gallery.render_spec()
        fetched = loader.started
        app.theme = "textual-light"

        def redrawn() -> bool:
            spec = gallery.render_spec()
            on_screen = gallery.whole_tiles_in_view()
            return spec != dark and all(loader.tile(spec.key(icons[index].id)) for index in on_screen)

        await wait_until(pilot, redrawn, "pictures drawn on the light theme's surface")
        assert gallery.render_spec().background != dark.background
        assert loader.started == fetched  # the bytes were cached: only the drawing was done again
