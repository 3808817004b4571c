"""A catalogue on the internet must not turn its users' clients into probes of their own networks.

A preview URL or a redirect is an address the *service* chooses. Pointed at `http://127.0.0.1:631/`,
`http://192.168.1.1/admin` or `http://169.254.169.254/` (cloud metadata), every user browsing the
catalogue would send requests there. The client refuses such literal addresses unless the catalogue is
itself internal (as the embedded catalogue and these tests' servers are).

No real remote server is possible in tests (nothing may leave loopback), so the remote catalogue is an
in-process `httpx.MockTransport` that records what the client asked for.
"""

from __future__ import annotations

import httpx
import pytest

from iconcat.api import CatalogueClient, ProtocolError
from iconcat.api._auth import is_internal_host
from tests.conftest import TEST_TOKEN
from tests.support.misbehaving import Reply

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32

INTERNAL = [
    "http://127.0.0.1:631/x.png",
    "http://localhost/x.png",
    "http://api.localhost/x.png",
    "http://[::1]/x.png",
    "http://10.0.0.8/x.png",
    "http://172.16.5.4/x.png",
    "http://192.168.1.1/admin",
    "http://169.254.169.254/latest/meta-data/",
    "http://0.0.0.0:8000/x.png",
    "http://[::ffff:127.0.0.1]/x.png",
    "http://[fd00::1]/x.png",
    "http://127.1/x.png",
    "http://2130706433/x.png",
    "http://0x7f.0.0.1/x.png",
    "http://localhost./x.png",
]


def _remote_catalogue(seen: list[httpx.Request], redirect_to: str | None = None) -> httpx.MockTransport:
    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        if redirect_to is not None and request.url.host == "icons.example.com":
            return httpx.Response(302, headers={"Location": redirect_to})
        return httpx.Response(200, headers={"Content-Type": "image/png"}, stream=httpx.ByteStream(PNG))

    return httpx.MockTransport(handler)


@pytest.mark.parametrize("address", INTERNAL)
async def test_a_remote_catalogue_cannot_point_a_preview_into_the_users_network(address):
    seen: list[httpx.Request] = []
    async with CatalogueClient("https://icons.example.com", TEST_TOKEN, transport=_remote_catalogue(seen)) as client:
        with pytest.raises(ProtocolError, match="inside your own network"):
            await client.thumbnail(address)
    assert seen == []


@pytest.mark.parametrize("address", ["https://192.168.1.1/admin", "https://169.254.169.254/latest/meta-data/"])
async def test_a_remote_catalogue_cannot_redirect_into_the_users_network(address, tmp_path):
    seen: list[httpx.Request] = []
    async with CatalogueClient(
        "https://icons.example.com", TEST_TOKEN, transport=_remote_catalogue(seen, address)
    ) as client:
        with pytest.raises(ProtocolError, match="inside your own network"):
            await client.search("x")
        with pytest.raises(ProtocolError, match="inside your own network"):
            await client.download(5, tmp_path / "never")
    assert [request.url.host for request in seen] == ["icons.example.com", "icons.example.com"]
    assert list(tmp_path.iterdir()) == []


async def test_public_previews_of_a_remote_catalogue_are_still_fetched():
    seen: list[httpx.Request] = []
    async with CatalogueClient("https://icons.example.com", TEST_TOKEN, transport=_remote_catalogue(seen)) as client:
        assert await client.thumbnail("https://cdn.example.net/x.png") == PNG
        assert await client.thumbnail("http://93.184.216.34/x.png") == PNG
    assert [request.headers.get("authorization") for request in seen] == [None, None]


async def test_an_internal_catalogue_may_use_internal_addresses(server, other_server):
    """The embedded catalogue (and a company's intranet one) serves previews from loopback or the LAN."""
    other_server.on("/x.png", Reply.file(PNG, "image/png"))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        assert await client.thumbnail(other_server.url("/x.png")) == PNG


@pytest.mark.parametrize(
    "host", ["icons.example.com", "93.184.216.34", "2606:4700::1111", "example.localhost.com", "127.example"]
)
def test_public_hosts_are_not_internal(host):
    assert not is_internal_host(host)
