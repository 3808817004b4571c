"""The index of icon sets from disk: rebuilt per unit, stable ids, interruptions never trusted, search."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from iconcat.embedded import search
from iconcat.embedded.search import Meaning
from iconcat.iconify.ids import ICON_ID_BASE, icon_hash
from iconcat.sources import index as index_module
from iconcat.sources.index import BuildProgress, IndexCancelled, SourceIndex, alias_words, cache_folder, open_index
from tests.support.search_oracle import Entry, LinearSearch
from tests.support.source_units import FakeUnit, icon


def tabler() -> FakeUnit:
    return FakeUnit(
        "tabler",
        [icon("arrow-up"), icon("arrow-up-circle"), icon("home", aliases=("house",)), icon("arrow-left")],
    )


def phosphor() -> FakeUnit:
    return FakeUnit("ph", [icon("arrow-up-bold", "Arrow Up", style="Bold"), icon("acorn")])


def ids_by_name(index: SourceIndex) -> dict[str, int]:
    """Every listed icon's Iconify name and id."""
    rows = index.rows_at(range(index.listed))
    return {f"{row.unit.record.prefix}:{row.key}": row.icon_id for row in rows}


def names(index: SourceIndex, query: str) -> list[str]:
    positions, _ = index.search.page(query, 0, 1000)
    return [f"{row.unit.record.prefix}:{row.key}" for row in index.rows_at(positions)]


def test_a_unit_is_read_again_only_when_its_fingerprint_changes(tmp_path: Path) -> None:
    a, b = tabler(), phosphor()
    open_index(tmp_path, [a, b])
    assert (a.reads, b.reads) == (1, 1)
    open_index(tmp_path, [a, b])
    assert (a.reads, b.reads) == (1, 1), "nothing changed: nothing read"
    b.version += 1
    b.icons.append(icon("bell"))
    index = open_index(tmp_path, [a, b])
    assert (a.reads, b.reads) == (1, 2), "only the changed set is read again"
    assert "ph:bell" in names(index, "bell")
    c = FakeUnit("lucide", [icon("bell-ring")])
    index = open_index(tmp_path, [a, b, c])
    assert (a.reads, b.reads, c.reads) == (1, 2, 1), "adding a set reads only that set"
    index = open_index(tmp_path, [b, c])
    assert (a.reads, b.reads, c.reads) == (1, 2, 1), "removing a set reads nothing"
    assert not any(name.startswith("tabler:") for name in ids_by_name(index)), "a removed set is not served"
    open_index(tmp_path, [a, b, c])
    assert a.reads == 1, "a set served again is still indexed"


def test_the_search_of_a_recent_combination_of_sets_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    real = index_module._save_search
    monkeypatch.setattr(index_module, "_save_search", lambda *args: made.append("made") or real(*args))
    a, b = tabler(), phosphor()
    for units in ([a], [a, b], [a], [a, b], [b]):
        open_index(tmp_path, units)
    assert len(made) == 3, "one per combination; two projects alternating rebuild nothing"
    b.version += 1
    assert names(open_index(tmp_path, [a, b]), "acorn") == ["ph:acorn"]
    assert len(made) == 4, "a set read again makes a new combination"


def test_ids_stay_the_same_across_added_removed_and_rebuilt_sets(tmp_path: Path) -> None:
    alone = ids_by_name(open_index(tmp_path / "one", [tabler()]))
    b = phosphor()
    together = ids_by_name(open_index(tmp_path / "two", [b, tabler()]))
    b.version += 1
    rebuilt = ids_by_name(open_index(tmp_path / "two", [tabler(), b]))
    again = ids_by_name(open_index(tmp_path / "two", [tabler()]))
    for name, icon_id in alone.items():
        assert together[name] == rebuilt[name] == again[name] == icon_id
    assert together["tabler:arrow-up"] == ICON_ID_BASE + icon_hash("tabler:arrow-up")
    assert len(set(together.values())) == len(together)


def test_icon_and_variant_ids_never_meet_and_stay_below_2_to_the_53(tmp_path: Path) -> None:
    index = open_index(tmp_path, [tabler(), phosphor()])
    rows = index.rows_at(range(index.listed))
    icon_ids = {row.icon_id for row in rows}
    variant_ids = {row.variant_id(slot) for row in rows for slot in range(3)}
    assert not icon_ids & variant_ids
    assert max(icon_ids | variant_ids) < 2**53 and min(icon_ids) > 14_000_001  # above every demo range
    for row in rows:
        assert index.icon_by_id(row.icon_id) == row
        assert index.variant_by_id(row.variant_id(2)) == (row, 2)
        assert index.icon_by_id(row.variant_id(0)) is None


def test_a_colliding_set_moves_only_the_loser(tmp_path: Path) -> None:
    def colliding(text: str) -> int:  # "ph:acorn" hashes like "tabler:home"; every other name as usual
        return icon_hash("tabler:home") if text == "ph:acorn" else icon_hash(text)

    before = ids_by_name(open_index(tmp_path, [tabler()], hash_key=colliding))
    index = open_index(tmp_path, [tabler(), phosphor()], hash_key=colliding)
    after = ids_by_name(index)
    # "ph:acorn" sorts before "tabler:home": it keeps the hash, and the Tabler icon moves.
    assert after["ph:acorn"] == ICON_ID_BASE + icon_hash("tabler:home")
    assert after["tabler:home"] == ICON_ID_BASE + colliding("tabler:home#1")
    assert {name: i for name, i in after.items() if name != "tabler:home"}.items() >= {
        name: i for name, i in before.items() if name != "tabler:home"
    }.items(), "every other icon keeps its id"
    assert index.icon_by_id(after["tabler:home"]).key == "home"
    assert index.icon_by_id(after["ph:acorn"]).key == "acorn"
    assert index.variant_by_id(index.icon_by_id(after["tabler:home"]).variant_id(0))[0].key == "home"
    # The same sets read in the other order, in another cache: the same ids.
    assert ids_by_name(open_index(tmp_path / "other", [phosphor(), tabler()], hash_key=colliding)) == after


def test_an_interrupted_build_is_not_trusted(tmp_path: Path) -> None:
    a, b = tabler(), phosphor()
    b.interrupt_after = 1
    with pytest.raises(KeyboardInterrupt):
        open_index(tmp_path, [a, b])
    b.interrupt_after = None
    index = open_index(tmp_path, [a, b])
    assert (a.reads, b.reads) == (1, 2), "the finished set is kept, the interrupted one read again"
    assert set(ids_by_name(index)) >= {"ph:arrow-up-bold", "ph:acorn", "tabler:arrow-up"}
    assert len(ids_by_name(index)) == 6, "no half-written copy of the interrupted set"


def test_a_cancelled_build_is_not_trusted(tmp_path: Path) -> None:
    cancel = threading.Event()
    seen: list[BuildProgress] = []

    def progress(step: BuildProgress) -> None:
        seen.append(step)
        if step.sets_done == 1:
            cancel.set()

    a, b = tabler(), phosphor()
    with pytest.raises(IndexCancelled):
        open_index(tmp_path, [a, b], progress=progress, cancel=cancel)
    assert seen[0].sets_total == 2 and seen[0].sets_done == 0
    open_index(tmp_path, [a, b])
    assert (a.reads, b.reads) == (1, 2)


def test_progress_says_sets_done_of_those_to_read_and_the_pace(tmp_path: Path) -> None:
    seen: list[BuildProgress] = []
    open_index(tmp_path, [tabler(), phosphor()], progress=seen.append)
    assert [(step.sets_done, step.sets_total) for step in seen] == [(0, 2), (1, 2), (2, 2)]
    assert seen[0].seconds_left is None and seen[-1].seconds_left == 0
    assert seen[-1].icons_done == 6 and seen[-1].icons_per_second > 0
    seen.clear()
    open_index(tmp_path, [tabler(), phosphor(), FakeUnit("lucide", [icon("bell")])], progress=seen.append)
    assert [(step.sets_done, step.sets_total) for step in seen] == [(0, 1), (1, 1)], "only the set to read counts"


def test_the_index_lives_in_the_user_cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert cache_folder() == tmp_path / "cache" / "iconcat"
    open_index(cache_folder(), [tabler()])
    assert (tmp_path / "cache" / "iconcat" / "sources.sqlite3").is_file()


def test_a_damaged_index_file_is_made_again(tmp_path: Path) -> None:
    (tmp_path / "sources.sqlite3").write_bytes(b"not a database at all, " * 100)
    a = tabler()
    index = open_index(tmp_path, [a])
    assert a.reads == 1 and "tabler:arrow-up" in ids_by_name(index)


def test_an_unreadable_set_is_reported_and_skipped(tmp_path: Path) -> None:
    broken = FakeUnit("broken", [icon("x")], broken="not JSON: line 1")
    reported: list[tuple[str, str]] = []
    index = open_index(tmp_path, [tabler(), broken], unreadable=lambda unit, why: reported.append((unit.key, why)))
    assert reported == [(broken.key, "not JSON: line 1")]
    assert {row.unit.record.prefix for row in index.rows_at(range(index.listed))} == {"tabler"}
    open_index(tmp_path, [tabler(), broken], unreadable=lambda unit, why: None)
    assert broken.reads == 2, "tried again at the next open"


def test_a_readers_warnings_go_where_the_caller_says(tmp_path: Path) -> None:
    unit = FakeUnit("svgs", [icon("ok")], warnings=["svgs/broken.svg: not an SVG document; skipped"])
    lines: list[str] = []
    open_index(tmp_path, [unit], warn=lines.append)
    assert lines == ["svgs/broken.svg: not an SVG document; skipped"]


STAND_IN_TAGS = {
    "arrow-up": ("direction", "north", "upload"),
    "home": ("building", "address"),
    "acorn": ("nut", "oak tree"),
    "harrow": ("farm",),
}
STAND_IN_SYNONYMS = {"house": ("home", "building"), "top": ("up",), "tree": ("oak", "forest")}


@pytest.mark.parametrize("few", [0, 10**9], ids=["kept-and-scanned", "found-one-by-one"])
def test_search_follows_the_rule_over_names_aliases_tags_and_synonyms(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, few: int
) -> None:
    # Both ways of finding a query word's words, whatever their number; the oracle is the rule as a scan.
    monkeypatch.setattr(search, "_FEW_HITS", few)
    units = [
        tabler(),
        phosphor(),
        FakeUnit("mdi", [icon("harrow"), icon("arrow"), icon("up-arrow", aliases=("arrow-top", "oak"))]),
    ]
    meaning = Meaning(
        tags_of=lambda prefix, key: STAND_IN_TAGS.get(key, ()) if prefix != "ph" else (),
        synonyms_of=lambda word: STAND_IN_SYNONYMS.get(word, ()),
        signature="stand-in 1",
    )
    index = open_index(tmp_path, units, meaning=meaning)
    rows = index.rows_at(range(index.listed))
    aliases = {
        (unit.prefix, source.key): tuple(
            alias_words(alias, source.key, source.name.casefold()) for alias in source.aliases
        )
        for unit in units
        for source in unit.icons
    }
    oracle = LinearSearch(
        [
            Entry(
                position,
                row.name.casefold(),
                tuple(row.name.casefold().split()),
                aliases[row.unit.record.prefix, row.key],
                tuple(meaning.tags_of(row.unit.record.prefix, row.key)),
            )
            for position, row in enumerate(rows)
        ],
        meaning.synonyms_of,
    )
    queries = ["", "a", "arrow", "ARROW up", "up", "rr", "arrow up circle", "zzqx", "o e", "house", "nut", "tree"]
    queries += [
        "oak",
        "dire",
        "d",
        "top",
        "arrow -up",
        "-circle",
        "arrow-up",
        "up-arrow",
        "ph:acorn",
        "far",
        "north up",
    ]
    for query in queries:
        expected = oracle(query)
        assert index.search.page(query, 0, 100) == (expected[:100], len(expected) > 100), query
        assert index.search.count(query) == len(expected), query
        assert index.search.page(query, 1, 2) == (expected[1:3], len(expected) > 3), query
        assert index.search.page(query, 1, 2) == (expected[1:3], len(expected) > 3), f"{query} again (kept)"
        for start in range(14):  # pages starting inside a name's icons, at its end, past the answer
            assert index.search.page(query, start, 3) == (expected[start : start + 3], len(expected) > start + 3)
    assert names(index, "arrow")[:2] == ["mdi:arrow", "ph:arrow-up-bold"], "exact first, then shorter"
    assert names(index, "house") == ["tabler:home"], "by its alias and by a synonym, listed once"
    assert names(index, "nut") == [], "a set with no tags (ph here) is found by names alone"


def test_alias_names_lead_to_their_icon_once_and_hidden_icons_are_never_listed(tmp_path: Path) -> None:
    unit = FakeUnit(
        "mdi",
        [
            icon("home", aliases=("house", "home-variant")),
            icon("arrow-top", aliases=("arrow-up",)),
            icon("arrow-up-thin"),
            icon("secret-arrow", hidden=True, aliases=("arrow-hidden",)),
            icon("house"),  # an own name that is also another icon's alias name
        ],
    )
    index = open_index(tmp_path, [unit])
    assert names(index, "varia") == ["mdi:home"], "an alias name finds its icon"
    assert names(index, "home") == ["mdi:home"], "listed once though its own and an alias name match"
    assert index.search.count("home") == 1
    assert names(index, "house") == ["mdi:house", "mdi:home"], "the icon of that name, then the alias's"
    assert names(index, "ho") == ["mdi:home", "mdi:house"] and index.search.count("ho") == 2
    assert names(index, "arrow up") == ["mdi:arrow-up-thin", "mdi:arrow-top"], "a name's whole words before an alias's"
    assert index.search.count("arrow") == 2
    # One-letter queries are counted apart (when the index is built): the same rule, each icon once.
    assert index.search.count("v") == 1 and names(index, "v") == ["mdi:home"]
    assert index.search.count("h") == 3 and len(names(index, "h")) == 3
    assert names(index, "secret") == [] and names(index, "arrow hidden") == []
    assert names(index, "") == ["mdi:arrow-top", "mdi:arrow-up-thin", "mdi:home", "mdi:house"]
    assert index.search.count("") == 4
    for query in ["", "ho", "arrow", "h", "o"]:  # pages of one walk the whole answer, each icon once
        walked = [index.search.page(query, start, 1)[0] for start in range(6)]
        assert [position for page in walked for position in page] == list(index.search.every(query)), query
        assert len(set(index.search.every(query))) == len(list(index.search.every(query))) == index.search.count(query)
    hidden = index.icon_by_id(ICON_ID_BASE + icon_hash("mdi:secret-arrow"))

    assert hidden is not None and hidden.hidden, "a hidden icon is still answered by id"
    assert index.search.page("a", 0, 1) == ([index.search.page("a", 0, 5)[0][0]], True)


def test_an_alias_name_is_searched_without_its_icons_style(tmp_path: Path) -> None:
    unit = FakeUnit(
        "mdi",
        [
            icon("home-outline", "Home", style="Outline", aliases=("house-outline", "cottage")),
            icon("brand-c-sharp", aliases=("c-sharp-logo",)),
        ],
    )
    index = open_index(tmp_path, [unit])
    assert names(index, "house") == ["mdi:home-outline"]
    assert names(index, "house outline") == [] == names(index, "home outline"), "the style is a filter, not a word"
    assert names(index, "cottage") == ["mdi:home-outline"]
    assert names(index, "c sharp logo") == ["mdi:brand-c-sharp"], "no style stripped from a name that has none"


def test_threads_share_one_index(tmp_path: Path) -> None:
    index = open_index(tmp_path, [tabler(), phosphor()])
    queries = ["", "a", "arrow", "arrow up", "o", "zzqx", "hous"]
    expected = {query: (index.search.page(query, 0, 3), index.search.count(query)) for query in queries}
    ids = ids_by_name(index)
    failures: list[str] = []
    start = threading.Barrier(8)

    def work() -> None:  # each thread opens its own read-only connection to the index
        start.wait()
        for _ in range(20):
            for query in queries:
                if (index.search.page(query, 0, 3), index.search.count(query)) != expected[query]:
                    failures.append(query)
            for name, icon_id in ids.items():
                found = index.icon_by_id(icon_id)
                if found is None or f"{found.unit.record.prefix}:{found.key}" != name:
                    failures.append(name)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    index.close()


class _HeldUnit(FakeUnit):
    """A set whose first read waits at `hold` until released (what a slow set looks like to a second
    iconcat started meanwhile on the same cache)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.reading = threading.Event()
        self.release = threading.Event()

    def read(self, warn=print):  # type: ignore[no-untyped-def]
        if self.reads == 0:
            self.reading.set()
            assert self.release.wait(30)
        return super().read(warn)


def test_two_processes_building_one_cache_take_turns(tmp_path: Path) -> None:
    """Two iconcats started together on one cache (two terminals): the second waits for the first's
    build and then reads nothing, rather than rebuilding the same sets under the first's feet (it
    answered with sets missing: "213 icon sets" of 243, 47 icons on a first page of 48)."""
    slow = _HeldUnit("ph", [icon("arrow-up-bold", "Arrow Up", style="Bold"), icon("acorn")])
    first_units = [tabler(), slow]
    second_units = [tabler(), _HeldUnit("ph", list(slow.icons))]
    second_units[1].release.set()  # (the second's own reads never wait)
    results: dict[str, SourceIndex] = {}
    first = threading.Thread(target=lambda: results.setdefault("first", open_index(tmp_path, first_units)))
    first.start()
    assert slow.reading.wait(30)
    second = threading.Thread(target=lambda: results.setdefault("second", open_index(tmp_path, second_units)))
    second.start()
    second.join(0.5)  # the second has had time to read and write, were it not waiting
    slow.release.set()
    first.join(30)
    second.join(30)
    assert set(results) == {"first", "second"}
    assert second_units[1].reads == 0 and second_units[0].reads == 0, "the second read again what the first built"
    for index in results.values():
        assert names(index, "acorn") == ["ph:acorn"] and "tabler:home" in names(index, "home")


def test_the_write_ahead_log_is_emptied_after_a_build_while_another_reader_holds_the_index(tmp_path: Path) -> None:
    served_elsewhere = open_index(tmp_path, [phosphor()])  # another iconcat serving from this cache
    served_elsewhere.rows_at([0])
    big = FakeUnit("big", [icon(f"shape-{number}") for number in range(2000)])
    open_index(tmp_path, [phosphor(), big])
    wal = tmp_path / f"{index_module.INDEX_FILE}-wal"
    assert not wal.exists() or wal.stat().st_size == 0, f"{wal.stat().st_size:,} bytes of log left"
    assert open_index(tmp_path, [phosphor(), big]).search.count("shape") == 2000, "the database holds what was built"
    served_elsewhere.close()
