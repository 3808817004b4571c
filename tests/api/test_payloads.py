"""Search answers of every wrong shape: tolerant where possible, a clear ProtocolError where not."""

from __future__ import annotations

import json

import pytest

from iconcat.api import CatalogueClient, Icon, ProtocolError, Ref, Variant
from tests.conftest import TEST_TOKEN
from tests.support.misbehaving import Reply
from tests.support.payloads import BAD_ENTRIES, BAD_VARIANTS, META_CASES, WRONG_SHAPES, icon


async def search_answer(server, body) -> object:
    server.on("/api/v1/search", body if isinstance(body, Reply) else Reply.json(body))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        return await client.search("arrow")


async def test_a_well_formed_answer_becomes_models(server):
    result = await search_answer(server, {"data": [icon(1)], "meta": {"moreResultsAvailable": True}})
    assert result.icons == (
        Icon(
            1,
            "Arrow 1",
            Ref(1, "Arrows"),
            Ref(2, "Outline"),
            Ref(3, "Essentials"),
            Ref(4, "Core UI"),
            "http://127.0.0.1:1/private/bundle_icons/1/small",
            (Variant(10, "png", 512), Variant(11, "svg", None)),
        ),
    )
    assert result.more_available is True and result.skipped == 0
    assert [v.label for v in result.icons[0].variants] == ["PNG · 512 px", "SVG · vector"]
    assert server.requests[0].query == {"name": ["arrow"]}


async def test_unknown_fields_are_ignored_at_every_level(server):
    entry = icon(1, extra={"deep": [1, 2]}, popularity=3)
    entry["style"]["colour"] = "red"
    entry["variants"][0]["checksum"] = "abc"
    result = await search_answer(
        server, {"data": [entry], "meta": {"moreResultsAvailable": False, "page": 1}, "links": {}}
    )
    assert len(result.icons) == 1 and result.skipped == 0


@pytest.mark.parametrize("bad", BAD_ENTRIES.values(), ids=BAD_ENTRIES.keys())
async def test_one_bad_entry_is_skipped_and_counted_while_the_rest_survive(server, bad):
    result = await search_answer(server, {"data": [icon(1), bad, icon(3)], "meta": {"moreResultsAvailable": False}})
    assert [i.id for i in result.icons] == [1, 3]
    assert result.skipped == 1


async def test_bad_variants_are_dropped_and_the_icon_kept(server):
    result = await search_answer(server, {"data": [icon(1, variants=BAD_VARIANTS)]})
    assert result.icons[0].variants == (Variant(10, "png", 512), Variant(15, "svg", None))
    assert result.skipped == 0


async def test_duplicate_icon_ids_keep_the_first(server):
    result = await search_answer(server, {"data": [icon(1), icon(1, name="Other"), icon(2)]})
    assert [(i.id, i.name) for i in result.icons] == [(1, "Arrow 1"), (2, "Arrow 2")]
    assert result.skipped == 1


@pytest.mark.parametrize("meta, expected", META_CASES)
async def test_more_results_must_be_a_real_bool(server, meta, expected):
    document = {"data": [icon(1)]}
    if meta is not None:
        document["meta"] = meta
    assert (await search_answer(server, document)).more_available is expected


async def test_ten_thousand_results_parse(server):
    result = await search_answer(
        server, {"data": [icon(n) for n in range(1, 10_001)], "meta": {"moreResultsAvailable": True}}
    )
    assert len(result.icons) == 10_000 and result.skipped == 0


@pytest.mark.parametrize(
    "body, message",
    [(body, words) for _name, body, words in WRONG_SHAPES],
    ids=[name for name, _body, _words in WRONG_SHAPES],
)
async def test_a_body_of_the_wrong_shape_is_a_protocol_error(server, body, message):
    with pytest.raises(ProtocolError, match=message):
        await search_answer(server, Reply.json(body))


async def test_huge_numbers_in_ignored_fields_survive(server):
    body = json.dumps({"data": [icon(1, popularity=10**300, ratio=1e308)]}).encode()
    assert len((await search_answer(server, Reply.json(body))).icons) == 1


async def test_an_html_page_with_status_200_says_it_is_a_web_page(server):
    page = b"<!DOCTYPE html><html><body><form>Sign in</form></body></html>"
    for headers in ([("Content-Type", "text/html; charset=utf-8")], [("Content-Type", "application/json")]):
        with pytest.raises(ProtocolError, match="answered with a web page, not JSON"):
            await search_answer(server, Reply(headers=headers, body=page))


async def test_strings_arrive_as_data_unchanged(server):
    """The client keeps names as sent; sanitising is for whoever shows them (see the CLI tests)."""
    hostile = "\x1b]52;c;cGF3bmVk\x07[@click=app.quit]Arrow[/]\u202e"
    result = await search_answer(server, {"data": [icon(1, name=hostile)]})
    assert result.icons[0].name == hostile


async def test_a_utf8_byte_order_mark_is_tolerated(server):
    body = b"\xef\xbb\xbf" + json.dumps({"data": [icon(1)]}).encode()
    assert len((await search_answer(server, Reply.json(body))).icons) == 1
