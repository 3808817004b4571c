"""The browser's pictures: the previews' cache and loader, how they are drawn (`t`), true-pixel upkeep.

Decisions:

- One `ThumbnailCache` and one `PreviewLoader` for the screen: the detail pane's picture, the
  gallery's tiles, the detail's members and the list's neighbours share them, so a preview is fetched
  once whichever view asks first.
- With true pixels (kitty, sixel; `true_pixels`), pictures are drawn so unless they are off (`text`).
  A dialog opening or closing blanks them out under it and back: the thumbnail and galleries are told
  to repaint, since Textual repaints the screen below from its cache otherwise.
- In the list, the previews of the rows around the highlight (`NEIGHBOURS` each side) are fetched
  ahead, so moving on shows at once; the gallery fetches what is on screen and a screen ahead itself.
- A preview arrived: text galleries repaint its tile at once; drawing ones when it is drawn
  (`Rendered`), or at once when its fetch failed.
- The controller answers to the screen it is given (`screen`): it finds the widgets there, its
  loader's workers run and post there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from iconcat.text import sanitize

from ..pictures import PICTURE_MODES, next_picture_mode
from ..terminal_images import TerminalPictures
from ..thumbnail_cache import ThumbnailCache
from ..true_pixels import TRUE_PIXEL_MODES
from ..widgets import Gallery, ResultsArea, Thumbnail
from .preview_loader import PreviewFetcher, PreviewLoader

if TYPE_CHECKING:  # pragma: no cover - typing only
    from textual.screen import Screen

__all__ = ["NEIGHBOURS", "PictureController"]

NEIGHBOURS = 3
"""Rows on each side of the highlight whose previews the list view fetches ahead."""


class PictureController:
    """The screen's previews and the way they are drawn; see the module docstring."""

    def __init__(
        self,
        screen: Screen[None],
        fetch_preview: PreviewFetcher,
        *,
        thumbnail_mode: str,
        pictures: TerminalPictures | None = None,
    ) -> None:
        self._screen = screen
        self.pictures = pictures or TerminalPictures()
        """How the terminal draws pictures; with true pixels, they are drawn so unless pictures are off."""
        true_pixels = self.pictures.mode if self.pictures.mode in TRUE_PIXEL_MODES else None
        self.true_pixels = true_pixels
        """The true-pixel way this terminal offers (kitty, sixel), None when it offers none."""
        self.initial_mode = true_pixels if true_pixels and thumbnail_mode != "text" else thumbnail_mode
        """How pictures are drawn when the screen opens (the widgets hold the mode after)."""
        self.thumbnails = ThumbnailCache()
        """Preview bytes and renders, shared by the detail pane's thumbnail and the gallery."""
        self.previews = PreviewLoader(screen, self.thumbnails, fetch_preview, pictures=self.pictures)
        """Fetches every preview shown: the detail's picture first, then the tiles on screen (at most 6 at once)."""
        self._watchers: list[Callable[[tuple[int, ...]], None]] = []
        """Told of every picture that came or was drawn, beside the screen's galleries (the sets view's board)."""

    def watch(self, watcher: Callable[[tuple[int, ...]], None]) -> None:
        """Tell `watcher` the icons whose pictures came or were drawn, until `unwatch` (a view over the screen
        drawing through its loader: the loader's messages come to this screen)."""
        self._watchers.append(watcher)

    def unwatch(self, watcher: Callable[[tuple[int, ...]], None]) -> None:
        """Stop telling `watcher`."""
        if watcher in self._watchers:
            self._watchers.remove(watcher)

    @property
    def mode(self) -> str:
        """How pictures are drawn now (the detail's thumbnail holds the mode once composed)."""
        thumbnail = self._screen.query_one_optional(Thumbnail)
        return thumbnail.mode if thumbnail is not None else self.initial_mode

    def galleries(self) -> list[Gallery]:
        """The galleries that draw previews: the results' tiles and the detail pane's members."""
        screen = self._screen
        found = (screen.query_one_optional("#gallery", Gallery), screen.query_one_optional("#members", Gallery))
        return [gallery for gallery in found if gallery is not None]

    def refresh_true_pixels(self) -> None:
        """A dialog opened or closed: true-pixel pictures blank out under it and come back after (see
        `true_pixels`), and Textual repaints the screen below from its cache unless told otherwise."""
        if self.true_pixels is None:
            return
        for widget in (self._screen.query_one_optional(Thumbnail), *self.galleries()):
            if widget is not None:
                widget.refresh()

    def summary(self) -> str:
        """How pictures are drawn now, and what the terminal offers (for the help screen)."""
        thumbnail = self._screen.query_one_optional(Thumbnail)
        mode = thumbnail.mode if thumbnail is not None else self.initial_mode
        offered = PICTURE_MODES[self.true_pixels].label if self.true_pixels else "blocks"
        blocks_in_palette = self.pictures.colours == "256" and mode in ("half", "quadrant")
        palette = ", in the terminal's 256 colours" if blocks_in_palette else ""
        return (
            f"Pictures: {PICTURE_MODES[mode].label}{palette} (t changes it). This terminal: {offered}, "
            # The reason quotes the environment and the terminal's own answers (TERM, tmux's client name).
            f"graphics {self.pictures.requested}: {sanitize(self.pictures.reason, max_length=200)}."
        )

    def cycle(self) -> str:
        """Draw pictures the next way (the thumbnail and the galleries), and say so; the new way."""
        thumbnail = self._screen.query_one(Thumbnail)
        thumbnail.mode = next_picture_mode(thumbnail.mode, self.true_pixels)
        for gallery in self.galleries():
            gallery.mode = thumbnail.mode
        return thumbnail.mode

    def notice(self, mode: str) -> None:
        """Say how pictures are drawn now (after `cycle`)."""
        self._screen.notify(PICTURE_MODES[mode].notice, title="Pictures", markup=False)

    def prefetch_neighbours(self, results: ResultsArea) -> None:
        """In the list, fetch the previews of the rows around the highlight, so moving on shows at once.

        (The gallery fetches what is on screen and a screen ahead by itself.) Through the shared preview
        loader, into the shared cache: the detail pane's picture finds them there.
        """
        if results.view != "list" or self._screen.query_one(Thumbnail).mode == "text":
            self.previews.forget("neighbours")
            return
        view = results.active
        index, icons = view.highlighted, view.icons
        if index is None:
            return
        around = [*icons[index + 1 : index + 1 + NEIGHBOURS], *reversed(icons[max(0, index - NEIGHBOURS) : index])]
        self.previews.want((), ahead=around, channel="neighbours")

    def arrived(self, message: PreviewLoader.Arrived) -> None:
        """Previews arrived (or failed): the tiles and the detail's picture that show them follow."""
        icon_ids = message.icon_ids
        failed = tuple(icon_id for icon_id, failure in message.arrivals if failure is not None)
        for gallery in self.galleries():
            # Drawing galleries repaint a tile when its picture is drawn (`Rendered`) or its fetch failed.
            changed = icon_ids if gallery.mode == "text" else failed
            if changed:
                gallery.previews_changed(changed)
        thumbnail = self._screen.query_one_optional(Thumbnail)
        if thumbnail is not None:
            thumbnail.previews_arrived(icon_ids)
        for watcher in tuple(self._watchers):
            watcher(icon_ids)

    def rendered(self, message: PreviewLoader.Rendered) -> None:
        """Pictures were drawn: the galleries' tiles that show them repaint."""
        icon_ids = message.icon_ids
        for gallery in self.galleries():
            gallery.previews_changed(icon_ids)
        for watcher in tuple(self._watchers):
            watcher(icon_ids)

    def forget_catalogue(self) -> None:
        """Another catalogue is in use: drop the previews of the one before."""
        self.previews.reset()
        self.thumbnails.clear()
