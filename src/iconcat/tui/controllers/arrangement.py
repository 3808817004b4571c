"""How the browser screen arranges the results: the filters in force and grouping by name.

The rules are `browsing.filters` and `browsing.grouping`; this is the screen's side of them:

- the filters live in the search box as `key:value` words: choosing values in the facet panel (`f`),
  or clearing them (`F`), rewrites the box's words, and the search starts again from there (only the
  filters changed: no request, the results loaded are filtered again);
- words the parser did not understand are noted in the status while they are in the box;
- filters apply first, then grouping (a group holds only what the filters keep), and the status
  says how many are shown of how many, how many groups, and which filter emptied the list;
- the facet panel counts the values of every result of the query (not only those shown): while a filter
  is in force or the panel is open, every page is fetched (`page_follower`), and each batch of pages is
  filtered, grouped, shown and counted by itself (`extend`: the views are appended to, the counts added to).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from iconcat.browsing.filters import Filters, ParsedQuery, explain_empty, parse_query
from iconcat.browsing.grouping import Grouping
from iconcat.browsing.search_state import SearchPhase, SearchState

from ..widgets import FacetPanel, ResultsArea, SearchBar, SearchInput

if TYPE_CHECKING:  # pragma: no cover - typing only
    from collections.abc import Callable, Mapping

    from textual.screen import Screen

    from iconcat.api import Icon, SearchResult

    from .selection import Selection

__all__ = ["Arrangement"]

GROUPED_NOTICE = (
    "Grouped by name: each name once, with how many styles and sets it comes in. "
    "Its versions are tiles in the detail: tab or → to choose one."
)
UNGROUPED_NOTICE = "Every icon on its own row."


class Arrangement:
    """The filters in force and the grouping over the results; see the module docstring."""

    def __init__(
        self, screen: Screen[None], *, grouped: bool = False, served: Callable[[], Mapping[str, str]] = dict
    ) -> None:
        self._screen = screen
        self._served = served
        """The catalogue's Iconify prefixes → its sets' names, once it is open (`CatalogueLink.served_prefixes`)."""
        self.filters = Filters()
        """The filters in force over every result of the query (the search box's `key:value` words)."""
        self.grouped = grouped
        """Grouped by name (`g`): one entry per name, its members in the detail pane."""
        self._arranged = 0
        """How many of the result's icons are on show (filtered and grouped): `extend` goes on from there."""
        self._shown = 0
        """How many of those the filters keep."""
        self._grouping: Grouping | None = None
        """The groups on show, grouped by name: new icons join them (`extend`)."""

    def take_query(self, query: str) -> ParsedQuery:
        """The search box's words: their filters are in force from now on, what the parser did not
        understand is noted in the status; the words to send (`service_text`) are the caller's."""
        parsed = self.parse(query)
        bar = self._screen.query_one_optional(SearchBar)
        if bar is not None:  # unknown filter words, keys with no value: said while they are in the box
            bar.filter_note = parsed.notice
        self.filters = parsed.filters
        return parsed

    def parse(self, query: str) -> ParsedQuery:
        """`query` read as the search box's words, with the catalogue's Iconify prefixes (`parse_query`)."""
        return parse_query(query, self._served())

    def show(self, results: ResultsArea, result: SearchResult, state: SearchState, *, keep_place: bool) -> SearchState:
        """Put `result` in `results`, filtered, then grouped; the state that says so (how many shown,
        how many groups, which filter emptied it), and the facet panel's counts when it is open."""
        filters = self.filters
        shown = filters.apply(result.icons) if filters else result.icons
        self._arranged, self._shown = len(result.icons), len(shown)
        # After the filters: a group holds only what they keep.
        self._grouping = Grouping(shown) if self.grouped else None
        if self._grouping is not None:
            results.show_groups(self._grouping.groups, keep_place=keep_place)
        else:
            results.show_icons(shown, keep_place=keep_place)
        return self._counted(state, result)

    def extend(self, results: ResultsArea, result: SearchResult, state: SearchState) -> SearchState:
        """`result` is the one on show grown by more pages: filter, group, show and count the new icons
        alone (the work is the batch's, not every icon's again); the state that says so. Anything else
        (a result that is not the one on show grown) is shown whole."""
        if not 0 < self._arranged <= result.icon_count:
            return self.show(results, result, state, keep_place=True)
        new = result.icons_after(self._arranged)  # at the batch's cost (`SearchResult.icons` is made whole)
        kept = self.filters.apply(new) if self.filters else new
        self._arranged += len(new)
        self._shown += len(kept)
        if self._grouping is not None:
            # A new icon may join a group shown already: its count grows where it stands.
            changed = self._grouping.add(kept)
            results.grow_groups(self._grouping.groups, changed)
        else:
            results.append_icons(kept)
        facets = self._screen.query_one(FacetPanel)
        if facets.display:
            facets.add(new, every=result)
        return self._counted(state, result)

    def _counted(self, state: SearchState, result: SearchResult) -> SearchState:
        """`state` saying how many the filters keep and in how many groups, and which filter emptied it
        (`result`'s icons made whole only to explain an empty filter, not for each batch)."""
        if state.phase is not SearchPhase.RESULTS:
            return state
        filters = self.filters
        if filters:
            emptied = ""
            if not self._shown and state.following:  # (explained when every page is in: it may change)
                emptied = f"none of the {result.icon_count:,} loaded so far is {filters.text}; the others are loading…"
            elif not self._shown:
                emptied = explain_empty(result.icons, filters)
            state = replace(state, filters_text=filters.text, shown=self._shown, emptied_by=emptied)
        if self._grouping is not None:
            state = replace(state, groups=len(self._grouping.groups))
        return state

    def show_facets(self, result: SearchResult | None) -> None:
        """The facet panel, when open, counts the values of every result of the query (loaded so far)."""
        facets = self._screen.query_one(FacetPanel)
        if facets.display:
            facets.show(result.icons if result else (), self.filters)

    def put_in_box(self, filters: Filters) -> str:
        """Put `filters` in the search box (where they live while in force); the box's words now."""
        box = self._screen.query_one(SearchInput)
        text = self.parse(box.value).with_filters(filters).text
        box.value = text
        box.cursor_position = len(text)
        return text

    def toggle_facets(self, result: SearchResult | None) -> bool:
        """Show the facet panel (focused, counting `result`'s values), or hide it; True when shown."""
        facets = self._screen.query_one(FacetPanel)
        facets.display = not facets.display
        if facets.display:
            self.show_facets(result)
            facets.screen.set_focus(facets)
        elif facets.narrow:
            facets.narrow_to("")  # a panel opened again starts with every value
        return bool(facets.display)

    def clear_filters(self) -> str | None:
        """Clear every filter from the search box: its words now (to search), or None, having said
        so, when no filter was on."""
        if not self.filters:
            self._screen.notify("No filter is on.", markup=False)
            return None
        return self.put_in_box(Filters())

    def toggle_group(self, selection: Selection, show_again: Callable[[Icon | None], object]) -> None:
        """Group by name, or not, and say so; `show_again(icon)` shows the results again, `icon` under
        the highlight.

        The icon under the highlight stays under it: grouping highlights its group and, in the detail,
        the icon itself; ungrouping highlights the member that was chosen in the detail. The keyboard
        on a group's members goes back to the results (the members go away with the groups).
        """
        current = selection.member()
        members_had_focus = selection.members_have_focus()
        self.grouped = not self.grouped
        show_again(current)
        if members_had_focus:
            selection.focus_results()
        notice = GROUPED_NOTICE if self.grouped else UNGROUPED_NOTICE
        self._screen.notify(notice, title="Group by name", markup=False)
