"""What the browser remembers: kept across reopening, per catalogue, bounded, and safe from bad files."""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
import sqlite3
from pathlib import Path

import pytest

from iconcat.api import Author, Icon, License, Match, Ref
from iconcat.memory import RECENTS_KEPT, SCHEMA_VERSION, Memory
from tests.support.icons import icon

CATALOGUE = "http://127.0.0.1:8000/"
OTHER = "http://127.0.0.1:9000"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "memory.sqlite3"


def test_favourites_survive_reopening_and_stay_with_their_catalogue(path):
    first, second = icon("Arrow Up"), icon("Heart", style="Filled")
    memory = Memory.open(CATALOGUE, path)
    assert memory.toggle_favourite(first) is True
    assert memory.toggle_favourite(second) is True
    memory.close()

    again = Memory.open(CATALOGUE.rstrip("/"), path)  # the same catalogue, with or without the slash
    assert again.favourites() == (second, first)  # the latest marked first, every field intact
    assert again.favourite_ids() == {first.id, second.id}
    assert again.toggle_favourite(first) is False
    assert again.favourites() == (second,)
    assert Memory.open(OTHER, path).favourites() == ()
    assert again.notice == ""


def test_a_remembered_icon_keeps_its_sets_licence_author_and_iconify_name(path):
    """Issue 24's optional extensions survive the bag's and favourites' round trip through the memory."""
    plain = icon("Arrow Up")
    licensed = dataclasses.replace(
        plain,
        set=Ref(4, "Tabler Icons", License("MIT", "MIT License", "https://example.org/l"), Author("Paweł Kuna")),
        iconify="tabler:arrow-up",
    )
    memory = Memory.open(CATALOGUE, path)
    memory.toggle_favourite(licensed)
    memory.close()
    assert Memory.open(CATALOGUE, path).favourites() == (licensed,)


def test_a_remembered_icon_forgets_why_a_search_found_it(path):
    """`matched` is one search's reason: a favourite, the bag or a kept answer shown later is another
    search's (or none), so the memory keeps the icon without it."""
    found = dataclasses.replace(icon("Trash"), matched=(Match("synonym", "bin", "trash"),))
    memory = Memory.open(CATALOGUE, path)
    memory.toggle_favourite(found)
    memory.keep_answer("bin", (found,))
    memory.close()
    again = Memory.open(CATALOGUE, path)
    assert again.favourites() == (dataclasses.replace(found, matched=()),)
    assert again.known_icon(found.id) == dataclasses.replace(found, matched=())


def test_recents_keep_the_latest_hundred_latest_first(path):
    memory = Memory.open(CATALOGUE, path)
    icons = [icon(f"Glyph {n}") for n in range(RECENTS_KEPT + 5)]
    for each in icons:
        memory.used(each)
    memory.used(icons[10])  # used again: back to the top, not twice
    recents = memory.recents()
    assert len(recents) == RECENTS_KEPT
    assert recents[0] == icons[10]
    assert recents[1:4] == tuple(reversed(icons[-3:]))
    assert icons[4] not in recents and icons[5] in recents  # the five oldest went


def test_the_bag_keeps_its_order_and_survives_reopening(path):
    icons = [icon(f"Bag {n}") for n in range(5)]
    memory = Memory.open(CATALOGUE, path)
    memory.mark(icons[:3])
    memory.mark([icons[1], icons[3], icons[4]])  # one already in: it keeps its place
    memory.unmark([icons[0].id])
    memory.close()
    again = Memory.open(CATALOGUE, path)
    assert again.bag() == tuple(icons[1:])
    assert again.bag_ids() == {each.id for each in icons[1:]}
    assert Memory.open(OTHER, path).bag() == ()


def test_preferences_are_remembered(path):
    memory = Memory.open(CATALOGUE, path)
    assert memory.preference("theme") is None
    memory.remember("theme", "nord")
    memory.remember("theme", "gruvbox")
    memory.close()
    assert Memory.open(OTHER, path).preference("theme") == "gruvbox"  # global, not per catalogue


def test_previews_on_disk_are_bounded_least_recently_kept_first(path):
    memory = Memory.open(CATALOGUE, path)
    for icon_id in range(10):
        memory.keep_preview(icon_id, bytes([icon_id]) * 1000, limit=5000)
    kept = [icon_id for icon_id in range(10) if memory.preview(icon_id) is not None]
    assert kept == [5, 6, 7, 8, 9]
    assert memory.preview(9) == bytes([9]) * 1000
    assert Memory.open(OTHER, path).preview(9) is None
    memory.keep_preview(99, b"x" * 6000, limit=5000)  # larger than the whole bound: not kept
    assert memory.preview(99) is None and memory.preview(9) is not None


def test_the_last_answer_to_a_query_is_kept_for_offline_use(path):
    icons = (icon("Cloud"), icon("Cloud Rain"))
    memory = Memory.open(CATALOGUE, path)
    assert memory.saved_answer("cloud") is None
    memory.keep_answer("cloud", icons)
    memory.close()
    saved = Memory.open(CATALOGUE, path).saved_answer("cloud")
    assert saved is not None and saved.icons == icons and saved.saved_at > 0
    assert Memory.open(OTHER, path).saved_answer("cloud") is None


def test_a_damaged_icon_row_is_skipped_like_a_malformed_entry(path):
    good, bad = icon("Good"), icon("Bad")
    memory = Memory.open(CATALOGUE, path)
    memory.toggle_favourite(good)
    memory.toggle_favourite(bad)
    memory.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE icons SET document = ? WHERE icon_id = ?", (json.dumps({"id": bad.id, "name": 7}), bad.id))
        db.execute("INSERT INTO icons VALUES (?, ?, ?)", (CATALOGUE.rstrip("/"), 12345, "{not json"))
        db.execute("INSERT INTO favourites VALUES (?, ?, ?)", (CATALOGUE.rstrip("/"), 12345, 0.0))
    assert Memory.open(CATALOGUE, path).favourites() == (good,)


def test_a_file_that_is_no_database_is_moved_aside_and_the_memory_starts_afresh(path):
    path.parent.mkdir(parents=True)
    path.write_bytes(b"this is not SQLite at all" * 100)
    memory = Memory.open(CATALOGUE, path)
    assert memory.persistent
    assert "moved aside" in memory.notice
    (aside,) = path.parent.glob("memory.sqlite3.damaged-*")
    assert aside.read_bytes().startswith(b"this is not SQLite")
    memory.toggle_favourite(icon("Star"))
    assert len(Memory.open(CATALOGUE, path).favourites()) == 1


def test_a_file_that_cannot_be_opened_leaves_the_browser_on_memory_alone(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be")
    memory = Memory.open(CATALOGUE, blocker / "memory.sqlite3")
    assert not memory.persistent
    assert "nothing will be remembered" in memory.notice
    star = icon("Star")
    assert memory.toggle_favourite(star) is True  # still works for this run
    assert memory.favourites() == (star,)


def test_a_database_from_a_newer_iconcat_is_left_alone(path):
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    memory = Memory.open(CATALOGUE, path)
    assert not memory.persistent and "newer iconcat" in memory.notice
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1


def test_a_write_blocked_by_another_process_is_noted_and_nothing_breaks(path, monkeypatch):
    monkeypatch.setattr("iconcat.memory.BUSY_TIMEOUT_MS", 100)
    memory = Memory.open(CATALOGUE, path)
    memory.mark([icon("Before")])
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another browser in the middle of a long write
    try:
        memory._db.execute("PRAGMA busy_timeout = 100")
        memory.mark([icon("During")])
        assert "Could not remember" in memory.notice
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert [each.name for each in memory.bag()] == ["Before"]


def _mark_many(path: str, start: int) -> None:
    memory = Memory.open(CATALOGUE, Path(path))
    for n in range(start, start + 150):
        memory.mark([_with_id(n)])
    assert memory.notice == "", memory.notice


def _with_id(n: int) -> Icon:
    return dataclasses.replace(icon(f"Icon {n}"), id=n)


def test_two_browsers_writing_at_once_lose_nothing_and_corrupt_nothing(path):
    Memory.open(CATALOGUE, path).close()  # made first, so both find the schema in place
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_mark_many, args=(str(path), start)) for start in (0, 1000)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    memory = Memory.open(CATALOGUE, path)
    assert memory.bag_ids() == set(range(150)) | set(range(1000, 1150))
    assert memory._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_the_catalogue_key_is_all_of_the_connection_it_stores(path):
    memory = Memory.open("http://127.0.0.1:8000", path)
    memory.toggle_favourite(icon("Star"))
    memory.remember("view", "list")
    with sqlite3.connect(path) as db:
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        columns = {table: [row[1] for row in db.execute(f"PRAGMA table_info({table})")] for table in tables}
    assert not any("token" in column or "secret" in column for names in columns.values() for column in names)


def test_a_preview_never_kept_costs_no_query_and_one_kept_elsewhere_is_found_when_expected(path):
    writer_side = Memory.open(CATALOGUE, path)
    writer_side.keep_preview(1, b"one")
    memory = Memory.open(CATALOGUE, path)
    assert memory.preview(1) == b"one"  # (reads which previews are kept, once)
    statements: list[str] = []
    memory._db.set_trace_callback(statements.append)
    assert memory.preview(2) is None and memory.preview(3) is None
    assert statements == []  # never kept: no query on the UI thread
    writer_side.keep_preview(2, b"two")  # kept through another connection (the writer's thread)
    memory.expect_preview(2)
    assert memory.preview(2) == b"two"
    memory.keep_preview(3, b"three")  # kept through this one
    assert memory.preview(3) == b"three"
