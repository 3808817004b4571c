"""The words on a gallery tile, fitted to its few cells: plain functions, no Textual (tests call them bare).

A tile is 8 to 16 cells wide, and one search often finds the same name many times over ("Bell" in 6
styles × 4 sets): the name alone cannot tell the tiles apart. So a tile says, under its name, its style
and set in short (`origin_line`: "Outline · Core UI", "Outl·Core" on a small tile; "Outline·mdi" for a
set whose Iconify prefix says it shorter than its name), and a name too long
for the tile keeps its start and its end (`shorten_middle`: "Arrow…Circle"), since names of a kind
differ at the end ("Arrow Down Circle", "Arrow Down Square") more often than at the start.

Every function takes text already sanitised (the gallery sanitises server strings once, when a tile
is first drawn) and counts terminal cells, not characters, so wide characters fit too. They are called
for each label line drawn, so each is a few string operations, no more.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len, set_cell_size

__all__ = ["ELLIPSIS", "fit_centred", "origin_line", "shorten_middle", "wrap_words"]

ELLIPSIS = "…"
"""Where a shortened name's middle was."""

SEPARATOR = " · "
"""Between the style and the set when both fit whole."""

TIGHT_SEPARATOR = "·"
"""Between the style and the set when they are cut to fit."""

MIN_STYLE_CELLS = 3
"""The fewest cells a style is cut to beside a set's short name whole ("Fil·tabler")."""


def _tail(text: str, cells: int) -> str:
    """The end of `text` that fits in `cells` cells (a wide character that would not fit is left out)."""
    if cells <= 0:
        return ""
    taken = 0
    start = len(text)
    while start > 0:
        width = cell_len(text[start - 1])
        if taken + width > cells:
            break
        taken += width
        start -= 1
    return text[start:]


def shorten_middle(text: str, width: int) -> str:
    """`text` in at most `width` cells: whole when it fits, else its start and end around "…".

    The start gets the larger half ("Arrow Down Circle" in 12 cells: "Arrow…Circle"); spaces beside
    the "…" are dropped, they only waste a cell.
    """
    if cell_len(text) <= width:
        return text
    if width <= 1:
        return ELLIPSIS[:width]
    room = width - 1
    head = set_cell_size(text, room - room // 2).rstrip()
    tail = _tail(text, room - cell_len(head)).lstrip()  # a space dropped from the head is the tail's
    return f"{head}{ELLIPSIS}{tail}"


def fit_centred(text: str, width: int) -> str:
    """`text` shortened in the middle to `width` cells and centred in exactly `width` cells."""
    if width <= 0:
        return ""
    text = shorten_middle(text, width)
    length = cell_len(text)
    left = (width - length) // 2
    return " " * left + text + " " * (width - length - left)


def origin_line(style: str, set_name: str, width: int, short_name: str = "") -> str:
    """Style and set in `width` cells: "Outline · Core UI" when it fits, else "Outline·Core UI", else
    each cut to its share ("Outl·Core"): the style gets half, and what either leaves goes to the other;
    a set's first word stands for it when that fits ("Line Pro" → "Line").

    A set's `short_name` (its Iconify prefix: "mdi", "tabler"), when shorter than its name, stands for
    it before anything is cut: "Outline · mdi", "Outline·mdi"; then the style is cut first, while it
    keeps `MIN_STYLE_CELLS` ("Fil·tabler": the short name is the set said short already), and only
    then both, as above ("Regu·tab")."""
    whole = f"{style}{SEPARATOR}{set_name}" if style and set_name else style or set_name
    if cell_len(whole) <= width:
        return whole
    if short_name and set_name and cell_len(short_name) < cell_len(set_name):
        if style and cell_len(style) + cell_len(TIGHT_SEPARATOR) + cell_len(set_name) <= width:
            return f"{style}{TIGHT_SEPARATOR}{set_name}"
        style_room = width - cell_len(TIGHT_SEPARATOR) - cell_len(short_name)
        if style and MIN_STYLE_CELLS <= style_room < cell_len(style):
            return f"{set_cell_size(style, style_room).rstrip()}{TIGHT_SEPARATOR}{short_name}"
        return origin_line(style, short_name, width)
    if not style or not set_name:
        return shorten_middle(whole, width)
    room = width - cell_len(TIGHT_SEPARATOR)
    if room < 2:
        return set_cell_size(style, max(width, 0))
    set_name = _short_set(set_name, room - min(cell_len(style), room - room // 2))
    style_room = room - cell_len(set_name)
    return f"{set_cell_size(style, min(style_room, cell_len(style)))}{TIGHT_SEPARATOR}{set_name}"


def _short_set(name: str, cells: int) -> str:
    """A set's name in `cells` cells: whole, its first word, or its start."""
    if cell_len(name) <= cells:
        return name
    first = name.split()[0] if name.split() else name
    return first if cell_len(first) <= cells else set_cell_size(name, cells)


def wrap_words(lines: Sequence[str], width: int) -> list[str]:
    """`lines` with their words wrapped to `width` cells (a word too long is left for the fitting to shorten)."""
    wrapped: list[str] = []
    for line in lines:
        current = ""
        for word in line.split():
            candidate = f"{current} {word}" if current else word
            if cell_len(candidate) <= width:
                current = candidate
                continue
            if current:
                wrapped.append(current)
            current = word
        if current:
            wrapped.append(current)
    return wrapped
