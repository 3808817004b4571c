"""What a query says and what search knows beyond names: the query read by the rule (`read_query`:
words folded and split at hyphens, `-word` exclusions, Iconify names whole), the tags and synonyms a
catalogue searches by (`Meaning`), and why one icon matched (`explain`, the `matched` extension), the
rule of `search` (docs/sources.md) applied to one icon.

Apart from `search` so that the index's structure and the rule's words read on their own; `search`
re-exports these names.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = [
    "NO_MEANING",
    "TAG_PREFIX_FROM",
    "Match",
    "Meaning",
    "Query",
    "explain",
    "no_synonyms",
    "no_tags",
    "other_synonyms",
    "read_query",
    "synonym_parts",
    "words_of",
]

TAG_PREFIX_FROM = 2
"""The last word typed is read as the start of a tag from this many characters (one letter would
match every tag starting with it)."""


def no_tags(prefix: str, name: str) -> tuple[str, ...]:
    return ()


def no_synonyms(word: str) -> tuple[str, ...]:
    return ()


@dataclass(frozen=True)
class Meaning:
    """What search knows of icons beyond their names: tags per icon (`tags_of(prefix, key)`), the
    synonyms of a word, and a signature that changes when either does (joined to the index's search
    signature, so new tags or synonyms recompute the search and never re-read the sets)."""

    tags_of: Callable[[str, str], Sequence[str]] = no_tags
    synonyms_of: Callable[[str], Sequence[str]] = no_synonyms
    signature: str = ""


NO_MEANING = Meaning()
"""No tags, no synonyms: names and aliases alone."""


# --- the query -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Query:
    """A query as the rule reads it: its words (folded, split at hyphens), the word groups `-word`
    leaves out, and what was typed of each word (`matched` names the word as typed, split)."""

    words: tuple[str, ...]
    excluded: tuple[tuple[str, ...], ...] = ()

    @property
    def phrase(self) -> str:
        return " ".join(self.words)

    @property
    def key(self) -> str:
        """The same for queries that read alike (what answers are kept by)."""
        return " ".join(self.words) + "\0" + "\0".join(" ".join(group) for group in self.excluded)


def read_query(text: str) -> Query:
    """The words of `text`: folded, split at spaces; a plain word at hyphens too (`trash-2` → `trash`,
    `2`); `-word` a word left out (its parts together: `-circle-dashed` leaves out the icons with both);
    a word holding `:` (an Iconify name, `fa6-solid:trash-can`, or a filter) is kept whole."""
    words: list[str] = []
    excluded: list[tuple[str, ...]] = []
    for token in text.casefold().split():
        if ":" in token:
            words.append(token)
        elif token.startswith("-"):
            parts = tuple(part for part in token.split("-") if part)
            if parts:
                excluded.append(parts)
        else:
            words.extend(part for part in token.split("-") if part)
    return Query(tuple(words), tuple(excluded))


def words_of(text: str) -> tuple[str, ...]:
    """A name, alias, tag or synonym as words: folded, split at spaces, hyphens and underscores."""
    return tuple(text.casefold().replace("-", " ").replace("_", " ").split())


# --- why an icon matched --------------------------------------------------------------------------


@dataclass(frozen=True)
class Match:
    """How one query word matched an icon: `by` "name", "alias", "tag", "synonym" or "inside"; `word`
    the query word; `term` the name word, alias, tag or synonym it matched."""

    by: str
    word: str
    term: str

    def as_json(self) -> dict[str, str]:
        return {"by": self.by, "word": self.word, "term": self.term}


def explain(
    query: Query,
    name: str,
    aliases: Sequence[str] = (),
    tags: Sequence[str] = (),
    synonyms_of: Callable[[str], Sequence[str]] = no_synonyms,
) -> tuple[Match, ...]:
    """How each word of `query` matches the icon of this name, aliases and tags, by the best rank it
    matches at (the engine's rule, for one icon: what `matched` says for the icons of a page); empty
    when some word does not match."""
    name_words = words_of(name)
    alias_words = [(alias, words_of(alias)) for alias in aliases]
    tag_words = [(tag, words_of(tag)) for tag in tags]
    every_alias_word = {word for _, words in alias_words for word in words}
    every_tag_word = {word for _, words in tag_words for word in words}
    found: list[Match] = []
    for word in query.words:
        match = _word_match(
            word,
            word == query.words[-1],
            name_words,
            alias_words,
            tag_words,
            (every_alias_word, every_tag_word),
            synonyms_of,
        )
        if match is None:
            return ()
        found.append(match)
    return tuple(found)


def _word_match(
    word: str,
    last: bool,
    name_words: tuple[str, ...],
    alias_words: list[tuple[str, tuple[str, ...]]],
    tag_words: list[tuple[str, tuple[str, ...]]],
    unions: tuple[set[str], set[str]],
    synonyms_of: Callable[[str], Sequence[str]],
) -> Match | None:
    if word in name_words:
        return Match("name", word, word)
    for alias, words in alias_words:
        if word in words:
            return Match("alias", word, alias)
    for tag, words in tag_words:
        if word in words:
            return Match("tag", word, tag)
    for synonym, parts in synonym_parts(word, synonyms_of):
        if any(all(part in words for part in parts) for words in (name_words, *unions)):
            return Match("synonym", word, synonym)
    for name_word in name_words:
        if name_word.startswith(word):
            return Match("name", word, name_word)
    for alias, words in alias_words:
        if any(each.startswith(word) for each in words):
            return Match("alias", word, alias)
    if last and len(word) >= TAG_PREFIX_FROM:
        for tag, words in tag_words:
            if any(each.startswith(word) for each in words):
                return Match("tag", word, tag)
    for each in (*name_words, *(w for _, words in alias_words for w in words)):
        if word in each:
            return Match("inside", word, each)
    return None


@functools.lru_cache(maxsize=256)
def synonym_parts(word: str, synonyms_of: Callable[[str], Sequence[str]]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The synonyms of `word` with their words, worked out once per word (a page explains dozens)."""
    return tuple((synonym, words_of(synonym)) for synonym in other_synonyms(word, synonyms_of))


def other_synonyms(word: str, synonyms_of: Callable[[str], Sequence[str]]) -> list[str]:
    """The synonyms of `word` other than itself, each once, in the order given."""
    return [synonym for synonym in dict.fromkeys(s.casefold() for s in synonyms_of(word)) if synonym != word]
