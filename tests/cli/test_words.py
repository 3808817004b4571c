"""Several words on the command line are one query, as in the search box: no quotes needed."""

from __future__ import annotations

import json

import pytest

from iconcat import cli
from iconcat.cli import browser
from tests.support.cli import run_iconcat


def test_search_words_need_no_quotes(configured):
    unquoted = run_iconcat("search", "cloud", "rain", "--json", env=configured)
    quoted = run_iconcat("search", "cloud rain", "--json", env=configured)
    assert unquoted.status == quoted.status == 0, unquoted.stderr
    names = {icon["name"] for icon in json.loads(unquoted.stdout)["data"]}
    assert names == {"Cloud Rain"}
    assert json.loads(unquoted.stdout) == json.loads(quoted.stdout)


def test_search_without_a_name_is_a_usage_error(configured):
    outcome = run_iconcat("search", env=configured)
    assert outcome.status == 2
    assert "NAME" in outcome.stderr


@pytest.mark.parametrize(
    ("argv", "query"),
    [(["browse", "cloud", "rain"], "cloud rain"), (["browse", "heart"], "heart"), (["browse"], None), ([], None)],
)
def test_browse_joins_its_words_into_the_first_search(argv, query, monkeypatch):
    started: list[str | None] = []
    monkeypatch.setattr(
        browser, "browse", lambda settings, initial_query, *, choice, output: started.append(initial_query) or 0
    )
    assert cli.main(argv) == 0
    assert started == [query]
