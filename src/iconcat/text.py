"""The one way a string from the service (or from an exception about it) reaches a screen.

A terminal obeys whatever bytes reach it, and an icon name is somebody else's data. `sanitize` turns
any such string into plain printable text: control characters (C0, DEL, C1: the start of every escape
sequence), invisible format characters (bidi overrides and isolates, zero-width marks) and line breaks
are removed or folded into single spaces, and over-long strings are cut with an ellipsis.

It does not escape Textual/Rich markup: callers show the result as plain `Text`/`Content`, never
interpolated into markup, so brackets are harmless characters. Keeping the two concerns apart is
deliberate: escaping markup here would show backslashes wherever a string is shown correctly as Text.
"""

from __future__ import annotations

import unicodedata

__all__ = ["sanitize", "is_hidden", "DEFAULT_MAX_LENGTH"]

DEFAULT_MAX_LENGTH = 200
"""Longest string shown by default; a name longer than this is data nobody reads on one line."""

# Kept although they are format characters: emoji sequences (👩‍💻) need the zero-width joiner and
# some scripts need the non-joiner. Neither can reorder or hide text.
_ALLOWED_FORMAT = {"\u200c", "\u200d"}
_WHITESPACE_CATEGORIES = {"Zs", "Zl", "Zp"}


def is_hidden(char: str) -> bool:
    """True for a character never shown nor copied: controls, invisible format characters (but the
    joiners above), lone surrogates and unassigned code points."""
    category = unicodedata.category(char)
    if category == "Cf":
        return char not in _ALLOWED_FORMAT
    # Cc: C0, DEL and C1 controls; Cs: lone surrogates (from surrogateescape); Cn: unassigned.
    return category in {"Cc", "Cs", "Cn"}


def _already_clean(text: str, max_length: int | None) -> bool:
    """True for the common case the loop below would return unchanged: short printable ASCII, single-spaced.

    The browser sanitises every name, style and set of every result; nearly all are like this, and
    these checks run in C, much faster than the loop (benchmarks/sanitize.py measures by how much).
    """
    return (
        (max_length is None or len(text) <= max_length)
        and text.isascii()
        and text.isprintable()  # for ASCII: 0x20-0x7E, so no control character, tab or line break
        and not text.startswith(" ")
        and not text.endswith(" ")
        and "  " not in text
    )


def sanitize(text: object, *, max_length: int | None = DEFAULT_MAX_LENGTH) -> str:
    """Return `text` as one line of plain printable characters, at most `max_length` long.

    Tabs, line breaks and other spaces become single spaces; control and invisible format
    characters are dropped; leading and trailing space is stripped. `None` becomes "".
    """
    if text is None:
        return ""
    if not isinstance(text, str):
        text = str(text)
    if _already_clean(text, max_length):
        return text
    pieces: list[str] = []
    pending_space = False
    # One character past the limit tells that the string must be cut: stop reading there, so a
    # multi-megabyte name costs no more than a short one.
    enough = None if max_length is None else max_length + 1
    for char in text:
        if enough is not None and len(pieces) >= enough:
            break
        if char in "\t\n\r\v\f" or unicodedata.category(char) in _WHITESPACE_CATEGORIES:
            pending_space = bool(pieces)
            continue
        if is_hidden(char):
            continue
        if pending_space:
            pieces.append(" ")
            pending_space = False
        pieces.append(char)
    result = "".join(pieces)
    if max_length is not None and len(result) > max_length:
        result = result[: max(max_length - 1, 0)].rstrip() + "…"
    return result
