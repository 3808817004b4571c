"""The catalogue's search as it was before the index: a linear scan that ranks and sorts every match.

Kept verbatim in behaviour as the reference the indexed search must equal, icon for icon and in the same
order. It reads only what any icon record has (folded name, folded words, id), so it judges the index
without sharing any of its code.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    """What the old search looked at of one icon."""

    id: int
    folded_name: str
    folded_words: tuple[str, ...]


def entries(icons: Iterable[object]) -> list[Entry]:
    """The entries of icon records (anything with id, folded_name, folded_words)."""
    return [Entry(icon.id, icon.folded_name, icon.folded_words) for icon in icons]  # type: ignore[attr-defined]


class LinearSearch:
    """The old `Catalogue.search` over these icons: browse order sorted once, every query a full scan."""

    def __init__(self, icons: Iterable[Entry]) -> None:
        self._browse_order = sorted(icons, key=lambda i: (i.folded_name, i.id))

    def __call__(self, query: str) -> list[int]:
        """The ids the old search returned for `query`, in its order."""
        words = query.casefold().split()
        if not words:
            return [icon.id for icon in self._browse_order]
        phrase = " ".join(words)
        ranked: list[tuple[int, Entry]] = []
        for icon in self._browse_order:
            name = icon.folded_name
            if not all(word in name for word in words):
                continue
            if name == phrase:
                rank = 0
            elif name.startswith(phrase):
                rank = 1
            elif all(any(w.startswith(word) for w in icon.folded_words) for word in words):
                rank = 2
            else:
                rank = 3
            ranked.append((rank, icon))
        # sort() is stable and _browse_order is already by (name, id).
        ranked.sort(key=lambda pair: (pair[0], len(pair[1].folded_name)))
        return [icon.id for _, icon in ranked]
