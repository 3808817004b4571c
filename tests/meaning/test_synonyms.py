"""The synonym table holds to its own rule (see `iconcat.meaning.synonyms`' docstring).

- The table is non-trivial: at least 60 groups, each of two members or more, each member written
  folded, none twice in a group, no two terms of the same words (a phrase matches its words in any
  order, so `chart pie` and `pie chart` would be one term written twice), heads unique.
- A word sits in two groups only when `SHARED_WORDS` says why, and every word it names does.
- `synonyms_of` is symmetric between members of groups, never returns the word itself, and the only
  pairs it does not return both ways are those of a one-way word and a group it points to; a
  one-way word finds its groups' members and they do not find it.
- Folding: case, hyphens, underscores and runs of spaces do not change what a term finds.
- The version is the table's: computed from it, the same for the same table, different when a
  member, a group or a one-way word changes.
- The decisions the docstring writes down on ambiguous words hold.
"""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import pytest

from iconcat.meaning import (
    ONE_WAY,
    SHARED_WORDS,
    SYNONYM_GROUPS,
    SYNONYMS_VERSION,
    fold,
    synonyms_of,
    table_version,
    terms_of,
)

MEMBERS = sorted({member for group in SYNONYM_GROUPS for member in group})
HEADS = {group[0]: group for group in SYNONYM_GROUPS}


def groups_holding(term: str) -> list[tuple[str, ...]]:
    return [group for group in SYNONYM_GROUPS if term in group]


# --- the table ---------------------------------------------------------------------------------


def test_the_table_has_at_least_sixty_groups_of_two_members_or_more() -> None:
    assert len(SYNONYM_GROUPS) >= 60
    small = [group for group in SYNONYM_GROUPS if len(group) < 2]
    assert small == []


def test_every_member_is_written_folded() -> None:
    unfolded = [member for member in MEMBERS if fold(member) != member or not member or "," in member]
    assert unfolded == []


def test_no_group_holds_a_member_twice() -> None:
    repeated = [group for group in SYNONYM_GROUPS if len(set(group)) != len(group)]
    assert repeated == []


def test_no_two_terms_are_the_same_words_in_another_order() -> None:
    by_words: dict[frozenset[str], set[str]] = {}
    for term in [*MEMBERS, *ONE_WAY]:
        by_words.setdefault(frozenset(term.split()), set()).add(term)
    twins = [sorted(terms) for terms in by_words.values() if len(terms) > 1]
    assert twins == []


def test_group_heads_are_unique() -> None:
    heads = Counter(group[0] for group in SYNONYM_GROUPS)
    assert [head for head, count in heads.items() if count > 1] == []


def test_a_group_written_over_two_lines_is_one_group() -> None:
    # The delete group runs onto a second line of the table: its last member is still its own.
    (delete,) = groups_holding("delete")
    assert "recycle bin" in delete and "trash" in delete
    assert "recycle bin" in synonyms_of("delete")


def test_a_word_in_two_groups_is_one_the_table_declares_shared() -> None:
    counts = Counter(member for group in SYNONYM_GROUPS for member in group)
    shared = {member for member, count in counts.items() if count > 1}
    assert shared == set(SHARED_WORDS)
    assert all(reason.strip() for reason in SHARED_WORDS.values())


def test_one_way_words_point_to_group_heads_they_are_not_members_of() -> None:
    unknown = [(word, head) for word, heads in ONE_WAY.items() for head in heads if head not in HEADS]
    assert unknown == []
    pointless = [(word, head) for word, heads in ONE_WAY.items() for head in heads if word in HEADS[head]]
    assert pointless == []
    assert all(fold(word) == word for word in ONE_WAY)


# --- synonyms_of -------------------------------------------------------------------------------


def test_synonyms_of_never_returns_the_word_itself_nor_a_term_twice() -> None:
    for term in [*MEMBERS, *ONE_WAY]:
        found = synonyms_of(term)
        assert term not in found, term
        assert len(set(found)) == len(found), term
        assert found, term


def test_synonyms_of_a_word_the_table_does_not_hold_is_empty() -> None:
    assert synonyms_of("zzqx") == ()
    assert synonyms_of("") == ()
    # Whole terms only: neither a prefix nor a part of a phrase finds anything.
    assert synonyms_of("trash ca") == ()
    assert synonyms_of("magnifying") == ()


def test_synonyms_of_a_member_is_every_other_member_of_its_groups() -> None:
    for term in MEMBERS:
        expected = {other for group in groups_holding(term) for other in group if other != term}
        for head in ONE_WAY.get(term, ()):
            expected |= {other for other in HEADS[head] if other != term}
        assert set(synonyms_of(term)) == expected, term


def test_synonyms_are_symmetric_but_for_one_way_words() -> None:
    one_sided = []
    for a in [*MEMBERS, *ONE_WAY]:
        for b in synonyms_of(a):
            if a in synonyms_of(b):
                continue
            # Allowed only where `a` points one way to a group holding `b`.
            if not any(b in HEADS[head] for head in ONE_WAY.get(a, ())):
                one_sided.append((a, b))
    assert one_sided == []
    # The check above looks at something: a pair both ways, and a pair one way.
    assert "trash" in synonyms_of("delete") and "delete" in synonyms_of("trash")
    assert "close" in synonyms_of("cross") and "cross" not in synonyms_of("close")


def test_a_one_way_word_finds_its_groups_and_they_do_not_find_it() -> None:
    for word, heads in ONE_WAY.items():
        own_groups = groups_holding(word)
        for head in heads:
            for member in HEADS[head]:
                assert member in synonyms_of(word), (word, member)
                shares_a_group = any(member in group for group in own_groups)
                assert (word in synonyms_of(member)) == shares_a_group, (word, member)


def test_a_shared_word_finds_both_groups_while_they_do_not_find_each_other() -> None:
    for word in SHARED_WORDS:
        first, second = groups_holding(word)[:2]
        found = set(synonyms_of(word))
        assert set(first) - {word} <= found and set(second) - {word} <= found
        a, b = next(m for m in first if m != word), next(m for m in second if m != word)
        if not set(groups_holding(a)) & set(groups_holding(b)):
            assert b not in synonyms_of(a) and a not in synonyms_of(b)


@pytest.mark.parametrize(
    "spelling",
    ["magnifying glass", "Magnifying-Glass", "MAGNIFYING_glass", "  magnifying \t glass ", "magnifying--glass"],
)
def test_folding_ignores_case_hyphens_underscores_and_spaces(spelling: str) -> None:
    assert fold(spelling) == "magnifying glass"
    assert synonyms_of(spelling) == synonyms_of("magnifying glass")
    assert "search" in synonyms_of(spelling)


def test_folding_is_unicode_case_folding() -> None:
    assert fold("CAFÉ") == "café" and "coffee" in synonyms_of("Café")
    assert fold("STRASSE") == fold("straße")


# --- what the issue asks for, and the ambiguous words decided --------------------------------

ISSUE_GROUPS = [
    ("delete", ["remove", "trash", "bin", "garbage", "discard"]),
    ("settings", ["cog", "gear", "preferences", "options"]),
    ("user", ["person", "profile", "account", "avatar"]),
    ("mail", ["envelope", "email"]),
    ("save", ["floppy"]),
    ("search", ["find", "magnifier", "magnifying glass", "zoom"]),
    ("home", ["house"]),
    ("close", ["x"]),
    ("menu", ["hamburger menu"]),
    ("edit", ["pencil", "pen", "write"]),
]


@pytest.mark.parametrize(("word", "others"), ISSUE_GROUPS, ids=[word for word, _ in ISSUE_GROUPS])
def test_the_issues_groups_are_there_both_ways(word: str, others: list[str]) -> None:
    for other in others:
        assert other in synonyms_of(word)
        assert word in synonyms_of(other)


@pytest.mark.parametrize(
    ("query", "finds", "not_found_by"),
    [
        ("cross", "close", "close"),  # religious and medical crosses stay out of `close`
        ("times", "close", "close"),  # Phosphor's NY Times, Material's prayer times
        ("cancel", "close", "close"),  # a slashed circle in Tabler and MDI (it is in the ban group)
        ("bars", "menu", "menu"),  # signal and chart bars stay out of `menu`
        ("hamburger", "menu", "menu"),  # food in most sets
        ("letter", "mail", "mail"),  # Tabler's letter-a…letter-z stay out of `mail`
        ("disk", "save", "save"),  # a hard disk is storage
        ("favourite", "star", "star"),
        ("favorite", "heart", "heart"),  # Material's `favorite` is a heart
        ("like", "thumbs up", "heart"),
    ],
)
def test_an_ambiguous_word_widens_one_way(query: str, finds: str, not_found_by: str) -> None:
    assert finds in synonyms_of(query)
    assert query not in synonyms_of(not_found_by)


def test_the_ambiguous_words_stay_apart_where_the_docstring_says() -> None:
    assert "x" in synonyms_of("close") and "close" in synonyms_of("x")  # x: both ways
    assert "message" in synonyms_of("chat") and "message" not in synonyms_of("mail")
    assert "heart" not in synonyms_of("star") and "star" not in synonyms_of("heart")
    assert "times" not in synonyms_of("time") and "time" in synonyms_of("clock")
    assert "clock" not in synonyms_of("watch")
    assert "bars" not in synonyms_of("bar chart")
    assert "fill" not in MEMBERS and "fill" not in ONE_WAY  # a style word in Phosphor and Bootstrap
    assert "storage" in synonyms_of("disk") and "floppy" in synonyms_of("disk")


# --- terms_of ----------------------------------------------------------------------------------


def test_terms_of_joins_the_phrases_the_table_holds() -> None:
    assert terms_of(["Magnifying", "glass"]) == ("magnifying glass",)
    assert terms_of(["sign", "IN", "now"]) == ("sign in", "now")
    assert terms_of(["trash", "can", "lid"]) == ("trash can", "lid")
    assert terms_of(["red", "trash"]) == ("red", "trash")
    assert terms_of([]) == ()


def test_terms_of_takes_the_longest_phrase() -> None:
    # "open in new window" holds "new window" and "open in new": the longest run wins.
    assert terms_of(["open", "in", "new", "window"]) == ("open in new window",)
    assert terms_of(["new", "window"]) == ("new window",)


def test_every_phrase_of_the_table_is_read_back_as_one_term() -> None:
    phrases = [term for term in [*MEMBERS, *ONE_WAY] if " " in term]
    assert phrases
    assert [term for term in phrases if terms_of(term.split()) != (term,)] == []


# --- the version -------------------------------------------------------------------------------


def test_the_version_is_the_tables_hash() -> None:
    assert table_version(SYNONYM_GROUPS, ONE_WAY) == SYNONYMS_VERSION
    assert table_version([list(group) for group in SYNONYM_GROUPS], dict(ONE_WAY)) == SYNONYMS_VERSION
    assert len(SYNONYMS_VERSION) == 16 and int(SYNONYMS_VERSION, 16) >= 0


def changed_tables() -> list[tuple[str, list[tuple[str, ...]], dict[str, tuple[str, ...]]]]:
    groups, one_way = list(SYNONYM_GROUPS), dict(ONE_WAY)
    first = groups[0]
    return [
        ("a member added", [(*first, "zzqx"), *groups[1:]], one_way),
        ("a member removed", [first[:-1], *groups[1:]], one_way),
        ("a member moved to the next group", [first[:-1], (*groups[1], first[-1]), *groups[2:]], one_way),
        ("a group removed", groups[1:], one_way),
        ("two groups merged", [first + groups[1], *groups[2:]], one_way),
        ("a one-way word added", groups, {**one_way, "zzqx": (first[0],)}),
        ("a one-way target changed", groups, {**one_way, "cross": ("close", "ban")}),
    ]


@pytest.mark.parametrize(("change", "groups", "one_way"), changed_tables(), ids=[c[0] for c in changed_tables()])
def test_the_version_changes_with_the_table(change: str, groups, one_way) -> None:
    assert table_version(groups, one_way) != SYNONYMS_VERSION


def test_every_changed_table_has_a_version_of_its_own() -> None:
    versions = [table_version(groups, one_way) for _, groups, one_way in changed_tables()]
    assert len(set(versions)) == len(versions)
    assert all(a != b for a, b in itertools.combinations([*versions, SYNONYMS_VERSION], 2))


# --- the page that documents it ----------------------------------------------------------------


def test_the_docs_give_the_tables_own_counts_and_name_every_one_way_word() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "sources.md").read_text(encoding="utf-8")
    section = page.split("## Synonyms", 1)[1].split("\n## ", 1)[0]
    members = sum(len(group) for group in SYNONYM_GROUPS)
    flat = " ".join(section.split())
    assert (
        f"holds {len(SYNONYM_GROUPS)} synonym groups of our own ({members:,} members) and {len(ONE_WAY)} one-way"
        in flat
    )
    assert "lightning" in section  # the shared word, and why
    assert [word for word in ONE_WAY if f"`{word}`" not in section] == []
