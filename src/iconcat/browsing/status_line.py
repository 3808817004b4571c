"""The status line beside the search box: parts with priorities, shortened to one line by priority.

The status says several things at once ("1 in the bag · 48 icons · 9 names · style:filled · more:
reach the last to load them"), and at 80×24 it has 28 cells. Rather than wrap (its second line was
cut off unseen) or lose its end to "…", it drops whole parts, the least important first, until the
rest fits (a part may first say itself shorter: "more exist, try: arrow up" before "more: refine your
search"); only a part that cannot fit alone is cut. The order of importance:

1. `PROBLEM`: what went wrong, or what is not what it seems (catalogue unreachable, token rejected,
   results offline from an earlier answer, entries left out unreadable): never hidden by anything.
2. `ACTION`: what runs because the person asked ("bag: 12 of 50 done").
3. `COUNT`: what is on screen ("48 icons", "48 of 173" when the catalogue counted more, "12 of 48
   shown", "searching…"); a count with its total says itself shorter ("48/173") rather than lose it.
4. `DETAIL`: how it is arranged (names when grouped, the filters in force, recent icons), and what
   stands from before ("3 in the bag": the marks on the tiles say it too).
5. `HINT`: what could be done next ("more: reach the last to load them", "(try: …)", "type to search").

Among parts of one priority the later one goes first. The parts keep their order on the line
whatever their priority. The whole line stays in the status's tooltip.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import IntEnum

from rich.cells import cell_len, set_cell_size

__all__ = ["Priority", "StatusPart", "fit_status", "join_status"]


class Priority(IntEnum):
    """How long a part of the status stays when the line is short (higher stays longer)."""

    HINT = 1
    DETAIL = 2
    COUNT = 3
    ACTION = 4
    PROBLEM = 5


@dataclass(frozen=True)
class StatusPart:
    """One thing the status says, with its priority and what joins it to the part before."""

    text: str
    priority: Priority
    joiner: str = " · "
    """Put before it when a part precedes it (" " for a part that reads as the previous one's end)."""
    shorter: tuple[str, ...] = ()
    """Shorter ways to say it, longest first: tried in turn before the part is dropped."""


def join_status(parts: Sequence[StatusPart]) -> str:
    """The parts as one line, whole."""
    line = ""
    for part in parts:
        if part.text:
            line = f"{line}{part.joiner}{part.text}" if line else part.text
    return line


def fit_status(parts: Sequence[StatusPart], width: int) -> str:
    """The parts as one line of at most `width` cells: the least important part said shorter (its
    `shorter` forms in turn), then dropped, then the next; a part too long alone is cut, ending in "…".
    With no width known yet (`width` <= 0), the whole line."""
    kept = [part for part in parts if part.text]
    line = join_status(kept)
    if width <= 0:
        return line
    while cell_len(line) > width and kept:
        lowest = min(part.priority for part in kept)
        index = max(index for index, part in enumerate(kept) if part.priority == lowest)
        part = kept[index]
        if part.shorter:
            kept[index] = replace(part, text=part.shorter[0], shorter=part.shorter[1:])
        elif len(kept) > 1:
            del kept[index]
        else:
            break
        line = join_status(kept)
    if cell_len(line) > width:
        line = set_cell_size(line, width - 1).rstrip() + "…"
    return line
