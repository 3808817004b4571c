"""The results: one virtualised OptionList (one widget, whatever the count) of name, style and set.

Each row is an `IconRow`, a tiny Visual that lays its three columns out at whatever width it is drawn:
resizing never rebuilds the rows, measuring a row costs nothing (it is always one line), and only rows
on screen are ever rendered. Names are sanitised when a row is first drawn and become plain text segments:
never markup, never parsed.

The columns give way on a narrow list, the name keeping its room (`ColumnWidths.columns`): a set whose
name does not fit says its Iconify prefix ("mdi" for Material Design Icons), else its first word,
before it is cut, and the style column goes before the set's (at 50 columns a set column stays).

Grouped by name (`show_icons(..., groups=...)`), a row is one group: "Arrow Up · 17" (the count kept
when the name is cut), then its style and set, or how many of each it comes in ("5 styles", "4 sets").

Marked icons (`set_marked`: "✓" in the bag, "★" a favourite) show their marks before their name (the
name cut to make room); a change of marks repaints only the rows on screen whose marks changed.

While a newer search runs, the rows on show are drawn faded (`ResultsList.stale`). That is a flag read
when lines are drawn, not a CSS class: a class change restyles the list and its scrollbars (about as
long as drawing the rows), twice per search. How faded comes from the stylesheet
(`.results-list--stale`'s `text-opacity`), applied exactly as CSS `text-opacity` would be. The rows
of the icons `dimmed` says (`iconcat pick`: those with no file of the format asked) are drawn as faded.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual import events
from textual.binding import Binding
from textual.color import Color
from textual.css.styles import RulesMap
from textual.geometry import Region
from textual.reactive import reactive
from textual.renderables.text_opacity import TextOpacity
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from iconcat.text import sanitize

from .marks import Marks
from .messages import IconChosen, IconHighlighted, passed_last
from .quiet_growth import QuietGrowth

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon
    from iconcat.browsing.grouping import IconGroup

__all__ = ["ColumnWidths", "IconRow", "ResultsList"]

_GAP = 2
_GAP_TEXT = " " * _GAP
_META_STYLE = ".results-list--meta"
_MIN_NAME = 14
_MAX_STYLE = 12
_MAX_SET = 18


def _fit(text: str, width: int) -> str:
    """`text` padded or cut (with "…") to exactly `width` cells."""
    if cell_len(text) <= width:
        return set_cell_size(text, width)
    return set_cell_size(text, width - 1) + "…" if width else ""


def _short_set(icon: Icon) -> str:
    """The set's short name: its Iconify prefix ("mdi") when the icon has one shorter than the name,
    else the name's first word ("Lucide Static" → "Lucide", as on a tile), else "" (raw: measured
    before sanitising, as the names are)."""
    name = icon.set.name
    prefix = icon.iconify_prefix
    if prefix and len(prefix) < len(name):
        return prefix
    first = name.split(maxsplit=1)[0] if name.strip() else ""
    return first if len(first) < len(name.strip()) else ""


def _set_text(name: str, short: str, width: int) -> str:
    """A set in its column of `width` cells: its name whole, else its short name (`_short_set`), else cut."""
    if cell_len(name) <= width or not short:
        return _fit(name, width)
    return _fit(short, width)


@dataclass
class ColumnWidths:
    """Widths of the style and set columns, shared by every row of one result set."""

    style: int = 0
    set: int = 0
    short_set: int = 0
    """The set column's width with each set said short (`_short_set`, else its name): where the names
    do not fit, a narrow list keeps a set column this wide (50 columns: "mdi", "tabler", "Core")."""
    name: int = _MIN_NAME
    """The room the name column keeps before the set, then the style, give way: the longest name, up
    to `_MIN_NAME` (short names leave the set column on show in a narrow list)."""
    highlight_background: Color | None = None
    """The highlight bar's background, kept current by the list (rows draw no muted text on it)."""
    marked: Marks = field(default_factory=dict)
    """The marks rows show by icon id ("✓" in the bag, "★" a favourite), kept current by the list."""

    @classmethod
    def fit(cls, icons: Sequence[Icon], groups: Sequence[IconGroup] | None = None) -> ColumnWidths:
        """Widths for `icons` (or, grouped, for `groups`' rows): as wide as their longest value, within caps.

        Measured on the raw strings (sanitising only removes or folds characters, so a raw length is
        an upper bound): sanitising thousands of names up front would cost more than drawing them.
        """
        if groups is not None:
            labels = [group.label for group in groups]
            return cls(
                style=min(max((len(group.styles_text) for group in groups), default=0), _MAX_STYLE),
                set=min(max((len(group.sets_text) for group in groups), default=0), _MAX_SET),
                short_set=min(max((len(_group_short_set(g) or g.sets_text) for g in groups), default=0), _MAX_SET),
                name=min(max((cell_len(label) for label in labels), default=0), _MIN_NAME),
            )
        style = max((len(icon.style.name) for icon in icons), default=0)
        set_ = max((len(icon.set.name) for icon in icons), default=0)
        short = max((len(_short_set(icon) or icon.set.name) for icon in icons), default=0)
        # Cells, not characters: a non-ASCII name may be wide (CJK), so it counts double.
        name = max((len(icon.name) if icon.name.isascii() else 2 * len(icon.name) for icon in icons), default=0)
        return cls(
            style=min(style, _MAX_STYLE),
            set=min(set_, _MAX_SET),
            short_set=min(short, _MAX_SET),
            name=min(name, _MIN_NAME),
        )

    def widen(self, other: ColumnWidths) -> bool:
        """Take `other`'s widths where they are wider (more rows came); True when a column widened."""
        wider = (
            max(self.style, other.style),
            max(self.set, other.set),
            max(self.short_set, other.short_set),
            max(self.name, other.name),
        )
        if wider == (self.style, self.set, self.short_set, self.name):
            return False
        self.style, self.set, self.short_set, self.name = wider
        return True

    def columns(self, width: int) -> tuple[int, int]:
        """The (style, set) columns' widths in a row of `width` cells, 0 for a column left out: the
        name keeps its room (`name`); the set says itself short before the style gives way, and the
        style before the set (a set column stays at 50 columns, where it went first)."""
        room = width - self.name
        for style, set_ in (
            (self.style, self.set),
            (self.style, self.short_set),
            (0, self.set),
            (0, self.short_set),
            (self.style, 0),
        ):
            if (style and style + _GAP) + (set_ and set_ + _GAP) <= room:
                return style, set_
        return 0, 0


def _group_short_set(group: IconGroup) -> str:
    """A group's set said short: its one set's (`_short_set`), else "" ("4 sets" is short already)."""
    return _short_set(group.first) if len(group.sets) == 1 else ""


class IconRow(Visual):
    """One result row: name, then style and set in muted columns that give way on narrow lists.

    Sanitising happens when the row is first drawn, not when it is made: a list of 5,000 icons only
    ever draws the few dozen rows on screen.
    """

    __slots__ = ("icon", "widths", "group", "_texts", "_short_set")

    def __init__(self, icon: Icon, widths: ColumnWidths, group: IconGroup | None = None) -> None:
        self.icon = icon
        self.widths = widths
        self.group = group
        """The group this row stands for, when grouped by name (`icon` is its first member)."""
        self._texts: tuple[str, str, str] | None = None
        self._short_set: str | None = None

    @property
    def texts(self) -> tuple[str, str, str]:
        """(name, style, set), sanitised; for a group ("Arrow Up · 17", "5 styles", "4 sets")."""
        if self._texts is None:
            group = self.group
            if group is not None:
                self._texts = (group.label, group.styles_text, group.sets_text)
                return self._texts
            icon = self.icon
            self._texts = (
                sanitize(icon.name),
                sanitize(icon.style.name, max_length=40),
                sanitize(icon.set.name, max_length=40),
            )
        return self._texts

    @property
    def short_set(self) -> str:
        """The set's short name (`_short_set`, sanitised), or "" when it has none shorter."""
        if self._short_set is None:
            short = _group_short_set(self.group) if self.group is not None else _short_set(self.icon)
            self._short_set = sanitize(short, max_length=40)
        return self._short_set

    def cells(self, width: int) -> list[tuple[str, bool]]:
        """The row as (text, muted) pieces, exactly `width` cells in all."""
        widths = self.widths
        name, style, set_ = self.texts
        style_width, set_width = widths.columns(width)
        columns: list[tuple[str, int]] = []
        if style_width:
            columns.append((_fit(style, style_width), style_width))
        if set_width:
            columns.append((_set_text(set_, self.short_set, set_width), set_width))
        name_width = max(width - sum(column_width + _GAP for _, column_width in columns), 0)
        pieces: list[tuple[str, bool]] = []
        marks = widths.marked.get(self.icon.id)
        if marks and name_width > len(marks) + 1:
            pieces.append((marks + " ", False))
            name_width -= len(marks) + 1
        if self.group is not None and cell_len(name) > name_width:
            name = self.group.fit_label(name_width)  # cut, but keeping the count
        pieces.append((_fit(name, name_width), False))
        for value, _ in columns:
            pieces.append((_GAP_TEXT, False))
            pieces.append((value, True))
        return pieces

    def rich_styles(self, style: Style, get_style: Callable[[str], Style]) -> tuple[RichStyle, RichStyle]:
        """(plain, muted) Rich styles for a row drawn in `style`; `get_style` resolves component classes."""
        plain = style.rich_style
        if style.background is not None and style.background == self.widths.highlight_background:
            return plain, plain  # on the highlight bar, muted text would lose its contrast
        return plain, (style + get_style(_META_STYLE)).rich_style

    def segments(self, width: int, plain: RichStyle, muted: RichStyle) -> list[Segment]:
        """The row as segments, exactly `width` cells in all."""
        return [Segment(text, muted if is_muted else plain) for text, is_muted in self.cells(width) if text]

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        # Straight to segments: a row is one line of known width, so Content's wrapping machinery
        # (the general path) would only cost time on every row drawn.
        return [Strip(self.segments(width, *self.rich_styles(style, options.get_style)), width)]

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return 1


class ResultsList(QuietGrowth, OptionList):
    """The icons found. Posts `IconHighlighted` as the highlight moves and `IconChosen` on a double click
    (`messages`: the gallery's too); Enter runs the screen's download command."""

    COMPONENT_CLASSES = {"results-list--meta", "results-list--stale"}
    """`results-list--meta`: the style and set columns; `results-list--stale`: its `text-opacity` is
    how faded the rows are drawn while a newer search runs, and the rows of the icons `dimmed` says."""

    # Rows are plain text from the catalogue: there are never links to style, and looking for them
    # costs a pass over every row drawn.
    auto_links = False

    stale: reactive[bool] = reactive(False, init=False)
    """True while a newer search runs: the rows on show are drawn faded (a repaint, not a restyle)."""

    BINDINGS = [
        # Enter is the screen's download command (`d`), run as the key is read: a message to the screen
        # would arrive after a second Enter in the same read had opened a second picker (docs/browser.md).
        Binding(
            "enter",
            "screen.download",
            "Download",
            show=False,
            id="results-choose",
            tooltip="Choose a variant of the highlighted icon to download",
        ),
        Binding(
            "right",
            "screen.focus_members(True)",
            "Members",
            show=False,
            id="results-members",
            tooltip="Grouped by name: move to the highlighted group's styles and sets",
        ),
    ]

    def __init__(self, *, dimmed: Callable[[Icon], bool] | None = None, id: str | None = None) -> None:
        # markup=False: prompts are Visuals anyway, but nothing here may ever be parsed as markup.
        super().__init__(id=id, markup=False)
        self.dimmed = dimmed
        """Which icons' rows are drawn faded (`iconcat pick`: those that offer nothing asked); None: none."""
        self._dim_fade = 1.0
        self._icons: tuple[Icon, ...] = ()
        self._widths = ColumnWidths()
        self._fade = 1.0
        self._marked: Marks = {}

    @property
    def icons(self) -> tuple[Icon, ...]:
        """The icons listed, in order."""
        return self._icons

    @property
    def highlighted_icon(self) -> Icon | None:
        """The icon under the highlight, if any."""
        index = self.highlighted
        if index is None or not 0 <= index < len(self._icons):
            return None
        return self._icons[index]

    def show_icons(
        self, icons: Sequence[Icon], *, keep_place: bool = False, groups: Sequence[IconGroup] | None = None
    ) -> None:
        """Replace the rows with `icons` and highlight the first one (`keep_place`: the same one as
        before, for a list grown by its next page).

        `groups`, grouped by name: the group each row stands for, in the order of `icons` (each icon
        its group's first member); the rows then show the groups.
        """
        before = self.highlighted if keep_place else None
        self._icons = tuple(icons)
        self._widths = widths = ColumnWidths.fit(self._icons, groups)
        widths.marked = self._marked
        if groups is not None:
            self.set_options([Option(IconRow(icon, widths, group)) for icon, group in zip(self._icons, groups)])
        else:
            self.set_options([Option(IconRow(icon, widths)) for icon in self._icons])
        if self._icons:
            self.highlighted = min(before or 0, len(self._icons) - 1)
        else:
            self.post_message(IconHighlighted(self, None))

    def append_icons(self, icons: Sequence[Icon]) -> None:
        """Add rows for `icons` after the last (the results' next pages): the highlight, the scroll and
        the rows made stay; the work is the new rows' (the columns widen when a new one needs it)."""
        if not icons:
            return
        was_empty = not self._icons
        self._icons += tuple(icons)
        widths = self._widths
        if widths.widen(ColumnWidths.fit(icons)):
            # The rows share one widths object: the rows on screen are drawn again with the new columns.
            self._option_render_cache.clear()
            self.refresh()
        with self.growing_quietly():  # (OptionList updates the scrollbar as it adds lines)
            self.add_options([Option(IconRow(icon, widths)) for icon in icons])
        if was_empty:
            self.highlighted = 0

    def grow_groups(self, groups: Sequence[IconGroup], grown: Sequence[int], listed: int) -> None:
        """Grouped by name, the groups grew (more pages): the rows at `grown` stand for their group's
        new self (its count; the first member stays), and the groups past the `listed` rows are added.
        The work is the changed and new rows', not every row's again."""
        new = groups[listed:]
        changed = [groups[index] for index in grown if index < listed]
        widths = self._widths
        options = self._options
        for index in grown:
            if index < listed:
                row = options[index].prompt
                if isinstance(row, IconRow):
                    row.group, row._texts, row._short_set = groups[index], None, None
        if widths.widen(ColumnWidths.fit((), [*changed, *new])) or changed:
            self._option_render_cache.clear()  # (rows on screen are drawn again; a row is one line still)
            self.refresh()
        if not new:
            return
        was_empty = not self._icons
        self._icons += tuple(group.first for group in new)
        with self.growing_quietly():
            self.add_options([Option(IconRow(group.first, widths, group)) for group in new])
        if was_empty:
            self.highlighted = 0

    @property
    def marked(self) -> Marks:
        """The marks the rows show, by icon id ("✓" in the bag, "★" a favourite)."""
        return self._marked

    def set_marked(self, marks: Marks) -> None:
        """Show these marks (`marks.Marks`); repaint the rows on screen whose marks changed."""
        old = self._marked
        changed = {icon_id for icon_id in old.keys() | marks.keys() if old.get(icon_id) != marks.get(icon_id)}
        self._marked = self._widths.marked = dict(marks)
        if not changed or not self.is_mounted:
            return
        self._option_render_cache.clear()  # (rows on screen are drawn again only where refreshed)
        icons = self._icons
        top = round(self.scroll_offset.y)
        lines = self._lines
        for line in range(top, min(top + self.scrollable_content_region.height, len(lines))):
            index = lines[line][0]
            if index < len(icons) and icons[index].id in changed:
                self.refresh_line(line)

    async def _on_click(self, event: events.Click) -> None:
        """One click previews an icon (highlights it); a double click chooses it, like Enter.

        OptionList's own click both highlights and selects, which would open the variant picker for a
        person who only wanted to look.
        """
        event.prevent_default()  # Textual would otherwise run OptionList's click handler too
        clicked: int | None = event.style.meta.get("option")
        if clicked is None or not 0 <= clicked < len(self._icons):
            return
        self.highlighted = clicked
        if event.chain >= 2:
            self.action_select()

    def _get_option_render(self, option: Option, style: Style) -> list[Strip]:
        """OptionList's drawing of one option, made directly for an `IconRow` (the same segments).

        The general path turns a Visual into strips through selection, link and alignment passes, then
        rebuilds the line to pad it and again to add the click meta (`{"option": index}`, which `_on_click`
        reads); a row is one line of known width, so it is made once, whole. This overrides an OptionList
        internal of Textual 8.2 (pinned in pyproject); anything unusual (another prompt type, vertical
        padding, a gutter) takes the general path.
        """
        row = option.prompt
        padding = self.get_component_styles("option-list--option").padding
        if not isinstance(row, IconRow) or padding.top or padding.bottom or self._get_left_gutter_width():
            return super()._get_option_render(option, style)
        cache_key = (option, style, padding)
        strips = self._option_render_cache.get(cache_key)
        if strips is None:
            width = self.scrollable_content_region.width
            meta = RichStyle.from_meta({"option": self._option_to_index[option]})
            plain, muted = (rich_style + meta for rich_style in row.rich_styles(style, self._get_style))
            segments = row.segments(max(width - padding.left - padding.right, 0), plain, muted)
            if padding.left:
                segments.insert(0, Segment(" " * padding.left, plain))
            if padding.right:
                segments.append(Segment(" " * padding.right, plain))
            strips = [Strip(segments, width)]
            self._option_render_cache[cache_key] = strips
        return strips

    def render_lines(self, crop: Region) -> list[Strip]:
        self._widths.highlight_background = self.get_visual_style("option-list--option-highlighted").background
        faded = self.get_component_styles("results-list--stale").text_opacity
        self._fade = faded if self.stale else 1.0
        self._dim_fade = faded if self.dimmed is not None and not self.stale else 1.0
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        fade = self._fade
        if fade >= 1.0 and self._dim_fade < 1.0 and self._dims_line(y):
            fade = self._dim_fade
        if fade >= 1.0:
            return strip
        app = self.app
        return Strip(
            TextOpacity.process_segments(strip, fade, app.ansi_theme, app.native_ansi_color),
            strip.cell_length,
        )

    def _dims_line(self, y: int) -> bool:
        """True when line `y` on screen is the row of an icon `dimmed` says."""
        line = self.scroll_offset.y + y
        if self.dimmed is None or not 0 <= line < len(self._lines):
            return False
        index = self._lines[line][0]
        return index < len(self._icons) and self.dimmed(self._icons[index])

    def on_resize(self, event: events.Resize) -> None:
        """Keep the highlighted row on screen: shrinking the terminal would otherwise leave it below the
        list's new bottom, while the detail pane still shows its icon. (OptionList's own handler, which
        runs after this one, drops its line caches; the scroll waits for the new layout.)"""
        self.call_after_refresh(self.scroll_to_highlight)

    def action_page_down(self) -> None:
        """Move the highlight down a page; on the last row, say so (`LastPassed`: the next page)."""
        if not passed_last(self):
            super().action_page_down()  # type: ignore[no-untyped-call]  # (untyped in Textual)

    def action_last(self) -> None:
        """Highlight the last row; on it already, say so (`LastPassed`: the next page)."""
        if not passed_last(self):
            super().action_last()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.post_message(IconHighlighted(self, self.highlighted_icon))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        icon = self.highlighted_icon
        if icon is not None:
            self.post_message(IconChosen(self, icon))
