"""How a glyph is painted: its style (outline, filled, duotone, colour…) and its set's look.

A style decides what each element role becomes (stroke, fill, tint, colour); a set gives the ink
colour, the accent and the line caps. Together they turn one glyph definition into the list of paints
that every renderer draws, so the style shows in every format.
"""

from __future__ import annotations

from dataclasses import dataclass

from .glyphs import Glyph
from .render import Colour, Paint

__all__ = ["IconSet", "Style", "STYLES", "paint_glyph"]


@dataclass(frozen=True)
class Style:
    """A drawing style. `kind` is how bodies are painted; `weight` the stroke width in grid units."""

    name: str
    kind: str  # "outline" | "filled" | "duotone" | "colour"
    weight: float = 2.0


STYLES: tuple[Style, ...] = (
    Style("Outline", "outline", 2.0),
    Style("Light", "outline", 1.25),
    Style("Bold", "outline", 2.75),
    Style("Filled", "filled", 2.0),
    Style("Duotone", "duotone", 2.0),
    Style("Colour", "colour", 1.75),
)


@dataclass(frozen=True)
class IconSet:
    """A set of icons sharing a look (ink, accent, caps), a series, and the file variants offered."""

    name: str
    series: str
    ink: str
    accent: str
    cap: str
    formats: tuple[tuple[str, int | None], ...]
    styles: tuple[str, ...]
    categories: tuple[str, ...] | None = None  # None: every category


WHITE: Colour = (255, 255, 255, 255)


def _rgb(hex_colour: str, alpha: int = 255) -> Colour:
    value = hex_colour.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16), alpha)


def _shade(colour: Colour, factor: float) -> Colour:
    """Darker (factor < 1) version of a colour, for outlines around coloured fills."""
    return (round(colour[0] * factor), round(colour[1] * factor), round(colour[2] * factor), colour[3])


def paint_glyph(glyph: Glyph, style: Style, icon_set: IconSet) -> list[Paint]:
    """The paints, in order, that draw `glyph` in `style` with `icon_set`'s look.

    Fills come before strokes so outlines stay crisp; elements keep their order within each pass.
    """
    ink = _rgb(icon_set.ink)
    width = style.weight
    cap = icon_set.cap
    fills: list[Paint] = []
    strokes: list[Paint] = []
    for element in glyph.elements:
        tone = _rgb(glyph.colours[element.tone])
        role = element.role
        if style.kind == "outline":
            if role in ("dot", "cutdot"):
                fills.append(Paint(element.path, ink))
            else:
                strokes.append(Paint(element.path, ink, width, cap))
        elif style.kind == "filled":
            if role == "body":
                fills.append(Paint(element.path, ink))
                fills.append(Paint(element.path, ink, width, cap))
            elif role == "dot":
                fills.append(Paint(element.path, ink))
            elif role == "cut":
                strokes.append(Paint(element.path, WHITE, width, cap))
            elif role == "cutdot":
                strokes.append(Paint(element.path, WHITE))
            else:
                strokes.append(Paint(element.path, ink, width, cap))
        elif style.kind == "duotone":
            if role == "body":
                fills.append(Paint(element.path, _rgb(icon_set.accent, 80)))
                strokes.append(Paint(element.path, ink, width, cap))
            elif role in ("dot", "cutdot"):
                strokes.append(Paint(element.path, ink))
            else:
                strokes.append(Paint(element.path, ink, width, cap))
        else:  # colour
            if role == "body":
                fills.append(Paint(element.path, tone))
                fills.append(Paint(element.path, _shade(tone, 0.72), width, cap))
            elif role == "dot":
                fills.append(Paint(element.path, tone))
            elif role == "cut":
                strokes.append(Paint(element.path, WHITE, width, cap))
            elif role == "cutdot":
                strokes.append(Paint(element.path, WHITE))
            else:
                strokes.append(Paint(element.path, tone, width, cap))
    return fills + strokes
