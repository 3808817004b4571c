"""The sets a served catalogue holds, as the `GET /api/v1/sets` extension shapes them.

The HTTP app (`iconcat.server.app`) encodes `sets_document(served)` as JSON; the in-process catalogue
(`iconcat.catalogue.embedded`) hands the same document to the client's own parser
(`iconcat.api.parse_sets`), so `iconcat sets --demo` and the same over HTTP list the very same sets.

    {"data": [{"id": 5000123, "name": "Tabler Icons", "prefix": "tabler", "icons": 5986,
               "category": "UI 24px", "license": {"spdx": "MIT", "title": "MIT", "url": "https://…"},
               "author": {"name": "Paweł Kuna", "url": "https://…"}, "samples": ["ghost", "adjustments"]}]}

- `id`: the set's id, as its icons' `set.id` carry it; `name`: their `set.name`.
- `prefix`: its Iconify prefix, only for a set whose icons have Iconify names (left out otherwise).
- `icons`: how many icons search lists of it (hidden ones are not): what `set:<prefix>` (or `set:"<name>"`)
  narrows a search of no words to.
- `category`: the set's own category, its icons' `series.name` (IconifyJSON `info.category`).
- `license`, `author`: as on its icons' `set` (each key only where the set says; left out for none).
- `samples`: a few of its icons by the set's own names for them (an Iconify set's keys: `prefix:key` is
  each one's Iconify name; the demo's icon names), `info.samples` where the set gives them.

Ordered by name (case-folded), then id. No Starlette and no drawing code here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

__all__ = ["ListsSets", "ServedSet", "sets_document"]


@dataclass(frozen=True)
class ServedSet:
    """One set as a served catalogue holds it (see the module docstring for each field's meaning)."""

    id: int
    name: str
    icons: int
    category: str
    prefix: str | None = None
    license: Mapping[str, str] | None = None
    author: Mapping[str, str] | None = None
    samples: tuple[str, ...] = field(default=())

    def as_json(self) -> dict[str, object]:
        """The set's entry of `/api/v1/sets`."""
        body: dict[str, object] = {"id": self.id, "name": self.name}
        if self.prefix is not None:
            body["prefix"] = self.prefix
        body["icons"] = self.icons
        body["category"] = self.category
        if self.license:
            body["license"] = dict(self.license)
        if self.author:
            body["author"] = dict(self.author)
        body["samples"] = list(self.samples)
        return body


class ListsSets(Protocol):
    """What `sets_document` asks of a served catalogue."""

    def sets(self) -> Sequence[ServedSet]:
        """Every set it serves."""
        ...


def sets_document(served: ListsSets) -> dict[str, object]:
    """`served`'s sets as the `/api/v1/sets` document, by name."""
    ordered = sorted(served.sets(), key=lambda one: (one.name.casefold(), one.id))
    return {"data": [one.as_json() for one in ordered]}
