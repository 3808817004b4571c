"""A hostile or broken `meta.next`: another origin, itself, a loop, an endless chain, a page of repeats.

Each is refused or stopped with a reason on the result (`paging_stopped`), never an exception, and the
token never reaches another origin. The misbehaving server counts every request, so "not followed"
means no request was made.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from iconcat.api import CatalogueClient, SearchResult
from tests.conftest import TEST_TOKEN
from tests.support.hostile import icon_entry
from tests.support.misbehaving import MisbehavingServer, RecordedRequest, Reply

SEARCH = "/api/v1/search"


def page(ids: range | list[int], next_url: object = None, *, more: bool = True) -> Reply:
    """A search answer holding icons `ids`, with `meta.next` when `next_url` is not None."""
    meta: dict[str, object] = {"moreResultsAvailable": more}
    if next_url is not None:
        meta["next"] = next_url
    return Reply.json({"data": [icon_entry(i, f"Arrow {i}", "") for i in ids], "meta": meta})


def by_page(answer: Callable[[int], Reply]) -> Callable[[RecordedRequest], Reply]:
    """A reply script answering `answer(n)` for `?page=n` (1 when absent)."""
    return lambda request: answer(int(request.query.get("page", ["1"])[0]))


def page_url(server: MisbehavingServer, number: int) -> str:
    return server.url(f"{SEARCH}?name=arrow&page={number}")


async def follow_all(client: CatalogueClient, result: SearchResult, limit: int = 30) -> tuple[SearchResult, int]:
    """Call `more` until there is no next page; the last result and how many calls were made."""
    calls = 0
    while result.next_page is not None:
        result = await client.more(result)
        calls += 1
        assert calls <= limit, "paging did not stop"
    return result, calls


@pytest.mark.parametrize(
    "make_next",
    [
        pytest.param(lambda other, server: other.url(f"{SEARCH}?name=arrow&page=2"), id="absolute"),
        pytest.param(lambda other, server: f"//127.0.0.1:{other.port}{SEARCH}?name=arrow&page=2", id="scheme-relative"),
        pytest.param(lambda other, server: f"https://127.0.0.1:{server.port}{SEARCH}?page=2", id="another-scheme"),
        pytest.param(lambda other, server: f"http://localhost:{server.port}{SEARCH}?page=2", id="another-host-name"),
    ],
)
async def test_a_next_page_on_another_origin_is_never_requested(server, other_server, make_next) -> None:
    server.on(SEARCH, by_page(lambda n: page(range(1, 6), make_next(other_server, server)) if n == 1 else page([99])))
    other_server.on(SEARCH, page(range(100, 105)))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        result = await client.search("arrow")
        assert await client.more(result) is result
    assert result.next_page is None and not result.can_load_more
    assert result.paging_stopped is not None and "another site" in result.paging_stopped
    assert "not followed" in result.paging_stopped and TEST_TOKEN not in result.paging_stopped
    assert [icon.id for icon in result.icons] == [1, 2, 3, 4, 5] and result.more_available is True
    assert other_server.requests == [], "the other origin must receive nothing"
    assert len(server.requests) == 1


async def test_a_result_handed_in_with_a_foreign_next_page_is_not_followed(server, other_server) -> None:
    server.on(SEARCH, page(range(1, 6), more=False))
    other_server.on(SEARCH, page(range(100, 105)))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        first = await client.search("arrow")
        forged = dataclasses.replace(first, next_page=other_server.url(f"{SEARCH}?page=2"))
        result = await client.more(forged)
    assert result.next_page is None and result.paging_stopped is not None and "another site" in result.paging_stopped
    assert result.icons == first.icons
    assert other_server.requests == []


async def test_a_next_page_pointing_to_itself_is_a_loop(server) -> None:
    server.on(SEARCH, lambda request: page(range(1, 6), server.url(request.target)))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        result = await client.search("arrow")
    assert result.next_page is None
    assert result.paging_stopped is not None and "loop" in result.paging_stopped
    assert len(server.requests) == 1


async def test_a_chain_that_comes_back_to_an_earlier_page_is_a_loop(server) -> None:
    # Page 2 points back to page 1, written with its query in another order and a fragment.
    first = server.url(f"{SEARCH}?name=arrow")

    def answer(number: int) -> Reply:
        if number == 1:
            return page(range(1, 6), page_url(server, 2))
        if number == 2:
            return page(range(6, 11), server.url(f"{SEARCH}?page=3"))
        return page(range(11, 16), first + "#top")

    server.on(SEARCH, by_page(answer))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        result, calls = await follow_all(client, await client.search("arrow"))
    assert calls == 2
    assert [icon.id for icon in result.icons] == list(range(1, 16))
    assert result.paging_stopped is not None and "loop" in result.paging_stopped
    assert len(server.requests) == 3


async def test_a_next_page_repeating_a_fetched_one_with_reordered_query_is_a_loop(server) -> None:
    server.on(
        SEARCH,
        by_page(
            lambda n: (
                page(range(1, 6), page_url(server, 2))
                if n == 1
                else page(range(6, 11), server.url(f"{SEARCH}?page=2&name=arrow"))
            )
        ),
    )
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        result, calls = await follow_all(client, await client.search("arrow"))
    assert calls == 1 and len(result.icons) == 10
    assert result.paging_stopped is not None and "loop" in result.paging_stopped


async def test_an_endless_chain_stops_at_the_cap_with_a_notice(server) -> None:
    # Every page holds ten new icons and names the next: only the cap ends it.
    server.on(SEARCH, by_page(lambda n: page(range(n * 10, n * 10 + 10), page_url(server, n + 1))))
    async with CatalogueClient(server.base_url, TEST_TOKEN, max_icons_held=35) as client:
        result, calls = await follow_all(client, await client.search("arrow"))
    assert calls == 3 and len(server.requests) == 4
    assert len(result.icons) == 35 and len({icon.id for icon in result.icons}) == 35
    assert result.more_available is True
    assert result.paging_stopped is not None and "35" in result.paging_stopped and "refine" in result.paging_stopped


async def test_a_next_page_of_the_same_icons_is_a_lie(server) -> None:
    server.on(SEARCH, by_page(lambda n: page(range(1, 6), page_url(server, n + 1))))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        result, calls = await follow_all(client, await client.search("arrow"))
    assert calls == 1 and len(server.requests) == 2
    assert [icon.id for icon in result.icons] == [1, 2, 3, 4, 5]
    assert result.skipped == 5, "the repeated entries are counted as left out"
    assert result.paging_stopped is not None and "repeated" in result.paging_stopped


async def test_a_page_that_repeats_some_icons_keeps_only_the_new_ones(server) -> None:
    server.on(
        SEARCH,
        by_page(lambda n: page(range(1, 6), page_url(server, 2)) if n == 1 else page([4, 5, 6, 7], more=False)),
    )
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        result, calls = await follow_all(client, await client.search("arrow"))
    assert calls == 1
    assert [icon.id for icon in result.icons] == [1, 2, 3, 4, 5, 6, 7]
    assert result.skipped == 2 and result.paging_stopped is None and result.more_available is False


async def test_an_empty_page_that_claims_another_stops_paging(server) -> None:
    server.on(
        SEARCH,
        by_page(lambda n: page(range(1, 6), page_url(server, 2)) if n == 1 else page([], page_url(server, n + 1))),
    )
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        result, calls = await follow_all(client, await client.search("arrow"))
    assert calls == 1 and len(result.icons) == 5
    assert result.paging_stopped is not None and "empty" in result.paging_stopped


@pytest.mark.parametrize(
    ("value", "refused"),
    [
        (42, False),
        (["http://example.invalid/"], False),
        ("", False),
        ("x" * 9000, False),
        ("javascript:alert(1)", True),
        ("http://[bad/", True),
        ("http://exa mple.com/", True),
    ],
)
async def test_a_next_that_is_no_usable_address_is_not_followed(server, value, refused: bool) -> None:
    server.on(SEARCH, page(range(1, 6), value))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        result = await client.search("arrow")
    assert result.next_page is None and len(result.icons) == 5
    assert (result.paging_stopped is not None) is refused
    assert len(server.requests) == 1


async def test_a_followed_next_page_carries_the_token_and_its_redirects_do_not(server, other_server) -> None:
    # The next page is on the catalogue's origin (with planted credentials, which are dropped), then
    # redirects elsewhere: the token goes with the first hop only.
    planted = f"http://user:secret@127.0.0.1:{server.port}/page2"
    server.on(SEARCH, page(range(1, 6), planted))
    server.on("/page2", Reply.redirect(other_server.url(f"{SEARCH}?page=2")))
    other_server.on(SEARCH, page(range(6, 11), more=False))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        first = await client.search("arrow")
        assert first.next_page == server.url("/page2")
        result = await client.more(first)
    assert [icon.id for icon in result.icons] == list(range(1, 11))
    assert [request.header("authorization") for request in server.requests] == [f"Bearer {TEST_TOKEN}"] * 2
    assert [request.header("authorization") for request in other_server.requests] == [None]
