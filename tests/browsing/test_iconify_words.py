"""Iconify names as input and `set:` by prefix in the search box (issue 31 item 4), as pure logic:
`parse_query(text, served)` with the prefixes a catalogue serves, and `Filters` selecting sets by them
(`iconcat.filter_rule.set_patterns`, the rule `narrow` shares). Served sets are the name-sets'
(`tests.support.name_sets`): Material Icons is `ic`, IcoMoon Free and Icons8 only start with "Ic"."""

from __future__ import annotations

import pytest

from iconcat.browsing.filters import Filters, explain_empty, facet_counts, parse_query
from tests.support.icons import icon
from tests.support.name_sets import SERVED


def one_of_each() -> list:
    """An icon of every served set, its Iconify name from its prefix."""
    return [icon("Home", set=name, iconify=f"{prefix}:home") for prefix, name in SERVED.items()]


def sets_kept(text: str, served=SERVED) -> set[str]:
    return {kept.set.name for kept in parse_query(text, served).filters.apply(one_of_each())}


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("set:mdi", {"Material Design Icons"}),
        ("set:MDI", {"Material Design Icons"}),  # any case
        ("set:fa6-solid", {"Font Awesome Solid"}),
        ("set:ic", {"Material Icons"}),  # not the eleven sets whose names start with "Ic"
        ('set:"ic"', {"Material Icons"}),
        ("set:mdi,ic", {"Material Design Icons", "Material Icons"}),
        ("set:lucide", {"Lucide"}),
    ],
)
def test_set_selects_the_sets_whose_iconify_prefix_it_is(word: str, expected: set[str]) -> None:
    assert sets_kept(word) == expected


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("set:tab", {"Tabler Icons"}),  # no set has the prefix "tab": a prefix of a name, as ever
        ("set:icomoon", {"IcoMoon Free"}),
        ("set:material", {"Material Design Icons", "Material Icons"}),
        ('set:"material icons"', {"Material Icons"}),
        ("set:icons", {"Icons8 Windows 10 Icons"}),
    ],
)
def test_a_value_no_served_set_has_as_its_prefix_selects_by_name_as_before(word: str, expected: set[str]) -> None:
    assert sets_kept(word) == expected


def test_without_served_prefixes_set_selects_by_name_alone() -> None:
    """The demo and the seed's service say no prefixes: `set:ic` is a prefix of names, as it always was."""
    assert sets_kept("set:ic", {}) == {"IcoMoon Free", "Icons8 Windows 10 Icons"}
    assert sets_kept("set:mdi", {}) == set()


def test_the_rule_is_filter_rules_and_selects_the_set_by_its_name() -> None:
    from iconcat.filter_rule import set_patterns  # (here: the module's other tests run without it)

    patterns = set_patterns(["ic", "tab"], SERVED)
    assert [pattern.exact for pattern in patterns] == [True, False]


def test_the_facet_panel_shows_a_set_chosen_by_prefix_as_chosen_and_unchooses_it() -> None:
    filters = parse_query("set:ic", SERVED).filters
    counts = {value.name: value for value in facet_counts(one_of_each(), filters)["set"]}
    assert counts["Material Icons"].selected and not counts["IcoMoon Free"].selected
    assert counts["Material Icons"].count == 1
    names = list(SERVED.values())
    assert not filters.toggle("set", "Material Icons", names), "unchosen: no set filter left"
    both = filters.toggle("set", "Lucide", names)
    assert {kept.set.name for kept in both.apply(one_of_each())} == {"Material Icons", "Lucide"}


def test_an_emptied_filter_says_so_with_the_prefix_rule() -> None:
    filters = parse_query("set:ic", SERVED).filters
    assert explain_empty([icon(set="Lucide", iconify="lucide:home")], filters).startswith("set:ic matches none")


def test_a_word_whose_key_is_a_served_prefix_is_an_iconify_name_sent_as_typed() -> None:
    parsed = parse_query("tabler:trash arrow style:filled", SERVED)
    assert parsed.words == ("tabler:trash", "arrow")
    assert parsed.iconify_names == ("tabler:trash",)
    assert parsed.service_text == "tabler:trash arrow"
    assert parsed.unknown == () and parsed.notice == ""
    assert parsed.filters == Filters.of(style="filled")
    assert parse_query("MDI:House", SERVED).iconify_names == ("MDI:House",)
    assert parse_query(parsed.text, SERVED) == parsed  # the canonical text reads back the same


def test_only_served_prefixes_make_iconify_names() -> None:
    """`ph:acorn` where no Phosphor is served, and any `p:n` where none is (the demo), stay unknown."""
    parsed = parse_query("ph:acorn tabler:trash", SERVED)
    assert parsed.words == ("tabler:trash",) and parsed.unknown == ("ph:acorn",)
    demo = parse_query("tabler:trash", {})
    assert demo.words == () and demo.unknown == ("tabler:trash",)


def test_the_notice_is_worded_for_both_where_prefixes_are_served() -> None:
    assert parse_query("home stlye:filled", SERVED).notice == (
        "stlye: is neither a filter nor a set served (style, set, format, size, category, series, license)"
    )
    assert parse_query("home stlye:filled ph:acorn", SERVED).notice == (
        "stlye:, ph: are neither filters nor sets served (style, set, format, size, category, series, license)"
    )
    # Where nothing can be an Iconify name, the word can only have been meant as a filter.
    assert parse_query("home stlye:filled", {}).notice == (
        "stlye: is not a filter (style, set, format, size, category, series, license)"
    )


def test_a_filter_key_wins_over_a_prefix_and_a_bare_prefix_is_set() -> None:
    served = {**SERVED, "style": "A Set Called Style"}
    assert parse_query("style:filled", served).filters == Filters.of(style="filled")
    bare = parse_query("trash tabler:", SERVED)
    assert bare.words == ("trash",) and bare.notice == ""
    assert bare.filters.text == "set:tabler"
    assert sets_kept("tabler:") == {"Tabler Icons"}
    assert sets_kept("IC:") == {"Material Icons"}
