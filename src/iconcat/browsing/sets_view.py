"""The sets view's rules (issue 32): which sets typing keeps, how they group, and what opens one.

The browser's sets view (`ctrl+s`, `iconcat.tui.screens.sets`) lists every set a catalogue serves
(`Catalogue.sets()`, `SetSummary`), grouped by the set's own category, and narrows them as a person
types. Plain functions over `SetSummary`s, no Textual, so a test calls them without an app:

- `matches(summary, typed)`: every word typed (case-folded) is part of the set's name, prefix,
  category or licence (its SPDX id or title): "mit ui" keeps the MIT sets of a "UI …" category.
- `grouped(sets, typed)`: the sets kept, in groups by category (by name, case-folded; an archive's
  sets, Iconify's "Archive / Unmaintained", then the sets with none, under "Other", last), each
  group's sets in the order given (the catalogue's: by name).
- `opening_words(summary)`: what the search box says to list the whole set, as typing it does:
  `set:<prefix>` for a set with an Iconify prefix, else `set:"<name>"` (quoted: exact, not a prefix,
  so "Core UI" does not also open "Core UI Brands").
- `licence_of(summary)`: the licence as one short word for a row ("MIT", "CC-BY-4.0"), "" for none.

Every string here is the catalogue's, sanitised by the client (`iconcat.api.parse_sets`): the view
shows it as plain text, never markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import SetSummary

__all__ = ["OTHER", "SetGroup", "grouped", "licence_of", "matches", "opening_words", "still_open", "words_of"]

OTHER = "Other"
"""The group of the sets that name no category."""


@dataclass(frozen=True)
class SetGroup:
    """The sets of one category, as the view lists them under its heading."""

    category: str
    sets: tuple[SetSummary, ...]


def licence_of(summary: SetSummary) -> str:
    """The set's licence in a word or two: its SPDX id, else its title; "" when it says none."""
    licence = summary.license
    if licence is None:
        return ""
    return licence.spdx or licence.title or ""


def words_of(typed: str) -> tuple[str, ...]:
    """The words typed, case-folded (blank: none, every set kept)."""
    return tuple(word.casefold() for word in typed.split())


def _haystack(summary: SetSummary) -> str:
    licence = summary.license
    parts = (
        summary.name,
        summary.prefix or "",
        summary.category or "",
        (licence.spdx or "") if licence else "",
        (licence.title or "") if licence else "",
    )
    return "\n".join(parts).casefold()


def matches(summary: SetSummary, typed: str | Sequence[str]) -> bool:
    """True when every word of `typed` is part of the set's name, prefix, category or licence."""
    words = words_of(typed) if isinstance(typed, str) else typed
    if not words:
        return True
    haystack = _haystack(summary)
    return all(word in haystack for word in words)


def grouped(sets: Sequence[SetSummary], typed: str = "") -> tuple[SetGroup, ...]:
    """The sets `typed` keeps, grouped by category (see the module docstring)."""
    words = words_of(typed)
    groups: dict[str, list[SetSummary]] = {}
    for summary in sets:
        if matches(summary, words):
            groups.setdefault(summary.category or OTHER, []).append(summary)
    # Iconify's "Archive / Unmaintained" sets go last, before those with no category.
    order = sorted(
        groups,
        key=lambda category: (category == OTHER, category.casefold().startswith("archive"), category.casefold()),
    )
    return tuple(SetGroup(category, tuple(groups[category])) for category in order)


def opening_words(summary: SetSummary) -> str:
    """The search box's words that list every icon of the set (`set:lucide`, `set:"Core UI"`)."""
    if summary.prefix:
        return f"set:{summary.prefix}"
    # A quote would end the quoted value early: a name holding one (none of the demo's or of
    # @iconify/json's does) is written with a space in its place.
    name = summary.name.replace('"', " ").strip()
    return f'set:"{name}"'


def still_open(summary: SetSummary, query: str) -> bool:
    """True while the search box's `query` still holds the words that opened `summary` (a word added
    beside them keeps it open; removing or changing them closes it)."""
    words = opening_words(summary).casefold()
    if " " in words:  # a quoted name: its words together
        return words in query.casefold()
    return words in query.casefold().split()
