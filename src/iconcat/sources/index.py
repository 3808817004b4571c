"""The index of icon sets from disk: one SQLite database in the user cache folder, built on first use.

    index = open_index(cache_folder, units, progress=show, unreadable=warn, cancel=stop_event)
    index.search.page("arrow up", 0, 48)      # positions → index.rows_at(positions)
    index.icon_by_id(icon_id)                  # an IconRow or None

A *unit* is one set as the readers (`discover.py`) find it: a stable `key` (its resolved path), a
`fingerprint()` (resolved path, size and modification time) and `read()` (its record and icons). The database
keeps each unit's record, icons, alias names and SVG bodies (bodies in a table of their own, so reading
names never pages through them); nothing of it is held in memory but the search index and the table of
positions.

Rebuilt per unit: at open, a unit whose fingerprint differs from the one stored (or that is new) is read
again, in one transaction of its own that replaces its rows; every other unit is left as it is, so
adding or removing a set never re-indexes the others. Units not served stay in the database (another
project may serve them) until unused for `FORGET_AFTER_DAYS`. A build interrupted (Ctrl-C, `cancel`, a
killed process) rolls back the unit in progress: what is stored is whole units, each with the
fingerprint it was read at, and the next open resumes with the units still to do.

A unit that cannot be read (`read()` or its icons raise anything but an interruption: the readers'
`UnreadableSet`, an `OSError`, a `ValueError`) is skipped and reported through `unreadable(unit,
reason)`; it is not served, not even from older rows, and is tried again at the next open.

Ids are stable: an icon's is `ICON_ID_BASE + h` and its variants' `VARIANT_ID_BASE + 4h + slot` (SVG,
PNG 512, PNG 256), with `h` a 49-bit BLAKE2b hash of `prefix:key` (Iconify's rule,
`iconcat.iconify.ids`). Both ranges lie far above the demo's (below 2^25) and below 2^53, and apart from
each other, so an icon id is never a variant id. They depend on nothing but the icon's own prefix and
key: not on the other sets served, the order they are read in, or when. When two icons served together
hash alike (about one chance in 10^4 for the whole `@iconify/json`), the one whose `prefix:key` sorts
first keeps `h`, and the other takes the first of `hash(prefix:key#1)`, `#2`… that no served icon hashes
to: whichever sets are added or removed, only the loser of a collision moves. The search index and those
moves are worked out once per combination of served units (their ids, keys and fingerprints) and kept in
the database for the last `SEARCHES_KEPT` combinations, so a restart loads them (tens of milliseconds)
instead of rebuilding them (seconds at 390,000 icons). A set read again gets a new unit id (never
reused), so a kept search never points at rows that were replaced.

Threads: the server answers from worker threads, each with its own read-only connection.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from array import array
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from iconcat.embedded.meaning import served_meaning
from iconcat.embedded.search import PACK_FORMAT, Meaning, SearchNames, build_search
from iconcat.iconify import ids
from iconcat.iconify.sets import MAX_SAMPLES

from .index_file import SCHEMA_VERSION, WHY_ANEW, checkpoint, transaction, writer
from .records import SetRecord, SourceIcon

__all__ = [
    "INDEX_FILE",
    "SCHEMA_VERSION",
    "WHY_ANEW",
    "cache_folder",
    "BuildProgress",
    "IconRow",
    "IndexCancelled",
    "SetUnit",
    "SourceIndex",
    "UnitRow",
    "open_index",
]

INDEX_FILE = "sources.sqlite3"
LOCK_FILE = "sources.lock"
"""Taken while the index is brought up to date: one builder at a time (`_builders_take_turns`)."""
FORGET_AFTER_DAYS = 60
SEARCHES_KEPT = 3
"""Combinations of served sets whose search index is kept (each ~20 MB for the whole `@iconify/json`)."""
_CHECK_EVERY = 500
"""Icons written between two looks at the cancel flag and two progress reports."""

BY_ROW_BELOW = 50_000
"""A narrowed answer of fewer icons than this reads their style and category by row, else by unit
(`SourceIndex.positions_kept`): reading 50,000 rows by id costs about what scanning every set does."""
_ROWS_PER_QUERY = 900
"""Rows asked in one `IN (…)` (SQLite allows 999 parameters in older builds)."""


class SetUnit(Protocol):
    """One set the readers found (`discover.py`): what the index needs of it."""

    has_iconify_names: bool
    """True when the set's prefix is its Iconify prefix (an IconifyJSON set), so `prefix:key` is each
    icon's Iconify name; False for a prefix made up to keep ids apart (an SVG folder's `svg_prefix`)."""

    @property
    def key(self) -> str:
        """Stable across runs (the resolved path)."""
        ...

    def fingerprint(self) -> str:
        """Changes whenever the set's files change (path, size, modification time)."""
        ...

    def read(self, warn: Callable[[str], None] = ...) -> tuple[SetRecord, Iterator[SourceIcon]]:
        """The set's record and its icons; raises (e.g. `UnreadableSet`) when it cannot be read. `warn`
        gets a line for each file skipped inside the set (the reader prints them on stderr otherwise)."""
        ...


@dataclass(frozen=True)
class BuildProgress:
    """How far a build has come: sets read of those to read, and the pace."""

    sets_done: int
    sets_total: int
    icons_done: int
    """Icons read that search lists (hidden ones are not counted: `SourceIndex.listed` counts the same)."""
    icons_per_second: float
    seconds_left: float | None
    """None until the first set is done."""
    anew: str = ""
    """Why every set is read again ("" when only new or changed sets are): the index was of an older
    schema (`WHY_ANEW`)."""


class IndexCancelled(Exception):
    """The build was cancelled; the units finished before are kept, the one in progress is not."""


class _Cancelled(Exception):
    pass


class _CancelFlag(Protocol):
    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class UnitRow:
    """A served set's record, as stored."""

    id: int
    key: str
    record: SetRecord
    has_iconify_names: bool = True
    """Its prefix is the set's Iconify prefix (`SetUnit.has_iconify_names`, told by the unit served)."""
    listed: int = 0
    """Its icons search lists (hidden ones are not): what `set:<prefix>` lists of it."""


@dataclass(frozen=True)
class IconRow:
    """A served icon, as stored (without its SVG body, read on demand)."""

    row: int
    icon_hash: int
    unit: UnitRow
    key: str
    name: str
    style: str
    category: str
    width: float
    height: float
    hidden: bool

    @property
    def icon_id(self) -> int:
        return ids.icon_id(self.icon_hash)

    def variant_id(self, slot: int) -> int:
        return ids.variant_id(self.icon_hash, slot)


def alias_words(key: str, parent_key: str, parent_name: str) -> str:
    """An alias as a search name: its key in words, folded, without the style its icon's key ends with
    (MDI's `house-outline` for `home-outline`, Home in Outline, searches as "house", as Home does)."""
    words = key.replace("_", "-").casefold().split("-")
    parent = parent_key.replace("_", "-").casefold()
    style = parent.split("-")[len(parent_name.split()) :]  # what the icon's name left of its key
    named_from_key = parent.startswith(parent_name.replace(" ", "-"))
    if style and named_from_key and len(words) > len(style) and words[-len(style) :] == style:
        words = words[: -len(style)]
    return " ".join(word for word in words if word)


def cache_folder() -> Path:
    """Where the index lives unless told otherwise: the user cache folder (`~/.cache/iconcat` on Linux,
    `$XDG_CACHE_HOME/iconcat` when set), as the project finds its other folders (platformdirs)."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("iconcat", appauthor=False))


def open_index(
    folder: Path,
    units: Sequence[SetUnit],
    *,
    progress: Callable[[BuildProgress], None] | None = None,
    unreadable: Callable[[SetUnit, str], None] | None = None,
    cancel: _CancelFlag | None = None,
    warn: Callable[[str], None] | None = None,
    hash_key: Callable[[str], int] = ids.icon_hash,
    meaning: Meaning | None = None,
) -> SourceIndex:
    """The index of `units` in `folder` (created if missing), built or brought up to date first.

    `meaning`: the tags and synonyms search uses (`iconcat.sources.meaning.served_meaning()` unless
    told); its signature is part of the search's, so other tags recompute the search, not the sets.

    Raises `IndexCancelled` when `cancel` is set during the build, and lets `KeyboardInterrupt` through;
    either way every unit stored is whole. `warn` is passed to each unit's `read` (the browser's stderr
    is the screen); `hash_key` is for tests (collisions on demand).
    """
    meaning = served_meaning() if meaning is None else meaning
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / INDEX_FILE
    with _builders_take_turns(folder, cancel):
        connection, anew = writer(path)
        up_to_date = False
        try:
            served, read_some = _bring_up_to_date(connection, units, progress, unreadable, cancel, warn, hash_key, anew)
            signature = _signature(served, meaning.signature)
            with transaction(connection):
                found = connection.execute("UPDATE searches SET made = ? WHERE signature = ?", (time.time(), signature))
            if not found.rowcount:
                _save_search(connection, signature, served, hash_key, meaning)
            up_to_date = not read_some and bool(found.rowcount)
        finally:
            if not up_to_date:  # (up to date, the log holds a few pages: no reader is waited for)
                checkpoint(connection)
            connection.close()
    # Not stored: the units served say it (it is their kind, not their contents), so the sets indexed
    # before it was asked are not read again.
    keys = frozenset(unit.key for unit in units if not unit.has_iconify_names)
    return SourceIndex(path, signature, keys, meaning)


@contextmanager
def _builders_take_turns(folder: Path, cancel: _CancelFlag | None) -> Iterator[None]:
    """One `open_index` at a time on a cache folder, across processes (two terminals started together).

    Each decides what to read from what is stored when it starts: two at once read the same sets, and
    the second's rewrite of a set replaced rows the first had already counted as served, so the first
    answered with sets missing. The second now waits (an advisory lock on `sources.lock`, polled so
    that `cancel` and Ctrl-C still end the wait) and then finds the sets built. Where `fcntl` is
    missing (Windows) there is no lock, as before.
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    with open(folder / LOCK_FILE, "a+b") as lock:
        while True:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if cancel is not None and cancel.is_set():
                    raise IndexCancelled("the index was not finished") from None
                time.sleep(0.05)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _bring_up_to_date(
    connection: sqlite3.Connection,
    units: Sequence[SetUnit],
    progress: Callable[[BuildProgress], None] | None,
    unreadable: Callable[[SetUnit, str], None] | None,
    cancel: _CancelFlag | None,
    warn: Callable[[str], None] | None,
    hash_key: Callable[[str], int],
    anew: str = "",
) -> tuple[list[tuple[int, str, str]], bool]:
    """Read the units whose fingerprint changed: the served units as (id, key, fingerprint), and whether
    any unit was read."""
    stored = {
        key: (unit_id, fingerprint)
        for unit_id, key, fingerprint in connection.execute("SELECT id, key, fingerprint FROM units")
    }
    current: dict[str, tuple[SetUnit, str]] = {}
    for unit in units:
        current.setdefault(unit.key, (unit, unit.fingerprint()))
    todo = [(unit, print_) for unit, print_ in current.values() if stored.get(unit.key, (0, ""))[1] != print_]
    served = [
        (stored[key][0], key, print_) for key, (_, print_) in current.items() if stored.get(key, (0, ""))[1] == print_
    ]
    started = time.monotonic()
    icons_done = 0

    def report(sets_done: int, icons_in_progress: int = 0) -> None:
        """Tell `progress`; the time left is estimated from the pace of the sets done so far."""
        if progress is None:
            return
        elapsed = max(time.monotonic() - started, 1e-6)
        icons = icons_done + icons_in_progress
        left = None if not sets_done else elapsed / sets_done * (len(todo) - sets_done)
        progress(BuildProgress(sets_done, len(todo), icons, icons / elapsed, left, anew))

    if todo:
        report(0)
    for done, (unit, fingerprint) in enumerate(todo):
        try:
            unit_id, listed = _write_unit(connection, unit, fingerprint, cancel, warn, hash_key, report, done)
        except _Cancelled:
            raise IndexCancelled("the index was not finished") from None
        except Exception as exc:  # noqa: BLE001 - any failure of one set skips that set only
            if unreadable is not None:
                unreadable(unit, str(exc) or type(exc).__name__)
        else:
            icons_done += listed
            served.append((unit_id, unit.key, fingerprint))
        report(done + 1)
    now = time.time()
    with transaction(connection):
        connection.executemany("UPDATE units SET used = ? WHERE id = ?", [(now, unit_id) for unit_id, _, _ in served])
        forgotten = [
            unit_id
            for (unit_id,) in connection.execute(
                "SELECT id FROM units WHERE used < ?", (now - FORGET_AFTER_DAYS * 86400,)
            )
        ]
        for unit_id in forgotten:
            _delete_unit(connection, unit_id)
        if forgotten:
            connection.execute("DELETE FROM searches")
    return sorted(served), bool(todo)


def _delete_unit(connection: sqlite3.Connection, unit_id: int) -> None:
    connection.execute("DELETE FROM bodies WHERE icon IN (SELECT id FROM icons WHERE unit = ?)", (unit_id,))
    connection.execute("DELETE FROM aliases WHERE unit = ?", (unit_id,))
    connection.execute("DELETE FROM icons WHERE unit = ?", (unit_id,))
    connection.execute("DELETE FROM units WHERE id = ?", (unit_id,))


def _write_unit(
    connection: sqlite3.Connection,
    unit: SetUnit,
    fingerprint: str,
    cancel: _CancelFlag | None,
    warn: Callable[[str], None] | None,
    hash_key: Callable[[str], int],
    report: Callable[[int, int], None],
    sets_done: int,
) -> tuple[int, int]:
    """Replace the unit's rows with what it reads now, in one transaction: (its id, icons listed of
    those written: the count said is the one search lists, hidden icons left out)."""
    record, icons = unit.read() if warn is None else unit.read(warn)
    written = listed = 0
    wanted = set(record.samples)
    samples_found: set[str] = set()
    first_listed: list[str] = []
    with transaction(connection):
        old = connection.execute("SELECT id FROM units WHERE key = ?", (unit.key,)).fetchone()
        if old is not None:
            _delete_unit(connection, old[0])
        cursor = connection.execute(
            "INSERT INTO units (key, fingerprint, prefix, name, folded, series, source, license_spdx, license_title,"
            " license_url, author_name, author_url, icons, used) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)",
            (
                unit.key,
                fingerprint,
                record.prefix,
                record.name,
                record.name.casefold(),
                record.series,
                record.source,
                record.license_spdx,
                record.license_title,
                record.license_url,
                record.author_name,
                record.author_url,
                time.time(),
            ),
        )
        unit_id = cursor.lastrowid
        assert unit_id is not None
        next_row = connection.execute("SELECT coalesce(max(id), 0) + 1 FROM icons").fetchone()[0]
        for batch in _batches(icons, _CHECK_EVERY):
            if cancel is not None and cancel.is_set():
                raise _Cancelled
            rows = range(next_row, next_row + len(batch))
            next_row += len(batch)
            connection.executemany(
                "INSERT INTO icons VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        row,
                        unit_id,
                        icon.key,
                        icon.name,
                        " ".join(icon.name.casefold().split()),
                        icon.style,
                        icon.category,
                        icon.width,
                        icon.height,
                        int(icon.hidden),
                        hash_key(f"{record.prefix}:{icon.key}"),
                    )
                    for row, icon in zip(rows, batch)
                ],
            )
            connection.executemany(
                "INSERT INTO bodies VALUES (?, ?)", [(row, icon.svg) for row, icon in zip(rows, batch)]
            )
            connection.executemany(
                "INSERT INTO aliases VALUES (?, ?, ?)",
                [(row, unit_id, alias) for row, icon in zip(rows, batch) for alias in icon.aliases],
            )
            written += len(batch)
            listed += sum(not icon.hidden for icon in batch)
            for icon in batch:
                if not icon.hidden:
                    if icon.key in wanted:
                        samples_found.add(icon.key)
                    if len(first_listed) < MAX_SAMPLES:
                        first_listed.append(icon.key)
            if written % (_CHECK_EVERY * 20) < len(batch):
                report(sets_done, listed)
        if cancel is not None and cancel.is_set():
            raise _Cancelled
        # The samples the set names that it lists, else its first icons listed: never a key it lacks.
        samples = [key for key in record.samples if key in samples_found] or first_listed
        connection.execute(
            "UPDATE units SET icons = ?, listed = ?, samples = ? WHERE id = ?",
            (written, listed, json.dumps(samples[:MAX_SAMPLES]), unit_id),
        )
    return unit_id, listed


def _batches(icons: Iterable[SourceIcon], size: int) -> Iterator[list[SourceIcon]]:
    batch: list[SourceIcon] = []
    for icon in icons:
        batch.append(icon)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def _signature(served: Sequence[tuple[int, str, str]], meaning: str = "") -> str:
    """Names a combination of served units, as read, the search's packed format (a new format is
    worked out again rather than misread) and the tags and synonyms it was built with (`Meaning`'s
    signature: new ones recompute the search, not the sets)."""
    units = [[unit_id, key, fingerprint] for unit_id, key, fingerprint in served]
    text = json.dumps([PACK_FORMAT, units] + ([meaning] if meaning else []))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _save_search(
    connection: sqlite3.Connection,
    signature: str,
    served: Sequence[tuple[int, str, str]],
    hash_key: Callable[[str], int],
    meaning: Meaning,
) -> None:
    """Work out the served icons' order, search index and id collisions, and keep them under `signature`.

    SQLite sorts and groups (its sorter spills to disk rather than grow): Python holds only the
    positions, the distinct names and the alias names, not a tuple per icon (the whole `@iconify/json`
    in Python tuples would double the build's peak memory).
    """
    connection.execute("CREATE TEMP TABLE IF NOT EXISTS served (unit INTEGER PRIMARY KEY)")
    connection.execute("DELETE FROM served")
    connection.executemany("INSERT INTO served VALUES (?)", [(unit_id,) for unit_id, _, _ in served])
    parents = {
        row
        for (row,) in connection.execute("SELECT DISTINCT icon FROM aliases WHERE unit IN (SELECT unit FROM served)")
    }
    rows = array("q")
    own: list[tuple[str, int]] = []
    position_of: dict[int, int] = {}
    tags: list[tuple[int, Sequence[str]]] = []
    tags_of = meaning.tags_of
    # Browse order: the folded name, then the set's name, the style, the key (code point order, as
    # Python's: equal folded names come together).
    for row, folded, prefix, key in connection.execute(
        "SELECT i.id, i.folded, u.prefix, i.key FROM icons AS i JOIN units AS u ON u.id = i.unit"
        " WHERE i.unit IN (SELECT unit FROM served) AND NOT i.hidden"
        " ORDER BY i.folded, u.folded, i.style, i.key, i.id"
    ):
        position = len(rows)
        rows.append(row)
        if not own or own[-1][0] != folded:
            own.append((folded, position))
        if row in parents:
            position_of[row] = position
        icon_tags = tags_of(prefix, key)
        if icon_tags:
            tags.append((position, icon_tags))
    alias_names = [
        (alias_words(key, parent_key, parent_name), position_of[row])
        for row, key, parent_key, parent_name in connection.execute(
            "SELECT a.icon, a.key, i.key, i.folded FROM aliases AS a JOIN icons AS i ON i.id = a.icon"
            " WHERE a.unit IN (SELECT unit FROM served)"
        )
        if row in position_of
    ]
    search = build_search(len(rows), own, alias_names, tags, synonyms_of=meaning.synonyms_of)
    del tags
    collided = connection.execute(
        "SELECT i.hash, i.id, u.prefix || ':' || i.key FROM icons AS i JOIN units AS u ON u.id = i.unit"
        " WHERE i.unit IN (SELECT unit FROM served) AND i.hash IN (SELECT hash FROM icons"
        " WHERE unit IN (SELECT unit FROM served) GROUP BY hash HAVING count(*) > 1)"
    ).fetchall()
    by_hash: dict[int, list[tuple[str, int]]] = {}
    for hashed, row, name in collided:
        by_hash.setdefault(hashed, []).append((name, row))

    def taken_elsewhere(hashed: int) -> bool:
        found = connection.execute(
            "SELECT 1 FROM icons WHERE hash = ? AND unit IN (SELECT unit FROM served) LIMIT 1", (hashed,)
        )
        return found.fetchone() is not None

    moved = _resolve_collisions(by_hash, hash_key, taken_elsewhere)
    with transaction(connection):
        # The last few combinations are kept (projects serving different sets from one cache).
        connection.execute(
            "DELETE FROM searches WHERE signature NOT IN (SELECT signature FROM searches ORDER BY made DESC LIMIT ?)",
            (SEARCHES_KEPT - 1,),
        )
        connection.execute(
            "INSERT INTO searches VALUES (?, ?, ?, ?, ?, ?)",
            (
                signature,
                json.dumps(sorted(u for u, _, _ in served)),
                search.pack(),
                rows.tobytes(),
                json.dumps(moved),
                time.time(),
            ),
        )


def _resolve_collisions(
    by_hash: dict[int, list[tuple[str, int]]],
    hash_key: Callable[[str], int],
    hashed_by_some_icon: Callable[[int], bool],
) -> dict[str, int]:
    """{row: its hash} for the icons that lose a collision (see the module docstring): the first of
    `name#1`, `name#2`… that no served icon hashes to and no earlier loser took."""
    losers = sorted(entry for group in by_hash.values() for entry in sorted(group)[1:])
    moved: dict[str, int] = {}
    taken: set[int] = set()
    for name, row in losers:
        attempt = 1
        while (hashed := hash_key(f"{name}#{attempt}")) in taken or hashed_by_some_icon(hashed):
            attempt += 1
        taken.add(hashed)
        moved[str(row)] = hashed
    return moved


class SourceIndex:
    """The served sets of a built index: search, and icons by id or by position (thread-safe)."""

    def __init__(
        self, path: Path, signature: str, without_iconify_names: Collection[str] = (), meaning: Meaning | None = None
    ) -> None:
        """The index at `path` serving the combination `signature` names; `without_iconify_names`: the
        keys of the units whose prefix names nothing in Iconify (`SetUnit.has_iconify_names`);
        `meaning` the tags and synonyms the search was built with (`open_index`'s)."""
        self._path = path
        self.meaning = served_meaning() if meaning is None else meaning
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        connection = self._connection()
        found = connection.execute(
            "SELECT units, packed, rows, moved FROM searches WHERE signature = ?", (signature,)
        ).fetchone()
        if found is None:
            raise LookupError("the index holds no search for these sets: open it with open_index")
        served, packed, rows, moved = found
        self.search = SearchNames.unpack(packed, self.meaning.synonyms_of)
        self._rows = array("q")
        self._rows.frombytes(rows)
        self._moved: dict[int, int] = {int(row): hashed for row, hashed in json.loads(moved).items()}
        self._moved_to = {hashed: row for row, hashed in self._moved.items()}
        served_ids = set(json.loads(served))
        self.units: dict[int, UnitRow] = {}
        for values in connection.execute(f"SELECT id, key, listed, samples, {_RECORD_COLUMNS} FROM units"):
            if values[0] in served_ids:  # units stored but not served now (another project's) stay out
                record = replace(SetRecord(*values[4:]), samples=_stored_samples(values[3]))
                has_names = values[1] not in without_iconify_names
                self.units[values[0]] = UnitRow(values[0], values[1], record, has_names, values[2])

    @property
    def listed(self) -> int:
        """How many icons search lists (hidden ones are not)."""
        return self.search.total

    def rows_at(self, positions: Sequence[int]) -> list[IconRow]:
        """The icons at these positions of the browse order (`search` answers in positions)."""
        return self.icons_in_rows(self.row_ids(positions))

    def row_ids(self, positions: Iterable[int]) -> list[int]:
        """The database rows (`IconRow.row`) of the icons at these positions of the browse order."""
        return list(map(self._rows.__getitem__, positions))

    def position_of(self, row: int) -> int | None:
        """The position in the browse order of the icon of database row `row`; None for a hidden one
        (never listed). A scan of the positions (in C: a few milliseconds at 390,000 icons)."""
        try:
            return self._rows.index(row)
        except ValueError:
            return None

    def icons_in_rows(self, wanted: Sequence[int]) -> list[IconRow]:
        """The icons of these database rows (`IconRow.row`), in their order (rows not served left out)."""
        by_row: dict[int, IconRow] = {}
        for start in range(0, len(wanted), _ROWS_PER_QUERY):  # SQLite takes some thousands of parameters
            chunk = wanted[start : start + _ROWS_PER_QUERY]
            by_row.update(
                (icon.row, icon) for icon in self._icons_where(f"id IN ({','.join('?' * len(chunk))})", chunk)
            )
        return [by_row[row] for row in wanted if row in by_row]

    def positions_kept(
        self, positions: Iterable[int], units: Collection[int], keep: Callable[[str, str], bool] | None
    ) -> list[int]:
        """Those of `positions` whose icon is of one of `units` (served unit ids) and, unless `keep` is
        None, whose (style, category) `keep` accepts: what a narrowed search keeps (`narrowing.py`).

        Read from SQLite as (row, style, category), not as whole icons: by unit (a scan of the units
        asked) when the answer is large, so narrowing `a` (237,550 icons of the whole @iconify/json)
        does not build every icon; by row when it is smaller than `BY_ROW_BELOW` (`arrow`'s 11,606:
        `arrow style:fill` reads 11,606 rows, not every set's 381,398)."""
        served = self._rows
        positions = list(positions)
        if keep is not None and len(positions) < BY_ROW_BELOW:
            wanted_units = set(units)
            rows = sorted({served[position] for position in positions})
            kept: set[int] = set()
            for start in range(0, len(rows), _ROWS_PER_QUERY):
                chunk = rows[start : start + _ROWS_PER_QUERY]
                query = f"SELECT id, unit, style, category FROM icons WHERE id IN ({','.join('?' * len(chunk))})"
                kept.update(
                    row
                    for row, unit, style, category in self._connection().execute(query, chunk)
                    if unit in wanted_units and keep(style, category)
                )
            return [position for position in positions if served[position] in kept]
        wanted: set[int] = set()
        for unit in units:
            query = "SELECT id, style, category FROM icons WHERE unit = ?"
            unit_rows = self._connection().execute(query, (unit,))
            if keep is None:
                wanted.update(row for row, _style, _category in unit_rows)
            else:
                wanted.update(row for row, style, category in unit_rows if keep(style, category))
        return [position for position in positions if served[position] in wanted]

    def icon_by_id(self, icon_id: int) -> IconRow | None:
        """The served icon with this id (hidden ones too), or None."""
        hashed = ids.hash_of_icon_id(icon_id)
        return self._icon_by_hash(hashed) if hashed is not None else None

    def variant_by_id(self, variant_id: int) -> tuple[IconRow, int] | None:
        """The icon whose variant has this id, and the variant's slot; None when no icon has it."""
        found = ids.hash_of_variant_id(variant_id)
        if found is None:
            return None
        hashed, slot = found
        icon = self._icon_by_hash(hashed)
        return None if icon is None else (icon, slot)

    def icon_by_iconify_name(self, prefix: str, key: str) -> IconRow | None:
        """The served icon whose Iconify name is `prefix:key` (hidden ones too), or the icon an alias
        of that name stands for (MDI's `mdi:house` is Home); None when no set served with Iconify
        names has it. Found through the hash index (a loser of a collision too), then the aliases."""
        units = [unit.id for unit in self.units.values() if unit.has_iconify_names and unit.record.prefix == prefix]
        if not units:
            return None
        hashed = ids.icon_hash(f"{prefix}:{key}")
        for icon in self._icons_where("hash = ?", [hashed]):
            if icon.unit.id in units and icon.key == key:
                return icon
        marks = ",".join("?" * len(units))
        found = (
            self._connection()
            .execute(f"SELECT icon FROM aliases WHERE unit IN ({marks}) AND key = ? LIMIT 1", (*units, key))
            .fetchone()
        )
        if found is None:
            return None
        parents = self._icons_where("id = ?", [found[0]])
        return parents[0] if parents else None

    def svg(self, icon: IconRow) -> str:
        """The icon's SVG document, as its set gave it."""
        found = self._connection().execute("SELECT svg FROM bodies WHERE icon = ?", (icon.row,)).fetchone()
        if found is None:
            raise LookupError(f"no SVG body for {icon.unit.record.prefix}:{icon.key}")
        svg: str = found[0]
        return svg

    def _icon_by_hash(self, hashed: int) -> IconRow | None:
        moved_here = self._moved_to.get(hashed)
        if moved_here is not None:
            found = self._icons_where("id = ?", [moved_here])
        else:
            # Rows of unserved units may hash alike, and so may the losers of a collision (moved away).
            found = [
                icon
                for icon in self._icons_where("hash = ?", [hashed])
                if icon.unit.id in self.units and icon.row not in self._moved
            ]
        return found[0] if found else None

    def _icons_where(self, condition: str, values: Sequence[int]) -> list[IconRow]:
        query = f"SELECT id, unit, key, name, style, category, width, height, hidden, hash FROM icons WHERE {condition}"
        icons = []
        for row, unit_id, key, name, style, category, width, height, hidden, hashed in self._connection().execute(
            query, values
        ):
            unit = self.units.get(unit_id)
            if unit is not None:
                hashed = self._moved.get(row, hashed)
                icons.append(IconRow(row, hashed, unit, key, name, style, category, width, height, bool(hidden)))
        return icons

    # --- connections -----------------------------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        """This thread's read-only connection (the server answers from several threads)."""
        connection: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if connection is None:
            connection = sqlite3.connect(f"{self._path.as_uri()}?mode=ro", uri=True, check_same_thread=False)
            self._local.connection = connection
            with self._lock:
                self._connections.append(connection)
        return connection

    def close(self) -> None:
        """Close every thread's connection (the index is unusable after)."""
        with self._lock:
            for connection in self._connections:
                connection.close()
            self._connections.clear()


def _stored_samples(text: str) -> tuple[str, ...]:
    """A unit's `samples` column (a JSON list of keys, written by `_write_unit`) as a tuple."""
    try:
        keys = json.loads(text)
    except ValueError:
        return ()
    return tuple(key for key in keys if isinstance(key, str)) if isinstance(keys, list) else ()


_RECORD_COLUMNS = "prefix, name, series, source, license_spdx, license_title, license_url, author_name, author_url"
