"""An SVG as asked, on its text (`iconcat.disk.svg_output`): `currentColor` written as the colour
wherever CSS reads it, an SVG's own colours kept; a width and height from a size, the box and its
proportions kept; the attribution comment for licensed sets, in one safe line. No server, no app."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

import pytest

from iconcat.api import Author, License, Ref
from iconcat.disk.svg_output import (
    OutputOptions,
    SvgSizeError,
    attribution_comment,
    paint_current_colour,
    sized_svg,
    svg_as_asked,
    with_attribution,
)
from tests.support.svg_output import parsed_root

SVG = 'xmlns="http://www.w3.org/2000/svg"'
TABLER = Ref(
    7,
    "Tabler Icons",
    License("MIT", "MIT", "https://github.com/tabler/tabler-icons/blob/master/LICENSE"),
    Author("Paweł Kuna", "https://github.com/tabler/tabler-icons"),
)


@pytest.mark.parametrize(
    "body",
    [
        '<path fill="currentColor" d="M0 0h4v4z"/>',  # an attribute
        '<path stroke="CURRENTCOLOR" fill="none" d="M0 0h4v4z"/>',  # any case, as CSS reads it
        '<path style="fill: currentcolor" d="M0 0h4v4z"/>',  # a style property
        '<style>.a{fill:currentColor}</style><path class="a" d="M0 0h4v4z"/>',  # a <style> rule
        '<linearGradient id="g"><stop stop-color="currentColor"/></linearGradient><path fill="url(#g)" d="M0"/>',
    ],
)
def test_every_current_colour_is_written_as_the_colour(body):
    painted = paint_current_colour(f'<svg {SVG} viewBox="0 0 4 4">{body}</svg>', "#e11d48")
    assert painted is not None
    assert not re.search("currentcolor", painted, re.IGNORECASE) and "#e11d48" in painted
    parsed_root(painted)


@pytest.mark.parametrize(
    "svg",
    [
        f'<svg {SVG} viewBox="0 0 4 4"><path fill="#dd2e44" d="M0 0h4v4z"/></svg>',  # its own colours
        f'<svg {SVG} color="green" viewBox="0 0 4 4"><path fill="currentColor" d="M0"/></svg>',  # its own color
        f'<svg {SVG} viewBox="0 0 4 4"><g style="color:red"><path fill="currentColor" d="M0"/></g></svg>',
    ],
)
def test_an_svg_that_does_not_use_current_colour_of_its_own_is_not_coloured(svg):
    assert paint_current_colour(svg, "teal") is None
    assert svg_as_asked(svg, None, OutputOptions(colour="teal")).uncoloured


def test_a_multicolour_icon_keeps_its_own_colours_beside_the_painted_ones():
    svg = f'<svg {SVG} viewBox="0 0 4 4"><path fill="currentColor" d="M0"/><path fill="#fff" d="M1"/></svg>'
    painted = paint_current_colour(svg, "rgb(51, 102, 153)")
    assert painted == svg.replace("currentColor", "rgb(51, 102, 153)")


@pytest.mark.parametrize("colour", ['red" onload="x', "red;fill:url(x)", "<b>", "a&b", "}", ""])
def test_a_colour_that_could_break_out_of_a_value_is_refused(colour):
    with pytest.raises(ValueError, match="not a colour"):
        paint_current_colour(f'<svg {SVG}><path fill="currentColor"/></svg>', colour)


@pytest.mark.parametrize(
    ("root", "size", "expected"),
    [
        (f'<svg {SVG} width="1em" height="1em" viewBox="0 0 24 24">', 64, ("64", "64", "0 0 24 24")),
        (f'<svg {SVG} viewBox="0 0 320 512">', 64, ("40", "64", "0 0 320 512")),  # tall: its height is N
        (f'<svg {SVG} viewBox="0 0 640 512">', 64, ("64", "51.2", "0 0 640 512")),  # wide: its width is N
        (f'<svg {SVG} viewBox="-2 -2 28 28">', 48, ("48", "48", "-2 -2 28 28")),  # the box kept as it is
        (f'<svg {SVG} width="24" height="16">', 48, ("48", "32", "0 0 24 16")),  # no viewBox: one from its size
        (f"<svg {SVG} width='24px' height='24px'>", 16, ("16", "16", "0 0 24 24")),
    ],
)
def test_a_size_sets_the_width_and_height_keeping_the_box_and_proportions(root, size, expected):
    svg = f'<?xml version="1.0"?>\n<!-- made by hand -->\n{root}<path d="M0 0h4v4z"/></svg>'
    sized = sized_svg(svg, size)
    element = parsed_root(sized)
    assert (element.get("width"), element.get("height"), element.get("viewBox")) == expected
    assert sized.startswith('<?xml version="1.0"?>\n<!-- made by hand -->\n<svg')
    assert sized.endswith('<path d="M0 0h4v4z"/></svg>')  # the drawing untouched


@pytest.mark.parametrize(
    "svg", [f'<svg {SVG} width="100%"><path d="M0"/></svg>', f"<svg {SVG}/>", "<html></html>", "not svg"]
)
def test_an_svg_with_nothing_to_scale_by_cannot_be_sized(svg):
    with pytest.raises(SvgSizeError):
        sized_svg(svg, 64)


def test_the_attribution_names_the_set_its_author_and_licence_as_the_first_child_of_the_svg():
    svg = f'<?xml version="1.0"?><svg {SVG} viewBox="0 0 24 24"><path d="M0"/></svg>'
    comment = attribution_comment(TABLER)
    licence = "https://github.com/tabler/tabler-icons/blob/master/LICENSE"
    assert comment == f"<!-- Icon from Tabler Icons by Paweł Kuna - MIT - {licence} -->"
    attributed = with_attribution(svg, comment)
    assert attributed == svg.replace('24 24">', f'24 24">{comment}')
    root = ElementTree.fromstring(
        attributed, ElementTree.XMLParser(target=ElementTree.TreeBuilder(insert_comments=True))
    )
    assert root[0].tag is ElementTree.Comment and "Tabler Icons" in (root[0].text or "")
    assert with_attribution(attributed, comment) == attributed  # once
    assert with_attribution(f"<svg {SVG}/>", comment) == f"<svg {SVG}>{comment}</svg>"


@pytest.mark.parametrize(
    "licence", [License("CC0-1.0", "CC0 1.0"), License("Unlicense", None), License(None, "The Unlicense"), None]
)
def test_a_set_free_of_attribution_or_without_a_licence_gets_no_comment(licence):
    assert attribution_comment(Ref(1, "Simple Icons", licence, Author("Simple Icons Collaborators"))) is None


def test_the_catalogues_words_cannot_end_the_comment_nor_break_the_line():
    hostile = Ref(1, "Evil -->\n<script>x</script> --- set", License("MIT", "MIT --> x"), Author("a--b\x1b[31m"))
    comment = attribution_comment(hostile)
    assert comment is not None and comment.startswith("<!-- ") and comment.endswith(" -->")
    inside = comment[len("<!-- ") : -len(" -->")]
    assert "--" not in inside and "\n" not in inside and "\x1b" not in inside and not inside.endswith("-")
    svg = with_attribution(f'<svg {SVG} viewBox="0 0 4 4"><path d="M0"/></svg>', comment)
    root = parsed_root(svg)
    assert [child.tag for child in root] == ["{http://www.w3.org/2000/svg}path"]  # no element smuggled in


def test_all_three_at_once_paint_size_and_attribute():
    svg = f'<svg {SVG} width="24" height="24" viewBox="0 0 24 24"><path stroke="currentColor" d="M0"/></svg>'
    asked = svg_as_asked(svg, TABLER, OutputOptions(colour="teal", svg_size=64))
    root = parsed_root(asked.text)
    assert (root.get("width"), root.get("height")) == ("64", "64")
    assert 'stroke="teal"' in asked.text and "Icon from Tabler Icons" in asked.text and not asked.uncoloured
    plain = svg_as_asked(svg, TABLER, OutputOptions(attribution=False))
    assert plain.text == svg  # nothing asked: the set's own text
