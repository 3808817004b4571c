"""SSL contexts are made when https needs one, not before: none for a plain-http catalogue, a verifying
one for an https catalogue (as before), and one, verifying, when a plain-http catalogue redirects to
https. Counted in-process: every `ssl.SSLContext` construction is recorded."""

from __future__ import annotations

import socket
import ssl

import pytest

from iconcat.api import CatalogueClient, NetworkError, RetryPolicy
from tests.conftest import TEST_TOKEN
from tests.support.misbehaving import Reply
from tests.support.payloads import icon


@pytest.fixture
def contexts(monkeypatch: pytest.MonkeyPatch) -> list[ssl.SSLContext]:
    """Every SSL context made during the test."""
    made: list[ssl.SSLContext] = []
    original = ssl.SSLContext.__new__

    def counting(cls, *args, **kwargs):
        context = original(cls, *args, **kwargs)
        made.append(context)
        return context

    monkeypatch.setattr(ssl.SSLContext, "__new__", staticmethod(counting))
    return made


def verifying(context: ssl.SSLContext) -> bool:
    """Checks the certificate against trusted authorities and the host name, as httpx's default does."""
    return (
        context.verify_mode == ssl.CERT_REQUIRED
        and context.check_hostname
        and context.cert_store_stats()["x509_ca"] > 0
    )


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def test_a_plain_http_catalogue_makes_no_ssl_context(server, contexts) -> None:
    server.on("/api/v1/search", Reply.json({"data": [icon(1)]}))
    server.on("/private/bundle_icons/1/small", Reply.file(b"\x89PNG\r\n\x1a\n", "image/png"))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        result = await client.search("arrow")
        await client.thumbnail(server.url("/private/bundle_icons/1/small"))
    assert len(result.icons) == 1
    assert contexts == []


async def test_an_https_catalogue_still_gets_a_verifying_context(contexts) -> None:
    async with CatalogueClient("https://catalogue.example", TEST_TOKEN):
        assert contexts and all(verifying(context) for context in contexts)


async def test_a_redirect_to_https_gets_a_verifying_context(server, contexts) -> None:
    target = f"https://127.0.0.1:{closed_port()}/api/v1/search?name=arrow"
    server.on("/api/v1/search", Reply.redirect(target))
    async with CatalogueClient(server.base_url, TEST_TOKEN, retry=RetryPolicy(attempts=1)) as client:
        assert contexts == []
        with pytest.raises(NetworkError):
            await client.search("arrow")
    assert len(contexts) == 1 and verifying(contexts[0])
