"""Iconify names and names in words.

An Iconify name is `prefix:name` ("tabler:arrow-up"): a set's prefix and an icon's name in it, each
lower-case letters and digits in words joined by single hyphens, as every name of `@iconify/json` is.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["MAX_ICONIFY_NAME", "bad_names", "iconify_name", "in_words", "is_name", "key_in_words"]

_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""A prefix or an icon's name (a key) in a set."""
_FULL_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*:[a-z0-9]+(?:-[a-z0-9]+)*")
MAX_ICONIFY_NAME = 200
"""Longer is no Iconify name (the longest of `@iconify/json` is under 80 characters)."""
_NAME_CHARACTERS = b"abcdefghijklmnopqrstuvwxyz0123456789-\n"
_SEPARATORS = re.compile(r"[\s_.\-]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def is_name(text: str) -> bool:
    """`text` is a prefix or an icon's name as Iconify writes them (`arrow-up`, `tabler`)."""
    return _NAME.fullmatch(text) is not None


def iconify_name(value: Any) -> str | None:
    """`value` when it is an Iconify name ("tabler:arrow-up"), else None: an optional extra that is
    malformed is left out, never a reason to skip its icon."""
    if isinstance(value, str) and len(value) <= MAX_ICONIFY_NAME and _FULL_NAME.fullmatch(value):
        return value
    return None


def bad_names(names: list[str]) -> set[str]:
    """The names of a set that are not Iconify names. All of them are checked at once with string
    methods (every name of @iconify/json passes), one by one only when that finds a fault."""
    text = "\n".join(names)
    if (
        all(names)
        and text.isascii()
        and not text.encode("ascii").translate(None, _NAME_CHARACTERS)
        and "--" not in text
        and "\n-" not in text
        and "-\n" not in text
        and "\n\n" not in text
        and not text.startswith(("-", "\n"))
        and not text.endswith(("-", "\n"))
    ):
        return set()
    return {name for name in names if not _NAME.fullmatch(name)}


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
