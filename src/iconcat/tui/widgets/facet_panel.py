"""The facet panel: style, set, category, series, format and size, each value with its count; choose without typing.

One `OptionList` (one widget, however many values): a heading per key (a disabled option, so the
arrows skip it), then a row per value: a mark (● chosen, ○ not), the name (sanitised) and its count
(`iconcat.browsing.filters.facet_counts`: over every result of the query that the *other* keys keep;
while its pages arrive, each batch is tallied by itself and added, `FacetTally`). Arrows move, space (or
Enter, or a click) chooses or unchooses the highlighted value, Esc clears every filter (when there is
one to clear; else Esc goes on to whoever else wants it). Each change posts `FacetPanel.Changed` with
the new `Filters`; the panel shows them at once, and the app applies them and redraws the results.

Space is a printable key, yet no word typed over the panel can be lost to it: letters still reach the
search box (the key rule), and space only toggles here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from iconcat.browsing.filters import FACET_KEYS, FacetTally, FilterKey, Filters
from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon

__all__ = ["FacetPanel"]

_HEADINGS: dict[FilterKey, str] = {
    "style": "Style",
    "set": "Set",
    "category": "Category",
    "series": "Series",
    "format": "Format",
    "size": "Size",
}


class FacetPanel(OptionList):
    """Facets of every result of the query. `show(icons, filters)` fills it, `add` counts more pages;
    it posts `Changed(filters)`."""

    COMPONENT_CLASSES = {"facet-panel--count", "facet-panel--chosen"}
    """`facet-panel--count`: the counts; `facet-panel--chosen`: the mark and name of a chosen value."""

    DEFAULT_CSS = """
    FacetPanel > .facet-panel--count {
        color: $text-muted;
    }
    FacetPanel > .facet-panel--chosen {
        color: $text-accent;
        text-style: bold;
    }
    """

    auto_links = False

    BINDINGS = [
        Binding(
            "space",
            "toggle_value",
            "Choose",
            id="facet-toggle",
            tooltip="Choose or unchoose the highlighted value: only icons with a chosen value are shown",
        ),
        Binding(
            "escape",
            "clear",
            "Clear filters",
            id="facet-clear",
            tooltip="Clear every filter: show all the results again",
        ),
    ]

    class Changed(Message):
        """The person chose or unchose a value, or cleared the filters: `filters` is what is in force now."""

        def __init__(self, filters: Filters) -> None:
            super().__init__()
            self.filters = filters

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, markup=False)
        self._icons: Sequence[Icon] = ()
        self._tally = FacetTally()
        """The values of `_icons`, tallied by kind as they arrived."""
        self._filters = Filters()
        self._entries: list[tuple[FilterKey, str] | None] = []
        """What each option is: (key, value name), or None for a heading."""
        self._names: dict[FilterKey, list[str]] = {}

    @property
    def filters(self) -> Filters:
        """The filters the panel shows as chosen."""
        return self._filters

    @property
    def entries(self) -> list[tuple[FilterKey, str] | None]:
        """What each option is, in order: (key, value name) or None for a heading."""
        return list(self._entries)

    @property
    def highlighted_entry(self) -> tuple[FilterKey, str] | None:
        """The value under the highlight, or None."""
        index = self.highlighted
        return self._entries[index] if index is not None and index < len(self._entries) else None

    def show(self, icons: Sequence[Icon], filters: Filters) -> None:
        """Show the facets of `icons` with `filters` chosen, keeping the highlight on the same value
        (the same `icons` as before are not tallied again: only the filters changed)."""
        if icons is not self._icons:
            self._tally = FacetTally(icons)
        self._icons = icons
        self._filters = filters
        self._rebuild()

    def add(self, icons: Sequence[Icon], *, every: Sequence[Icon]) -> None:
        """`icons` joined the results (more pages arrived; `every` is all of them now): counted by
        themselves, added to the counts so far."""
        if self._tally.icons + len(icons) != len(every):  # (not the icons counted before, grown)
            self.show(every, self._filters)
            return
        self._tally.add(icons)
        self._icons = every
        self._rebuild()

    def _rebuild(self) -> None:
        keep = self.highlighted_entry
        index_before = self.highlighted
        facets = self._tally.counts(self._filters)
        options: list[Option] = []
        entries: list[tuple[FilterKey, str] | None] = []
        self._names = {}
        for key in FACET_KEYS:
            values = facets[key]
            if not values:
                continue
            self._names[key] = [value.name for value in values]
            chosen = sum(value.selected for value in values)
            heading = Content(_HEADINGS[key])
            if chosen:
                heading += Content.styled(f" · {chosen} chosen", ".facet-panel--count")
            options.append(Option(heading, disabled=True))
            entries.append(None)
            for value in values:
                mark, style = ("● ", ".facet-panel--chosen") if value.selected else ("○ ", "")
                shown = sanitize(value.name, max_length=40) or "–"
                options.append(
                    Option(Content.assemble((mark + shown, style), (f"  {value.count:,}", ".facet-panel--count")))
                )
                entries.append((key, value.name))
        self.set_options(options)
        self._entries = entries
        if not options:
            return
        if keep is not None and keep in entries:
            self.highlighted = entries.index(keep)
        else:
            self.highlighted = self._nearest_value(index_before or 0)

    def _nearest_value(self, index: int) -> int | None:
        """The first value at or after `index` (else before it): headings take no highlight."""
        index = min(index, len(self._entries) - 1)
        after = [i for i in range(index, len(self._entries)) if self._entries[i] is not None]
        if after:
            return after[0]
        before = [i for i in range(index, -1, -1) if self._entries[i] is not None]
        return before[0] if before else None

    def _change(self, filters: Filters) -> None:
        self._filters = filters
        self._rebuild()
        self.post_message(self.Changed(filters))

    def action_toggle_value(self) -> None:
        """Choose the highlighted value, or unchoose it."""
        entry = self.highlighted_entry
        if entry is None:
            return
        key, name = entry
        self._change(self._filters.toggle(key, name, self._names.get(key, ())))

    def action_clear(self) -> None:
        """Clear every filter."""
        self._change(Filters())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # With nothing to clear, Esc is not the panel's: it goes on to the screen and the app.
        if action == "clear":
            return bool(self._filters)
        return super().check_action(action, parameters)

    def on_key(self, event: events.Key) -> None:
        # Space is printable: the app's key rule would carry it to the search box. Here it chooses.
        if event.key == "space":
            event.stop()
            event.prevent_default()
            self.action_toggle_value()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        # Enter and clicks choose too (the event is ours: nobody else needs a panel row "selected").
        event.stop()
        self.action_toggle_value()
