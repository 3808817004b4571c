"""A small thread-safe LRU mapping bounded by entry count and by total weight.

Shared by `iconcat.imaging`'s caches and the browser's own (preview bytes, renders). It lives outside
`imaging` and imports nothing heavy, so the browser can make its caches at start without loading
Pillow. The TUI decodes and renders from several thread workers at once, so each cache has one lock.
Hits move an entry to the young end; inserting past either bound evicts from the old end until both
bounds hold again. An entry heavier than the whole weight bound is not kept.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["BoundedLRU"]

V = TypeVar("V")


class BoundedLRU(Generic[V]):
    """Least-recently-used cache with at most `max_entries` entries and `max_weight` total weight."""

    def __init__(
        self,
        max_entries: int,
        max_weight: int | None = None,
        weigh: Callable[[V], int] | None = None,
    ) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        self.max_entries = max_entries
        self.max_weight = max_weight
        self._weigh = weigh or (lambda _value: 1)
        self._entries: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._weight = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable) -> V | None:
        """The cached value for `key` (now the most recently used), or None."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return entry[0]

    def put(self, key: Hashable, value: V) -> None:
        """Store `value` under `key`, evicting the least recently used entries beyond the bounds."""
        weight = self._weigh(value)
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._weight -= old[1]
            if self.max_weight is not None and weight > self.max_weight:
                return
            self._entries[key] = (value, weight)
            self._weight += weight
            self._evict_beyond_bounds()

    def limit(self, max_entries: int, max_weight: int | None = None) -> None:
        """Tighten the bounds to at most these (never loosen them), evicting the oldest entries now."""
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        with self._lock:
            self.max_entries = min(self.max_entries, max_entries)
            if max_weight is not None:
                self.max_weight = max_weight if self.max_weight is None else min(self.max_weight, max_weight)
            self._evict_beyond_bounds()

    def _evict_beyond_bounds(self) -> None:
        """Drop the least recently used entries until both bounds hold (the lock is held)."""
        while len(self._entries) > self.max_entries or (self.max_weight is not None and self._weight > self.max_weight):
            _key, (_value, evicted_weight) = self._entries.popitem(last=False)
            self._weight -= evicted_weight

    def clear(self) -> None:
        """Forget everything (the hit and miss counters too)."""
        with self._lock:
            self._entries.clear()
            self._weight = 0
            self.hits = self.misses = 0

    def __contains__(self, key: object) -> bool:
        """Whether `key` is cached (without making it the most recently used, or counting a hit)."""
        with self._lock:
            return key in self._entries

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    @property
    def weight(self) -> int:
        """Total weight of the entries held now."""
        with self._lock:
            return self._weight
