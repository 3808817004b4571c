"""The words under a gallery's tiles, kept per tile: no Textual (the gallery styles and draws them).

A tile's label is its icon's own (the name, then its style and set in short: `tile_text`; a set with an
Iconify name says its prefix, "Outl·mdi", before its name is cut) or the lines
the gallery was given (`show`). Server strings are sanitised when a tile is first drawn (only tiles
on screen ever are) and kept until the icons or the tile's width change (`forget`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from iconcat.text import sanitize

from ..tile_text import fit_centred, origin_line

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon

__all__ = ["MemberLabels", "TileLabels"]


class TileLabels:
    """Each tile's lines of label, sanitised once and centred in the tile's cells."""

    def __init__(self) -> None:
        self._icons: tuple[Icon, ...] = ()
        self._given: list[Sequence[str]] | None = None
        self._texts: dict[tuple[int, int], str] = {}

    def show(self, icons: tuple[Icon, ...], given: Sequence[Sequence[str]] | None) -> None:
        """Label `icons`: each with its own words, or with `given`'s lines (in the order of `icons`)."""
        self._icons = icons
        self._given = list(given) if given is not None else None
        self._texts.clear()

    def append(self, icons: tuple[Icon, ...], given: Sequence[Sequence[str]] | None = None) -> None:
        """`icons` are the ones labelled before and more after them, the new ones labelled with their own
        words, or with `given`'s lines (as the ones before were): the texts made so far stay (a tile's
        text is made when it is first drawn)."""
        if (given is None) != (self._given is None):  # (labelled another way than before: all again)
            self.show(icons, [*(self._given or ()), *given] if given is not None else None)
            return
        self._icons = icons
        if given is not None and self._given is not None:
            self._given.extend(given)

    def relabel(self, index: int, lines: Sequence[str]) -> None:
        """Tile `index` reads `lines` now (a group's count grew)."""
        if self._given is None or not 0 <= index < len(self._given):
            return
        self._given[index] = lines
        for line in range(len(lines)):
            self._texts.pop((index, line), None)

    @property
    def most_lines(self) -> int:
        """The most lines any tile was given (1 with none given)."""
        return max((len(lines) for lines in self._given or ()), default=1)

    def forget(self) -> None:
        """Drop the texts kept (the tile's width changed: an icon's style-and-set line is fitted to it)."""
        self._texts.clear()

    def line(self, index: int, line: int, width: int) -> str:
        """Line `line` of tile `index`'s label, centred in `width` cells (blank past its last line)."""
        given = self._given
        if given is None:
            if line > 1:
                return " " * width
            text = self._texts.get((index, line))
            if text is None:
                text = self._texts[(index, line)] = self._own(self._icons[index], line, width)
            return fit_centred(text, width) if line == 0 else text
        lines = given[index] if index < len(given) else ()
        if line >= len(lines):
            return " " * width
        text = self._texts.get((index, line))
        if text is None:
            text = self._texts[(index, line)] = sanitize(lines[line], max_length=80)
        return fit_centred(text, width)

    def marked_line(self, index: int, width: int, marks: str) -> tuple[str, str, str]:
        """The first line of a marked tile's label, "✓★ name" centred and cut like a name, as (before
        the marks, the marks, after them); the marks are "" when not even they fit."""
        given = self._given
        text = self._texts.get((index, 0))
        if text is None:
            raw = (given[index][0] if index < len(given) and given[index] else "") if given else None
            icon = self._icons[index]
            text = self._texts[(index, 0)] = self._own(icon, 0, width) if raw is None else sanitize(raw, max_length=80)
        fitted = fit_centred(f"{marks} {text}", width)
        at = fitted.find(marks)
        if at < 0:  # (a tile too narrow for even the marks)
            return fitted, "", ""
        return fitted[:at], marks, fitted[at + len(marks) :]

    def _own(self, icon: Icon, line: int, width: int) -> str:
        """Line `line` of an icon's own label: its name (sanitised), then its style and set in short
        (the set's Iconify prefix for it when its name does not fit), fitted and centred."""
        if line == 0:
            return sanitize(icon.name, max_length=80)
        style, set_name = sanitize(icon.style.name, max_length=40), sanitize(icon.set.name, max_length=40)
        return fit_centred(origin_line(style, set_name, width, sanitize(icon.iconify_prefix, max_length=40)), width)


class MemberLabels(TileLabels):
    """A group's members' labels (the detail pane's tiles): each member's style, then its set, whose
    Iconify prefix stands for it when its name does not fit ("tabler" where "Tabl…ons" was)."""

    def _own(self, icon: Icon, line: int, width: int) -> str:
        if line == 0:
            return sanitize(icon.style.name, max_length=40)
        set_name = sanitize(icon.set.name, max_length=40)
        return fit_centred(origin_line("", set_name, width, sanitize(icon.iconify_prefix, max_length=40)), width)
