"""When a gallery repaints the tiles whose pictures arrive one by one: plain bookkeeping, no Textual.

A frame costs the same for one tile as for ten (Textual redraws every widget the changed lines cross),
so pictures that arrive one by one are painted together, at most every `TILE_REPAINT_INTERVAL`; the
last picture awaited on screen is painted at once, never held for the throttle. `TileRepaints` keeps
the rows waiting to be painted, which tiles on screen still wait for their picture, and says when the
next paint is due; the gallery owns the timer and the drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

__all__ = ["TILE_REPAINT_INTERVAL", "TileRepaints"]

TILE_REPAINT_INTERVAL = 0.05
"""Seconds between repaints of tiles whose pictures arrive one by one (the last one on screen is
painted at once): a frame redraws every widget its lines cross, so one per picture would cost more
than the pictures; at most 20 a second still shows them coming in."""


class TileRepaints:
    """The rows of tiles to repaint, the pictures on screen still awaited, and when to paint."""

    def __init__(self, interval: float = TILE_REPAINT_INTERVAL) -> None:
        self.interval = interval
        self.rows: set[int] = set()
        """Rows of tiles whose pictures came since the last paint."""
        self.booked = False
        """True while a later paint is booked (the gallery's timer runs)."""
        self._painted_at = 0.0
        self._awaiting: set[int] = set()
        self._awaiting_for: Hashable = None

    @property
    def idle(self) -> bool:
        """Nothing waits to be painted (a frame drawn now shows every picture that came)."""
        return not self.rows and not self.booked

    def awaiting(self, on_screen: Hashable, icon_ids: Iterable[int], has_picture: Callable[[int], bool]) -> set[int]:
        """Ids of `icon_ids` (the tiles on screen, drawn as `on_screen` says) whose picture (or "no
        preview") has not come; worked out again only when `on_screen` changes."""
        if self._awaiting_for != on_screen:
            self._awaiting_for = on_screen
            self._awaiting = {icon_id for icon_id in icon_ids if not has_picture(icon_id)}
        return self._awaiting

    def came(self, icon_id: int, row: int) -> None:
        """The picture of `icon_id`, on `row`, is ready to be painted."""
        self._awaiting.discard(icon_id)
        self.rows.add(row)

    def due_in(self, now: float) -> float | None:
        """Seconds until the rows waiting should be painted: 0 at once (the last picture awaited on
        screen came, or the first for a while), else the rest of the interval, booked (None when a
        paint is booked already)."""
        if not self._awaiting or now - self._painted_at >= self.interval:
            return 0.0
        if self.booked:
            return None
        self.booked = True
        return self._painted_at + self.interval - now

    def take(self, now: float) -> list[int]:
        """The rows to paint now, top first; none wait after, and no paint is booked."""
        self._painted_at = now
        self.booked = False
        rows = sorted(self.rows)
        self.rows.clear()
        return rows
