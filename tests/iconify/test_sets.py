"""A set's own words (`info`) on the interface's set and series, and its icons' first categories."""

from __future__ import annotations

from iconcat.iconify.sets import OTHER_SERIES, SetInfo, first_categories, set_info


def test_name_series_licence_and_author_come_from_info() -> None:
    info = {
        "name": " Tabler Icons ",
        "category": "UI 24px",
        "license": {"title": "MIT", "spdx": "MIT", "url": "https://example.test/LICENSE"},
        "author": {"name": "Paweł Kuna", "url": "https://example.test/tabler"},
    }
    assert set_info("tabler", info) == SetInfo(
        "tabler",
        "Tabler Icons",
        "UI 24px",
        "MIT",
        "MIT",
        "https://example.test/LICENSE",
        "Paweł Kuna",
        "https://example.test/tabler",
    )


def test_a_set_that_says_little_is_named_by_its_prefix_in_the_other_series() -> None:
    assert set_info("bare", {}) == SetInfo("bare", "bare", OTHER_SERIES)
    said = set_info("old", {"name": "  ", "category": 7, "license": "MIT", "author": "Someone"})
    assert (said.name, said.series, said.license_spdx, said.author_name) == ("old", OTHER_SERIES, None, "Someone")


def test_each_icon_keeps_its_first_category_and_the_metadata_speaks_only_when_the_set_does_not() -> None:
    data = {"categories": {"Arrows": ["up", "home"], "Buildings": ["home", 7], " ": ["loose"], "Bad": "up"}}
    assert first_categories(data, {"categories": {"Other": ["up"]}}) == {"up": "Arrows", "home": "Arrows"}
    assert first_categories({}, {"categories": {"Other": ["up"]}}) == {"up": "Other"}
    assert first_categories({}, {}) == {}
