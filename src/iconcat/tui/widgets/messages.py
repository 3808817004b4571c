"""The messages the two views of the results speak alike: `ResultsList` and `Gallery` (the results'
tiles and the detail pane's members) post the same `IconHighlighted` and `IconChosen`, so a handler
answers both views with one `@on`, and `@on(IconHighlighted, "#members")` picks one view by its id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:  # pragma: no cover - typing only
    from textual.widget import Widget

    from iconcat.api import Icon

__all__ = ["IconChosen", "IconHighlighted"]


class _IconMessage(Message):
    """What both messages carry: the view (the list, the gallery or the members) and the icon."""

    def __init__(self, view: Widget, icon: Icon | None) -> None:
        super().__init__()
        self.view = view
        """The list or gallery the message is about."""
        self.icon = icon

    @property
    def control(self) -> Widget:
        """The view (for `@on`'s selector)."""
        return self.view


class IconHighlighted(_IconMessage):
    """The highlight of `view` moved to `icon` (None when the view emptied)."""


class IconChosen(_IconMessage):
    """The person chose `icon` in `view` (a double click): time to pick a variant. (Enter runs the
    screen's download command as the key is read instead: see the views' bindings.)"""

    icon: Icon

    def __init__(self, view: Widget, icon: Icon) -> None:
        super().__init__(view, icon)
