"""Search answers of every wrong shape: tolerant where possible, a clear ProtocolError where not."""

from __future__ import annotations

import json

import pytest

from iconcat.api import CatalogueClient, Icon, ProtocolError, Ref, Variant
from tests.conftest import TEST_TOKEN
from tests.support.misbehaving import Reply


def icon(icon_id: int = 1, **changes) -> dict:
    entry = {
        "id": icon_id,
        "name": f"Arrow {icon_id}",
        "category": {"id": 1, "name": "Arrows"},
        "style": {"id": 2, "name": "Outline"},
        "series": {"id": 3, "name": "Essentials"},
        "set": {"id": 4, "name": "Core UI"},
        "thumbnail": f"http://127.0.0.1:1/private/bundle_icons/{icon_id}/small",
        "variants": [
            {"id": icon_id * 10, "format": "png", "size": 512},
            {"id": icon_id * 10 + 1, "format": "svg", "size": None},
        ],
    }
    entry.update(changes)
    return entry


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


BAD_ENTRIES = {
    "not an object": "Arrow",
    "id missing": {k: v for k, v in icon(2).items() if k != "id"},
    "id as string": icon(2, id="2"),
    "id as bool": icon(2, id=True),
    "id as float": icon(2, id=2.0),
    "id beyond 64 bits": icon(2, id=10**30),
    "negative id": icon(2, id=-5),
    "name null": icon(2, name=None),
    "name empty": icon(2, name="  "),
    "name as number": icon(2, name=12),
    "ref missing": {k: v for k, v in icon(2).items() if k != "series"},
    "ref as string": icon(2, style="Outline"),
    "ref id as string": icon(2, category={"id": "1", "name": "Arrows"}),
    "thumbnail as list": icon(2, thumbnail=["x"]),
    "variants as object": icon(2, variants={"id": 1}),
}


@pytest.mark.parametrize("bad", BAD_ENTRIES.values(), ids=BAD_ENTRIES.keys())
async def test_one_bad_entry_is_skipped_and_counted_while_the_rest_survive(server, bad):
    result = await search_answer(server, {"data": [icon(1), bad, icon(3)], "meta": {"moreResultsAvailable": False}})
    assert [i.id for i in result.icons] == [1, 3]
    assert result.skipped == 1


async def test_bad_variants_are_dropped_and_the_icon_kept(server):
    variants = [
        {"id": 10, "format": "png", "size": 512},
        {"id": 11, "format": "png", "size": True},
        {"id": 12, "format": "png", "size": "512"},
        {"id": "13", "format": "svg", "size": None},
        {"id": 14, "format": None, "size": None},
        {"id": 10, "format": "png", "size": 256},  # a duplicate id
        "svg",
        {"id": 15, "format": "SVG"},  # size missing is null: vector
    ]
    result = await search_answer(server, {"data": [icon(1, variants=variants)]})
    assert result.icons[0].variants == (Variant(10, "png", 512), Variant(15, "svg", None))
    assert result.skipped == 0


async def test_duplicate_icon_ids_keep_the_first(server):
    result = await search_answer(server, {"data": [icon(1), icon(1, name="Other"), icon(2)]})
    assert [(i.id, i.name) for i in result.icons] == [(1, "Arrow 1"), (2, "Arrow 2")]
    assert result.skipped == 1


@pytest.mark.parametrize(
    "meta, expected",
    [
        ({"moreResultsAvailable": True}, True),
        ({"moreResultsAvailable": "false"}, False),
        ({"moreResultsAvailable": "true"}, False),
        ({"moreResultsAvailable": 1}, False),
        ([], False),
        (None, False),
    ],
)
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
    [
        (b"{not json", "not valid JSON"),
        (b"", "not valid JSON"),
        (b"\xff\xfe\x00garbage", "not valid JSON"),
        (b"[1, 2, 3]", "JSON list, not an object"),
        (b'"data"', "JSON string, not an object"),
        (b"null", "JSON null"),
        (b'{"data": {"0": {}}}', "no `data` list"),
        (b'{"icons": []}', "no `data` list"),
        (b'{"data": [], "data": "replaced"}', "no `data` list"),
        (b'{"data": [' + b"9" * 5000 + b"]}", "not valid JSON"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    ],
    ids=[
        "malformed",
        "empty",
        "not utf-8",
        "list",
        "string",
        "null",
        "data object",
        "no data",
        "duplicate key",
        "huge number",
        "deep nesting",
    ],
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
