"""The search's `narrow` extension: keep only the icons a browser's filter words would keep.

`/api/v1/search?name=arrow&narrow=set:tabler&narrow=style:filled,outline` answers the icons of
`arrow` whose set is Tabler's and whose style is Filled or Outline, on every page, with `meta.total`
counting them. The words follow the browser's own rule (`iconcat.filter_rule`: case-insensitive,
spaces, hyphens and underscores ignored, a prefix is enough, a quoted value is exact, commas are
alternatives; `set:V` selects the set whose Iconify prefix is V where one is served: `Narrowing.among`),
for the keys of an icon's references only: `set`, `style`, `category`, `series`, and `license`, the
SPDX ids of its set's licence (`filter_rule.license_selected`: `license:cc-by` keeps CC-BY-SA, a set
with none is `license:unknown`). A key
given twice adds alternatives; every key must hold. `format` and `size` are not narrowed: a client
keeps applying those to the icons it gets.

Why: a client holds at most 10,000 icons of an answer, and at 390,000 icons a common word matches
more (`arrow`: 11,606), while search matches names only; without this, the 22 Tabler arrows beyond
the client's cap could not be reached by any query.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Generic, TypeVar

from iconcat.filter_rule import (
    EMPTY,
    Pattern,
    compile_values,
    license_selected,
    normal_value,
    selected,
    set_patterns,
    split_values,
)

__all__ = ["NARROW_KEYS", "Narrowed", "Narrowing", "parse_narrowing", "served_license"]

NARROW_KEYS = ("style", "set", "category", "series", "license")
"""The keys `narrow` takes, in the order `Narrowing.words` writes them (the browser's filter order)."""

_REFERENCE = {"style": "style_ref", "set": "set_ref", "category": "category", "series": "series"}
"""Which reference of a served icon (`app.ServedIcon`) each key reads."""

KeyT = TypeVar("KeyT")
IconT = TypeVar("IconT")

MAX_NARROW_WORDS = 20
"""More `narrow` parameters than this are refused: no search box holds that many filter words."""


@dataclass(frozen=True)
class Narrowing:
    """Canonical (key, values) pairs, keys in `NARROW_KEYS` order, values sorted without duplicates."""

    terms: tuple[tuple[str, tuple[str, ...]], ...]
    served: Mapping[str, str] = field(default_factory=lambda: EMPTY, compare=False, repr=False)
    """The served sets with Iconify prefixes (prefix → name): `set:mdi` selects the set of prefix mdi
    (`filter_rule.set_patterns`, the browser's rule). `among` gives them: one catalogue's are fixed."""

    def among(self, served: Mapping[str, str]) -> Narrowing:
        """This narrowing over a catalogue serving `served` (its Iconify prefixes → its sets' names)."""
        return self if served is self.served or not served else replace(self, served=served)

    @property
    def words(self) -> list[str]:
        """The words honoured, as `meta.narrowed` lists them: ["set:tabler", "style:filled,outline"]."""
        return [f"{key}:{','.join(values)}" for key, values in self.terms]

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(key for key, _values in self.terms)

    @cached_property
    def _patterns(self) -> dict[str, tuple[Pattern, ...]]:
        return {
            key: set_patterns(values, self.served) if key == "set" else compile_values(values)
            for key, values in self.terms
        }

    @cached_property
    def _decided(self) -> dict[tuple[str, str], bool]:
        return {}  # a catalogue has few distinct sets and styles, many icons: each name is decided once

    def selects(self, key: str, name: str) -> bool:
        """True when `key` is not narrowed, or its values select a value called `name`."""
        patterns = self._patterns.get(key)
        if patterns is None:
            return True
        found = self._decided.get((key, name))
        if found is None:
            found = self._decided[(key, name)] = selected(patterns, name)
        return found

    def keeps(self, icon: Any) -> bool:
        """True when every key's values select the icon's reference of that key (`app.ServedIcon`), and
        `license`'s one of the ids of its set's licence."""
        return all(
            self.selects_license(served_license(icon))
            if key == "license"
            else self.selects(key, getattr(icon, _REFERENCE[key]).name)
            for key in self._patterns
        )

    def selects_license(self, spdx: str | None) -> bool:
        """True when `license` is not narrowed, or its values select an id of the licence expression
        `spdx` (None: the set gives none, "unknown")."""
        if "license" not in self._patterns:
            return True
        found = self._decided.get(("license", spdx or ""))
        if found is None:
            found = self._decided[("license", spdx or "")] = license_selected(self._patterns["license"], spdx)
        return found


def served_license(icon: Any) -> str | None:
    """The SPDX expression of a served icon's set's licence (the `license` extension of sets from
    disk), or None (none said, or a set reference without the extension: the demo's)."""
    license = getattr(icon.set_ref, "license", None)
    spdx = license.get("spdx") if isinstance(license, dict) else None
    return spdx if isinstance(spdx, str) else None


class Narrowed(Generic[KeyT, IconT]):
    """A narrowed answer: the keys of its icons in order (ids, positions…), read a page at a time."""

    def __init__(self, keys: Sequence[KeyT], read: Callable[[Sequence[KeyT]], list[IconT]]) -> None:
        self._keys = keys
        self._read = read

    def __len__(self) -> int:
        return len(self._keys)

    def page(self, start: int, count: int) -> tuple[list[IconT], bool]:
        """The icons start … start + count − 1, and whether more follow."""
        return self._read(self._keys[start : start + count]), start + count < len(self._keys)


def parse_narrowing(raw: Sequence[str]) -> Narrowing | None:
    """The `narrow` parameters as one `Narrowing` (None when there are none).

    Raises ValueError with a sentence for the client when a word is not `key:values` with a known key
    and at least one value."""
    if not raw:
        return None
    if len(raw) > MAX_NARROW_WORDS:
        raise ValueError(f"Give at most {MAX_NARROW_WORDS} 'narrow' words, not {len(raw)}.")
    merged: dict[str, set[str]] = {}
    for word in raw:
        name, colon, given = word.partition(":")
        key = name.strip().casefold()
        if not colon or key not in NARROW_KEYS:
            raise ValueError(f"'narrow' takes key:values, the key one of {', '.join(NARROW_KEYS)}.")
        values = {value for item in split_values(given) if (value := normal_value(item)) is not None}
        if not values:
            raise ValueError(f"'narrow={key}:' needs a value ({key}:…).")
        merged.setdefault(key, set()).update(values)
    return Narrowing(tuple((key, tuple(sorted(merged[key]))) for key in NARROW_KEYS if key in merged))
