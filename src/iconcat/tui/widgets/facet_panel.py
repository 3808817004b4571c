"""The facet panel: style, set, category, series, format and size, each value with its count; choose without typing.

One `OptionList` (one widget, however many values): a heading per key (a disabled option, so the
arrows skip it), then a row per value: a mark (● chosen, ○ not), the name (sanitised) and its count
(`iconcat.browsing.filters.facet_counts`: over every result of the query that the *other* keys keep;
while its pages arrive, each batch is tallied by itself and added, `FacetTally`). Arrows move, space (or
Enter, or a click) chooses or unchooses the highlighted value, Esc clears every filter (when there is
one to clear; else Esc goes on to whoever else wants it). Each change posts `FacetPanel.Changed` with
the new `Filters`; the panel shows them at once, and the app applies them and redraws the results.

Real icon sets give a query hundreds of sets and thousands of categories, so each key shows its top
values by count and "… N more", with "type to find" on the border (`iconcat.browsing.facet_view`: chosen
values are always shown). Typing over the panel is the panel's: a printable key narrows the values
shown, across every key, to those whose names contain what was typed ("tab" finds Tabler Icons among 243
sets), shown on a first row "Find tab · esc clears"; backspace takes a character back, Esc clears the
text (then, pressed again, the filters). This scopes the key rule (`iconcat.tui.keys`) to the panel:
over the results a letter starts a search; over the panel, which lists values and not icons, it finds a
value. So command letters type here too (`f` of "filled"): tab goes back to the results, where `f`
closes the panel; ctrl+q still quits. The text is cleared when the panel closes.

Pages arriving redraw only what changed: the counts loop over kinds of icons (`FacetTally`), and the
rows are rebuilt only when what is shown (at most a few dozen rows) differs.
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

from iconcat.browsing.facet_view import FacetSection, facet_sections
from iconcat.browsing.filters import FacetTally, FacetValue, FilterKey, Filters
from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon, SearchResult

__all__ = ["FacetPanel"]

_MAX_NARROW = 40
"""Typed text longer than this narrows nothing further (no set or category name is that long)."""

_HEADINGS: dict[FilterKey, str] = {
    "style": "Style",
    "set": "Set",
    "category": "Category",
    "series": "Series",
    "license": "License",
    "format": "Format",
    "size": "Size",
}


_MOVES = {
    binding.key: binding.action
    for binding in OptionList.BINDINGS
    if isinstance(binding, Binding) and binding.action != "select"
}
"""The list's keys that move the highlight (↑ ↓ Home End PgUp PgDn), by their actions."""


class FacetPanel(OptionList):
    """Facets of every result of the query. `show(icons, filters)` fills it, `add` counts more pages,
    `narrow_to(text)` shows only the values containing `text`; it posts `Changed(filters)`."""

    takes_typing = True
    """Printable keys narrow the panel's values here: the screen's letter commands are off while it
    has the focus (`keys.command_allowed`), and the footer does not offer them."""

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
        # Shown so the way out is in sight: letters narrow the values here, so `f` does not close it.
        Binding(
            "tab",
            "app.focus_next",
            "Results",
            id="facet-results",
            tooltip="Back to the results (then f closes the panel)",
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
        self._facets: dict[FilterKey, list[FacetValue]] = {}
        """Every value of every key with its count (the panel shows a few: `facet_sections`)."""
        self._narrow = ""
        self._drawn: tuple[str, tuple[FacetSection, ...]] | None = None
        """What the options show now: a rebuild that would draw the same leaves them alone."""

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

    def add(self, icons: Sequence[Icon], *, every: SearchResult) -> None:
        """`icons` joined the results (more pages arrived; `every` holds all of them now): counted by
        themselves, added to the counts so far; `every`'s icons are not made whole for it."""
        if self._tally.icons + len(icons) != every.icon_count:  # (not the icons counted before, grown)
            self.show(every.icons, self._filters)
            return
        self._tally.add(icons)
        self._icons = ()  # the tally is no one tuple's now: a later `show` counts its icons afresh
        self._rebuild()

    @property
    def narrow(self) -> str:
        """The text typed into the panel to narrow its values ('' when none)."""
        return self._narrow

    def narrow_to(self, text: str) -> None:
        """Show only the values whose names contain `text` (every value again with '')."""
        self._narrow = sanitize(text, max_length=_MAX_NARROW)
        self._rebuild(narrowed=True)

    def _rebuild(self, *, narrowed: bool = False) -> None:
        """Draw the values `facet_sections` picks. The highlight stays on its value (shown even when
        its count falls out of the top ones), except when the typed text changed (`narrowed`): then
        it goes to the first value that has the text."""
        keep = None if narrowed else self.highlighted_entry
        index_before = 0 if narrowed else self.highlighted
        self._facets = self._tally.counts(self._filters)
        sections = facet_sections(self._facets, narrow=self._narrow, keep=keep)
        drawn = (self._narrow, tuple(sections))
        if drawn == self._drawn:
            return  # a batch of pages that changed nothing shown: no row is built again
        self._drawn = drawn
        options: list[Option] = []
        entries: list[tuple[FilterKey, str] | None] = []
        if self._narrow:
            options.append(Option(self._narrow_line(any(sections)), disabled=True))
            entries.append(None)
        for section in sections:
            heading = Content(_HEADINGS[section.key])
            if section.chosen:
                heading += Content.styled(f" · {section.chosen} chosen", ".facet-panel--count")
            options.append(Option(heading, disabled=True))
            entries.append(None)
            for value in section.values:
                mark, style = ("● ", ".facet-panel--chosen") if value.selected else ("○ ", "")
                shown = sanitize(value.name, max_length=40) or "–"
                options.append(
                    Option(Content.assemble((mark + shown, style), (f"  {value.count:,}", ".facet-panel--count")))
                )
                entries.append((section.key, value.name))
            if section.more:
                more = f"  … {section.more:,} more"
                options.append(Option(Content.styled(more, ".facet-panel--count"), disabled=True))
                entries.append(None)
        self.set_options(options)
        self._entries = entries
        # The hint sits on the border (a row of its own per key wrapped at 80×24), only where values
        # are left out: a panel that lists everything (the demo's) looks as it did.
        cut = any(section.more for section in sections)
        self.border_subtitle = "type to find" if cut and not self._narrow else None
        if not any(entry is not None for entry in entries):
            return
        if keep is not None and keep in entries:
            self.highlighted = entries.index(keep)
        else:
            self.highlighted = self._nearest_value(index_before or 0)

    def _narrow_line(self, found: bool) -> Content:
        """The first row while text is typed: what narrows the values, and how to undo it."""
        typed = Content.assemble(("Find ", "bold"), (self._narrow, ".facet-panel--chosen"))
        if not found:
            return typed + Content.styled(" · no value has it", ".facet-panel--count")
        return typed + Content.styled(" · esc clears", ".facet-panel--count")

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
        among = [value.name for value in self._facets.get(key, ())]
        self._change(self._filters.toggle(key, name, among))

    def action_clear(self) -> None:
        """Clear every filter."""
        self._change(Filters())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # With nothing to clear, Esc is not the panel's: it goes on to the screen and the app.
        if action == "clear":
            return bool(self._filters)
        return super().check_action(action, parameters)

    async def on_key(self, event: events.Key) -> None:
        # Typing over the panel is the panel's (the app's key rule would carry it to the search box):
        # space chooses, any other printable key narrows the values, backspace and Esc undo it.
        # The list's own keys run here too, in the order they were read: left to bubble, "↓ space" in
        # one read chose before it moved (the space handled here, the arrow later, by the screen).
        if event.key in ("space", "enter"):
            self.action_toggle_value()
        elif event.key in _MOVES:
            await self.run_action(_MOVES[event.key])
        elif event.is_printable and event.character:
            self.narrow_to(self._narrow + event.character)
        elif event.key == "backspace" and self._narrow:
            self.narrow_to(self._narrow[:-1])
        elif event.key == "escape" and self._narrow:
            self.narrow_to("")
        else:
            return
        event.stop()
        event.prevent_default()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        # Enter and clicks choose too (the event is ours: nobody else needs a panel row "selected").
        event.stop()
        self.action_toggle_value()
