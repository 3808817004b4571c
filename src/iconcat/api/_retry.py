"""When to try a request again, and how long to wait first.

Only what is safe and likely to help is retried: a connection that could not be made or was dropped
before any answer (except one refused by this machine itself: a local catalogue that is not running,
reported at once), and the statuses that mean "later" (429, 502, 503, 504). Never another 4xx: the same
request would fail the same way. Waits grow exponentially with full jitter (so many clients that failed
together do not come back together), and a `Retry-After` from the service (seconds or an HTTP date) is
honoured up to `max_retry_after`; a longer wait becomes a `RateLimitedError` saying when to try again,
rather than a command that hangs for an hour.

`sleep` and `random` are injectable so tests check the waits without waiting.
"""

from __future__ import annotations

import asyncio
import random as _random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

__all__ = ["RETRYABLE_STATUSES", "RetryPolicy", "parse_retry_after"]

RETRYABLE_STATUSES = frozenset({429, 502, 503, 504})


@dataclass(frozen=True)
class RetryPolicy:
    """How many attempts, and how long to wait between them."""

    attempts: int = 4
    """Attempts in all, the first included (1 disables retries)."""
    base_delay: float = 0.5
    """The first backoff's upper bound in seconds; it doubles each attempt."""
    max_delay: float = 8.0
    """No single backoff exceeds this."""
    max_retry_after: float = 30.0
    """The longest `Retry-After` honoured by waiting; longer becomes a `RateLimitedError`."""
    sleep: Callable[[float], Awaitable[None]] = field(default=asyncio.sleep, repr=False)
    """How to wait (tests inject a recorder)."""
    random: Callable[[], float] = field(default=_random.random, repr=False)
    """A number in [0, 1) for jitter (tests inject a fixed one)."""
    clock: Callable[[], float] = field(default=time.monotonic, repr=False)
    """Seconds on a monotonic clock, for the shared cool-down after a 429 (tests inject a fake one)."""

    def backoff(self, retry_number: int) -> float:
        """The wait before retry number `retry_number` (1 for the first retry): full jitter."""
        ceiling = min(self.max_delay, self.base_delay * (2 ** (retry_number - 1)))
        return float(ceiling * self.random())


def parse_retry_after(value: str | None, *, now: datetime | None = None) -> float | None:
    """Seconds to wait from a `Retry-After` header value (delta-seconds or an HTTP date), or None.

    A malformed value is ignored (None): the normal backoff applies. A date in the past means 0.
    """
    if value is None:
        return None
    value = value.strip()
    if not value or len(value) > 64:
        return None
    if value.isdigit():
        return float(min(int(value), 10**9))
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    now = now or datetime.now(UTC)
    return max(0.0, (when - now).total_seconds())
