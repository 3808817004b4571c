"""A 400 says the service's own words (sanitised), is never retried, and a search longer than the
catalogue accepts is refused before it is sent when the limit is given (the spec's, for the embedded
kinds); a service refuses a longer one itself, every time, in its own words (never parsed)."""

from __future__ import annotations

import pytest

from iconcat.api import CatalogueClient, RequestRefusedError, ServiceError
from tests.conftest import TEST_TOKEN
from tests.support.misbehaving import Reply

TOO_LONG = "a" * 201


async def test_a_400_says_the_services_words_and_is_sent_once(server, fake_time):
    said = {"error": {"code": "invalid_parameter", "message": "'name' must be \x1b[31mshort\x1b[0m [bold]please"}}
    server.on("/api/v1/search", Reply.json(said, status=400))
    async with CatalogueClient(server.base_url, TEST_TOKEN, retry=fake_time.policy()) as client:
        with pytest.raises(RequestRefusedError) as caught:
            await client.search("arrow")
    message = str(caught.value)
    assert "refused the search (HTTP 400): it said “'name' must be" in message and "[bold]please”" in message
    assert "\x1b" not in message  # sanitised: the words are data
    assert caught.value.status == 400
    assert len(server.requests) == 1 and fake_time.sleeps == []


@pytest.mark.parametrize(
    "body, said",
    [
        (b'{"message": "no such parameter"}', "it said “no such parameter”"),
        (b'{"detail": "bad query"}', "it said “bad query”"),
        (b'{"error": "bad query"}', "it said “bad query”"),
        (b"<html><body>Bad Request</body></html>", "the request may be malformed"),
        (b'{"error": {"message": 42}}', "the request may be malformed"),
        (b"[" * 100_000, "the request may be malformed"),  # deeper than any parser should go, and over the cap
    ],
    ids=["message", "detail", "error", "web page", "not text", "too large"],
)
async def test_the_shapes_of_a_refusal_read_and_the_rest_ignored(server, fake_time, body, said):
    server.on("/api/v1/search", Reply(status=400, headers=[("Content-Type", "application/json")], body=body))
    async with CatalogueClient(server.base_url, TEST_TOKEN, retry=fake_time.policy()) as client:
        with pytest.raises(RequestRefusedError, match=said):
            await client.search("arrow")


async def test_another_4xx_says_the_words_too_without_being_a_refused_request(server, fake_time):
    server.on("/api/v1/search", Reply.json({"error": {"message": "Method not allowed here"}}, status=405))
    async with CatalogueClient(server.base_url, TEST_TOKEN, retry=fake_time.policy()) as client:
        with pytest.raises(ServiceError, match="HTTP 405.*Method not allowed here") as caught:
            await client.search("arrow")
    assert not isinstance(caught.value, RequestRefusedError)


async def test_a_services_refusal_of_a_long_search_is_its_own_each_time_and_teaches_no_limit(server, fake_time):
    words = {"error": {"code": "invalid_parameter", "message": "'name' must be at most 200 characters."}}
    server.on("/api/v1/search", Reply.json(words, status=400))
    async with CatalogueClient(server.base_url, TEST_TOKEN, retry=fake_time.policy()) as client:
        with pytest.raises(RequestRefusedError, match="at most 200 characters"):
            await client.search(TOO_LONG)
        with pytest.raises(RequestRefusedError) as caught:
            await client.search(TOO_LONG + "b")
        assert client.query_limit is None
    assert len(server.requests) == 2  # each sent once: the service's words are shown, never read for a number
    assert str(caught.value).endswith("refused the search (HTTP 400): it said “'name' must be at most 200 characters.”")


async def test_a_known_limit_refuses_before_sending_and_lets_the_limit_itself_through(catalogue):
    async with CatalogueClient(catalogue.base_url, catalogue.token, query_limit=200) as client:
        with pytest.raises(RequestRefusedError, match="201 characters long, and the catalogue accepts at most 200"):
            await client.search(TOO_LONG)
        result = await client.search("a" * 200)  # the embedded catalogue takes 200: no icon is named so
    assert result.icons == ()


async def test_the_clients_own_cap_holds_for_a_catalogue_whose_limit_is_unknown(server):
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        with pytest.raises(RequestRefusedError, match="501 characters long, and iconcat sends at most 500"):
            await client.search("a" * 501)
    assert server.requests == []


@pytest.mark.parametrize("status", [400, 409])
async def test_words_echoing_the_token_never_repeat_it(server, fake_time, status):
    echo = {"error": {"message": f"token {TEST_TOKEN} is not allowed to ask that; " + "x" * 300}}
    server.on("/api/v1/search", Reply.json(echo, status=status))
    async with CatalogueClient(server.base_url, TEST_TOKEN, retry=fake_time.policy()) as client:
        with pytest.raises(ServiceError) as caught:
            await client.search("arrow")
    assert TEST_TOKEN not in str(caught.value) and "token ******** is not allowed" in str(caught.value)


async def test_a_picture_the_catalogue_cannot_draw_is_said_with_its_code_and_words_once(server, fake_time):
    said = {"error": {"code": "picture_failed", "message": "This picture could not be drawn: the SVG took too long."}}
    server.on("/private/bundle_icons/7/small", Reply.json(said, status=500))
    async with CatalogueClient(server.base_url, TEST_TOKEN, retry=fake_time.policy()) as client:
        with pytest.raises(ServiceError) as caught:
            await client.thumbnail(f"{server.base_url}/private/bundle_icons/7/small")
    assert caught.value.code == "picture_failed" and caught.value.status == 500
    assert str(caught.value).startswith("the preview image from ")
    assert str(caught.value).endswith("“This picture could not be drawn: the SVG took too long.”")
    assert "try again later" not in str(caught.value)
    assert len(server.requests) == 1


async def test_another_failure_says_try_again_and_a_code_that_is_no_identifier_is_dropped(server, fake_time):
    server.on("/api/v1/search", Reply.json({"error": {"code": "Boom \x1b[31m", "message": "internal"}}, status=500))
    async with CatalogueClient(server.base_url, TEST_TOKEN, retry=fake_time.policy()) as client:
        with pytest.raises(ServiceError) as caught:
            await client.search("arrow")
    assert caught.value.code is None and "try again later" in str(caught.value)
