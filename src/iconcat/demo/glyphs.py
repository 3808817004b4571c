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


def spot(path: Path | str, tone: int = 0, over_body: bool = True) -> Element:
    """A small filled shape (a play triangle, a needle): white over a filled body, ink otherwise."""
    return Element(_p(path) if isinstance(path, str) else path, "cutdot" if over_body else "dot", tone)


def _star(cx: float, cy: float, outer: float, inner: float, points: int = 5) -> Path:
    corners = []
    for i in range(points * 2):
        angle = math.radians(-90 + 180 / points * i)
        r = outer if i % 2 == 0 else inner
        corners.append((round(cx + r * math.cos(angle), 3), round(cy + r * math.sin(angle), 3)))
    return polygon(corners)


def _gear(cx: float, cy: float, outer: float, inner: float, teeth: int = 8) -> Path:
    corners = []
    step = 360 / teeth
    for k in range(teeth):
        a = k * step
        for offset, r in ((-step * 0.36, inner), (-step * 0.2, outer), (step * 0.2, outer), (step * 0.36, inner)):
            t = math.radians(a + offset)
            corners.append((round(cx + r * math.cos(t), 3), round(cy + r * math.sin(t), 3)))
    return polygon(corners)


def _rays(cx: float, cy: float, r1: float, r2: float, count: int = 8, tone: int = 0) -> tuple[Element, ...]:
    elements = []
    for i in range(count):
        a = 2 * math.pi * i / count
        elements.append(
            stroke(
                line(
                    round(cx + r1 * math.cos(a), 3),
                    round(cy + r1 * math.sin(a), 3),
                    round(cx + r2 * math.cos(a), 3),
                    round(cy + r2 * math.sin(a), 3),
                ),
                tone,
            )
        )
    return tuple(elements)


def _snowflake() -> tuple[Element, ...]:
    elements = []
    for i in range(3):
        a = math.radians(90 + 60 * i)
        dx, dy = 9.5 * math.cos(a), 9.5 * math.sin(a)
        elements.append(stroke(line(round(12 - dx, 3), round(12 - dy, 3), round(12 + dx, 3), round(12 + dy, 3))))
    for i in range(6):
        # A twig pair on each arm, opening outwards like a frond.
        a = math.radians(90 + 60 * i)
        base_x, base_y = 12 + 5.5 * math.cos(a), 12 + 5.5 * math.sin(a)
        ends = [
            (
                round(base_x + 3 * math.cos(a + side * math.radians(45)), 3),
                round(base_y + 3 * math.sin(a + side * math.radians(45)), 3),
            )
            for side in (-1, 1)
        ]
        elements.append(stroke(polyline([ends[0], (round(base_x, 3), round(base_y, 3)), ends[1]])))
    return tuple(elements)


# --- the drawings --------------------------------------------------------------------------------
# Colours for the colour style, by family.
BLUE = ("#2563eb", "#93c5fd")
SKY = ("#0ea5e9", "#f59e0b")
CLOUD = ("#94a3b8", "#3b82f6")
SUN = ("#f59e0b", "#f97316")
GREEN = ("#16a34a", "#f59e0b")
SLATE = ("#64748b", "#3b82f6")
FOLDER = ("#f59e0b", "#ffffff")
ROSE = ("#e11d48", "#fda4af")
VIOLET = ("#7c3aed", "#c4b5fd")
INDIGO = ("#4f46e5", "#a5b4fc")
RED = ("#ef4444", "#fca5a5")
AMBER = ("#f59e0b", "#64748b")
TEAL = ("#0d9488", "#5eead4")

_ARROW_RIGHT = (stroke("M5 12H19"), stroke("M13 6l6 6-6 6"))
_ARROW_CIRCLE_RIGHT = (body(circle(12, 12, 10)), cut("M7.5 12h8.5"), cut("M12.5 8l4 4-4 4"))
_UNDO = (stroke("M9 14L4 9l5-5"), stroke("M4 9h10.5a5.5 5.5 0 0 1 0 11H11"))
_CLOUD_HIGH = "M7 16a4.5 4.5 0 0 1-.8-8.93A6 6 0 0 1 17.6 5.8 4.2 4.2 0 0 1 17.3 16Z"
_TRAY = stroke("M4 15.5v3A2.5 2.5 0 0 0 6.5 21h11a2.5 2.5 0 0 0 2.5-2.5v-3")
_DOC = "M14 2.5H6.5a2 2 0 0 0-2 2v15a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V8Z"
_FOLDER = "M3 6.5A2 2 0 0 1 5 4.5h4.2l2 2.5H19a2 2 0 0 1 2 2V18a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2Z"
_HEAD = circle(12, 7.5, 4)
_TORSO = "M4.5 21v-.5A5.5 5.5 0 0 1 10 15h4a5.5 5.5 0 0 1 5.5 5.5v.5Z"
_SHIELD = "M12 2.5l8 3v6.2c0 4.8-3.4 8.4-8 9.8-4.6-1.4-8-5-8-9.8V5.5Z"

GLYPHS: tuple[Glyph, ...] = (
    # Arrows
    Glyph("Arrow Right", "Arrows", _ARROW_RIGHT, BLUE),
    Glyph("Arrow Left", "Arrows", rotated(_ARROW_RIGHT, 180), BLUE),
    Glyph("Arrow Up", "Arrows", rotated(_ARROW_RIGHT, 270), BLUE),
    Glyph("Arrow Down", "Arrows", rotated(_ARROW_RIGHT, 90), BLUE),
    Glyph("Arrow Up Right", "Arrows", (stroke("M7 17L17 7"), stroke("M8 7h9v9")), BLUE),
    Glyph("Arrow Circle Right", "Arrows", _ARROW_CIRCLE_RIGHT, BLUE),
    Glyph("Arrow Circle Left", "Arrows", rotated(_ARROW_CIRCLE_RIGHT, 180), BLUE),
    Glyph(
        "Refresh",
        "Arrows",
        (
            stroke("M20 11A8 8 0 0 0 5.3 6.6"),
            stroke("M4.5 3v4.5H9"),
            stroke("M4 13a8 8 0 0 0 14.7 4.4"),
            stroke("M19.5 21v-4.5H15"),
        ),
        TEAL,
    ),
    Glyph("Undo", "Arrows", _UNDO, BLUE),
    Glyph("Redo", "Arrows", mirrored(_UNDO), BLUE),
    # Weather
    Glyph("Sun", "Weather", (body(circle(12, 12, 4.5)),) + _rays(12, 12, 7.5, 10), SUN),
    Glyph("Moon", "Weather", (body("M12 3a6.5 6.5 0 0 0 9 9 9 9 0 1 1-9-9Z"),), ("#6366f1", "#fbbf24")),
    Glyph("Cloud", "Weather", (body("M7 19a5 5 0 0 1-.9-9.92A6 6 0 0 1 17.7 8.02 4.5 4.5 0 0 1 17.5 19Z"),), CLOUD),
    Glyph(
        "Cloud Rain",
        "Weather",
        (body(_CLOUD_HIGH), stroke("M8 19l-1 2.5", 1), stroke("M12 19l-1 2.5", 1), stroke("M16 19l-1 2.5", 1)),
        CLOUD,
    ),
    Glyph(
        "Cloud Snow",
        "Weather",
        (body(_CLOUD_HIGH), dot(8, 19.5, 1.2, 1), dot(12, 21, 1.2, 1), dot(16, 19.5, 1.2, 1)),
        CLOUD,
    ),
    Glyph(
        "Cloud Lightning",
        "Weather",
        (body(_CLOUD_HIGH), stroke("M13 12.5l-2.5 4.5h4l-2.5 4.5", 1)),
        ("#94a3b8", "#f59e0b"),
    ),
    Glyph(
        "Cloud Sun",
        "Weather",
        (
            stroke("M9 2.5v1.5", 1),
            stroke("M3.5 8.5H2", 1),
            stroke("M4.6 4.6l1 1", 1),
            stroke("M13.4 4.6l-1 1", 1),
            body("M12.5 9.8A4 4 0 1 0 6.3 13", 1),
            body("M9 21a3.8 3.8 0 0 1-.6-7.55A5 5 0 0 1 17.9 12.4 4.3 4.3 0 0 1 17.5 21Z"),
        ),
        ("#94a3b8", "#f59e0b"),
    ),
    Glyph(
        "Umbrella",
        "Weather",
        (body("M12 3a9 9 0 0 1 9 9H3a9 9 0 0 1 9-9Z"), stroke("M12 12v7a2 2 0 0 0 4 0", 1)),
        ("#8b5cf6", "#64748b"),
    ),
    Glyph(
        "Thermometer",
        "Weather",
        (body("M14.5 14.2V5a2.5 2.5 0 0 0-5 0v9.2a4.5 4.5 0 1 0 5 0Z"), cut("M12 9v8")),
        ("#ef4444", "#fca5a5"),
    ),
    Glyph(
        "Wind",
        "Weather",
        (stroke("M3 9h11.5a2.5 2.5 0 1 0-2.5-2.5"), stroke("M3 13h15.5a2.5 2.5 0 1 1-2.5 2.5"), stroke("M3 17h6")),
        ("#0ea5e9", "#94a3b8"),
    ),
    Glyph("Snowflake", "Weather", _snowflake(), ("#38bdf8", "#bae6fd")),
    # Commerce
    Glyph(
        "Shopping Cart",
        "Commerce",
        (
            stroke("M2.5 3.5h2.8l2.4 11a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 1.9-1.5l1.6-7.1H6.2"),
            dot(9.5, 20, 1.6),
            dot(17, 20, 1.6),
        ),
        GREEN,
    ),
    Glyph(
        "Shopping Bag",
        "Commerce",
        (
            body("M5.2 8h13.6l-1 12a1.5 1.5 0 0 1-1.5 1.4H7.7a1.5 1.5 0 0 1-1.5-1.4Z"),
            stroke("M9 10.5V7a3 3 0 0 1 6 0v3.5", 1),
        ),
        ("#ec4899", "#831843"),
    ),
    Glyph("Credit Card", "Commerce", (body(rect(2.5, 5, 19, 14, 2.5)), cut("M4 10h16"), cut("M6.5 15h4")), INDIGO),
    Glyph(
        "Tag",
        "Commerce",
        (
            body(
                "M3 5a2 2 0 0 1 2-2h6.2a2 2 0 0 1 1.4.6l8 8a2 2 0 0 1 0 2.8l-6.2 6.2a2 2 0 0 1-2.8 0l-8-8A2 2 0 0 1 3 11.2Z"
            ),
            spot(circle(7.8, 7.8, 1.6)),
        ),
        GREEN,
    ),
    Glyph(
        "Wallet",
        "Commerce",
        (
            body(rect(3, 6, 18, 14.5, 2.5)),
            stroke("M5 6l9.5-3a1.5 1.5 0 0 1 1.9 1.4V6", 1),
            cut("M21 10.5h-3.5a2.5 2.5 0 0 0 0 5H21"),
        ),
        ("#a16207", "#fbbf24"),
    ),
    Glyph(
        "Receipt",
        "Commerce",
        (
            body("M5 3h14v18l-2.3-1.5-2.4 1.5-2.3-1.5-2.3 1.5-2.4-1.5L5 21Z"),
            cut("M9 8h6"),
            cut("M9 12h6"),
            cut("M9 16h3"),
        ),
        SLATE,
    ),
    Glyph(
        "Gift",
        "Commerce",
        (
            body(rect(4.5, 12, 15, 9, 1.5)),
            body(rect(3, 8, 18, 4, 1)),
            cut("M5 12h14"),
            cut("M12 8v13"),
            stroke("M12 8C11 4.5 7 3.5 7 6s3 2 5 2", 1),
            stroke("M12 8c1-3.5 5-4.5 5-2s-3 2-5 2", 1),
        ),
        ("#e11d48", "#f59e0b"),
    ),
    # Communication
    Glyph("Mail", "Communication", (body(rect(2.5, 5, 19, 14, 2.5)), cut("M3 7.5l9 6 9-6")), SKY),
    Glyph(
        "Chat Bubble",
        "Communication",
        (
            body("M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v9a2.5 2.5 0 0 1-2.5 2.5H9l-5 4Z"),
            dot(8.5, 10, 1.1, over_body=True),
            dot(12, 10, 1.1, over_body=True),
            dot(15.5, 10, 1.1, over_body=True),
        ),
        VIOLET,
    ),
    Glyph(
        "Phone",
        "Communication",
        (
            body(
                "M5.5 3h3l1.5 4.5-2 1.5a11 11 0 0 0 7 7l1.5-2 4.5 1.5v3a2 2 0 0 1-2 2A17 17 0 0 1 3.5 5a2 2 0 0 1 2-2Z"
            ),
        ),
        ("#22c55e", "#15803d"),
    ),
    Glyph(
        "Bell",
        "Communication",
        (body("M6 16.5V10.5a6 6 0 0 1 12 0v6l1.5 2h-15Z"), stroke("M10 21.2a2.3 2.3 0 0 0 4 0", 1)),
        ("#f59e0b", "#b45309"),
    ),
    Glyph("Send", "Communication", (body("M21.5 2.5L2.5 10l7.5 3.5 3.5 8Z"), cut("M19.5 4.5L10 13.5")), SKY),
    Glyph(
        "At Sign",
        "Communication",
        (stroke(circle(12, 12, 3.8)), stroke("M15.8 8v5.2a2.6 2.6 0 0 0 5.2 0V12a9 9 0 1 0-3.6 7.2")),
        SKY,
    ),
    Glyph(
        "Inbox",
        "Communication",
        (
            body("M3 13.5l2.7-7.6A2 2 0 0 1 7.6 4.5h8.8a2 2 0 0 1 1.9 1.4L21 13.5V18a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2Z"),
            cut("M4.5 13.5H8l1.5 2.5h5l1.5-2.5h3.5"),
        ),
        SKY,
    ),
    # Files
    Glyph("File", "Files", (body(_DOC), cut("M14 2.5V8h5.5")), SLATE),
    Glyph("File Text", "Files", (body(_DOC), cut("M14 2.5V8h5.5"), cut("M8.5 12.5h7"), cut("M8.5 16.5h5")), SLATE),
    Glyph("Folder", "Files", (body(_FOLDER),), FOLDER),
    Glyph("Folder Plus", "Files", (body(_FOLDER), cut("M12 10.5v6"), cut("M9 13.5h6")), FOLDER),
    Glyph(
        "Clipboard",
        "Files",
        (body(rect(4.5, 4, 15, 17.5, 2)), body(rect(8.5, 2.5, 7, 4, 1.2), 1), cut("M8.5 11.5h7"), cut("M8.5 15.5h5")),
        ("#a16207", "#94a3b8"),
    ),
    Glyph(
        "Archive",
        "Files",
        (
            body(rect(2.5, 3.5, 19, 5, 1)),
            body("M4 8.5h16V19a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2Z"),
            cut("M4.5 8.5h15"),
            cut("M10 12.5h4"),
        ),
        ("#a16207", "#fbbf24"),
    ),
    Glyph("Download", "Files", (stroke("M12 3v11.5"), stroke("M7 9.5l5 5 5-5"), _TRAY), TEAL),
    Glyph("Upload", "Files", (stroke("M12 14.5V3"), stroke("M7 8l5-5 5 5"), _TRAY), TEAL),
    Glyph(
        "Paperclip",
        "Files",
        (
            stroke(
                "M20 11.5l-8.2 8.2a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8"
            ),
        ),
        SLATE,
    ),
    # Media
    Glyph("Play Circle", "Media", (body(circle(12, 12, 10)), spot("M10 8.2l6 3.8-6 3.8Z")), ROSE),
    Glyph("Pause Circle", "Media", (body(circle(12, 12, 10)), cut("M10 9v6"), cut("M14 9v6")), ROSE),
    Glyph(
        "Camera",
        "Media",
        (
            body("M3 8.5A2 2 0 0 1 5 6.5h2.5L9 4h6l1.5 2.5H19a2 2 0 0 1 2 2V18a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2Z"),
            cut(circle(12, 13, 3.5)),
        ),
        ("#64748b", "#38bdf8"),
    ),
    Glyph(
        "Image",
        "Media",
        (body(rect(3, 3.5, 18, 17, 2.5)), dot(8.5, 9, 1.7, over_body=True), cut("M21 15.5l-4.5-4.5L5.5 20.5")),
        ("#0ea5e9", "#fbbf24"),
    ),
    Glyph(
        "Music Note",
        "Media",
        (stroke("M9 17.5V5l11-2v12.5"), body(circle(6, 17.5, 3)), body(circle(17, 15.5, 3))),
        VIOLET,
    ),
    Glyph(
        "Microphone",
        "Media",
        (body(rect(9, 2.5, 6, 12, 3)), stroke("M5.5 11a6.5 6.5 0 0 0 13 0", 1), stroke("M12 17.5V21", 1)),
        ("#e11d48", "#64748b"),
    ),
    Glyph(
        "Video",
        "Media",
        (body(rect(2.5, 6, 13, 12, 2.5)), body("M15.5 10.5l6-3.5v10l-6-3.5Z", 1)),
        ("#e11d48", "#fb7185"),
    ),
    Glyph(
        "Headphones",
        "Media",
        (
            stroke("M3.5 17v-5a8.5 8.5 0 0 1 17 0v5", 1),
            body(rect(3, 13.5, 5, 7.5, 1.8)),
            body(rect(16, 13.5, 5, 7.5, 1.8)),
        ),
        ("#7c3aed", "#64748b"),
    ),
    Glyph(
        "Volume",
        "Media",
        (
            body("M3.5 9.5H7L12 5v14l-5-4.5H3.5Z"),
            stroke("M16 9a4.5 4.5 0 0 1 0 6", 1),
            stroke("M18.8 6.2a8.5 8.5 0 0 1 0 11.6", 1),
        ),
        ("#64748b", "#0ea5e9"),
    ),
    # Devices
    Glyph("Smartphone", "Devices", (body(rect(6, 2.5, 12, 19, 2.5)), cut("M10.5 18h3")), ("#64748b", "#94a3b8")),
    Glyph(
        "Tablet", "Devices", (body(rect(4, 2.5, 16, 19, 2.5)), dot(12, 18, 1.1, over_body=True)), ("#64748b", "#94a3b8")
    ),
    Glyph("Laptop", "Devices", (body(rect(4.5, 4.5, 15, 11, 1.5)), stroke("M2.5 19.5h19", 1)), ("#64748b", "#94a3b8")),
    Glyph(
        "Monitor",
        "Devices",
        (body(rect(2.5, 3.5, 19, 13, 2)), stroke("M8.5 21h7", 1), stroke("M12 16.5V21", 1)),
        ("#64748b", "#94a3b8"),
    ),
    Glyph(
        "Watch",
        "Devices",
        (
            stroke("M8.8 7L9.5 3h5l.7 4", 1),
            stroke("M8.8 17l.7 4h5l.7-4", 1),
            body(circle(12, 12, 6)),
            cut("M12 9.5V12l1.5 1.5"),
        ),
        ("#0f766e", "#64748b"),
    ),
    Glyph(
        "Printer",
        "Devices",
        (
            stroke("M7 9V3.5h10V9", 1),
            body(rect(2.5, 9, 19, 8.5, 2)),
            stroke(rect(7, 14, 10, 7, 1), 1),
            dot(17.5, 12, 1, over_body=True),
        ),
        ("#64748b", "#94a3b8"),
    ),
    Glyph(
        "Battery",
        "Devices",
        (body(rect(2.5, 7, 17, 10, 2)), stroke("M22 10.5v3"), spot(rect(5, 9.5, 8, 5, 0.8))),
        ("#16a34a", "#86efac"),
    ),
    Glyph(
        "Keyboard",
        "Devices",
        (body(rect(2, 6, 20, 12, 2)),)
        + tuple(dot(x, 10, 1, over_body=True) for x in (6, 9.33, 12.67, 16))
        + (cut("M8 14.5h8"),),
        ("#64748b", "#94a3b8"),
    ),
    # Navigation
    Glyph(
        "Home",
        "Navigation",
        (body("M3.5 10.5L12 3.5l8.5 7V19a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2Z"), cut("M9.5 21v-6h5v6")),
        ("#f97316", "#7c2d12"),
    ),
    Glyph(
        "Map Pin",
        "Navigation",
        (body("M12 21.5s-7-6-7-11.5a7 7 0 0 1 14 0c0 5.5-7 11.5-7 11.5Z"), cut(circle(12, 10, 2.5))),
        RED,
    ),
    Glyph(
        "Compass",
        "Navigation",
        (body(circle(12, 12, 10)), spot("M16 8l-2.2 5.8L8 16l2.2-5.8Z", 1)),
        ("#0ea5e9", "#ef4444"),
    ),
    Glyph(
        "Map",
        "Navigation",
        (body("M3 6l6-2.5 6 2.5 6-2.5v14.5l-6 2.5-6-2.5-6 2.5Z"), cut("M9 5V16.5"), cut("M15 7.5V19")),
        ("#22c55e", "#fef08a"),
    ),
    Glyph(
        "Globe",
        "Navigation",
        (body(circle(12, 12, 10)), cut("M3.5 12h17"), cut("M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20Z")),
        ("#0ea5e9", "#22c55e"),
    ),
    Glyph("Flag", "Navigation", (stroke("M5 21.5V3", 1), body("M5 4h13l-2.5 4.5L18 13H5Z")), ("#ef4444", "#64748b")),
    Glyph("Navigation", "Navigation", (body("M12 2.5l7.5 18.5-7.5-4-7.5 4Z"),), BLUE),
    # People
    Glyph("User", "People", (body(_HEAD), body(_TORSO)), ("#6366f1", "#a5b4fc")),
    Glyph(
        "Users",
        "People",
        (
            body(circle(9, 7.5, 3.8)),
            body("M2 21v-.5A5.5 5.5 0 0 1 7.5 15h3a5.5 5.5 0 0 1 5.5 5.5v.5Z"),
            stroke("M15.5 3.9a3.8 3.8 0 0 1 0 7.2", 1),
            stroke("M22 21v-.5a5.5 5.5 0 0 0-3.8-5.2", 1),
        ),
        ("#6366f1", "#a5b4fc"),
    ),
    Glyph(
        "User Plus",
        "People",
        (
            body(circle(9.5, 7.5, 4)),
            body("M2 21v-.5A5.5 5.5 0 0 1 7.5 15h4a5.5 5.5 0 0 1 5.5 5.5v.5Z"),
            stroke("M19.5 7v6", 1),
            stroke("M16.5 10h6", 1),
        ),
        ("#6366f1", "#22c55e"),
    ),
    Glyph(
        "Heart",
        "People",
        (body("M12 20.5S3.5 15.5 3.5 9.3A4.8 4.8 0 0 1 12 6.5a4.8 4.8 0 0 1 8.5 2.8c0 6.2-8.5 11.2-8.5 11.2Z"),),
        RED,
    ),
    Glyph(
        "Smile",
        "People",
        (
            body(circle(12, 12, 10)),
            cut("M8 14.5a5 5 0 0 0 8 0"),
            dot(9, 9.5, 1.2, over_body=True),
            dot(15, 9.5, 1.2, over_body=True),
        ),
        ("#facc15", "#a16207"),
    ),
    # Security
    Glyph(
        "Lock",
        "Security",
        (
            stroke("M7.5 10.5V7a4.5 4.5 0 0 1 9 0v3.5", 1),
            body(rect(4, 10.5, 16, 11, 2.5)),
            dot(12, 16, 1.5, over_body=True),
        ),
        AMBER,
    ),
    Glyph(
        "Unlock",
        "Security",
        (
            stroke("M7.5 10.5V7a4.5 4.5 0 0 1 8.7-1.6", 1),
            body(rect(4, 10.5, 16, 11, 2.5)),
            dot(12, 16, 1.5, over_body=True),
        ),
        ("#22c55e", "#64748b"),
    ),
    Glyph("Shield", "Security", (body(_SHIELD),), ("#2563eb", "#93c5fd")),
    Glyph("Shield Check", "Security", (body(_SHIELD), cut("M8.5 12l2.5 2.5 4.5-5")), ("#16a34a", "#86efac")),
    Glyph(
        "Key",
        "Security",
        (
            stroke("M11 13L20.5 3.5", 1),
            stroke("M16 8l3 3", 1),
            stroke("M18.5 5.5l2.5 2.5", 1),
            body(circle(7.5, 16.5, 4.5)),
            dot(6.5, 17.5, 1.2, over_body=True),
        ),
        AMBER,
    ),
    Glyph(
        "Eye",
        "Security",
        (body("M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z"), cut(circle(12, 12, 3))),
        ("#0ea5e9", "#0c4a6e"),
    ),
    # Interface
    Glyph("Settings", "Interface", (body(_gear(12, 12, 10, 7.4)), cut(circle(12, 12, 3))), ("#64748b", "#cbd5e1")),
    Glyph("Search", "Interface", (stroke(circle(10.5, 10.5, 7)), stroke("M15.5 15.5L21 21")), SLATE),
    Glyph("Menu", "Interface", (stroke("M4 6h16"), stroke("M4 12h16"), stroke("M4 18h16")), SLATE),
    Glyph("Check", "Interface", (stroke("M4.5 12.5l5 5L20 7"),), ("#16a34a", "#86efac")),
    Glyph("Close", "Interface", (stroke("M6 6l12 12"), stroke("M18 6L6 18")), ("#ef4444", "#fca5a5")),
    Glyph("Plus", "Interface", (stroke("M12 5v14"), stroke("M5 12h14")), BLUE),
    Glyph("Star", "Interface", (body(_star(12, 12.6, 10, 4.3)),), ("#facc15", "#a16207")),
    Glyph(
        "Trash",
        "Interface",
        (
            body("M5.5 6.5l1 13.5a1.5 1.5 0 0 0 1.5 1.5h8a1.5 1.5 0 0 0 1.5-1.5l1-13.5Z"),
            stroke("M3.5 6.5h17", 1),
            stroke("M9 6.5V3.5h6v3", 1),
            cut("M10 11v6"),
            cut("M14 11v6"),
        ),
        ("#ef4444", "#64748b"),
    ),
    Glyph(
        "Calendar",
        "Interface",
        (body(rect(3, 4.5, 18, 16.5, 2.5)), cut("M4.5 9.5h15"), stroke("M8 2.5v4", 1), stroke("M16 2.5v4", 1))
        + tuple(dot(x, y, 1.1, over_body=True) for y in (13.5, 17) for x in (8, 12, 16)),
        ("#ef4444", "#64748b"),
    ),
    Glyph("Clock", "Interface", (body(circle(12, 12, 10)), cut("M12 6.5V12l3.5 2")), ("#0ea5e9", "#0c4a6e")),
    Glyph("Info", "Interface", (body(circle(12, 12, 10)), cut("M12 11v5.5"), dot(12, 7.8, 1.3, over_body=True)), BLUE),
    Glyph(
        "Alert Triangle",
        "Interface",
        (
            body("M10.3 3.9a2 2 0 0 1 3.4 0l8 13.9a2 2 0 0 1-1.7 3H4a2 2 0 0 1-1.7-3Z"),
            cut("M12 9v4.5"),
            dot(12, 17, 1.3, over_body=True),
        ),
        ("#f59e0b", "#78350f"),
    ),
    Glyph(
        "Bookmark", "Interface", (body("M6 4.5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2V21l-6-4-6 4Z"),), ("#e11d48", "#fda4af")
    ),
    Glyph("Filter", "Interface", (body("M3 4h18l-7 8.5v7l-4 2v-9Z"),), INDIGO),
    Glyph(
        "Link",
        "Interface",
        (
            stroke("M10 13.5a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1"),
            stroke("M14 10.5a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1"),
        ),
        SLATE,
    ),
)
