"""The command at a real terminal (a pseudo-terminal): hidden token input, progress on stderr."""

from __future__ import annotations

import stat

import pytest

from iconcat.config import config_path, load_settings
from tests.conftest import TEST_TOKEN
from tests.support.misbehaving import MisbehavingServer, Reply
from tests.support.pty import PtyProcess


def test_login_asks_for_the_url_and_a_hidden_token_then_saves_them(catalogue):
    terminal = PtyProcess.iconcat("login")
    terminal.wait_for("Catalogue base URL: ")
    terminal.send(catalogue.base_url + "\n")
    terminal.wait_for("Token (hidden): ")
    terminal.send(TEST_TOKEN + "\n")
    assert terminal.finish() == 0, terminal.output
    assert TEST_TOKEN.encode() not in terminal.output, "the token was echoed"
    assert b"The token works" in terminal.output
    assert stat.S_IMODE(config_path().stat().st_mode) == 0o600
    settings = load_settings()
    assert (settings.base_url, settings.token) == (catalogue.base_url, TEST_TOKEN)


def test_login_again_offers_the_saved_url_as_the_default(catalogue):
    terminal = PtyProcess.iconcat("login", env={"ICONCAT_BASE_URL": catalogue.base_url})
    terminal.wait_for(f"Catalogue base URL [{catalogue.base_url}]: ")
    terminal.send("\n")
    terminal.wait_for("Token (hidden): ")
    terminal.send(TEST_TOKEN + "\n")
    assert terminal.finish() == 0, terminal.output
    assert load_settings().base_url == catalogue.base_url


def test_login_asks_again_for_a_rejected_token_keeping_the_url(catalogue):
    terminal = PtyProcess.iconcat("login")
    terminal.wait_for("Catalogue base URL: ")
    terminal.send(catalogue.base_url + "\n")
    terminal.wait_for("Token (hidden): ")
    terminal.send(TEST_TOKEN + "-wrong\n")
    terminal.wait_for("try again")
    terminal.wait_for("Token (hidden): ", times=2)  # the token again, not the URL (typed only once asked: echo is off)
    assert terminal.output.count(b"Catalogue base URL") == 1
    terminal.send(TEST_TOKEN + "\n")
    assert terminal.finish() == 0, terminal.output
    assert b"rejected the token" in terminal.output and b"The token works" in terminal.output
    assert b"iconcat login" not in terminal.output  # never sent to the command already running
    assert TEST_TOKEN.encode() not in terminal.output
    assert (load_settings().base_url, load_settings().token) == (catalogue.base_url, TEST_TOKEN)


def test_login_gives_up_after_three_rejected_tokens_with_3(catalogue):
    terminal = PtyProcess.iconcat("login", "--base-url", catalogue.base_url)
    for attempt in range(1, 4):
        terminal.wait_for("Token (hidden): ", times=attempt)
        terminal.send(f"{TEST_TOKEN}-wrong-{attempt}\n")
    assert terminal.finish() == 3, terminal.output
    assert terminal.output.count(b"Token (hidden): ") == 3
    assert b"3 times: nothing was saved" in terminal.output and b"iconcat login" not in terminal.output
    assert TEST_TOKEN.encode() not in terminal.output
    assert not config_path().exists()


@pytest.mark.parametrize("total_known", [True, False], ids=["with length", "chunked"])
def test_download_shows_progress_on_a_terminal_and_ends_with_the_path(tmp_path, total_known):
    png = b"\x89PNG\r\n\x1a\n" + b"\x01" * 300_000 + b"\x00\x00\x00\x00IEND\xaeB`\x82"
    with MisbehavingServer() as server:
        server.on(
            "/api/v1/download",
            Reply.file(png, "image/png", filename="a.png", chunk_size=20_000, delay=0.02, chunked=not total_known),
        )
        terminal = PtyProcess.iconcat(
            "download", "7", "-o", str(tmp_path), env={"ICONCAT_BASE_URL": server.base_url, "ICONCAT_TOKEN": TEST_TOKEN}
        )
        assert terminal.finish() == 0, terminal.output
    assert b"downloading variant 7:" in terminal.output
    assert (b"%" in terminal.output) is total_known
    assert terminal.output.rstrip().splitlines()[-1].endswith(str(tmp_path / "a.png").encode())
    assert (tmp_path / "a.png").read_bytes() == png
