"""Search over icons by name, alias, tag and synonym (the rule in docs/sources.md), in a form that is
saved in the index and loaded at start in a few tens of milliseconds. The demo's catalogue and the sets
from disk both search through it.

The rule, per query word (a query's words each match, or the icon is not listed):

    rank  how the word matches                                 `matched`'s "by"
    0     the whole query is the icon's name                   name (each word)
    1     a whole word of the name                             name
    2     a whole word of an alias                             alias
    3     a whole word of a tag                                tag
    4     a synonym of it is a whole word of the name, an      synonym
          alias or a tag
    5     the start of a word of the name                      name
    6     the start of a word of an alias                      alias
    7     the start of a word of a tag (the last word typed,   tag
          from two letters)
    8     inside a word of the name or an alias                inside

An icon ranks by its weakest word (the highest of its words' best ranks); within a rank the shorter
name first, then the alphabet, then the icons of one name in browse order. `-word` leaves out the icons
with that whole word in their name or an alias; plain words are split at hyphens (`trash-2` is
`trash 2`), a word holding `:` (an Iconify name, a filter) never is.

Shapes (positions: the listed icons in browse order, numbered from 0; the empty query lists them so):

- own names numbered by (length, name); *ranked numbers*: the icons numbered by (their name's number,
  position), so that sorting ranked numbers sorts by the rule's own tie-breaks and a name's icons are
  one run of them (`name_first`); `name_of` gives a ranked number's name;
- the distinct words of names, aliases and tags (sorted), each with three postings: the names it is a
  word of (name numbers), the icons with an alias holding it and those with a tag holding it (ranked
  numbers);
- the answer's size for each one-letter query over names and aliases, counted while building (the
  first key typed would otherwise unite the postings of most words).

A set of matching icons is a `_Matches`: whole names plus single icons (an alias or a tag matches one
icon, a name all of its icons), so that "a", which most names hold, is a set of names and not of
icons. A query's answer is computed rank by rank, best first, only as far as the page asked needs
(and one more, to say whether more follow); the ranked numbers found so far are kept with the query
(`_ANSWERS_KEPT`), so the next page, and the count asked beside it, go on from there. The words'
matches are kept for the last few words (`_UNIONS_KEPT`): the next keystroke repeats most of them.
"""

from __future__ import annotations

import bisect
import heapq
import itertools
import json
import operator
import struct
import threading
from array import array
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import overload

from .query import (
    NO_MEANING,
    TAG_PREFIX_FROM,
    Match,
    Meaning,
    Query,
    explain,
    no_synonyms,
    other_synonyms,
    read_query,
    words_of,
)

__all__ = [
    "PACK_FORMAT",
    "Match",
    "Meaning",
    "NO_MEANING",
    "Query",
    "SearchNames",
    "build_search",
    "explain",
    "read_query",
]

_UNIONS_KEPT = 64
"""Query words whose matches are kept (a few hundred KB each at most)."""
_ANSWERS_KEPT = 32
"""Queries whose ordered answer found so far is kept (the next page goes on from it): 4 bytes an icon,
1 MB for the whole of "a" at 238,000 icons (a narrowed search reads an answer to its end)."""
_COUNTS_KEPT = 256
_FEW_HITS = 4000
"""Below this many occurrences of a query word in the word block, find them one by one in C; above,
scan the words in Python (one pass, ~40,000 `in` checks)."""
_SEPARATOR = "\n"
PACK_FORMAT = 6
"""The packed index's layout: a stored index of another is worked out again."""
_MAGIC = b"ICSN%d" % PACK_FORMAT
RANKS = 8
"""Ranks after the exact name (see the module docstring)."""
_BY = ("name", "name", "alias", "tag", "synonym", "name", "alias", "tag", "inside")


# --- building --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Packed:
    positions_count: int
    names: Sequence[str]
    """Own names by number: (length, name)."""
    alphabetical: array[int]
    """Name numbers in alphabetical (browse) order."""
    name_first: array[int]
    """The first ranked number of each name, and the count of icons at the end."""
    position_first: array[int]
    """The first position of each name (its icons are consecutive in browse order)."""
    name_of: array[int]
    """Each ranked number's name."""
    words: list[str]
    name_starts: array[int]
    name_postings: array[int]
    alias_starts: array[int]
    alias_postings: array[int]
    tag_starts: array[int]
    tag_postings: array[int]
    aliased: array[int]
    """The ranked numbers of the icons with alias names, ascending."""
    alias_lines: Sequence[str]
    """Their alias names, one line an icon (tab-separated), read in place (`matched`, one-letter counts)."""
    letter_counts: dict[str, int]
    """The icons whose name or an alias holds each letter."""


def build_search(
    positions_count: int,
    own: Sequence[tuple[str, int]],
    aliases: Iterable[tuple[str, int]],
    tags: Iterable[tuple[int, Sequence[str]]] = (),
    *,
    synonyms_of: Callable[[str], Sequence[str]] = no_synonyms,
) -> SearchNames:
    """The index over the listed icons.

    `own`: each distinct own name (folded, words single-spaced) with its first position, in position
    order: the positions are in browse order, so a name's icons are consecutive and run up to the
    next name's first position. `aliases`: (folded alias name, its icon's position), any order.
    `tags`: (position, that icon's tags), any order, an icon at most once. `synonyms_of` is what the
    search asks at query time (`SearchNames.unpack` is given it again).
    """
    ends = [first for _, first in own[1:]] + [positions_count]
    ordered = sorted(range(len(own)), key=lambda index: (len(own[index][0]), own[index][0]))
    names = [own[index][0] for index in ordered]
    # Ranked numbers: a name's icons, names by number; `rank_of[index]` the first of own[index]'s.
    name_first = array("q", [0])
    position_first = array("q")
    name_of = array("i")
    rank_of = [0] * len(own)
    for number, index in enumerate(ordered):
        first, end = own[index][1], ends[index]
        rank_of[index] = name_first[-1]
        name_first.append(name_first[-1] + end - first)
        position_first.append(first)
        name_of.extend(itertools.repeat(number, end - first))
    ranked = array("i")  # by position
    for index, (first, end) in enumerate(zip((first for _, first in own), ends)):
        ranked.extend(range(rank_of[index], rank_of[index] + end - first))
    name_posts: defaultdict[str, list[int]] = defaultdict(list)
    for number, name in enumerate(names):
        for word in set(words_of(name)):
            name_posts[word].append(number)
    alias_posts: defaultdict[str, set[int]] = defaultdict(set)
    aliases_of: dict[int, list[str]] = {}
    for alias, position in aliases:
        alias = " ".join(alias.split())
        if not alias:
            continue
        number = ranked[position]
        held = aliases_of.setdefault(number, [])
        if alias not in held:
            held.append(alias)
        for word in alias.split():
            alias_posts[word].add(number)
    # Tags by tag text first: icons share tags (a glyph's styles, a family's sets), and a tag's words
    # are worked out once.
    by_tag: defaultdict[str, list[int]] = defaultdict(list)
    for position, icon_tags in tags:
        number = ranked[position]
        for tag in icon_tags:
            by_tag[tag].append(number)
    tag_posts: defaultdict[str, list[int]] = defaultdict(list)
    for tag, numbers in by_tag.items():
        for word in set(words_of(tag)):
            tag_posts[word].extend(numbers)
    del by_tag
    # One-letter queries ("a", the first key typed) would unite the postings of most words to count
    # their answer: counted here instead, per letter, each icon once, over its name and aliases (tags
    # and synonyms are added when asked: `SearchNames._letter_count`).
    letters: Counter[str] = Counter()
    sizes = [name_first[n + 1] - name_first[n] for n in range(len(names))]
    for number, name in enumerate(names):
        for letter in set(name.replace(" ", "")):
            letters[letter] += sizes[number]
    for number, held in aliases_of.items():
        own_letters = set(names[name_of[number]])
        letters.update(set("".join(held).replace(" ", "")).difference(own_letters))
    words = sorted(name_posts.keys() | alias_posts.keys() | tag_posts.keys())
    flat = {"name": array("i"), "alias": array("i"), "tag": array("i")}
    starts = {"name": array("q", [0]), "alias": array("q", [0]), "tag": array("q", [0])}
    for word in words:
        for kind, posts in (("name", name_posts), ("alias", alias_posts), ("tag", tag_posts)):
            found = posts.get(word)
            if found:
                flat[kind].fromlist(found if isinstance(found, list) else list(found))
            starts[kind].append(len(flat[kind]))
    alphabetical = array("q", sorted(range(len(names)), key=names.__getitem__))
    return SearchNames(
        _Packed(
            positions_count=positions_count,
            names=names,
            alphabetical=alphabetical,
            name_first=name_first,
            position_first=position_first,
            name_of=name_of,
            words=words,
            name_starts=starts["name"],
            name_postings=flat["name"],
            alias_starts=starts["alias"],
            alias_postings=flat["alias"],
            tag_starts=starts["tag"],
            tag_postings=flat["tag"],
            aliased=array("q", sorted(aliases_of)),
            alias_lines=["\t".join(aliases_of[number]) for number in sorted(aliases_of)],
            letter_counts=dict(letters),
        ),
        synonyms_of,
    )


# --- sets of icons ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Matches:
    """Icons: every icon of `names`, and `singles` (ranked numbers, some maybe of `names` too)."""

    names: AbstractSet[int] = frozenset()
    singles: AbstractSet[int] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.names) or bool(self.singles)


_NONE = _Matches()


# --- the index ------------------------------------------------------------------------------------


@dataclass
class _Answer:
    """A query's ordered answer as far as found (ranked numbers), and the ranks still to look at."""

    found: array[int] = field(default_factory=lambda: array("i"))
    rest: Iterator[int] | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)


class SearchNames:
    """Positions (of listed icons), searchable by the rule. Immutable once built; its caches are
    guarded by a lock, so threads may share it."""

    def __init__(self, packed: _Packed, synonyms_of: Callable[[str], Sequence[str]] = no_synonyms) -> None:
        self._p = packed
        self._synonyms_of = synonyms_of
        self._word_block = _SEPARATOR + _SEPARATOR.join(packed.words) + _SEPARATOR
        # Where each word starts in the block: a hit's word by bisection.
        self._word_offsets = array("q", itertools.accumulate((len(w) + 1 for w in packed.words), initial=1))
        self._lock = threading.Lock()
        self._words_kept: dict[tuple[str, bool], dict[int, _Matches]] = {}
        self._unions: dict[tuple[str, str], _Matches] = {}
        self._wholes: dict[str, tuple[_Matches, _Matches, _Matches]] = {}
        self._answers: dict[str, _Answer] = {}
        self._counts: dict[str, int] = {}

    @property
    def total(self) -> int:
        """How many icons are listed (the empty query's answer)."""
        return self._p.positions_count

    def _aliases_of(self, number: int) -> list[str]:
        """The alias names of the icon of this ranked number."""
        p = self._p
        at = bisect.bisect_left(p.aliased, number)
        return p.alias_lines[at].split("\t") if at < len(p.aliased) and p.aliased[at] == number else []

    # --- the answer ------------------------------------------------------------------------------

    def page(self, query: str, start: int, count: int) -> tuple[list[int], bool]:
        """Positions start … start + count − 1 of the ordered answer, and whether more follow."""
        read = read_query(query)
        if not read.words and not read.excluded:
            end = min(start + count, self.total)
            return list(range(start, end)), end < self.total
        found = self._answer_to(read, start + count + 1)
        to_position = self._to_position
        return [to_position(number) for number in found[start : start + count]], len(found) > start + count

    def every(self, query: str) -> Iterator[int]:
        """Every position of the ordered answer."""
        read = read_query(query)
        if not read.words and not read.excluded:
            return iter(range(self.total))
        return map(self._to_position, self._answer_to(read, None))

    def count(self, query: str) -> int:
        """How many icons the answer holds, without ordering them (kept for the last few queries)."""
        read = read_query(query)
        if not read.words and not read.excluded:
            return self.total
        with self._lock:
            known = self._counts.get(read.key)
        if known is not None:
            return known
        if not read.excluded and len(read.words) == 1 and len(read.words[0]) == 1:
            total = self._letter_count(read.words[0])
        else:
            matching = self._everything() if not read.words else self._cumulative(read, RANKS)
            total = self._size(matching)
            if read.excluded:
                total -= self._size(self._intersect(matching, self._excluded(read)))
        with self._lock:
            if len(self._counts) >= _COUNTS_KEPT:
                self._counts.pop(next(iter(self._counts)))
            self._counts[read.key] = total
        return total

    def aliases_at(self, position: int) -> list[str]:
        """The alias names of the icon at `position` (what `explain` is given)."""
        return self._aliases_of(self._ranked_number(position))

    # --- positions and ranked numbers ----------------------------------------------------------

    def _to_position(self, number: int) -> int:
        p = self._p
        name = p.name_of[number]
        return p.position_first[name] + number - p.name_first[name]

    def _ranked_number(self, position: int) -> int:
        p = self._p
        at = bisect.bisect_right(p.alphabetical, position, key=p.position_first.__getitem__) - 1
        name = p.alphabetical[at]
        return p.name_first[name] + position - p.position_first[name]

    def _run(self, name: int) -> range:
        return range(self._p.name_first[name], self._p.name_first[name + 1])

    # --- ordering --------------------------------------------------------------------------------

    def _answer_to(self, read: Query, wanted: int | None) -> array[int]:
        """The ordered answer's ranked numbers, at least `wanted` of them (all when None) if it has them."""
        with self._lock:
            answer = self._answers.get(read.key)
            if answer is None:
                if len(self._answers) >= _ANSWERS_KEPT:
                    self._answers.pop(next(iter(self._answers)))
                answer = self._answers[read.key] = _Answer(rest=self._ranked(read))
        with answer.lock:
            if answer.rest is not None and (wanted is None or len(answer.found) < wanted):
                more = answer.rest if wanted is None else itertools.islice(answer.rest, wanted - len(answer.found))
                before = len(answer.found)
                answer.found.extend(more)
                if wanted is None or len(answer.found) - before < wanted - before:
                    answer.rest = None
            return answer.found

    def _ranked(self, read: Query) -> Iterator[int]:
        """The ranked numbers of the answer, best first, each once: each rank computed when reached."""
        p = self._p
        left_out = self._excluded(read) if read.excluded else _NONE
        if not read.words:  # only words left out: every icon but those, in browse order
            for name in p.alphabetical:
                yield from self._without(self._run(name), left_out)
            return
        exact = self._exact(read.phrase)
        placed = _Matches(frozenset() if exact is None else frozenset([exact]))
        if exact is not None:
            yield from self._without(self._run(exact), left_out)
        for rank in range(1, RANKS + 1):
            reached = self._cumulative(read, rank)
            yield from self._new_in(reached, placed, left_out)
            placed = reached if exact is None or exact in reached.names else self._union(reached, placed)

    def _new_in(self, reached: _Matches, placed: _Matches, left_out: _Matches) -> Iterator[int]:
        """The icons of `reached` not in `placed` nor `left_out`, in ranked order."""
        name_of = self._p.name_of
        new_names = reached.names - placed.names - left_out.names
        names = sorted(new_names)
        holes = {number for number in (*placed.singles, *left_out.singles) if name_of[number] in new_names}
        runs = (self._without(self._run(name), None, holes) for name in names)
        singles = sorted(
            self._of_names(
                self._of_names(reached.singles - placed.singles - left_out.singles, reached.names, inside=False),
                left_out.names,
                inside=False,
            )
        )
        if not singles:
            for run in runs:
                yield from run
            return
        yield from heapq.merge(itertools.chain.from_iterable(runs), singles)

    def _without(self, run: range, left_out: _Matches | None, holes: AbstractSet[int] = frozenset()) -> Iterable[int]:
        if left_out is not None:
            if run and self._p.name_of[run.start] in left_out.names:
                return ()
            holes = left_out.singles
        if not holes:
            return run
        return (number for number in run if number not in holes)

    def _exact(self, phrase: str) -> int | None:
        """The number of the name that is the phrase, if any."""
        p = self._p
        at = bisect.bisect_left(p.alphabetical, phrase, key=p.names.__getitem__)
        if at < len(p.alphabetical) and p.names[p.alphabetical[at]] == phrase:
            return p.alphabetical[at]
        return None

    # --- matching ----------------------------------------------------------------------------------

    def _cumulative(self, read: Query, rank: int) -> _Matches:
        """The icons each of whose words matches at `rank` or better."""
        result: _Matches | None = None
        for word in dict.fromkeys(read.words):
            matches = self._word_rank(word, word == read.words[-1], rank)
            result = matches if result is None else self._intersect(result, matches)
            if not result:
                return _NONE
        return _NONE if result is None else result

    def _word_rank(self, word: str, last: bool, rank: int) -> _Matches:
        """The icons `word` matches at `rank` or better, worked out only as far as asked (a page of "a"
        rarely goes past its whole words), kept for the last few words."""
        key = (word, last)
        with self._lock:
            kept = self._words_kept.get(key)
            if kept is None:
                if len(self._words_kept) >= _UNIONS_KEPT:
                    self._words_kept.pop(next(iter(self._words_kept)))
                kept = self._words_kept[key] = {}
        known = kept.get(rank)
        if known is not None:
            return known
        if rank == RANKS:
            # Every way to match at once (what a count needs): a word inside a name or alias word
            # holds those starting or equal to it, so four unions, not seven.
            found = self._union(self._postings_union("inside", word), self._whole_words(word)[2])
            if last and len(word) >= TAG_PREFIX_FROM:
                found = self._union(found, self._postings_union("start-tag", word))
            found = self._union(found, self._synonym_matches(word))
        elif rank == 1:
            found = self._whole_words(word)[0]
        else:
            found = self._word_rank(word, last, rank - 1)
            if rank in (2, 3):
                found = self._union(found, self._whole_words(word)[rank - 1])
            elif rank == 4:
                found = self._union(found, self._synonym_matches(word))
            elif rank == 5:
                found = self._union(found, self._postings_union("start-name", word))
            elif rank == 6:
                found = self._union(found, self._postings_union("start-alias", word))
            elif rank == 7 and last and len(word) >= TAG_PREFIX_FROM:
                found = self._union(found, self._postings_union("start-tag", word))
        kept[rank] = found
        return found

    def _word_index(self, word: str) -> int | None:
        words = self._p.words
        at = bisect.bisect_left(words, word)
        return at if at < len(words) and words[at] == word else None

    def _whole_words(self, word: str) -> tuple[_Matches, _Matches, _Matches]:
        """The icons with `word` as a whole word of their name; of an alias; of a tag (kept)."""
        with self._lock:
            known = self._wholes.get(word)
        if known is None:
            known = self._whole_words_now(word)
            with self._lock:
                if len(self._wholes) >= _UNIONS_KEPT:
                    self._wholes.pop(next(iter(self._wholes)))
                self._wholes[word] = known
        return known

    def _whole_words_now(self, word: str) -> tuple[_Matches, _Matches, _Matches]:
        at = self._word_index(word)
        if at is None:
            return _NONE, _NONE, _NONE
        p = self._p
        return (
            _Matches(frozenset(p.name_postings[p.name_starts[at] : p.name_starts[at + 1]])),
            _Matches(singles=frozenset(p.alias_postings[p.alias_starts[at] : p.alias_starts[at + 1]])),
            _Matches(singles=frozenset(p.tag_postings[p.tag_starts[at] : p.tag_starts[at + 1]])),
        )

    def _all_words(self, parts: Sequence[str], tags: bool) -> _Matches:
        """The icons with every one of `parts` as a whole word of their name, of their aliases, or (when
        `tags`) of their tags (a synonym of several words; the words a `-word` leaves out)."""
        found = [self._whole_words(part) for part in parts]
        names = _every_one([name.names for name, _, _ in found])
        singles = _every_one([alias.singles for _, alias, _ in found])
        if tags:
            singles |= _every_one([tag.singles for _, _, tag in found])
        return self._union(_Matches(names), _Matches(singles=singles))

    def _synonym_matches(self, word: str) -> _Matches:
        result = _NONE
        for synonym in other_synonyms(word, self._synonyms_of):
            parts = words_of(synonym)
            if parts:
                result = self._union(result, self._all_words(parts, tags=True))
        return result

    def _excluded(self, read: Query) -> _Matches:
        result = _NONE
        for parts in read.excluded:
            result = self._union(result, self._all_words(parts, tags=False))
        return result

    def _postings_union(self, kind: str, part: str) -> _Matches:
        """The icons with a name word (`start-name`), alias word (`start-alias`) or tag word
        (`start-tag`) starting with `part`, or a name or alias word holding it (`inside`); kept."""
        key = (kind, part)
        with self._lock:
            known = self._unions.get(key)
        if known is not None:
            return known
        p = self._p
        indexes: Iterable[int] = self._starting_with(part) if kind.startswith("start") else self._holding(part)
        names: set[int] = set()
        singles: set[int] = set()
        for index in indexes:
            if kind in ("start-name", "inside"):
                names.update(p.name_postings[p.name_starts[index] : p.name_starts[index + 1]])
            if kind in ("start-alias", "inside"):
                singles.update(p.alias_postings[p.alias_starts[index] : p.alias_starts[index + 1]])
            if kind == "start-tag":
                singles.update(p.tag_postings[p.tag_starts[index] : p.tag_starts[index + 1]])
        result = self._union(_Matches(frozenset(names)), _Matches(singles=frozenset(singles)))
        with self._lock:
            if len(self._unions) >= _UNIONS_KEPT:
                self._unions.pop(next(iter(self._unions)))
            self._unions[key] = result
        return result

    def _starting_with(self, prefix: str) -> range:
        words = self._p.words
        low = bisect.bisect_left(words, prefix)
        return range(low, _end_of_prefix(words, prefix, low))

    def _holding(self, part: str) -> list[int]:
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

    # --- set arithmetic ----------------------------------------------------------------------------

    def _union(self, one: _Matches, other: _Matches) -> _Matches:
        # Singles may be icons of the names too: sorted out where counted or listed (`_size`,
        # `_new_in`), not here, so a union is two unions in C however many icons its tags hold.
        if not other:
            return one
        if not one:
            return other
        return _Matches(one.names | other.names, one.singles | other.singles)

    def _intersect(self, one: _Matches, other: _Matches) -> _Matches:
        singles = set(one.singles & other.singles)
        if other.names:
            singles.update(self._of_names(one.singles, other.names))
        if one.names:
            singles.update(self._of_names(other.singles, one.names))
        return _Matches(one.names & other.names, frozenset(singles))

    def _size(self, matches: _Matches) -> int:
        first, names = self._p.name_first, matches.names
        whole = sum(first[name + 1] - first[name] for name in names)
        return whole + len(matches.singles) - len(self._of_names(matches.singles, names))

    def _of_names(self, numbers: Iterable[int], names: AbstractSet[int], inside: bool = True) -> list[int]:
        """Those of `numbers` (ranked) whose name is in `names` (or, `inside` False, is not), in C: the
        singles of a common tag run to tens of thousands."""
        numbers = list(numbers)
        if not names:
            return [] if inside else numbers
        held = map(names.__contains__, map(self._p.name_of.__getitem__, numbers))
        return list(itertools.compress(numbers, held if inside else map(operator.not_, held)))

    def _everything(self) -> _Matches:
        return _Matches(frozenset(range(len(self._p.names))))

    def _letter_count(self, letter: str) -> int:
        """A one-letter query's count: the icons whose name or an alias holds it (counted when built),
        and those its tags or synonyms add (a whole tag word, a synonym as a whole word)."""
        p = self._p
        base = p.letter_counts.get(letter, 0)
        added = self._union(self._whole_words(letter)[2], self._synonym_matches(letter))
        names = p.names
        # The icons added: those of the names and the singles whose name and aliases lack the letter
        # (the others are counted already); of a name's icons, only those with aliases are looked at.
        extra = 0
        for name in added.names:
            if letter not in names[name]:
                run = self._run(name)
                low, high = bisect.bisect_left(p.aliased, run.start), bisect.bisect_left(p.aliased, run.stop)
                extra += len(run) - (high - low)
                extra += sum(all(letter not in a for a in self._aliases_of(p.aliased[at])) for at in range(low, high))
        for number in added.singles:
            name = p.name_of[number]
            if name not in added.names and letter not in names[name]:
                extra += all(letter not in alias for alias in self._aliases_of(number))
        return base + extra

    # --- bytes -----------------------------------------------------------------------------------

    def pack(self) -> bytes:
        """The index as bytes, for `unpack` (what the index database keeps)."""
        p = self._p
        names = list(p.names)
        starts = array("q", itertools.accumulate((len(name) + 1 for name in names), initial=0))
        parts = [
            _SEPARATOR.join(names).encode(),
            starts.tobytes(),
            p.alphabetical.tobytes(),
            p.name_first.tobytes(),
            p.position_first.tobytes(),
            p.name_of.tobytes(),
            _SEPARATOR.join(p.words).encode(),
            p.name_starts.tobytes(),
            p.name_postings.tobytes(),
            p.alias_starts.tobytes(),
            p.alias_postings.tobytes(),
            p.tag_starts.tobytes(),
            p.tag_postings.tobytes(),
            p.aliased.tobytes(),
            _SEPARATOR.join(p.alias_lines).encode(),
            array("q", itertools.accumulate((len(line) + 1 for line in p.alias_lines), initial=0)).tobytes(),
            json.dumps(p.letter_counts).encode(),
        ]
        header = struct.pack(f"<5sq{len(parts)}q", _MAGIC, p.positions_count, *(len(part) for part in parts))
        return header + b"".join(parts)

    @classmethod
    def unpack(cls, data: bytes, synonyms_of: Callable[[str], Sequence[str]] = no_synonyms) -> SearchNames:
        """The index `pack` wrote; ValueError when the bytes are not one."""
        count = 17
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

        def numbers(chunk: memoryview, code: str = "q") -> array[int]:
            values = array(code)
            values.frombytes(chunk)
            return values

        return cls(
            _Packed(
                positions_count=positions,
                names=_Lines(bytes(chunks[0]).decode(), numbers(chunks[1])),
                alphabetical=numbers(chunks[2]),
                name_first=numbers(chunks[3]),
                position_first=numbers(chunks[4]),
                name_of=numbers(chunks[5], "i"),
                words=bytes(chunks[6]).decode().split(_SEPARATOR) if len(chunks[6]) else [],
                name_starts=numbers(chunks[7]),
                name_postings=numbers(chunks[8], "i"),
                alias_starts=numbers(chunks[9]),
                alias_postings=numbers(chunks[10], "i"),
                tag_starts=numbers(chunks[11]),
                tag_postings=numbers(chunks[12], "i"),
                aliased=numbers(chunks[13]),
                alias_lines=_Lines(bytes(chunks[14]).decode(), numbers(chunks[15])),
                letter_counts=json.loads(bytes(chunks[16])),
            ),
            synonyms_of,
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


def _every_one(sets: Sequence[AbstractSet[int]]) -> frozenset[int]:
    """The numbers in every one of the sets."""
    result = frozenset(sets[0]) if sets else frozenset()
    for each in sets[1:]:
        result &= each
    return result


def _end_of_prefix(ordered: Sequence[str], prefix: str, low: int) -> int:
    """The end of the run of `ordered` (sorted) from `low` whose items start with `prefix`."""
    return bisect.bisect_left(ordered, True, lo=low, key=lambda item: not item.startswith(prefix))
