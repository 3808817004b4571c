"""When the browser asks the catalogue to narrow a search by its filter words (the `narrow` extension).

The browser holds at most 10,000 icons of an answer (the client's cap). Filter words apply to the icons
held, so when a query matches more (at 390,000 icons, `arrow` matches 11,606), `arrow set:tabler`
would count Tabler's arrows among the first 10,000 only: 251 of its 273. The embedded catalogue can
narrow the answer itself (`CatalogueClient.search(…, narrow=…)`, the same rule as `filters.py`); the
browser asks it to, by this rule:

- only when the answer would be capped and the catalogue counts its matches: the query's unnarrowed
  answer says (`meta.total`, the embedded catalogue's extension) it has more than the cap, or following
  its pages reached the cap. A catalogue that does not count is never asked: one that does not know
  `narrow` might refuse the parameter. Otherwise the filters work as ever on
  the whole answer, and the facet panel counts other values over it (other sets' arrows too);
- with the filter words on the keys a catalogue narrows by (style, set, category, series:
  `Filters.narrow_words`); format and size stay the browser's;
- a later filter change that keeps every word narrowed by filters the narrowed answer locally, no
  request (unless that answer is itself capped: then it asks again with every word); one that drops or
  changes a narrowed word asks again, narrowed or not, by the same rule;
- a catalogue that answered a narrowed search without saying it narrowed (`meta.narrowed` absent:
  one that does not know the extension) is not asked to narrow that query again.

Pure logic: the browser's search runner keeps a `NarrowingSeen` per query and asks `wanted`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .filters import Filters

__all__ = ["NarrowingSeen", "wanted"]


@dataclass(frozen=True)
class NarrowingSeen:
    """What the browser knows of one query's answers, for deciding whether to narrow it."""

    narrowed: tuple[str, ...] = ()
    """The words the answer on show was narrowed by, as the catalogue confirmed them; () when not narrowed."""
    over_cap: bool = False
    """The query's unnarrowed answer passes the cap (its total says so, or its pages reached the cap)."""
    narrowed_capped: bool = False
    """The narrowed answer on show passes the cap itself."""
    ignored: bool = False
    """The catalogue was asked to narrow this query and did not say it did: it does not know `narrow`."""


def wanted(filters: Filters, seen: NarrowingSeen) -> tuple[str, ...]:
    """The words to narrow the query by, given the filters in force and what was seen (module docstring)."""
    words = filters.narrow_words
    if seen.ignored or not seen.over_cap or not words:
        return ()
    if seen.narrowed and set(seen.narrowed) <= set(words) and not seen.narrowed_capped:
        return seen.narrowed  # every word narrowed by is still in force: the rest filter locally
    return words
