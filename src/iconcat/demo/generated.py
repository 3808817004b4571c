"""Generated icons beyond the demo's 1,802, for catalogues of any size (`iconcat serve --icons N`).

A generated name is a demo glyph with modifiers, the way real icon sets name their variants: a corner
badge ("Folder Lock", "Cloud Plus"), an enclosure ("Arrow Up Circle", "Bell Square Dashed"), a slash
("Bell Off"), a mirrored alternative ("Send Alt"), or a few of them at once ("Mail Check Circle Off").
Each modifier is a drawing too, so every generated icon renders in every format like a demo one.

Generated icons are laid out after the demo's, in one fixed order, so that a catalogue of N icons is
the first N of the same sequence: the same N gives the same ids and names in every run and process,
and a larger catalogue only adds icons after those of a smaller one. First come the demo glyphs in the
extra sets below, then the modified glyphs ("specs"), simpler names first; each spec appears in every
set (demo and extra) and every style its set offers, like a demo glyph. Nothing here is materialised
per icon: `Layout` maps a position in the sequence to (spec, set, style) arithmetically, so a catalogue
of 200,000 icons costs a table of some 20,000 names, not 200,000 records.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from dataclasses import dataclass

from .geometry import Matrix, Path, circle, line, parse_path, polygon, rect
from .glyphs import GLYPHS, Element, Glyph
from .sets import SETS
from .styles import IconSet

__all__ = ["EXTRA_SERIES", "EXTRA_SETS", "Layout", "Spec", "derived_glyph", "glyph_named", "specs"]

ALL = ("Outline", "Light", "Bold", "Filled", "Duotone", "Colour")
PNG512, PNG256, SVG, EPS = ("png", 512), ("png", 256), ("svg", None), ("eps", None)

EXTRA_SERIES: tuple[str, ...] = ("Rounded", "Sharp", "Hand Drawn")
"""Series that only generated sets belong to (after the demo's, so the demo's series ids stay)."""

# Inks are mid-tone, as in sets.py: at least about 3.5:1 against white and against a near-black
# terminal background, so thumbnails show on light and dark themes.
EXTRA_SETS: tuple[IconSet, ...] = (
    IconSet("Horizon", "Essentials", "#0d9488", "#2dd4bf", "round", (PNG512, PNG256, SVG, EPS), ALL),
    IconSet("Meridian", "Line Pro", "#db2777", "#f472b6", "round", (PNG512, PNG256, SVG), ALL[:3] + ("Duotone",)),
    IconSet(
        "Atlas",
        "Pictograms",
        "#059669",
        "#34d399",
        "square",
        (PNG512, PNG256),
        ("Outline", "Filled", "Duotone", "Colour"),
        ("Navigation", "Weather", "People", "Commerce", "Media", "Devices"),
    ),
    IconSet("Pebble", "Rounded", "#c026d3", "#e879f9", "round", (PNG512, PNG256, SVG, EPS), ALL),
    IconSet(
        "Carbon", "Sharp", "#64748b", "#94a3b8", "butt", (PNG512, SVG, EPS), ("Outline", "Bold", "Filled", "Duotone")
    ),
    IconSet(
        "Sketch", "Hand Drawn", "#0891b2", "#67e8f9", "round", (PNG512, PNG256, SVG), ("Outline", "Light", "Colour")
    ),
    IconSet(
        "Beacon",
        "Pictograms",
        "#e11d48",
        "#fb7185",
        "round",
        (PNG512, PNG256),
        ("Filled", "Duotone", "Colour"),
        ("Security", "Devices", "Communication", "Interface", "Files", "Arrows"),
    ),
    IconSet("Prism", "Rounded", "#6366f1", "#a5b4fc", "round", (PNG512, PNG256, SVG), ALL),
    IconSet(
        "Quill", "Sharp", "#a855f7", "#d8b4fe", "square", (PNG512, SVG, EPS), ("Outline", "Light", "Bold", "Filled")
    ),
)

ALL_SETS: tuple[IconSet, ...] = SETS + EXTRA_SETS

# The modifiers, one optional choice from each group; a name lists them in this order after the glyph's.
BADGES = ("Plus", "Minus", "Check", "Star", "Heart", "Up", "Down", "Lock", "Search", "Alert", "Clock")
ENCLOSURES = ("Circle", "Square", "Circle Dashed", "Square Dashed")
SLASHES = ("Off",)
MIRRORS = ("Alt",)


@dataclass(frozen=True)
class Spec:
    """A generated name: a demo glyph and its modifiers (at most one from each group, "" for none)."""

    name: str
    glyph: int  # index in GLYPHS
    modifiers: tuple[str, str, str, str]  # badge, enclosure, slash, mirror


@functools.cache
def specs() -> tuple[Spec, ...]:
    """Every generated name, in catalogue order: fewer modifiers first, then by modifier, then by glyph.

    A name is skipped when a modifier repeats a word the glyph's name already has ("Unlock Lock",
    "Arrow Circle Right Circle") or when it equals a name already taken ("Folder" + "Plus" is the demo's
    "Folder Plus"): names stay distinct and believable.
    """
    # Enclosures first, then badges, slashes, mirrors ("" last in each group, so a product starts with
    # the modifiers rather than their absence); the stable sort then puts fewer modifiers first.
    enclosure_first = itertools.product(*(group + ("",) for group in (ENCLOSURES, BADGES, SLASHES, MIRRORS)))
    combos = [(badge, enclosure, slash, mirror) for enclosure, badge, slash, mirror in enclosure_first]
    combos = [combo for combo in combos if any(combo)]
    combos.sort(key=lambda combo: sum(1 for part in combo if part))
    taken = {glyph.name.casefold() for glyph in GLYPHS}
    found: list[Spec] = []
    for combo in combos:
        for index, glyph in enumerate(GLYPHS):
            base = glyph.name.casefold()
            if any(word.casefold() in base for part in combo for word in part.split()):
                continue
            name = " ".join([glyph.name, *(part for part in combo if part)])
            if name.casefold() in taken:
                continue
            taken.add(name.casefold())
            found.append(Spec(name, index, combo))
    return tuple(found)


@functools.cache
def _spec_by_name() -> dict[str, int]:
    return {spec.name: index for index, spec in enumerate(specs())}


@functools.cache
def _combos(category: str, sets: tuple[int, ...]) -> tuple[tuple[int, str], ...]:
    """(set index in ALL_SETS, style name) for one glyph of `category` in those sets, set by set."""
    found: list[tuple[int, str]] = []
    for index in sets:
        allowed = ALL_SETS[index].categories
        if allowed is None or category in allowed:
            found.extend((index, style) for style in ALL_SETS[index].styles)
    return tuple(found)


_EXTRA = tuple(range(len(SETS), len(ALL_SETS)))
_EVERY = tuple(range(len(ALL_SETS)))


class Layout:
    """The generated part of the catalogue: position j (0, 1, …) ↔ (name, set, style).

    Units follow each other: first each demo glyph in the extra sets, then each spec in every set.
    A unit's icons are contiguous, one per (set, style) its category allows, so the position of an
    icon is found by bisecting the units' start positions.
    """

    def __init__(self) -> None:
        names: list[str] = []
        glyphs: list[Glyph | int] = []  # a demo Glyph, or a spec index
        combos: list[tuple[tuple[int, str], ...]] = []
        for glyph in GLYPHS:
            names.append(glyph.name)
            glyphs.append(glyph)
            combos.append(_combos(glyph.category, _EXTRA))
        for index, spec in enumerate(specs()):
            names.append(spec.name)
            glyphs.append(index)
            combos.append(_combos(GLYPHS[spec.glyph].category, _EVERY))
        self.names = names
        self._glyphs = glyphs
        self._combos = combos
        self.starts = [0, *itertools.accumulate(len(c) for c in combos)]
        """Unit u holds positions starts[u] to starts[u + 1] - 1; the last entry is the capacity."""

    @property
    def capacity(self) -> int:
        """How many icons the generator can name."""
        return self.starts[-1]

    def unit_of(self, position: int) -> int:
        """The unit holding `position` (0 ≤ position < capacity)."""
        return bisect.bisect_right(self.starts, position) - 1

    def locate(self, position: int) -> tuple[Glyph, IconSet, str]:
        """The glyph, set and style of the icon at `position`."""
        unit = self.unit_of(position)
        set_index, style = self._combos[unit][position - self.starts[unit]]
        chosen = self._glyphs[unit]
        glyph = chosen if isinstance(chosen, Glyph) else derived_glyph(chosen)
        return glyph, ALL_SETS[set_index], style


@functools.cache
def layout() -> Layout:
    """The one layout (its tables take a few milliseconds; every catalogue shares them)."""
    return Layout()


def spec_named(name: str) -> Spec | None:
    """The generated name `name`'s glyph and modifiers, or None."""
    index = _spec_by_name().get(name)
    return None if index is None else specs()[index]


def glyph_named(name: str) -> Glyph | None:
    """The generated glyph called `name`, or None (the renderer's way back from a name to a drawing)."""
    index = _spec_by_name().get(name)
    return None if index is None else derived_glyph(index)


# --- the drawings of the modifiers ----------------------------------------------------------------


@functools.lru_cache(maxsize=2048)
def derived_glyph(index: int) -> Glyph:
    """The glyph of spec `index`: its demo glyph redrawn with the spec's modifiers.

    Cached: a page of results shows a few names many times (every set and style of each).
    """
    spec = specs()[index]
    base = GLYPHS[spec.glyph]
    badge, enclosure, slash, mirror = spec.modifiers
    elements = base.elements
    if mirror:
        elements = _transformed(elements, (-1.0, 0.0, 0.0, 1.0, 24.0, 0.0))
    if badge:
        # The glyph shrinks towards the top left to leave the bottom right corner to the badge.
        elements = _scaled(elements, 0.78, 1.0, 1.0) + _badge(badge)
    if enclosure:
        elements = _scaled(elements, 0.6, 12.0, 12.0) + (_enclosure(enclosure),)
    if slash:
        elements = elements + (Element(line(3.5, 3.5, 20.5, 20.5), "line", 1),)
    return Glyph(spec.name, base.category, elements, base.colours)


def _transformed(elements: tuple[Element, ...], matrix: Matrix) -> tuple[Element, ...]:
    return tuple(Element(e.path.transformed(matrix), e.role, e.tone) for e in elements)


def _scaled(elements: tuple[Element, ...], factor: float, x: float, y: float) -> tuple[Element, ...]:
    """The elements scaled by `factor` about (x, y)."""
    return _transformed(elements, (factor, 0.0, 0.0, factor, x * (1 - factor), y * (1 - factor)))


@functools.cache  # a handful of kinds, each parsed once, not once per glyph
def _badge(kind: str) -> tuple[Element, ...]:
    """A small sign in the bottom right corner, centred on (18.5, 18.5), in the glyph's second colour."""
    cx = cy = 18.5
    disc = Element(circle(cx, cy, 5), "body", 1)

    def cut(d: str) -> Element:
        return Element(parse_path(d), "cut", 1)

    if kind == "Plus":
        return (disc, cut("M18.5 16v5"), cut("M16 18.5h5"))
    if kind == "Minus":
        return (disc, cut("M16 18.5h5"))
    if kind == "Check":
        return (disc, cut("M16.2 18.6l1.6 1.6 3-3.3"))
    if kind == "Up":
        return (disc, cut("M18.5 21v-5"), cut("M16.5 18l2-2 2 2"))
    if kind == "Down":
        return (disc, cut("M18.5 16v5"), cut("M16.5 19l2 2 2-2"))
    if kind == "Clock":
        return (disc, cut("M18.5 16.2v2.5l1.7 1.1"))
    if kind == "Star":
        return (Element(_star(cx, cy, 5.2, 2.3), "body", 1),)
    if kind == "Heart":
        heart = "M18.5 23c-3-1.9-4.8-3.6-4.8-5.6a2.4 2.4 0 0 1 4.8-1 2.4 2.4 0 0 1 4.8 1c0 2-1.8 3.7-4.8 5.6Z"
        return (Element(parse_path(heart), "body", 1),)
    if kind == "Lock":
        return (
            Element(rect(14.5, 17.5, 8, 5.5, 1.2), "body", 1),
            Element(parse_path("M16.3 17.5v-1.6a2.2 2.2 0 0 1 4.4 0v1.6"), "line", 1),
        )
    if kind == "Search":
        return (Element(circle(17.8, 17.8, 3.2), "body", 1), Element(line(20.2, 20.2, 22.8, 22.8), "line", 1))
    if kind == "Alert":
        return (
            Element(polygon([(18.5, 13), (23.5, 22.5), (13.5, 22.5)]), "body", 1),
            cut("M18.5 16.8v2.4"),
            Element(circle(18.5, 21, 0.7), "cutdot", 1),
        )
    raise ValueError(f"unknown badge {kind!r}")


@functools.cache
def _enclosure(kind: str) -> Element:
    """A ring or a rounded square around the (shrunk) glyph, whole or dashed."""
    if kind == "Circle":
        return Element(circle(12, 12, 10.5), "line")
    if kind == "Square":
        return Element(rect(1.5, 1.5, 21, 21, 4), "line")
    if kind == "Circle Dashed":
        dashes = []
        for k in range(12):
            a, b = 2 * math.pi * k / 12, 2 * math.pi * (k + 0.55) / 12
            start = f"M{12 + 10.5 * math.cos(a):.3f} {12 + 10.5 * math.sin(a):.3f}"
            dashes.append(f"{start}A10.5 10.5 0 0 1 {12 + 10.5 * math.cos(b):.3f} {12 + 10.5 * math.sin(b):.3f}")
        return Element(parse_path("".join(dashes)), "line")
    if kind == "Square Dashed":
        # Three dashes along each side, the corners left open as dashed frames usually are.
        path = Path(())
        for offset in (4.0, 10.0, 16.0):
            end = offset + 4.0
            path += line(1.5, offset, 1.5, end) + line(22.5, offset, 22.5, end)
            path += line(offset, 1.5, end, 1.5) + line(offset, 22.5, end, 22.5)
        return Element(path, "line")
    raise ValueError(f"unknown enclosure {kind!r}")


def _star(cx: float, cy: float, outer: float, inner: float) -> Path:
    corners = []
    for i in range(10):
        angle = math.radians(-90 + 36 * i)
        r = outer if i % 2 == 0 else inner
        corners.append((round(cx + r * math.cos(angle), 3), round(cy + r * math.sin(angle), 3)))
    return polygon(corners)
