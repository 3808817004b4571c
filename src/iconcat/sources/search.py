"""Search over icon sets from disk: the demo's rule (`NameIndex`), over icons' names *and* alias names,
in a form that is saved in the index and loaded at start in a few tens of milliseconds.

The rule is the demo's (`Catalogue.search`): every query word must occur (as a substring, any length)
in the name; ranks are exact, the name starts with the query, each word starts a word of the name, each
word merely occurs; within a rank the shorter name first, then the alphabet, then the icons' own order.
Here a "name" is a *search name*: an icon's own name or one of its alias names (Iconify aliases: MDI's
`home-outline` has `house-outline`), folded. An icon matched by both ranks by the better one and is
listed once.

The demo's `NameIndex` builds Python sets and dicts at start: 2.5 s for the whole `@iconify/json`
(243,000 names), too slow for a first search within a second of starting. This index keeps the same
shapes in flat arrays and one text block each, which `pack` writes as bytes and `unpack` reads back
without rebuilding anything:

- positions: the listed icons in browse order (own name, then set, style, key), numbered from 0; the
  empty query lists them in that order;
- search names numbered by (length, name), each with its positions: a run of the browse order for an
  own name, a list of its own for a name that is also (or only) an alias name; names in alphabetical
  order with their numbers, for the exact and prefix ranks (by bisection);
- the distinct words of the names (sorted) with the numbers of the names they occur in (postings);
- the answer's size for each one-letter query, counted while building (the first key typed would
  otherwise unite the postings of most words).

A query word occurs in a name exactly when it occurs inside one of the name's words: the words holding
it are found in one text block (`str.find` in C when they are few, a scan of the ~35,000 words when
many), and their postings united. Those unions are kept for the last few query words (`_UNIONS_KEPT`):
a request asks for a page and then for the count of the same query, and the next keystroke repeats
most words. Counts are kept likewise, per query (every page of a query reports its total), and so
are the ordered names of a prefix held by thousands ("a").
"""

from __future__ import annotations

import bisect
import functools
import itertools
import json
import struct
import threading
from array import array
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import overload

__all__ = ["PACK_FORMAT", "SearchNames", "build_search"]

_UNIONS_KEPT = 64
"""Query words whose matching names are kept (a few hundred KB each at most)."""
_COUNTS_KEPT = 256
_FEW_HITS = 4000
"""Below this many occurrences of a query word in the word block, find them one by one in C; above,
scan the words in Python (one pass, ~35,000 `in` checks)."""
_SEPARATOR = "\n"
PACK_FORMAT = 5
"""The packed index's layout: a stored index of another is worked out again."""
_MAGIC = b"ICSN%d" % PACK_FORMAT


@dataclass(frozen=True)
class _Packed:
    positions_count: int
    alphabetical_names: Sequence[str]
    alphabetical_numbers: array[int]
    group_low: array[int]
    group_high: array[int]
    merged: array[int]
    has_alias: bytes
    words: list[str]
    posting_starts: array[int]
    postings: array[int]
    sizes: array[int]
    """How many positions each name holds."""
    letter_counts: dict[str, int]
    """The answer's size for each one-letter query."""


def build_search(
    positions_count: int, own: Sequence[tuple[str, int]], aliases: Iterable[tuple[str, int]]
) -> SearchNames:
    """The index over the listed icons' names.

    `own`: each distinct own name (folded, words single-spaced) with its first position, in position
    order: the positions are in browse order, so a name's icons are consecutive and run up to the
    next name's first position. `aliases`: (folded alias name, its icon's position), any order.
    """
    runs: dict[str, tuple[int, int]] = {}
    for (name, first), (_, end) in zip(own, [*own[1:], ("", positions_count)]):
        runs[name] = (first, end)
    extra: dict[str, set[int]] = {}
    aliased: set[int] = set()
    for alias, position in aliases:
        alias = " ".join(alias.split())
        if alias:
            extra.setdefault(alias, set()).add(position)
            aliased.add(position)
    ordered = sorted(sorted(runs.keys() | extra.keys()), key=len)  # by (length, name): two C sorts
    numbers = {name: number for number, name in enumerate(ordered)}
    # A name's icons: positions low … high − 1 when it is only an own name (a run of the browse
    # order); merged with its alias icons, a list in `merged` at low − positions_count.
    group_low = array("q", bytes(8 * len(ordered)))
    group_high = array("q", bytes(8 * len(ordered)))
    for name, (first, end) in runs.items():
        number = numbers[name]
        group_low[number], group_high[number] = first, end
    merged = array("q")
    has_alias = bytearray(len(ordered))
    for name, added in extra.items():
        number = numbers[name]
        first, end = runs.get(name, (0, 0))
        group_low[number] = positions_count + len(merged)
        # The icons of that name first, then those an alias of that name leads to ("house": Lucide's
        # House before MDI's Home), each part in browse order.
        merged.extend(range(first, end))
        merged.extend(sorted(added.difference(range(first, end))))
        group_high[number] = positions_count + len(merged)
        has_alias[number] = 1
    # An icon that comes under more than one name (its own and an alias's) is counted and listed
    # once: every name that holds such an icon says so (its own name too).
    own_firsts = [first for _, first in own]
    own_name = {position: own[bisect.bisect_right(own_firsts, position) - 1][0] for position in aliased}
    for name in own_name.values():
        has_alias[numbers[name]] = 1
    # One-letter queries ("a", the first key typed) would unite the postings of most words to count
    # their answer: counted here instead, per letter, each icon once (over its own and alias names).
    letters: Counter[str] = Counter()
    for name, (first, end) in runs.items():
        for letter in set(name.replace(" ", "")):
            letters[letter] += end - first
    alias_letters: dict[int, set[str]] = {}
    for name, positions in extra.items():
        for position in positions:
            alias_letters.setdefault(position, set()).update(name.replace(" ", ""))
    for position, alias_only in alias_letters.items():
        letters.update(alias_only.difference(own_name[position]))
    del runs, extra, numbers, own_firsts, own_name, alias_letters
    postings: defaultdict[str, list[int]] = defaultdict(list)
    for number, name in enumerate(ordered):
        for word in name.split():  # a word twice in one name is posted twice: unions absorb it
            postings[word].append(number)
    alphabetical = sorted(range(len(ordered)), key=ordered.__getitem__)
    words = sorted(postings)
    posting_starts = array("q", [0])
    flat = array("q")
    for word in words:
        flat.extend(postings[word])
        posting_starts.append(len(flat))
    return SearchNames(
        _Packed(
            positions_count=positions_count,
            alphabetical_names=[ordered[number] for number in alphabetical],
            alphabetical_numbers=array("q", alphabetical),
            group_low=group_low,
            group_high=group_high,
            merged=merged,
            has_alias=bytes(has_alias),
            words=words,
            posting_starts=posting_starts,
            postings=flat,
            sizes=array("q", map(int.__sub__, group_high, group_low)),
            letter_counts=dict(letters),
        )
    )


class SearchNames:
    """Positions (of listed icons) by search name, searchable by the demo's rule. Immutable once built;
    its caches are guarded by a lock, so threads may share it."""

    def __init__(self, packed: _Packed) -> None:
        self._p = packed
        self._word_block = _SEPARATOR + _SEPARATOR.join(packed.words) + _SEPARATOR
        # Where each word starts in the block: a hit's word by bisection.
        self._word_offsets = array("q", itertools.accumulate((len(w) + 1 for w in packed.words), initial=1))
        self._lock = threading.Lock()
        self._unions: dict[str, AbstractSet[int]] = {}
        self._prefixes: dict[str, array[int]] = {}
        self._counts: dict[str, int] = {}

    @functools.cached_property
    def _aliased_names(self) -> frozenset[int]:
        """The names holding an icon that also comes under another name."""
        return frozenset(itertools.compress(itertools.count(), self._p.has_alias))

    @property
    def total(self) -> int:
        """How many icons are listed (the empty query's answer)."""
        return self._p.positions_count

    # --- the answer ------------------------------------------------------------------------------

    def page(self, query: str, start: int, count: int) -> tuple[list[int], bool]:
        """Positions start … start + count − 1 of the ordered answer, and whether more follow."""
        words = query.casefold().split()
        if not words:
            end = min(start + count, self.total)
            return list(range(start, end)), end < self.total
        found: list[int] = []
        for chunk in self._chunks(words):
            if start >= len(chunk):  # a whole name's icons before the page: skipped at once
                start -= len(chunk)
                continue
            if len(found) == count:
                return found, True
            wanted = count - len(found)
            found.extend(chunk[start : start + wanted])
            if len(chunk) - start > wanted:
                return found, True
            start = 0
        return found, False

    def every(self, query: str) -> Iterator[int]:
        """Every position of the ordered answer."""
        words = query.casefold().split()
        return iter(range(self.total)) if not words else self._positions(words)

    def count(self, query: str) -> int:
        """How many icons the answer holds, without ordering them (kept for the last few queries)."""
        words = query.casefold().split()
        if not words:
            return self.total
        key = " ".join(words)
        if len(key) == 1:
            return self._p.letter_counts.get(key, 0)
        with self._lock:
            known = self._counts.get(key)
        if known is not None:
            return known
        matching = _intersection(self._containing(word) for word in words)
        # A position listed under an alias name is counted once however many of its names match
        # (`shared`); every other position comes under one name only, its own, whose size counts it.
        aliased = matching & self._aliased_names
        shared: set[int] = set()
        for number in aliased:
            shared.update(self._members(number))
        plain = sum(map(self._p.sizes.__getitem__, matching)) - sum(map(self._p.sizes.__getitem__, aliased))
        total = plain + len(shared)
        with self._lock:
            if len(self._counts) >= _COUNTS_KEPT:
                self._counts.pop(next(iter(self._counts)))
            self._counts[key] = total
        return total

    # --- ranking ---------------------------------------------------------------------------------

    def _positions(self, words: list[str]) -> Iterator[int]:
        """The answer's positions in order, each once."""
        for chunk in self._chunks(words):
            yield from chunk

    def _chunks(self, words: list[str]) -> Iterator[Sequence[int]]:
        """The answer's positions name by name, in order, each position once (never empty)."""
        p = self._p
        seen: set[int] = set()
        for number in self._ranked(words):
            members = self._members(number)
            if p.has_alias[number]:
                # Icons that also come under another name: listed where they first match.
                members = [position for position in members if position not in seen]
                seen.update(members)
            if members:
                yield members

    def _members(self, number: int) -> Sequence[int]:
        """The positions of name `number`: its own icons, then those its alias name leads to."""
        p = self._p
        low, high = p.group_low[number], p.group_high[number]
        if low < p.positions_count:
            return range(low, high)
        return p.merged[low - p.positions_count : high - p.positions_count]

    def _ranked(self, words: list[str]) -> Iterator[int]:
        """Numbers of the names that match, best first: each rank's set is computed when reached."""
        p = self._p
        phrase = " ".join(words)
        low = bisect.bisect_left(p.alphabetical_names, phrase)
        high = _end_of_prefix(p.alphabetical_names, phrase, low)
        placed: set[int] = set()
        if low < high and p.alphabetical_names[low] == phrase:  # the name is the query
            exact = p.alphabetical_numbers[low]
            placed.add(exact)
            yield exact
        # Often thousands ("a"), of which a page wants a few dozen: ordered once and kept for the
        # last few queries (the next page, the same first key typed again); the set of them is made
        # only if the answer goes on past them.
        for number in self._starting_in_order(phrase, low, high):
            if number not in placed:
                yield number
        placed.update(p.alphabetical_numbers[low:high])
        word_starts = _intersection(self._union(self._starting_with(word)) for word in words) - placed
        yield from sorted(word_starts)
        placed |= word_starts
        occurs = _intersection(self._containing(word) for word in words) - placed
        yield from sorted(occurs)

    def _starting_in_order(self, phrase: str, low: int, high: int) -> Sequence[int]:
        """The numbers of the names low … high − 1 in alphabetical order (those starting with the
        phrase), in ascending order."""
        if high - low < _FEW_HITS:
            return sorted(self._p.alphabetical_numbers[low:high])
        with self._lock:
            known = self._prefixes.get(phrase)
        if known is None:
            known = array("q", sorted(self._p.alphabetical_numbers[low:high]))
            with self._lock:
                if len(self._prefixes) >= _UNIONS_KEPT:
                    self._prefixes.pop(next(iter(self._prefixes)))
                self._prefixes[phrase] = known
        return known

    def _starting_with(self, prefix: str) -> range:
        words = self._p.words
        low = bisect.bisect_left(words, prefix)
        return range(low, _end_of_prefix(words, prefix, low))

    def _containing(self, part: str) -> AbstractSet[int]:
        """Numbers of the names with a word holding `part` (kept for the last few parts)."""
        with self._lock:
            known = self._unions.get(part)
        if known is not None:
            return known
        union = self._union(self._words_holding(part))
        with self._lock:
            if len(self._unions) >= _UNIONS_KEPT:
                self._unions.pop(next(iter(self._unions)))
            self._unions[part] = union
        return union

    def _words_holding(self, part: str) -> list[int]:
        if _SEPARATOR in part:
            return []
        block = self._word_block
        if block.count(part) > _FEW_HITS:
            return [index for index, word in enumerate(self._p.words) if part in word]
        found: list[int] = []
        offsets = self._word_offsets
        at = block.find(part)
        while at >= 0:
            index = bisect.bisect_right(offsets, at) - 1
            found.append(index)
            at = block.find(part, offsets[index + 1])  # the next word: one hit per word
        return found

    def _union(self, word_indexes: Iterable[int]) -> AbstractSet[int]:
        """The names holding any of these words: a new set, never changed after (kept and shared)."""
        p = self._p
        union: set[int] = set()
        for index in word_indexes:
            union.update(p.postings[p.posting_starts[index] : p.posting_starts[index + 1]])
        return union

    # --- bytes -----------------------------------------------------------------------------------

    def pack(self) -> bytes:
        """The index as bytes, for `unpack` (what the index database keeps)."""
        p = self._p
        names = list(p.alphabetical_names)
        starts = array("q", itertools.accumulate((len(name) + 1 for name in names), initial=0))
        parts = [
            _SEPARATOR.join(names).encode(),
            starts.tobytes(),
            p.alphabetical_numbers.tobytes(),
            p.group_low.tobytes(),
            p.group_high.tobytes(),
            p.merged.tobytes(),
            p.has_alias,
            _SEPARATOR.join(p.words).encode(),
            p.posting_starts.tobytes(),
            p.postings.tobytes(),
            p.sizes.tobytes(),
            json.dumps(p.letter_counts).encode(),
        ]
        header = struct.pack(f"<5sq{len(parts)}q", _MAGIC, p.positions_count, *(len(part) for part in parts))
        return header + b"".join(parts)

    @classmethod
    def unpack(cls, data: bytes) -> SearchNames:
        """The index `pack` wrote; ValueError when the bytes are not one."""
        count = 12
        header = struct.calcsize(f"<5sq{count}q")
        if len(data) < header:
            raise ValueError("not a packed search index")
        magic, positions, *sizes = struct.unpack_from(f"<5sq{count}q", data)
        if magic != _MAGIC or sum(sizes) != len(data) - header:
            raise ValueError("not a packed search index")
        view = memoryview(data)
        chunks: list[memoryview] = []
        at = header
        for size in sizes:
            chunks.append(view[at : at + size])
            at += size

        def text_list(chunk: memoryview) -> list[str]:
            return bytes(chunk).decode().split(_SEPARATOR) if len(chunk) else []

        def numbers(chunk: memoryview) -> array[int]:
            values = array("q")
            values.frombytes(chunk)
            return values

        return cls(
            _Packed(
                positions_count=positions,
                alphabetical_names=_Lines(bytes(chunks[0]).decode(), numbers(chunks[1])),
                alphabetical_numbers=numbers(chunks[2]),
                group_low=numbers(chunks[3]),
                group_high=numbers(chunks[4]),
                merged=numbers(chunks[5]),
                has_alias=bytes(chunks[6]),
                words=text_list(chunks[7]),
                posting_starts=numbers(chunks[8]),
                postings=numbers(chunks[9]),
                sizes=numbers(chunks[10]),
                letter_counts=json.loads(bytes(chunks[11])),
            )
        )


class _Lines(Sequence[str]):
    """The names, one text and where each starts: read in place, not split into 250,000 strings at
    start (bisection looks at some twenty of them per search)."""

    def __init__(self, text: str, starts: array[int]) -> None:
        self._text = text
        self._starts = starts

    def __len__(self) -> int:
        return len(self._starts) - 1

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("name number out of range")
        return self._text[self._starts[index] : self._starts[index + 1] - 1]


def _end_of_prefix(ordered: Sequence[str], prefix: str, low: int) -> int:
    """The end of the run of `ordered` (sorted) from `low` whose items start with `prefix`."""
    return bisect.bisect_left(ordered, True, lo=low, key=lambda item: not item.startswith(prefix))


def _intersection(sets: Iterable[AbstractSet[int]]) -> AbstractSet[int]:
    """The intersection of the sets (the one set itself when there is one: no copy); stops at the
    first empty one."""
    result: AbstractSet[int] | None = None
    for each in sets:
        result = each if result is None else result & each
        if not result:
            return frozenset()
    return frozenset() if result is None else result
