"""A refused connection to this machine is reported at once: a local catalogue that is not running.

Nothing on a network can change in the retry policy's 2.7 s when the port of a loopback address has
no listener, so the client does not retry it (docs/reliability.md); a refusal from elsewhere keeps the
policy. Attempts are counted by a transport wrapped around the client's own, never by the clock.
"""

from __future__ import annotations

import httpx
import pytest

from iconcat.api import CatalogueClient, NetworkError
from iconcat.api._transport import PlainFirstTransport
from tests.conftest import TEST_TOKEN
from tests.support.tui import refusing_socket


class CountingTransport(httpx.AsyncBaseTransport):
    """Passes each request to `inner`, counting the attempts to connect."""

    def __init__(self, inner: httpx.AsyncBaseTransport) -> None:
        self.inner = inner
        self.attempts = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.attempts += 1
        return await self.inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self.inner.aclose()


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
async def test_a_refused_loopback_connection_is_tried_once_and_said_plainly(fake_time, host):
    refusing = refusing_socket()
    port = refusing.getsockname()[1]
    counting = CountingTransport(PlainFirstTransport())
    try:
        async with CatalogueClient(
            f"http://{host}:{port}", TEST_TOKEN, transport=counting, retry=fake_time.policy()
        ) as client:
            with pytest.raises(NetworkError) as caught:
                await client.search("arrow")
    finally:
        refusing.close()
    assert counting.attempts == 1
    assert fake_time.sleeps == []
    assert f"nothing is listening at http://{host}:{port} (connection refused)" in str(caught.value)


async def test_a_refusal_from_another_host_is_still_retried(fake_time):
    def refuse(request: httpx.Request) -> httpx.Response:
        try:
            raise ConnectionRefusedError(111, "Connect call failed")
        except ConnectionRefusedError as refused:
            raise httpx.ConnectError("All connection attempts failed", request=request) from refused

    counting = CountingTransport(httpx.MockTransport(refuse))
    async with CatalogueClient(
        "https://icons.example.com", TEST_TOKEN, transport=counting, retry=fake_time.policy()
    ) as client:
        with pytest.raises(NetworkError, match="could not connect to https://icons.example.com"):
            await client.search("arrow")
    assert counting.attempts == 4
    assert len(fake_time.sleeps) == 3
