"""An icon's `matched` (issue 31: why the search found it, one `{"by", "word", "term"}` per query word),
read by the client: well-formed entries kept in order as `Match` records, with their words sanitised;
anything else left out, never an error and never at the cost of the icon; no `matched`, no reasons.
The fast decoder, the tolerant parser and the frozen oracle read every body alike.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from iconcat.api import CatalogueClient, Match, SearchResult, _answer
from iconcat.api._answer import SLICE, UnreadableAnswer, parse_search_answer
from iconcat.api._models import tolerant_answer
from tests.conftest import TEST_TOKEN
from tests.support.legacy_parse import legacy_parse
from tests.support.misbehaving import MisbehavingServer, Reply
from tests.support.payloads import icon

WELL_FORMED = [
    {"by": "name", "word": "trash", "term": "trash"},
    {"by": "synonym", "word": "bin", "term": "trash"},
    {"by": "tag", "word": "delete", "term": "delete"},
    {"by": "alias", "word": "rubbish", "term": "rubbish-bin"},
    {"by": "inside", "word": "bin", "term": "cabinet"},
]

ODD_MATCHED: dict[str, Any] = {
    "well formed": WELL_FORMED,
    "absent": None,  # (the key left out altogether)
    "null": "null",
    "a string": "tag",
    "a number": 3,
    "an object": {"by": "tag", "word": "delete", "term": "delete"},
    "entries not objects": ["tag", 7, None, ["tag", "delete", "delete"], True],
    "unknown kinds": [
        {"by": "prefix", "word": "del", "term": "delete"},
        {"by": "TAG", "word": "delete", "term": "delete"},
        {"by": "", "word": "delete", "term": "delete"},
        {"by": ["tag"], "word": "delete", "term": "delete"},
        {"by": {"tag": 1}, "word": "delete", "term": "delete"},
        {"by": 1, "word": "delete", "term": "delete"},
        {"word": "delete", "term": "delete"},
        {"by": "tag", "word": "kept", "term": "kept"},
    ],
    "wrong types": [
        {"by": "tag", "word": 5, "term": "delete"},
        {"by": "tag", "word": "delete", "term": ["delete"]},
        {"by": "tag", "word": "delete"},
        {"by": "tag", "word": None, "term": None},
        {"by": "tag", "word": True, "term": "delete"},
    ],
    "blank": [{"by": "tag", "word": "  ", "term": "delete"}, {"by": "tag", "word": "delete", "term": "\x1b\u200b\t"}],
    "too long": [
        {"by": "tag", "word": "x" * 2049, "term": "delete"},
        {"by": "tag", "word": "delete", "term": "y" * 50_000},
        {"by": "tag", "word": "w" * 2048, "term": "delete"},
    ],
    "hostile text": [
        {"by": "tag", "word": "de\x1b]52;c;cGF3bmVk\x07lete", "term": "[@click=app.quit]quit[/]"},
        {"by": "synonym", "word": "bin\u202e", "term": "tr\nash\x9b31m"},
    ],
    "extra fields": [{"by": "tag", "word": "delete", "term": "delete", "rank": 3, "by_the_way": "x"}],
    "too many": [{"by": "tag", "word": f"w{n}", "term": f"t{n}"} for n in range(40)],
}


def entry_with(name: str, icon_id: int) -> dict[str, Any]:
    found = icon(icon_id, iconify=f"tabler:arrow-{icon_id}")
    value = ODD_MATCHED[name]
    if value == "null":
        found["matched"] = None
    elif value is not None:
        found["matched"] = value
    return found


def body_of(name: str, count: int) -> bytes:
    return json.dumps({"data": [entry_with(name, n) for n in range(1, count + 1)]}).encode()


def matched(name: str) -> tuple[Match, ...]:
    result = parse_search_answer(body_of(name, 1))
    assert result.skipped == 0 and len(result.icons) == 1, name  # never at the cost of the icon
    return result.icons[0].matched


def test_well_formed_reasons_are_kept_in_order() -> None:
    assert matched("well formed") == (
        Match("name", "trash", "trash"),
        Match("synonym", "bin", "trash"),
        Match("tag", "delete", "delete"),
        Match("alias", "rubbish", "rubbish-bin"),
        Match("inside", "bin", "cabinet"),
    )
    assert matched("extra fields") == (Match("tag", "delete", "delete"),)


def test_an_icon_without_reasons_has_none() -> None:
    for name in ("absent", "null", "a string", "a number", "an object", "entries not objects", "wrong types", "blank"):
        assert matched(name) == (), name


def test_a_reason_of_an_unknown_kind_is_left_out_and_the_others_kept() -> None:
    assert matched("unknown kinds") == (Match("tag", "kept", "kept"),)


def test_over_long_words_are_cut_or_left_out_and_too_many_reasons_cut() -> None:
    (cut,) = matched("too long")  # 2,049 and 50,000 characters: no word; 2,048: cut to 100
    assert cut.word == "w" * 99 + "…" and cut.term == "delete"
    many = matched("too many")
    assert len(many) == 32 and many[0] == Match("tag", "w0", "t0") and many[-1] == Match("tag", "w31", "t31")


def test_hostile_words_are_kept_as_plain_printable_text() -> None:
    first, second = matched("hostile text")
    assert first == Match("tag", "de]52;c;cGF3bmVklete", "[@click=app.quit]quit[/]")  # markup: text, shown as Text
    assert second == Match("synonym", "bin", "tr ash31m")
    for found in (first, second):
        assert all(text.isprintable() for text in (found.by, found.word, found.term))


@pytest.mark.parametrize("count", [2, SLICE + 2], ids=["one slice", "two slices"])
def test_reasons_are_read_alike_by_the_fast_decoder_the_tolerant_parser_and_the_oracle(count: int) -> None:
    for name in ODD_MATCHED:
        body = body_of(name, count)
        expected = legacy_parse(body)
        found = parse_search_answer(body)
        assert found == expected == tolerant_answer(body), name
        assert repr(found) == repr(expected) == repr(tolerant_answer(body)), name
        assert isinstance(expected, SearchResult) and expected.skipped == 0 and len(expected.icons) == count, name
    reasons = [result.icons[0].matched for result in map(parse_search_answer, (body_of(n, 2) for n in ODD_MATCHED))]
    assert sum(map(len, reasons)) >= 40  # not vacuous: reasons kept, as well as left out


def test_well_formed_reasons_take_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """An answer whose every icon says why it matched is not mended entry by entry: the speed-up stays."""
    monkeypatch.setattr(_answer, "_tolerant_entry", lambda raw: pytest.fail("an entry was mended"))
    result = parse_search_answer(body_of("well formed", 1_000))
    assert len(result.icons) == 1_000 and all(len(found.matched) == 5 for found in result.icons)


def test_a_body_that_is_no_answer_is_still_refused() -> None:
    with pytest.raises(UnreadableAnswer):
        parse_search_answer(b'{"matched": []}')


async def test_the_client_reads_reasons_from_a_service_over_http() -> None:
    entries = [icon(1, matched=WELL_FORMED[1:3]), icon(2), icon(3, matched=[{"by": "guess", "word": "a", "term": "b"}])]
    with MisbehavingServer() as server:
        server.on("/api/v1/search", Reply.json({"data": entries, "meta": {"moreResultsAvailable": False}}))
        async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
            result = await client.search("bin delete")
    assert [found.matched for found in result.icons] == [
        (Match("synonym", "bin", "trash"), Match("tag", "delete", "delete")),
        (),
        (),
    ]
