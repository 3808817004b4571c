"""Names for an SVG folder's set: a key's slug and the folder names too generic to name a set by. A
name in words is `iconcat.iconify.names.in_words` (the one rule for icons' names, from an Iconify key
or from a file's name), imported here for the SVG folder reader.
"""

from __future__ import annotations

import re

from iconcat.iconify.names import in_words

__all__ = ["GENERIC_FOLDER_NAMES", "in_words", "slug"]

GENERIC_FOLDER_NAMES = frozenset(
    {"icons", "icon", "svg", "svgs", "dist", "assets", "src", "images", "img", "static", "public", "build", "lib"}
)
"""Folder names that say nothing about which set a folder holds (Tabler's, Lucide's and Font Awesome's
folders are all called one of these): a set is named by the nearest folder above them instead. The issue
names the first six; the others are as generic and as common in packages."""

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def slug(text: str) -> str:
    """Lower-case letters and digits joined by single hyphens, as Iconify keys and prefixes are:
    `Arrow Up` → `arrow-up`."""
    return _NOT_SLUG.sub("-", _CAMEL.sub("-", text).lower()).strip("-")
