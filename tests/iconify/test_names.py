"""Iconify names told from other text, and names in words."""

from __future__ import annotations

import pytest

from iconcat.iconify.names import MAX_ICONIFY_NAME, bad_names, iconify_name, in_words, is_name, key_in_words


@pytest.mark.parametrize("name", ["tabler:arrow-up", "mdi:numeric-3-box", "a:b", "fluent-emoji-flat:1st-place-medal"])
def test_an_iconify_name_is_kept(name: str) -> None:
    assert iconify_name(name) == name


@pytest.mark.parametrize(
    "value",
    ["tabler", "tabler:", ":arrow", "Tabler:arrow", "tabler:arrow--up", "tabler:-arrow", "a:b:c", "tabler:arrow up", 7],
)
def test_anything_else_is_no_iconify_name(value: object) -> None:
    assert iconify_name(value) is None


def test_an_iconify_name_longer_than_any_set_gives_is_none() -> None:
    long = "a:" + "b" * (MAX_ICONIFY_NAME - 2)
    assert iconify_name(long) == long
    assert iconify_name(long + "b") is None


def test_a_prefix_or_a_key_is_words_of_letters_and_digits_joined_by_single_hyphens() -> None:
    assert is_name("arrow-up-2") and is_name("3d")
    assert not any(is_name(text) for text in ("", "-a", "a-", "a--b", "A", "a_b", "a:b"))


def test_the_names_of_a_set_that_are_not_iconify_names_are_found_among_good_ones() -> None:
    good = ["arrow-up", "3d-cube", "a"]
    assert bad_names(good) == set()
    assert bad_names([*good, "Upper", "../etc", "", "a--b", "trailing-", "two\nlines"]) == {
        "Upper",
        "../etc",
        "",
        "a--b",
        "trailing-",
        "two\nlines",
    }


def test_a_key_in_words_raises_each_words_first_letter_only() -> None:
    assert key_in_words("arrow-up-circle") == "Arrow Up Circle"
    assert key_in_words("3d-cube") == "3d Cube"
    assert key_in_words("-odd--key-") == "Odd Key"  # not an Iconify key: the general rule


def test_a_files_name_in_words_splits_on_separators_and_case() -> None:
    assert [in_words(name) for name in ("arrow-up", "arrow_up", "ArrowUp", "arrow up", "HTMLParser")] == [
        "Arrow Up",
        "Arrow Up",
        "Arrow Up",
        "Arrow Up",
        "HTML Parser",
    ]
