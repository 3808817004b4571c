"""Results of the search before, while a search for other words is in flight: dimmed, quoted in the
status, and not to be acted on (issue 21, item 6). The newer search is held at the server, never raced."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Static

from iconcat.browsing.search_state import SearchPhase, SearchState
from iconcat.browsing.stale_results import StaleResults, same_words
from iconcat.memory import Memory
from iconcat.tui.connection import Connection
from iconcat.tui.screens import VariantPicker
from iconcat.tui.widgets import Gallery, ResultsArea, SearchInput
from tests.conftest import TEST_TOKEN
from tests.support.tui import SIZE, HeldRequests, holding, results_settled, search, shown_text, wait_until


def notices(app) -> list[str]:
    return [str(note.message) for note in app._notifications]


async def test_keys_behind_enter_wait_for_the_new_words_and_the_answer_highlights_its_first(make_app, download_dir):
    held = HeldRequests(TEST_TOKEN, "/api/v1/search", query="name=home")
    with holding(held) as slow:
        app = make_app(Connection.service(slow.base_url, TEST_TOKEN, download_dir), view="gallery")
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
            await search(pilot, "bell")
            gallery = app.query_one(Gallery)
            assert app.query_one(ResultsArea).active is gallery and not gallery.stale
            box = app.query_one(SearchInput)
            # `home ⏎ ↓ ⏎` in one read (over "bell"): the second Enter lands on Bell's tiles, not Home's.
            burst = [("backspace", None)] * 4 + [(letter, letter) for letter in "home"] + [("enter", None)]
            for key, character in burst:
                app.post_message(events.Key(key, character))
            app.post_message(events.Key("down", None))
            app.post_message(events.Key("enter", None))
            await wait_until(pilot, lambda: held.in_flight == 1, "the search for home at the server")
            await wait_until(pilot, lambda: any("Wait for home's results" in said for said in notices(app)), "a wait")
            assert not any(isinstance(screen, VariantPicker) for screen in app.screen_stack)
            # While home's answer is held: dimmed, the status says what is searched, and d, space, *
            # and ctrl+a do nothing to Bell's icons.
            assert app.browser.search_state.phase is SearchPhase.SEARCHING
            assert shown_text(app.query_one("#search-status", Static)) == "searching home…"
            assert gallery.stale and gallery.icons and all("bell" in icon.name.lower() for icon in gallery.icons)
            faded = gallery.get_component_styles("gallery--stale").text_opacity
            assert 0 < faded < 1 and gallery._fade == faded  # the names are drawn at that opacity
            waits = len(notices(app))
            refused = []
            original = app.browser.stale.refuse
            app.browser.stale.refuse = lambda: refused.append(original()) or refused[-1]
            for key, character in [("d", "d"), ("space", " "), ("asterisk", "*"), ("ctrl+a", None)]:
                app.post_message(events.Key(key, character))
            await wait_until(pilot, lambda: len(refused) == 4, "the four commands asked")
            assert refused == [True] * 4
            assert len(notices(app)) == waits  # said once while its toast shows, not once per key
            assert not any(isinstance(screen, VariantPicker) for screen in app.screen_stack)
            assert len(app.browser.bag) == 0
            assert Memory.open(app.connection.memory_key).favourites() == ()
            assert box.value == "home"  # (the keys were commands over the results, not typed)
            held.release()
            await wait_until(pilot, lambda: results_settled(app) and app.browser.search_state.query == "home", "home")
            assert not gallery.stale
            assert all("home" in icon.name.lower() for icon in gallery.icons)
            assert gallery.highlighted == 0 and gallery.highlighted_icon == gallery.icons[0]
            # Home's own results are acted on at once.
            app.browser.action_focus_results()
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker), "the picker, on Home")
            assert app.screen.icon == gallery.icons[0]


async def test_filter_words_and_the_same_words_again_leave_the_results_current(make_app, download_dir):
    # One page holds every arrow: a filter follows every page (issue 23), and a held next page would
    # count as "arrow asked again" (CI met that race).
    held = HeldRequests(TEST_TOKEN, "/api/v1/search", query="name=arrow", page_size=500)
    with holding(held) as slow:
        app = make_app(Connection.service(slow.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            held.release()
            await search(pilot, "arrow")
            held._released.clear()  # the next search for arrow is held
            app.query_one(SearchInput).focus()
            await pilot.press(*" style:filled")  # filter words: the results filtered, nothing sent
            await wait_until(pilot, lambda: app.browser.filters.text == "style:filled", "the filter applied")
            assert app.browser.stale.refuse() is False
            app.browser.action_search_again()  # ctrl+r: the same words again, held
            await wait_until(pilot, lambda: held.in_flight == 1, "arrow asked again")
            assert app.browser.search_state.phase is SearchPhase.SEARCHING
            assert app.browser.stale.refuse() is False
            assert not app.query_one(ResultsArea).active.stale
            held.release()
            await wait_until(pilot, lambda: results_settled(app), "arrow again")


@pytest.mark.parametrize(
    ("shown", "phase", "query", "box", "asked", "waiting"),
    [
        ("bell", SearchPhase.SEARCHING, "home", "home", "home", "home"),
        ("bell", SearchPhase.RESULTS, "bell", "home", "bell", "home"),  # typed, not settled yet
        ("bell", SearchPhase.SEARCHING, "Bell ", "bell", "bell", ""),  # the same words, sent again
        ("bell", SearchPhase.RESULTS, "bell", "", "bell", ""),  # emptied: the remembered icons, no request
        ("", SearchPhase.SEARCHING, "home", "home", "home", "home"),  # over the remembered icons
        ("bell", SearchPhase.FAILED, "home", "home", "home", ""),  # nothing on its way
    ],
)
def test_which_words_are_waited_for(shown, phase, query, box, asked, waiting):
    stale = StaleResults()
    stale.showing(shown)
    state = SearchState(phase, query)
    assert stale.waiting_for(state, box, asked) == waiting
    assert stale.dimmed(state) == (phase is SearchPhase.SEARCHING and not same_words(query, shown))
