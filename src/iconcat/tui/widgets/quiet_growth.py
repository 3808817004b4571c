"""Views that grow by more entries below without the screen's layout running again (the results' pages).

An entry view (`Gallery`, `ResultsList`) grown by more entries while its scrollbar was on show already
changes nothing's size but its virtual height: the layout a refresh asks for would reflow the whole
screen (tens of ms a batch, as pages arrive) to find every region as it was. While `growing_quietly`
holds, a plain `refresh()` is dropped; the view updates its scrollbar itself, and draws the entries on
screen again only when new ones are among them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Self

from textual.geometry import Region
from textual.widget import Widget

__all__ = ["QuietGrowth"]

# A plain mixin at run time, before the widget's own base: Textual finds a widget's CSS (its own and
# inherited) through its first base that is a DOM node, which a Widget subclass here would cut short.
if TYPE_CHECKING:
    _Mixin = Widget
else:
    _Mixin = object


class QuietGrowth(_Mixin):
    """Mixed into a view (first among its bases): its `refresh()` is dropped while it grows below a
    full view (see the module docstring)."""

    _growing = False
    """True while entries are appended below a view taller than its widget (`growing_quietly`)."""

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        if self._growing and not regions and not recompose:
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    @contextmanager
    def growing_quietly(self) -> Iterator[None]:
        """Entries are added below: quiet when they were taller than the view already (its scrollbar
        is on show, and stays); a view that fitted lays out as ever (its scrollbar comes)."""
        self._growing = self.is_mounted and self.virtual_size.height > self.scrollable_content_region.height
        try:
            yield
        finally:
            self._growing = False
