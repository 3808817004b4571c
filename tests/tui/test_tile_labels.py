"""The words under a gallery's tiles (`TileLabels`), without an app: sanitised, fitted, kept per tile."""

from __future__ import annotations

from iconcat.tui.widgets.tile_labels import TileLabels
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
