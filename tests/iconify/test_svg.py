"""An Iconify icon's SVG document, built as `@iconify/utils`' `iconToSVG` builds it (the documents
`read_icons` makes from whole sets: tests/iconify/test_icons.py)."""

from __future__ import annotations

from iconcat.iconify.svg import entry_box, entry_transform, iconify_svg, root_box


def test_a_flip_moves_an_offset_box_to_the_origin_and_a_quarter_turn_swaps_its_corner() -> None:
    assert iconify_svg("B", -2, -3, 24, 20, h_flip=True)[0] == (
        '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="20" viewBox="0 0 24 20">'
        '<g transform="translate(22 3) scale(-1 1)">B</g></svg>'
    )
    assert iconify_svg("B", -2, -3, 24, 20, rotate=1)[0] == (
        '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="24" viewBox="-3 -2 20 24">'
        '<g transform="rotate(90 7 7)">B</g></svg>'
    )
    assert iconify_svg("B", 0, 0, 15, 15, rotate=2)[0].count("rotate(180 7.5 7.5)") == 1


def test_definitions_stay_outside_a_transformed_group_as_iconify_keeps_them() -> None:
    body = '<defs><linearGradient id="g"/></defs><path fill="url(#g)" d="M0 0h4v4z"/>'
    assert iconify_svg(body, 0, 0, 16, 16, h_flip=True)[0] == (
        '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">'
        '<defs><linearGradient id="g"/></defs>'
        '<g transform="translate(16 0) scale(-1 1)"><path fill="url(#g)" d="M0 0h4v4z"/></g></svg>'
    )
    assert iconify_svg(body, 0, 0, 16, 16)[0].endswith(f'viewBox="0 0 16 16">{body}</svg>')  # untouched
    backwards = "</defs><defs><path/>"  # Iconify's own loop would never end on this
    assert iconify_svg(backwards, 0, 0, 16, 16, rotate=2)[0].count(backwards) == 1


def test_a_box_side_that_is_no_positive_finite_number_is_the_one_below_it() -> None:
    assert root_box({"width": 24, "height": 0, "left": float("nan"), "top": True}) == (0.0, 0.0, 24, 16.0)
    root = (-2.0, -2.0, 24.0, 24.0)
    assert entry_box({"width": -5, "height": 12, "left": 1}, root) == (1, -2.0, 24.0, 12)
    assert entry_transform({"rotate": "1", "hFlip": 1, "vFlip": True}) == (0, False, True)
