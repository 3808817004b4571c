"""The same icon in other sets (`G`), as rules: which icons of a search's answer are the icon's name in
another set, grouped by set, and the words said of them."""

from __future__ import annotations

from iconcat.browsing.other_sets import found_title, none_notice, one_set_notice, same_name_elsewhere
from tests.support.icons import icon


def test_only_the_same_name_from_other_sets_is_kept_set_by_set_in_the_answers_order() -> None:
    tabler = icon("Heart", set="Tabler Icons")
    answer = [
        tabler,
        icon("Heart", set="Tabler Icons", style="Filled"),  # its own set: left out, whatever the style
        ph_regular := icon("Heart", set="Phosphor"),
        icon("Heart Broken", set="Lucide"),  # another name the search found
        lucide := icon("heart", set="Lucide"),  # the name as a person reads it: case aside
        ph_fill := icon("Heart", set="Phosphor", style="Fill"),
    ]
    assert same_name_elsewhere(tabler, [*answer, lucide]) == (ph_regular, ph_fill, lucide)
    assert found_title(tabler, (ph_regular, ph_fill, lucide)) == "Heart in 2 other sets · Phosphor 2 · Lucide 1"
    assert found_title(tabler, (lucide,)) == "Heart in 1 other set · Lucide 1"


def test_none_elsewhere_and_one_set_served_are_said_in_words() -> None:
    home = icon("Home", set="Tabler Icons")
    assert same_name_elsewhere(home, [home, icon("Home", set="Tabler Icons", style="Filled")]) == ()
    assert none_notice(home) == "Home is in no other set served."
    assert one_set_notice(home, "Tabler Icons") == (
        "Home is in no other set: this catalogue serves one set only (Tabler Icons)."
    )


def test_a_name_from_the_catalogue_is_said_sanitised() -> None:
    hostile = icon("Heart\x1b[2J\x07", set="Tabler Icons")
    assert "\x1b" not in none_notice(hostile) and "\x07" not in found_title(hostile, (icon("Heart", set="Lucide"),))
