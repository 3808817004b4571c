"""The search rule, rank by rank, over a small index built directly (`build_search`): what each kind of
match is worth, how words combine, `-word`, hyphens, and why each icon matched (`explain`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from iconcat.embedded.search import SearchNames, build_search, explain, read_query
from tests.support.search_oracle import Entry, LinearSearch


class Icons:
    """A few icons, each (name, aliases, tags), indexed in browse order (name, then as given)."""

    def __init__(self, icons: Sequence[tuple[str, Sequence[str], Sequence[str]]], synonyms: dict[str, tuple[str, ...]]):
        self.icons = sorted(icons, key=lambda icon: icon[0])
        self.synonyms = synonyms
        own: list[tuple[str, int]] = []
        for position, (name, _, _) in enumerate(self.icons):
            if not own or own[-1][0] != name:
                own.append((name, position))
        aliases = [(alias, position) for position, (_, held, _) in enumerate(self.icons) for alias in held]
        tags = [(position, tuple(held)) for position, (_, _, held) in enumerate(self.icons) if held]
        self.search: SearchNames = build_search(len(self.icons), own, aliases, tags, synonyms_of=self.synonyms_of)

    def synonyms_of(self, word: str) -> tuple[str, ...]:
        return self.synonyms.get(word, ())

    def names(self, query: str) -> list[str]:
        positions, _ = self.search.page(query, 0, 1000)
        return [self.icons[position][0] for position in positions]

    def oracle(self) -> LinearSearch:
        return LinearSearch(
            [
                Entry(position, name, tuple(name.split()), tuple(aliases), tuple(tags))
                for position, (name, aliases, tags) in enumerate(self.icons)
            ],
            self.synonyms_of,
        )


SYNONYMS = {"bin": ("trash", "garbage"), "gear": ("cog", "settings"), "trash": ("bin",), "find": ("magnifying glass",)}


@pytest.fixture(scope="module")
def ranks() -> Icons:
    # One icon per rank for the query "bin", longest name first where it could tie-break the other way.
    return Icons(
        [
            ("cabin", (), ()),  # 8: inside a name word
            ("tag starts", (), ("binder",)),  # 7: the last word starts a tag word
            ("alias starts", ("binding",), ()),  # 6: starts an alias word
            ("binary", (), ()),  # 5: starts a name word
            ("garbage", (), ()),  # 4: a synonym is a whole word of the name
            ("can", (), ("bin",)),  # 3: a whole tag word
            ("recycle", ("bin",), ()),  # 2: a whole alias word
            ("bin full", (), ()),  # 1: a whole name word
            ("bin", (), ()),  # 0: the name is the query
        ],
        SYNONYMS,
    )


def test_each_rank_comes_in_order_exact_name_alias_tag_synonym_prefixes_then_inside(ranks: Icons) -> None:
    assert ranks.names("bin") == [
        "bin",
        "bin full",
        "recycle",
        "can",
        "garbage",
        "binary",
        "alias starts",
        "tag starts",
        "cabin",
    ]
    assert ranks.search.count("bin") == 9


def test_why_each_matched_names_the_rank_and_the_term(ranks: Icons) -> None:
    read = read_query("bin")
    said = {name: explain(read, name, aliases, tags, SYNONYMS.get) for name, aliases, tags in ranks.icons}
    assert {name: [m.as_json() for m in matches] for name, matches in said.items()} == {
        "bin": [{"by": "name", "word": "bin", "term": "bin"}],
        "bin full": [{"by": "name", "word": "bin", "term": "bin"}],
        "recycle": [{"by": "alias", "word": "bin", "term": "bin"}],
        "can": [{"by": "tag", "word": "bin", "term": "bin"}],
        "garbage": [{"by": "synonym", "word": "bin", "term": "garbage"}],
        "binary": [{"by": "name", "word": "bin", "term": "binary"}],
        "alias starts": [{"by": "alias", "word": "bin", "term": "binding"}],
        "tag starts": [{"by": "tag", "word": "bin", "term": "binder"}],
        "cabin": [{"by": "inside", "word": "bin", "term": "cabin"}],
    }


def test_a_tag_or_synonym_as_a_whole_word_beats_a_name_that_merely_holds_the_word() -> None:
    icons = Icons(
        [
            ("binary", (), ()),
            ("bing", (), ()),
            ("binoculars", (), ()),
            ("trash", (), ("delete",)),
            ("gearbox", (), ()),
            ("cog", (), ()),
        ],
        SYNONYMS,
    )
    assert icons.names("bin") == ["trash", "bing", "binary", "binoculars"], "Trash by a synonym, first"
    assert icons.names("gear") == ["cog", "gearbox"]


def test_tags_and_synonyms_match_whole_words_only() -> None:
    icons = Icons([("box", (), ("deleted items",)), ("hammer", (), ()), ("cogwheel", (), ())], SYNONYMS)
    assert icons.names("elete") == [], "a tag is never matched inside"
    assert icons.names("leted") == []
    assert icons.names("gear") == [], "a synonym (cog) is never matched inside a word (cogwheel)"
    assert icons.names("items") == ["box"] and icons.names("dele") == ["box"], (
        "a whole tag word; the last word starts one"
    )
    assert icons.names("dele box") == [] == icons.names("d"), "a tag's start only for the last word, from two letters"
    assert icons.names("box dele") == ["box"]


def test_a_result_ranks_by_its_weakest_word_and_shorter_names_first_within_a_rank() -> None:
    icons = Icons(
        [
            ("arrow up circle", (), ()),  # arrow 1, up 1: rank 1 (longer)
            ("arrow up", (), ()),  # exact
            ("up arrow", (), ()),  # rank 1 (shorter than "arrow up circle")
            ("arrow upload", (), ()),  # arrow 1, up 5: rank 5
            ("arrow", (), ("up",)),  # arrow 1, up 3: rank 3
            ("narrow", (), ("up",)),  # arrow 8: rank 8 though "up" is a tag
        ],
        {},
    )
    assert icons.names("arrow up") == ["arrow up", "up arrow", "arrow up circle", "arrow", "arrow upload", "narrow"]


def test_a_word_with_a_minus_leaves_out_icons_by_name_and_alias() -> None:
    icons = Icons(
        [
            ("arrow", (), ()),
            ("arrow circle", (), ()),
            ("arrow round", ("arrow circle",), ()),
            ("arrow tagged", (), ("circle",)),
            ("arrow circled", (), ()),
        ],
        {},
    )
    assert icons.names("arrow -circle") == ["arrow", "arrow tagged", "arrow circled"], "whole words, not tags"
    assert icons.search.count("arrow -circle") == 3
    assert icons.names("-circle") == ["arrow", "arrow circled", "arrow tagged"], "alone: every other icon, in order"
    assert icons.search.count("-circle") == 3


def test_plain_words_are_split_at_hyphens_and_iconify_names_never() -> None:
    icons = Icons([("trash 2", (), ()), ("trash", (), ()), ("can 2", (), ())], {})
    assert icons.names("trash-2") == ["trash 2"] == icons.names("trash 2")
    assert read_query("fa6-solid:trash-can set:tabler").words == ("fa6-solid:trash-can", "set:tabler")
    assert icons.names("fa6-solid:trash-can") == [] and icons.search.count("tabler:trash") == 0, "looked for whole"


def test_counts_equal_the_icons_listed_across_pages_each_once() -> None:
    icons = Icons(
        [
            (f"{word} {number}", (f"alias {word}",) if number % 3 == 0 else (), (word, "x"))
            for word in ("bin", "can", "arrow", "gear")
            for number in range(12)
        ]
        + [("cog", (), ("gear", "x")), ("garbage", ("bin",), ("bin",))],
        SYNONYMS,
    )
    oracle = icons.oracle()
    for query in ["bin", "a", "x", "alias", "gear", "n", "bin 1", "arrow -alias", "-x", "ar", "g"]:
        walked: list[int] = []
        start = 0
        while True:
            page, more = icons.search.page(query, start, 5)
            walked += page
            start += 5
            if not more:
                break
        assert walked == oracle(query), query
        assert len(set(walked)) == len(walked) == icons.search.count(query), query
        assert list(icons.search.every(query)) == walked


def test_the_index_packed_and_read_back_answers_alike(ranks: Icons) -> None:
    again = SearchNames.unpack(ranks.search.pack(), ranks.synonyms_of)
    for query in ["bin", "b", "in", "-bin", "tag starts", ""]:
        assert again.page(query, 0, 100) == ranks.search.page(query, 0, 100), query
        assert again.count(query) == ranks.search.count(query), query


def test_random_icons_answer_as_the_rule_scanned_page_by_page() -> None:
    # Names, aliases and tags from a small vocabulary, so that words meet in every way the rule ranks.
    pick = random.Random(36)
    vocabulary = ["arrow", "up", "bin", "cabin", "trash", "can", "cog", "gear", "gearbox", "a", "ab", "circle", "x"]
    synonyms = {"bin": ("trash", "garbage can"), "gear": ("cog",), "up": ("top",), "x": ("close", "circle")}
    icons = [
        (
            " ".join(pick.sample(vocabulary, pick.randint(1, 3))),
            tuple(" ".join(pick.sample(vocabulary, 2)) for _ in range(pick.choice([0, 0, 1, 2]))),
            tuple(pick.sample(vocabulary + ["garbage can", "top", "close"], pick.randint(0, 3))),
        )
        for _ in range(300)
    ]
    indexed = Icons(icons, synonyms)
    oracle = indexed.oracle()
    words = vocabulary + ["ar", "ca", "o", "rr", "garb", "clo", "to", "zz", "-x", "-arrow", "arrow-up", "gear-box"]
    queries = words + [" ".join(pick.sample(words, pick.randint(2, 3))) for _ in range(150)]
    for query in queries:
        expected = oracle(query)
        assert list(indexed.search.every(query)) == expected, query
        assert indexed.search.count(query) == len(expected), query
        for start in (0, 3, 17):
            assert indexed.search.page(query, start, 5) == (expected[start : start + 5], len(expected) > start + 5)
