"""The 256-colour palette: the entry nearest a colour as a person sees it (OKLab), for pictures in blocks.

A terminal of 256 colours is sent palette numbers. Left to itself, Rich turns each 24-bit colour
into one by rounding every channel to the 6x6x6 cube on its own (and by lightness alone below 15%
saturation): anti-aliased blue edges on a dark background became teal and purple, dark ones black
specks. The renderers choose the entry themselves (`nearest_entry`) when the app writes 256 colours,
so what reaches the terminal is that choice, not a downgrade.

- Entries 16 to 255 only: the 6x6x6 cube (levels 0, 95, 135, 175, 215, 255) and the 24 greys (8 to
  238), whose colours every terminal agrees on. Entries 0 to 15 are the user's theme: unknown here.
- Nearest by Euclidean distance in OKLab (Björn Ottosson's perceptual space: equal steps look about
  equally different), not in sRGB, whose distances overstate differences in greens and understate
  them in darks and blues.
- Fast: the nearest grey is the grey of nearest lightness (greys have no hue: a and b are 0), and the
  nearest cube entry is found among the levels around each channel's value (`_tables`: its
  nearest level and the levels either side, 27 candidates at most), with their OKLab worked out
  once. The shortcut gives the same entry as trying all 240 for every one of the 16.7
  million colours (checked once with numpy; fewer levels miss 1,482 to 3,310 of them), and
  `tests/imaging/test_palette.py` checks it on a sample. Answers are remembered per colour
  (`_NEAREST`, bounded, trimmed like the renderers' caches).
"""

from __future__ import annotations

from bisect import bisect_left
from functools import cache
from itertools import islice
from typing import TYPE_CHECKING

from .colour import LINEAR

if TYPE_CHECKING:  # pragma: no cover - typing only
    from rich.color import Color

__all__ = [
    "CUBE_LEVELS",
    "FIRST_ENTRY",
    "NEAREST_ENTRIES",
    "entry_rgb",
    "forget_nearest",
    "nearest_entry",
    "nearest_packed",
    "oklab",
    "palette_colour",
    "palette_entries",
    "trim_nearest",
]

CUBE_LEVELS = (0, 95, 135, 175, 215, 255)
"""The channel values of the 6x6x6 colour cube (entries 16 to 231), as xterm and tmux define them."""
FIRST_ENTRY = 16
"""Entries below are the terminal theme's 16 colours, never chosen (their colours are unknown)."""
_GREYS = tuple(8 + 10 * step for step in range(24))
"""The grey ramp's levels (entries 232 to 255)."""

NEAREST_ENTRIES = 65_536
"""Colours whose nearest entry is remembered (a few MB at most): every colour of many galleries."""


def oklab(red: int, green: int, blue: int) -> tuple[float, float, float]:
    """OKLab (lightness, green-red, blue-yellow) of an sRGB colour (channels 0 to 255)."""
    r, g, b = LINEAR[red], LINEAR[green], LINEAR[blue]
    long = (0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b) ** (1 / 3)
    medium = (0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b) ** (1 / 3)
    short = (0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b) ** (1 / 3)
    return (
        0.2104542553 * long + 0.7936177850 * medium - 0.0040720468 * short,
        1.9779984951 * long - 2.4285922050 * medium + 0.4505937099 * short,
        0.0259040371 * long + 0.7827717662 * medium - 0.8086757660 * short,
    )


def entry_rgb(entry: int) -> tuple[int, int, int]:
    """The colour of palette entry `entry` (16 to 255)."""
    if not FIRST_ENTRY <= entry <= 255:
        raise ValueError(f"a palette entry here is {FIRST_ENTRY} to 255, not {entry}")
    if entry >= 232:
        grey = _GREYS[entry - 232]
        return (grey, grey, grey)
    cube = entry - FIRST_ENTRY
    return (CUBE_LEVELS[cube // 36], CUBE_LEVELS[cube // 6 % 6], CUBE_LEVELS[cube % 6])


def palette_entries() -> range:
    """The entries `nearest_entry` chooses among: 16 to 255."""
    return range(FIRST_ENTRY, 256)


@cache
def palette_colour(entry: int) -> Color:
    """Entry `entry` as a Rich Color: the palette number, with the entry's colour as its triplet.

    Rich writes it as the number (`38;5;n`) in every colour system from 256 up. The triplet keeps
    Textual's ANSI filter from turning it into a 24-bit colour (it converts every colour without
    one), which Rich would then downgrade again with its own rounding.
    """
    from rich.color import Color, ColorType
    from rich.color_triplet import ColorTriplet

    return Color(f"color({entry})", ColorType.EIGHT_BIT, entry, ColorTriplet(*entry_rgb(entry)))


def _nearest_level(value: int) -> int:
    """The cube level (as an index 0 to 5) nearest a channel of `value` (the lower on a tie)."""
    return min(range(6), key=lambda index: abs(CUBE_LEVELS[index] - value))


Candidates = tuple[tuple[float, float, float, int], ...]


@cache
def _tables() -> tuple[tuple[int, ...], tuple[Candidates, ...], tuple[float, ...]]:
    """Worked out on the first search (some 4 ms: not at import): each channel value's nearest cube
    level; by 36 x red's + 6 x green's + blue's nearest level, the (L, a, b, entry) of the cube
    entries worth trying (those levels and their neighbours: the perceptual nearest can lie a level
    past a channel's own, and fewer levels miss it); the greys' lightness."""
    cube_lab = [oklab(*entry_rgb(entry)) for entry in range(FIRST_ENTRY, 232)]

    def near(level: int) -> range:
        return range(max(0, level - 1), min(5, level + 1) + 1)

    candidates = tuple(
        tuple(
            (*cube_lab[36 * r + 6 * g + b], FIRST_ENTRY + 36 * r + 6 * g + b)
            for r in near(red)
            for g in near(green)
            for b in near(blue)
        )
        for red in range(6)
        for green in range(6)
        for blue in range(6)
    )
    levels = tuple(_nearest_level(value) for value in range(256))
    return levels, candidates, tuple(oklab(grey, grey, grey)[0] for grey in _GREYS)


_NEAREST: dict[int, int] = {}


def nearest_entry(red: int, green: int, blue: int) -> int:
    """The palette entry (16 to 255) nearest the colour in OKLab (module docstring)."""
    packed = red << 16 | green << 8 | blue
    entry = _NEAREST.get(packed)
    if entry is None:
        entry = _NEAREST[packed] = _search(red, green, blue)
    return entry


def nearest_packed(packed: int) -> int:
    """`nearest_entry` for a colour packed as 0xRRGGBB."""
    entry = _NEAREST.get(packed)
    if entry is None:
        entry = _NEAREST[packed] = _search(packed >> 16, packed >> 8 & 255, packed & 255)
    return entry


def forget_nearest() -> None:
    """Forget every remembered answer (the benchmark's cold figures)."""
    _NEAREST.clear()


def trim_nearest() -> None:
    """Forget the oldest answers beyond `NEAREST_ENTRIES` (the renderers call it after each render;
    atomic steps only, as their own caches' trimming)."""
    excess = len(_NEAREST) - NEAREST_ENTRIES
    if excess > 0:
        try:
            oldest = list(islice(_NEAREST, excess))
        except RuntimeError:  # another thread's insert: trimmed after the next render
            return
        for key in oldest:
            _NEAREST.pop(key, None)


def _search(red: int, green: int, blue: int) -> int:
    level, candidates, grey_lightness = _tables()
    lightness, a, b = oklab(red, green, blue)
    # Greys: a and b are zero, so the nearest is the one of nearest lightness (of the two around it).
    step = bisect_left(grey_lightness, lightness)
    best_entry, best = 0, float("inf")
    chroma = a * a + b * b
    for index in (step - 1, step):
        if 0 <= index < 24:
            difference = grey_lightness[index] - lightness
            distance = difference * difference + chroma
            if distance < best:
                best_entry, best = 232 + index, distance
    for entry_l, entry_a, entry_b, entry in candidates[36 * level[red] + 6 * level[green] + level[blue]]:
        difference_l = entry_l - lightness
        difference_a = entry_a - a
        difference_b = entry_b - b
        distance = difference_l * difference_l + difference_a * difference_a + difference_b * difference_b
        if distance < best:
            best_entry, best = entry, distance
    return best_entry
