"""The status line shortens by priority (issue 21, item 17): problems stay, then what the person just
did, then counts, then details; hints go first, said shorter before they go."""

from __future__ import annotations

from rich.cells import cell_len

from iconcat.browsing.search_state import SearchPhase, SearchState
from iconcat.browsing.status_line import Priority, StatusPart, fit_status, join_status

BAG = StatusPart("3 in the bag", Priority.ACTION)


def test_the_whole_line_when_it_fits():
    parts = (BAG, *SearchState(SearchPhase.RESULTS, "arrow", count=48, groups=9).status_parts)
    assert fit_status(parts, 80) == join_status(parts) == "3 in the bag · 48 icons · 9 names"
    assert fit_status(parts, 0) == join_status(parts)  # no width known yet


def test_hints_go_first_then_details_then_counts():
    state = SearchState(
        SearchPhase.RESULTS, "arrow", count=48, groups=9, filters_text="style:filled", shown=12, can_load_more=True
    )
    parts = (BAG, *state.status_parts)
    whole = join_status(parts)
    assert whole == "3 in the bag · 12 of 48 shown · 9 names · style:filled · more: reach the last to load them"
    assert fit_status(parts, 60) == "3 in the bag · 12 of 48 shown · 9 names · style:filled"
    assert fit_status(parts, 40) == "3 in the bag · 12 of 48 shown · 9 names"  # the later detail first
    assert fit_status(parts, 30) == "3 in the bag · 12 of 48 shown"
    assert fit_status(parts, 14) == "3 in the bag"  # what the person just did outranks the counts
    assert fit_status(parts, 8) == "3 in th…"  # alone and too long: cut, never wrapped


def test_problems_outlast_everything():
    offline = SearchState(SearchPhase.RESULTS, "arrow", count=48, offline_from="14:02", can_load_more=True)
    parts = (BAG, *offline.status_parts)
    assert fit_status(parts, 28) == "offline · from 14:02"
    assert fit_status((BAG, *SearchState(SearchPhase.UNREACHABLE).status_parts), 24) == "catalogue unreachable"


def test_a_hint_says_itself_shorter_before_it_goes():
    state = SearchState(
        SearchPhase.RESULTS, "arrow", count=5, more_available=True, hint="arrow up, arrow down, arrow left"
    )
    parts = state.status_parts
    assert join_status(parts).endswith("more results exist: refine your search (try: arrow up, arrow down, arrow left)")
    assert fit_status(parts, 50) == "5 icons · more exist, try: arrow up, arrow down"
    assert fit_status(parts, 36) == "5 icons · more exist, try: arrow up"
    assert fit_status(parts, 34) == "5 icons · more: refine your search"
    assert fit_status(parts, 28) == "5 icons"
    for width in range(1, 90):
        assert cell_len(fit_status(parts, width)) <= width


def test_a_search_waiting_for_the_index_says_so_shorter_in_a_short_line():
    state = SearchState(SearchPhase.SEARCHING, "arrow", waiting_for="the index", waiting_progress="40 of 243 sets")
    parts = state.status_parts
    assert join_status(parts) == "arrow: waiting for the index (40 of 243 sets)…"
    assert fit_status(parts, 40) == "arrow: waiting for the index…"
    assert fit_status(parts, 28) == "waiting for the index…"  # (the header says how far it has come)
    assert state.explanation.startswith("Waiting for the index (40 of 243 sets): “arrow” is searched as soon as")
    assert SearchState(SearchPhase.SEARCHING, "arrow").status == "searching arrow…"


def test_the_count_says_how_many_matched_at_every_width_and_goes_last():
    """The catalogue counted 173 and 48 are loaded: "48 of 173" at any width, said shorter rather than
    lose the total; the hints and details go before it (the bag's note too, unless it is at work)."""
    state = SearchState(SearchPhase.RESULTS, "arrow", count=48, total=173, groups=9, can_load_more=True)
    parts = (StatusPart("1 in the bag", Priority.DETAIL), *state.status_parts)
    assert join_status(parts) == "1 in the bag · 48 of 173 · 9 names · more: reach the last to load them"
    assert fit_status(parts, 40) == "1 in the bag · 48 of 173 · 9 names"
    assert fit_status(parts, 28) == "1 in the bag · 48 of 173"  # 80×24's status: both stay
    assert fit_status(parts, 20) == "48 of 173"
    assert fit_status(parts, 8) == "48/173"
    for width in range(6, 90):
        shown = fit_status(parts, width)
        assert "48" in shown and "173" in shown and cell_len(shown) <= width, (width, shown)
    busy = (StatusPart("bag: 12 of 50 done", Priority.ACTION), *state.status_parts)
    assert fit_status(busy, 28) == "bag: 12 of 50 done · 48/173"  # both said, at 80×24
    whole = SearchState(SearchPhase.RESULTS, "arrow", count=173, total=173, all_loaded=True)
    assert whole.status == "173 icons · all loaded"  # every match loaded: nothing to say "of"
    assert SearchState(SearchPhase.RESULTS, "arrow", count=48).status == "48 icons"  # no total said
