"""The Iconify names the Iconify API kind has shown, kept on disk (`NameBook`, `names_file`), so an id
handed out in one run is answered in the next: apart from `iconify_api`, with its own SQLite file and
thread rules.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - typing only
    pass


__all__ = ["NameBook", "names_file"]


class NameBook:
    """The Iconify names of the icons this kind has shown, on disk (`names_file()`, SQLite), so an id
    handed out once is answered in a later run: an id is a hash of `prefix:name`, and the API cannot be
    asked by id. Favourites, recents, the bag and `iconcat download <variant id>` keep ids from run to run.

    Names noted are written in one transaction a page (`flush`, in a worker thread: a disk's hiccup never
    stops the browser; and on close), never read back whole: a look-up asks for one hash. Thread-safe.
    At most one row a name (Iconify has some 300,000: a few MB). A file that cannot be read or written
    costs the look-ups only, silently: nothing else depends on it."""

    def __init__(self, path: Path | None) -> None:
        self._path = path
        self._database: sqlite3.Connection | None = None
        self._waiting: dict[int, str] = {}
        self._written: set[str] = set()
        self._lock = threading.Lock()

    def note(self, names: Iterable[str]) -> None:
        """Keep `names` (Iconify names just mapped) for later runs (written by the next `flush`)."""
        from iconcat.iconify.ids import icon_hash

        with self._lock:
            for name in names:
                if name not in self._written:
                    self._written.add(name)
                    self._waiting[icon_hash(name)] = name

    @property
    def waiting(self) -> bool:
        """Names are noted and not written yet."""
        return bool(self._waiting)

    def flush(self) -> None:
        """Write the names noted since the last flush."""
        with self._lock:
            if not self._waiting:
                return
            waiting, self._waiting = self._waiting, {}
            database = self._connect()
            if database is None:
                return
            try:
                with database:
                    database.executemany("INSERT OR IGNORE INTO names (hash, name) VALUES (?, ?)", waiting.items())
            except sqlite3.Error:
                self._forget()

    def name_of(self, hashed: int) -> str | None:
        """The Iconify name whose hash is `hashed`, when it was kept (and is one, and hashes so)."""
        from iconcat.iconify.ids import icon_hash
        from iconcat.iconify.names import iconify_name

        with self._lock:
            if hashed in self._waiting:
                return self._waiting[hashed]
            database = self._connect()
            if database is None:
                return None
            try:
                row = database.execute("SELECT name FROM names WHERE hash = ?", (hashed,)).fetchone()
            except sqlite3.Error:
                self._forget()
                return None
        name = iconify_name(row[0]) if row is not None else None
        return name if name is not None and icon_hash(name) == hashed else None

    def close(self) -> None:
        """Write what waits, and close the file."""
        self.flush()
        with self._lock:
            if self._database is not None:
                self._database.close()
                self._database = None

    def _connect(self) -> sqlite3.Connection | None:
        if self._database is None and self._path is not None:
            try:
                self._path.parent.mkdir(parents=True, exist_ok=True)
                database = sqlite3.connect(self._path, timeout=2.0, check_same_thread=False)
                database.execute("PRAGMA journal_mode=WAL")
                database.execute("PRAGMA synchronous=OFF")  # (a cache: lost to a power cut, it is only written again)
                database.execute("CREATE TABLE IF NOT EXISTS names (hash INTEGER PRIMARY KEY, name TEXT NOT NULL)")
                self._database = database
            except (OSError, sqlite3.Error):
                self._path = None
        return self._database

    def _forget(self) -> None:
        """Stop using a book that failed (a damaged or locked file): look-ups say nothing from now on."""
        if self._database is not None:
            self._database.close()
        self._database, self._path = None, None


def names_file() -> Path:
    """Where the names are kept: `platformdirs.user_cache_dir("iconcat")/iconify-api/names.sqlite`
    (`~/.cache/iconcat/…` on Linux; `XDG_CACHE_HOME` moves it), read at call time."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("iconcat", appauthor=False)) / "iconify-api" / "names.sqlite"
