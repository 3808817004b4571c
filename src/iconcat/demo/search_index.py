"""The catalogue's search index: distinct names, their words, and the icons of each name.

Search matches and ranks *names*, never icons: every icon of a name matches or fails and ranks alike,
since the rule looks at nothing else (see `Catalogue.search`). A catalogue has far fewer names than
icons (the demo 94 for 1,802 icons; a generated one about one for every 56: 3,573 at 200,000), and a
name's icons are listed by id, so the ordered answer is the matching names in rank order, each
expanded to its ids.

The index makes each rank a few set operations that run in C:

- names are numbered by (length, name): within a rank, the closer (shorter) name comes first, then the
  alphabet, so sorting a set of numbers is sorting by the rule's own tie-breaks;
- each distinct word of the names lists the numbers of the names it occurs in (postings). A query word
  holds no whitespace, so it occurs in a name exactly when it occurs inside one of the name's words:
  the words it occurs in, or starts, give its names by a union of postings. The distinct words are few
  (about a hundred, whatever the catalogue's size) and scanned for substrings; the starts are a range
  of the sorted words, found by bisection;
- the names that start with the whole query are a range of the names in alphabetical order.

Ranks are filled lazily, best first, and only until the requested page is full and it is known whether
more follow: a broad query ("a") usually fills its page from the names that start with it and never
computes the thousands of names that merely contain it. What a search costs follows from the names it
ranks, not from the number of icons.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Iterator, Sequence

__all__ = ["NameIndex"]


class NameIndex:
    """Icon ids by folded name, searchable by the catalogue's rule. Immutable once built (thread-safe)."""

    def __init__(self, groups: Iterable[tuple[str, Sequence[int]]]) -> None:
        """`groups`: (casefolded name, the ids of its icons in ascending order), each name once."""
        ordered = sorted(groups, key=lambda group: (len(group[0]), group[0]))
        self._names = [name for name, _ in ordered]
        self._ids = [ids for _, ids in ordered]
        self._sizes = [len(ids) for ids in self._ids]
        self._number = {name: number for number, name in enumerate(self._names)}
        if len(self._number) != len(self._names):
            raise ValueError("each name must be given once")
        # Browsing (the empty query) lists names alphabetically; the running total of their sizes
        # finds the name where a page starts by bisection rather than by walking the pages before it.
        alphabetical = sorted(range(len(self._names)), key=self._names.__getitem__)
        self._alphabetical = alphabetical
        self._alphabetical_names = [self._names[number] for number in alphabetical]
        self._ends = list(itertools.accumulate(self._sizes[number] for number in alphabetical))
        postings: dict[str, set[int]] = {}
        for number, name in enumerate(self._names):
            for word in name.split():
                postings.setdefault(word, set()).add(number)
        self._words = sorted(postings)
        self._postings = [frozenset(postings[word]) for word in self._words]

    @property
    def total(self) -> int:
        """How many ids the index holds."""
        return self._ends[-1] if self._ends else 0

    # --- the answer ------------------------------------------------------------------------------

    def page(self, query: str, start: int, count: int) -> tuple[list[int], bool]:
        """The ids at positions start … start + count − 1 of the ordered answer, and whether more follow."""
        numbers: Iterator[int]
        words = query.casefold().split()
        if words:
            numbers = self._ranked(words)
        else:
            # Skip the names wholly before `start` at once: browsing deep pages stays cheap.
            first = bisect.bisect_right(self._ends, start)
            if first:
                start -= self._ends[first - 1]
            numbers = itertools.islice(self._alphabetical, first, None)
        found: list[int] = []
        for number in numbers:
            size = self._sizes[number]
            if start >= size:
                start -= size
                continue
            wanted = count - len(found)
            found.extend(self._ids[number][start : start + wanted])
            if size - start > wanted:
                return found, True
            start = 0
            if len(found) == count:
                # The page is full: more follow when any further name matches (each holds an icon).
                return found, next(numbers, None) is not None
        return found, False

    def count(self, query: str) -> int:
        """How many ids the answer to `query` holds (what `every` would yield), without ordering them."""
        words = query.casefold().split()
        if not words:
            return self.total
        # Every match has each word somewhere in its name: the widest rank holds them all.
        matching = _intersection(self._union(self._containing(word)) for word in words)
        return sum(self._sizes[number] for number in matching)

    def every(self, query: str) -> Iterator[int]:
        """Every id of the ordered answer."""
        words = query.casefold().split()
        numbers = self._ranked(words) if words else iter(self._alphabetical)
        for number in numbers:
            yield from self._ids[number]

    # --- ranking ---------------------------------------------------------------------------------

    def _ranked(self, words: list[str]) -> Iterator[int]:
        """Numbers of the names that match, best first: each rank's set is computed when reached."""
        phrase = " ".join(words)
        placed: set[int] = set()
        exact = self._number.get(phrase)
        if exact is not None:  # the name is the query: each word occurs in it
            placed.add(exact)
            yield exact
        # Names that start with the whole query (a name equal to it is placed already).
        low = bisect.bisect_left(self._alphabetical_names, phrase)
        high = _end_of_prefix(self._alphabetical_names, phrase, low)
        starting = set(self._alphabetical[low:high]) - placed
        yield from sorted(starting)
        placed |= starting
        # Each query word starts a word of the name.
        word_starts = _intersection(self._union(self._starting_with(word)) for word in words) - placed
        yield from sorted(word_starts)
        placed |= word_starts
        # Each query word merely occurs in the name.
        occurs = _intersection(self._union(self._containing(word)) for word in words) - placed
        yield from sorted(occurs)

    def _starting_with(self, prefix: str) -> range:
        low = bisect.bisect_left(self._words, prefix)
        return range(low, _end_of_prefix(self._words, prefix, low))

    def _containing(self, part: str) -> list[int]:
        # A scan of the distinct words (about a hundred), not of the names or the icons.
        return [index for index, word in enumerate(self._words) if part in word]

    def _union(self, word_indexes: Iterable[int]) -> frozenset[int]:
        postings = [self._postings[index] for index in word_indexes]
        if len(postings) == 1:
            return postings[0]
        return frozenset().union(*postings)


def _end_of_prefix(ordered: list[str], prefix: str, low: int) -> int:
    """The end of the run of `ordered` (sorted) that starts at `low` and whose items start with `prefix`."""
    # Items with the prefix form one run from `low`; the key is False through it and True after it,
    # so bisection finds its end in O(log n) prefix checks.
    return bisect.bisect_left(ordered, True, lo=low, key=lambda item: not item.startswith(prefix))


def _intersection(sets: Iterable[frozenset[int]]) -> set[int]:
    """The intersection of the sets; stops at the first empty one (the sets after it are never computed)."""
    result: set[int] | None = None
    for each in sets:
        result = set(each) if result is None else result.intersection(each)
        if not result:
            return set()
    return result or set()
