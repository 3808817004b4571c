"""The words under a gallery's tiles (`TileLabels`), without an app: sanitised, fitted, kept per tile."""

from __future__ import annotations

from iconcat.tui.widgets.tile_labels import MemberLabels, TileLabels
from tests.support.icons import icon


def test_an_icons_own_label_is_its_name_then_its_style_and_set_sanitised_and_centred():
    labels = TileLabels()
    labels.show((icon("Bell\x1b[31m", style="Outline", set="Core UI"),), None)
    assert labels.most_lines == 1
    assert "\x1b" not in labels.line(0, 0, 10) and labels.line(0, 0, 10).strip().startswith("Bell")
    assert len(labels.line(0, 0, 10)) == 10
    origin = labels.line(0, 1, 10).strip()
    assert origin.startswith("Outl") and origin.endswith("·Core")  # in short, to fit
    assert labels.line(0, 2, 10) == " " * 10


def test_given_lines_replace_the_icons_own_and_tiles_without_a_line_are_blank_there():
    labels = TileLabels()
    labels.show((icon("Arrow"), icon("Bell")), [("Arrow", "× 17"), ("Bell",)])
    assert labels.most_lines == 2
    assert labels.line(0, 1, 8).strip() == "× 17"
    assert labels.line(1, 1, 8) == " " * 8


def test_a_marked_tile_puts_its_marks_before_the_name_and_a_tile_too_narrow_keeps_the_text_whole():
    labels = TileLabels()
    labels.show((icon("Arrow Down Circle"),), None)
    before, marks, after = labels.marked_line(0, 12, "✓★")
    assert marks == "✓★" and (before + marks + after).startswith("✓★ Arr") and len(before + marks + after) == 12
    assert labels.marked_line(0, 1, "✓★") == ("…", "", "")


def test_forget_drops_the_fitted_lines_so_a_new_width_fits_again():
    labels = TileLabels()
    labels.show((icon("Bell", style="Outline", set="Core UI"),), None)
    narrow = labels.line(0, 1, 9)
    labels.forget()
    assert labels.line(0, 1, 16) != narrow and len(labels.line(0, 1, 16)) == 16


def test_a_set_with_an_iconify_prefix_says_it_before_its_name_is_cut():
    labels = TileLabels()
    mdi = icon("Trash Can", style="Outline", set="Material Design Icons", iconify="mdi:trash-can-outline")
    labels.show((mdi, icon("Trash Can", style="Outline", set="Material Design Icons")), None)
    assert labels.line(0, 1, 8).strip() == "Outl·mdi"  # was "Outl·Mat"
    assert labels.line(1, 1, 8).strip() == "Outl·Mat"  # no Iconify name: the set's own name, cut
    labels.forget()
    assert labels.line(0, 1, 16).strip() == "Outline · mdi"


def test_a_groups_members_read_their_style_then_their_set_said_short_before_it_is_cut():
    labels = MemberLabels()
    tabler = icon("Trash", style="Filled", set="Tabler Icons", iconify="tabler:trash-filled")
    labels.show((tabler, icon("Trash", style="Regular", set="Tabler Icons")), None)
    assert labels.line(0, 0, 8).strip() == "Filled" and labels.line(0, 1, 8).strip() == "tabler"
    assert labels.line(1, 1, 8).strip() == "Tabl…ons"  # no Iconify name: the name, cut
    assert labels.marked_line(0, 10, "★")[2].strip() == "Filled"  # a mark goes before the first line
    labels.forget()
    assert labels.line(0, 1, 14).strip() == "Tabler Icons"  # whole where it fits
