"""`G`: the same icon in other sets, looked up in the background and shown as the detail pane's tiles.

The catalogue is searched for the icon's name in words and every page followed (an async worker in
the "other-sets" group, exclusive: a second `G` cancels the first); `browsing.other_sets` keeps the
icons of that name from other sets. The answer comes back as a `Found` message naming the icon it was
for: when the detail shows another icon by then (the highlight moved), it is stale and dropped. Found,
the detail pane shows them as tiles grouped by set (`DetailPane.show_other_sets`) and the keyboard
moves onto them; none, it is said ("Heart is in no other set served."). A look-up that takes longer
than `LOOKING_AFTER` says it is looking. A catalogue that serves one set only is not searched: that is
said at once. Esc on the tiles goes back to where `G` was pressed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.message import Message

from iconcat.browsing.other_sets import (
    found_title,
    looking_notice,
    none_notice,
    one_set_notice,
    other_sets_group,
    same_name_elsewhere,
)
from iconcat.failures import describe_failure
from iconcat.text import sanitize

from ..widgets import DetailPane

if TYPE_CHECKING:  # pragma: no cover - typing only
    from textual.screen import Screen
    from textual.widget import Widget

    from iconcat.api import Icon

    from .catalogue_link import CatalogueLink

__all__ = ["OtherSets"]

LOOKING_AFTER = 0.5
"""Seconds a look-up runs before the browser says it is looking (a toast sooner would hide the tiles)."""


class OtherSets:
    """Looks up the icon's name in the other sets served and puts what it finds in the detail pane."""

    class Found(Message):
        """The other sets' icons named as `icon` is (none: an empty tuple), or why they could not be had."""

        def __init__(self, icon: Icon, others: tuple[Icon, ...], failure: str = "") -> None:
            super().__init__()
            self.icon = icon
            self.others = others
            self.failure = failure

    def __init__(self, screen: Screen[None], link: CatalogueLink, focus_results: Callable[[], None]) -> None:
        self._screen = screen
        self._link = link
        self._focus_results = focus_results
        self._return_to: Widget | None = None
        """Where the keyboard was when `G` was pressed: Esc goes back there."""

    def look_up(self, icon: Icon | None) -> None:
        """Look for `icon`'s name in the other sets served (in the background), or say why not."""
        screen = self._screen
        if icon is None:
            screen.notify("Highlight an icon to see it in other sets.", markup=False)
            return
        served = self._link.served_prefixes
        if len(served) == 1:
            screen.notify(one_set_notice(icon, next(iter(served.values()))), title="Other sets", markup=False)
            return
        self._return_to = screen.focused
        worker = screen.run_worker(
            self._search(icon),
            group="other-sets",
            exclusive=True,
            exit_on_error=False,
            description=f"other sets of {sanitize(icon.name, max_length=40)!r}",
        )

        def still_looking() -> None:  # (said only when slow: an answer in-process comes before it)
            if not worker.is_finished:
                screen.notify(looking_notice(icon), title="Other sets", markup=False, timeout=3)

        screen.set_timer(LOOKING_AFTER, still_looking)

    async def _search(self, icon: Icon) -> None:
        catalogue = await self._link.ready()
        if catalogue is None:
            return
        try:
            result = await catalogue.search(sanitize(icon.name, max_length=80))
            while result.can_load_more:  # every page: the name's icons need not rank first
                result = await catalogue.more(result)
        except Exception as failure:  # noqa: BLE001 - a failure is said, never a traceback
            self._screen.post_message(self.Found(icon, (), describe_failure(failure)))
            return
        self._screen.post_message(self.Found(icon, same_name_elsewhere(icon, result.icons)))

    def found(self, message: OtherSets.Found) -> None:
        """Show what was found for the icon the detail still shows; an answer for another is dropped."""
        screen, icon = self._screen, message.icon
        detail = screen.query_one_optional(DetailPane)
        if detail is None or detail.icon is None or detail.icon.id != icon.id:
            return  # the highlight moved on: a stale answer
        if message.failure:
            words = sanitize(f"Could not look in other sets: {message.failure}", max_length=300)
            screen.notify(words, title="Other sets", severity="error", markup=False)
            return
        if not message.others:
            screen.notify(none_notice(icon), title="Other sets", markup=False)
            return
        detail.show_other_sets(other_sets_group(icon, message.others), found_title(icon, message.others))
        members = detail.members
        if members is not None:
            screen.set_focus(members)

    def close(self) -> None:
        """Esc on the other sets' tiles: the detail as it was, the keyboard where `G` was pressed."""
        back, self._return_to = self._return_to, None
        detail = self._screen.query_one(DetailPane)
        detail.close_other_sets()
        # (back onto a group's members only while grouped: ungrouped, they are hidden again)
        if back is not None and back.is_attached and (back is not detail.members or detail.group is not None):
            self._screen.set_focus(back)
        else:
            self._focus_results()
