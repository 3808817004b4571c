"""Retries seen from outside: the real command against a service that says "later", counted on the server.

tests/api/test_retries.py proves the policy with fake time (backoff, jitter, Retry-After forms, the cap,
the shared cool-down); here the real `iconcat` process, with real sleeps of at most a second, shows the
same decisions end to end, and that what must not be retried is sent once.
"""

from __future__ import annotations

import pytest

from tests.support.cli import run_iconcat
from tests.support.hostile import hostile_env
from tests.support.misbehaving import Reply

GOOD = Reply.json({"data": [], "meta": {"moreResultsAvailable": False}})


def test_a_503_with_retry_after_is_waited_out_then_succeeds(server, tmp_path):
    server.on("/api/v1/search", Reply(status=503, headers=[("Retry-After", "1")]), GOOD)
    outcome = run_iconcat("search", "a", "--json", env=hostile_env(server, tmp_path))
    assert outcome.status == 0, outcome.stderr
    assert len(server.requests_for("/api/v1/search")) == 2


def test_a_429_asking_for_an_hour_fails_at_once_saying_when(server, tmp_path):
    server.on("/api/v1/search", Reply(status=429, headers=[("Retry-After", "3600")]), GOOD)
    outcome = run_iconcat("search", "a", env=hostile_env(server, tmp_path))
    assert outcome.status == 1
    assert "try again after" in outcome.error_line and "GMT" in outcome.error_line
    assert len(server.requests) == 1


@pytest.mark.parametrize("status, exit_status", [(400, 2), (401, 3), (403, 3), (404, 4), (409, 1), (500, 1)])
def test_other_failures_are_sent_once_even_with_retry_after(server, tmp_path, status, exit_status):
    server.on("/api/v1/search", Reply.json({"error": "no"}, status=status, headers=[("Retry-After", "1")]), GOOD)
    outcome = run_iconcat("search", "a", env=hostile_env(server, tmp_path))
    assert outcome.status == exit_status
    assert len(server.requests) == 1


def test_a_download_is_retried_only_before_its_body_starts(server, tmp_path):
    """A 503 before the file is retried; a file cut mid-body is not (the next attempt is the user's)."""
    png = b"\x89PNG\r\n\x1a\n" + b"\x01" * 50_000 + b"\x00\x00\x00\x00IEND\xaeB`\x82"
    server.on(
        "/api/v1/download",
        Reply(status=503, headers=[("Retry-After", "1")]),
        Reply.file(png, "image/png", filename="a.png", cut_after=20_000),
        Reply.file(png, "image/png", filename="a.png"),
    )
    folder = tmp_path / "icons"
    outcome = run_iconcat("download", "7", "-o", str(folder), env=hostile_env(server, folder))
    assert outcome.status == 1 and "broke" in outcome.error_line
    assert len(server.requests) == 2
    assert not folder.exists() or list(folder.iterdir()) == []
