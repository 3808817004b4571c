"""The fast search-answer decoder (`iconcat.api._answer`) gives exactly what today's parser gave.

Today's parser (json.loads, then the tolerant checks in Python) is frozen in tests/support/legacy_parse.py
as the oracle. Compared on every payload the payload tests send and on JSON's own edge cases: the same
icons, counts, flags and next page, or the same error words. Compared by `repr` as well as `==`: an
id decoded as `True` or a size as `512.0` would pass `==` and must not.
"""

from __future__ import annotations

import json

import pytest

from iconcat.api import Author, Icon, License, Ref, SearchResult, Variant, _answer
from iconcat.api._answer import SLICE, UnreadableAnswer, parse_search_answer, search_answer_steps
from iconcat.api._models import tolerant_answer
from tests.support.legacy_parse import legacy_parse
from tests.support.payloads import icon, payload_bodies

BODIES = payload_bodies()


def new_parse(body: bytes) -> SearchResult | str:
    try:
        return parse_search_answer(body)
    except UnreadableAnswer as error:
        return error.problem


@pytest.mark.parametrize("body", [body for _name, body in BODIES], ids=[name for name, _body in BODIES])
def test_the_fast_decoder_equals_todays_parser(body: bytes) -> None:
    expected = legacy_parse(body)
    found = new_parse(body)
    assert found == expected
    assert repr(found) == repr(expected)


def test_the_fixtures_cover_both_paths_and_both_outcomes() -> None:
    """Not a vacuous comparison: answers and errors, entries kept, mended and skipped, all occur."""
    outcomes = [legacy_parse(body) for _name, body in BODIES]
    results = [outcome for outcome in outcomes if isinstance(outcome, SearchResult)]
    assert len(outcomes) - len(results) >= 10  # errors
    assert sum(result.skipped for result in results) >= 30
    assert any(result.more_available for result in results)
    assert any(result.next_page for result in results)
    assert sum(len(result.icons) for result in results) > 10_000


def test_well_formed_answers_take_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """The demo's shape of answer never goes through json.loads (else the speed-up is lost unseen)."""

    def refuse(body: bytes) -> SearchResult:
        raise AssertionError("the whole body went through the tolerant parser")

    def refuse_entry(raw: object) -> Icon | None:
        raise AssertionError("an entry went through the tolerant parser")

    monkeypatch.setattr(_answer, "_tolerant", refuse)
    monkeypatch.setattr(_answer, "_tolerant_entry", refuse_entry)
    document = {
        "data": [icon(n, name=f"Flèche {n} 😀") for n in range(1, 2_001)],
        "meta": {"moreResultsAvailable": True, "next": "/api/v1/search?name=arrow&page=2"},
    }
    result = parse_search_answer(json.dumps(document, ensure_ascii=False).encode())
    assert len(result.icons) == 2_000 and result.skipped == 0
    assert result.next_page == "/api/v1/search?name=arrow&page=2" and result.more_available is True
    first = result.icons[0]
    assert type(first) is Icon and type(first.style) is Ref and type(first.variants[0]) is Variant
    assert type(first.variants) is tuple and first.variants[1].size is None


def test_an_entry_to_mend_goes_alone_through_the_tolerant_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    mended: list[bytes] = []
    original = _answer._tolerant_entry

    def spy(raw):
        mended.append(bytes(raw))
        return original(raw)

    monkeypatch.setattr(_answer, "_tolerant_entry", spy)
    entries = [icon(1), icon(2, variants=[{"id": 5, "format": " PNG ", "size": 64}]), icon(3, name=7), icon(4)]
    result = parse_search_answer(json.dumps({"data": entries}).encode())
    assert [i.id for i in result.icons] == [1, 2, 4] and result.skipped == 1
    assert result.icons[1].variants == (Variant(5, "png", 64),)
    assert len(mended) == 2 and all(b'"id": 2' in raw or b'"id": 3' in raw for raw in mended)


def test_entries_are_decoded_in_slices_with_a_pause_between() -> None:
    count = 3 * SLICE + 7
    steps = search_answer_steps(json.dumps({"data": [icon(n) for n in range(1, count + 1)]}).encode())
    pauses = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result = done.value
            break
        pauses += 1
    assert len(result.icons) == count
    assert pauses >= count // SLICE + 1  # the top level, then each slice


@pytest.mark.parametrize("count", [3, SLICE + 3], ids=["one slice", "two slices"])
def test_an_iconify_name_is_kept_when_it_is_one_and_never_costs_its_icon(count: int) -> None:
    """The optional `iconify` extension ("tabler:arrow-up", issue 21's `{prefix}` and `{iconify}` file-name
    fields): kept when well formed, read as absent otherwise, by the fast decoder as by the tolerant parser."""
    odd = {1: "tabler:arrow-up", 2: "Tabler:Arrow Up", 3: 7, 4: "no-colon", 5: None, 6: "a:b:c", 7: "x" * 300 + ":y"}
    entries = [icon(n, iconify=odd[n]) if n in odd else icon(n) for n in range(1, count + 1)]
    body = json.dumps({"data": entries}).encode()
    result = parse_search_answer(body)
    assert result == tolerant_answer(body) == legacy_parse(body)
    assert len(result.icons) == count and result.skipped == 0
    assert result.icons[0].iconify == "tabler:arrow-up" and result.icons[0].iconify_prefix == "tabler"
    assert all(found.iconify is None for found in result.icons[1:])


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("119", 119), ("0", 0), ("true", None), ('"119"', None), ("-1", None), ("1.5", None), ("null", None)],
)
def test_a_total_is_read_only_as_a_whole_count_on_both_paths(raw: str, expected: int | None) -> None:
    """`meta.total` is kept when it is a plain count, on the fast path and the tolerant one alike."""
    well_formed = f'{{"data": [], "meta": {{"moreResultsAvailable": false, "total": {raw}}}}}'.encode()
    mended = f'{{"data": [], "meta": {{"moreResultsAvailable": "yes", "total": {raw}}}, "x": 1e999}}'.encode()
    assert parse_search_answer(well_formed).total == expected
    assert tolerant_answer(mended).total == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ('["set:tabler", "style:filled,outline"]', ("set:tabler", "style:filled,outline")),
        ("[]", ()),
        ('"set:tabler"', None),
        ('["set:tabler", 7]', None),
        ('["tabler"]', None),
        ('[""]', None),
        (f'["{"s:" + "x" * 600}"]', None),
        (json.dumps(["style:f"] * 21), None),
        ("{}", None),
        ("null", None),
    ],
)
def test_narrowed_is_read_only_as_a_list_of_filter_words_on_both_paths(raw: str, expected: object) -> None:
    """`meta.narrowed` (the catalogue's word on `narrow`) is kept when it is a short list of `key:values`
    strings, on the fast path and the tolerant one alike; else it is as if absent."""
    well_formed = f'{{"data": [], "meta": {{"moreResultsAvailable": false, "narrowed": {raw}}}}}'.encode()
    mended = f'{{"data": [], "meta": {{"moreResultsAvailable": "yes", "narrowed": {raw}}}, "x": 1e999}}'.encode()
    assert parse_search_answer(well_formed).narrowed == expected
    assert tolerant_answer(mended).narrowed == expected
    assert parse_search_answer(b'{"data": []}').narrowed is None


TABLER = {
    "id": 4,
    "name": "Tabler Icons",
    "license": {"spdx": "MIT", "title": "MIT", "url": "https://github.com/tabler/tabler-icons/blob/master/LICENSE"},
    "author": {"name": "Paweł Kuna", "url": "https://github.com/tabler/tabler-icons"},
}
ODD_EXTENSIONS: dict[str, dict[str, object]] = {
    "well formed": TABLER,
    "licence only": {"id": 4, "name": "Tabler Icons", "license": {"spdx": "MIT"}},
    "author without url": {"id": 4, "name": "x", "author": {"name": "Someone"}},
    "nulls": {"id": 4, "name": "x", "license": None, "author": None},
    "licence a string": {"id": 4, "name": "x", "license": "MIT", "author": ["Paweł"]},
    "empty objects": {"id": 4, "name": "x", "license": {}, "author": {}},
    "wrong types": {"id": 4, "name": "x", "license": {"spdx": 7, "title": True, "url": {}}, "author": {"name": 1}},
    "blank fields": {"id": 4, "name": "x", "license": {"spdx": " ", "title": "MIT"}, "author": {"name": "\t"}},
    "too long": {"id": 4, "name": "x", "license": {"spdx": "M" * 2049, "title": "MIT"}, "author": {"name": "a" * 5000}},
    "script url": {"id": 4, "name": "x", "license": {"spdx": "MIT", "url": "javascript:alert(1)"}},
    "file url": {"id": 4, "name": "x", "author": {"name": "A", "url": "file:///etc/passwd"}},
    "url with a space": {"id": 4, "name": "x", "license": {"url": "https://a.example/x y"}},
    "url without host": {
        "id": 4,
        "name": "x",
        "license": {"url": "https:///path"},
        "author": {"url": "HTTP://A.example"},
    },
    "control characters": {"id": 4, "name": "x", "license": {"spdx": "\x1b[31mMIT", "title": "[b]bold[/b]"}},
    "unknown fields": {"id": 4, "name": "x", "license": {"spdx": "MIT", "year": 2024}, "author": {"name": "A", "x": 1}},
}


def _extension_bodies(count: int) -> list[tuple[str, bytes]]:
    bodies = []
    for name, set_ in ODD_EXTENSIONS.items():
        entries = [icon(n, set=set_, iconify=f"tabler:arrow-{n}") for n in range(1, count + 1)]
        bodies.append((name, json.dumps({"data": entries}).encode()))
    misplaced = [icon(1, category={"id": 1, "name": "A", "license": {"spdx": "MIT"}}), icon(2, set=TABLER)]
    bodies.append(("licence on the category", json.dumps({"data": misplaced}).encode()))
    return bodies


@pytest.mark.parametrize("count", [2, SLICE + 2], ids=["one slice", "two slices"])
def test_the_sets_licence_and_author_are_read_alike_on_both_paths_and_never_cost_an_icon(count: int) -> None:
    """`set.license` and `set.author` (issue 24's optional extensions): their well-formed fields kept,
    the rest read as absent, by the fast decoder as by the oracle and the tolerant parser; every icon kept."""
    for name, body in _extension_bodies(count):
        expected = legacy_parse(body)
        found = new_parse(body)
        assert found == expected, name
        assert repr(found) == repr(expected) == repr(tolerant_answer(body)), name
        assert isinstance(found, SearchResult) and found.skipped == 0 and len(found.icons) in (count, 2), name
    kept = {name: new_parse(body) for name, body in _extension_bodies(1)}
    tabler = kept["well formed"].icons[0].set  # type: ignore[union-attr]
    assert tabler.license == License("MIT", "MIT", "https://github.com/tabler/tabler-icons/blob/master/LICENSE")
    assert tabler.author == Author("Paweł Kuna", "https://github.com/tabler/tabler-icons")
    sets = {name: result.icons[0].set for name, result in kept.items()}  # type: ignore[union-attr]
    assert sets["licence only"].license == License(spdx="MIT") and sets["licence only"].author is None
    for name in ("nulls", "licence a string", "empty objects", "wrong types"):
        assert sets[name].license is None and sets[name].author is None, name
    assert sets["blank fields"].license == License(title="MIT") and sets["blank fields"].author is None
    assert sets["too long"].license == License(title="MIT") and sets["too long"].author is None
    assert sets["script url"].license == License(spdx="MIT")
    assert sets["file url"].author == Author(name="A")
    assert sets["url with a space"].license is None
    assert sets["url without host"].license is None and sets["url without host"].author == Author(
        url="HTTP://A.example"
    )
    assert sets["control characters"].license == License("\x1b[31mMIT", "[b]bold[/b]")  # kept; sanitised on screen
    assert sets["unknown fields"].license == License(spdx="MIT") and sets["unknown fields"].author == Author("A")
    misplaced = kept["licence on the category"].icons  # type: ignore[union-attr]
    assert misplaced[0].category == Ref(1, "A") and misplaced[1].set.license is not None


def test_a_licensed_answer_takes_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """A real set's answer (every entry licensed) is not mended entry by entry: the speed-up stays."""
    monkeypatch.setattr(_answer, "_tolerant_entry", lambda raw: pytest.fail("an entry was mended"))
    body = json.dumps({"data": [icon(n, set=TABLER, iconify=f"tabler:a-{n}") for n in range(1, 1_001)]}).encode()
    result = parse_search_answer(body)
    assert result.icons[0].set is result.icons[-1].set  # one licence and author held per set, not per icon
    assert len(result.icons) == 1_000 and all(
        found.set.author == Author("Paweł Kuna", TABLER["author"]["url"]) for found in result.icons
    )  # type: ignore[index]
