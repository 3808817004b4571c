"""What a tile shows until its picture comes (`tile_placeholders`), without an app."""

from __future__ import annotations

from rich.style import Style

from iconcat.tui.widgets.tile_placeholders import placeholder_picture


def test_the_words_are_wrapped_and_centred_in_a_box_the_picture_s_size():
    box = placeholder_picture(8, 4, ("no preview",), Style(italic=True))
    assert [strip.text for strip in box] == ["        ", "   no   ", "preview ", "        "]
    assert all(strip.cell_length == 8 for strip in box)
    assert {segment.style for strip in box for segment in strip} == {Style(italic=True)}


def test_a_box_without_words_is_blank_and_each_box_is_made_once():
    blank = placeholder_picture(12, 6, (), Style())
    assert len(blank) == 6 and all(strip.text == " " * 12 for strip in blank)
    assert placeholder_picture(12, 6, (), Style()) is blank
