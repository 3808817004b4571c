"""Paging, the embedded catalogue's extension: `meta.next` and the `page` parameter behind it."""

from __future__ import annotations

import httpx
import pytest

from tests.support.server import serving

PAGE = 25
"""The page size these tests serve with: "arrow" then spans several pages."""


@pytest.fixture(scope="module")
def paged():
    with serving(page_size=PAGE) as client:
        yield client


@pytest.fixture(scope="module")
def uncapped():
    with serving(page_size=100_000) as client:
        yield client


def search(client: httpx.Client, **params: str) -> dict:
    response = client.get("/api/v1/search", params=params)
    assert response.status_code == 200, response.text
    return response.json()


def ids(body: dict) -> list[int]:
    return [icon["id"] for icon in body["data"]]


def test_following_next_walks_every_match_once_in_order(paged, uncapped) -> None:
    everything = ids(search(uncapped, name="arrow"))
    assert len(everything) > 3 * PAGE, "the test needs several pages"
    body = search(paged, name="arrow")
    seen = ids(body)
    pages = 1
    while body["meta"]["moreResultsAvailable"]:
        following = body["meta"]["next"]
        assert following.startswith(str(paged.base_url).rstrip("/") + "/api/v1/search?"), "absolute, same origin"
        response = paged.get(following)
        assert response.status_code == 200, response.text
        body = response.json()
        seen += ids(body)
        pages += 1
        assert pages < 100
    assert "next" not in body["meta"], "no next on the last page"
    assert seen == everything
    assert pages == -(-len(everything) // PAGE)
    assert body["meta"]["total"] == len(everything), "meta.total: the whole answer's size, on every page"


def test_next_is_only_there_when_more_matched(paged) -> None:
    few = search(paged, name="arrow left circle")
    assert len(few["data"]) < PAGE
    assert few["meta"] == {"moreResultsAvailable": False, "total": len(few["data"])}


def test_a_client_that_ignores_next_sees_the_first_page_as_before(paged) -> None:
    plain = search(paged, name="arrow")
    explicit = search(paged, name="arrow", page="1")
    assert plain == explicit
    assert len(plain["data"]) == PAGE and plain["meta"]["moreResultsAvailable"] is True
    assert set(plain) == {"data", "meta"}


def test_next_keeps_the_query_and_wants_the_token(paged) -> None:
    following = search(paged, name="  ARROW  ")["meta"]["next"]
    url = httpx.URL(following)
    assert url.params["name"] == "  ARROW  " and url.params["page"] == "2"
    anonymous = httpx.get(following, timeout=30)
    assert anonymous.status_code == 401
    assert anonymous.json()["error"]["code"] == "unauthorized"


def test_a_page_past_the_end_is_empty_and_final(paged) -> None:
    total = search(paged, name="arrow")["meta"]["total"]
    assert total > PAGE
    for page in ("9999", str(2**53 - 1)):
        body = search(paged, name="arrow", page=page)
        assert body == {"data": [], "meta": {"moreResultsAvailable": False, "total": total}}


@pytest.mark.parametrize("page", ["0", "-1", "abc", "1.5", "", " 2", "+2", "2e3", str(2**53), "２"])
def test_a_malformed_page_is_a_json_400(paged, page: str) -> None:
    response = paged.get("/api/v1/search", params={"name": "arrow", "page": page})
    assert response.status_code == 400
    assert response.headers["content-type"] == "application/json"
    assert response.json()["error"]["code"] == "invalid_parameter"
    assert "page" in response.json()["error"]["message"]


def test_a_repeated_page_is_a_json_400(paged) -> None:
    response = paged.get("/api/v1/search?name=arrow&page=2&page=3")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_parameter"


def test_two_thousand_icons_fit_on_one_page() -> None:
    with serving(page_size=2000) as client:
        body = search(client, name="")
    assert 1000 <= len(body["data"]) <= 2000
    assert body["meta"]["moreResultsAvailable"] is (len(body["data"]) == 2000)


def test_next_pages_may_be_larger_than_the_first() -> None:
    """Issue 23: the default catalogue's first page holds 48 and the pages `next` leads to 500, so a
    query of 1,802 matches takes 5 requests, not 38; following them gives every match once, in order."""
    with serving(page_size=100_000) as uncapped_client:
        everything = ids(search(uncapped_client, name=""))
    with serving() as client:
        body = search(client, name="")
        sizes = [len(body["data"])]
        seen = ids(body)
        while "next" in body["meta"]:
            following = httpx.URL(body["meta"]["next"])
            assert following.params["size"] == "500" and following.params["name"] == ""
            body = client.get(str(following)).json()
            sizes.append(len(body["data"]))
            seen += ids(body)
            assert len(sizes) < 50
    assert seen == everything and len(everything) == 1802
    assert sizes == [48, 500, 500, 500, 254]
    assert body["meta"]["moreResultsAvailable"] is False


def test_a_next_page_keeps_the_size_it_was_asked_with_and_size_never_changes_page_one() -> None:
    with serving() as client:
        first = search(client, name="arrow")
        sized = search(client, name="arrow", size="7")
        assert sized["data"] == first["data"], "page 1 is the first page, whatever the size"
        assert httpx.URL(sized["meta"]["next"]).params["size"] == "7", "its next pages are of the size asked"
        second = search(client, name="arrow", page="2", size="7")
        third = client.get(second["meta"]["next"]).json()
        assert httpx.URL(second["meta"]["next"]).params["size"] == "7"
        plain_second = search(client, name="arrow", page="2")  # no size: pages of the first page's size
    assert ids(second) + ids(third) == ids(search_all(first, 48 + 14))[48:]
    assert len(ids(plain_second)) == 48 and ids(plain_second)[:7] == ids(second)


def search_all(first: dict, count: int) -> dict:
    """The first `count` matches of "arrow", from a catalogue serving them on one page."""
    with serving(page_size=count) as client:
        return search(client, name="arrow")


@pytest.mark.parametrize("size", ["0", "-1", "abc", "10001", " 5", "5.0"])
def test_a_malformed_size_is_a_json_400(paged, size: str) -> None:
    response = paged.get("/api/v1/search", params={"name": "arrow", "page": "2", "size": size})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_parameter"
    assert "'size'" in response.json()["error"]["message"]
    assert paged.get("/api/v1/search?name=arrow&size=2&size=3").status_code == 400
