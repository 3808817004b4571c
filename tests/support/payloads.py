"""Search answers of every shape, good and bad: the payload tests' fixtures, shared with the test that
compares the fast decoder with today's parser on each of them (tests/api/test_answer_parse.py).

`payload_bodies()` lists every body those tests send, plus edge cases of JSON itself, each with a name.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from tests.support.hostile import HOSTILE_NAMES

__all__ = [
    "BAD_ENTRIES",
    "BAD_VARIANTS",
    "META_CASES",
    "WRONG_SHAPES",
    "icon",
    "payload_bodies",
]


def icon(icon_id: int = 1, **changes: Any) -> dict[str, Any]:
    """One well-formed search entry, with `changes` applied to its top-level fields."""
    entry: dict[str, Any] = {
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


BAD_ENTRIES: dict[str, Any] = {
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
"""Entries the client skips (and counts), keeping the others."""

BAD_VARIANTS: list[Any] = [
    {"id": 10, "format": "png", "size": 512},
    {"id": 11, "format": "png", "size": True},
    {"id": 12, "format": "png", "size": "512"},
    {"id": "13", "format": "svg", "size": None},
    {"id": 14, "format": None, "size": None},
    {"id": 10, "format": "png", "size": 256},  # a duplicate id
    "svg",
    {"id": 15, "format": "SVG"},  # size missing is null: vector
]
"""One icon's variants, of which the client keeps 10 (png 512) and 15 (svg, vector)."""

META_CASES: list[tuple[Any, bool]] = [
    ({"moreResultsAvailable": True}, True),
    ({"moreResultsAvailable": "false"}, False),
    ({"moreResultsAvailable": "true"}, False),
    ({"moreResultsAvailable": 1}, False),
    ([], False),
    (None, False),  # no meta at all
]
"""`meta` values, and whether they mean more results are available."""

WRONG_SHAPES: list[tuple[str, bytes, str]] = [
    ("malformed", b"{not json", "not valid JSON"),
    ("empty", b"", "not valid JSON"),
    ("not utf-8", b"\xff\xfe\x00garbage", "not valid JSON"),
    ("list", b"[1, 2, 3]", "JSON list, not an object"),
    ("string", b'"data"', "JSON string, not an object"),
    ("null", b"null", "JSON null"),
    ("data object", b'{"data": {"0": {}}}', "no `data` list"),
    ("no data", b'{"icons": []}', "no `data` list"),
    ("duplicate key", b'{"data": [], "data": "replaced"}', "no `data` list"),
    ("huge number", b'{"data": [' + b"9" * 5000 + b"]}", "not valid JSON"),
    ("deep nesting", b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
]
"""(name, body, words of the ProtocolError) for bodies that are no search answer."""


def _dumps(document: Any) -> bytes:
    return json.dumps(document).encode()


def _with_field(raw_value: bytes) -> bytes:
    """A good answer whose one entry carries `raw_value` (raw JSON) in a field nobody reads."""
    return b'{"data": [' + _dumps(icon(1))[:-1] + b', "extra": ' + raw_value + b"}]}"


def payload_bodies() -> list[tuple[str, bytes]]:
    """(name, body): every payload the payload tests send, and JSON's own edge cases."""
    bodies: list[tuple[str, bytes]] = [
        ("well formed", _dumps({"data": [icon(1)], "meta": {"moreResultsAvailable": True}})),
        (
            "unknown fields",
            _dumps(
                {
                    "data": [
                        {
                            **icon(1, extra={"deep": [1, 2]}, popularity=3),
                            "style": {"id": 2, "name": "Outline", "colour": "red"},
                        }
                    ],
                    "meta": {"moreResultsAvailable": False, "page": 1},
                    "links": {},
                }
            ),
        ),
        ("bad variants", _dumps({"data": [icon(1, variants=BAD_VARIANTS)]})),
        ("duplicate icons", _dumps({"data": [icon(1), icon(1, name="Other"), icon(2)]})),
        ("ten thousand", _dumps({"data": [icon(n) for n in range(1, 10_001)], "meta": {"moreResultsAvailable": True}})),
        ("huge numbers ignored", _dumps({"data": [icon(1, popularity=10**300, ratio=1e308)]})),
        ("byte order mark inside", b"\xef\xbb\xbf" + _dumps({"data": [icon(1)]})),
        ("hostile names", _dumps({"data": [icon(n, name=name) for n, name in enumerate(HOSTILE_NAMES, 1)]})),
    ]
    for name, bad in BAD_ENTRIES.items():
        bodies.append((f"bad entry: {name}", _dumps({"data": [icon(1), bad, icon(3)]})))
    for number, (meta, _more) in enumerate(META_CASES):
        document: dict[str, Any] = {"data": [icon(1)]}
        if meta is not None:
            document["meta"] = meta
        bodies.append((f"meta {number}: {meta!r}", _dumps(document)))
    bodies += [(f"wrong shape: {name}", body) for name, body, _words in WRONG_SHAPES]
    bodies += _edge_cases()
    return bodies


def _edge_cases() -> list[tuple[str, bytes]]:
    """Where JSON's readers may differ, and where the fast path hands over to the tolerant parser."""
    limit = sys.get_int_max_str_digits() or 4300
    good = _dumps(icon(1))
    cases: list[tuple[str, bytes]] = [
        # Strings: escapes, surrogates, encodings, control characters.
        ("name escaped", b'{"data": [' + good.replace(b'"Arrow 1"', b'"\\u0041rrow \\ud83d\\ude00"') + b"]}"),
        ("lone surrogate escape", b'{"data": [' + good.replace(b'"Arrow 1"', b'"Arrow \\ud800"') + b"]}"),
        ("lone low surrogate", b'{"data": [' + good.replace(b'"Arrow 1"', b'"Arrow \\udc00"') + b"]}"),
        ("encoded surrogate", b'{"data": [' + good.replace(b'"Arrow 1"', b'"Arrow \xed\xa0\x80"') + b"]}"),
        ("invalid utf-8 in a name", b'{"data": [' + good.replace(b'"Arrow 1"', b'"Arrow \xff"') + b"]}"),
        ("invalid utf-8 unread", _with_field(b'"\xc0\xaf"')),
        ("escaped non-ascii name", _dumps({"data": [icon(1, name="Flèche ⟶ 箭头 😀")]})),
        ("utf-8 name", json.dumps({"data": [icon(1, name="Flèche ⟶ 箭头 😀")]}, ensure_ascii=False).encode()),
        ("control character", b'{"data": [' + good.replace(b'"Arrow 1"', b'"Arrow\x01"') + b"]}"),
        ("utf-16 body", json.dumps({"data": [icon(1)]}).encode("utf-16")),
        ("utf-16-le body", json.dumps({"data": [icon(1)]}).encode("utf-16-le")),
        ("two byte order marks", b"\xef\xbb\xbf" + b"\xef\xbb\xbf" + good),
        # Numbers.
        ("NaN unread", _with_field(b"NaN")),
        ("Infinity unread", _with_field(b"-Infinity")),
        ("integer at the limit unread", _with_field(b"7" * limit)),
        ("integer past the limit unread", _with_field(b"7" * (limit + 1))),
        ("digits past the limit in a string", _with_field(b'"' + b"7" * (limit + 1) + b'"')),
        ("huge exponent unread", _with_field(b"1e99999")),
        ("id -0", b'{"data": [' + good.replace(b'"id": 1,', b'"id": -0,', 1) + b"]}"),
        ("id 1e2", b'{"data": [' + good.replace(b'"id": 1,', b'"id": 1e2,', 1) + b"]}"),
        ("id at 2**63-1", _dumps({"data": [icon(2**63 - 1)]})),
        ("id at 2**63", _dumps({"data": [icon(2**63)]})),
        ("size at the cap", _dumps({"data": [icon(1, variants=[{"id": 1, "format": "png", "size": 1_000_000}])]})),
        ("size past the cap", _dumps({"data": [icon(1, variants=[{"id": 1, "format": "png", "size": 1_000_001}])]})),
        ("size zero", _dumps({"data": [icon(1, variants=[{"id": 1, "format": "png", "size": 0}])]})),
        ("size float", _dumps({"data": [icon(1, variants=[{"id": 1, "format": "png", "size": 512.0}])]})),
        # Syntax.
        ("trailing comma", b'{"data": [' + good + b",]}"),
        ("trailing garbage", _dumps({"data": [icon(1)]}) + b" x"),
        ("trailing whitespace", _dumps({"data": [icon(1)]}) + b" \r\n\t"),
        ("form feed", b'{"data":\x0c[]}'),
        ("leading zero unread", _with_field(b"01")),
        ("deep but fine unread", _with_field(b"[" * 200 + b"]" * 200)),
        ("deep unread", _with_field(b"[" * 100_000 + b"]" * 100_000)),
        ("empty data", b'{"data": []}'),
        ("data null", b'{"data": null}'),
        # Duplicate keys: the last one counts.
        ("duplicate id", b'{"data": [' + good.replace(b'"id": 1,', b'"id": 7, "id": 1,', 1) + b"]}"),
        (
            "duplicate name, bad last",
            b'{"data": [' + good.replace(b'"name": "Arrow 1"', b'"name": "A", "name": 5') + b"]}",
        ),
        (
            "duplicate name, good last",
            b'{"data": [' + good.replace(b'"name": "Arrow 1"', b'"name": 5, "name": "A"') + b"]}",
        ),
        ("duplicate data, list last", b'{"data": "x", "data": [' + good + b"]}"),
        ("duplicate meta", b'{"data": [], "meta": {"moreResultsAvailable": true}, "meta": 3}'),
        ("duplicate more", b'{"data": [], "meta": {"moreResultsAvailable": true, "moreResultsAvailable": false}}'),
        (
            "duplicate more, true last",
            b'{"data": [], "meta": {"moreResultsAvailable": 1, "moreResultsAvailable": true}}',
        ),
        ("more with spaces", b'{"data": [], "meta": { "moreResultsAvailable" :  true  }}'),
        # Names, texts and formats at their edges.
        ("name of whitespace", _dumps({"data": [icon(1, name="\u2003\u00a0\n")]})),
        ("name with edges of whitespace", _dumps({"data": [icon(1, name="  Arrow  ")]})),
        ("name at 10,000", _dumps({"data": [icon(1, name="é" * 10_000)]})),
        ("name past 10,000", _dumps({"data": [icon(1, name="é" * 10_001)]})),
        ("name of astral characters at 10,000", _dumps({"data": [icon(1, name="😀" * 10_000)]})),
        ("ref name empty", _dumps({"data": [icon(1, set={"id": 4, "name": ""})]})),
        ("ref name missing", _dumps({"data": [icon(1, set={"id": 4})]})),
        ("thumbnail empty", _dumps({"data": [icon(1, thumbnail="")]})),
        ("thumbnail missing", _dumps({"data": [{k: v for k, v in icon(1).items() if k != "thumbnail"}]})),
        ("variants missing", _dumps({"data": [{k: v for k, v in icon(1).items() if k != "variants"}]})),
        ("variants empty", _dumps({"data": [icon(1, variants=[])]})),
    ]
    formats = ["PNG", " png", "png\n", "", "   ", "a" * 16, "a" * 17, " " + "a" * 16 + " ", "İ", "svg+xml", "ＰＮＧ"]
    for fmt in formats:
        variants = [{"id": 1, "format": fmt, "size": 512}, {"id": 2, "format": "svg", "size": None}]
        cases.append((f"format {fmt!r}", _dumps({"data": [icon(1, variants=variants)]})))
    cases.append(("size missing", _dumps({"data": [icon(1, variants=[{"id": 1, "format": "svg"}])]})))
    repeated = [{"id": 1, "format": "png", "size": 512}, {"id": 1, "format": "png", "size": 256}]
    cases.append(("repeated variant ids", _dumps({"data": [icon(1, variants=repeated)]})))
    # meta.next: kept only as a non-blank string of at most 8,192 characters.
    for label, following in [
        ("a URL", "/api/v1/search?name=arrow&page=2"),
        ("blank", "  "),
        ("at 8,192", "/" + "a" * 8191),
        ("past 8,192", "/" + "a" * 8192),
        ("a number", 2),
        ("null", None),
        ("an object", {"href": "/x"}),
    ]:
        cases.append(
            (f"next {label}", _dumps({"data": [icon(1)], "meta": {"moreResultsAvailable": True, "next": following}}))
        )
    cases.append(("next with a lone surrogate", b'{"data": [], "meta": {"next": "/x\\ud800"}}'))
    # Many entries, with bad ones and repeats spread across the slices the fast path decodes in.
    mixed: list[Any] = []
    for n in range(1, 1_301):
        if n % 97 == 0:
            mixed.append(icon(n, name=None))
        elif n % 89 == 0:
            mixed.append(icon(n - 1))  # repeats the previous id
        elif n % 83 == 0:
            mixed.append(icon(n, variants=[{"id": 1, "format": " PNG ", "size": 256}]))
        else:
            mixed.append(icon(n))
    cases.append(("1,300 mixed", _dumps({"data": mixed, "meta": {"moreResultsAvailable": True}})))
    return cases
