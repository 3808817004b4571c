"""A dialog's key hints wrap between hints, never between a key and what it does."""

from __future__ import annotations

import pytest

from iconcat.tui.key_hints import hint_lines
from iconcat.tui.screens import BagScreen
from tests.support.tui import search, wait_until

BAG = ("d download all", "x cancel all", "r retry failed", "space take out", "e empty", "ctrl+f folder", "esc close")


@pytest.mark.parametrize("width", range(16, 120))  # from the widest hint with its "·"
def test_lines_break_only_after_a_separator_and_fit(width: int) -> None:
    lines = hint_lines(BAG, width)
    assert " ".join(lines) == " · ".join(BAG)  # nothing lost, nothing reordered
    assert all(len(line) <= width for line in lines)
    assert all(line.endswith("·") for line in lines[:-1])  # never "… · e" / "empty · …"


def test_a_hint_wider_than_the_line_has_a_line_of_its_own() -> None:
    assert hint_lines(("enter use this folder", "esc close"), 10) == ["enter use this folder ·", "esc close"]


async def test_the_bags_keys_at_80_columns_keep_each_key_with_its_meaning(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await search(pilot, "bell")
        app.browser.action_focus_results()
        await pilot.press("space", "b")
        await wait_until(pilot, lambda: isinstance(app.screen, BagScreen), "the bag")
        await pilot.pause()
        hints = app.screen.query_one("#bag-keys")
        drawn = [strip.text.strip() for strip in hints.render_lines(hints.content_region.reset_offset)]
        assert len(drawn) == 2, drawn  # two lines at this width, both whole
        assert drawn[0].endswith("·") and "e empty" in " ".join(drawn), drawn
