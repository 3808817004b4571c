"""The token appears nowhere: every CLI error family, log records, the browser's screenshots and notifications.

tests/api/test_token.py proves where the token is *sent* and that library errors and reprs omit it; this
file looks at everything a person or a log collector could *read*, including when the service echoes
the token back at us in bodies, headers and redirect targets.
"""

from __future__ import annotations

import logging
import socket
from pathlib import Path

import pytest

from iconcat.api import CatalogueClient, CatalogueError
from iconcat.tui.app import IconcatApp
from iconcat.tui.connection import Connection
from iconcat.tui.screens import ConnectScreen
from tests.conftest import TEST_TOKEN
from tests.support.cli import run_iconcat
from tests.support.fixtures import snapshot
from tests.support.hostile import PNG_FILE, hostile_env, script_catalogue
from tests.support.misbehaving import Reply
from tests.support.tui import wait_until

ECHO = f"Bearer {TEST_TOKEN}"
"""What a hostile or careless service echoes back: the Authorization header it received."""

GOOD_SEARCH = {"data": [], "meta": {"moreResultsAvailable": False}}


def _echoing(status: int, **options) -> Reply:
    """An error answer that quotes the token everywhere it can."""
    return Reply.json(
        {"error": f"bad credentials {ECHO}", "token": TEST_TOKEN},
        status=status,
        headers=[("WWW-Authenticate", f'Bearer error="{TEST_TOKEN}"'), ("X-Echo", ECHO)],
        **options,
    )


# Each case: the answer to every request, and the exit status expected from `iconcat search`.
SEARCH_FAILURES = {
    "401 echoing the token": (_echoing(401), 3),
    "403 echoing the token": (_echoing(403), 3),
    "404 echoing the token": (_echoing(404), 4),
    "400 echoing the token": (_echoing(400), 2),
    "500 echoing the token": (_echoing(500), 1),
    "429 asking for an hour": (Reply(status=429, headers=[("Retry-After", "3600"), ("X-Echo", ECHO)]), 1),
    "html page quoting the token": (Reply(headers=[("Content-Type", "text/html")], body=f"<p>{ECHO}</p>".encode()), 1),
    "malformed json quoting the token": (Reply.json(f'{{"data": [{ECHO}'.encode()), 1),
    "wrong shape quoting the token": (Reply.json({"data": ECHO}), 1),
    "redirect to a url holding the token": (Reply.redirect(f"ftp://{TEST_TOKEN}@127.0.0.1/{TEST_TOKEN}"), 1),
    "redirect loop holding the token": (Reply.redirect(f"/api/v1/search?t={TEST_TOKEN}"), 1),
    "garbage status line": (Reply(raw=f"HTTP/1.1 2OO {ECHO}\r\n\r\n".encode()), 1),
    "header with the token in its name": (
        Reply(raw=f"HTTP/1.1 200 OK\r\n{TEST_TOKEN} x: y\r\nContent-Length: 2\r\n\r\n{{}}".encode()),
        1,
    ),
    "body cut short": (Reply.json({"data": [ECHO] * 500}, cut_after=2000, chunk_size=500), 1),
}


@pytest.mark.parametrize("reply, status", SEARCH_FAILURES.values(), ids=SEARCH_FAILURES.keys())
def test_search_failures_print_one_line_and_never_the_token(server, tmp_path, reply, status):
    server.on("/api/v1/search", reply)
    outcome = run_iconcat("search", "arrow", "--timeout", "5", env=hostile_env(server, tmp_path))  # asserts no token
    assert outcome.status == status, outcome.stderr
    assert outcome.stdout == ""
    assert outcome.error_line.startswith("iconcat: error: ")


DOWNLOAD_FAILURES = {
    "401 echoing the token": (_echoing(401), 3),
    "404 echoing the token": (_echoing(404), 4),
    "503 echoing the token, then a cut": (
        Reply.file(PNG_FILE, "image/png", filename=f"{TEST_TOKEN}.png", cut_after=50),
        1,
    ),
    "web page quoting the token": (Reply.file(f"<html>{ECHO}</html>".encode(), "text/html", filename="a.png"), 1),
    "html typed png named after the token": (
        Reply.file(f"<html>{ECHO}</html>".encode(), "image/png", filename=f"{TEST_TOKEN}.png"),
        1,
    ),
    "redirect elsewhere that refuses": (None, 1),
}


@pytest.mark.parametrize("reply, status", DOWNLOAD_FAILURES.values(), ids=DOWNLOAD_FAILURES.keys())
def test_download_failures_print_one_line_leave_nothing_and_never_the_token(
    server, other_server, download_dir, reply, status
):
    if reply is None:  # the other origin gets no token, and its 401 is not blamed on ours
        reply = Reply.redirect(other_server.url(f"/cdn/{TEST_TOKEN}.png"))
        other_server.on(f"/cdn/{TEST_TOKEN}.png", _echoing(401))
    server.on("/api/v1/download", reply)
    before = snapshot(download_dir.parent)
    outcome = run_iconcat(
        "download", "7", "-o", str(download_dir), "--timeout", "5", env=hostile_env(server, download_dir)
    )
    assert outcome.status == status, outcome.stderr
    assert outcome.stdout == ""
    assert outcome.error_line.startswith("iconcat: error: ")
    assert snapshot(download_dir.parent) == before
    assert all(request.header("authorization") is None for request in other_server.requests)


def test_an_unreachable_service_and_a_deadline_never_print_the_token(server, tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        refused = run_iconcat(
            "search",
            "a",
            "--timeout",
            "2",
            env={**hostile_env(server, tmp_path), "ICONCAT_BASE_URL": f"http://127.0.0.1:{probe.getsockname()[1]}"},
        )
    assert refused.status == 1 and "nothing is listening" in refused.error_line
    server.on("/api/v1/search", Reply.json(GOOD_SEARCH, hang=20))
    slow = run_iconcat("search", "a", "--timeout", "1", env=hostile_env(server, tmp_path))
    assert slow.status == 1 and "1 s" in slow.error_line


@pytest.mark.parametrize(
    "bad_token",
    [
        TEST_TOKEN + "\x1b]52;c;cGF3bmVk\x07",
        TEST_TOKEN + "\r\nX-Evil: 1",
        TEST_TOKEN + " " + TEST_TOKEN,
        TEST_TOKEN + "\u202e",
    ],
    ids=["osc 52", "header injection", "space", "bidi"],
)
def test_a_token_with_control_characters_in_the_environment_is_refused_without_echo(server, tmp_path, bad_token):
    server.on("/api/v1/search", Reply.json(GOOD_SEARCH))
    outcome = run_iconcat("search", "a", env={**hostile_env(server, tmp_path), "ICONCAT_TOKEN": bad_token})
    assert outcome.status == 2
    assert "token" in outcome.error_line and "\x1b" not in outcome.stderr
    assert server.requests == [], "nothing was sent with a broken token"


async def test_no_log_record_ever_holds_the_token(server, other_server, tmp_path, caplog, fake_time):
    """httpx and httpcore log requests at INFO/DEBUG; run every family with everything logged."""
    caplog.set_level(logging.DEBUG)
    other_server.on("/t.png", _echoing(401))
    script = {
        "/api/v1/search": [
            _echoing(401),
            _echoing(500),
            Reply.json({"data": ECHO}),
            Reply.redirect(other_server.url("/t.png")),
            Reply(status=503, headers=[("Retry-After", "1")]),
            Reply.json(GOOD_SEARCH),
        ],
        "/api/v1/download": [
            Reply.file(PNG_FILE, "image/png", filename=f"{TEST_TOKEN}.png", cut_after=10),
            _echoing(404),
        ],
    }
    for path, replies in script.items():
        server.on(path, *replies)
    async with CatalogueClient(server.base_url, TEST_TOKEN, timeout=5, retry=fake_time.policy()) as client:
        for _ in range(5):
            try:
                await client.search("x")
            except CatalogueError:
                pass
        for _ in range(2):
            with pytest.raises(CatalogueError):
                await client.download(5, tmp_path)
        with pytest.raises(CatalogueError):
            await client.thumbnail(other_server.url("/t.png"))
    assert len(server.requests) >= 8
    assert caplog.records, "the HTTP stack did log (else this test proves nothing)"
    for record in caplog.records:
        assert TEST_TOKEN not in record.getMessage()
        assert TEST_TOKEN not in repr(record.args)
    assert TEST_TOKEN not in caplog.text


async def test_screenshots_and_notifications_never_hold_the_token(server, download_dir):
    """The connect screen holds the token in a password field: a screenshot shows dots, never the token."""
    script_catalogue(server, ["Arrow Left"], download=_echoing(500))
    connection = Connection.service(server.base_url, TEST_TOKEN, download_dir)
    app = IconcatApp(connection, query="arrow", view="list")  # walks rows
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_until(pilot, lambda: app.query("ResultsList") and app.query_one("ResultsList").icons, "results")
        app.start_download(app.query_one("ResultsList").icons[0], app.query_one("ResultsList").icons[0].variants[0])
        await wait_until(pilot, lambda: app.downloads[0].status.finished, "the failed download")
        app.action_connect()
        await wait_until(pilot, lambda: isinstance(app.screen, ConnectScreen), "the connect screen")
        await pilot.pause(0.2)
        token_field = app.screen.query_one("#connect-token")
        assert token_field.value == TEST_TOKEN, "the field does hold the token (else this test proves nothing)"
        svg = app.export_screenshot()
        saved = Path(app.save_screenshot(path=str(download_dir.parent), filename="shot.svg"))
        notes = [f"{note.title} {note.message}" for note in app._notifications]
    assert "•" in svg or "\u2022" in svg or "*" in svg
    assert TEST_TOKEN not in svg
    assert TEST_TOKEN not in saved.read_text()
    assert notes and all(TEST_TOKEN not in note for note in notes)
    assert "Download failed" in " ".join(notes)


@pytest.mark.parametrize(
    "token", [TEST_TOKEN + "\udcff", TEST_TOKEN + "\ud800"], ids=["surrogate escape", "lone surrogate"]
)
def test_saving_a_token_that_cannot_be_stored_is_a_config_error_without_echo(token):
    """A token field can receive anything a terminal decodes; saving it must fail cleanly, never crash."""
    from iconcat.config import ConfigError, config_path, save_settings

    with pytest.raises(ConfigError) as caught:
        save_settings(base_url="http://127.0.0.1:1", token=token)
    assert TEST_TOKEN not in str(caught.value)
    assert caught.value.__cause__ is None and caught.value.__context__ is None
    assert not config_path().exists()
    assert list(config_path().parent.iterdir()) == [], "no temporary file left behind"


LOGIN_FAILURES = {
    "401 echoing the token": (_echoing(401), 3),
    "500 echoing the token": (_echoing(500), 1),
    "html login page quoting the token": (
        Reply(headers=[("Content-Type", "text/html")], body=f"<p>{ECHO}</p>".encode()),
        1,
    ),
    "redirect to another origin": (None, 1),
}


@pytest.mark.parametrize("reply, status", LOGIN_FAILURES.values(), ids=LOGIN_FAILURES.keys())
def test_login_against_a_hostile_service_saves_nothing_and_never_echoes(server, other_server, reply, status):
    from iconcat.config import config_path

    if reply is None:
        reply = Reply.redirect(other_server.url("/api/v1/search?name=a"))
        other_server.on("/api/v1/search", _echoing(401))
    server.on("/api/v1/search", reply)
    outcome = run_iconcat("login", "--token-stdin", "--base-url", server.base_url, stdin=TEST_TOKEN + "\n")
    assert outcome.status == status, outcome.stderr
    assert not config_path().exists()
    assert all(request.header("authorization") is None for request in other_server.requests)


def test_the_debugging_traceback_holds_no_token(server, tmp_path):
    """ICONCAT_DEBUG=1 lets the traceback through for a bug report: messages only, never the token."""
    import os
    import subprocess
    import sys

    server.on("/api/v1/search", _echoing(401))
    completed = subprocess.run(
        [sys.executable, "-m", "iconcat", "search", "a"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **hostile_env(server, tmp_path), "ICONCAT_DEBUG": "1"},
    )
    assert completed.returncode != 0
    assert "Traceback" in completed.stderr and "AuthError" in completed.stderr, "the debugging path was taken"
    assert TEST_TOKEN not in completed.stdout + completed.stderr
