"""The paging rules as plain functions (`iconcat.api._paging`), without a server: which next page the
client may follow, and the pages so far as one result. `test_paging.py` walks them over HTTP."""

from __future__ import annotations

import dataclasses
import sys

import httpx

from iconcat.api import Icon, SearchResult
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


class _CountedId(int):
    """An icon id that counts how often it is hashed: each look-up in, or addition to, a set of ids."""

    hashed = 0

    def __hash__(self) -> int:
        _CountedId.hashed += 1
        return int.__hash__(self)


def _counted_page(size: int) -> tuple[Icon, ...]:
    return tuple(dataclasses.replace(made, id=_CountedId(made.id)) for made in (icon(f"i{n}") for n in range(size)))


def test_following_pages_costs_what_each_page_holds_not_what_is_held():
    """Issue 23: each page's merge hashes its own ids only, copies no icon held already, and leaves every
    earlier result as it was (a prefix of the later ones), also after a branch from an older result."""
    size, count = 20, 60
    pages = [_counted_page(size) for _ in range(count)]
    first_icon = pages[0][0]
    references_before = sys.getrefcount(first_icon)
    results: list[SearchResult] = []
    hashed_per_page: list[int] = []
    url = PAGE
    for number, icons in enumerate(pages, start=1):
        _CountedId.hashed = 0
        page = SearchResult(icons, True, next_page=f"?name=arrow&page={number + 1}")
        results.append(merge_page(results[-1] if results else None, page, url, origin=ORIGIN, max_icons_held=10_000))
        hashed_per_page.append(_CountedId.hashed)
        url = httpx.URL(results[-1].next_page or "")
        del page
    # A look-up and an addition for each of the page's icons: the same at page 60 as at page 1.
    assert max(hashed_per_page) <= 2 * size, hashed_per_page
    # Sixty results of up to 1,200 icons, yet the first icon is held once more (the shared store), not
    # once more by each result (as sixty tuples would).
    assert sys.getrefcount(first_icon) - references_before <= 2
    everything = [each for icons in pages for each in icons]
    assert [result.icon_count for result in results] == [size * n for n in range(1, count + 1)]
    older = results[9]
    _CountedId.hashed = 0
    branched = merge_page(older, SearchResult(_counted_page(size), False), PAGE, origin=ORIGIN, max_icons_held=10_000)
    assert _CountedId.hashed <= 2 * (10 * size + size), "a branch copies the older result's prefix once"
    for number, result in enumerate(results, start=1):
        assert list(result.icons) == everything[: size * number], "an earlier result is unchanged"
        assert result.icons_after(size * (number - 1)) == pages[number - 1]
    assert branched.icons[: 10 * size] == older.icons and branched.icons[10 * size :] != results[10].icons[10 * size :]
    assert branched.icon_count == 11 * size and results[-1].icon_count == count * size
