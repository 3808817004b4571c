"""The path parser and shape helpers that every glyph is written with."""

from __future__ import annotations

import math

import pytest

from iconcat.demo.geometry import circle, parse_path, rect


def end_points(path) -> list[tuple[float, float]]:
    points = []
    for sub in path.subpaths:
        points.append(sub.start)
        points += [seg[-1] for seg in sub.segments]
    return points


def test_relative_and_absolute_commands_agree() -> None:
    absolute = parse_path("M4 4L10 4H14V10C14 12 12 14 10 14Z")
    relative = parse_path("m4 4l6 0h4v6c0 2-2 4-4 4z")
    assert absolute == relative
    assert absolute.subpaths[0].closed


def test_implicit_line_tos_and_several_subpaths() -> None:
    path = parse_path("M1 1 2 2 3 3M5 5h1")
    assert len(path.subpaths) == 2
    assert end_points(path) == [(1, 1), (2, 2), (3, 3), (5, 5), (6, 5)]


def test_arcs_land_on_their_end_points_and_stay_on_the_circle() -> None:
    path = parse_path("M2 12A10 10 0 0 1 22 12")
    sub = path.subpaths[0]
    assert sub.segments[-1][-1] == (22.0, 12.0)
    for x, y in sub.flatten(0.01):
        assert math.hypot(x - 12, y - 12) == pytest.approx(10, abs=0.02)
        assert y <= 12 + 1e-9, "sweep flag 1 goes over the top (y down)"


def test_circle_and_rounded_rect_bounds() -> None:
    ring = circle(12, 12, 5).subpaths[0].flatten(0.01)
    assert min(x for x, _ in ring) == pytest.approx(7, abs=0.02)
    assert max(y for _, y in ring) == pytest.approx(17, abs=0.02)
    box = rect(2, 3, 10, 6, 2).subpaths[0].flatten(0.01)
    assert min(x for x, _ in box) == pytest.approx(2) and max(x for x, _ in box) == pytest.approx(12)
    assert min(y for _, y in box) == pytest.approx(3) and max(y for _, y in box) == pytest.approx(9)


@pytest.mark.parametrize("bad", ["L1 1", "M1", "M1 1 L2", "M1 1 X 3", "M1 1 C1 2 3"])
def test_malformed_path_data_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_path(bad)
