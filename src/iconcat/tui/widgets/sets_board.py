"""The sets view's board: every set as a row of words and sample pictures, grouped by category.

Laid out by `sets_layout` (a heading per group, `SET_HEIGHT` lines per set); drawn line by line (a
`ScrollView`'s line API, as the gallery is). A set's samples are drawn as pictures through the
browser's one preview loader (its channel "sets", `PreviewLoader.want`): the board says which sets are
on screen (`SetsBoard.Shown`), the screen finds their samples' icons (`set_samples.SetSamples`) and
hands them back (`samples_found`), and the loader's pictures come in as any gallery's do
(`previews_changed`). Pictures off (`mode` "text"): the samples' names instead.

Every string shown is the catalogue's, sanitised by the client, drawn as plain segments: never markup.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual import events
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..controllers.preview_loader import RenderSpec
from .sets_layout import (
    MARKER_COLUMNS,
    PICTURE_COLUMNS,
    PICTURE_ROWS,
    SET_HEIGHT,
    fit,
    lay_out,
    samples_fitting,
    set_words,
    text_columns,
)
from .tile_placeholders import LOADING, placeholder_picture, tile_picture

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon, SetSummary
    from iconcat.browsing.sets_view import SetGroup

    from ..controllers.preview_loader import PreviewLoader

__all__ = ["SetsBoard"]

CHANNEL = "sets"
"""The preview loader's channel of the board's pictures."""


class SetsBoard(ScrollView, can_focus=True):
    """The sets, grouped, one highlighted; Enter (or a click) chooses it (`Chosen`)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "sets-board--heading",
        "sets-board--name",
        "sets-board--detail",
        "sets-board--highlight",
        "sets-board--placeholder",
    }
    """`--heading`: a category's line; `--name`: a set's name; `--detail`: its other words;
    `--highlight`: the highlighted set's words and bar; `--placeholder`: "…" while a picture comes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", "Up", show=False),
        Binding("down", "cursor_down", "Down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("enter", "choose", "Open", show=False),
    ]

    highlighted: reactive[int | None] = reactive(None, init=False)
    """The highlighted set's index in `layout.entries` (None: no set shown)."""

    class Chosen(Message):
        """A set was chosen (Enter, a click): the screen opens it."""

        def __init__(self, summary: SetSummary) -> None:
            super().__init__()
            self.summary = summary

    class Shown(Message):
        """These sets are on screen now: their samples are wanted."""

        def __init__(self, sets: tuple[SetSummary, ...]) -> None:
            super().__init__()
            self.sets = sets

    def __init__(
        self,
        loader: PreviewLoader,
        samples: Callable[[SetSummary], Sequence[Icon] | None],
        *,
        mode: str = "half",
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.loader = loader
        self._samples = samples
        """A set's samples' icons once found (None while being found)."""
        self.mode = mode if mode in ("half", "quadrant", "text") else "half"
        """"half" or "quadrant" blocks, or "text": the samples' names (true pixels draw in half blocks here)."""
        self.board_layout = lay_out(())
        self._styles: tuple[RichStyle, ...] | None = None
        self._background: tuple[int, int, int] | None = None
        self._told: tuple[int, ...] = ()

    # ----------------------------------------------------------------- what it shows

    def show_groups(self, groups: Sequence[SetGroup], *, keep: int | None = None) -> None:
        """Show `groups`; highlight the set whose id is `keep` when shown, else the first."""
        self.board_layout = lay_out(groups)
        entries = self.board_layout.entries
        index = next((number for number, summary in enumerate(entries) if summary.id == keep), None)
        self.virtual_size = Size(self.size.width, len(self.board_layout.lines))
        self.set_reactive(SetsBoard.highlighted, None)
        self.highlighted = index if index is not None else (0 if entries else None)
        if self.highlighted is None:
            self.scroll_to(y=0, animate=False)
        self._told = ()
        self.refresh()
        self.call_after_refresh(self.tell_shown)

    @property
    def highlighted_set(self) -> SetSummary | None:
        """The highlighted set, if any."""
        index = self.highlighted
        return self.board_layout.entries[index] if index is not None else None

    def sets_in_view(self) -> list[int]:
        """The sets with a line on screen."""
        top = round(self.scroll_y)
        return self.board_layout.entries_between(top, top + self.scrollable_content_region.height)

    def render_spec(self) -> RenderSpec:
        """How the samples are drawn (the gallery's small tile, the theme's surface behind)."""
        mode = self.mode if self.mode in ("half", "quadrant") else "half"
        return RenderSpec(PICTURE_COLUMNS, PICTURE_ROWS, self.background_rgb(), mode)

    def background_rgb(self) -> tuple[int, int, int]:
        """The theme's surface colour, which pictures are composited onto (as the gallery's)."""
        if self._background is None:
            variables = self.app.theme_variables or self.app.get_css_variables()
            self._background = Color.parse(variables.get("surface", "#1e1e2e")).rgb
        return self._background

    def pictures_per_row(self) -> int:
        """How many samples a row shows (0 with pictures off: their names instead)."""
        if self.mode == "text":
            return 0
        return samples_fitting(self.scrollable_content_region.width, 8)

    def tell_shown(self) -> None:
        """Say which sets are on screen (once per change), and want their samples' pictures drawn."""
        if not self.is_mounted:
            return
        shown = tuple(self.sets_in_view())
        if shown != self._told:
            self._told = shown
            self.post_message(self.Shown(tuple(self.board_layout.entries[index] for index in shown)))
        self.want_pictures()

    def want_pictures(self) -> None:
        """Tell the loader the samples on screen (those found), to be drawn as `render_spec` says."""
        per_row = self.pictures_per_row()
        if per_row == 0:
            self.loader.forget(CHANNEL)
            return
        wanted: list[Icon] = []
        for index in self.sets_in_view():
            found = self._samples(self.board_layout.entries[index])
            if found:
                wanted.extend(found[:per_row])
        # First: over the results' tiles hidden under the view (they still want theirs), what is seen.
        self.loader.want(wanted, spec=self.render_spec(), channel=CHANNEL, first=True)

    def samples_found(self) -> None:
        """Samples were found for some sets: draw them."""
        self.want_pictures()
        self.refresh()

    def previews_changed(self, icon_ids: Iterable[int]) -> None:
        """Pictures came for `icon_ids`: repaint when one of them is on screen."""
        per_row = self.pictures_per_row()
        shown: set[int] = set()
        for index in self.sets_in_view():
            found = self._samples(self.board_layout.entries[index]) or ()
            shown.update(icon.id for icon in found[:per_row])
        if any(icon_id in shown for icon_id in icon_ids):
            self.refresh()

    # ----------------------------------------------------------------- life

    def on_mount(self) -> None:
        self.virtual_size = Size(self.size.width, len(self.board_layout.lines))

    def on_unmount(self) -> None:
        self.loader.forget(CHANNEL)

    def on_resize(self, event: events.Resize) -> None:
        self.virtual_size = Size(event.size.width, len(self.board_layout.lines))
        self.call_after_refresh(self.tell_shown)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.call_after_refresh(self.tell_shown)

    def watch_highlighted(self, old: int | None, new: int | None) -> None:
        if new is not None:
            top, bottom = self.board_layout.span(new)
            height = max(1, self.scrollable_content_region.height)
            if top < self.scroll_y:
                self.scroll_to(y=top, animate=False, immediate=True)
            elif bottom > self.scroll_y + height:
                self.scroll_to(y=max(0, bottom - height), animate=False, immediate=True)
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles = None
        self._background = None

    # ----------------------------------------------------------------- drawing

    def render_lines(self, crop: Region) -> list[Strip]:
        if self._styles is None:
            base = self.rich_style
            self._styles = (
                base,
                base + self.get_component_rich_style("sets-board--heading"),
                base + self.get_component_rich_style("sets-board--name"),
                base + self.get_component_rich_style("sets-board--detail"),
                base + self.get_component_rich_style("sets-board--highlight"),
                base + self.get_component_rich_style("sets-board--placeholder"),
            )
        lines = super().render_lines(crop)
        self.loader.frame_drawn()
        return lines

    def render_line(self, y: int) -> Strip:
        if self._styles is None:  # drawn without render_lines (only in tests)
            self.render_lines(Region(0, y, self.size.width, 1))
        assert self._styles is not None
        base, heading_style, name_style, detail_style, highlight_style, placeholder_style = self._styles
        width = self.scrollable_content_region.width
        line_number = round(self.scroll_y) + y
        layout = self.board_layout
        if not 0 <= line_number < len(layout.lines):
            return Strip.blank(width, base)
        line = layout.lines[line_number]
        if line.heading is not None:
            return Strip([Segment(fit(line.heading, width), heading_style)], width)
        assert line.entry is not None
        summary = layout.entries[line.entry]
        highlighted = line.entry == self.highlighted
        sub = line.sub
        if sub >= PICTURE_ROWS:  # the blank line under a set
            return Strip.blank(width, base)
        columns = text_columns(width)
        words = set_words(summary)
        text = words[sub] if sub < len(words) else ""
        marker = "▌ " if highlighted else "  "
        style = highlight_style if highlighted else (name_style if sub == 0 else detail_style)
        segments = [
            Segment(marker, highlight_style if highlighted else base),
            Segment(fit(text, columns), style),
            Segment(" ", base),
        ]
        used = MARKER_COLUMNS + columns + 1
        per_row = self.pictures_per_row()
        if per_row == 0:
            if sub == 0 and summary.samples:
                names = fit(" ".join(summary.samples), max(0, width - used))
                segments.append(Segment(names, detail_style))
                used += len(names)
        else:
            found = self._samples(summary)
            spec = self.render_spec()
            for slot in range(min(per_row, len(summary.samples) if found is None else len(found))):
                if found is None:
                    picture = placeholder_picture(PICTURE_COLUMNS, PICTURE_ROWS, LOADING, placeholder_style)
                else:
                    picture = tile_picture(self.loader, spec, found[slot].id, placeholder_style, blank=False)
                segments.extend(picture[sub])
                segments.append(Segment(" ", base))
                used += PICTURE_COLUMNS + 1
        if used < width:
            segments.append(Segment(" " * (width - used), base))
        return Strip(segments, max(width, used)).crop(0, width)

    # ----------------------------------------------------------------- keys and mouse

    def _move(self, to: int) -> None:
        entries = self.board_layout.entries
        if entries:
            self.highlighted = max(0, min(len(entries) - 1, to))

    def action_cursor_up(self) -> None:
        if self.highlighted is not None:
            self._move(self.highlighted - 1)

    def action_cursor_down(self) -> None:
        self._move(0 if self.highlighted is None else self.highlighted + 1)

    def _page(self) -> int:
        return max(1, self.scrollable_content_region.height // SET_HEIGHT)

    def action_page_up(self) -> None:
        if self.highlighted is not None:
            self._move(self.highlighted - self._page())

    def action_page_down(self) -> None:
        self._move((self.highlighted or 0) + self._page())

    def action_first(self) -> None:
        self._move(0)

    def action_last(self) -> None:
        self._move(len(self.board_layout.entries) - 1)

    def action_choose(self) -> None:
        summary = self.highlighted_set
        if summary is not None:
            self.post_message(self.Chosen(summary))

    def on_click(self, event: events.Click) -> None:
        entry = self.board_layout.entry_at(round(self.scroll_y) + event.y)
        if entry is None:
            return
        if entry == self.highlighted and event.chain >= 2:
            self.action_choose()
        self.highlighted = entry
