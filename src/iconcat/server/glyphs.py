"""The demo catalogue's glyphs: each drawn once, as vector shapes on the 24 × 24 grid.

A glyph is a list of `Element`s. An element is a path with a *role* that tells the styles how to paint
it (see `styles.py`):

- `body`: a closed outline (a cloud, a document, a phone): stroked in outline styles, filled in filled
  and colour styles, tinted in duotone;
- `line`: an open stroke (an arrow shaft, rain, a tick) that is always stroked;
- `cut`: a stroke drawn over a body (a document's text lines, a phone's button): the ink colour in
  outline styles, white where the body is filled, so it reads as cut out;
- `dot`: a small filled shape (a status dot), `cutdot` the same over a filled body.

`tone` picks the glyph's primary (0) or secondary (1) colour in the colour style, so that a cloud is grey
and its rain blue. Directional variants (Arrow Left/Right/Up/Down) are the same drawing rotated: a
different picture, so a different glyph.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .geometry import GRID, Path, circle, line, parse_path, polygon, polyline, rect

__all__ = ["Element", "Glyph", "GLYPHS"]

ROLES = ("body", "line", "cut", "dot", "cutdot")


@dataclass(frozen=True)
class Element:
    """One shape of a glyph and how styles should treat it."""

    path: Path
    role: str = "line"
    tone: int = 0

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise ValueError(f"unknown role {self.role!r}")


@dataclass(frozen=True)
class Glyph:
    """A named picture in one category, with its two colours for the colour style (hex RGB)."""

    name: str
    category: str
    elements: tuple[Element, ...]
    colours: tuple[str, str] = ("#3b82f6", "#f59e0b")

    @property
    def slug(self) -> str:
        """The name as a file-name stem: "Arrow Left" → "arrow-left"."""
        return "-".join(self.name.lower().split())


def _p(d: str) -> Path:
    return parse_path(d)


def body(path: Path | str, tone: int = 0) -> Element:
    return Element(_p(path) if isinstance(path, str) else path, "body", tone)


def stroke(path: Path | str, tone: int = 0) -> Element:
    return Element(_p(path) if isinstance(path, str) else path, "line", tone)


def cut(path: Path | str, tone: int = 0) -> Element:
    return Element(_p(path) if isinstance(path, str) else path, "cut", tone)


def dot(x: float, y: float, r: float = 1.1, tone: int = 0, over_body: bool = False) -> Element:
    return Element(circle(x, y, r), "cutdot" if over_body else "dot", tone)


def rotated(elements: tuple[Element, ...], degrees: float) -> tuple[Element, ...]:
    """The elements turned clockwise about the grid's centre."""
    t = math.radians(degrees)
    cos_t, sin_t = round(math.cos(t), 12), round(math.sin(t), 12)
    c = GRID / 2
    matrix = (cos_t, sin_t, -sin_t, cos_t, c - cos_t * c + sin_t * c, c - sin_t * c - cos_t * c)
    return tuple(Element(e.path.transformed(matrix), e.role, e.tone) for e in elements)


def mirrored(elements: tuple[Element, ...]) -> tuple[Element, ...]:
    """The elements flipped left to right."""
    matrix = (-1.0, 0.0, 0.0, 1.0, GRID, 0.0)
    return tuple(Element(e.path.transformed(matrix), e.role, e.tone) for e in elements)


# --- the drawings --------------------------------------------------------------------------------

_ARROW_RIGHT = (stroke("M4 12H20"), stroke("M13 5l7 7l-7 7"))
_CLOUD = "M7 19a5 5 0 0 1-.9-9.92A6 6 0 0 1 17.7 8.02A4.5 4.5 0 0 1 17.5 19Z"

GLYPHS: tuple[Glyph, ...] = (
    Glyph("Arrow Right", "Arrows", _ARROW_RIGHT, ("#2563eb", "#60a5fa")),
    Glyph("Arrow Left", "Arrows", rotated(_ARROW_RIGHT, 180), ("#2563eb", "#60a5fa")),
    Glyph("Arrow Up", "Arrows", rotated(_ARROW_RIGHT, 270), ("#2563eb", "#60a5fa")),
    Glyph("Arrow Down", "Arrows", rotated(_ARROW_RIGHT, 90), ("#2563eb", "#60a5fa")),
    Glyph("Cloud", "Weather", (body(_CLOUD),), ("#94a3b8", "#3b82f6")),
    Glyph(
        "Cloud Rain",
        "Weather",
        (body("M7 15a5 5 0 0 1-.9-9.92A6 6 0 0 1 17.7 4.02A4.5 4.5 0 0 1 17.5 15Z"),
         stroke("M8 18l-1 3", 1), stroke("M12 18l-1 3", 1), stroke("M16 18l-1 3", 1)),
        ("#94a3b8", "#3b82f6"),
    ),
    Glyph(
        "Sun",
        "Weather",
        (body(circle(12, 12, 4.5)),)
        + tuple(stroke(line(12 + 7 * math.cos(a), 12 + 7 * math.sin(a), 12 + 9.5 * math.cos(a), 12 + 9.5 * math.sin(a)), 0)
                for a in (i * math.pi / 4 for i in range(8))),
        ("#f59e0b", "#f97316"),
    ),
    Glyph(
        "File Text",
        "Files",
        (body("M14 2.5H6.5a2 2 0 0 0-2 2v15a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V8Z"),
         cut("M14 2.5V8h5.5"), cut("M8.5 13h7"), cut("M8.5 17h5")),
        ("#64748b", "#3b82f6"),
    ),
    Glyph(
        "Shopping Cart",
        "Commerce",
        (stroke("M2 3h3l2.6 11.2a2 2 0 0 0 2 1.6h8.1a2 2 0 0 0 1.9-1.5L21.5 7H6"),
         dot(9.5, 20, 1.6), dot(17.5, 20, 1.6)),
        ("#16a34a", "#f59e0b"),
    ),
    Glyph(
        "Lock",
        "Security",
        (body(rect(4, 10.5, 16, 11, 2.5)), stroke("M7.5 10.5V7a4.5 4.5 0 0 1 9 0v3.5", 1),
         dot(12, 16, 1.4, over_body=True)),
        ("#f59e0b", "#64748b"),
    ),
)
