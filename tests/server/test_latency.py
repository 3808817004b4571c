"""`latency_ms` delays every response, errors included.

Measured without a clock (the suite holds no timed assertion): the server runs in this process, so the
test replaces the sleep the middleware awaits with one that records how long it was asked to wait.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import httpx
import pytest

import iconcat.server.app as server_app
from tests.support.server import serving

LATENCY_MS = 300


@pytest.fixture
def requested_sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The delays the server's middleware awaits, in order; each returns at once."""
    asked: list[float] = []
    real_sleep = asyncio.sleep

    async def recording_sleep(delay: float) -> None:
        asked.append(delay)
        await real_sleep(0)

    monkeypatch.setattr(server_app, "asyncio", SimpleNamespace(sleep=recording_sleep))
    return asked


def test_every_response_waits_the_latency_first(requested_sleeps: list[float]) -> None:
    with serving(latency_ms=LATENCY_MS) as client:
        cases = (
            (client.get, "/api/v1/search?name=sun", 200),
            (client.get, "/api/v1/download?id=abc", 400),
            (client.get, "/api/v1/download?id=999999", 404),
            (httpx.get, str(client.base_url) + "/api/v1/search?name=sun", 401),  # no token
        )
        for count, (get, url, status) in enumerate(cases, start=1):
            assert get(url).status_code == status
            assert requested_sleeps == [LATENCY_MS / 1000] * count


def test_no_latency_means_no_wait(requested_sleeps: list[float]) -> None:
    with serving() as client:
        assert client.get("/api/v1/search?name=sun").status_code == 200
    assert requested_sleeps == []
