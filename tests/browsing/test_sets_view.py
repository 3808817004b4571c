"""The sets view's rules (`browsing.sets_view`), without an app: what typing keeps, how sets group,
what opens a set and how long it stays open."""

from __future__ import annotations

from iconcat.api import SetSummary
from iconcat.api._models import Author, License
from iconcat.browsing.sets_view import OTHER, grouped, licence_of, matches, opening_words, still_open

MIT = License(spdx="MIT", title="MIT", url=None)
CC = License(spdx=None, title="CC BY 4.0", url=None)

TABLER = SetSummary(1, "Tabler Icons", "tabler", 5986, "UI 24px", MIT, Author("Paweł Kuna", None))
LUCIDE = SetSummary(2, "Lucide", "lucide", 1650, "UI 24px", License("ISC", "ISC", None))
GAME = SetSummary(3, "Game Icons", "game-icons", 4102, "Thematic", CC)
OLD = SetSummary(4, "Dashicons", "dashicons", 342, "Archive / Unmaintained", MIT)
LOOSE = SetSummary(5, "Core UI")
SETS = (TABLER, LUCIDE, GAME, OLD, LOOSE)


def test_every_word_typed_must_be_part_of_the_name_prefix_category_or_licence() -> None:
    assert matches(TABLER, "")
    assert matches(TABLER, "TAB")  # the name, any case
    assert matches(GAME, "game-ic")  # the prefix
    assert matches(LUCIDE, "ui 24")  # the category
    assert matches(LUCIDE, "isc")  # the licence's SPDX id
    assert matches(GAME, "cc by")  # its title, when it has no SPDX id
    assert matches(TABLER, "mit ui")
    assert not matches(TABLER, "mit thematic"), "every word, not any"
    assert not matches(TABLER, "kuna"), "the author is shown, not searched"


def test_sets_group_by_category_by_name_with_the_archive_and_the_uncategorised_last() -> None:
    groups = grouped(SETS)
    assert [group.category for group in groups] == ["Thematic", "UI 24px", "Archive / Unmaintained", OTHER]
    assert groups[1].sets == (TABLER, LUCIDE), "within a group, the catalogue's order"
    assert [group.category for group in grouped(SETS, "mit")] == ["UI 24px", "Archive / Unmaintained"]
    assert grouped(SETS, "nothing like it") == ()


def test_a_set_opens_by_its_prefix_else_by_its_quoted_name_and_stays_open_while_the_box_holds_it() -> None:
    assert opening_words(TABLER) == "set:tabler"
    assert opening_words(LOOSE) == 'set:"Core UI"'
    assert opening_words(SetSummary(6, 'Say "hi"')) == 'set:"Say  hi"'
    assert still_open(TABLER, "set:tabler")
    assert still_open(TABLER, "arrow set:tabler"), "a word added keeps it open"
    assert not still_open(TABLER, "set:tabler-extra"), "another set's words close it"
    assert not still_open(TABLER, "arrow")
    assert still_open(LOOSE, 'home set:"core ui"')
    assert not still_open(LOOSE, "home")


def test_a_licence_is_its_spdx_id_else_its_title() -> None:
    assert licence_of(TABLER) == "MIT"
    assert licence_of(GAME) == "CC BY 4.0"
    assert licence_of(LOOSE) == ""
