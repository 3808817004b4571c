"""The results as a grid of pictures: one scrolling widget that draws lines, whatever the count.

`Gallery` is a `ScrollView` (Textual's Line API): its virtual height comes from the number of tiles and
`render_line` draws only the lines on screen, concatenating each tile's picture line (finished strips
from the `PreviewLoader`), so a frame costs the same for 20 results or 20,000 and no widget is mounted
per result. Its arithmetic (columns for a width, the tile at a point, the tile a key lands on, what is
on screen and a screen ahead) is plain functions in `gallery_geometry`, over the `Grid` laid out at
each resize; this class draws and answers events.

Each tile is a picture (`tile_size`: small 8×4, medium 12×6 or large 16×8 cells) with the icon's name
under it, shortened in the middle with "…" ("Arrow…Circle": names of a kind differ at
their end), and one cell of padding either side; the highlighted tile's padding and name take the
`gallery--highlight` style, so it shows as a coloured frame. With `label_lines=2` (the results'), a
second line says the icon's style and set in short ("Outl·Core"), so 21 tiles named "Bell" can be
told apart (`tile_text` fits them); the mouse's tooltip says them whole.

Tile size: `+`/`-` step through the sizes. With `fit_tiles` (the results' gallery until a person
has chosen a size), the size follows the view instead: drawn in blocks (`FITTED_MODES`), the largest
that still shows `WHOLE_TILES_FITTED` (6) whole tiles (`gallery_geometry.largest_tile_showing`),
since a small tile's picture in half blocks is 8×8 pixels and "Trash" and "Trash X" look alike at
that; in true pixels (kitty, sixel) a small tile's picture is sharp, so the small size. A size chosen
by `+`/`-` ends the fitting and says so (`TileSizeChosen`: the browser remembers it).

A tile's label is the icon's own unless `show_icons` is given `labels`: lines of text per tile, each
sanitised and shortened like a name; tiles are as tall as the most lines given (at least `label_lines`).
Grouped results label their tiles with the name and "× 17" (the count of members); the detail pane's
members gallery labels each member with its style and its set.

Pictures are asked of the loader for the tiles on screen first, then one screen ahead (in the
direction of the last scroll), whenever the tiles on screen change: new icons, a scroll, a resize, a
new tile size or theme. Until a picture arrives a tile shows "…"; when its preview is missing or
broken, "no preview". Pictures arriving one by one are painted together, at most every
`tile_repaints.TILE_REPAINT_INTERVAL`, and the last one on screen at once, never held for the throttle (a frame
costs the same for one tile as for ten: Textual redraws every widget the changed lines cross). Each
frame that draws the tiles with none waiting to be repainted tells the loader (`frame_drawn`): the
fetches one screen ahead start only after the last picture on screen is painted. Names are
sanitised when a tile is first drawn (only tiles on screen ever are) and shown as plain segments: never markup.

Marked icons (`set_marked`: "✓" in the bag, "★" a favourite) show their marks before their name, in
the `gallery--mark` style; a change of marks repaints only the name lines of the tiles on screen whose
marks changed.

Icons `dimmed` says (`iconcat pick`: those with no file of the format asked) have their names drawn
as faded as stale tiles' (`gallery--stale`'s `text-opacity`), their pictures as they are.

It speaks as `ResultsList` does, with the same messages (`messages`): `IconHighlighted` as the
highlight moves, `IconChosen` on a double click (Enter runs the screen's download command, which reads
`highlighted_icon`), with the same `show_icons`, `icons`, `highlighted_icon` and `highlighted`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from time import monotonic
from typing import TYPE_CHECKING, ClassVar

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual import events
from textual.binding import BindingType
from textual.color import Color
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive, var
from textual.renderables.text_opacity import TextOpacity
from textual.scroll_view import ScrollView
from textual.strip import Strip

from iconcat.text import sanitize

from ..controllers.preview_loader import PreviewLoader, RenderSpec
from ..true_pixels import is_true_pixels
from . import gallery_geometry as geometry
from .gallery_geometry import Grid
from .gallery_keys import GALLERY_BINDINGS
from .marks import Marks
from .messages import IconChosen, IconHighlighted, passed_last
from .quiet_growth import QuietGrowth
from .tile_labels import TileLabels
from .tile_placeholders import tile_picture
from .tile_repaints import TileRepaints
from .tile_sizes import DEFAULT_TILE_SIZE, TILE_SIZES, WHOLE_TILES_FITTED, TileSize, fitted_tile_size, sized

if TYPE_CHECKING:  # pragma: no cover - typing only
    from textual.timer import Timer

    from iconcat.api import Icon

__all__ = ["DEFAULT_TILE_SIZE", "Gallery", "TILE_SIZES", "WHOLE_TILES_FITTED", "TileSize"]


FITTED_MODES = frozenset({"half", "quadrant"})
"""Picture modes whose sharpness a tile's size decides (blocks: two or four picture pixels a cell), so
a gallery that fits its tiles (`fit_tiles`) picks the largest that still shows enough of them."""


class Gallery(QuietGrowth, ScrollView, can_focus=True):
    """Icons as tiles of pictures and names. Posts `IconHighlighted` as the highlight moves, `IconChosen` on a
    double click; Enter runs the screen's download command."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "gallery--name",
        "gallery--highlight",
        "gallery--placeholder",
        "gallery--mark",
        "gallery--stale",
    }
    """`gallery--name`: names under the pictures; `gallery--highlight`: the highlighted tile's frame and
    name; `gallery--placeholder`: "…" while a picture loads and "no preview"; `gallery--mark`: the marks
    ("✓" in the bag, "★" a favourite); `gallery--stale`: its `text-opacity` fades the names while
    `stale` (as `ResultsList`'s stale rows), and the names of the icons `dimmed` says."""

    BINDINGS: ClassVar[list[BindingType]] = GALLERY_BINDINGS

    highlighted: reactive[int | None] = reactive(None, init=False)
    """Index of the highlighted tile (None when there are no icons); setting it scrolls it into view."""

    tile_size: reactive[str] = reactive(DEFAULT_TILE_SIZE, init=False)
    """A key of `TILE_SIZES`: "small", "medium" or "large"."""

    mode: var[str] = var("half", init=False)
    """How pictures are drawn: "half" or "quadrant" blocks, or "text": names only, no preview fetched."""

    class TileSizeChosen(Message):
        """A person chose the tile size (`+`/`-`): it is theirs from now on, no longer fitted to the view."""

        def __init__(self, gallery: Gallery, size: str) -> None:
            super().__init__()
            self.gallery = gallery
            self.size = size
            """A key of `TILE_SIZES`."""

        @property
        def control(self) -> Gallery:
            return self.gallery

    stale: reactive[bool] = reactive(False, init=False)
    """The tiles answered the search before while one for other words runs: their names are drawn
    faded (`gallery--stale`). The pictures stay as they are: a true-pixel picture's cells carry its
    image in their colours, which a fade would break."""

    def __init__(
        self,
        loader: PreviewLoader,
        *,
        tile_size: str = DEFAULT_TILE_SIZE,
        mode: str = "half",
        channel: str = "gallery",
        label_lines: int = 1,
        fit_tiles: bool = False,
        dimmed: Callable[[Icon], bool] | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.dimmed = dimmed
        """Which icons' names are drawn faded (`iconcat pick`: those that offer nothing asked); None: none."""
        self.fit_tiles = fit_tiles
        """True: the tile size follows the view (drawn in blocks, the largest that shows
        `WHOLE_TILES_FITTED` whole tiles; else small) until a person chooses one with `+`/`-`."""
        self.loader = loader
        """Fetches and draws the pictures (shared with other widgets that show previews)."""
        self.channel = channel
        """The name this gallery's wishes go by in the loader."""
        self.set_reactive(Gallery.tile_size, self.validate_tile_size(tile_size))
        self.set_reactive(Gallery.mode, mode)
        self._icons: tuple[Icon, ...] = ()
        self._min_label_lines = self._label_lines = max(1, label_lines)
        self._tile = sized(self.tile_size, self._label_lines)
        self.labels = TileLabels()
        """The words under the tiles (sanitised when first drawn)."""
        self._grid = Grid(0, self._tile.width, self._tile.height)  # laid out by `_layout`
        self._direction = 1
        self._want_pending = False
        self.repaints = TileRepaints()
        """The rows of tiles whose pictures came, painted together (`tile_repaints`)."""
        self._repaint_timer: Timer | None = None
        self._shown = False
        self._background: tuple[int, int, int] | None = None
        self._line_styles: tuple[RichStyle, RichStyle, RichStyle, RichStyle, RichStyle] | None = None
        self._marked: Marks = {}
        self._tooltip_index: int | None = None
        self._spec = RenderSpec(1, 1, (0, 0, 0))  # set by render_lines before any line is drawn
        self._fade = 1.0  # the names' opacity (below 1 while `stale`), set by render_lines
        self._dim_fade = 1.0  # the names' opacity on tiles `dimmed` says, set by render_lines

    # ----------------------------------------------------------------- public API

    @property
    def icons(self) -> tuple[Icon, ...]:
        """The icons shown, in order."""
        return self._icons

    @property
    def highlighted_icon(self) -> Icon | None:
        """The icon under the highlight, if any."""
        index = self.highlighted
        if index is None or not 0 <= index < len(self._icons):
            return None
        return self._icons[index]

    @property
    def tile(self) -> TileSize:
        """The current tile size (with this gallery's lines of label)."""
        tile = self._tile
        if tile.name != self.tile_size:
            tile = self._tile = sized(self.tile_size, self._label_lines)
        return tile

    @property
    def grid(self) -> Grid:
        """How the tiles are laid out at the current width (`gallery_geometry` works with it)."""
        return self._grid

    @property
    def columns(self) -> int:
        """Tiles per row at the current width."""
        return self._grid.columns

    @property
    def rows_in_view(self) -> int:
        """Rows of tiles wholly on screen at the current height (at least 1)."""
        return geometry.rows_in_view(self._grid, self.scrollable_content_region.height)

    def tiles_in_view(self) -> range:
        """Indices of the tiles at least partly on screen."""
        return geometry.tiles_in_view(self._grid, round(self.scroll_y), self.scrollable_content_region.height)

    def whole_tiles_in_view(self) -> range:
        """Indices of the tiles wholly on screen."""
        return geometry.whole_tiles_in_view(self._grid, round(self.scroll_y), self.scrollable_content_region.height)

    def tile_region(self, index: int) -> Region:
        """Where tile `index` is drawn, in content coordinates of the view as scrolled now (it may be off screen)."""
        grid = self._grid
        x, y = grid.origin(index)
        return Region(x, y - round(self.scroll_y), grid.tile_width, grid.tile_height)

    @property
    def marked(self) -> Marks:
        """The marks the tiles show, by icon id ("✓" in the bag, "★" a favourite)."""
        return self._marked

    def set_marked(self, marks: Marks) -> None:
        """Show these marks (`marks.Marks`); repaint the name lines of the tiles on screen whose marks changed."""
        old = self._marked
        changed = {icon_id for icon_id in old.keys() | marks.keys() if old.get(icon_id) != marks.get(icon_id)}
        self._marked = dict(marks)
        if not changed or not self.is_mounted:
            return
        tile = self.tile
        icons = self._icons
        rows = {self._grid.row_of(index) for index in self.tiles_in_view() if icons[index].id in changed}
        for row in rows:
            self.refresh_lines(row * tile.height + tile.rows, tile.labels)

    def show_icons(
        self,
        icons: Sequence[Icon],
        *,
        keep_place: bool = False,
        labels: Sequence[Sequence[str]] | None = None,
        retry_failures: bool = True,
    ) -> None:
        """Replace the tiles with `icons`, highlight the first one (`keep_place`: the same index as
        before, for results grown by their next page), and ask for their pictures.

        `labels`: each tile's lines of label, in the order of `icons` (default: each icon's name); the
        tiles are as tall as the most lines given.
        `retry_failures`: previews that failed in passing get another chance (a new search; not the
        detail pane's members, which change with every move through the results).
        """
        before = self.highlighted if keep_place else None
        self._icons = tuple(icons)
        self.labels.show(self._icons, labels)
        self._tooltip_index = None
        lines = self.labels.most_lines
        if max(lines, self._min_label_lines) != self._label_lines:
            self._label_lines = max(lines, self._min_label_lines)
            self._tile = sized(self.tile_size, self._label_lines)
        self._layout()
        if before is None:
            self.scroll_to(y=0, animate=False)
        self.set_reactive(Gallery.highlighted, min(before or 0, len(self._icons) - 1) if self._icons else None)
        self.post_message(IconHighlighted(self, self.highlighted_icon))
        self.refresh()
        if retry_failures:
            self.loader.want_again()  # a new search gives previews that failed in passing another chance
        self.tell_loader()

    def append_icons(self, icons: Sequence[Icon], labels: Sequence[Sequence[str]] | None = None) -> None:
        """Add tiles for `icons` after the last (the results' next pages): the highlight, the scroll and
        the labels already made stay; the work is the new tiles' (and the tiles on screen's repaint),
        not every tile's again. `labels` as for `show_icons` (the tiles before were given theirs too)."""
        if not icons:
            return
        was_empty, first_new = not self._icons, len(self._icons)
        self._icons += tuple(icons)
        self.labels.append(self._icons, labels)
        with self.growing_quietly():  # (the tiles on screen are drawn again below, if new ones are among them)
            self._layout()
        self._scroll_update(self.virtual_size)  # (what the layout would have done)
        if was_empty:
            self.set_reactive(Gallery.highlighted, 0)
            self.post_message(IconHighlighted(self, self.highlighted_icon))
        # The tiles on screen are drawn again only when new ones are among them (below the view, they
        # change nothing there: drawing a screen of pictures again is most of a batch's time).
        if self._grid.top_of(first_new) < round(self.scroll_y) + self.scrollable_content_region.height:
            self.refresh()
        self.tell_loader()

    def relabel(self, labels: dict[int, Sequence[str]]) -> None:
        """Tiles (by index) read these lines of label now (a group's count grew); the tiles on screen
        are drawn again, no other."""
        for index, lines in labels.items():
            self.labels.relabel(index, lines)
        if any(index in labels for index in self.tiles_in_view()):
            self.refresh()

    def tell_loader(self) -> None:
        """Tell the loader which tiles are on screen and which are one screen ahead (now)."""
        self._want_pending = False
        if not self.is_mounted:
            return
        self._shown = self.display  # told as shown (or hidden): a restyle need not tell it again
        shown = self.tiles_in_view()
        if not shown and self.display and self._icons and self.mode != "text":
            shown = self._estimated_tiles_in_view()
        if self.mode == "text" or not shown or not self.display:
            self.loader.forget(self.channel)
            return
        icons = self._icons
        on_screen, ahead = geometry.prefetch_window(
            self._grid, shown, rows_in_view=self.rows_in_view, direction=self._direction, highlighted=self.highlighted
        )
        visible = [icons[index] for index in on_screen]
        ahead_icons = [icons[index] for index in ahead]
        self.loader.want(visible, ahead_icons, spec=self.render_spec(), channel=self.channel)

    def _estimated_tiles_in_view(self) -> range:
        """The tiles on screen once the gallery is laid out, guessed from its container before it is
        (shown for the first time): as many whole rows as fit, from the top."""
        width, height = self.scrollable_content_region.size
        if width <= 0 or height <= 0:
            size = getattr(self.parent, "content_size", None)
            if size is None:
                return range(0)
            gutter = self.styles.gutter  # the gallery's own border and padding, inside its container
            width, height = size.width - gutter.width, size.height - gutter.height
        tile = self.tile
        grid = Grid.fit(len(self._icons), width - self.styles.scrollbar_size_vertical, tile.width, tile.height)
        return geometry.tiles_in_whole_rows(grid, round(self.scroll_y), height)

    def render_spec(self) -> RenderSpec:
        """How this gallery's pictures are drawn now (size, theme background, mode)."""
        tile = self.tile
        mode = self.mode if self.mode in ("kitty", "sixel", "half", "quadrant") else "half"
        return RenderSpec(tile.columns, tile.rows, self.background_rgb(), mode)

    def background_rgb(self) -> tuple[int, int, int]:
        """The theme's surface colour, which pictures are composited onto (as the detail pane's)."""
        if self._background is None:
            variables = self.app.theme_variables or self.app.get_css_variables()
            self._background = Color.parse(variables.get("surface", "#1e1e2e")).rgb
        return self._background

    def previews_changed(self, icon_ids: Iterable[int]) -> None:
        """Pictures (or their failures) arrived for `icon_ids`: repaint the tiles on screen among them.

        The app routes the loader's `Arrived` and `Rendered` messages here (the loader posts them to
        its own node, usually the app, gathering what came meanwhile into one of each). Repaints are
        gathered too (`_repaint_tiles`): each frame redraws every widget the changed lines cross, and
        Textual runs one at every tick it has something new; the last picture on screen is painted at
        once, never held for the throttle.
        """
        shown = self.tiles_in_view()
        if not shown:
            return
        icons = self._icons
        positions = {icons[index].id: index for index in shown}
        found = [(icon_id, positions[icon_id]) for icon_id in icon_ids if icon_id in positions]
        if not found:
            return
        tile = self.tile
        if self.mode == "text":
            for _icon_id, index in found:
                self.refresh_lines(self._grid.row_of(index) * tile.height, tile.height)
            return
        spec = self.render_spec()
        repaints = self.repaints
        has_picture = partial(self._has_picture, spec)
        awaited = repaints.awaiting((icons, shown, spec), (icons[index].id for index in shown), has_picture)
        # Those that came, and those made meanwhile in the loader's thread whose message is still on its
        # way (else the last one on screen would wait for the throttle's tick behind this message).
        ready = [icon_id for icon_id, _ in found if has_picture(icon_id)] + [i for i in awaited if has_picture(i)]
        if not ready:
            return
        for icon_id in ready:
            repaints.came(icon_id, self._grid.row_of(positions[icon_id]))
        now = monotonic()
        due = repaints.due_in(now)
        if due == 0.0:
            self._repaint_tiles()  # the last picture on screen, or the first for a while: at once
        elif due is not None:
            self._repaint_timer = self.set_timer(due, self._repaint_tiles)

    def _has_picture(self, spec: RenderSpec, icon_id: int) -> bool:
        """True when the icon's picture drawn as `spec` (or its "no preview") is ready."""
        key = spec.key(icon_id)
        return self.loader.tile(key) is not None or self.loader.tile_failure(key) is not None

    def _repaint_tiles(self) -> None:
        """Repaint the rows whose pictures came since the last repaint (one frame for all of them)."""
        if self._repaint_timer is not None:
            self._repaint_timer.stop()
            self._repaint_timer = None
        height = self.tile.height
        for row in self.repaints.take(monotonic()):
            self.refresh_lines(row * height, height)

    def on_preview_loader_arrived(self, message: PreviewLoader.Arrived) -> None:
        """When the gallery is the loader's node, its messages land here."""
        self.previews_changed(message.icon_ids)

    def on_preview_loader_rendered(self, message: PreviewLoader.Rendered) -> None:
        """When the gallery is the loader's node, its messages land here."""
        self.previews_changed(message.icon_ids)

    # ----------------------------------------------------------------- reactives

    def validate_highlighted(self, index: int | None) -> int | None:
        if not self._icons:
            return None
        if index is None:
            return 0
        return min(max(index, 0), len(self._icons) - 1)

    def watch_highlighted(self, old: int | None, new: int | None) -> None:
        for index in (old, new):
            if index is not None and 0 <= index < len(self._icons):
                self.refresh_lines(self._grid.row_of(index) * self.tile.height, self.tile.height)
        self.scroll_to_highlight()
        self.post_message(IconHighlighted(self, self.highlighted_icon))

    def validate_tile_size(self, size: str) -> str:
        return size if size in TILE_SIZES else DEFAULT_TILE_SIZE

    def watch_tile_size(self) -> None:
        self.labels.forget()  # the style-and-set lines are fitted to the tile's width
        self._layout()
        self.scroll_to_highlight()
        self.refresh()
        self.tell_loader()

    def watch_mode(self) -> None:
        if self.fit_tiles and self.is_mounted:
            self._layout()  # (into or out of blocks: another size may fit)
            self.scroll_to_highlight()
        self.refresh()
        self.tell_loader()

    # ----------------------------------------------------------------- layout and scrolling

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._theme_changed())
        self._layout()

    def on_unmount(self) -> None:
        self.loader.forget(self.channel)

    def on_resize(self, event: events.Resize) -> None:
        self._layout()
        self.refresh()
        # After the new layout: the highlighted tile stays on screen, and the loader learns what shows.
        self.call_after_refresh(self.scroll_to_highlight)
        self._schedule_want()

    def on_show(self, event: events.Show) -> None:
        self._schedule_want()

    def on_hide(self, event: events.Hide) -> None:
        self.loader.forget(self.channel)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._line_styles = None
        shown = self.display
        if shown and not self._shown and self.is_mounted:
            # Just restyled into view (the results replacing the prompt): the fetches start now, from
            # the tiles the view will hold, not a frame or two later when Show and Resize have come.
            self.tell_loader()
        self._shown = shown

    def _theme_changed(self) -> None:
        self._background = None
        self._line_styles = None
        self.refresh()
        self.tell_loader()

    def _grid_width(self) -> int:
        width = self.size.width
        if width <= 0:
            # Not laid out yet (hidden until now): the width it will have, from its container (as
            # `_estimated_tiles_in_view`), so the first layout gets the virtual size it keeps and is
            # not followed by another one when the gallery learns its width.
            size = getattr(self.parent, "content_size", None)
            if size is not None:
                width = size.width - self.styles.gutter.width
        # The vertical scrollbar's room is always kept: columns then never change as it comes and goes.
        return max(width - self.styles.scrollbar_size_vertical, 1)

    def _view_height(self) -> int:
        """Lines the view shows (before the first layout, what its container will give it)."""
        height = self.scrollable_content_region.height
        if height <= 0:
            size = getattr(self.parent, "content_size", None)
            if size is not None:
                height = size.height - self.styles.gutter.height
        return height

    def fitted_tile_size(self, width: int, height: int) -> str:
        """The tile size a gallery of `width` × `height` cells fits (`fit_tiles`) with its pictures
        drawn as they are now: in blocks, the largest showing `WHOLE_TILES_FITTED` whole tiles."""
        if self.mode not in FITTED_MODES:
            return DEFAULT_TILE_SIZE
        return fitted_tile_size(width, height, self._label_lines)

    def _layout(self) -> None:
        """Columns and the virtual size for the current width, tile size and icon count."""
        width = self._grid_width()
        if self.fit_tiles and (height := self._view_height()) > 0:
            fitted = self.fitted_tile_size(width, height)
            if fitted != self.tile_size:
                # Set without the watcher: it would lay out again; what it does besides (forget the
                # labels fitted to the old width; scroll, repaint, tell the loader) the layout's callers do.
                self.set_reactive(Gallery.tile_size, fitted)
                self.labels.forget()
        tile = self.tile
        self._grid = Grid.fit(len(self._icons), width, tile.width, tile.height)
        self.virtual_size = Size(width, self._grid.height)

    def scroll_to_highlight(self) -> None:
        """Scroll just enough for the highlighted tile to be wholly on screen."""
        index = self.highlighted
        if index is None:
            return
        height = self.scrollable_content_region.height
        target = geometry.scroll_to_show(self._grid, index, round(self.scroll_y), height)
        if target is not None:
            self.scroll_to(y=target, animate=False)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if round(old_value) != round(new_value):
            self._direction = 1 if new_value > old_value else -1
            self._schedule_want()

    def _schedule_want(self) -> None:
        # Once per frame at most: a flick of the wheel moves the view several times between frames.
        if not self._want_pending:
            self._want_pending = True
            self.call_after_refresh(self.tell_loader)

    # ----------------------------------------------------------------- drawing

    def render_lines(self, crop: Region) -> list[Strip]:
        if self._line_styles is None:
            base = self.rich_style
            self._line_styles = (
                base,
                base + self.get_component_rich_style("gallery--name"),
                base + self.get_component_rich_style("gallery--highlight"),
                base + self.get_component_rich_style("gallery--placeholder"),
                base + self.get_component_rich_style("gallery--name") + self.get_component_rich_style("gallery--mark"),
            )
        self._spec = self.render_spec()
        faded = self.get_component_styles("gallery--stale").text_opacity
        self._fade = faded if self.stale else 1.0
        self._dim_fade = faded if self.dimmed is not None and not self.stale else 1.0
        lines = super().render_lines(crop)
        if self.repaints.idle:
            self.loader.frame_drawn()  # every picture that came is in this frame: the fetches ahead may start
        return lines

    def render_line(self, y: int) -> Strip:
        styles = self._line_styles
        if styles is None:  # drawn without render_lines (only in tests)
            self.render_lines(Region(0, y, self.size.width, 1))
            styles = self._line_styles
            assert styles is not None
        base, name_style, highlight_style, placeholder_style, mark_style = styles
        marked = self._marked
        width = self.scrollable_content_region.width
        tile = self.tile
        grid = self._grid
        line = round(self.scroll_y) + y
        row, sub = divmod(line, tile.height)
        tiles = grid.row_tiles(row)
        icons = self._icons
        if line < 0 or not tiles:
            return Strip.blank(width, base)
        segments: list[Segment] = []
        if grid.left:
            segments.append(Segment(" " * grid.left, base))
        spec = self._spec if sub < tile.rows else None
        # Pictures off, or true pixels under a dialog (its translucent backdrop would blend their colours).
        blank = spec is not None and (self.mode == "text" or (is_true_pixels(spec.mode) and not self.screen.is_active))
        dimmed = self.dimmed if spec is None and self._dim_fade < 1.0 else None
        for index in tiles:
            icon = icons[index]
            frame = highlight_style if index == self.highlighted else base
            pad = Segment(" ", frame)
            tile_start = len(segments)
            segments.append(pad)
            if spec is not None:
                # (A sixel picture's line ends in its mark, which the frame `pad` follows: see true_pixels.)
                segments.extend(tile_picture(self.loader, spec, icon.id, placeholder_style, blank=blank)[sub])
            else:
                text_style = highlight_style if frame is highlight_style else name_style
                label_line = sub - tile.rows
                marks = marked.get(icon.id) if label_line == 0 else None
                if marks:
                    before, fitted_marks, after = self.labels.marked_line(index, tile.columns, marks)
                    if fitted_marks:
                        mark = highlight_style if frame is highlight_style else mark_style
                        segments += [Segment(before, text_style), Segment(marks, mark), Segment(after, text_style)]
                    else:  # (a tile too narrow for even the marks)
                        segments.append(Segment(before, text_style))
                else:
                    segments.append(Segment(self.labels.line(index, label_line, tile.columns), text_style))
            segments.append(pad)
            if dimmed is not None and dimmed(icon):
                app = self.app
                faded = TextOpacity.process_segments(
                    segments[tile_start:], self._dim_fade, app.ansi_theme, app.native_ansi_color
                )
                segments[tile_start:] = list(faded)
        used = grid.left + len(tiles) * tile.width
        if used < width:
            segments.append(Segment(" " * (width - used), base))
            strip = Strip(segments, width)
        else:
            strip = Strip(segments, used).crop(0, width)
        if spec is None and self._fade < 1.0:  # a line of names, on stale tiles
            app = self.app
            strip = Strip(TextOpacity.process_segments(strip, self._fade, app.ansi_theme, app.native_ansi_color), width)
        return strip

    # ----------------------------------------------------------------- keys and mouse

    def _move(self, to: Callable[[Grid, int], int]) -> None:
        """Highlight the tile `to` (a move of `gallery_geometry`) lands on from the highlighted one."""
        index = self.highlighted
        if index is not None and self._icons:
            self.highlighted = to(self._grid, index)

    def action_cursor_left(self) -> None:
        """Highlight the previous tile."""
        self._move(geometry.tile_before)

    def action_cursor_right(self) -> None:
        """Highlight the next tile."""
        self._move(geometry.tile_after)

    def action_cursor_up(self) -> None:
        """Highlight the tile above (stay in the top row)."""
        self._move(geometry.tile_above)

    def action_cursor_down(self) -> None:
        """Highlight the tile below; from the row above a shorter last row, its last tile."""
        self._move(geometry.tile_below)

    def action_cursor_page_up(self) -> None:
        """Move up a screen of tiles (same column)."""
        self._move(partial(geometry.tile_page_above, rows_in_view=self.rows_in_view))

    def action_cursor_page_down(self) -> None:
        """Move down a screen of tiles (same column; the last tile at the end); on the last tile, say
        so (`LastPassed`: the next page)."""
        if not passed_last(self):
            self._move(partial(geometry.tile_page_below, rows_in_view=self.rows_in_view))

    def action_cursor_first(self) -> None:
        """Highlight the first icon."""
        if self._icons:
            self.highlighted = 0

    def action_cursor_last(self) -> None:
        """Highlight the last icon; on it already, say so (`LastPassed`: the next page)."""
        if self._icons and not passed_last(self):
            self.highlighted = len(self._icons) - 1

    def action_choose(self) -> None:
        """Choose the highlighted icon (a double click: the app opens the variant picker)."""
        icon = self.highlighted_icon
        if icon is not None:
            self.post_message(IconChosen(self, icon))

    def action_bigger_tiles(self) -> None:
        """Larger tiles (the person's choice from now on: `TileSizeChosen`)."""
        self._choose_tile_size(+1)

    def action_smaller_tiles(self) -> None:
        """Smaller tiles (the person's choice from now on: `TileSizeChosen`)."""
        self._choose_tile_size(-1)

    def _choose_tile_size(self, step: int) -> None:
        sizes = list(TILE_SIZES)
        self.fit_tiles = False
        self.tile_size = sizes[min(max(sizes.index(self.tile_size) + step, 0), len(sizes) - 1)]
        self.post_message(self.TileSizeChosen(self, self.tile_size))

    def index_at(self, x: int, y: int) -> int | None:
        """The index of the tile at content offset (`x`, `y`) (on screen, not scrolled), or None."""
        return geometry.tile_at(self._grid, x, round(self.scroll_y) + y)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """The tooltip says the tile under the pointer whole: name, style and set (a tile shortens them)."""
        offset = event.get_content_offset(self)
        index = None if offset is None else self.index_at(offset.x, offset.y)
        if index == self._tooltip_index:
            return
        self._tooltip_index = index
        if index is None:
            self.tooltip = None
            return
        icon = self._icons[index]
        names = (sanitize(icon.name, max_length=120), sanitize(icon.style.name), sanitize(icon.set.name))
        self.tooltip = Content(f"{names[0]}\n{names[1]} · {names[2]}")

    def on_click(self, event: events.Click) -> None:
        """A click highlights a tile; a double click chooses it, like Enter."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self.index_at(offset.x, offset.y)
        if index is None:
            return
        event.stop()
        self.highlighted = index
        if event.chain >= 2:
            self.action_choose()
