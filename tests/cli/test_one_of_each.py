"""The command line asks the api's questions, as the browser does (issue 11, "one of each"): `iconcat
login` runs `iconcat.api.check_connection` and the api's base-URL parser, and a failure nobody foresaw is
worded by `describe_failure`, never named by its class."""

from __future__ import annotations

import io
import sys

import iconcat.api
from iconcat import cli
from iconcat.cli import search
from iconcat.cli.errors import EXIT_FAILURE, EXIT_USAGE
from iconcat.config import config_path, load_settings
from tests.conftest import TEST_TOKEN


def test_login_checks_with_the_one_connection_check(catalogue, monkeypatch, capsys):
    calls = []
    real = iconcat.api.check_connection

    async def spy(base_url, token, timeout, **options):
        calls.append((base_url, token, timeout))
        return await real(base_url, token, timeout, **options)

    monkeypatch.setattr(iconcat.api, "check_connection", spy)
    monkeypatch.setattr(sys, "stdin", io.StringIO(TEST_TOKEN + "\n"))
    assert cli.main(["login", "--token-stdin", "--base-url", catalogue.base_url, "--timeout", "9"]) == 0
    [(base_url, token, timeout)] = calls
    assert (base_url, timeout) == (catalogue.base_url, 9.0)
    assert isinstance(token, iconcat.api.Secret) and token.reveal() == TEST_TOKEN
    out = capsys.readouterr().out
    assert out.startswith("The token works. The catalogue answered: ") and TEST_TOKEN not in out
    assert load_settings().token == TEST_TOKEN


def test_login_refuses_a_bad_base_url_in_the_parsers_words_before_reading_the_token(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(TEST_TOKEN + "\n"))
    assert cli.main(["login", "--token-stdin", "--base-url", "https://icons.example.com/?page=2"]) == EXIT_USAGE
    [line] = capsys.readouterr().err.splitlines()
    assert line == "iconcat: error: the base URL must not contain a query (?…) or fragment (#…)"
    assert sys.stdin.read() == TEST_TOKEN + "\n", "the token was not read for nothing"
    assert not config_path().exists()


def test_an_unforeseen_failure_is_described_never_named(monkeypatch, capsys):
    def broken(choice, query, **options):
        raise LookupError("the index fell over")

    monkeypatch.setattr(search, "search", broken)
    assert cli.main(["search", "arrow", "--demo"]) == EXIT_FAILURE
    [line] = capsys.readouterr().err.splitlines()
    assert "the index fell over" in line and "ICONCAT_DEBUG=1" in line
    assert "LookupError" not in line and "Error" not in line
