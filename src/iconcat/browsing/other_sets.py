"""The same icon in other sets (`G`): among a search's answer for an icon's name, the icons of that name
in the other sets served, grouped by set, and what the browser says of them.

Pure logic (no Textual), like `grouping`: the browser searches the catalogue for the icon's name in
words, follows every page, and hands the icons to `same_name_elsewhere`, which keeps those whose name
is this one's as a person reads it (`grouping.name_key`: sanitised, case folded; "Heart" and "heart",
not "Heart Broken", which the search finds too) and whose set is another, set by set in the order each
set first appears (the catalogue's ranking), each set's icons in theirs.

The words: `found_title` ("Heart in 3 other sets · Phosphor 2 · Lucide 1 · MDI 3"), `none_notice`
("Heart is in no other set served."), `one_set_notice` (the catalogue serves one set only: nothing
to search), `looking_notice`. Every string from the catalogue is sanitised here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from iconcat.text import sanitize

from .grouping import IconGroup, name_key

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon

__all__ = [
    "found_title",
    "looking_notice",
    "none_notice",
    "one_set_notice",
    "other_sets_group",
    "same_name_elsewhere",
    "shown_name",
]


def _set_key(icon: Icon) -> tuple[int, str]:
    """What two icons share when they are of one set: its id and its name (a catalogue's ids are its own)."""
    return icon.set.id, sanitize(icon.set.name, max_length=80).casefold()


def shown_name(icon: Icon) -> str:
    """The icon's name as the notices say it."""
    return sanitize(icon.name, max_length=60)


def same_name_elsewhere(icon: Icon, found: Iterable[Icon]) -> tuple[Icon, ...]:
    """The icons of `found` named as `icon` is (`name_key`) from sets other than its own, each once,
    grouped by set (the sets in the order they first appear, each set's icons in theirs)."""
    key, own = name_key(icon.name), _set_key(icon)
    by_set: dict[tuple[int, str], list[Icon]] = {}
    seen: set[int] = set()
    for other in found:
        if other.id in seen or name_key(other.name) != key:
            continue
        other_set = _set_key(other)
        if other_set == own:
            continue
        seen.add(other.id)
        by_set.setdefault(other_set, []).append(other)
    return tuple(member for members in by_set.values() for member in members)


def _sets_with_counts(icons: Iterable[Icon]) -> list[tuple[str, int]]:
    """The sets of `icons` as shown, with how many icons each holds, in order."""
    counts: dict[str, int] = {}
    for icon in icons:
        name = sanitize(icon.set.name, max_length=40)
        counts[name] = counts.get(name, 0) + 1
    return list(counts.items())


def found_title(icon: Icon, others: Iterable[Icon]) -> str:
    """The title over the other sets' tiles: "Heart in 3 other sets · Phosphor 2 · Lucide 1 · MDI 3"."""
    sets = _sets_with_counts(others)
    count = "1 other set" if len(sets) == 1 else f"{len(sets)} other sets"
    return " · ".join([f"{shown_name(icon)} in {count}", *(f"{name} {number}" for name, number in sets)])


def other_sets_group(icon: Icon, others: tuple[Icon, ...]) -> IconGroup:
    """The other sets' icons as a group, for the detail pane's tiles (its members, in their order)."""
    return IconGroup(name_key(icon.name), shown_name(icon), others)


def none_notice(icon: Icon) -> str:
    """No other set served has the icon's name."""
    return f"{shown_name(icon)} is in no other set served."


def one_set_notice(icon: Icon, set_name: str) -> str:
    """The catalogue serves one set only (`set_name`): there is no other set to look in."""
    only = sanitize(set_name, max_length=40)
    return f"{shown_name(icon)} is in no other set: this catalogue serves one set only ({only})."


def looking_notice(icon: Icon) -> str:
    """While the catalogue is searched."""
    return f"Looking for {shown_name(icon)} in other sets…"
