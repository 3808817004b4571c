"""Why an icon matched, in words for a person: the detail pane's "Found by" line, from `Icon.matched`.

The catalogue says, per query word, what the word matched (`iconcat.api.Match`). A word that matched
the icon's name needs no words: the name is on screen. The others read as short phrases, joined by
" · " in the query's order (a phrase said twice is said once):

- a tag: "the tag delete";
- an alias: "the alias rubbish-bin";
- a synonym: "trash, synonym of bin" (what the icon is called or tagged first, then the word typed:
  the icon came for "bin" because it is a trash can);
- a word found inside another: "bin inside cabinet".

When every word matched the name (or the catalogue said nothing), there is nothing to say: "". The
words are the catalogue's: sanitised again here and cut (`TERM_CELLS`), to be shown as plain text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Match

__all__ = ["TERM_CELLS", "match_phrase", "match_reason"]

TERM_CELLS = 40
"""A word or term longer than this is cut with "…": the line is one of a narrow pane's."""


def match_phrase(match: Match) -> str:
    """One word's reason as a phrase ("the tag delete"); "" for a word that matched the name."""
    word, term = sanitize(match.word, max_length=TERM_CELLS), sanitize(match.term, max_length=TERM_CELLS)
    if match.by == "tag":
        return f"the tag {term}"
    if match.by == "alias":
        return f"the alias {term}"
    if match.by == "synonym":
        return f"{term}, synonym of {word}"
    if match.by == "inside":
        return f"{word} inside {term}"
    return ""  # "name" (and a kind this version does not know: the parser keeps none)


def match_reason(matched: tuple[Match, ...]) -> str:
    """The reasons of the words that did not match the name, joined by " · "; "" when there are none."""
    phrases: list[str] = []
    for match in matched:
        phrase = match_phrase(match)
        if phrase and phrase not in phrases:
            phrases.append(phrase)
    return " · ".join(phrases)
