"""Group by name, the pure part: one group per name as a person reads it, in the order names first
appear, with the count of members kept when the label is cut. Built icons first, then the embedded
catalogue's own answers, filtered and grouped, checked against a plain count written out the slow way."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from iconcat.api import Icon
from iconcat.api._models import parse_search_result
from iconcat.browsing.filters import parse_query
from iconcat.browsing.grouping import group_icons, name_key
from tests.support.icons import icon
from tests.support.server import serving


def test_one_group_per_name_in_the_order_names_first_appear():
    icons = [
        icon("Arrow Up"),
        icon("Arrow Down"),
        icon("arrow up", style="Filled"),
        icon("Home"),
        icon("ARROW UP", set="Studio"),
        icon("Arrow Down", style="Filled"),
    ]
    groups = group_icons(icons)
    assert [group.name for group in groups] == ["Arrow Up", "Arrow Down", "Home"]
    assert [[member.id for member in group.members] for group in groups] == [
        [icons[0].id, icons[2].id, icons[4].id],
        [icons[1].id, icons[5].id],
        [icons[3].id],
    ]
    assert [group.label for group in groups] == ["Arrow Up · 3", "Arrow Down · 2", "Home · 1"]
    assert all(group.first is group.members[0] for group in groups)


def test_names_are_compared_as_shown_sanitised_and_case_folded():
    # A no-break space, a tab, a control character or a zero-width space does not make another name.
    icons = [icon("Arrow Up"), icon("Arrow\u00a0Up"), icon("arrow\tup"), icon("Arrow\x1b Up"), icon("Arrow\u200b Up")]
    groups = group_icons(icons)
    assert len(groups) == 1 and len(groups[0].members) == len(icons)
    assert groups[0].name == "Arrow Up"
    assert name_key("ARROW  UP") == name_key("arrow up") == "arrow up"


def test_a_hostile_name_is_shown_sanitised():
    groups = group_icons([icon("[bold]zz\x1b[31m\r\nred"), icon("[BOLD]ZZ\x1b[31m\r\nRED")])
    assert len(groups) == 1
    assert "\x1b" not in groups[0].label and "\n" not in groups[0].label
    assert groups[0].label.startswith("[bold]zz")  # data, shown literally (never parsed as markup)


def test_styles_and_sets_it_comes_in():
    one = group_icons([icon("Star", style="Filled", set="Core UI"), icon("Star", style="Filled", set="Core UI")])[0]
    assert (one.styles_text, one.sets_text) == ("Filled", "Core UI")
    assert one.summary == "2 versions in 1 style and 1 set"
    members = [
        icon("Star", style=style, set=set_)
        for style in ("Outline", "Filled", "Duotone")
        for set_ in ("Core UI", "Studio")
    ]
    group = group_icons(members)[0]
    assert (group.style_count, group.set_count) == (3, 2)
    assert (group.styles_text, group.sets_text) == ("3 styles", "2 sets")
    assert group.summary == "6 versions in 3 styles and 2 sets"
    assert (group.styles, group.sets) == (["Outline", "Filled", "Duotone"], ["Core UI", "Studio"])
    # Told apart by name, as a person reads them: "filled" and "Filled " are one style.
    assert group_icons([icon("Star", style="Filled"), icon("Star", style="filled ")])[0].styles_text == "Filled"
    assert [group.index_of(member) for member in members] == list(range(6))
    assert group.index_of(icon("Star")) is None and group.index_of(None) is None


@pytest.mark.parametrize("name", ["Arrow Up", "Arrow Up Circle With A Very Long Name Indeed", "汉字汉字汉字", "x"])
def test_a_cut_label_keeps_its_count_and_its_width(name):
    group = group_icons([icon(name) for _ in range(17)])[0]
    for width in range(40):
        fitted = group.fit_label(width)
        assert cell_len(fitted) <= width, (width, fitted)
        if width >= 7:
            assert fitted.endswith("17"), (width, fitted)
        if cell_len(group.label) <= width:
            assert fitted == group.label


def test_how_a_label_is_cut():
    group = group_icons([icon("Arrow Up") for _ in range(17)])[0]
    assert [group.fit_label(width) for width in (13, 12, 11, 8, 4, 1)] == [
        "Arrow Up · 17",
        "Arrow… · 17",
        "Arrow… · 17",
        "Arro…·17",
        "Arr…",
        "…",
    ]


def test_nothing_in_nothing_out():
    assert group_icons([]) == ()


@pytest.fixture(scope="module")
def answers() -> dict[str, tuple[Icon, ...]]:
    """The embedded catalogue's answers (every match, on one page) for the searches below."""
    with serving(page_size=100_000) as client:
        return {
            text: parse_search_result(client.get("/api/v1/search", params={"name": text}).json()).icons
            for text in ("arrow", "star", "heart", "home", "")
        }


@pytest.mark.parametrize(
    "typed", ["arrow", "arrow style:filled", "star set:studio", "heart format:svg", "home", "", "style:duotone"]
)
def test_groups_of_the_catalogue_hold_exactly_what_the_filters_keep(answers, typed):
    parsed = parse_query(typed)
    kept = parsed.filters.apply(answers[parsed.service_text])
    groups = group_icons(kept)
    # Every kept icon is in exactly one group, and each group holds its name's icons in their order.
    assert sorted(member.id for group in groups for member in group.members) == sorted(icon.id for icon in kept)
    for group in groups:
        assert [m.id for m in group.members] == [i.id for i in kept if name_key(i.name) == group.key]
        assert all(parsed.filters.matches(member) for member in group.members)
    # The order of first appearance, written out the slow way.
    first_seen: list[str] = []
    for kept_icon in kept:
        if name_key(kept_icon.name) not in first_seen:
            first_seen.append(name_key(kept_icon.name))
    assert [group.key for group in groups] == first_seen
    if parsed.service_text == "arrow" and not parsed.filters:
        assert len(groups) < len(kept)  # the complaint: many rows of one name
