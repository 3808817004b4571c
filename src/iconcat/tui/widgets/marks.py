"""The marks an icon's tile or row carries before its name: in the bag, a favourite (or both, "✓★")."""

from __future__ import annotations

__all__ = ["BAG_MARK", "FAVOURITE_MARK", "Marks"]

BAG_MARK = "✓"
"""The icon is in the bag (`space`)."""
FAVOURITE_MARK = "★"
"""The icon is a favourite (`*`): the detail pane shows the same star."""

Marks = dict[int, str]
"""Icon id → the marks its tile or row shows ("✓", "★" or "✓★"); ids without a mark are absent."""
