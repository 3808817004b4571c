"""The browser and `iconcat search` agree on every filtered count (issue 23's done-when): over an answer
of many pages, the icons the browser shows once every page is in, and the count its status gives, are
the icons `search --json` prints. Grouped by name, the count of icons still agrees."""

from __future__ import annotations

import asyncio

import pytest

from iconcat.api import CatalogueClient
from iconcat.browsing.filters import parse_query
from iconcat.server import start_catalogue
from tests.conftest import TEST_TOKEN
from tests.support.browser_answers import browser_filtered
from tests.support.cli import cli_filtered_ids

PAGE = 10
"""The catalogue's page size here: "arrow" (119 matches) spans twelve pages."""


@pytest.fixture(scope="module")
def small_pages():
    with start_catalogue(token=TEST_TOKEN, page_size=PAGE) as server:
        yield server.base_url


async def first_page_kept(base_url: str, query: str) -> int:
    """How many icons of the answer's first page alone the query's filters keep."""
    parsed = parse_query(query)
    async with CatalogueClient(base_url, TEST_TOKEN) as client:
        result = await client.search(parsed.service_text)
    assert result.can_load_more, "the answer spans several pages"
    return len(parsed.filters.apply(result.icons))


@pytest.mark.parametrize(
    "query",
    [
        "arrow style:filled",
        "arrow set:studio",
        "arrow format:eps",
        "arrow style:bold,duotone",
        "arrow set:blueprint style:light",
    ],
)
async def test_the_browser_shows_what_search_prints(small_pages, download_dir, query) -> None:
    printed = await asyncio.to_thread(cli_filtered_ids, query, small_pages)
    assert len(printed) > await first_page_kept(small_pages, query), "a filter over the first page alone would agree"
    shown = await browser_filtered(query, small_pages, TEST_TOKEN, download_dir)
    assert list(shown.ids) == printed
    assert shown.counted == len(printed)
    assert shown.whole_status.endswith("all loaded")


@pytest.mark.parametrize("view", ["list", "gallery"])
async def test_grouped_by_name_the_count_of_icons_still_agrees(small_pages, download_dir, view) -> None:
    query = "arrow style:outline,filled"
    printed = await asyncio.to_thread(cli_filtered_ids, query, small_pages)
    assert len(printed) > await first_page_kept(small_pages, query)
    shown = await browser_filtered(query, small_pages, TEST_TOKEN, download_dir, group=True, view=view)
    assert sorted(shown.ids) == sorted(printed)  # (grouped, in the groups' order)
    assert shown.counted == len(printed)
    assert " names · " in shown.whole_status and shown.whole_status.endswith("all loaded")
