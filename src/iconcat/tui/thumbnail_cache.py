"""Bounded caches for thumbnails: decoded previews by icon, and their renders by size and background.

Coming back to an icon must neither refetch nor re-render it. A preview is small (a few KB decoded),
so a few hundred fit in a few MB; renders depend on the pane size and theme background as well, so
they are keyed on both and kept fewer.

Only the UI thread touches these caches: thread workers hand their results back in messages.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Generic, Hashable, TypeVar

__all__ = ["LRU", "PreviewFailure", "RenderKey", "ThumbnailCache"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LRU(Generic[K, V]):
    """A small least-recently-used mapping with a fixed capacity."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        """The value for `key` (now the most recent), or None."""
        try:
            self._items.move_to_end(key)
        except KeyError:
            return None
        return self._items[key]

    def put(self, key: K, value: V) -> None:
        """Store `value`, evicting the least recently used entry beyond capacity."""
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.capacity:
            self._items.popitem(last=False)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        """Forget everything."""
        self._items.clear()


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
    """Decoded preview images (or why there is none) per icon, and renders per `RenderKey`."""

    def __init__(self, max_images: int = 512, max_renders: int = 96) -> None:
        self.images: LRU[int, object] = LRU(max_images)
        """icon id -> decoded PIL image, or a PreviewFailure."""
        self.renders: LRU[RenderKey, object] = LRU(max_renders)
        """RenderKey -> Rich renderable exactly columns x rows."""

    def clear(self) -> None:
        """Forget every preview and render (a different catalogue has different icons)."""
        self.images.clear()
        self.renders.clear()
