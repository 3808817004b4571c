"""The demo catalogue's taxonomy: categories, series, and the sets with their look and file variants.

Sets differ in what shows (ink, accent, line caps) and in what they offer: not every set ships every
style or every file variant (some have no EPS, some no 256 px PNG), as in real catalogues.

Inks are mid-tone colours (contrast of at least about 3.5:1 against both white and a near-black
terminal background) rather than black: the browser composites thumbnails onto the terminal theme's
background, and a black icon on a dark theme would be invisible.
"""

from __future__ import annotations

from .styles import IconSet

__all__ = ["CATEGORY_ORDER", "SERIES_ORDER", "SETS"]

CATEGORY_ORDER: tuple[str, ...] = (
    "Arrows",
    "Communication",
    "Commerce",
    "Devices",
    "Files",
    "Media",
    "Navigation",
    "People",
    "Security",
    "Weather",
    "Interface",
)

SERIES_ORDER: tuple[str, ...] = ("Essentials", "Line Pro", "Pictograms")

ALL = ("Outline", "Light", "Bold", "Filled", "Duotone", "Colour")

PNG512, PNG256, SVG, EPS = ("png", 512), ("png", 256), ("svg", None), ("eps", None)

SETS: tuple[IconSet, ...] = (
    IconSet(
        "Core UI",
        "Essentials",
        ink="#3b82f6",
        accent="#60a5fa",
        cap="round",
        formats=(PNG512, PNG256, SVG, EPS),
        styles=ALL,
    ),
    IconSet(
        "Studio", "Line Pro", ink="#8b5cf6", accent="#a78bfa", cap="round", formats=(PNG512, PNG256, SVG), styles=ALL
    ),
    IconSet(
        "Blueprint",
        "Line Pro",
        ink="#0284c7",
        accent="#38bdf8",
        cap="square",
        formats=(PNG512, SVG, EPS),
        styles=("Outline", "Light", "Bold", "Filled", "Duotone"),
    ),
    IconSet(
        "Signal",
        "Pictograms",
        ink="#ea580c",
        accent="#fb923c",
        cap="round",
        formats=(PNG512, PNG256),
        styles=("Outline", "Filled", "Duotone", "Colour"),
        # Pictograms for wayfinding and status screens: no file or interface chrome.
        categories=("Communication", "Commerce", "Devices", "Navigation", "People", "Security", "Weather"),
    ),
)
