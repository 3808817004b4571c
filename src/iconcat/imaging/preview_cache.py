"""An optional on-disk cache of preview bytes, bounded in size, under the user cache folder.

Previews are fetched over the network; keeping their bytes on disk makes a second session's browsing
instant and spares the service. The bytes are stored as fetched and still go through
`decode_thumbnail` when read, so a tampered cache file can do no more harm than a hostile server.

Layout: `user_cache_dir("iconcat")/previews/<sha256 of the key>` (platformdirs, so
`$XDG_CACHE_HOME/iconcat/previews` on Linux, resolved at every call so a changed environment is
honoured). Writes go to a temporary file beside the target and are renamed into place, so a reader
never sees half a file. When the total exceeds `max_bytes`, the least recently used files (oldest
modification time; a hit refreshes it) are removed until the total is at most 3/4 of the bound.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import threading
from pathlib import Path

from platformdirs import user_cache_dir

from .decode import MAX_THUMBNAIL_BYTES

__all__ = ["PreviewCache"]


class PreviewCache:
    """Preview bytes by key (the preview's URL, say) on disk, at most `max_bytes` in total."""

    def __init__(self, max_bytes: int = 32 * 1024 * 1024, folder: Path | None = None) -> None:
        self.max_bytes = max_bytes
        self._folder = folder
        self._lock = threading.Lock()

    @property
    def folder(self) -> Path:
        """Where the files live: the given folder, else the platform's user cache folder now."""
        if self._folder is not None:
            return self._folder
        return Path(user_cache_dir("iconcat", appauthor=False)) / "previews"

    def _path(self, key: str) -> Path:
        return self.folder / hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()

    def get(self, key: str) -> bytes | None:
        """The cached bytes for `key`, or None (missing, unreadable or oversized files count as misses)."""
        path = self._path(key)
        try:
            with path.open("rb") as file:
                data = file.read(MAX_THUMBNAIL_BYTES + 1)
            os.utime(path)
        except OSError:
            return None
        return data if len(data) <= MAX_THUMBNAIL_BYTES else None

    def put(self, key: str, data: bytes) -> bool:
        """Store `data` for `key`; False (and nothing written) if it is too big or the disk refuses."""
        if len(data) > min(MAX_THUMBNAIL_BYTES, self.max_bytes):
            return False
        folder = self.folder
        with self._lock:
            try:
                folder.mkdir(parents=True, exist_ok=True, mode=0o700)
                handle, temporary = tempfile.mkstemp(dir=folder, prefix=".incoming-")
                try:
                    with os.fdopen(handle, "wb") as file:
                        file.write(data)
                    os.replace(temporary, self._path(key))
                except BaseException:
                    Path(temporary).unlink(missing_ok=True)
                    raise
                self._evict(folder)
            except OSError:
                return False
        return True

    def size(self) -> int:
        """Total bytes held now."""
        return sum(size for _path, size, _mtime in self._entries(self.folder))

    def clear(self) -> None:
        """Remove every cached preview."""
        with self._lock:
            for path, _size, _mtime in self._entries(self.folder):
                path.unlink(missing_ok=True)

    def _evict(self, folder: Path) -> None:
        entries = self._entries(folder)
        total = sum(size for _path, size, _mtime in entries)
        if total <= self.max_bytes:
            return
        target = self.max_bytes * 3 // 4
        for path, size, _mtime in sorted(entries, key=lambda entry: entry[2]):
            if total <= target:
                break
            path.unlink(missing_ok=True)
            total -= size

    @staticmethod
    def _entries(folder: Path) -> list[tuple[Path, int, float]]:
        entries = []
        try:
            children = list(folder.iterdir())
        except OSError:
            return entries
        for path in children:
            if path.name.startswith(".incoming-"):
                continue
            try:
                status = path.stat()
            except OSError:
                continue
            entries.append((path, status.st_size, status.st_mtime))
        return entries
