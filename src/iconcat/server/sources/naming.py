"""Names for people and for keys: an icon's or a set's name in words, a key's slug, and the folder
names too generic to name a set by.
"""

from __future__ import annotations

import re

__all__ = ["GENERIC_FOLDER_NAMES", "in_words", "key_in_words", "slug"]

GENERIC_FOLDER_NAMES = frozenset(
    {"icons", "icon", "svg", "svgs", "dist", "assets", "src", "images", "img", "static", "public", "build", "lib"}
)
"""Folder names that say nothing about which set a folder holds (Tabler's, Lucide's and Font Awesome's
folders are all called one of these): a set is named by the nearest folder above them instead. The issue
names the first six; the others are as generic and as common in packages."""

_SEPARATORS = re.compile(r"[\s_.\-]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def in_words(name: str) -> str:
    """A file's or folder's name in words: `arrow-up`, `arrow_up`, `ArrowUp` and `arrow up` → "Arrow Up".

    Only each word's first letter is raised: "3d" stays "3d", and a name's own capitals stay.
    """
    words = _SEPARATORS.split(_CAMEL.sub(" ", name))
    return " ".join(word[:1].upper() + word[1:] for word in words if word)


def key_in_words(key: str) -> str:
    """An Iconify key in words: `arrow-up-circle` → "Arrow Up Circle" (the fast path for 390,000 keys,
    which are lower-case words and digits joined by hyphens)."""
    if "--" in key or key.startswith("-") or key.endswith("-"):
        return in_words(key)
    return " ".join(map(str.capitalize, key.split("-")))


def slug(text: str) -> str:
    """Lower-case letters and digits joined by single hyphens, as Iconify keys and prefixes are:
    `Arrow Up` → `arrow-up`."""
    return _NOT_SLUG.sub("-", _CAMEL.sub("-", text).lower()).strip("-")
