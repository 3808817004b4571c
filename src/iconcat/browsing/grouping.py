"""Group by name: one entry per icon name, holding every style and set that name comes in.

Pure logic (no Textual), like `filters`: the browser groups what its filters keep, so a group holds
only icons that pass the filters.

- `group_icons(icons)` makes the groups: names are compared as a person reads them (sanitised, then
  case-insensitively, so "Arrow Up", "arrow up" and "Arrow\u00a0Up" are one name); groups come in the
  order their name first appears (the service's ranking), and each group's members in theirs.
- `IconGroup` is one name: its `members`, its display `name` (the first member's, sanitised), `label`
  ("Arrow Up · 17", the count of members), and the styles and sets it comes in, as the list shows them
  ("Filled" when there is one, "5 styles" when there are more).
- `IconGroup.fit_label(width)` cuts the label to a tile or a column and keeps the count: a name cut
  to "Arro…·17" still says how many it holds, where "Arrow U…" would not.

Every string here comes from the catalogue and is sanitised before it is kept (`iconcat.text.sanitize`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from rich.cells import cell_len, set_cell_size

from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon, Ref

__all__ = ["Grouping", "IconGroup", "group_icons", "name_key"]

_NAME_LENGTH = 80
"""Names are cut to this many characters when shown (as the gallery's tiles cut them)."""


def name_key(name: str) -> str:
    """What two names must share to be one group: the name as shown, case folded."""
    return sanitize(name, max_length=_NAME_LENGTH).casefold()


def _distinct(refs: Iterable[Ref]) -> list[str]:
    """The names among `refs` as shown, each once (compared as `name_key` compares names), in order."""
    shown: dict[str, str] = {}
    for ref in refs:
        name = sanitize(ref.name, max_length=40)
        shown.setdefault(name.casefold(), name)
    return list(shown.values())


def _count_text(names: list[str], noun: str) -> str:
    """The one name when there is one, else "N nouns"."""
    return names[0] if len(names) == 1 else f"{len(names)} {noun}"


@dataclass(frozen=True, eq=False)
class IconGroup:
    """Every icon of one name among the results at hand, in their order (at least one)."""

    key: str
    """The name as compared: sanitised and case folded (`name_key`)."""
    name: str
    """The name as shown: the first member's, sanitised."""
    members: tuple[Icon, ...]
    """The icons of this name, in the order the results hold them."""

    @property
    def first(self) -> Icon:
        """The first member: it stands for the group (its picture is the group's tile)."""
        return self.members[0]

    @property
    def label(self) -> str:
        """The name and the count of members: "Arrow Up · 17"."""
        return f"{self.name} · {len(self.members)}"

    @cached_property
    def styles(self) -> list[str]:
        """The styles the members come in, as shown (by name: what a person tells apart), in order."""
        return _distinct(icon.style for icon in self.members)

    @cached_property
    def sets(self) -> list[str]:
        """The sets the members come from, as shown, in order."""
        return _distinct(icon.set for icon in self.members)

    @property
    def style_count(self) -> int:
        """How many styles the members come in."""
        return len(self.styles)

    @property
    def set_count(self) -> int:
        """How many sets the members come from."""
        return len(self.sets)

    @property
    def styles_text(self) -> str:
        """The style column: the style's name when there is one, else "5 styles"."""
        return _count_text(self.styles, "styles")

    @property
    def sets_text(self) -> str:
        """The set column: the set's name when there is one, else "4 sets"."""
        return _count_text(self.sets, "sets")

    @property
    def summary(self) -> str:
        """What the members are, in words: "17 versions in 5 styles and 4 sets".

        Not "5 styles × 4 sets": that reads as every combination, and most groups have only some."""
        count = len(self.members)
        versions = "1 version" if count == 1 else f"{count} versions"
        styles = "1 style" if self.style_count == 1 else f"{self.style_count} styles"
        sets = "1 set" if self.set_count == 1 else f"{self.set_count} sets"
        return f"{versions} in {styles} and {sets}"

    def index_of(self, icon: Icon | None) -> int | None:
        """Where `icon` (by id) is among the members, or None."""
        return None if icon is None else self._positions.get(icon.id)

    @cached_property
    def _positions(self) -> dict[int, int]:
        positions: dict[int, int] = {}
        for index, member in enumerate(self.members):
            positions.setdefault(member.id, index)
        return positions

    def fit_label(self, width: int) -> str:
        """The label in at most `width` cells, keeping the count: "Arrow Up · 17", "Arrow… · 17", "Arr…·17"."""
        if width <= 0:
            return ""
        whole = self.label
        if cell_len(whole) <= width:
            return whole
        count = str(len(self.members))
        for separator in (" · ", "·"):
            room = width - cell_len(separator) - len(count) - 1  # one cell for "…"
            if room >= 3 or (separator == "·" and room >= 1):
                return set_cell_size(self.name, room).rstrip() + "…" + separator + count
        return set_cell_size(whole, width - 1).rstrip() + "…"


def group_icons(icons: Iterable[Icon]) -> tuple[IconGroup, ...]:
    """One group per name (sanitised, case-insensitive), in the order each name first appears."""
    return Grouping(icons).groups


class Grouping:
    """`group_icons` kept up to date as the results grow: `add` places a batch of icons (work
    proportional to the batch: a group a new icon joins is made again, the others stay), and says which
    groups changed; `groups` are every group, in the order each name first appeared."""

    def __init__(self, icons: Iterable[Icon] = ()) -> None:
        self._keys: dict[str, str] = {}  # raw name -> key: many icons share a name, sanitise each name once
        self._names: dict[str, str] = {}
        self._members: dict[str, list[Icon]] = {}
        self._places: dict[str, int] = {}
        self._groups: list[IconGroup] = []
        self.add(icons)

    @property
    def groups(self) -> tuple[IconGroup, ...]:
        """Every group, in the order each name first appeared."""
        return tuple(self._groups)

    def add(self, icons: Iterable[Icon]) -> list[int]:
        """Place `icons` after the ones placed before; the places of the groups they changed or began,
        in order (a group grown keeps its place: its name appeared where it did)."""
        touched: dict[str, None] = {}
        keys, names, members = self._keys, self._names, self._members
        for icon in icons:
            key = keys.get(icon.name)
            if key is None:
                shown = sanitize(icon.name, max_length=_NAME_LENGTH)
                key = keys[icon.name] = shown.casefold()
                names.setdefault(key, shown)
            joined = members.get(key)
            if joined is None:
                members[key] = [icon]
            else:
                joined.append(icon)
            touched[key] = None
        places = []
        for key in touched:
            group = IconGroup(key, names[key], tuple(members[key]))
            place = self._places.get(key)
            if place is None:
                place = self._places[key] = len(self._groups)
                self._groups.append(group)
            else:
                self._groups[place] = group
            places.append(place)
        return sorted(places)
