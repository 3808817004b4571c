"""The sets view's board laid out: which line shows which group heading or set, and what fits a row.

Plain arithmetic over `browsing.sets_view`'s groups, no Textual, so a test calls it without an app
(the board, `sets_board.SetsBoard`, draws what this says). A group is a heading line ("UI 24px · 12
sets"), then its sets, each `SET_HEIGHT` lines: its words on the left (the name; the prefix and the
count; the licence and the author), its samples' pictures on the right (`PICTURE_COLUMNS` ×
`PICTURE_ROWS` cells each, the gallery's small tile, one cell apart), as many as the width takes, and
a blank line under them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.cells import cell_len, set_cell_size

from iconcat.browsing.sets_view import licence_of

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import SetSummary
    from iconcat.browsing.sets_view import SetGroup

__all__ = [
    "MARKER_COLUMNS",
    "PICTURE_COLUMNS",
    "PICTURE_ROWS",
    "SET_HEIGHT",
    "BoardLine",
    "SetsLayout",
    "fit",
    "heading_text",
    "lay_out",
    "samples_fitting",
    "set_words",
    "text_columns",
]

PICTURE_COLUMNS = 8
"""A sample's picture, in cells: the gallery's small tile (8 × 8 pixels in half blocks)."""
PICTURE_ROWS = 4
SET_HEIGHT = PICTURE_ROWS + 1
"""Lines of one set: its pictures' rows and a blank line under them."""
MARKER_COLUMNS = 2
"""The highlight's bar and a space, before a set's words."""
TEXT_COLUMNS = 30
"""The set's words' column, at most (less on a narrow screen: the pictures keep at least two)."""
MIN_TEXT_COLUMNS = 16


@dataclass(frozen=True, slots=True)
class BoardLine:
    """One line of the board: a group's heading (`heading` set) or line `sub` of set number `entry`."""

    heading: str | None = None
    entry: int | None = None
    sub: int = 0


@dataclass(frozen=True)
class SetsLayout:
    """The board's lines, its sets in the order shown (`entries`) and the first line of each."""

    lines: tuple[BoardLine, ...]
    entries: tuple[SetSummary, ...]
    first_lines: tuple[int, ...]

    def entry_at(self, line: int) -> int | None:
        """The set shown on `line` (None: a heading, or past the end)."""
        if 0 <= line < len(self.lines):
            return self.lines[line].entry
        return None

    def entries_between(self, top: int, bottom: int) -> list[int]:
        """The sets with a line in [`top`, `bottom`), in order."""
        seen: list[int] = []
        for line in self.lines[max(0, top) : max(0, bottom)]:
            if line.entry is not None and (not seen or seen[-1] != line.entry):
                seen.append(line.entry)
        return seen

    def span(self, entry: int) -> tuple[int, int]:
        """The lines [top, bottom) the highlight keeps in view for `entry`: its heading too when it is
        the first of its group."""
        top = self.first_lines[entry]
        if top > 0 and self.lines[top - 1].heading is not None:
            top -= 1
        return top, self.first_lines[entry] + SET_HEIGHT


def heading_text(group: SetGroup) -> str:
    """ "UI 24px · 12 sets"."""
    count = len(group.sets)
    return f"{group.category} · {count:,} set{'' if count == 1 else 's'}"


def lay_out(groups: Sequence[SetGroup]) -> SetsLayout:
    """The board's lines for `groups`: each heading, then each of its sets' `SET_HEIGHT` lines."""
    lines: list[BoardLine] = []
    entries: list[SetSummary] = []
    first_lines: list[int] = []
    for group in groups:
        lines.append(BoardLine(heading=heading_text(group)))
        for summary in group.sets:
            first_lines.append(len(lines))
            lines.extend(BoardLine(entry=len(entries), sub=sub) for sub in range(SET_HEIGHT))
            entries.append(summary)
    return SetsLayout(tuple(lines), tuple(entries), tuple(first_lines))


def text_columns(width: int) -> int:
    """The set's words' column for a board `width` cells wide."""
    room = width - MARKER_COLUMNS - 2 * (PICTURE_COLUMNS + 1)
    return max(MIN_TEXT_COLUMNS, min(TEXT_COLUMNS, room))


def samples_fitting(width: int, samples: int) -> int:
    """How many of `samples` pictures a row `width` cells wide shows beside the words (0 when none fits)."""
    room = width - MARKER_COLUMNS - text_columns(width) - 1
    return max(0, min(samples, (room + 1) // (PICTURE_COLUMNS + 1)))


def set_words(summary: SetSummary) -> tuple[str, str, str]:
    """A set's three lines of words: its name; its prefix and count; its licence and author."""
    count = f"{summary.icons:,} icon{'' if summary.icons == 1 else 's'}" if summary.icons is not None else ""
    second = " · ".join(part for part in (summary.prefix or "", count) if part)
    author = summary.author.name if summary.author and summary.author.name else ""
    third = " · ".join(part for part in (licence_of(summary), author) if part)
    return summary.name, second, third


def fit(text: str, columns: int) -> str:
    """`text` in exactly `columns` cells: cut with "…" when longer, padded when shorter."""
    if columns <= 0:
        return ""
    if cell_len(text) > columns:
        return set_cell_size(text, columns - 1) + "…"
    return set_cell_size(text, columns)
