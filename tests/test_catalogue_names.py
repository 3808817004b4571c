"""Catalogues named for a person (`iconcat.catalogue_names`): host and path, never credentials."""

from __future__ import annotations

import pytest

from iconcat.catalogue_names import catalogue_label, catalogue_option, favourites_elsewhere_note
from iconcat.memory import DEMO_CATALOGUE, LOCAL_SETS


@pytest.mark.parametrize(
    ("key", "label", "option"),
    [
        (DEMO_CATALOGUE, "the demo catalogue", "--demo"),
        (LOCAL_SETS, "your icon sets from disk", "--from PATH"),
        ("https://icons.example.com", "icons.example.com", "--base-url https://icons.example.com"),
        ("http://127.0.0.1:8001/", "127.0.0.1:8001", "--base-url http://127.0.0.1:8001"),
        ("https://tok:en@h.example/x?token=abc#f", "h.example/x", "--base-url https://h.example/x"),
        ("http://[::1]:8000", "[::1]:8000", "--base-url http://[::1]:8000"),
        ("https://h.example:99999", "another catalogue", ""),
        ("not a url", "another catalogue", ""),
        ("https://evil\x1b\x07\u202e.example", "evil.example", "--base-url https://evil.example"),
        ("https://evil\x1b]52;c;aGk=\x07.example", "another catalogue", ""),  # (no host urllib accepts)
    ],
)
def test_a_catalogue_is_named_by_its_host_and_path_alone(key, label, option):
    assert catalogue_label(key) == label
    assert catalogue_option(key) == option


def test_the_note_names_the_catalogues_with_the_most_first_and_counts_the_rest():
    elsewhere = [(DEMO_CATALOGUE, 1200), ("https://a.example", 3), ("https://b.example", 2), ("https://c.example", 1)]
    assert favourites_elsewhere_note("https://here.example", elsewhere) == (
        "no favourites in here.example; 1,200 in the demo catalogue (--demo), 3 in a.example "
        "(--base-url https://a.example), 2 in b.example (--base-url https://b.example), and in 1 other catalogue"
    )
    assert favourites_elsewhere_note("https://here.example", []) == ""


def test_an_iconify_api_is_kept_under_its_url_and_reopened_by_iconify() -> None:
    from iconcat.catalogue_names import iconify_key

    key = iconify_key(" https://icons.example.com/api/ ")
    assert key == "iconify:https://icons.example.com/api"
    assert catalogue_option(key) == "--iconify https://icons.example.com/api"
    assert catalogue_label(key) == "Iconify's API at icons.example.com/api"
    # Not the seed's service: its option never offers --base-url, which would send the token there.
    assert "--base-url" not in catalogue_option(iconify_key("https://user:pw@h.example/x?t=1"))
    assert "pw" not in catalogue_option(iconify_key("https://user:pw@h.example/x?t=1"))
