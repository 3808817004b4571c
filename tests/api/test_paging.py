"""The client follows the embedded catalogue's `meta.next` on demand: the happy path, over loopback.

Hostile `next` links (another origin, loops, lies, endless chains) are in tests/hostile/test_paging.py.
"""

from __future__ import annotations

import dataclasses

import httpx
import pytest

from iconcat.api import MAX_ICONS_HELD, AuthError, CatalogueClient, SearchResult, SettingsError
from iconcat.server import start_catalogue
from tests.conftest import TEST_TOKEN

PAGE = 20


@pytest.fixture(scope="module")
def paged_catalogue():
    """The embedded catalogue with small pages, so that "arrow" spans several."""
    server = start_catalogue(token=TEST_TOKEN, page_size=PAGE)
    try:
        yield server.base_url
    finally:
        server.stop()


@pytest.fixture(scope="module")
def every_arrow() -> list[int]:
    """The ids of every "arrow" match, in the service's order, from one uncapped page."""
    with (
        start_catalogue(token=TEST_TOKEN, page_size=100_000) as server,
        httpx.Client(headers={"Authorization": f"Bearer {TEST_TOKEN}"}, timeout=30) as http,
    ):
        body = http.get(server.base_url + "/api/v1/search", params={"name": "arrow"}).json()
    return [icon["id"] for icon in body["data"]]


async def test_search_fetches_one_page_and_offers_the_next(paged_catalogue) -> None:
    async with CatalogueClient(paged_catalogue, TEST_TOKEN) as client:
        result = await client.search("arrow")
    assert len(result.icons) == PAGE and result.more_available is True
    assert result.can_load_more and result.next_page is not None
    assert result.next_page.startswith(paged_catalogue + "/api/v1/search?")
    assert result.paging_stopped is None
    assert len(result.pages_fetched) == 1


async def test_more_accumulates_every_page_until_the_last(paged_catalogue, every_arrow) -> None:
    async with CatalogueClient(paged_catalogue, TEST_TOKEN) as client:
        result = await client.search("arrow")
        results = [result]
        while result.next_page is not None:
            result = await client.more(result)
            results.append(result)
            assert len(results) < 50
    assert [icon.id for icon in result.icons] == every_arrow
    assert result.more_available is False and result.paging_stopped is None and result.skipped == 0
    assert len(result.pages_fetched) == len(results) == -(-len(every_arrow) // PAGE)
    # Each result is a prefix of the next: a list can append what `more` added.
    for earlier, later in zip(results, results[1:]):
        assert later.icons[: len(earlier.icons)] == earlier.icons
    assert [len(r.icons) for r in results[:-1]] == [PAGE * n for n in range(1, len(results))]


async def test_more_without_a_next_page_returns_the_result_as_it_is(paged_catalogue) -> None:
    async with CatalogueClient(paged_catalogue, TEST_TOKEN) as client:
        few = await client.search("arrow left circle")
        again = await client.more(few)
        with pytest.raises(SettingsError):
            await client.more("arrow")  # type: ignore[arg-type]
    assert few.next_page is None and few.more_available is False
    assert again is few


async def test_a_failed_more_leaves_the_result_ready_for_another_try(paged_catalogue) -> None:
    async with CatalogueClient(paged_catalogue, TEST_TOKEN) as client:
        first = await client.search("arrow")
    async with CatalogueClient(paged_catalogue, "wrong-token") as other:
        with pytest.raises(AuthError):
            await other.more(first)
    assert first.next_page is not None and len(first.icons) == PAGE  # unchanged: try again later
    async with CatalogueClient(paged_catalogue, TEST_TOKEN) as client:
        second = await client.more(first)
    assert len(second.icons) == 2 * PAGE


async def test_paging_stops_at_the_cap_and_says_so(paged_catalogue, every_arrow) -> None:
    cap = 2 * PAGE + 5
    async with CatalogueClient(paged_catalogue, TEST_TOKEN, max_icons_held=cap) as client:
        result = await client.search("arrow")
        calls = 0
        while result.next_page is not None:
            result = await client.more(result)
            calls += 1
            assert calls < 10
        assert await client.more(result) is result
    assert calls == 2
    assert [icon.id for icon in result.icons] == every_arrow[:cap]
    assert result.more_available is True, "more exist beyond the cap"
    assert result.paging_stopped is not None and f"{cap:,}" in result.paging_stopped
    assert "refine" in result.paging_stopped


async def test_a_first_page_larger_than_the_cap_is_cut_to_it(catalogue) -> None:
    async with CatalogueClient(catalogue.base_url, catalogue.token, max_icons_held=10) as client:
        result = await client.search("arrow")
    assert len(result.icons) == 10 and result.next_page is None and result.more_available is True
    assert result.paging_stopped is not None and "10" in result.paging_stopped


async def test_more_refuses_a_result_whose_next_page_is_at_the_cap_already(paged_catalogue) -> None:
    async with CatalogueClient(paged_catalogue, TEST_TOKEN, max_icons_held=PAGE) as client:
        first = await client.search("arrow")
        assert first.next_page is None and first.paging_stopped is not None
        handed = dataclasses.replace(first, next_page=paged_catalogue + "/api/v1/search?name=arrow&page=2")
        result = await client.more(handed)
    assert result.next_page is None and len(result.icons) == PAGE
    assert result.paging_stopped is not None and "at most" in result.paging_stopped


def test_the_default_cap_is_ten_thousand() -> None:
    assert MAX_ICONS_HELD == 10_000
    assert SearchResult(icons=(), more_available=False).next_page is None
    with pytest.raises(SettingsError):
        CatalogueClient("http://127.0.0.1:9", TEST_TOKEN, max_icons_held=0)


async def test_the_catalogue_reveals_how_many_matched_on_every_page(paged_catalogue, every_arrow) -> None:
    """`meta.total` (an extension): the whole answer's size from the first page on, kept as pages arrive."""
    async with CatalogueClient(paged_catalogue, TEST_TOKEN) as client:
        result = await client.search("arrow")
        assert result.total == len(every_arrow) > len(result.icons)
        result = await client.more(result)
        assert result.total == len(every_arrow)
        nothing = await client.search("zzqx")
    assert nothing.total == 0 and not nothing.icons


async def test_narrow_words_are_sent_kept_on_every_page_and_the_catalogue_says_it_applied_them(
    paged_catalogue,
) -> None:
    """`search(…, narrow=…)`, the embedded catalogue's `narrow` extension: every page holds only Core UI's and
    Studio's Filled and Outline arrows, the count is theirs, and `narrowed` is what the catalogue said it applied."""
    async with CatalogueClient(paged_catalogue, TEST_TOKEN) as client:
        plain = await client.search("arrow")
        while plain.next_page is not None:
            plain = await client.more(plain)
        result = await client.search("arrow", narrow=["set:core-ui,studio", "style:fil,out"])
        pages = 1
        while result.next_page is not None:
            assert result.narrowed == ("style:fil,out", "set:core-ui,studio")
            result = await client.more(result)
            pages += 1
    expected = [
        icon.id
        for icon in plain.icons
        if icon.set.name in ("Core UI", "Studio") and icon.style.name in ("Filled", "Outline")
    ]
    assert [icon.id for icon in result.icons] == expected and pages > 1
    assert result.total == len(expected) and result.narrowed == ("style:fil,out", "set:core-ui,studio")
    assert plain.narrowed is None, "no narrow asked, none said"


async def test_narrow_words_must_be_strings(catalogue) -> None:
    async with CatalogueClient(catalogue.base_url, catalogue.token) as client:
        with pytest.raises(SettingsError):
            await client.search("arrow", narrow="set:core")
