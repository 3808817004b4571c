"""The icon's picture: a preview fetched through the function it is handed, drawn in a thread, cached.

The widget knows what it should show (`icon`, its own size, the theme's surface colour) and fetches
what it lacks: the preview bytes through `fetch_preview` (the app hands it its catalogue link's, as it
hands the variant picker `filename_for`) in an exclusive async worker, the render in a thread worker.
Renders are keyed on the
icon, the cell size and the background colour, so coming back to an icon costs nothing and a theme
change or a resize draws it again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING

from textual.color import Color
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive, var
from textual.strip import Strip
from textual.widget import Widget
from textual.worker import get_current_worker

from iconcat.failures import describe_failure

from ..catalogue_link import PreviewUnavailable
from ..thumbnail_cache import PreviewFailure, RenderKey, ThumbnailCache
from ..true_pixels import blank_strips, draw, is_true_pixels

if TYPE_CHECKING:  # pragma: no cover - typing only
    from rich.console import RenderableType

    from iconcat.api import Icon

    from ..terminal_images import TerminalPictures

__all__ = ["Thumbnail", "PreviewFetcher", "THUMBNAIL_SETTLE_SECONDS"]

PreviewFetcher = Callable[["Icon"], Awaitable[bytes]]
"""Fetches an icon's preview bytes, or raises `PreviewUnavailable` saying why."""

THUMBNAIL_SETTLE_SECONDS = 0.05
"""Holding an arrow key moves the highlight ~30 times a second: wait this long before fetching a
preview, so rows merely passed over cost no request (cached previews show at once regardless)."""


class Thumbnail(Widget):
    """Shows `icon`'s preview, or a designed placeholder: loading, no preview, broken, unavailable."""

    class Fetching(Message):
        """A request for `icon`'s preview starts (it was not cached); the status shows "loading"."""

        def __init__(self, icon: Icon) -> None:
            super().__init__()
            self.icon = icon

    class Rendered(Message):
        """A thread worker drew `key` (or found the preview undecodable: `failure`)."""

        def __init__(
            self, key: RenderKey, renderable: RenderableType | tuple[Strip, ...] | None, failure: PreviewFailure | None
        ) -> None:
            super().__init__()
            self.key = key
            self.renderable = renderable
            self.failure = failure

    icon: reactive[Icon | None] = reactive(None, init=False, always_update=True)
    """The icon to show; setting it shows a cached render at once or asks for what is missing."""

    status: reactive[str] = reactive("empty", init=False)
    """"empty", "loading", "shown", "missing", "broken", "unavailable" or "off"; mirrored as a CSS class."""

    mode: var[str] = var("half", init=False)
    """How pictures are drawn: "kitty" (true pixels, where the terminal has them), "half" or
    "quadrant" blocks, or "text": no picture and no preview fetched (for terminals that draw blocks
    badly, slow links, or people who want no images)."""

    def __init__(
        self,
        cache: ThumbnailCache,
        fetch_preview: PreviewFetcher,
        *,
        mode: str = "half",
        pictures: TerminalPictures | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.set_reactive(Thumbnail.mode, mode)
        self.cache = cache
        self._fetch_preview = fetch_preview
        self._pictures = pictures
        self._renderable: RenderableType | Content = Content("")
        self._strips: tuple[Strip, ...] | None = None
        """A true-pixel picture's cells (drawn by `render_line`), or None while a renderable shows."""
        self._wanted: RenderKey | None = None
        self.shown_key: RenderKey | None = None
        """The key of the picture on screen (None while a placeholder shows)."""

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.redraw())

    def render(self) -> RenderableType | Content:
        return self._renderable

    def render_line(self, y: int) -> Strip:
        strips = self._strips
        if strips is None:
            return super().render_line(y)
        width = self.content_size.width
        if y >= len(strips):
            return Strip.blank(width)
        if not self.screen.is_active:  # under a dialog: its backdrop would blend kitty's ids, hide sixels
            return blank_strips(width, 1)[0]
        strip = strips[y]
        if strip.cell_length < width:  # (sixel: the cell after the mark)
            return strip.extend_cell_length(width, self.rich_style)
        return strip

    def watch_icon(self, icon: Icon | None) -> None:
        self.redraw()

    def watch_mode(self, mode: str) -> None:
        self.redraw()

    def watch_status(self, old: str, new: str) -> None:
        # One call, one restyle (remove_class then add_class would restyle twice).
        self.update_classes({f"-{old}": False, f"-{new}": True})

    def on_resize(self) -> None:
        self.redraw()

    def background_rgb(self) -> tuple[int, int, int]:
        """The theme's surface colour, which the picture is composited onto."""
        variables = self.app.theme_variables or self.app.get_css_variables()
        return Color.parse(variables.get("surface", "#1e1e2e")).rgb

    def render_key(self) -> RenderKey | None:
        """What a render for the current icon, size, theme and mode is keyed on (None if nothing to draw)."""
        icon = self.icon
        width, height = self.content_size
        if icon is None or width < 2 or height < 1 or self.mode == "text":
            return None
        if self.mode == "sixel":
            # A sixel row's mark must be followed by a cell of this widget (see true_pixels): the
            # picture takes all columns but the last, which `render_line` adds after the mark.
            width -= 1
        return RenderKey(icon.id, width, height, self.background_rgb(), self.mode)

    def redraw(self) -> None:
        """Show the current icon from the caches, or start whatever is missing."""
        icon = self.icon
        if icon is None:
            self._wanted = None
            self._show(Content(""), "empty")
            return
        if self.mode == "text":
            self._wanted = None
            self._show(Content(""), "off")  # hidden by the stylesheet: the fields take its room
            return
        key = self.render_key()
        if key is None:  # hidden or not laid out yet: on_resize will call again
            if self.status == "off":  # pictures back on: the stylesheet hid the widget while "off"
                self._show(Content("loading preview…"), "loading")
            return
        self._wanted = key
        cached_render = self.cache.renders.get(key)
        if cached_render is not None and key.mode == "kitty":
            # The terminal may have let go of the image since (evicted): then it is drawn, and sent, again.
            pictures = self._pictures
            if pictures is None or not pictures.is_live(key):
                cached_render = None
        if cached_render is not None:
            self._show(cached_render, "shown", key)
            return
        failure = self.cache.failures.get(icon.id)
        if failure is not None:
            self._show_failure(failure)
            return
        self._show(Content("loading preview…"), "loading")
        data = self.cache.previews.get(icon.id)
        if data is not None:
            self._start_render(key, data)
        else:
            self._start_fetch(icon)

    def _start_fetch(self, icon: Icon) -> None:
        self.post_message(self.Fetching(icon))
        self.run_worker(
            # A callable, not a coroutine: a worker cancelled before it starts never makes one to leak.
            partial(self._fetch, icon),  # type: ignore[arg-type]  # Textual types the coroutine as Coroutine[None, None, R]
            group="thumbnail",
            exclusive=True,  # only the highlighted icon's preview matters
            exit_on_error=False,
            description=f"fetch preview of icon {icon.id}",
        )

    async def _fetch(self, icon: Icon) -> None:
        """Fetch one preview and hand it on (decoding and drawing happen in a thread)."""
        await asyncio.sleep(THUMBNAIL_SETTLE_SECONDS)
        prefetched = self.cache.previews.get(icon.id)
        if prefetched is not None:  # the app's preview loader brought it meanwhile (a neighbour prefetched)
            self.deliver(icon, prefetched)
            return
        try:
            data = await self._fetch_preview(icon)
        except PreviewUnavailable as problem:
            self.deliver_failure(icon, problem.failure, permanent=problem.permanent)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # noqa: BLE001 - a preview failure must never take the app down
            self.deliver_failure(
                icon, PreviewFailure(describe_failure(error, max_length=80), missing=False), permanent=False
            )
        else:
            self.deliver(icon, data)

    def deliver(self, icon: Icon, data: bytes) -> None:
        """`icon`'s preview arrived: keep the bytes, and draw it (in a thread) if still wanted."""
        self.cache.previews.put(icon.id, data)
        key = self.render_key()
        if key is None or key.icon_id != icon.id:
            return
        self._start_render(key, data)

    def deliver_failure(self, icon: Icon, failure: PreviewFailure, *, permanent: bool) -> None:
        """The preview could not be fetched; `permanent` failures (404, not an image) are remembered."""
        if permanent:
            self.cache.failures.put(icon.id, failure)
        if self.icon is not None and self.icon.id == icon.id and self.mode != "text":
            self._show_failure(failure, permanent)

    def _show_failure(self, failure: PreviewFailure, permanent: bool = True) -> None:
        if failure.missing:
            self._show(Content("no preview"), "missing")
        elif permanent:
            self._show(Content.assemble("preview can't be shown\n", (failure.reason, "dim")), "broken")
        else:
            self._show(Content.assemble("preview unavailable\n", (failure.reason, "dim")), "unavailable")

    def _show(
        self, renderable: RenderableType | Content | tuple[Strip, ...], status: str, key: RenderKey | None = None
    ) -> None:
        if isinstance(renderable, tuple):
            self._strips = renderable
            self._renderable = Content("")
        else:
            self._strips = None
            self._renderable = renderable
        self.shown_key = key
        self.status = status
        self.refresh()

    @property
    def settled(self) -> bool:
        """True when the current icon's picture for the current size and theme is on screen."""
        key = self.render_key()
        return key is not None and self.status == "shown" and self.shown_key == key

    def _start_render(self, key: RenderKey, data: bytes) -> None:
        self.run_worker(
            partial(self._render_in_thread, key, data),
            thread=True,
            group="thumbnail-render",
            exclusive=True,
            exit_on_error=False,
            description=f"render preview of icon {key.icon_id}",
        )

    def _render_in_thread(self, key: RenderKey, data: bytes) -> None:
        """Decode and render; runs in a thread, touches no widget, posts the result."""
        from iconcat.imaging import ThumbnailError, decode_thumbnail, render_cells

        worker = get_current_worker()
        try:
            image = decode_thumbnail(data)
        except ThumbnailError as error:
            failure = PreviewFailure(describe_failure(error, max_length=80), missing=False)
            self.post_message(self.Rendered(key, None, failure))
            return
        if worker.is_cancelled:
            return
        renderable: RenderableType | tuple[Strip, ...]
        if is_true_pixels(key.mode) and self._pictures is not None:
            renderable = draw(image, key, self._pictures)
        else:
            cells = render_cells(image, key.columns, key.rows, key.background, mode=key.mode)
            lines = cells.lines()
            # Laid out already (our renderers): strips, drawn as they are by `render_line`, with no Rich
            # rendering in each frame that crosses the picture (a 32×16 picture cost 2-16 ms a frame).
            renderable = cells if lines is None else tuple(Strip(line, key.columns).simplify() for line in lines)
        self.post_message(self.Rendered(key, renderable, None))

    def on_thumbnail_rendered(self, message: Thumbnail.Rendered) -> None:
        message.stop()
        key = message.key
        if message.failure is not None:
            self.cache.failures.put(key.icon_id, message.failure)
        if message.renderable is not None:
            self.cache.renders.put(key, message.renderable)
        if key == self._wanted:
            if message.failure is not None:
                self._show_failure(message.failure)
            elif message.renderable is not None:
                self._show(message.renderable, "shown", key)
        elif self._wanted is not None and self._wanted.icon_id == key.icon_id:
            # Drawn for an older size or theme: draw again for the current one (bytes are cached).
            self.redraw()
