"""The facet panel at the scale of real icon sets (issue 24, "The index"): each key shows its top values
by count and "… N more", chosen values always, and typing over the panel narrows the values to those
containing the text, across every key. Over loopback: icon sets from disk (`create_app(catalogue=…)`
with fake set units), 37 sets and 37 categories for one search.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Input

from iconcat.api import Icon, Ref, SearchResult, Variant
from iconcat.browsing.facet_view import SHOWN_PER_KEY, facet_sections
from iconcat.browsing.filters import FacetValue, Filters, facet_counts
from iconcat.sources.catalogue import SourceCatalogue
from iconcat.sources.index import open_index
from iconcat.sources.records import SourceIcon
from iconcat.tui.connection import Connection
from iconcat.tui.widgets import ResultsList
from iconcat.tui.widgets.facet_panel import FacetPanel
from tests.conftest import TEST_TOKEN
from tests.support.source_units import FakeUnit, stand_in_rasterise, svg_of
from tests.support.tui import SIZE, search, serving, wait_until

SETS = 36
"""Sets "Set 1" … "Set 36", set k holding k arrows (distinct counts: a known order), and Tabler Icons."""


def arrow(key: str, category: str) -> SourceIcon:
    return SourceIcon(key, key.replace("-", " ").title(), "Regular", category, svg_of(key), 24, 24)


@pytest.fixture
def many_sets(tmp_path: Path):
    units = [
        FakeUnit(f"set{k}", [arrow(f"arrow-s{k}-{j}", f"Cat {j:02}") for j in range(k)], name=f"Set {k}")
        for k in range(1, SETS + 1)
    ]
    units.append(
        FakeUnit(
            "tabler", [arrow("arrow-tab-1", "Navigation"), arrow("arrow-tab-2", "Navigation")], name="Tabler Icons"
        )
    )
    catalogue = SourceCatalogue(open_index(tmp_path / "cache", units), rasterise=stand_in_rasterise)
    with serving(token=TEST_TOKEN, catalogue=catalogue, page_size=50) as served:
        yield served


def prompts(panel: FacetPanel) -> list[str]:
    return [str(option.prompt) for option in panel.options]


def section(shown: list[str], heading: str) -> list[str]:
    """The rows under `heading`, up to the next heading (a row that does not start with a mark or …)."""
    start = shown.index(heading) + 1
    rows = []
    for row in shown[start:]:
        if not row.startswith(("○", "●", "  …")):
            break
        rows.append(row)
    return rows


async def test_the_panel_shows_the_top_sets_finds_one_by_typing_and_choosing_it_filters(
    make_app, many_sets, download_dir
) -> None:
    app = make_app(Connection.service(many_sets.base_url, TEST_TOKEN, download_dir))
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        app.query_one(ResultsList).focus()
        await pilot.press("f")
        panel = app.query_one(FacetPanel)
        await wait_until(pilot, lambda: not app.browser.searches.follower.following, "every page counted")
        await wait_until(pilot, lambda: "○ Set 36  36" in prompts(panel), "the counts of every page")
        shown = prompts(panel)
        # The sets with most arrows first, eight of them, then what is left: 37 sets in all.
        top = [f"○ Set {k}  {k}" for k in range(SETS, SETS - SHOWN_PER_KEY, -1)]
        assert section(shown, "Set") == [*top, "  … 29 more"]
        categories = section(shown, "Category")
        assert len(categories) == SHOWN_PER_KEY + 1 and categories[-1] == "  … 29 more"
        assert categories[0] == "○ Cat 00  36"  # every set's first arrow is in Cat 00
        assert panel.border_subtitle == "type to find"  # where values are left out
        assert len(shown) < 40, "a few rows per key, not one per value"

        box = app.query_one("#search-input", Input)
        await pilot.press("t", "a", "b")  # typed over the panel: it narrows the panel, not the search
        await pilot.pause()
        assert app.focused is panel and box.value == "arrow" and not panel.border_subtitle
        assert prompts(panel) == ["Find tab · esc clears", "Set", "○ Tabler Icons  2"]
        assert panel.highlighted_entry == ("set", "Tabler Icons")
        await pilot.press("space")
        await wait_until(pilot, lambda: box.value == "arrow set:tabler-icons", "the set chosen, in the box")
        results = app.query_one(ResultsList)
        await wait_until(pilot, lambda: len(results.icons) == 2, "only Tabler's arrows listed")
        assert {found.set.name for found in results.icons} == {"Tabler Icons"}

        await pilot.press("escape")  # the typed text goes first, the filter stays
        await pilot.pause()
        assert panel.narrow == "" and panel.filters == Filters.of(set="tabler-icons")
        shown = prompts(panel)
        # Chosen, Tabler Icons is shown below the top eight though its count is not among them.
        assert section(shown, "Set · 1 chosen") == [*top, "● Tabler Icons  2", "  … 28 more"]
        await pilot.press("n", "a", "v", "backspace", "v", "i")
        await pilot.pause()
        assert prompts(panel)[:4] == ["Find navi · esc clears", "Set · 1 chosen", "● Tabler Icons  2", "Category"]
        await pilot.press("escape", "escape")  # the text, then the filter
        await wait_until(pilot, lambda: box.value == "arrow", "the filter cleared")
        await pilot.press("z", "z", "q")
        await pilot.pause()
        assert prompts(panel) == ["Find zzq · no value has it"] and panel.highlighted_entry is None
        await pilot.press("tab", "f")  # to the results, where f closes the panel; it opens afresh
        await pilot.pause()
        assert not panel.display
        await pilot.press("f")
        await pilot.pause()
        assert panel.narrow == "" and "○ Set 36  36" in prompts(panel)


def many_categories(count: int) -> list[Icon]:
    return [
        Icon(
            number,
            f"Icon {number}",
            Ref(number, f"Category {number}"),
            Ref(1, "Regular"),
            Ref(2, "Other"),
            Ref(3, "Big Set"),
            "",
            (Variant(number, "svg", None),),
        )
        for number in range(1, count + 1)
    ]


class PanelApp(App[None]):
    def compose(self) -> ComposeResult:
        yield FacetPanel()


async def test_thousands_of_values_draw_a_few_rows_and_a_batch_adds_none() -> None:
    icons = many_categories(3000)
    app = PanelApp()
    async with app.run_test(size=(60, 30)) as pilot:
        panel = app.query_one(FacetPanel)
        panel.show(icons[:2000], Filters())
        await pilot.pause()
        assert len(panel.options) <= 6 * (SHOWN_PER_KEY + 2)
        assert "  … 1,992 more" in prompts(panel)
        panel.add(icons[2000:], every=SearchResult(icons=tuple(icons), more_available=False))  # a batch: few rows
        await pilot.pause()
        assert "  … 2,992 more" in prompts(panel)
        assert len(panel.options) <= 6 * (SHOWN_PER_KEY + 2)
        panel.narrow_to("category 2999")
        await pilot.pause()
        assert prompts(panel) == ["Find category 2999 · esc clears", "Category", "○ Category 2999  1"]


def value(name: str, count: int, selected: bool = False) -> FacetValue:
    return FacetValue(name, count, selected)


def test_sections_show_the_top_values_the_chosen_and_the_highlighted_and_count_the_rest() -> None:
    sets = [value(f"Set {k}", 100 - k) for k in range(20)]
    sets[15] = value("Set 15", 85, selected=True)
    sections = facet_sections({"set": sets}, keep=("set", "Set 17"), limit=3)
    assert [(v.name for v in s.values) and [v.name for v in s.values] for s in sections] == [
        ["Set 0", "Set 1", "Set 2", "Set 15", "Set 17"]
    ]
    assert sections[0].more == 15 and sections[0].chosen == 1
    # One value more than the limit is shown, not "… 1 more"; under the limit, nothing is cut.
    assert facet_sections({"set": sets[:4]}, limit=3)[0].more == 0
    assert len(facet_sections({"set": sets[:4]}, limit=3)[0].values) == 4
    # Narrowing keeps names containing the text (case, spaces and hyphens aside), and chosen values.
    narrowed = facet_sections(
        {"set": [value("Tabler Icons", 5), value("Core UI", 9), value("Stable", 1)], "style": [value("Filled", 3)]},
        narrow="TAB",
    )
    assert [(s.key, [v.name for v in s.values]) for s in narrowed] == [("set", ["Tabler Icons", "Stable"])]
    assert [v.name for v in facet_sections({"set": [value("Core UI", 9)]}, narrow="core-u")[0].values] == ["Core UI"]


def test_the_demo_sized_facets_are_shown_whole() -> None:
    icons = many_categories(SHOWN_PER_KEY)
    sections = facet_sections(facet_counts(icons, Filters()))
    assert all(s.more == 0 for s in sections)
    assert sum(len(s.values) for s in sections) == SHOWN_PER_KEY + 5
