"""`latency_ms` delays every response, errors included."""

from __future__ import annotations

import time

import httpx

from .support import serving

LATENCY_MS = 300


def test_every_response_waits_at_least_the_latency() -> None:
    # A lower bound only: a sleep cannot end early, so this cannot flake on a slow machine.
    with serving(latency_ms=LATENCY_MS) as client:
        for path, status in (("/api/v1/search?name=sun", 200), ("/api/v1/download?id=abc", 400)):
            started = time.monotonic()
            assert client.get(path).status_code == status
            assert time.monotonic() - started >= LATENCY_MS / 1000
        started = time.monotonic()
        assert httpx.get(str(client.base_url) + "/api/v1/search?name=sun").status_code == 401
        assert time.monotonic() - started >= LATENCY_MS / 1000

