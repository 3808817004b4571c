"""The messages the two views of the results speak alike: `ResultsList` and `Gallery` (the results'
tiles and the detail pane's members) post the same `IconHighlighted` and `IconChosen`, so a handler
answers both views with one `@on`, and `@on(IconHighlighted, "#members")` picks one view by its id.
`LastPassed` says PgDn or End was pressed on the last entry (the highlight cannot move on).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

from textual.message import Message

if TYPE_CHECKING:  # pragma: no cover - typing only
    from collections.abc import Sequence

    from textual.widget import Widget

    from iconcat.api import Icon

__all__ = ["IconChosen", "IconHighlighted", "LastPassed", "passed_last"]


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


class LastPassed(_IconMessage):
    """PgDn or End was pressed in `view` with the highlight already on its last entry, `icon`: the
    browser loads the next page, as reaching the last entry does (the highlight did not move, so no
    `IconHighlighted` says it). Home and PgUp never post it; ↓ on the last row wraps to the first."""

    icon: Icon

    def __init__(self, view: Widget, icon: Icon) -> None:
        super().__init__(view, icon)


class _View(Protocol):
    """What `passed_last` reads of a view of the results (the list and the gallery alike)."""

    @property
    def icons(self) -> Sequence[Icon]: ...

    @property
    def highlighted(self) -> int | None: ...

    @property
    def highlighted_icon(self) -> Icon | None: ...

    def post_message(self, message: Message) -> bool: ...


def passed_last(view: _View) -> bool:
    """True, having posted `LastPassed`, when `view`'s highlight is on its last entry (PgDn or End was
    pressed: the highlight has nowhere to go, the next page is asked for instead)."""
    icon = view.highlighted_icon
    if icon is None or view.highlighted != len(view.icons) - 1:
        return False
    view.post_message(LastPassed(cast("Widget", view), icon))
    return True
