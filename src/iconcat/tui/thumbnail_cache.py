"""Bounded caches for thumbnails: preview bytes by icon, and renders by size and background.

Coming back to an icon must not refetch it, and coming back to a recent one must not redraw it either:

- `previews`: the compressed preview bytes per icon (a few KB each; bounded by count and total size,
  since a hostile catalogue may send large ones). Revisiting an icon whose render was evicted decodes
  and draws it again in a thread, without a request (`iconcat.imaging` keeps its own small caches of
  decoded images and renders, keyed by content).
- `failures`: why an icon has no picture (404, undecodable), so a broken preview is not asked for again.
- `renders`: finished renders keyed on icon, cell size, background colour and drawing mode. A render
  is some 60 KB of Rich segments, so only the most recent are kept.

Only the UI thread touches these caches: thread workers hand their results back in messages.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from iconcat.lru import BoundedLRU

if TYPE_CHECKING:  # pragma: no cover - typing only
    from rich.console import RenderableType
    from textual.strip import Strip

__all__ = ["PreviewFailure", "RenderKey", "ThumbnailCache", "bound_imaging_caches"]


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
    mode: str
    """"half" or "quadrant" (`iconcat.imaging.render_cells`' picture modes), or "kitty" (true pixels)."""


class ThumbnailCache:
    """Preview bytes and failures per icon, and renders per `RenderKey` (see the module docstring)."""

    def __init__(
        self, max_previews: int = 2048, max_preview_bytes: int = 16 * 1024 * 1024, max_renders: int = 64
    ) -> None:
        self.previews: BoundedLRU[bytes] = BoundedLRU(max_previews, max_weight=max_preview_bytes, weigh=len)
        """icon id -> the preview's bytes as fetched."""
        self.failures: BoundedLRU[PreviewFailure] = BoundedLRU(max_previews)
        """icon id -> why there is no picture."""
        self.renders: BoundedLRU[RenderableType | tuple[Strip, ...]] = BoundedLRU(max_renders)
        """RenderKey -> Rich renderable exactly columns x rows (true pixels: the placeholder cells' strips)."""

    def clear(self) -> None:
        """Forget everything (a different catalogue has different icons)."""
        self.previews.clear()
        self.failures.clear()
        self.renders.clear()


def bound_imaging_caches(decoded: int = 64, rendered: int = 64) -> None:
    """Shrink `iconcat.imaging`'s own caches to what the browser needs, evicting the excess now.

    The browser keeps preview bytes and its recent renders itself (above), so imaging's defaults
    (hundreds of decoded images and renders, sized for other uses) would only double the memory.
    """
    from iconcat.imaging import limit_caches

    limit_caches(decoded=decoded, rendered=rendered)
