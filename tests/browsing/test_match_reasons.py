"""Why an icon matched, in words: the phrases of the detail pane's "Found by" line (no app needed)."""

from __future__ import annotations

from iconcat.api import Match
from iconcat.browsing.match_reasons import TERM_CELLS, match_phrase, match_reason


def test_each_kind_of_reason_reads_as_a_phrase() -> None:
    assert match_phrase(Match("tag", "delete", "delete")) == "the tag delete"
    assert match_phrase(Match("alias", "rubbish", "rubbish-bin")) == "the alias rubbish-bin"
    assert match_phrase(Match("synonym", "bin", "trash")) == "trash, synonym of bin"
    assert match_phrase(Match("inside", "bin", "cabinet")) == "bin inside cabinet"
    assert match_phrase(Match("name", "trash", "trash")) == ""


def test_the_words_not_matched_by_name_are_joined_in_the_querys_order() -> None:
    reasons = (Match("name", "can", "can"), Match("synonym", "bin", "trash"), Match("tag", "delete", "delete"))
    assert match_reason(reasons) == "trash, synonym of bin · the tag delete"


def test_nothing_is_said_when_every_word_matched_the_name_or_nothing_was_said() -> None:
    assert match_reason((Match("name", "arrow", "arrow"), Match("name", "le", "left"))) == ""
    assert match_reason(()) == ""


def test_a_phrase_said_twice_is_said_once() -> None:
    twice = (Match("tag", "trash", "trash can"), Match("tag", "can", "trash can"))
    assert match_reason(twice) == "the tag trash can"


def test_the_catalogues_words_are_sanitised_and_cut() -> None:
    """Records made by hand (the parser's are sanitised already) get the same care on the way to a screen."""
    phrase = match_phrase(Match("synonym", "b\x1b]0;title\x07in", "t" * 100))
    assert phrase == "t" * (TERM_CELLS - 1) + "…, synonym of b]0;titlein"
