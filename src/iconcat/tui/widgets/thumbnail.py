"""The icon's picture: a preview fetched through the screen's preview loader, drawn in a thread, cached.

The widget knows what it should show (`icon`, its own size, the theme's surface colour) and asks for
what it lacks: the preview bytes from the shared `PreviewLoader` (its "detail" channel, wanted before
every tile, so the picture a person looks at comes first), the render in a thread worker. The
loader fetches each preview once however many widgets want it and keeps to its six requests at once;
the screen hands the loader's arrivals on (`previews_arrived`). Renders are keyed on the icon, the
cell size and the background colour, so coming back to an icon costs nothing and a theme change or a
resize draws it again.
"""

from __future__ import annotations

from collections.abc import Iterable
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

from ..thumbnail_cache import PreviewFailure, RenderKey, ThumbnailCache
from ..true_pixels import blank_strips, draw, is_true_pixels

if TYPE_CHECKING:  # pragma: no cover - typing only
    from rich.console import RenderableType
    from textual.timer import Timer

    from iconcat.api import Icon

    from ..controllers.preview_loader import PreviewLoader
    from ..terminal_images import TerminalPictures

__all__ = ["Thumbnail", "THUMBNAIL_SETTLE_SECONDS"]

THUMBNAIL_SETTLE_SECONDS = 0.05
"""Holding an arrow key moves the highlight ~30 times a second: wait this long before asking for a
preview, so rows merely passed over cost no request (cached previews show at once regardless)."""

DETAIL_CHANNEL = "detail"
"""The preview loader's channel for the picture: wanted before every other (`first`)."""


class Thumbnail(Widget):
    """Shows `icon`'s preview, or a designed placeholder: loading, no preview, broken, unavailable."""

    class Fetching(Message):
        """The picture asks the loader for `icon`'s preview, which no widget had asked for yet (it was
        not cached): one request more. The status shows "loading"."""

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
        loader: PreviewLoader,
        *,
        mode: str = "half",
        pictures: TerminalPictures | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.set_reactive(Thumbnail.mode, mode)
        self.cache = cache
        self._loader = loader
        self._asked: int | None = None
        """The icon whose preview the loader's detail channel wants (or will, once the settle is over)."""
        self._ask_timer: Timer | None = None
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
            self._stop_asking()
            self._show(Content(""), "empty")
            return
        if self.mode == "text":
            self._wanted = None
            self._stop_asking()
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
            self._stop_asking()
            self._show(cached_render, "shown", key)
            return
        failure = self.cache.failures.get(icon.id)
        if failure is not None:
            self._stop_asking()
            self._show_failure(failure)
            return
        passing = self._loader.failure(icon.id)  # (a timeout, a 503: asked again after a new search)
        if passing is not None:
            self._stop_asking()
            self._show_failure(passing, permanent=False)
            return
        self._show(Content("loading preview…"), "loading")
        data = self.cache.previews.get(icon.id)
        if data is not None:
            self._stop_asking()
            self._start_render(key, data)
        else:
            self._ask(icon)

    def _ask(self, icon: Icon) -> None:
        """Want `icon`'s preview from the loader once the highlight has settled on it."""
        if self._asked == icon.id and (self._ask_timer is not None or self._loader.is_loading(icon.id)):
            return  # asked already, and on its way
        self._stop_asking()  # the icon before no longer needs its preview for this picture
        self._asked = icon.id
        self._ask_timer = self.set_timer(THUMBNAIL_SETTLE_SECONDS, partial(self._ask_now, icon))

    def _ask_now(self, icon: Icon) -> None:
        self._ask_timer = None
        if self.icon is None or self.icon.id != icon.id or self._asked != icon.id:
            return
        if icon.id in self.cache.previews:  # another widget's fetch brought it meanwhile
            self.redraw()
            return
        if not self._loader.is_loading(icon.id):
            self.post_message(self.Fetching(icon))
        self._loader.want((icon,), channel=DETAIL_CHANNEL, first=True)

    def _stop_asking(self) -> None:
        """Want no preview from the loader (a fetch no other widget wants is cancelled)."""
        if self._ask_timer is not None:
            self._ask_timer.stop()
            self._ask_timer = None
        if self._asked is not None:
            self._asked = None
            self._loader.forget(DETAIL_CHANNEL)

    def previews_arrived(self, icon_ids: Iterable[int]) -> None:
        """The loader finished fetching these icons' previews (or failed to): draw the picture if it
        was waiting for one of them."""
        icon = self.icon
        if icon is not None and self.status == "loading" and icon.id in set(icon_ids):
            self.redraw()

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
            colours = self._pictures.colours if self._pictures is not None else "truecolor"
            cells = render_cells(image, key.columns, key.rows, key.background, mode=key.mode, colours=colours)
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
