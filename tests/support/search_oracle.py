"""The search rule as a linear scan: every icon looked at, every word's best rank worked out, all sorted.

The reference the indexed search (`iconcat.embedded.search`) must equal, icon for icon and in the same
order. It reads only what any icon has (id, folded name, aliases, tags) and the synonyms given, and
shares no code with the index, so it judges it. The rule, as docs/sources.md writes it:

    0 the query is the name; per word: 1 a name word, 2 an alias word, 3 a tag word, 4 a synonym is a
    whole word (of the name, the aliases or the tags), 5 starts a name word, 6 starts an alias word,
    7 starts a tag word (the last word, two letters or more), 8 inside a name or alias word.

An icon ranks by its weakest word; then the shorter name, the alphabet, browse order. `-word` leaves out
icons with it as a whole word of the name or the aliases; plain words are split at hyphens.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    """What the rule looks at of one icon."""

    id: int
    folded_name: str
    folded_words: tuple[str, ...]
    aliases: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()


def entries(icons: Iterable[object], tags_of: Callable[[str], Sequence[str]] = lambda name: ()) -> list[Entry]:
    """The entries of icon records (anything with id, name, folded_name, folded_words); their tags by name."""
    return [
        Entry(icon.id, icon.folded_name, icon.folded_words, (), tuple(tags_of(icon.name)))  # type: ignore[attr-defined]
        for icon in icons
    ]


def _words(text: str) -> list[str]:
    return text.casefold().replace("-", " ").replace("_", " ").split()


def _parse(query: str) -> tuple[list[str], list[list[str]]]:
    words: list[str] = []
    excluded: list[list[str]] = []
    for token in query.casefold().split():
        if ":" in token:
            words.append(token)
        elif token.startswith("-"):
            if token.strip("-"):
                excluded.append([part for part in token.split("-") if part])
        else:
            words += [part for part in token.split("-") if part]
    return words, excluded


def word_rank(
    word: str, last: bool, entry: Entry, synonyms_of: Callable[[str], Sequence[str]] = lambda word: ()
) -> int | None:
    """The best rank (1-8) at which `word` matches `entry`, or None."""
    name = _words(entry.folded_name)
    aliases = [word for alias in entry.aliases for word in _words(alias)]
    tags = [word for tag in entry.tags for word in _words(tag)]
    if word in name:
        return 1
    if word in aliases:
        return 2
    if word in tags:
        return 3
    for synonym in synonyms_of(word):
        parts = _words(synonym)
        if (
            synonym.casefold() != word
            and parts
            and any(all(p in group for p in parts) for group in (name, aliases, tags))
        ):
            return 4
    if any(w.startswith(word) for w in name):
        return 5
    if any(w.startswith(word) for w in aliases):
        return 6
    if last and len(word) >= 2 and any(w.startswith(word) for w in tags):
        return 7
    if any(word in w for w in name + aliases):
        return 8
    return None


class LinearSearch:
    """The rule over these icons: browse order (folded name, id) sorted once, every query a full scan."""

    def __init__(self, icons: Iterable[Entry], synonyms_of: Callable[[str], Sequence[str]] = lambda word: ()) -> None:
        self._browse_order = sorted(icons, key=lambda i: (i.folded_name, i.id))
        self._synonyms_of = synonyms_of

    def __call__(self, query: str) -> list[int]:
        """The ids the rule lists for `query`, in its order."""
        words, excluded = _parse(query)
        kept = [
            icon
            for icon in self._browse_order
            if not any(
                all(part in _words(icon.folded_name) for part in group)
                or all(part in [w for alias in icon.aliases for w in _words(alias)] for part in group)
                for group in excluded
            )
        ]
        if not words:
            return [icon.id for icon in kept]
        phrase = " ".join(words)
        ranked: list[tuple[int, Entry]] = []
        for icon in kept:
            ranks = [word_rank(word, word == words[-1], icon, self._synonyms_of) for word in words]
            if None in ranks:
                continue
            rank = 0 if icon.folded_name == phrase else max(r for r in ranks if r is not None)
            ranked.append((rank, icon))
        # sort() is stable and _browse_order is already by (name, id).
        ranked.sort(key=lambda pair: (pair[0], len(pair[1].folded_name), pair[1].folded_name))
        return [icon.id for _, icon in ranked]
