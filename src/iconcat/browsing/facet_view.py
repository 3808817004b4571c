"""Which facet values the panel shows: the top of each key by count, narrowed by typed text.

A catalogue of real icon sets gives one query 243 sets and thousands of categories; a panel listing
them all is a wall nobody reads, and rebuilding thousands of rows for every batch of pages would make
the panel the slowest thing on screen. So `facet_sections` keeps, for each key:

- the values with the highest counts, at most `SHOWN_PER_KEY` (8) of them, then a "… N more" line
  (one value more than the limit is shown rather than a line saying "1 more": the same height);
- where a key is cut, no value with a count of 0 among the top ones (the other keys' filters leave none
  of it: with a set chosen, its styles first, not "12 Filled  0"); they are among the "more";
- every chosen value, wherever its count puts it (it must stay visible to be unchosen), and the value
  under the highlight (so the highlight does not jump while counts change as pages arrive);
- with text typed (`narrow`), only the values whose names contain it (case-insensitive, spaces,
  hyphens and underscores ignored, as filters compare: "tab" finds "Tabler Icons", "coreui" finds
  "Core UI"), the top of those first, across every key at once; chosen values stay shown anyway.

A key with nothing to show is left out. Pure logic (no Textual): the panel draws what it returns, so
its rows are bounded by what is shown, not by how many values the results have.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from iconcat.text import sanitize

from .filters import FACET_KEYS, FacetValue, FilterKey

__all__ = ["SHOWN_PER_KEY", "FacetSection", "facet_sections", "folded"]

SHOWN_PER_KEY = 8
"""Values shown per key before "… N more" (chosen values and the highlighted one come on top)."""

_SEPARATORS = re.compile(r"[\s\-_\"]+")


@lru_cache(maxsize=65536)
def folded(text: str) -> str:
    """`text` as narrowing compares it: sanitised, case-folded, without spaces, hyphens, underscores
    or quotes. Cached: the same few thousand names come back with every batch of pages."""
    return _SEPARATORS.sub("", sanitize(text, max_length=100).casefold())


@dataclass(frozen=True)
class FacetSection:
    """One key as the panel shows it."""

    key: FilterKey
    values: tuple[FacetValue, ...]
    """The values shown, most first (the top ones, then any chosen or highlighted one below them)."""
    more: int
    """How many values (of those the typed text keeps) are not shown: the "… N more" line."""
    chosen: int
    """How many of the key's values are chosen (shown or not: all chosen ones are shown)."""


def facet_sections(
    facets: Mapping[FilterKey, Sequence[FacetValue]],
    *,
    narrow: str = "",
    keep: tuple[FilterKey, str] | None = None,
    limit: int = SHOWN_PER_KEY,
) -> list[FacetSection]:
    """The sections the panel shows for `facets` (`facet_counts`' answer, each key sorted most first):
    see the module docstring. `keep` is the (key, name) under the highlight, shown wherever it falls."""
    needle = folded(narrow)
    sections = []
    for key in FACET_KEYS:
        values = facets.get(key, ())
        if not values:
            continue
        fitting = [not needle or needle in folded(value.name) for value in values]
        matching = sum(fitting)
        cut = matching > limit + 1  # (one more row rather than a line saying "… 1 more")
        room = limit if cut else matching
        shown: list[FacetValue] = []
        top = shown_fitting = 0
        for value, fits in zip(values, fitting):
            wanted = value.selected or keep == (key, value.name)
            # Cut, a key lists no zero among its top values (what the other filters leave none of).
            if fits and top < room and (value.count or not cut):
                top += 1
            elif not wanted:
                continue
            shown.append(value)
            shown_fitting += fits
        more = matching - shown_fitting
        if shown:
            chosen = sum(value.selected for value in values)
            sections.append(FacetSection(key, tuple(shown), more, chosen))
    return sections
