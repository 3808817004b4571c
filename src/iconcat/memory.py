"""What the browser remembers between runs: favourites, recents, the bag, preferences, previews, answers.

One SQLite database (standard library `sqlite3`) in the user data folder
(`platformdirs.user_data_dir("iconcat")/memory.sqlite3`), in WAL mode with a busy timeout, so two
browsers at once read and write it without corrupting it; every write is one short transaction.

- Per catalogue: favourites, recents (the last `RECENTS_KEPT`), the bag, previews and the last answer
  to each query are kept under the catalogue's base URL, so another catalogue's icons never mix in.
  The base URL is the only thing of the connection stored: never the token (a test reads the file's
  bytes to hold this).
- Icons are stored as the interface's JSON entries and read back through the client's own parser
  (`parse_search_result`), so a hand-edited or damaged row is skipped like a malformed entry from the
  service, never trusted.
- Preferences (theme, view, pictures, the last variant choice) are global, and live here rather than
  in the config file, which holds the token and is written only when a person saves a connection.
- A file that is not a database (garbage, truncated) is moved aside and a fresh one started; a file we
  cannot open or write (read-only, locked by another process past the timeout) leaves the browser
  running on memory alone. Either way `Memory.notice` says in one line what could not be remembered.
- The schema has a version (`PRAGMA user_version`) and `_MIGRATIONS` brings older files forward.

Nothing here imports Textual; the browser calls it on its event loop (each call is a few ms at most),
but for its larger writes, answers and previews, which go through a connection of their own in a
thread (`iconcat.tui.controllers.memory_writer`). `read_preferences` reads the preferences alone, read-only and
without waiting, before the browser's first frame.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

# The keys are the catalogues' identities, kept where a catalogue is named (light: choosing a catalogue
# needs its key, not this database); imported here too, as they always were.
from iconcat.catalogue_names import DEMO_CATALOGUE, LOCAL_SETS, catalogue_key

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon

__all__ = [
    "ANSWERS_KEPT",
    "DEMO_CATALOGUE",
    "LOCAL_SETS",
    "PREVIEW_BYTES_KEPT",
    "RECENTS_KEPT",
    "Memory",
    "SavedAnswer",
    "catalogue_key",
    "memory_path",
    "read_preferences",
]

RECENTS_KEPT = 100
"""Recents per catalogue: the last icons opened in the picker or downloaded."""
PREVIEW_BYTES_KEPT = 50 * 1024 * 1024
"""The preview cache's bound on disk, over every catalogue (least recently used go first)."""
ANSWERS_KEPT = 200
"""Saved answers per catalogue (for offline use): the most recently asked queries."""
BUSY_TIMEOUT_MS = 2000
"""How long a write waits for another browser's write before giving up (and not remembering it)."""


def memory_path() -> Path:
    """Where the database lives: the user data folder (`$XDG_DATA_HOME/iconcat` on Linux)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("iconcat", appauthor=False)) / "memory.sqlite3"


@dataclasses.dataclass(frozen=True)
class SavedAnswer:
    """The last answer seen for a query, for when the catalogue cannot be reached."""

    icons: tuple[Icon, ...]
    saved_at: float
    """When it was saved (seconds since the epoch)."""


def _schema_1(db: sqlite3.Connection) -> None:
    # Statement by statement: `executescript` would commit the migration's transaction first.
    _run_script(
        db,
        """
        CREATE TABLE icons (
            catalogue TEXT NOT NULL, icon_id INTEGER NOT NULL, document TEXT NOT NULL,
            PRIMARY KEY (catalogue, icon_id));
        CREATE TABLE favourites (
            catalogue TEXT NOT NULL, icon_id INTEGER NOT NULL, added REAL NOT NULL,
            PRIMARY KEY (catalogue, icon_id));
        CREATE TABLE recents (
            catalogue TEXT NOT NULL, icon_id INTEGER NOT NULL, used REAL NOT NULL,
            PRIMARY KEY (catalogue, icon_id));
        CREATE TABLE bag (
            catalogue TEXT NOT NULL, icon_id INTEGER NOT NULL, added REAL NOT NULL,
            PRIMARY KEY (catalogue, icon_id));
        CREATE TABLE preferences (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE previews (
            catalogue TEXT NOT NULL, icon_id INTEGER NOT NULL, data BLOB NOT NULL, used REAL NOT NULL,
            PRIMARY KEY (catalogue, icon_id));
        CREATE INDEX previews_by_use ON previews (used);
        CREATE TABLE answers (
            catalogue TEXT NOT NULL, query TEXT NOT NULL, icon_ids TEXT NOT NULL, saved REAL NOT NULL,
            PRIMARY KEY (catalogue, query));
        """,
    )


def _run_script(db: sqlite3.Connection, script: str) -> None:
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


_MIGRATIONS = (_schema_1,)
"""`_MIGRATIONS[n]` brings a database of schema version n to n + 1 (version 0: a new file)."""
SCHEMA_VERSION = len(_MIGRATIONS)

_T = TypeVar("_T")


class Memory:
    """The browser's memory of one catalogue (`catalogue`), over the database at `path`."""

    def __init__(
        self,
        db: sqlite3.Connection,
        catalogue: str,
        *,
        notice: str = "",
        persistent: bool = True,
        path: Path | None = None,
    ) -> None:
        self._db = db
        self.catalogue = catalogue_key(catalogue)
        self.notice = notice
        """One line on what could not be remembered (empty when all is well)."""
        self.persistent = persistent
        """False when the browser runs on memory alone (the file could not be opened)."""
        self.path = path if persistent else None
        """The database file (None on memory alone): another thread opens its own connection to it."""
        self._preview_ids: set[int] | None = None
        """Ids of this catalogue's previews on disk, read once (`preview`): a preview not there costs
        no query (a cold screen of 30 tiles asked 30 times on the UI thread). A hint, not the truth:
        `expect_preview` adds what another connection (the writer's thread) is about to keep."""

    # ----------------------------------------------------------------- opening

    @classmethod
    def open(cls, base_url: str, path: Path | None = None) -> Memory:
        """The memory of the catalogue at `base_url`, from the database at `path` (default
        `memory_path()`). Never raises: whatever is wrong with the file, a usable Memory comes back,
        its `notice` saying what was lost."""
        path = path or memory_path()
        try:
            return cls(_connect(path), base_url, path=path)
        except sqlite3.DatabaseError as error:
            if not _is_not_a_database(error):
                return cls._in_memory(base_url, f"Can't use {path} ({_reason(error)}): nothing will be remembered.")
        except OSError as error:
            return cls._in_memory(base_url, f"Can't use {path} ({_reason(error)}): nothing will be remembered.")
        # Not a database (garbage, truncated): keep the file for whoever wants to look, start afresh.
        aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            for suffix in ("-wal", "-shm"):
                with contextlib.suppress(FileNotFoundError):
                    path.with_name(path.name + suffix).unlink()
            os.replace(path, aside)
            memory = cls(_connect(path), base_url, path=path)
        except (OSError, sqlite3.DatabaseError) as error:
            return cls._in_memory(base_url, f"Can't use {path} ({_reason(error)}): nothing will be remembered.")
        memory.notice = f"The saved favourites and history were unreadable; moved aside to {aside.name}."
        return memory

    @classmethod
    def _in_memory(cls, base_url: str, notice: str) -> Memory:
        db = sqlite3.connect(":memory:", isolation_level=None)
        _migrate(db)
        return cls(db, base_url, notice=notice, persistent=False)

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._db.close()

    def _write(self, work: Callable[[sqlite3.Connection], _T]) -> _T | None:
        """Run `work` in one short write transaction and return what it returns. A failure (locked past
        the timeout, disk full, read-only) is noted once, nothing of `work` is kept, and None comes
        back: the browser goes on without remembering this."""
        try:
            self._db.execute("BEGIN IMMEDIATE")  # the write lock at once: two browsers queue for it
        except sqlite3.Error as error:
            self._note_failed_write(error)
            return None
        try:
            result = work(self._db)
            self._db.execute("COMMIT")
        except sqlite3.Error as error:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")
            self._note_failed_write(error)
            return None
        return result

    def _note_failed_write(self, error: sqlite3.Error) -> None:
        if not self.notice:
            self.notice = f"Could not remember a change ({_reason(error)})."

    def _read(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[Any]:
        try:
            return self._db.execute(sql, parameters).fetchall()
        except sqlite3.Error as error:
            if not self.notice:
                self.notice = f"Could not read what was remembered ({_reason(error)})."
            return []

    # ----------------------------------------------------------------- icons

    def _keep_icon(self, db: sqlite3.Connection, icon: Icon) -> None:
        fields = dataclasses.asdict(icon)
        del fields["matched"]  # why one search found it: not the icon's, and wrong for the next search
        document = json.dumps(fields, separators=(",", ":"))
        db.execute(
            "INSERT INTO icons (catalogue, icon_id, document) VALUES (?, ?, ?) "
            "ON CONFLICT (catalogue, icon_id) DO UPDATE SET document = excluded.document",
            (self.catalogue, icon.id, document),
        )

    def _icons(self, table: str, order: str) -> tuple[Icon, ...]:
        rows = self._read(
            f"SELECT icons.document FROM {table} JOIN icons USING (catalogue, icon_id) "
            f"WHERE {table}.catalogue = ? ORDER BY {order}",
            (self.catalogue,),
        )
        return _parse_icons(row[0] for row in rows)

    def known_icon(self, icon_id: int) -> Icon | None:
        """The icon with this id as last seen from this catalogue (in a kept answer, a favourite, a
        recent or the bag), or None: how `iconcat download` tells an icon's id from a variant's."""
        rows = self._read("SELECT document FROM icons WHERE catalogue = ? AND icon_id = ?", (self.catalogue, icon_id))
        icons = _parse_icons(row[0] for row in rows)
        return icons[0] if icons else None

    def seen_icons(self) -> tuple[Icon, ...]:
        """Every icon kept of this catalogue (in a kept answer, a favourite, a recent or the bag), in
        the order first kept: the results held in memory, which `iconcat sets` lists the sets of when
        the catalogue cannot list its own."""
        rows = self._read("SELECT document FROM icons WHERE catalogue = ? ORDER BY rowid", (self.catalogue,))
        return _parse_icons(row[0] for row in rows)

    # ----------------------------------------------------------------- favourites

    def favourites(self) -> tuple[Icon, ...]:
        """The favourite icons, the latest marked first."""
        return self._icons("favourites", "favourites.added DESC")

    def favourite_ids(self) -> frozenset[int]:
        return frozenset(
            row[0] for row in self._read("SELECT icon_id FROM favourites WHERE catalogue = ?", (self.catalogue,))
        )

    def toggle_favourite(self, icon: Icon) -> bool:
        """Make `icon` a favourite, or no longer one; True when it is one now."""

        def work(db: sqlite3.Connection) -> object:
            gone = db.execute(
                "DELETE FROM favourites WHERE catalogue = ? AND icon_id = ?", (self.catalogue, icon.id)
            ).rowcount
            if not gone:
                self._keep_icon(db, icon)
                db.execute(
                    "INSERT INTO favourites (catalogue, icon_id, added) VALUES (?, ?, ?)",
                    (self.catalogue, icon.id, time.time()),
                )
            return not gone

        now_favourite = self._write(work)
        return icon.id in self.favourite_ids() if now_favourite is None else bool(now_favourite)

    def favourites_elsewhere(self) -> tuple[tuple[str, int], ...]:
        """The other catalogues' favourites: (catalogue key, how many), the most first. Favourites are
        kept per catalogue, so after a change of catalogue (`iconcat login`) they seem gone: the
        browser and `iconcat favourites` say where they are."""
        rows = self._read(
            "SELECT favourites.catalogue, COUNT(*) FROM favourites JOIN icons USING (catalogue, icon_id) "
            "WHERE favourites.catalogue != ? GROUP BY favourites.catalogue "
            "ORDER BY COUNT(*) DESC, favourites.catalogue",
            (self.catalogue,),
        )
        return tuple((str(catalogue), int(count)) for catalogue, count in rows)

    # ----------------------------------------------------------------- recents

    def recents(self) -> tuple[Icon, ...]:
        """The icons last opened in the picker or downloaded, the latest first (at most RECENTS_KEPT)."""
        return self._icons("recents", "recents.used DESC")

    def used(self, icon: Icon) -> None:
        """`icon` was opened in the picker or downloaded: it goes to the top of the recents."""

        def work(db: sqlite3.Connection) -> object:
            self._keep_icon(db, icon)
            db.execute(
                # Later than every other, even within the clock's resolution: the order is the order of use.
                "INSERT INTO recents (catalogue, icon_id, used) VALUES (?, ?, "
                "MAX(?, COALESCE((SELECT MAX(used) FROM recents WHERE catalogue = ?), 0) + 1e-6)) "
                "ON CONFLICT (catalogue, icon_id) DO UPDATE SET used = excluded.used",
                (self.catalogue, icon.id, time.time(), self.catalogue),
            )
            db.execute(
                "DELETE FROM recents WHERE catalogue = ? AND icon_id NOT IN "
                "(SELECT icon_id FROM recents WHERE catalogue = ? ORDER BY used DESC LIMIT ?)",
                (self.catalogue, self.catalogue, RECENTS_KEPT),
            )
            return None

        self._write(work)

    # ----------------------------------------------------------------- the bag

    def bag(self) -> tuple[Icon, ...]:
        """The marked icons, in the order they were marked."""
        return self._icons("bag", "bag.added")

    def bag_ids(self) -> frozenset[int]:
        return frozenset(row[0] for row in self._read("SELECT icon_id FROM bag WHERE catalogue = ?", (self.catalogue,)))

    def mark(self, icons: list[Icon] | tuple[Icon, ...]) -> None:
        """Put `icons` in the bag (those already there stay where they are)."""
        now = time.time()

        def work(db: sqlite3.Connection) -> object:
            for offset, icon in enumerate(icons):
                self._keep_icon(db, icon)
                db.execute(
                    "INSERT INTO bag (catalogue, icon_id, added) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                    (self.catalogue, icon.id, now + offset * 1e-6),
                )
            return None

        self._write(work)

    def unmark(self, icon_ids: list[int] | tuple[int, ...] | frozenset[int]) -> None:
        """Take these icons out of the bag."""

        def work(db: sqlite3.Connection) -> object:
            db.executemany(
                "DELETE FROM bag WHERE catalogue = ? AND icon_id = ?", [(self.catalogue, i) for i in icon_ids]
            )
            return None

        self._write(work)

    # ----------------------------------------------------------------- preferences

    def preference(self, key: str) -> str | None:
        """A remembered choice (theme, view, pictures, variant), or None."""
        rows = self._read("SELECT value FROM preferences WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    def remember(self, key: str, value: str) -> None:
        def work(db: sqlite3.Connection) -> object:
            db.execute(
                "INSERT INTO preferences (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
            return None

        self._write(work)

    # ----------------------------------------------------------------- previews on disk

    def preview(self, icon_id: int) -> bytes | None:
        """The preview bytes kept for this icon, or None (no query when none was kept for it: see
        `expect_preview` for previews kept through another connection meanwhile)."""
        if self._preview_ids is None:
            rows = self._read("SELECT icon_id FROM previews WHERE catalogue = ?", (self.catalogue,))
            self._preview_ids = {row[0] for row in rows}
        if icon_id not in self._preview_ids:
            return None
        rows = self._read("SELECT data FROM previews WHERE catalogue = ? AND icon_id = ?", (self.catalogue, icon_id))
        return bytes(rows[0][0]) if rows else None

    def expect_preview(self, icon_id: int) -> None:
        """This icon's preview is being kept through another connection (a `MemoryWriter`): `preview`
        looks for it from now on."""
        if self._preview_ids is not None:
            self._preview_ids.add(icon_id)

    def keep_preview(self, icon_id: int, data: bytes, *, limit: int = PREVIEW_BYTES_KEPT) -> None:
        """Keep a preview's bytes; the least recently kept go once all of them pass `limit` bytes."""
        self.keep_previews([(icon_id, data)], limit=limit)

    def keep_previews(self, previews: Iterable[tuple[int, bytes]], *, limit: int = PREVIEW_BYTES_KEPT) -> None:
        """Keep several previews' bytes in one transaction (the bound is checked once, after them all)."""
        now = time.time()
        rows = [
            (self.catalogue, icon_id, data, now + offset * 1e-6)
            for offset, (icon_id, data) in enumerate(previews)
            if len(data) <= limit  # larger than the whole bound: not kept
        ]
        if not rows:
            return
        if self._preview_ids is not None:
            self._preview_ids.update(row[1] for row in rows)

        def work(db: sqlite3.Connection) -> object:
            db.executemany(
                "INSERT INTO previews (catalogue, icon_id, data, used) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (catalogue, icon_id) DO UPDATE SET data = excluded.data, used = excluded.used",
                rows,
            )
            total = db.execute("SELECT COALESCE(SUM(LENGTH(data)), 0) FROM previews").fetchone()[0]
            if total > limit:
                # Oldest first until under the limit: every row whose older rows add up to less than the
                # excess goes (a running sum over the rows by age), the one that crosses it included.
                db.execute(
                    "DELETE FROM previews WHERE rowid IN (SELECT rowid FROM (SELECT rowid, "
                    "SUM(LENGTH(data)) OVER (ORDER BY used, rowid) - LENGTH(data) AS before FROM previews) "
                    "WHERE before < ?)",
                    (total - limit,),
                )
            return None

        self._write(work)

    # ----------------------------------------------------------------- answers for offline use

    def keep_answer(self, query: str, icons: tuple[Icon, ...] | list[Icon]) -> None:
        """Keep the answer to `query` (its icons), for when the catalogue cannot be reached."""

        def work(db: sqlite3.Connection) -> object:
            for icon in icons:
                self._keep_icon(db, icon)
            db.execute(
                "INSERT INTO answers (catalogue, query, icon_ids, saved) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (catalogue, query) DO UPDATE SET icon_ids = excluded.icon_ids, saved = excluded.saved",
                (self.catalogue, query, json.dumps([icon.id for icon in icons]), time.time()),
            )
            db.execute(
                "DELETE FROM answers WHERE catalogue = ? AND query NOT IN "
                "(SELECT query FROM answers WHERE catalogue = ? ORDER BY saved DESC LIMIT ?)",
                (self.catalogue, self.catalogue, ANSWERS_KEPT),
            )
            return None

        self._write(work)

    def saved_answer(self, query: str) -> SavedAnswer | None:
        """The last answer kept for `query`, or None."""
        rows = self._read(
            "SELECT icon_ids, saved FROM answers WHERE catalogue = ? AND query = ?", (self.catalogue, query)
        )
        if not rows:
            return None
        try:
            wanted = [i for i in json.loads(rows[0][0]) if type(i) is int]
        except (ValueError, TypeError):
            return None
        if not wanted:
            return SavedAnswer((), float(rows[0][1]))
        marks = ",".join("?" * len(wanted))
        documents = dict(
            self._read(
                f"SELECT icon_id, document FROM icons WHERE catalogue = ? AND icon_id IN ({marks})",
                (self.catalogue, *wanted),
            )
        )
        icons = _parse_icons(documents[i] for i in wanted if i in documents)
        return SavedAnswer(icons, float(rows[0][1]))


def read_preferences(path: Path | None = None) -> dict[str, str]:
    """Every remembered preference, read without writing anything and without waiting: {} when the
    file is missing, damaged, locked or unreadable (`Memory.open`, later, says what is wrong).

    Cheap enough to run before the browser's first frame (a fraction of a millisecond once `sqlite3`
    is imported), so a remembered theme or view is there from the start instead of changing under the
    person's eyes once the memory has opened."""
    path = path or memory_path()
    try:
        db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True, timeout=0.05, isolation_level=None)
    except (sqlite3.Error, OSError, ValueError):
        return {}
    try:
        rows = db.execute("SELECT key, value FROM preferences").fetchall()
    except sqlite3.Error:
        return {}
    finally:
        db.close()
    return {str(key): str(value) for key, value in rows if isinstance(key, str) and isinstance(value, str)}


def _connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    # isolation_level=None: transactions are begun explicitly (`BEGIN IMMEDIATE` takes the write lock
    # at once, so two browsers queue for it instead of failing halfway through).
    db = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    try:
        db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")  # WAL keeps the file consistent; a crash may lose the last write
        _migrate(db)
        db.execute("SELECT COUNT(*) FROM favourites").fetchone()  # a damaged file often shows only on reading
    except BaseException:
        db.close()
        raise
    return db


def _migrate(db: sqlite3.Connection) -> None:
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise sqlite3.DatabaseError(f"made by a newer iconcat (schema {version}, this one knows {SCHEMA_VERSION})")
    if version == SCHEMA_VERSION:
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        for migration in _MIGRATIONS[version:]:
            migration(db)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def _parse_icons(documents: Iterable[Any]) -> tuple[Icon, ...]:
    """Icons from stored JSON entries, through the client's parser: a damaged row is skipped."""
    from iconcat.api import parse_search_result

    entries = []
    for document in documents:
        try:
            entries.append(json.loads(document))
        except (ValueError, TypeError):
            continue
    return parse_search_result({"data": entries}).icons


def _is_not_a_database(error: sqlite3.DatabaseError) -> bool:
    text = str(error).lower()
    return "not a database" in text or "malformed" in text or "file is encrypted" in text


def _reason(error: BaseException) -> str:
    from iconcat.failures import describe_failure

    return describe_failure(error)
