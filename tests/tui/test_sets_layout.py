"""The sets view's board laid out (`widgets.sets_layout`), without an app: a heading a group, five
lines a set, how many samples a row shows, and words that fit their column."""

from __future__ import annotations

from rich.cells import cell_len

from iconcat.api import SetSummary
from iconcat.browsing.sets_view import grouped
from iconcat.tui.widgets.sets_layout import SET_HEIGHT, fit, lay_out, samples_fitting, set_words, text_columns

SETS = (
    SetSummary(1, "Tabler Icons", "tabler", 5986, "UI 24px", samples=("a", "b", "c", "d", "e", "f")),
    SetSummary(2, "Lucide", "lucide", 1, "UI 24px"),
    SetSummary(3, "Game Icons", "game-icons", 4102, "Thematic"),
)


def test_a_group_is_a_heading_then_its_sets_each_of_set_height_lines() -> None:
    layout = lay_out(grouped(SETS))
    assert [line.heading for line in layout.lines if line.heading] == ["Thematic · 1 set", "UI 24px · 2 sets"]
    assert len(layout.lines) == 2 + 3 * SET_HEIGHT
    assert [summary.name for summary in layout.entries] == ["Game Icons", "Tabler Icons", "Lucide"]
    assert layout.first_lines == (1, 2 + SET_HEIGHT, 2 + 2 * SET_HEIGHT)
    assert layout.entry_at(0) is None and layout.entry_at(1) == 0
    assert layout.span(1) == (SET_HEIGHT + 1, 2 + 2 * SET_HEIGHT), "the first of a group keeps its heading in view"
    assert layout.span(2) == (2 + 2 * SET_HEIGHT, 2 + 3 * SET_HEIGHT)
    assert layout.entries_between(0, 3) == [0]
    assert layout.entries_between(0, 3 + SET_HEIGHT) == [0, 1]


def test_rows_show_five_samples_at_80_columns_and_six_at_120() -> None:
    assert samples_fitting(78, 6) == 5  # 80 columns less the scrollbar
    assert samples_fitting(118, 6) == 6
    assert samples_fitting(120, 2) == 2
    assert samples_fitting(20, 6) == 0
    for width in (30, 80, 120, 200):
        assert text_columns(width) >= 16


def test_a_sets_words_fit_their_column_whatever_they_hold() -> None:
    assert set_words(SETS[0])[1] == "tabler · 5,986 icons"
    assert set_words(SETS[1])[1] == "lucide · 1 icon"
    wide = "界" * 40
    for columns in (1, 5, 16, 30):
        assert cell_len(fit(wide, columns)) == columns
        assert cell_len(fit("ab", columns)) == columns
    assert fit("Tabler Icons", 8) == "Tabler …"
