"""When a gallery repaints tiles whose pictures arrive one by one (`tile_repaints`), without an app:
together at most every interval, the last one awaited on screen at once."""

from __future__ import annotations

import pytest

from iconcat.tui.widgets.tile_repaints import TileRepaints

ON_SCREEN = ("arrow", range(4))
"""Stands for the tiles on screen and how they are drawn (any value that changes with them)."""


def test_the_first_picture_is_painted_at_once_and_the_next_ones_wait_for_the_interval():
    repaints = TileRepaints(interval=0.05)
    assert repaints.awaiting(ON_SCREEN, [1, 2, 3, 4], lambda _id: False) == {1, 2, 3, 4}
    repaints.came(1, row=0)
    assert repaints.due_in(now=10.0) == 0.0  # the first for a while
    assert repaints.take(now=10.0) == [0] and repaints.idle
    repaints.came(2, row=1)
    assert repaints.due_in(now=10.01) == pytest.approx(0.04)  # booked for the rest of the interval
    assert not repaints.idle
    repaints.came(3, row=0)
    assert repaints.due_in(now=10.02) is None  # booked already: one paint for both
    assert repaints.take(now=10.05) == [0, 1] and repaints.idle


def test_the_last_picture_awaited_on_screen_is_painted_at_once_whatever_the_interval():
    repaints = TileRepaints(interval=10.0)
    repaints.awaiting(ON_SCREEN, [1, 2], lambda _id: False)
    repaints.came(1, row=0)
    assert repaints.due_in(now=100.0) == 0.0
    repaints.take(now=100.0)
    repaints.came(2, row=3)
    assert repaints.due_in(now=100.001) == 0.0  # none awaited any more: not held for the throttle
    assert repaints.take(now=100.001) == [3]


def test_the_awaited_pictures_are_worked_out_again_only_when_the_tiles_on_screen_change():
    repaints = TileRepaints()
    ready = {2}
    assert repaints.awaiting(ON_SCREEN, [1, 2, 3], ready.__contains__) == {1, 3}
    ready.add(1)
    assert repaints.awaiting(ON_SCREEN, [1, 2, 3], ready.__contains__) == {1, 3}  # the same tiles: kept
    assert repaints.awaiting(("arrow", range(4, 8)), [1, 2, 3], ready.__contains__) == {3}
