"""The memory's larger writes, in a thread of their own: answers kept for offline use, previews on disk,
the bag's marks (`write`: ctrl+a over 1,000 icons is ~60 ms of SQLite).

Keeping an answer stores every icon's document (some 30 ms for 900 icons, measured with
benchmarks/tui.py's catalogue), and keeping previews checks the bound over the whole table (some 3 ms
with 50 MB kept): on the UI's event loop either would be a visible stall. So the browser hands them to
a `MemoryWriter`, whose thread writes them through a connection of its own to the same database file
(WAL mode: the UI's connection reads and writes meanwhile; `iconcat.memory`).

- Previews are kept only when they decode (`iconcat.imaging.decode_thumbnail`, in this thread): bytes
  that are no picture are not carried into the next run, where they would show as broken without the
  catalogue being asked again. Previews arriving together are written in one transaction.
- On memory alone (the file could not be used: `Memory.persistent` False) nothing goes to a thread:
  answers are kept in the UI's own in-memory database (offline answers still work within the run),
  previews not at all (the session's cache holds them already).
- `close` writes what is waiting and waits for the thread (bounded): a browser started next finds them.

No Textual here.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon
    from iconcat.memory import Memory

__all__ = ["MemoryWriter"]

CLOSE_WAIT = 5.0
"""Seconds `close` waits for the thread (a write waits at most the memory's busy timeout, 2 s)."""

_Job = Callable[["Memory"], None]


class MemoryWriter:
    """Writes answers and previews to `memory`'s file from a thread (see the module docstring)."""

    def __init__(self, memory: Memory) -> None:
        self._memory = memory
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._previews: dict[int, bytes] = {}
        self._previews_lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closed = False
        self.written = 0
        """Jobs the thread has finished (for tests and benchmarks)."""
        self.notice = ""
        """What the thread's writes could not remember (`Memory.notice`), once one failed."""

    def keep_answer(self, query: str, icons: Sequence[Icon]) -> None:
        """Keep `icons` as the last answer to `query`."""
        icons = tuple(icons)
        self._submit(lambda memory: memory.keep_answer(query, icons), on_memory_alone=True)

    def write(self, job: Callable[[Memory], object]) -> None:
        """Run `job` (a write through a `Memory`) in the thread, after every job handed over before it;
        on memory alone, at once through the UI's own in-memory database."""

        def run(memory: Memory) -> None:
            job(memory)

        self._submit(run, on_memory_alone=True)

    def keep_preview(self, icon_id: int, data: bytes) -> None:
        """Keep a preview's bytes, once they have decoded; several arriving together share a transaction."""
        if self._closed or self._memory.path is None:
            return
        with self._previews_lock:
            first = not self._previews
            self._previews[icon_id] = data
        if first:
            self._submit(self._write_previews)

    def close(self, timeout: float = CLOSE_WAIT) -> None:
        """Write what is waiting, then end the thread (waiting at most `timeout` seconds)."""
        if self._closed:
            return
        self._closed = True
        thread = self._thread
        if thread is not None:
            self._jobs.put(None)
            thread.join(timeout)

    # ----------------------------------------------------------------- the thread

    def _submit(self, job: _Job, *, on_memory_alone: bool = False) -> None:
        if self._closed:
            return
        if self._memory.path is None:
            if on_memory_alone:
                job(self._memory)  # in-memory: quick, and its connection belongs to this thread
            return
        self._jobs.put(job)
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="iconcat-memory-writer", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        from iconcat.memory import Memory

        assert self._memory.path is not None
        memory = Memory.open(self._memory.catalogue, self._memory.path)
        try:
            while True:
                job = self._jobs.get()
                if job is None:
                    return
                try:
                    job(memory)
                except Exception:  # noqa: BLE001 - a write that fails is a memory lost, never a crash
                    continue
                finally:
                    self.written += 1
                    self.notice = memory.notice
        finally:
            memory.close()

    def _write_previews(self, memory: Memory) -> None:
        from iconcat.imaging import ThumbnailError, decode_thumbnail

        with self._previews_lock:
            previews, self._previews = self._previews, {}
        good = []
        for icon_id, data in previews.items():
            try:
                decode_thumbnail(data)  # (kept in imaging's cache by content: the render reuses it)
            except ThumbnailError:
                continue
            good.append((icon_id, data))
        memory.keep_previews(good)
