"""`iconcat search --json` passes on why each icon matched (`matched`, issue 31's extension field), as
the client read it: the well-formed reasons, their words sanitised; none for an icon whose catalogue
said nothing or sent something unreadable. The table stays as it was. A real server over loopback."""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import TEST_TOKEN
from tests.support.cli import run_iconcat
from tests.support.misbehaving import MisbehavingServer, Reply
from tests.support.payloads import icon

REASONS = [
    {"by": "synonym", "word": "bin", "term": "trash", "score": 0.5},
    {"by": "nonsense", "word": "bin", "term": "x"},
    {"by": "tag", "word": "de\x1b[31mlete", "term": "delete"},
]


def answer(*entries: dict[str, Any]) -> Reply:
    return Reply.json({"data": list(entries), "meta": {"moreResultsAvailable": False}})


def searched(reply: Reply, *options: str) -> str:
    with MisbehavingServer() as server:
        server.on("/api/v1/search", reply)
        outcome = run_iconcat(
            "search", "bin delete", *options, env={"ICONCAT_BASE_URL": server.base_url, "ICONCAT_TOKEN": TEST_TOKEN}
        )
    assert outcome.status == 0, outcome.stderr
    return outcome.stdout


def test_search_json_carries_each_icons_reasons_as_read() -> None:
    entries = (
        icon(1, matched=REASONS),
        icon(2),  # a catalogue that does not say
        icon(3, matched="because"),
        icon(4, matched=[{"by": "tag", "word": "", "term": "x"}]),  # nothing well formed
        icon(5, matched=[{"by": "name", "word": "bin", "term": "bin"}]),
    )
    document = json.loads(searched(answer(*entries), "--json"))
    by_id = {entry["id"]: entry for entry in document["data"]}
    assert by_id[1]["matched"] == [
        {"by": "synonym", "word": "bin", "term": "trash"},
        {"by": "tag", "word": "de[31mlete", "term": "delete"},
    ]
    assert by_id[5]["matched"] == [{"by": "name", "word": "bin", "term": "bin"}]
    for icon_id in (2, 3, 4):
        assert "matched" not in by_id[icon_id]
    assert by_id[1]["name"] == "Arrow 1" and len(by_id) == 5  # the rest of the entry as before


def test_the_table_is_the_same_with_reasons_or_without() -> None:
    plain = [icon(n) for n in (1, 2)]
    with_reasons = [icon(n, matched=REASONS) for n in (1, 2)]
    assert searched(answer(*with_reasons)) == searched(answer(*plain))
