"""The index's SQLite file: its schema, opened for writing (built again when of an older schema, or
when it is no database), a transaction, and the log cut after a build. `index` does the rest."""

from __future__ import annotations

import sqlite3
from pathlib import Path

__all__ = ["SCHEMA_VERSION", "WHY_ANEW", "checkpoint", "transaction", "writer"]

SCHEMA_VERSION = 2
"""2: each unit's `listed` count and `samples` (`iconcat sets` answers from them)."""
WHY_ANEW = {2: "this iconcat keeps each set's icon count and samples (for `iconcat sets`)"}
"""Why an index of an older schema is built again, by the version that made the change: said on stderr
and in the browser's header (`BuildProgress.anew`), since a whole collection takes a while to read."""

_SCHEMA = """
CREATE TABLE units (
    id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE, fingerprint TEXT NOT NULL, prefix TEXT NOT NULL,
    name TEXT NOT NULL, folded TEXT NOT NULL, series TEXT NOT NULL, source TEXT NOT NULL, license_spdx TEXT,
    license_title TEXT, license_url TEXT, author_name TEXT, author_url TEXT, icons INTEGER NOT NULL, used REAL NOT NULL,
    listed INTEGER NOT NULL DEFAULT 0, samples TEXT NOT NULL DEFAULT '[]'
);
CREATE TABLE icons (
    id INTEGER PRIMARY KEY, unit INTEGER NOT NULL, key TEXT NOT NULL, name TEXT NOT NULL, folded TEXT NOT NULL,
    style TEXT NOT NULL,
    category TEXT NOT NULL, width REAL NOT NULL, height REAL NOT NULL, hidden INTEGER NOT NULL,
    hash INTEGER NOT NULL
);
CREATE INDEX icons_by_unit ON icons (unit);
CREATE INDEX icons_by_hash ON icons (hash);
CREATE TABLE bodies (icon INTEGER PRIMARY KEY, svg TEXT NOT NULL);
CREATE TABLE aliases (icon INTEGER NOT NULL, unit INTEGER NOT NULL, key TEXT NOT NULL);
CREATE INDEX aliases_by_unit ON aliases (unit);
CREATE TABLE searches (signature TEXT PRIMARY KEY, units TEXT NOT NULL, packed BLOB NOT NULL,
    rows BLOB NOT NULL, moved TEXT NOT NULL, made REAL NOT NULL);
"""


def checkpoint(connection: sqlite3.Connection) -> None:
    """Copy the write-ahead log into the database and cut it to nothing, after a build (or one cut short).

    Closing the last connection does that anyway, but another iconcat serving from the same cache (a
    `serve` in another terminal) keeps its connections open, and the log was left beside the database
    as large as the largest set's transaction (107 MB: Fluent Emoji's bodies). Best effort: a reader
    in the middle of a read keeps the log (waited for a second at most), and the next build cuts it."""
    try:
        connection.execute("PRAGMA busy_timeout = 1000")
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except sqlite3.Error:  # disk full, read-only: the log is still whole, and the database with it
        pass


def writer(path: Path) -> tuple[sqlite3.Connection, str]:
    """The index open for writing, and why it starts again ("" unless it was of an older schema)."""
    try:
        return _open_writer(path)
    except sqlite3.DatabaseError as exc:
        if isinstance(exc, sqlite3.OperationalError):
            raise  # locked, read-only, disk full: not the file's fault
        # Not a database (a file damaged or put there by something else): a cache, made again.
        for stale in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            stale.unlink(missing_ok=True)
        return _open_writer(path)


def _open_writer(path: Path) -> tuple[sqlite3.Connection, str]:
    connection = sqlite3.connect(path, isolation_level=None, timeout=30)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = NORMAL")
    anew = ""
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if version != SCHEMA_VERSION:
        if 0 < version < SCHEMA_VERSION:  # 0: a new file, nothing to say
            anew = WHY_ANEW.get(SCHEMA_VERSION, "this iconcat stores its index in a newer form")
        # A cache: an index of another version is dropped and rebuilt, never migrated.
        connection.execute("BEGIN IMMEDIATE")
        tables = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        for (table,) in tables:
            if not table.startswith("sqlite_"):  # SQLite's own (AUTOINCREMENT's sqlite_sequence) may not be dropped
                connection.execute(f'DROP TABLE "{table}"')
        if any(table == "sqlite_sequence" for (table,) in tables):
            connection.execute("DELETE FROM sqlite_sequence")
        for statement in filter(str.strip, _SCHEMA.split(";")):
            connection.execute(statement)
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        connection.execute("COMMIT")
    return connection, anew


class transaction:
    """BEGIN IMMEDIATE … COMMIT, or ROLLBACK on any exception, interruptions included."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    def __enter__(self) -> None:
        self._connection.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        self._connection.execute("COMMIT" if kind is None else "ROLLBACK")
