"""A dialog's line of key hints ("d download all · esc close") that wraps between hints, never inside one.

At 80 columns the bag's hints take two lines; wrapped at any space, a key was left at the end of one
line and its meaning began the next ("· e" / "empty"). `KeyHints` lays the hints out itself for its
width (`hint_lines`, a plain function): whole hints per line, each line but the last ending in "·".
No-break spaces would not do: Textual's wrapping breaks at them too.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget

__all__ = ["KeyHints", "hint_lines"]

_SEPARATOR = " · "


def hint_lines(hints: Sequence[str], width: int) -> list[str]:
    """`hints` joined by " · " into lines of at most `width` cells, breaking only after a "·" (a hint
    wider than `width` has a line of its own, cut by the widget)."""
    lines: list[str] = []
    line = ""
    for number, hint in enumerate(hints):
        piece = hint if number == len(hints) - 1 else hint + _SEPARATOR.rstrip()
        candidate = f"{line} {piece}" if line else piece
        if line and len(candidate) > width:
            lines.append(line)
            candidate = piece
        line = candidate
    if line:
        lines.append(line)
    return lines


class KeyHints(Widget):
    """A dialog's key hints, laid out by `hint_lines` for the widget's width."""

    DEFAULT_CSS = "KeyHints { height: auto; }"

    def __init__(self, *hints: str, id: str | None = None) -> None:
        super().__init__(id=id)
        self.hints = hints

    def render(self) -> Content:
        return Content("\n".join(hint_lines(self.hints, max(1, self.content_region.width))))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(hint_lines(self.hints, max(1, width)))
