"""Everything fits 80×24 (issue 21, item 17): every dialog inside the screen with its keys line shown,
the facet panel taking the results' room rather than the detail's, one status line, the grouped
detail's variants on screen, and help text wrapping under its description."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Input, Static

from iconcat.demo.catalogue import default_catalogue
from iconcat.tui.screens import BagScreen, ConfirmQuit, ConnectScreen, HelpScreen, VariantPicker
from iconcat.tui.screens.copy_menu import CopyMenu
from iconcat.tui.widgets import DetailPane
from tests.support.tui import search, shown_text, wait_until

SMALL = (80, 24)


def inside(inner: Region, outer: Region) -> bool:
    return outer.contains_region(inner)


def assert_fits(screen, dialog_id: str) -> None:
    """The dialog is wholly on screen, and each of its parts wholly inside it (none cut off)."""
    dialog = screen.query_one(f"#{dialog_id}")
    assert inside(dialog.region, Region(0, 0, *SMALL)), (dialog_id, dialog.region)
    for child in dialog.children:
        if isinstance(child, Widget) and child.display:
            assert inside(child.region, dialog.content_region), (dialog_id, child.id, child.region)


async def results_focused(pilot, query: str = "bell") -> None:
    await search(pilot, query)
    pilot.app.browser.action_focus_results()
    await pilot.pause()


@pytest.mark.parametrize(
    ("keys", "screen_type", "dialog_id"),
    [
        (("question_mark",), HelpScreen, "help-dialog"),
        (("enter",), VariantPicker, "picker-dialog"),
        (("ctrl+o",), ConnectScreen, "connect-dialog"),
        (("y",), CopyMenu, "copy-dialog"),
        (("space", "b"), BagScreen, "bag-dialog"),
    ],
)
async def test_every_dialog_fits_80_by_24(make_app, keys, screen_type, dialog_id):
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await results_focused(pilot)
        await pilot.press(*keys)
        await wait_until(pilot, lambda: isinstance(app.screen, screen_type), dialog_id)
        await pilot.pause()
        assert_fits(app.screen, dialog_id)


async def test_the_quit_question_fits_80_by_24(make_app):
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await results_focused(pilot)
        app.push_screen(ConfirmQuit(4, 17))
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmQuit), "the quit question")
        await pilot.pause()
        assert_fits(app.screen, "quit-dialog")


@pytest.mark.parametrize("size", [SMALL, (120, 36)])
async def test_the_facet_panel_takes_the_results_room_not_the_details(make_app, size):
    # Narrow, it lies over the results; from 110 columns, the results narrow beside it.
    app = make_app(view="gallery")
    async with app.run_test(size=size) as pilot:
        await results_focused(pilot)
        detail = app.query_one(DetailPane)
        before = detail.region
        await pilot.press("f")
        await wait_until(pilot, lambda: app.query_one("#facets").display, "the facet panel")
        await pilot.pause()
        # It was 12 columns wide with the panel open: too narrow to read a field.
        assert detail.region == before
        facets = app.query_one("#facets")
        assert inside(facets.region, Region(0, 0, *size)) and facets.region.width >= 24
        results = app.query_one("#results-area")
        assert results.region.width >= 30 and not results.region.overlaps(detail.region)


async def test_the_status_is_one_line_that_keeps_what_matters_most(make_app):
    app = make_app(view="gallery", group=True)
    async with app.run_test(size=SMALL) as pilot:
        await results_focused(pilot, "arrow")  # more than a page: the longest status of all
        await pilot.press("space")  # one in the bag: said beside the count while they fit
        status = app.query_one("#search-status", Static)
        await wait_until(pilot, lambda: "1 in the bag" in shown_text(status), "the bag's count")
        await pilot.pause()
        shown = shown_text(status)
        assert cell_len(shown) <= status.content_region.width, shown  # one line: never wrapped, never cut unseen
        arrows = default_catalogue().search_count("arrow")
        assert shown.startswith(f"1 in the bag · 48 of {arrows}"), shown  # the total kept
        full = app.browser.search_state.status
        assert "more" in full and "more" not in shown  # the hint gave way first


async def test_icons_in_the_bag_never_hide_the_count_of_a_filtered_search(make_app):
    app = make_app(view="gallery")
    async with app.run_test(size=SMALL) as pilot:
        await results_focused(pilot, "arrow")
        await pilot.press("space", "right", "space")
        await wait_until(pilot, lambda: len(app.browser.bag) == 2, "two in the bag")
        app.query_one("#search-input", Input).value = "arrow style:filled"  # every page: a long status
        await wait_until(pilot, lambda: "all loaded" in app.browser.search_state.status, "every page in")
        await pilot.pause()
        status = shown_text(app.query_one("#search-status", Static))
        full = app.browser.search_state.status
        count = full.split(" · ")[0]
        assert count.endswith(" shown") and status.startswith(count), (status, full)
        # A batch running is what the person asked for: its progress outranks the count.
        app.query_one("SearchBar").show_bag("bag: 1 of 2 done", busy=True)
        await pilot.pause()
        assert shown_text(app.query_one("#search-status", Static)).startswith("bag: 1 of 2 done")


async def test_grouped_the_variants_stay_on_screen_at_80_by_24(make_app):
    app = make_app(view="gallery", group=True)
    async with app.run_test(size=SMALL) as pilot:
        await results_focused(pilot)
        detail = app.query_one(DetailPane)
        await wait_until(pilot, lambda: detail.group is not None and detail.icon is not None, "the group's members")
        await pilot.pause()
        box = app.query_one("#detail-variants-box")
        icon = detail.icon
        assert inside(box.region, detail.content_region)
        assert box.region.height >= 1 + len(icon.variants), (box.region, len(icon.variants))  # title and each variant


async def test_the_detail_says_the_whole_category_at_120_columns(make_app):
    app = make_app(view="gallery")
    async with app.run_test(size=(120, 36)) as pilot:
        await results_focused(pilot)
        refs = app.query_one("#detail-refs", Static)
        await pilot.pause()
        lines = [strip.text for strip in refs.render_lines(Region(0, 0, refs.size.width, refs.size.height))]
        assert any("Category Communication" in line and "…" not in line for line in lines), lines


async def test_help_text_wraps_under_its_description(make_app):
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await results_focused(pilot)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        await pilot.pause()
        table = app.screen.query_one("#help-table", Static)
        lines = [strip.text for strip in table.render_lines(Region(0, 0, table.size.width, table.size.height))]
        column = lines[0].index("type to search")  # where the descriptions start
        continued = [line for line in lines if line.strip() and not line[:column].strip()]
        assert continued, "some description wraps at 80 columns"
        assert all(line[column] != " " for line in continued), continued  # under the description, not the keys
        assert not [line for line in lines if line.strip() and line[:column].strip() and " " not in line[:column]]


@pytest.mark.parametrize("width", [60, 80])
async def test_the_footer_leaves_keys_out_rather_than_cut_one(make_app, width):
    """Over the facet panel at 80 columns, "^o Connect" was cut to "^o C": now the rightmost keys
    go, whole, and ^q Quit stays."""
    from textual.widgets._footer import FooterKey

    app = make_app(view="gallery")
    async with app.run_test(size=(width, 24)) as pilot:
        await results_focused(pilot, "arrow")
        await pilot.press("f")
        await wait_until(pilot, lambda: app.query_one("#facets").display, "the facet panel")
        await pilot.pause()
        await pilot.pause()
        keys = [key for key in app.screen.query(FooterKey) if not key.has_class("-command-palette")]
        palette = app.screen.query_one("FooterKey.-command-palette")
        assert any(key.action == "quit_anywhere" for key in keys)
        assert any(key.description == "Choose" for key in keys)  # the panel's own key, first
        assert max(key.region.right for key in keys) <= palette.region.x, [(k.description, k.region) for k in keys]


def test_keys_that_fit_drop_the_rightmost_but_never_quit() -> None:
    from iconcat.tui.widgets.steady_footer import keys_that_fit

    keys = [("a", "a", "Alpha"), ("quit_anywhere", "^q", "Quit"), ("c", "^o", "Connect"), ("d", "?", "Keys")]
    assert keys_that_fit(keys, 100) == [0, 1, 2, 3]
    assert keys_that_fit(keys, 19) == [0, 1]  # "a Alpha ^q Quit " is 16; Connect would make 27
    assert keys_that_fit(keys, 3) == [1]  # too narrow for anything but the way out


def test_keys_that_fit_drop_the_tiles_key_before_any_other_wherever_it_stands() -> None:
    from iconcat.tui.widgets.steady_footer import keys_that_fit

    keys = [("bigger_tiles", "+", "Tiles"), ("a", "a", "Alpha"), ("quit_anywhere", "^q", "Quit"), ("d", "?", "Keys")]
    assert keys_that_fit(keys, 100) == [0, 1, 2, 3]
    assert keys_that_fit(keys, 23) == [1, 2, 3]  # "a Alpha ^q Quit ? Keys " is 23: "+ Tiles" goes, "? Keys" stays
    assert keys_that_fit(keys, 16) == [1, 2]


@pytest.mark.parametrize("size", [SMALL, (120, 36)])
async def test_a_notice_never_covers_the_search_box_or_its_status(make_app, size):
    from textual.widgets._toast import Toast

    app = make_app()
    async with app.run_test(size=size, notifications=True) as pilot:  # (off by default in tests)
        await results_focused(pilot)
        await pilot.press("asterisk")  # "★ Bell is a favourite…": a notice of several lines
        await wait_until(pilot, lambda: bool(app.screen.query(Toast)), "the notice")
        await pilot.pause()
        status = app.screen.query_one("#search-status").region
        box = app.screen.query_one("#search-input").region
        for toast in app.screen.query(Toast):
            assert not toast.region.overlaps(status) and not toast.region.overlaps(box), (toast.region, status)
