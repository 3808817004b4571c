"""`iconcat search` sees every page (issue 23): `key:value` words filter through the browser's parser
over every page of the answer, `--all` follows every page, `--limit N` counts after the filters, and
the lines under the table say what was seen. Over loopback, on a catalogue with small pages."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest

from iconcat.api import CatalogueClient, Icon
from iconcat.browsing.filters import parse_query
from iconcat.server import start_catalogue
from tests.conftest import TEST_TOKEN
from tests.support.cli import cli_filtered_ids, run_iconcat
from tests.support.misbehaving import MisbehavingServer, Reply
from tests.support.payloads import icon as entry
from tests.support.pty import PtyProcess

PAGE = 10
"""The catalogue's page size here: "arrow" (119 matches) spans twelve pages."""


@pytest.fixture(scope="module")
def small_pages():
    with start_catalogue(token=TEST_TOKEN, page_size=PAGE) as server:
        yield server.base_url


def every_page(base_url: str, words: str) -> list[Icon]:
    """Every icon of the answer to `words`, each page fetched with the client."""

    async def fetch() -> list[Icon]:
        async with CatalogueClient(base_url, TEST_TOKEN) as client:
            result = await client.search(words)
            while result.can_load_more:
                result = await client.more(result)
        assert result.paging_stopped is None and not result.more_available
        return list(result.icons)

    return asyncio.run(fetch())


def env(base_url: str) -> dict[str, str]:
    return {"ICONCAT_BASE_URL": base_url, "ICONCAT_TOKEN": TEST_TOKEN}


@pytest.mark.parametrize(
    "query", ["arrow style:filled", "arrow format:eps", "arrow set:core-ui style:outline,light", "arrow size:vector"]
)
def test_search_json_with_filters_equals_the_filters_over_every_page_the_client_fetches(small_pages, query) -> None:
    parsed = parse_query(query)
    fetched = every_page(small_pages, parsed.service_text)
    expected = [kept.id for kept in parsed.filters.apply(fetched)]
    assert len(parsed.filters.apply(fetched[:PAGE])) < len(expected), "the first page alone holds fewer"
    assert cli_filtered_ids(query, small_pages) == expected


def test_the_table_says_how_many_of_how_many_seen_match(small_pages) -> None:
    # format: is the client's to apply (the catalogue narrows by references only): every arrow is seen.
    seen = every_page(small_pages, "arrow")
    kept = parse_query("arrow format:eps").filters.apply(seen)
    outcome = run_iconcat("search", "arrow", "format:eps", env=env(small_pages))
    assert outcome.status == 0
    assert outcome.error_line == f"{len(kept)} of {len(seen)} match format:eps"
    assert len(outcome.stdout.splitlines()) == 1 + len(kept)


def test_under_the_cap_the_client_filters_every_page_and_nothing_is_narrowed(small_pages) -> None:
    """119 arrows, under the 10,000 cap: the filter words stay the client's (every arrow is seen)."""
    arrows = every_page(small_pages, "arrow")
    kept = parse_query("arrow style:filled format:svg").filters.apply(arrows)
    outcome = run_iconcat("search", "arrow", "style:filled", "format:svg", env=env(small_pages))
    assert outcome.status == 0
    assert outcome.error_line == f"{len(kept)} of {len(arrows)} match style:filled format:svg"
    document = json.loads(run_iconcat("search", "arrow style:fil", "--json", env=env(small_pages)).stdout)
    assert document["meta"]["narrowed"] == [] and document["meta"]["filters"] == "style:fil"
    assert document["meta"]["seen"] == document["meta"]["total"] == len(arrows)


@pytest.mark.parametrize("total", [None, 20_000])
def test_narrow_goes_only_to_a_catalogue_counting_more_than_the_cap_and_one_ignoring_it_changes_nothing(
    total: int | None,
) -> None:
    """Without `meta.total` (not the embedded catalogue: `narrow` might be refused) it is never sent;
    with a total above the cap the search is asked again with it; ignored, the client filters all the same."""
    filled = {"id": 2, "name": "Filled"}
    data = [entry(n, style=filled) if n % 2 else entry(n) for n in range(1, 9)]
    meta: dict[str, object] = {"moreResultsAvailable": False}
    if total is not None:
        meta["total"] = total
    with MisbehavingServer() as server:
        server.on("/api/v1/search", Reply.json({"data": data, "meta": meta}))
        outcome = run_iconcat("search", "arrow style:filled", "--json", env=env(server.base_url))
        asked = [request.target for request in server.requests]
    assert outcome.status == 0
    assert "narrow" not in asked[0]
    if total is None:
        assert len(asked) == 1, "never offered the words"
    else:
        assert len(asked) == 2 and "narrow=style%3Afilled" in asked[1], "asked again, narrowed"
    document = json.loads(outcome.stdout)
    assert [icon["id"] for icon in document["data"]] == [1, 3, 5, 7], "filtered by the client all the same"
    assert document["meta"]["narrowed"] == []


def test_all_follows_every_page_and_without_it_one_page_says_how_to_see_the_rest(small_pages) -> None:
    everything = [each.id for each in every_page(small_pages, "arrow")]
    assert cli_filtered_ids("arrow", small_pages, TEST_TOKEN, "--all") == everything
    first = run_iconcat("search", "arrow", env=env(small_pages))
    assert len(first.stdout.splitlines()) == 1 + PAGE
    more = "more match: --all fetches every page, or refine the search"
    assert first.error_line == f"{PAGE} of {len(everything)} icons; {more}"


def test_limit_counts_icons_after_the_filters(small_pages) -> None:
    parsed = parse_query("arrow style:filled")
    expected = [kept.id for kept in parsed.filters.apply(every_page(small_pages, "arrow"))]
    assert cli_filtered_ids("arrow style:filled", small_pages, TEST_TOKEN, "--limit", "3") == expected[:3]
    assert cli_filtered_ids("arrow style:filled", small_pages, TEST_TOKEN, "--limit", "9999") == expected
    limited = run_iconcat("search", "arrow style:filled", "--limit", "3", env=env(small_pages))
    assert limited.error_line.startswith("3 icons that match style:filled (--limit 3), from the first ")
    plain = cli_filtered_ids("arrow", small_pages, TEST_TOKEN, "--limit", str(PAGE + 5))
    assert plain == [each.id for each in every_page(small_pages, "arrow")][: PAGE + 5], "pages followed to N"


@pytest.mark.parametrize("value", ["0", "-2", "x", "1.5"])
def test_a_limit_below_one_is_refused_with_a_sentence(small_pages, value) -> None:
    outcome = run_iconcat("search", "arrow", f"--limit={value}", env=env(small_pages))
    assert outcome.status == 2 and outcome.stdout == ""
    assert "--limit counts the icons to print: give a whole number of 1 or more" in outcome.error_line


@pytest.mark.parametrize("query", ["arrow colour:red", "arrow stlye:filled style:outline", "arrow style:"])
def test_an_unknown_or_empty_filter_is_refused_with_the_browsers_words(small_pages, query) -> None:
    outcome = run_iconcat("search", query, env=env(small_pages))
    assert outcome.status == 2 and outcome.stdout == ""
    assert outcome.error_line == f"iconcat: error: {parse_query(query).notice}"


def test_filter_words_with_no_search_word_are_refused_by_a_service_that_cannot_list_without_one() -> None:
    with MisbehavingServer() as server:
        server.on("/api/v1/search", Reply.json({"data": [], "meta": {"moreResultsAvailable": False}}))
        outcome = run_iconcat("search", "style:filled", "set:core-ui", env=env(server.base_url))
        assert server.requests == [], "refused before anything is sent"
    assert outcome.status == 2
    host = server.base_url.removeprefix("http://")
    assert outcome.error_line == (
        f"iconcat: error: {host} cannot list icons without a search word: give one, "
        "like `iconcat search arrow style:filled set:core-ui`"
    )


def test_a_catalogue_that_reveals_no_next_page_is_said_plainly() -> None:
    filled = {"id": 2, "name": "Filled"}
    data = [entry(n, style=filled) if n % 2 else entry(n) for n in range(1, 9)]
    with MisbehavingServer() as server:
        server.on("/api/v1/search", Reply.json({"data": data, "meta": {"moreResultsAvailable": True}}))
        outcome = run_iconcat("search", "arrow style:filled", env=env(server.base_url))
    assert outcome.status == 0
    assert outcome.stderr.splitlines() == [
        "4 of 8 match style:filled",
        "filters apply to the 8 the catalogue returned: it reveals no next page, so refine the search to see others",
    ]


@pytest.fixture(scope="module")
def thirty_thousand():
    with start_catalogue(token=TEST_TOKEN, icons=30_000) as server:
        yield server.base_url


def test_at_the_cap_the_counts_say_they_are_over_the_first_ten_thousand(thirty_thousand) -> None:
    # format: is not narrowed by the catalogue: the client sees the first 10,000 of `a` and says so.
    outcome = run_iconcat("search", "a", "format:eps", env=env(thirty_thousand), timeout=120)
    assert outcome.status == 0, outcome.stderr
    summary, cap = outcome.stderr.splitlines()
    assert summary.endswith(" of 10,000 match format:eps")
    assert cap.startswith("counts over the first 10,000 of ") and "at most 10,000 icons" in cap


def test_narrowed_by_the_catalogue_a_filter_reaches_matches_beyond_the_cap(thirty_thousand) -> None:
    """`a` matches more than 10,000 of 30,000 icons; `a set:studio` asks the catalogue to narrow, so every
    Studio icon of `a` is shown, those past the first 10,000 of the answer too, with no cap notice."""
    with httpx.Client(headers={"Authorization": f"Bearer {TEST_TOKEN}"}, timeout=60) as http:
        url = thirty_thousand + "/api/v1/search"
        whole = http.get(url, params={"name": "a", "size": "10000"}).json()
        narrowed = http.get(url, params={"name": "a", "narrow": "set:studio"}).json()["meta"]["total"]
    assert whole["meta"]["total"] > 10_000
    # The first page (48) and the next (10,000) hold the first 10,048: at most those within the cap.
    within_cap = sum(icon["set"]["name"] == "Studio" for icon in whole["data"])
    assert within_cap < narrowed, "some Studio icons of `a` lie beyond the first 10,000"
    outcome = run_iconcat("search", "a set:studio", "--json", env=env(thirty_thousand), timeout=120)
    assert outcome.status == 0, outcome.stderr
    document = json.loads(outcome.stdout)
    assert len(document["data"]) == narrowed == document["meta"]["total"]
    assert {icon["set"]["name"] for icon in document["data"]} == {"Studio"}
    assert document["meta"]["narrowed"] == ["set:studio"] and "pagingStopped" not in document["meta"]


def test_on_a_terminal_the_pages_are_counted_while_they_arrive_then_wiped(small_pages) -> None:
    """Progress on stderr only where a person watches (the pipes above get the one summary line)."""
    terminal = PtyProcess.iconcat("search", "arrow format:eps", env=env(small_pages))
    assert terminal.finish() == 0, terminal.output
    total = len(every_page(small_pages, "arrow"))
    assert f"\rfetching pages… {PAGE} of {total} icons so far".encode() in terminal.output
    progress_end = terminal.output.rindex(b"icons so far")
    wiped = terminal.output.index(b"\r\x1b[K", progress_end)
    assert wiped < terminal.output.index(b"ID "), "the line is wiped before the table"
