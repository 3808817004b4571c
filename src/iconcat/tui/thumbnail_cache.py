"""Bounded caches for thumbnails: preview bytes by icon, and renders by size and background.

Coming back to an icon must not refetch it, and coming back to a recent one must not redraw it either:

- `previews`: the compressed preview bytes per icon (a few KB each; bounded by count and total size,
  since a hostile catalogue may send large ones). Revisiting an icon whose render was evicted decodes
  and draws it again in a thread, without a request (`iconcat.imaging` keeps its own small caches of
  decoded images and renders, keyed by content).
- `failures`: why an icon has no picture (404, undecodable), so a broken preview is not asked for again.
- `renders`: finished renders keyed on icon, cell size and background colour. A render is some 60 KB
  of Rich segments, so only the most recent are kept.

Only the UI thread touches these caches: thread workers hand their results back in messages.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable, Generic, Hashable, TypeVar

__all__ = ["LRU", "PreviewFailure", "RenderKey", "ThumbnailCache", "bound_imaging_caches"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LRU(Generic[K, V]):
    """A small least-recently-used mapping bounded by entry count and, optionally, total weight."""

    def __init__(self, capacity: int, *, max_weight: int | None = None, weigh: Callable[[V], int] | None = None) -> None:
        self.capacity = capacity
        self.max_weight = max_weight
        self._weigh = weigh or (lambda _value: 0)
        self._items: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self.weight = 0

    def get(self, key: K) -> V | None:
        """The value for `key` (now the most recent), or None."""
        try:
            self._items.move_to_end(key)
        except KeyError:
            return None
        return self._items[key][0]

    def put(self, key: K, value: V) -> None:
        """Store `value`, evicting the least recently used entries beyond the bounds."""
        old = self._items.pop(key, None)
        if old is not None:
            self.weight -= old[1]
        weight = self._weigh(value)
        if self.max_weight is not None and weight > self.max_weight:
            return
        self._items[key] = (value, weight)
        self.weight += weight
        while len(self._items) > self.capacity or (self.max_weight is not None and self.weight > self.max_weight):
            _key, (_value, evicted) = self._items.popitem(last=False)
            self.weight -= evicted

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        """Forget everything."""
        self._items.clear()
        self.weight = 0


@dataclass(frozen=True)
class PreviewFailure:
    """A preview that will not get better by asking again: missing (404) or undecodable."""

    reason: str
    """Why, for a person (sanitised)."""
    missing: bool
    """True for "the catalogue has no preview", False for "the preview is broken"."""


@dataclass(frozen=True)
class RenderKey:
    """Everything a thumbnail render depends on."""

    icon_id: int
    columns: int
    rows: int
    background: tuple[int, int, int]


class ThumbnailCache:
    """Preview bytes and failures per icon, and renders per `RenderKey` (see the module docstring)."""

    def __init__(
        self, max_previews: int = 2048, max_preview_bytes: int = 16 * 1024 * 1024, max_renders: int = 64
    ) -> None:
        self.previews: LRU[int, bytes] = LRU(max_previews, max_weight=max_preview_bytes, weigh=len)
        """icon id -> the preview's bytes as fetched."""
        self.failures: LRU[int, PreviewFailure] = LRU(max_previews)
        """icon id -> why there is no picture."""
        self.renders: LRU[RenderKey, object] = LRU(max_renders)
        """RenderKey -> Rich renderable exactly columns x rows."""

    def clear(self) -> None:
        """Forget everything (a different catalogue has different icons)."""
        self.previews.clear()
        self.failures.clear()
        self.renders.clear()


def bound_imaging_caches(decoded: int = 64, rendered: int = 64) -> None:
    """Shrink `iconcat.imaging`'s own caches to what the browser needs.

    The browser keeps preview bytes and its recent renders itself (above), so imaging's defaults
    (hundreds of decoded images and renders, sized for other uses) would only double the memory.
    """
    from iconcat.imaging import decoded_cache, rendered_cache

    decoded_cache.max_entries = min(decoded_cache.max_entries, decoded)
    rendered_cache.max_entries = min(rendered_cache.max_entries, rendered)
