"""Filters see every page (issue 23): while a filter is in force or the facet panel is open, the browser
follows the catalogue's next pages in the background, says how far it is, and each batch of pages costs
the screen its own icons, not all of them again."""

from __future__ import annotations

from textual.widgets import Static

from iconcat.api import SearchResult
from iconcat.api._models import HeldIcons
from iconcat.browsing.filters import FacetTally, Filters
from iconcat.browsing.grouping import Grouping, group_icons
from iconcat.browsing.search_state import SearchPhase, SearchState
from iconcat.tui.connection import Connection
from iconcat.tui.controllers import page_follower
from iconcat.tui.controllers.arrangement import Arrangement
from iconcat.tui.controllers.search_runner import SearchRunner
from iconcat.tui.widgets import DetailPane, FacetPanel, Gallery, ResultsArea, ResultsList
from iconcat.tui.widgets.results_list import IconRow
from tests.conftest import TEST_TOKEN
from tests.support.hostile import icon_entry
from tests.support.misbehaving import MisbehavingServer, Reply
from tests.support.tui import HeldRequests, holding, search, serving, shown_text, wait_until

WIDE = (160, 36)
"""Wide enough for the whole status line (the shortening by priority has tests of its own)."""


def status_of(app) -> str:
    return shown_text(app.query_one("#search-status", Static))


async def every_page_in(pilot, app) -> None:
    await wait_until(pilot, lambda: "all loaded" in app.browser.search_state.status, "every page in")


async def test_a_filter_follows_every_page_and_counts_them_all(make_app, download_dir):
    with serving(token=TEST_TOKEN, page_size=12) as small_pages:
        app = make_app(Connection.service(small_pages.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=WIDE) as pilot:
            await search(pilot, "arrow style:filled")
            await every_page_in(pilot, app)
            result = app.browser.searches.result
            assert result.total is not None and result.total > 36  # (several pages of 12)
            assert len(result.icons) == result.total and not result.more_available
            kept = Filters.of(style="filled").apply(result.icons)
            assert [icon.id for icon in app.query_one(ResultsList).icons] == [icon.id for icon in kept]
            assert status_of(app) == f"{len(kept)} of {result.total} shown · style:filled · all loaded"


async def test_the_status_counts_while_pages_arrive(make_app, download_dir):
    held = HeldRequests(TEST_TOKEN, "/api/v1/search", query="page=", page_size=12)
    with holding(held) as server:
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            app.query_one("#search-input").value = "arrow style:filled"  # (its pages are held: not settled)
            await wait_until(pilot, lambda: held.in_flight == 1, "the second page asked for")
            first = app.browser.searches.result
            shown = len(Filters.of(style="filled").apply(first.icons))
            assert status_of(app) == f"{shown} shown · style:filled · loading 12 of {first.total}…"
            held.release()
            await every_page_in(pilot, app)
            assert held.requests == -(-first.total // 12) - 1  # every page after the first, once


def test_without_a_total_the_status_says_how_many_so_far():
    loading = SearchState(SearchPhase.RESULTS, "arrow", count=96, following=True, filters_text="style:filled", shown=21)
    assert loading.status == "21 shown · style:filled · loading… 96 so far"
    unfiltered = SearchState(SearchPhase.RESULTS, "arrow", count=96, following=True)
    assert unfiltered.status == "96 icons · loading… 96 so far"
    done = SearchState(SearchPhase.RESULTS, "arrow", count=119, all_loaded=True, filters_text="style:filled", shown=21)
    assert done.status == "21 of 119 shown · style:filled · all loaded"


async def test_the_facet_panel_follows_every_page_too(make_app, download_dir):
    with serving(token=TEST_TOKEN, page_size=12) as small_pages:
        app = make_app(Connection.service(small_pages.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=WIDE) as pilot:
            await search(pilot, "arrow")
            assert "more: reach the last to load them" in status_of(app)  # no filter: one page
            app.query_one(ResultsList).focus()
            await pilot.press("f")
            await every_page_in(pilot, app)
            result = app.browser.searches.result
            panel = app.query_one(FacetPanel)
            counts = FacetTally(result.icons).counts(Filters())
            style_rows = [entry for entry in panel.entries if entry is not None and entry[0] == "style"]
            assert style_rows == [("style", value.name) for value in counts["style"]]
            assert sum(value.count for value in counts["style"]) == len(result.icons) == result.total
            assert status_of(app) == f"{result.total} icons · all loaded"


async def test_a_new_search_stops_the_following(make_app, download_dir):
    held = HeldRequests(TEST_TOKEN, "/api/v1/search", query="page=", page_size=12)
    with holding(held) as server:
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            app.query_one("#search-input").value = "arrow style:filled"  # (its pages are held: not settled)
            await wait_until(pilot, lambda: held.in_flight == 1, "the second page asked for")
            follower = app.browser.searches.follower
            assert follower.following
            app.query_one("#search-input").value = "home style:filled"
            await wait_until(pilot, lambda: app.browser.searches.last_query == "home", "the new search")

            def following_arrows() -> bool:
                return any("arrow" in w.description and not w.is_finished for w in app.browser.workers)

            await wait_until(pilot, lambda: not following_arrows(), "the arrows' worker cancelled")
            held.release()
            await every_page_in(pilot, app)  # home's own pages, followed for its filter
            result = app.browser.searches.result
            assert all("home" in icon.name.lower() for icon in result.icons)  # no arrow page landed
            assert all("name=home" in page for page in result.pages_fetched)


async def test_without_a_next_page_the_status_says_what_the_filters_saw(make_app, download_dir):
    icons = [icon_entry(number, f"Arrow {number}", "") for number in range(1, 6)]
    with MisbehavingServer() as server:
        server.on("/api/v1/search", Reply.json({"data": icons, "meta": {"moreResultsAvailable": True}}))
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=WIDE) as pilot:
            await search(pilot, "arrow style:filled")
            whole = app.browser.search_state.status  # (the line itself is shortened: the tooltip has it whole)
            assert "0 of 5 shown · style:filled · filters apply to the 5 the catalogue returned" in whole
            assert status_of(app) == "0 of 5 shown · first 5 only"


def test_at_the_cap_the_status_says_the_counts_are_over_the_first_ten_thousand():
    from iconcat.api._paging import cap_notice

    result = SearchResult(icons=(), more_available=True, paging_stopped=cap_notice(0))
    state = SearchRunner.state_for("arrow", result)
    assert state.capped
    capped = type(state)(
        state.phase.RESULTS,
        "arrow",
        count=10_000,
        more_available=True,
        capped=True,
        filters_text="style:filled",
        shown=9,
    )
    assert "9 of 10,000 shown · style:filled · counts over the first 10,000 — refine the search" in capped.status
    # At 80 columns the status has some 28 cells: the parts give way by priority, the count stays.
    from iconcat.browsing.status_line import fit_status

    assert fit_status(capped.status_parts, 28) == "9 of 10,000 shown"
    loading = type(state)(
        state.phase.RESULTS, "arrow", count=96, total=119, following=True, filters_text="style:filled", shown=21
    )
    assert fit_status(loading.status_parts, 80) == "21 shown · style:filled · loading 96 of 119…"
    assert fit_status(loading.status_parts, 28) == "21 shown · loading 96/119…"


async def test_each_batch_costs_its_own_icons(make_app, download_dir, monkeypatch):
    """Counts the work, not the time: over a ten-page answer, each hand-over filters, groups, shows and
    counts the facets of the batch's icons alone, and the memory keeps the answer once it is whole."""
    monkeypatch.setattr(page_follower, "HAND_OVER_INTERVAL", 0.0)  # every page its own batch: ten of them
    filtered: list[int] = []
    grouped: list[int] = []
    tallied: list[int] = []
    apply, add, tally_add = Filters.apply, Grouping.add, FacetTally.add

    def counting_apply(self, icons):
        icons = list(icons)
        filtered.append(len(icons))
        return apply(self, icons)

    def counting_add(self, icons):
        icons = list(icons)
        grouped.append(len(icons))
        return add(self, icons)

    def counting_tally(self, icons):
        icons = list(icons)
        tallied.append(len(icons))
        return tally_add(self, icons)

    monkeypatch.setattr(Filters, "apply", counting_apply)
    monkeypatch.setattr(Grouping, "add", counting_add)
    monkeypatch.setattr(FacetTally, "add", counting_tally)
    rows: list[int] = []  # each row the list makes (grouped: one a group)
    row_init = IconRow.__init__

    def counting_row(self, *args, **options):
        rows.append(1)
        row_init(self, *args, **options)

    monkeypatch.setattr(IconRow, "__init__", counting_row)
    batches: list[tuple[int, list[int], list[int], list[int], list[int]]] = []
    extend = Arrangement.extend

    def watching_extend(self, results, result, state):
        before = self._arranged
        shown_before = len(results.groups) if results.groups is not None else len(results.active.icons)
        marks = len(filtered), len(grouped), len(tallied), len(rows)
        state = extend(self, results, result, state)
        shown_after = len(results.groups) if results.groups is not None else len(results.active.icons)
        batches.append(
            (
                result.icon_count - before,
                filtered[marks[0] :],
                grouped[marks[1] :],
                tallied[marks[2] :],
                [shown_before, shown_after, len(rows) - marks[3]],
            )
        )
        return state

    monkeypatch.setattr(Arrangement, "extend", watching_extend)
    made_whole: list[int] = []  # each time a result's icons were made into one tuple from the first
    between = HeldIcons.between

    def counting_between(self, start, end):
        if start == 0:
            made_whole.append(end)
        return between(self, start, end)

    monkeypatch.setattr(HeldIcons, "between", counting_between)
    with serving(token=TEST_TOKEN, page_size=12) as small_pages:
        app = make_app(Connection.service(small_pages.base_url, TEST_TOKEN, download_dir), group=True)
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            app.browser.action_toggle_facets()  # the facet panel open, and a filter: both follow every page
            kept: list[tuple[str, object]] = []
            keep_answer = app.browser.remembering.keep_answer
            app.browser.remembering.keep_answer = lambda query, icons: kept.append((query, tuple(icons)))
            app.query_one("#search-input").value = "arrow style:filled"  # at once: no page unfiltered
            await every_page_in(pilot, app)
            app.browser.remembering.keep_answer = keep_answer
            # No page made everything so far into a tuple: only the whole answer, once, to be kept.
            assert [count for count in made_whole if count > 12] == [made_whole[-1]], made_whole
            result = app.browser.searches.result
            assert len(result.pages_fetched) >= 10
            assert len(batches) >= 8  # one hand-over per page, after the first page or two
            for size, filters, groups, tallies, (shown_before, shown_after, rows_made) in batches:
                assert 0 < size <= 12  # a page's icons, not everything so far
                assert filters == [size]
                assert tallies == [size]
                assert len(groups) == 1 and groups[0] <= size  # the batch's icons the filter kept
                assert rows_made == shown_after - shown_before <= size  # a row for each new group, no other
            # Grown batch by batch, the groups are what grouping every icon at once gives.
            every = Filters.of(style="filled").apply(result.icons)
            area = app.query_one(ResultsArea)
            assert [[m.id for m in g.members] for g in area.groups] == [
                [m.id for m in g.members] for g in group_icons(every)
            ]
            listed = app.query_one(ResultsList)
            assert [option.prompt.texts[0] for option in listed.options] == [group.label for group in area.groups]
            assert kept[-1] == ("arrow", result.icons) and len(kept) == 2  # the first page, then once whole
            assert len(kept[0][1]) == 12


async def test_the_list_and_the_gallery_are_appended_to(make_app, download_dir, monkeypatch):
    monkeypatch.setattr(page_follower, "HAND_OVER_INTERVAL", 0.0)
    show, append = ResultsArea.show_icons, ResultsArea.append_icons
    for view in ("list", "gallery"):
        rebuilt: list[int] = []
        appended: list[int] = []

        def counting_show(self, icons, **options):
            rebuilt.append(len(icons))
            return show(self, icons, **options)

        def counting_append(self, icons):
            appended.append(len(icons))
            return append(self, icons)

        monkeypatch.setattr(ResultsArea, "show_icons", counting_show)
        monkeypatch.setattr(ResultsArea, "append_icons", counting_append)
        with serving(token=TEST_TOKEN, page_size=12) as small_pages:
            app = make_app(Connection.service(small_pages.base_url, TEST_TOKEN, download_dir), view=view)
            async with app.run_test(size=WIDE) as pilot:
                await pilot.pause()
                rebuilt.clear()  # (the empty screen's)
                app.query_one("#search-input").value = "arrow style:filled"
                await every_page_in(pilot, app)
                area = app.query_one(ResultsArea)
                every = Filters.of(style="filled").apply(app.browser.searches.result.icons)
                assert [icon.id for icon in area.active.icons] == [icon.id for icon in every]
                # Shown whole once (the first page), then only appended to.
                assert len(rebuilt) == 1 and rebuilt[0] <= 12
                assert len(appended) >= 8 and all(count <= 12 for count in appended)
                assert sum(appended) + rebuilt[0] == len(every)
                area.view = "gallery" if view == "list" else "list"  # the other view gets them all
                await pilot.pause()
                assert [icon.id for icon in area.active.icons] == [icon.id for icon in every]


async def test_grouped_the_gallery_relabels_the_groups_that_grew(make_app, download_dir, monkeypatch):
    monkeypatch.setattr(page_follower, "HAND_OVER_INTERVAL", 0.0)
    rebuilt: list[int] = []
    show = Gallery.show_icons

    def counting_show(self, icons, **options):
        if self.id == "gallery":  # the results' (not the detail's members)
            rebuilt.append(len(icons))
        return show(self, icons, **options)

    monkeypatch.setattr(Gallery, "show_icons", counting_show)
    with serving(token=TEST_TOKEN, page_size=12) as small_pages:
        app = make_app(Connection.service(small_pages.base_url, TEST_TOKEN, download_dir), view="gallery")
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            app.browser.action_toggle_group()
            app.query_one("#search-input").value = "arrow style:filled"
            await every_page_in(pilot, app)
            gallery = app.query_one(Gallery)
            groups = group_icons(Filters.of(style="filled").apply(app.browser.searches.result.icons))
            assert [icon.id for icon in gallery.icons] == [group.first.id for group in groups]
            # Every tile reads its group's name and its whole count (grown batch by batch).
            width = gallery.tile.columns
            assert [gallery.labels.line(i, 1, width).strip() for i in range(len(groups))] == [
                f"× {len(group.members)}" for group in groups
            ]
            assert any(len(group.members) > 1 for group in groups)
            assert len([count for count in rebuilt if count]) == 1  # shown whole once (the first page), then grown
            # The detail follows the highlighted group as it grows: all its members.
            detail = app.query_one(DetailPane)
            assert [icon.id for icon in detail.members.icons] == [icon.id for icon in groups[0].members]


async def test_a_page_that_fails_ends_the_following_with_a_notice_and_keeps_the_icons(make_app, download_dir):
    with MisbehavingServer() as server:
        meta = {"moreResultsAvailable": True, "next": server.url("/api/v1/search?name=arrow&page=2")}
        first = Reply.json({"data": [icon_entry(1, "Arrow Up", "")], "meta": meta})
        server.on("/api/v1/search", first, Reply.json({"error": "gone"}, status=404))
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=WIDE) as pilot:
            app.query_one("#search-input").value = "arrow style:filled"
            await wait_until(
                pilot,
                lambda: any("Could not load more results" in str(note.message) for note in app._notifications),
                "the notice",
            )
            assert not app.browser.searches.follower.following
            assert [icon.id for icon in app.browser.searches.result.icons] == [1]
            # The icons so far stay; reaching the last (or the next filter) tries again from there.
            assert "more: reach the last to load them" in app.browser.search_state.status
