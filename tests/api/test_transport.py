"""A service that is slow, cut off, lying about lengths, or sending too much: calm, bounded failures."""

from __future__ import annotations

import json
import socket

import httpx
import pytest

from iconcat.api import CatalogueClient, NetworkError, ProtocolError
from tests.conftest import TEST_TOKEN
from tests.support.fixtures import assert_token_absent
from tests.support.misbehaving import Reply

GOOD = {"data": [], "meta": {"moreResultsAvailable": False}}


def client_for(server, fake_time, **options) -> CatalogueClient:
    options.setdefault("timeout", 2.0)
    return CatalogueClient(server.base_url, TEST_TOKEN, retry=fake_time.policy(), **options)


async def test_connection_refused_is_a_network_error_without_the_token(fake_time):
    with socket.socket() as probe:  # a port that nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    async with CatalogueClient(f"http://127.0.0.1:{port}", TEST_TOKEN, retry=fake_time.policy()) as client:
        with pytest.raises(NetworkError, match="nothing is listening") as caught:
            await client.search("x")
    assert fake_time.sleeps == [], "a refused loopback port is not retried (tests/api/test_refused.py)"
    assert_token_absent(TEST_TOKEN, caught.value)


async def test_a_hang_before_headers_ends_at_the_deadline(server, fake_time):
    server.on("/api/v1/search", Reply.json(GOOD, hang=30))
    async with client_for(server, fake_time, timeout=0.5) as client:
        with pytest.raises(NetworkError, match="within 0.5 s|no data for 0.5 s"):
            await client.search("x")


async def test_a_slow_drip_is_cut_by_the_total_deadline(server, fake_time):
    """Each byte arrives well within httpx's read timeout; only the total deadline stops it."""
    body = json.dumps(GOOD).encode()
    server.on("/api/v1/search", Reply.json(body, chunk_size=1, delay=0.1))
    async with client_for(server, fake_time, timeout=0.8) as client:
        with pytest.raises(NetworkError, match="did not complete within 0.8 s"):
            await client.search("x")
    assert len(server.requests) == 1, "a deadline is not retried"


async def test_an_endless_body_is_stopped_at_the_size_cap(server, fake_time):
    server.on("/api/v1/search", Reply(headers=[("Content-Type", "application/json")], body=b"[" * 65536, endless=True))
    async with client_for(server, fake_time, max_json_bytes=1024 * 1024) as client:
        with pytest.raises(ProtocolError, match="larger than the 1024 KiB"):
            await client.search("x")


async def test_a_declared_length_over_the_cap_is_refused_before_reading(server, fake_time):
    server.on("/api/v1/search", Reply.json(GOOD, content_length=50 * 1024 * 1024, cut_after=10))
    async with client_for(server, fake_time) as client:
        with pytest.raises(ProtocolError, match="more than the 8192 KiB"):
            await client.search("x")


async def test_a_gzip_bomb_is_stopped_while_inflating(server, fake_time):
    bomb = b'{"data": [' + b" " * (64 * 1024 * 1024) + b"]}"
    server.on("/api/v1/search", Reply.gzipped_json(bomb))
    async with client_for(server, fake_time) as client:
        with pytest.raises(ProtocolError, match="larger than"):
            await client.search("x")


async def test_gzip_json_within_the_cap_is_read(server, fake_time):
    server.on("/api/v1/search", Reply.gzipped_json(json.dumps(GOOD).encode()))
    async with client_for(server, fake_time) as client:
        assert (await client.search("x")).icons == ()
    assert "gzip" in (server.requests[0].header("accept-encoding") or "")


@pytest.mark.parametrize("reset", [False, True], ids=["closed", "reset"])
async def test_a_body_cut_short_is_a_network_error(server, fake_time, reset):
    body = json.dumps({"data": [{"id": n} for n in range(2000)]}).encode()
    server.on("/api/v1/search", Reply.json(body, cut_after=len(body) // 2, reset=reset, chunk_size=1024))
    async with client_for(server, fake_time) as client:
        with pytest.raises(NetworkError, match="broke|failed"):
            await client.search("x")


async def test_a_content_length_longer_than_the_body_is_a_network_error(server, fake_time):
    body = json.dumps(GOOD).encode()
    server.on("/api/v1/search", Reply.json(body, content_length=len(body) + 100))
    async with client_for(server, fake_time) as client:
        with pytest.raises(NetworkError):
            await client.search("x")


async def test_a_content_length_shorter_than_the_body_gives_malformed_json(server, fake_time):
    body = json.dumps(GOOD).encode()
    server.on("/api/v1/search", Reply.json(body, content_length=len(body) - 5))
    async with client_for(server, fake_time) as client:
        with pytest.raises(ProtocolError, match="not valid JSON"):
            await client.search("x")


async def test_giant_headers_are_a_clean_failure(server, fake_time):
    server.on("/api/v1/search", Reply.json(GOOD, headers=[("X-Junk", "a" * 200_000)]))
    async with client_for(server, fake_time) as client:
        with pytest.raises(NetworkError) as caught:
            await client.search("x")
    assert_token_absent(TEST_TOKEN, caught.value)


async def test_garbage_instead_of_http_is_a_clean_failure(server, fake_time):
    server.on("/api/v1/search", Reply(raw=b"\x16\x03\x01 not http at all\r\n\r\n"))
    async with client_for(server, fake_time) as client:
        with pytest.raises(NetworkError):
            await client.search("x")


async def test_an_unknown_content_encoding_is_refused(server, fake_time):
    server.on("/api/v1/search", Reply.json(GOOD, headers=[("Content-Encoding", "br")]))
    async with client_for(server, fake_time) as client:
        with pytest.raises(ProtocolError, match="compressed"):
            await client.search("x")


async def test_a_thumbnail_over_its_cap_is_refused(server, fake_time):
    server.on("/t.png", Reply(headers=[("Content-Type", "image/png")], body=b"\x89PNG" + b"\0" * 65536, endless=True))
    async with client_for(server, fake_time) as client:
        with pytest.raises(ProtocolError, match="preview image is larger"):
            await client.thumbnail(server.url("/t.png"))


async def test_a_thumbnail_served_as_a_web_page_is_refused(server, fake_time):
    server.on("/t.png", Reply(headers=[("Content-Type", "text/html")], body=b"<html>login</html>"))
    async with client_for(server, fake_time) as client:
        with pytest.raises(ProtocolError, match="web page"):
            await client.thumbnail(server.url("/t.png"))


# --------------------------------------------------------------------------- names and odd failures


@pytest.fixture
def resolver(monkeypatch):
    """`getaddrinfo` answering for `.invalid` names itself, with the error set in `.answer`.

    Such names never resolve, but the system resolver would still ask the network's name server; this
    keeps the question on the machine while the rest of the stack (anyio, httpcore, httpx) runs as is.
    """

    class Resolver:
        def __init__(self) -> None:
            self.answer = socket.EAI_NONAME
            self.asked: list[str] = []

    resolver = Resolver()
    real = socket.getaddrinfo

    def getaddrinfo(host, *args, **kwargs):
        name = host.decode("ascii") if isinstance(host, bytes) else str(host)
        if name.endswith(".invalid"):
            resolver.asked.append(name)
            raise socket.gaierror(resolver.answer, "answered by the test's resolver")
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return resolver


@pytest.mark.parametrize(
    "answer, words",
    [
        (socket.EAI_NONAME, "for the search: the host name 'nosuch.invalid' does not resolve; check the base URL"),
        (socket.EAI_AGAIN, "the host name 'nosuch.invalid' could not be looked up (the name service did not answer)"),
    ],
    ids=["no such name", "name service silent"],
)
async def test_a_host_name_that_does_not_resolve_is_not_called_a_refused_connection(fake_time, resolver, answer, words):
    resolver.answer = answer
    async with CatalogueClient("https://nosuch.invalid", TEST_TOKEN, retry=fake_time.policy()) as client:
        with pytest.raises(NetworkError) as caught:
            await client.search("x")
    assert "nosuch.invalid" in resolver.asked, "the name went to the resolver"
    assert words in str(caught.value)
    assert "is the service running" not in str(caught.value)
    assert_token_absent(TEST_TOKEN, caught.value)


async def test_a_preview_on_a_host_that_does_not_resolve_blames_the_address_given_not_the_base_url(
    server, fake_time, resolver
):
    async with client_for(server, fake_time) as client:
        with pytest.raises(NetworkError) as caught:
            await client.thumbnail("https://cdn.invalid/star.png")
    assert "the host name 'cdn.invalid' does not resolve" in str(caught.value)
    assert "the catalogue gave an address on a host that does not exist" in str(caught.value)
    assert "base URL" not in str(caught.value)


class _Unexplained(httpx.TransportError):
    """A failure of the HTTP stack that the client has no words for."""


@pytest.mark.parametrize(
    "failure, words",
    [
        (httpx.ProxyError("407 Proxy Authentication Required"), "check the proxy settings"),
        (_Unexplained("kaboom"), "failed for a reason the HTTP library did not explain"),
    ],
    ids=["proxy", "unexplained"],
)
async def test_a_failure_is_told_in_words_never_by_its_class_name(fake_time, failure, words):
    def handler(request: httpx.Request) -> httpx.Response:
        raise failure

    transport = httpx.MockTransport(handler)
    async with CatalogueClient(
        "https://icons.example.com", TEST_TOKEN, transport=transport, retry=fake_time.policy()
    ) as client:
        with pytest.raises(NetworkError) as caught:
            await client.search("x")
    message = str(caught.value)
    assert words in message
    assert type(failure).__name__ not in message and "Error" not in message, message
    assert "kaboom" not in message and "407" not in message, "the library's own message is not quoted"
