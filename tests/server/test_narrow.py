"""The search's `narrow` extension (`embedded/narrowing.py`): the browser's filter rule, applied by the catalogue.

The agreement test is the point: for a spread of filter words, the narrowed answer is exactly what
`Filters.apply` keeps of the unnarrowed answer, so the browser may ask the catalogue to narrow and
show the same icons it would have filtered itself.
"""

from __future__ import annotations

import httpx
import pytest

from iconcat.api import parse_search_result
from iconcat.browsing.filters import Filters, parse_query
from tests.support.server import serving

PAGE = 10


@pytest.fixture(scope="module")
def paged():
    with serving(page_size=PAGE) as client:
        yield client


@pytest.fixture(scope="module")
def whole():
    with serving(page_size=100_000) as client:
        yield client


def search(client: httpx.Client, name: str, *narrow: str, **params: str) -> dict:
    response = client.get("/api/v1/search", params={"name": name, "narrow": list(narrow), **params})
    assert response.status_code == 200, response.text
    return response.json()


def ids(body: dict) -> list[int]:
    return [icon["id"] for icon in body["data"]]


def filtered_ids(body: dict, words: str) -> list[int]:
    """What the browser's own filters keep of an unnarrowed answer."""
    icons = parse_search_result(body).icons
    return [icon.id for icon in parse_query(words).filters.apply(icons)]


AGREEING_WORDS = [
    "set:core",  # a prefix
    "set:core-ui",
    "set:CORE_UI",  # case, underscores
    'set:"core ui"',  # quoted: exact
    'set:"core"',  # quoted and not whole: nothing
    "style:fil",
    "style:filled,outline",  # alternatives
    'style:"filled",duo',
    "style:filled style:light",  # a key twice adds alternatives
    "set:studio style:bold",  # two keys: both hold
    "category:arrows series:line-pro",
    "series:line pro",  # a space ends the word: "series:line" (and "pro" is a search word, not sent here)
    'set:" core  ui "',  # odd spacing within quotes
    "style:filled,,outline, set:core--ui",  # empty alternatives, doubled hyphens
    'set:"core ui",studio category:nav',
    "set:zzz",  # nothing
]


@pytest.mark.parametrize("words", AGREEING_WORDS)
@pytest.mark.parametrize("name", ["arrow", ""])
def test_the_narrowed_answer_is_what_the_browsers_filters_keep(whole, name: str, words: str) -> None:
    parsed = parse_query(words)
    narrow = [parsed.filters.term_text(key) for key in parsed.filters.keys]
    assert narrow, "every case narrows by something"
    narrowed = search(whole, name, *narrow)
    expected = filtered_ids(search(whole, name), words)
    assert ids(narrowed) == expected
    assert narrowed["meta"]["total"] == len(expected)
    assert narrowed["meta"]["narrowed"] == narrow, "the words honoured, in the filters' canonical spelling"


def test_the_raw_words_narrow_as_the_filters_would_without_the_clients_spelling(whole) -> None:
    # A client may send what was typed, not the canonical text: the catalogue normalises it the same way.
    narrowed = search(whole, "arrow", "SET:Core_UI,  studio", "style:fil")
    assert ids(narrowed) == filtered_ids(search(whole, "arrow"), "set:core-ui,studio style:fil")
    same = Filters.of(set="Core_UI,  studio", style="fil")
    assert narrowed["meta"]["narrowed"] == [same.term_text("style"), same.term_text("set")]


def test_every_page_is_narrowed_and_next_keeps_the_words(paged, whole) -> None:
    expected = filtered_ids(search(whole, "arrow"), "style:filled,outline")
    assert len(expected) > 2 * PAGE, "the test needs several pages"
    body = search(paged, "arrow", "style:filled,outline")
    seen = ids(body)
    while body["meta"]["moreResultsAvailable"]:
        assert body["meta"]["next"].count("narrow=") == 1
        assert body["meta"]["total"] == len(expected)
        assert body["meta"]["narrowed"] == ["style:filled,outline"]
        response = paged.get(body["meta"]["next"])
        assert response.status_code == 200, response.text
        body = response.json()
        seen += ids(body)
    assert "next" not in body["meta"]
    assert body["meta"]["narrowed"] == ["style:filled,outline"], "on the last page too"
    assert seen == expected


def test_larger_next_pages_keep_the_words_too() -> None:
    with serving() as client, serving(page_size=100_000) as whole:  # 48, then 500 per page
        expected = filtered_ids(search(whole, ""), "set:core style:filled,outline")
        body = search(client, "", "set:core", "style:filled,outline")
        seen = ids(body)
        while "next" in body["meta"]:
            body = client.get(body["meta"]["next"]).json()
            seen += ids(body)
        assert seen == expected and len(seen) > 48


def test_without_narrow_the_answer_says_nothing_of_it(paged) -> None:
    body = search(paged, "arrow")
    assert "narrowed" not in body["meta"]
    assert "narrow" not in body["meta"]["next"]


@pytest.mark.parametrize(
    "narrow",
    [
        "format:svg",  # not narrowed: the client applies format and size
        "size:512",
        "colour:red",
        "style",  # no colon
        "style:",  # no value
        "style:,",
        ":filled",
    ],
)
def test_a_malformed_narrow_is_a_400(paged, narrow: str) -> None:
    response = paged.get("/api/v1/search", params={"name": "arrow", "narrow": narrow})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_parameter"
    assert "narrow" in error["message"]


def test_too_many_narrow_words_is_a_400(paged) -> None:
    response = paged.get("/api/v1/search", params={"name": "a", "narrow": ["style:f"] * 21})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_parameter"


@pytest.mark.parametrize("read", ["by row", "by unit"])
def test_the_catalogue_of_sets_from_disk_narrows_by_set_and_style_on_every_page(tmp_path, monkeypatch, read) -> None:
    from iconcat.sources import index as source_index
    from iconcat.sources.catalogue import SourceCatalogue
    from iconcat.sources.index import open_index

    # Styles and categories are read by row for a small answer, by unit for a large one: both agree.
    monkeypatch.setattr(source_index, "BY_ROW_BELOW", 10**9 if read == "by row" else 0)
    from tests.support.source_units import FakeUnit, icon, stand_in_rasterise

    ways = ("up", "down", "left", "right", "up-circle", "down-circle")
    tabler = FakeUnit(
        "tabler",
        [icon(f"arrow-{way}") for way in ways] + [icon(f"arrow-{way}-filled", style="Filled") for way in ways],
        name="Tabler Icons",
    )
    phosphor = FakeUnit("ph", [icon(f"arrow-{way}-fill", style="Fill") for way in ways], name="Phosphor")
    catalogue = SourceCatalogue(open_index(tmp_path, [tabler, phosphor]), rasterise=stand_in_rasterise)
    with serving(page_size=4, catalogue=catalogue) as served:
        body = search(served, "arrow", "set:tabler", "style:fill")
        seen = [entry["iconify"] for entry in body["data"]]
        while "next" in body["meta"]:
            assert body["meta"]["total"] == 6 and body["meta"]["narrowed"] == ["style:fill", "set:tabler"]
            body = served.get(body["meta"]["next"]).json()
            seen += [entry["iconify"] for entry in body["data"]]
        whole = search(served, "arrow")
        assert whole["meta"]["total"] == 18
        assert sorted(seen) == sorted(f"tabler:arrow-{way}-filled" for way in ways)
        assert search(served, "arrow", 'style:"fill"')["meta"]["total"] == 6, "Phosphor's Fill, exactly"
        assert search(served, "arrow", "set:ph,tab", "style:regular")["meta"]["total"] == 6


def test_the_catalogue_narrows_by_the_spdx_ids_of_each_sets_licence(tmp_path) -> None:
    import asyncio

    from iconcat.catalogue.embedded import EmbeddedCatalogue
    from iconcat.catalogue.kinds import sets_spec
    from iconcat.sources.catalogue import SourceCatalogue
    from iconcat.sources.index import open_index
    from tests.support.source_units import FakeUnit, icon, stand_in_rasterise

    units = [
        FakeUnit("mit", [icon("arrow-up"), icon("arrow-down")], name="Mit Set", licence=("MIT", "MIT", None)),
        FakeUnit("dual", [icon("arrow-left")], name="Dual Set", licence=("MIT OR Apache-2.0", None, None)),
        FakeUnit("sa", [icon("arrow-right")], name="Share Set", licence=("CC-BY-SA-4.0", None, None)),
        FakeUnit("none", [icon("arrow-circle")], name="Plain Set"),
    ]
    catalogue = SourceCatalogue(open_index(tmp_path, units), rasterise=stand_in_rasterise)
    expected = {
        "license:mit": {"mit:arrow-up", "mit:arrow-down", "dual:arrow-left"},
        "license:Apache-2.0": {"dual:arrow-left"},
        "license:cc-by": {"sa:arrow-right"},
        "license:unknown": {"none:arrow-circle"},
    }
    with serving(page_size=100, catalogue=catalogue) as served:
        for word, names in expected.items():
            for name in ("arrow", ""):
                body = search(served, name, word)
                assert {entry["iconify"] for entry in body["data"]} == names, (word, name)
                assert body["meta"]["narrowed"] == [parse_query(word).filters.text]

    async def in_process(word: str) -> set[str | None]:
        async with EmbeddedCatalogue(sets_spec(["x"]), served=catalogue, page_size=100) as embedded:
            return {found.iconify for found in (await embedded.search("", narrow=[word])).icons}

    for word, names in expected.items():
        assert asyncio.run(in_process(word)) == names
