"""In a 256-colour terminal, the app's own 24-bit colours as their nearest palette entries.

Textual draws the theme in 24-bit colours and Rich downgrades each to the palette as it writes it,
rounding every channel on its own: Textual's dark surface (30, 30, 30) survives, but tokyo-night's
(36, 40, 59) becomes navy and Catppuccin's black. Pictures in blocks are drawn with the palette entry
nearest each colour (`iconcat.imaging.palette`), so a picture's margins would no longer meet the
widget around them. `PaletteFilter` maps the rest of the screen the same way: every line Textual
draws passes it (the app adds it to its line filters when `TerminalPictures.colours` is "256"),
and the colours it gives carry their palette numbers, which Rich then writes as they are.

Only 24-bit colours change: the terminal's 16 and the default colours are the user's theme, and
palette colours (the pictures') pass through. Styles are mapped once each (an LRU of 4096): a frame
meets a few dozen distinct ones outside the pictures.
"""

from __future__ import annotations

from functools import lru_cache

from rich.color import Color as RichColor
from rich.color import ColorType
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter

from iconcat.imaging.palette import nearest_entry, palette_colour

__all__ = ["PaletteFilter"]


def _nearest(colour: RichColor | None) -> RichColor | None:
    """`colour` as its nearest palette entry when it is a 24-bit colour, else itself."""
    if colour is None or colour.type != ColorType.TRUECOLOR or colour.triplet is None:
        return colour
    return palette_colour(nearest_entry(*colour.triplet))


@lru_cache(4096)
def palette_style(style: Style) -> Style:
    """`style` with its 24-bit colours replaced by their nearest palette entries."""
    colour, background = _nearest(style.color), _nearest(style.bgcolor)
    if colour is style.color and background is style.bgcolor:
        return style
    return style + Style.from_color(colour, background)


class PaletteFilter(LineFilter):
    """Maps every 24-bit colour of a line to its nearest palette entry (module docstring)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        mapped = palette_style
        return [Segment(text, None if style is None else mapped(style), control) for text, style, control in segments]
