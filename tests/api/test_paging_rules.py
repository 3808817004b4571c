"""The paging rules as plain functions (`iconcat.api._paging`), without a server: which next page the
client may follow, and the pages so far as one result. `test_paging.py` walks them over HTTP."""

from __future__ import annotations

import httpx

from iconcat.api import SearchResult
from iconcat.api._auth import Origin
from iconcat.api._paging import merge_page, page_key, vet_next
from tests.support.icons import icon

PAGE = httpx.URL("https://catalogue.example/api/v1/search?name=arrow")
ORIGIN = Origin.of(PAGE)


def test_a_relative_next_page_on_the_catalogue_is_followed_without_userinfo_or_fragment():
    target, refusal = vet_next(
        "https://me:pw@catalogue.example/api/v1/search?name=arrow&page=2#x", PAGE, (), origin=ORIGIN
    )
    assert refusal == "" and str(target) == "https://catalogue.example/api/v1/search?name=arrow&page=2"
    target, refusal = vet_next("?name=arrow&page=2", PAGE, (), origin=ORIGIN)
    assert refusal == "" and target is not None and target.params["page"] == "2"


def test_a_next_page_elsewhere_a_loop_or_a_bad_address_is_refused_with_a_reason():
    target, refusal = vet_next("https://elsewhere.example/p2", PAGE, (), origin=ORIGIN)
    assert target is None and "another site (https://elsewhere.example" in refusal
    # The same query in another order is the same page: a loop.
    fetched = (page_key(httpx.URL("https://catalogue.example/api/v1/search?page=2&name=arrow")),)
    target, refusal = vet_next("?name=arrow&page=2", PAGE, fetched, origin=ORIGIN)
    assert target is None and "a loop" in refusal
    target, refusal = vet_next("https://[bad/", PAGE, (), origin=ORIGIN)
    assert target is None and "not a valid http(s) URL" in refusal


def test_pages_merge_without_repeats_and_stop_at_the_cap():
    first_icons = (icon("A"), icon("B"))
    first = merge_page(
        None, SearchResult(first_icons, True, next_page="?page=2"), PAGE, origin=ORIGIN, max_icons_held=3
    )
    assert first.next_page == "https://catalogue.example/api/v1/search?page=2" and first.paging_stopped is None
    second_page = SearchResult((first_icons[1], icon("C"), icon("D")), True, next_page="?page=3")
    second = merge_page(first, second_page, httpx.URL(first.next_page), origin=ORIGIN, max_icons_held=3)
    assert [each.name for each in second.icons] == ["A", "B", "C"]  # B repeated: skipped; D over the cap
    assert second.skipped == 1 and second.next_page is None and second.more_available
    assert second.paging_stopped is not None and "at most 3 icons" in second.paging_stopped
    repeat = merge_page(
        first, SearchResult(first_icons, True), PAGE.copy_with(query=b"p=2"), origin=ORIGIN, max_icons_held=9
    )
    assert repeat.next_page is None and "only repeated icons" in (repeat.paging_stopped or "")
