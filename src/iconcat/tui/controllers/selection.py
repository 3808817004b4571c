"""Which icon the browser screen's commands are about, and where the keyboard goes among the results.

- The detail pane follows the highlight of the view on show (the hidden one may hold older results);
  grouped by name, it shows the highlighted group with a member highlighted (the one chosen before,
  if the same name, else the first).
- The commands that act on an icon (Enter, `d`, space, `*`, `y`, `G`) are about the highlighted one;
  grouped, about the group's highlighted member as it is now: the detail's icon follows the members'
  highlight a message later, and a key read with the arrow that moved it (→⏎) is about the member it
  moved to; the same icon in other sets shown (`G`), about the other set's tile highlighted.
- Moving to the results or to a group's members takes the focus at once, not at the next idle: keys
  that arrived in the same read (a held ↓) must reach the widget they were meant for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..widgets import DetailPane, ResultsArea

if TYPE_CHECKING:  # pragma: no cover - typing only
    from textual.screen import Screen

    from iconcat.api import Icon

__all__ = ["Selection"]


class Selection:
    """The highlighted icon (or group member) and the focus among the results; see the module docstring."""

    def __init__(self, screen: Screen[None]) -> None:
        self._screen = screen

    def member(self) -> Icon | None:
        """The icon Enter and d are about: the highlighted one; grouped, the group's highlighted member."""
        detail = self._screen.query_one(DetailPane)
        if detail.showing_other_sets:  # (`G`) the tile highlighted among the other sets' icons
            members = detail.members
            return (members.highlighted_icon if members is not None else None) or detail.icon
        results = self._screen.query_one(ResultsArea)
        group = results.highlighted_group
        if group is None:
            return results.highlighted_icon
        # The members' highlight as it is now: the detail's icon follows it a message later, and a key
        # read with the arrow that moved it (→⏎) is about the member it moved to.
        members = detail.members
        for shown in (members.highlighted_icon if members is not None else None, detail.icon):
            index = group.index_of(shown)
            if index is not None:
                return group.members[index]
        return group.first

    def chosen(self, icon: Icon) -> Icon:
        """The icon a choice (Enter, a double click) in the results is about: `icon`; a group chosen,
        its highlighted member."""
        group = self._screen.query_one(ResultsArea).highlighted_group
        if group is not None and group.first.id == icon.id:  # a group chosen: its highlighted member
            return self.member() or icon
        return icon

    @staticmethod
    def follow(results: ResultsArea, detail: DetailPane, member: Icon | None = None) -> None:
        """The detail shows the highlighted icon; grouped, the highlighted group with `member` (by
        default the member highlighted before, if the same name, else the first)."""
        group = results.highlighted_group
        if group is None:
            detail.show_group(None)
            detail.icon = results.highlighted_icon
        else:
            detail.show_group(group, member)

    def members_have_focus(self) -> bool:
        """Whether the keyboard is on the detail pane's members (the tiles of a group's versions)."""
        members = self._screen.query_one(DetailPane).members
        return members is not None and members.has_focus

    def focus_results(self) -> None:
        """Move to the results (the gallery or the list, whichever is on show)."""
        results = self._screen.query_one(ResultsArea).active
        # At once, not with focus() (which waits for the next idle): keys that arrived in the same read
        # (a held ↓) must reach the list and move it, not the search box and this action again.
        results.screen.set_focus(results)

    def focus_members(self, *, quiet: bool = False) -> None:
        """Move to the highlighted group's members, to choose one (grouped by name)."""
        detail = self._screen.query_one(DetailPane)
        members = detail.members
        if members is None or detail.group is None:
            if not quiet:
                self._screen.notify(
                    "Group by name first (g): a group's styles and sets are then tiles here.", markup=False
                )
            return
        members.screen.set_focus(members)
