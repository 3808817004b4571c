"""Group by name in the browser: `g` shows one entry per name with its count; the detail pane's member
tiles reach every member, and Enter or d download the chosen one; filters apply before grouping; `g`
again keeps the highlight on the same icon."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from iconcat.browsing.grouping import group_icons
from iconcat.tui.connection import Connection
from iconcat.tui.screens import VariantPicker
from iconcat.tui.widgets import DetailPane, Gallery, ResultsArea, ResultsList
from iconcat.tui.widgets.detail_pane import MemberGallery
from iconcat.tui.widgets.results_list import IconRow
from tests.conftest import TEST_TOKEN
from tests.support.tui import SIZE, gallery_tiles_drawn, search, serving, shown_text, wait_until


def row_texts(results: ResultsList) -> list[str]:
    """The name column of every row (a group's "Arrow Up · 17")."""
    rows = [results.get_option_at_index(index).prompt for index in range(results.option_count)]
    assert all(isinstance(row, IconRow) for row in rows)
    return [row.texts[0] for row in rows]  # type: ignore[union-attr]


async def group_now(pilot) -> None:
    """Press g over the results and wait for the groups."""
    app = pilot.app
    area = app.query_one(ResultsArea)
    area.active.focus()
    await pilot.press("g")
    await wait_until(pilot, lambda: area.groups is not None and app.query_one(DetailPane).group is not None, "groups")


async def test_arrow_grouped_shows_one_entry_per_name_with_its_count(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        results = app.query_one(ResultsList)
        flat = results.icons
        await group_now(pilot)
        expected = group_icons(flat)
        assert 1 < len(expected) < len(flat)  # "arrow" gives many rows of a few names
        assert row_texts(results) == [f"{group.name} · {len(group.members)}" for group in expected]
        assert len({text.split(" · ")[0].casefold() for text in row_texts(results)}) == len(expected)
        assert sum(len(group.members) for group in app.query_one(ResultsArea).groups) == len(flat)
        assert results.icons == tuple(group.first for group in expected)
        first = results.get_option_at_index(0).prompt
        assert isinstance(first, IconRow) and first.texts[1:] == (expected[0].styles_text, expected[0].sets_text)
        status = shown_text(app.query_one("#search-status", Static))
        assert status.startswith(f"{len(flat)} of {app.browser.searches.result.total} · {len(expected)} names")
        # The detail shows the first group: its first member's fields, every member as a tile.
        detail = app.query_one(DetailPane)
        assert detail.group.key == expected[0].key and detail.icon == expected[0].first
        members = detail.members
        assert detail.query_one("#detail-members-box").display and members.icons == expected[0].members
        assert shown_text(app.query_one("#detail-members-title", Static)) == expected[0].summary
        # The gallery, once shown, holds the same entries: the group's first member's picture, the name and
        # count under it. (A hidden view is filled when it is shown.)
        app.browser.action_toggle_view()
        await pilot.pause()
        gallery = app.query_one(Gallery)
        assert gallery.icons == results.icons
        assert gallery.tile.labels == 2
        assert gallery.labels.line(0, 0, 40).strip() == expected[0].name
        assert gallery.labels.line(0, 1, 40).strip() == f"× {len(expected[0].members)}"


async def test_every_member_is_reachable_and_the_picker_opens_for_the_chosen_one(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        await group_now(pilot)
        results, detail = app.query_one(ResultsList), app.query_one(DetailPane)
        group = app.query_one(ResultsArea).highlighted_group
        assert group is not None and len(group.members) > 5
        # Enter on the group: its highlighted member, the first one by default.
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker), "the picker for the first member")
        assert app.screen.icon == group.first
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.focused is results, "back on the results")
        # → moves into the members; each → highlights the next one, and the fields follow.
        await pilot.press("right")
        members = detail.members
        assert isinstance(members, MemberGallery) and app.focused is members
        seen = [detail.icon.id]
        for _ in group.members[1:]:
            await pilot.press("right")
            seen.append(detail.icon.id)
        assert seen == [member.id for member in group.members]
        assert detail.query_one("#detail-name", Static).visual is not None
        # Every member has a picture in its tile, fetched through the shared loader's own channel.
        assert "members" in app.browser.previews._channels
        await pilot.press("home")
        await wait_until(pilot, lambda: gallery_tiles_drawn(members), "the members' pictures")
        # Enter on a member: the picker for that member.
        await pilot.press("right", "right")
        chosen = group.members[2]
        assert detail.icon == chosen
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker), "the picker for the chosen member")
        assert app.screen.icon == chosen
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.focused is members, "back on the members")
        # d there too; then back to the results (esc), where Enter and d mean the member chosen.
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker), "the picker by d")
        assert app.screen.icon == chosen
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.focused is members, "back on the members again")
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.focused is results, "esc: back to the results")
        for key in ("d", "enter"):
            await pilot.press(key)
            await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker), f"the picker by {key}")
            assert app.screen.icon == chosen
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.focused is results, "the results again")
        # Another group: its first member, whatever was chosen in the one before.
        await pilot.press("down")
        following = app.query_one(ResultsArea).highlighted_group
        assert following is not group and detail.icon == following.first
        # Back on the first group, choose its third member again and save it: the member's file.
        await pilot.press("up", "right", "right", "right", "escape")
        await wait_until(pilot, lambda: app.focused is results and detail.icon == chosen, "the member chosen")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker), "the picker")
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.downloads and app.downloads[0].status.finished, "the download")
        assert app.downloads[0].icon == chosen


async def test_tab_moves_into_the_members_from_the_gallery_and_left_moves_back(make_app):
    app = make_app(view="gallery", group=True)
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "star")
        gallery = app.query_one(Gallery)
        await wait_until(pilot, lambda: app.query_one(DetailPane).group is not None, "grouped from the start")
        gallery.focus()
        await pilot.press("tab")
        members = app.query_one(DetailPane).members
        await wait_until(pilot, lambda: app.focused is members, "the members")
        await pilot.press("left")  # from the first column: back
        await wait_until(pilot, lambda: app.focused is gallery, "the gallery again")
        # A double click on a member's tile opens the picker for it.
        await pilot.press("tab")
        await wait_until(pilot, lambda: app.focused is members, "the members again")
        region = members.tile_region(1)
        await pilot.click(members, offset=(region.x + 3, region.y + 2), times=2)
        await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker), "the picker by double click")
        assert app.screen.icon == members.icons[1]


async def test_filters_apply_before_grouping(make_app):
    app = make_app(group=True)
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow style:filled")
        area = app.query_one(ResultsArea)
        await wait_until(pilot, lambda: area.groups is not None, "groups")
        # Filtered, every page is followed (issue 23): the groups grow by each batch as they would whole.
        await wait_until(pilot, lambda: not app.browser.searches.follower.following, "every page in")
        every = app.browser.searches.result.icons
        kept = [icon for icon in every if icon.style.name == "Filled"]
        assert 0 < len(kept) < len(every)
        groups = area.groups
        assert [member.id for group in groups for member in group.members] == [
            icon.id for group in group_icons(kept) for icon in group.members
        ]
        assert all(member.style.name == "Filled" for group in groups for member in group.members)
        assert all(group.styles_text == "Filled" for group in groups)
        status = shown_text(app.query_one("#search-status", Static))
        assert status.startswith(f"{len(kept)} of {len(every)} shown · {len(groups)} names · style:filled")
        detail = app.query_one(DetailPane)
        assert all(member.style.name == "Filled" for member in detail.members.icons)
        # Another filter regroups what it keeps, with no new request.
        box = app.query_one("#search-input")
        box.value = "arrow style:outline"
        await wait_until(
            pilot,
            lambda: area.groups and all(m.style.name == "Outline" for g in area.groups for m in g.members),
            "regrouped",
        )


@pytest.mark.parametrize("view", ["list", "gallery"])
async def test_g_toggles_back_with_the_highlight_on_the_same_icon(make_app, view):
    app = make_app(view=view)
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        area = app.query_one(ResultsArea)
        view_widget = area.active
        view_widget.focus()
        view_widget.highlighted = 20  # a member of some group, not its first
        await pilot.pause()
        icon = view_widget.highlighted_icon
        detail = app.query_one(DetailPane)
        await pilot.press("g")
        await wait_until(pilot, lambda: area.groups is not None, "groups")
        group = area.highlighted_group
        assert group is not None and group.index_of(icon) not in (None, 0)
        assert detail.icon == icon and detail.members.highlighted_icon == icon  # the same icon
        assert app.focused is view_widget
        # Choose another member, then ungroup: the flat results highlight that one.
        await pilot.press("tab")
        await wait_until(pilot, lambda: app.focused is detail.members, "the members")
        await pilot.press("right")
        other = detail.icon
        assert other != icon and group.index_of(other) is not None
        await pilot.press("g")
        await wait_until(pilot, lambda: area.groups is None, "every icon again")
        assert view_widget.highlighted_icon == other and detail.icon == other
        assert detail.group is None and not detail.query_one("#detail-members-box").display
        await wait_until(pilot, lambda: app.focused is view_widget, "the keyboard back on the results")
        assert "members" not in app.browser.previews._channels  # hidden tiles fetch nothing
        # And back again.
        await pilot.press("g")
        await wait_until(pilot, lambda: area.groups is not None, "groups again")
        assert area.highlighted_group.index_of(other) is not None and detail.icon == other


async def test_g_types_in_the_search_box_and_the_palette_groups(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "ang")  # a g in the box is a letter (the key rule), not the command
        assert app.browser.grouped is False and app.query_one(ResultsArea).groups is None
        await app.run_command("toggle_group")
        await pilot.pause()
        assert app.browser.grouped is True and app.query_one(ResultsArea).groups is not None
        assert any(note.title == "Group by name" for note in app._notifications)
        # → over an ungrouped list does nothing (there are no members to move to).
        await app.run_command("toggle_group")
        results = app.query_one(ResultsList)
        results.focus()
        await pilot.press("right")
        assert app.focused is results


async def test_reaching_the_last_group_loads_the_next_page_and_regroups(make_app, download_dir):
    # Pages of 20: the first holds 17 "Arrow Up" and 3 "Arrow Down", so two groups.
    with serving(token=TEST_TOKEN, page_size=20) as small_pages:
        app = make_app(Connection.service(small_pages.base_url, TEST_TOKEN, download_dir), group=True)
        async with app.run_test(size=SIZE) as pilot:
            await search(pilot, "arrow")
            area = app.query_one(ResultsArea)
            await wait_until(pilot, lambda: area.groups is not None, "groups")
            first_page = app.browser.searches.result.icons
            assert sum(len(group.members) for group in area.groups) == len(first_page) == 20
            assert len(area.groups) == 2
            area.active.focus()
            await pilot.press("end")
            await wait_until(pilot, lambda: len(app.browser.searches.result.icons) == 40, "the second page")
            await wait_until(pilot, lambda: sum(len(g.members) for g in area.groups) == 40, "regrouped")
            every = app.browser.searches.result.icons
            assert [group.key for group in area.groups] == [group.key for group in group_icons(every)]
            assert len(area.groups) > 2 and area.active.highlighted == 1  # the place kept: the same name


async def test_a_page_that_adds_no_group_does_not_load_the_next_by_itself(make_app, download_dir):
    # "star" is one name in 17 icons: grouped, the one entry is both highlighted and last. Reaching it
    # loads one page; that page adds no entry, so no further page is fetched until the person asks.
    with serving(token=TEST_TOKEN, page_size=5) as small_pages:
        app = make_app(Connection.service(small_pages.base_url, TEST_TOKEN, download_dir), group=True)
        async with app.run_test(size=SIZE) as pilot:
            await search(pilot, "star")
            await pilot.pause(0.5)
            result = app.browser.searches.result
            assert result is not None and result.can_load_more
            assert len(result.pages_fetched) <= 2
