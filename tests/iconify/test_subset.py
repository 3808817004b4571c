"""An SVG read back into its box and body (`iconify.subset.read_svg`, `iconify_svg`'s inverse), and the
IconifyJSON subset made of such icons: untrusted documents refused in words."""

from __future__ import annotations

import pytest

from iconcat.iconify.subset import SvgUnreadable, read_svg, subset_document
from iconcat.iconify.svg import iconify_svg
from tests.support.bag_sets import ICONS

BOXES = [(0, 0, 24, 24), (-2, -2, 28, 28), (0, 0, 32, 24), (0.5, 0, 15.5, 16)]
TURNS = [(0, False, False), (1, True, False), (2, False, True), (3, True, True)]


@pytest.mark.parametrize("box", BOXES)
@pytest.mark.parametrize("turn", TURNS)
@pytest.mark.parametrize("key", sorted(ICONS))
def test_a_document_iconify_builds_gives_back_the_body_and_box_that_build_it_again(key, box, turn) -> None:
    built, width, height = iconify_svg(ICONS[key]["body"], *box, *turn)
    read = read_svg(built)
    assert (read.width, read.height) == (width, height)
    assert iconify_svg(read.body, read.left, read.top, read.width, read.height)[0] == built


def test_a_roots_painting_wraps_the_body_and_words_that_draw_nothing_go() -> None:
    read = read_svg(
        '<?xml version="1.0"?><!-- made by hand --><svg xmlns="http://www.w3.org/2000/svg" width="24px" '
        'height="20" fill="none" stroke="currentColor" class="x" aria-hidden="true" '
        'xmlns:sodipodi="http://sodipodi.example/ns"><path d="M1 1" attr="a &gt; b"/></svg>\n<!-- </svg> -->'
    )
    assert (read.left, read.top, read.width, read.height) == (0, 0, 24, 20) and read.view_box == "0 0 24 20"
    assert read.body == '<path d="M1 1" attr="a &gt; b"/>'
    assert read.wrapped_body == '<g fill="none" stroke="currentColor"><path d="M1 1" attr="a &gt; b"/></g>'
    assert read.namespaces == (("xmlns:sodipodi", "http://sodipodi.example/ns"),)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg viewBox="0 0 1 1">&a;</svg>', "declares entities"),
        (
            '<!DOCTYPE svg SYSTEM "http://example.test/svg.dtd"><svg viewBox="0 0 1 1">&nbsp;</svg>',
            "entity it does not declare",
        ),
        ('<svg viewBox="0 0 1 1"><path></svg>', "not well-formed"),
        ('<html><svg viewBox="0 0 1 1"/></html>', "not an SVG"),
        ('<svg width="100%" height="2em"/>', "has no size"),
        ('<svg viewBox="0 0 0 10"/>', "no area"),
        ('<svg viewBox="0 0 ten 10"/>', "not four numbers"),
    ],
)
def test_an_svg_that_cannot_be_read_says_why(text: str, words: str) -> None:
    with pytest.raises(SvgUnreadable, match=words):
        read_svg(text)


def test_a_subset_keeps_the_common_box_at_the_root_and_each_other_side_on_its_icon() -> None:
    icons = [
        ("a", read_svg('<svg viewBox="0 0 24 24"><path d="M0 0"/></svg>')),
        ("b", read_svg('<svg viewBox="0 0 24 24"><path d="M1 1"/></svg>')),
        ("wide", read_svg('<svg viewBox="-1 0 32 24.5"><path d="M2 2"/></svg>')),
    ]
    document = subset_document("demo", {"name": "Demo"}, icons)
    assert document == {
        "prefix": "demo",
        "info": {"name": "Demo"},
        "icons": {
            "a": {"body": '<path d="M0 0"/>'},
            "b": {"body": '<path d="M1 1"/>'},
            "wide": {"body": '<path d="M2 2"/>', "left": -1, "width": 32, "height": 24.5},
        },
        "width": 24,
        "height": 24,
    }
