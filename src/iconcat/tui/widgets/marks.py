"""The marks an icon's tile or row carries before its name: in the bag, a favourite (or both, "✓★"), and a
remembered icon whose set is not served in this run ("⊘★")."""

from __future__ import annotations

__all__ = ["BAG_MARK", "FAVOURITE_MARK", "Marks", "UNSERVED_MARK"]

BAG_MARK = "✓"
"""The icon is in the bag (`space`)."""
FAVOURITE_MARK = "★"
"""The icon is a favourite (`*`): the detail pane shows the same star."""
UNSERVED_MARK = "⊘"
"""A remembered icon whose set is not among the sets from disk served: nothing can be asked of it
(`browsing.remembered.not_served`; the detail pane says what to add)."""

Marks = dict[int, str]
"""Icon id → the marks its tile or row shows ("✓", "★", "⊘★"…); ids without a mark are absent."""
