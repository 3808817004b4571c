"""Retries: only what is safe, with backoff and jitter, Retry-After honoured up to a cap, one cool-down per host."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest

from iconcat.api import (
    AuthError,
    CatalogueClient,
    NotFoundError,
    RateLimitedError,
    RetryPolicy,
    ServiceError,
)
from iconcat.api._retry import parse_retry_after
from tests.conftest import TEST_TOKEN
from tests.support.misbehaving import Reply

GOOD = Reply.json({"data": [], "meta": {"moreResultsAvailable": False}})


def client_for(server, fake_time, **policy) -> CatalogueClient:
    return CatalogueClient(server.base_url, TEST_TOKEN, retry=fake_time.policy(**policy))


@pytest.mark.parametrize("status", [429, 502, 503, 504])
async def test_statuses_that_mean_later_are_retried_until_success(server, fake_time, status):
    server.on("/api/v1/search", Reply(status=status), Reply(status=status), GOOD)
    async with client_for(server, fake_time) as client:
        result = await client.search("x")
    assert result.icons == ()
    assert len(server.requests) == 3
    assert len(fake_time.sleeps) == 2


async def test_backoff_grows_exponentially_with_jitter(server, fake_time):
    server.on("/api/v1/search", Reply(status=503))
    async with client_for(server, fake_time, random=0.5, attempts=5, base_delay=1.0, max_delay=3.0) as client:
        with pytest.raises(ServiceError, match="unavailable \\(HTTP 503\\) after 5 attempts"):
            await client.search("x")
    # full jitter: random() × min(max_delay, base × 2^n); with random() = 0.5: 0.5, 1, 1.5 (capped), 1.5
    assert fake_time.sleeps == [0.5, 1.0, 1.5, 1.5]
    assert len(server.requests) == 5


def test_jitter_spreads_the_waits():
    draws = iter([0.0, 0.99])
    policy = RetryPolicy(random=lambda: next(draws), base_delay=2.0)
    assert policy.backoff(1) == 0.0
    assert policy.backoff(1) == pytest.approx(1.98)


async def test_retry_after_in_seconds_is_honoured(server, fake_time):
    server.on("/api/v1/search", Reply(status=503, headers=[("Retry-After", "7")]), GOOD)
    async with client_for(server, fake_time) as client:
        await client.search("x")
    assert fake_time.sleeps == [7.0]


async def test_retry_after_as_an_http_date_is_honoured(server, fake_time):
    when = datetime.now(UTC) + timedelta(seconds=20)
    server.on("/api/v1/search", Reply(status=429, headers=[("Retry-After", format_datetime(when, usegmt=True))]), GOOD)
    async with client_for(server, fake_time) as client:
        await client.search("x")
    assert len(fake_time.sleeps) == 1 and 15 <= fake_time.sleeps[0] <= 21


def test_retry_after_parsing_ignores_nonsense():
    now = datetime(2026, 1, 1, tzinfo=UTC)
    assert parse_retry_after("120", now=now) == 120
    assert parse_retry_after("Thu, 01 Jan 2026 00:01:00 GMT", now=now) == 60
    assert parse_retry_after("Wed, 31 Dec 2025 00:00:00 GMT", now=now) == 0
    for nonsense in (None, "", "-5", "soon", "1.5", "9" * 100):
        assert parse_retry_after(nonsense, now=now) is None


async def test_a_retry_after_beyond_the_cap_is_an_error_saying_when(server, fake_time):
    server.on("/api/v1/search", Reply(status=429, headers=[("Retry-After", "3600")]))
    async with client_for(server, fake_time, max_retry_after=60) as client:
        with pytest.raises(RateLimitedError, match="asks to wait 60 min.*try again after") as caught:
            await client.search("x")
    assert fake_time.sleeps == []
    assert len(server.requests) == 1
    assert caught.value.retry_at is not None
    assert caught.value.retry_at > datetime.now(UTC) + timedelta(minutes=59)


async def test_rate_limited_to_the_end_is_a_rate_limited_error(server, fake_time):
    server.on("/api/v1/search", Reply(status=429, headers=[("Retry-After", "2")]))
    async with client_for(server, fake_time, attempts=3) as client:
        with pytest.raises(RateLimitedError, match="still limiting requests"):
            await client.search("x")
    assert fake_time.sleeps == [2.0, 2.0]


@pytest.mark.parametrize(
    "status, error",
    [
        (400, ServiceError),
        (401, AuthError),
        (403, AuthError),
        (404, NotFoundError),
        (405, ServiceError),
        (418, ServiceError),
        (500, ServiceError),
        (501, ServiceError),
    ],
)
async def test_other_failures_are_never_retried(server, fake_time, status, error):
    server.on("/api/v1/search", Reply.json({"error": "no"}, status=status, headers=[("Retry-After", "1")]))
    async with client_for(server, fake_time) as client:
        with pytest.raises(error) as caught:
            await client.search("x")
    assert len(server.requests) == 1 and fake_time.sleeps == []
    assert f"HTTP {status}" in str(caught.value)


async def test_a_429_cools_down_every_request_to_that_host(server, other_server, fake_time):
    """After a 429 with Retry-After, the next request to the same host waits too; another host does not."""
    server.on("/api/v1/search", Reply(status=429, headers=[("Retry-After", "10")]), GOOD)
    server.on("/t.png", Reply.file(b"\x89PNG\r\n\x1a\n", "image/png"))
    other_server.on("/t.png", Reply.file(b"\x89PNG\r\n\x1a\n", "image/png"))
    async with client_for(server, fake_time) as client:
        await client.search("x")
        assert fake_time.sleeps == [10.0]
        fake_time.now -= 6  # as if a thumbnail were asked for 4 s after the 429
        await client.thumbnail(other_server.url("/t.png"))
        assert fake_time.sleeps == [10.0]
        await client.thumbnail(server.url("/t.png"))
        assert fake_time.sleeps == [10.0, 6.0]


async def test_a_dropped_connection_before_the_answer_is_retried(server, fake_time):
    server.on("/api/v1/search", Reply(raw=b""), GOOD)
    async with client_for(server, fake_time) as client:
        assert (await client.search("x")).icons == ()
    assert len(server.requests) == 2
