"""The results: one virtualised OptionList (one widget, whatever the count) of name, style and set.

Each row is an `IconRow`, a tiny Visual that lays its three columns out at whatever width it is drawn:
resizing never rebuilds the rows, measuring a row costs nothing (it is always one line), and only rows
on screen are ever rendered. Names are sanitised once, when the row is made, and shown as plain Content.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from rich.cells import cell_len
from textual.binding import Binding
from textual.content import Content
from textual.css.styles import RulesMap
from textual.message import Message
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon

__all__ = ["ColumnWidths", "IconRow", "ResultsList"]

_GAP = 2
_MIN_NAME = 14
_MAX_STYLE = 12
_MAX_SET = 18


@dataclass
class ColumnWidths:
    """Widths of the style and set columns, shared by every row of one result set."""

    style: int = 0
    set: int = 0

    @classmethod
    def fit(cls, rows: Sequence["IconRow"]) -> "ColumnWidths":
        """Widths for `rows`: as wide as their longest value, within caps."""
        style = max((cell_len(row.style) for row in rows), default=0)
        set_ = max((cell_len(row.set) for row in rows), default=0)
        return cls(style=min(style, _MAX_STYLE), set=min(set_, _MAX_SET))


class IconRow(Visual):
    """One result row: name, then style and set in muted columns that give way on narrow lists."""

    __slots__ = ("name", "style", "set", "widths")

    def __init__(self, icon: "Icon", widths: ColumnWidths) -> None:
        self.name = sanitize(icon.name)
        self.style = sanitize(icon.style.name, max_length=40)
        self.set = sanitize(icon.set.name, max_length=40)
        self.widths = widths

    def layout(self, width: int) -> Content:
        """The row as Content exactly `width` cells wide."""
        widths = self.widths
        columns: list[tuple[str, int]] = []
        name_width = width
        for value, column_width in ((self.style, widths.style), (self.set, widths.set)):
            if column_width and name_width - column_width - _GAP >= _MIN_NAME:
                columns.append((value, column_width))
                name_width -= column_width + _GAP
        parts: list[Content] = [Content(self.name).truncate(max(name_width, 0), ellipsis=True, pad=True)]
        for value, column_width in columns:
            parts.append(Content(" " * _GAP))
            parts.append(
                Content.styled(value, ".results-list--meta").truncate(column_width, ellipsis=True, pad=True)
            )
        return Content.assemble(*parts)

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        return self.layout(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return 1


class ResultsList(OptionList):
    """The icons found. Posts `IconHighlighted` as the highlight moves and `IconChosen` on Enter/click."""

    COMPONENT_CLASSES = {"results-list--meta"}
    """`results-list--meta`: the style and set columns."""

    BINDINGS = [
        Binding("enter", "select", "Download", show=False, id="results-choose",
                tooltip="Choose a variant of the highlighted icon to download"),
    ]

    class IconHighlighted(Message):
        """The highlight moved to `icon` (None when the list emptied)."""

        def __init__(self, icon: "Icon | None") -> None:
            super().__init__()
            self.icon = icon

    class IconChosen(Message):
        """The person chose `icon` (Enter or click): time to pick a variant."""

        def __init__(self, icon: "Icon") -> None:
            super().__init__()
            self.icon = icon

    def __init__(self, *, id: str | None = None) -> None:
        # markup=False: prompts are Visuals anyway, but nothing here may ever be parsed as markup.
        super().__init__(id=id, markup=False)
        self._icons: tuple["Icon", ...] = ()

    @property
    def icons(self) -> tuple["Icon", ...]:
        """The icons listed, in order."""
        return self._icons

    @property
    def highlighted_icon(self) -> "Icon | None":
        """The icon under the highlight, if any."""
        index = self.highlighted
        if index is None or not 0 <= index < len(self._icons):
            return None
        return self._icons[index]

    def show_icons(self, icons: Sequence["Icon"]) -> None:
        """Replace the rows with `icons` and highlight the first one."""
        self._icons = tuple(icons)
        widths = ColumnWidths()
        rows = [IconRow(icon, widths) for icon in self._icons]
        fitted = ColumnWidths.fit(rows)
        widths.style, widths.set = fitted.style, fitted.set
        self.set_options(Option(row) for row in rows)
        if rows:
            self.highlighted = 0
        else:
            self.post_message(self.IconHighlighted(None))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.post_message(self.IconHighlighted(self.highlighted_icon))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        icon = self.highlighted_icon
        if icon is not None:
            self.post_message(self.IconChosen(icon))
