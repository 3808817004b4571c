"""The sets view (issue 32): `ctrl+s` lists every set served grouped by category, with samples drawn
as pictures; typing narrows the sets; Enter opens one (every icon of it, its categories and styles in
the facet panel, the header naming it); Esc over it goes back with the cursor where it was, in `pick`
too; Esc in the view closes it; at 80×24 it fits; a catalogue that does not list its sets says so."""

from __future__ import annotations

from pathlib import Path

from iconcat.browsing.picking import PickRequest
from iconcat.browsing.sets_view import grouped
from iconcat.catalogue import CatalogueChoice
from iconcat.catalogue.local_sets import LocalSets
from iconcat.demo.catalogue import default_catalogue
from iconcat.tui.connection import Connection
from iconcat.tui.screens.sets import SetsScreen
from iconcat.tui.widgets import FacetPanel, ResultsList, SearchInput
from tests.conftest import TEST_TOKEN
from tests.support.iconsets import iconify_package, iconify_set
from tests.support.misbehaving import MisbehavingServer, Reply
from tests.support.tui import results_settled, wait_until

WIDE = (120, 36)
SMALL = (80, 24)


def demo_sets() -> dict[str, str]:
    """The demo's sets: name → category (its series), as `iconcat sets --demo` lists them."""
    return {served.name: served.category for served in default_catalogue().sets()}


async def open_view(pilot) -> SetsScreen:
    app = pilot.app
    await wait_until(pilot, lambda: app.browser.link.is_ready, "the catalogue open")
    await pilot.press("ctrl+s")
    await wait_until(
        pilot, lambda: isinstance(app.screen, SetsScreen) and app.screen.sets is not None, "the sets listed"
    )
    await pilot.pause()
    return app.screen


def names_shown(view: SetsScreen) -> list[str]:
    return [summary.name for summary in view.board.board_layout.entries]


def headings(view: SetsScreen) -> list[str]:
    return [line.heading for line in view.board.board_layout.lines if line.heading is not None]


async def test_ctrl_s_lists_every_set_grouped_by_category_and_enter_opens_one(make_app) -> None:
    categories = demo_sets()
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        header_before = app.sub_title
        view = await open_view(pilot)
        assert sorted(names_shown(view)) == sorted(categories)
        by_category = sorted(set(categories.values()), key=str.casefold)
        assert [heading.split(" · ")[0] for heading in headings(view)] == by_category
        # Each group's sets are of its category.
        for summary in view.board.board_layout.entries:
            assert summary.category == categories[summary.name]
        await pilot.press("down")
        chosen = view.board.highlighted_set
        assert chosen is not None
        await pilot.press("enter")
        await wait_until(pilot, lambda: "all loaded" in app.browser.search_state.status, "the set listed")
        assert not isinstance(app.screen, SetsScreen)
        assert app.query_one(SearchInput).value == f'set:"{chosen.name}"'
        expected = [icon.id for icon in default_catalogue().search("") if icon.set_ref.name == chosen.name]
        assert [icon.id for icon in app.query_one(ResultsList).icons] == expected
        assert app.sub_title == f"{header_before} · set {chosen.name}"
        facets = app.query_one(FacetPanel)
        assert facets.display, "the set's categories and styles are in the facet panel"
        await wait_until(pilot, lambda: facets._facets.get("style"), "style counts")
        assert sum(value.count for value in facets._facets["style"]) == len(expected)
        assert sum(value.count for value in facets._facets["category"]) == len(expected)
        assert app.browser.focused is not None and app.browser.focused is not app.query_one(SearchInput)


async def test_esc_over_a_set_opened_goes_back_with_the_cursor_kept_and_esc_closes_the_view(make_app) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        view = await open_view(pilot)
        await pilot.press("down", "down")
        chosen = view.board.highlighted_set
        await pilot.press("enter")
        await wait_until(pilot, lambda: results_settled(app) and app.query_one(ResultsList).icons, "the set listed")
        app.browser.action_focus_results()
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, SetsScreen), "the sets again")
        await wait_until(pilot, lambda: app.screen.sets is not None, "the sets shown")
        await pilot.pause()
        assert app.screen.board.highlighted_set == chosen, "the cursor where it was"
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, SetsScreen), "the view closed")
        assert app.query_one(SearchInput).value == f'set:"{chosen.name}"', "the browser as it was"


async def test_the_view_opened_again_after_esc_starts_with_an_empty_box_on_the_same_set(make_app) -> None:
    """Esc closes the view for good: `ctrl+s` then opens it afresh, every set listed and what is typed
    narrowing from nothing (the words kept, "lucide" then "mdi" read "lucidemdi": no set), the cursor on
    the set last highlighted (session 37's walk in tmux)."""
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        view = await open_view(pilot)
        every = names_shown(view)
        await pilot.press("down", "down")
        chosen = view.board.highlighted_set
        assert chosen is not None
        first_word = chosen.name.split()[0].lower()
        await pilot.press(*first_word)
        await wait_until(pilot, lambda: names_shown(view) != every, "narrowed by the typing")
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, SetsScreen), "the view closed")
        view = await open_view(pilot)
        assert view.typed == ""
        assert names_shown(view) == every
        assert view.board.highlighted_set == chosen


async def test_another_search_closes_the_set_and_the_header_no_longer_names_it(make_app) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        header_before = app.sub_title
        await open_view(pilot)
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.browser.sets_view.opened is not None, "a set opened")
        assert app.sub_title != header_before
        app.browser.start_search("arrow", immediate=True)
        await wait_until(pilot, lambda: results_settled(app), "arrow searched")
        assert app.sub_title == header_before
        app.browser.action_focus_results()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SetsScreen), "no set is open: Esc does not bring the sets back"


async def test_typing_narrows_the_sets_by_name_category_and_licence(make_app) -> None:
    categories = demo_sets()
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        view = await open_view(pilot)
        await pilot.press(*"pict")  # the Signal set's category, Pictograms
        await pilot.pause()
        assert names_shown(view) == [name for name, category in categories.items() if category == "Pictograms"]
        await pilot.press(*["backspace"] * 4, *"line pro studio")
        await pilot.pause()
        assert names_shown(view) == ["Studio"]
        await pilot.press(*"zz")
        await pilot.pause()
        assert names_shown(view) == []
        assert "none of" in str(view.query_one("#sets-title").render())


async def test_in_pick_esc_goes_back_to_the_sets_then_closes_them_then_leaves(make_app) -> None:
    app = make_app(pick=PickRequest(fmt="svg"))
    async with app.run_test(size=WIDE) as pilot:
        await open_view(pilot)
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: app.browser.sets_view.opened is not None, "a set opened")
        chosen = app.browser.sets_view.opened
        app.browser.action_focus_results()
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, SetsScreen), "the sets again, not leaving")
        await wait_until(pilot, lambda: app.screen.sets is not None, "the sets shown")
        await pilot.pause()
        assert app.is_running and app.screen.board.highlighted_set == chosen
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, SetsScreen), "the view closed")
        assert app.is_running, "Esc in the sets closes them, the pick goes on"
        await pilot.press("escape")
        await wait_until(pilot, lambda: not app.is_running, "the pick left")
    assert (app.return_code, app.picked) == (1, [])


async def test_at_80x24_the_view_fits_with_whole_sets_and_their_samples_drawn(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        view = await open_view(pilot)
        board = view.board
        for widget in (
            view.query_one("#sets-title"),
            view.query_one("#sets-filter"),
            board,
            view.query_one("#sets-keys"),
        ):
            region = widget.region
            assert region.width > 0 and region.height > 0 and region.right <= SMALL[0] and region.bottom <= SMALL[1]
        assert board.region.height >= 10
        assert board.pictures_per_row() == 5, "five samples beside the words at 80 columns"
        shown = board.sets_in_view()
        assert shown, "a set on screen"
        spec = board.render_spec()

        def drawn() -> bool:
            for index in shown:
                icons = view._source.samples(board.board_layout.entries[index])
                if not icons:
                    return False
                for icon in icons[: board.pictures_per_row()]:
                    if board.loader.tile(spec.key(icon.id)) is None:
                        return False
            return True

        await wait_until(pilot, drawn, "every sample on screen drawn")
        # The last column of every line is the board's own: nothing drawn past the screen.
        for y in range(board.region.height):
            assert board.render_line(y).cell_length == board.scrollable_content_region.width


async def test_a_catalogue_that_does_not_list_its_sets_says_so_in_one_line(make_app, download_dir) -> None:
    with MisbehavingServer() as server:
        server.on("/api/v1/search", Reply.json({"data": [], "meta": {"moreResultsAvailable": False}}))
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert not isinstance(app.screen, SetsScreen)
            notices = [notice.message for notice in app._notifications]
            assert any("does not list its sets" in message and "\n" not in message for message in notices)
        assert server.requests_for("/api/v1/sets") == []


def iconify_sets_connection(tmp_path: Path, download_dir: Path) -> Connection:
    folders = []
    for prefix, name, licence in (("tabler", "Tabler Icons", "MIT"), ("game", "Game Icons", "CC-BY-3.0")):
        icons = {f"{prefix}-icon-{number}": {} for number in range(8)}
        data = iconify_set(prefix, icons)
        info = {"name": name, "category": "UI 24px", "license": {"title": licence, "spdx": licence}, "samples": []}
        folders.append(str(iconify_package(tmp_path / prefix, data, info=info).parent))
    return Connection.chosen(CatalogueChoice.sets(LocalSets(tuple(folders))), download_dir)


async def test_over_iconify_sets_a_set_opens_by_its_prefix_and_licences_narrow(
    make_app, tmp_path, download_dir
) -> None:
    app = make_app(iconify_sets_connection(tmp_path, download_dir))
    async with app.run_test(size=WIDE) as pilot:
        view = await open_view(pilot)
        assert sorted(names_shown(view)) == ["Game Icons", "Tabler Icons"]
        await pilot.press(*"cc-by")
        await pilot.pause()
        assert names_shown(view) == ["Game Icons"]
        await wait_until(pilot, lambda: view._source.samples(view.board.highlighted_set), "the samples found")
        samples = view._source.samples(view.board.highlighted_set)
        assert samples and all(icon.iconify and icon.iconify.startswith("game:") for icon in samples)
        await pilot.press("enter")
        await wait_until(pilot, lambda: results_settled(app) and app.query_one(ResultsList).icons, "the set listed")
        assert app.query_one(SearchInput).value == "set:game"
        assert {icon.iconify for icon in app.query_one(ResultsList).icons} == {f"game:game-icon-{n}" for n in range(8)}


async def test_the_empty_box_offers_the_sets_in_one_line(make_app) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert "ctrl+s" in app.browser.search_state.explanation
        assert app.browser.search_state.offers_sets


async def test_a_sets_strings_are_shown_literally_never_as_markup(make_app, tmp_path, download_dir) -> None:
    name, category, author = "[bold red]Evil[/] \x1b[31mset", "[link=https://x.example]Cat[/link]", "[i]me\u202e"
    data = iconify_set("evil", {"one": {}, "two": {}})
    info = {"name": name, "category": category, "author": {"name": author}, "license": {"title": "[b]MIT[/b]"}}
    folder = iconify_package(tmp_path / "evil", data, info=info).parent
    connection = Connection.chosen(CatalogueChoice.sets(LocalSets((str(folder),))), download_dir)
    app = make_app(connection)
    async with app.run_test(size=WIDE) as pilot:
        view = await open_view(pilot)
        board = view.board
        drawn = "\n".join(board.render_line(y).text for y in range(board.region.height))
        assert "[bold red]Evil[/]" in drawn
        assert "[link=https://x.example]Cat[/link]" in drawn
        assert "[b]MIT[/b]" in drawn
        assert "\x1b" not in drawn and "\u202e" not in drawn


async def test_opening_a_set_at_80x24_leaves_the_results_their_width(make_app) -> None:
    app = make_app(view="gallery")
    async with app.run_test(size=SMALL) as pilot:
        await open_view(pilot)
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.browser.sets_view.opened is not None and results_settled(app), "open")
        assert not app.query_one(FacetPanel).display, "f opens the filters: here they would leave no room"
        assert app.query_one("#gallery").region.width >= 30


async def test_letters_typed_in_the_same_read_as_ctrl_s_all_narrow_the_sets(make_app) -> None:
    from textual import events

    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await wait_until(pilot, lambda: app.browser.link.is_ready, "the catalogue open")
        for key, character in (("ctrl+s", None), ("s", "s"), ("i", "i"), ("g", "g")):
            event = events.Key(key, character)  # through the driver, as a terminal's one read of four keys
            event.set_sender(app)
            app._driver.send_message(event)
        await wait_until(pilot, lambda: isinstance(app.screen, SetsScreen) and app.screen.sets, "the sets listed")
        await pilot.pause()
        assert app.screen.typed == "sig", "the first letter too, read before the view's box was there"
        assert names_shown(app.screen) == ["Signal"]
        assert app.query_one(SearchInput).value == "", "none went to the search box under the view"


async def test_ctrl_s_arrows_and_enter_in_one_read_open_the_set_they_reach(make_app) -> None:
    from textual import events

    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await wait_until(pilot, lambda: app.browser.link.is_ready, "the catalogue open")
        for key in ("ctrl+s", "down", "down", "enter"):  # before the view is composed, before its sets come
            event = events.Key(key, None)
            event.set_sender(app)
            app._driver.send_message(event)
        await wait_until(pilot, lambda: app.browser.sets_view.opened is not None, "a set opened")
        groups = [summary.name for group in grouped(app.browser.sets_view.sets) for summary in group.sets]
        assert app.browser.sets_view.opened.name == groups[2], "the third set: two moves down from the first"
        assert not isinstance(app.screen, SetsScreen)


async def test_with_pictures_off_the_samples_are_named_and_nothing_is_fetched(make_app) -> None:
    app = make_app(thumbnail_mode="text")
    async with app.run_test(size=WIDE) as pilot:
        view = await open_view(pilot)
        board = view.board
        assert board.pictures_per_row() == 0
        first = board.board_layout.entries[0]
        drawn = "\n".join(board.render_line(y).text for y in range(board.region.height))
        assert " ".join(first.samples[:2]) in drawn
        assert "sets" not in board.loader._channels, "no picture wanted"
