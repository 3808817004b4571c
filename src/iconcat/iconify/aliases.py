"""Which aliases lead search to an icon and which are icons of their own.

- a plain alias (a `parent` and nothing else) leads search to the icon it names: listed with it, not
  on its own; one whose icon is hidden is listed in its place (old names keep working).
- an alias with its own box or transformation (`left/top/width/height`, `rotate`, `hFlip`, `vFlip`)
  that draws a different glyph from its parent's is an icon of its own; transformations add along
  the chain as Iconify merges them.
- a chain that is broken (a missing parent) or longer than `MAX_ALIAS_DEPTH` (a loop) is dropped, as
  Iconify's own parser drops it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .svg import BOX_KEYS, Box, entry_box, entry_transform, number

__all__ = ["MAX_ALIAS_DEPTH", "OWN_GLYPH_KEYS", "Aliases"]

OWN_GLYPH_KEYS = frozenset({"left", "top", "width", "height", "rotate", "hFlip", "vFlip"})
"""What makes an alias draw its own glyph rather than its parent's."""
MAX_ALIAS_DEPTH = 16
"""Longer alias chains are taken for loops and dropped, as Iconify's own parser drops them."""


class Aliases:
    """The aliases of one set: which lead search to an icon, which are icons of their own (the module's rules)."""

    def __init__(self, icons: Mapping[str, Any], aliases: Mapping[str, Any], root: Box) -> None:
        self.icons = icons
        self.aliases = aliases
        self.root = root
        self._target: dict[str, str | None] = {}
        """alias → the listed key it leads to, or None when listed on its own; absent = dropped."""
        self._glyph: dict[str, tuple[Any, ...] | None] = {}

    def glyph(self, key: str, depth: int = 0) -> tuple[Any, ...] | None:
        """(body, left, top, width, height, rotate, hFlip, vFlip, icon hidden) merged along the alias chain
        as Iconify merges it, or None when the chain is broken (a missing parent, a loop)."""
        if key in self._glyph:
            return self._glyph[key]
        entry = self.icons.get(key)
        result: tuple[Any, ...] | None = None
        if isinstance(entry, dict) and isinstance(entry.get("body"), str):
            box = entry_box(entry, self.root)
            result = (entry["body"], *box, *entry_transform(entry), entry.get("hidden") is True)
        elif depth < MAX_ALIAS_DEPTH and isinstance(alias := self.aliases.get(key), dict):
            parent = alias.get("parent")
            inherited = self.glyph(parent, depth + 1) if isinstance(parent, str) and parent != key else None
            if inherited is not None:
                body, left, top, width, height, rotate, h_flip, v_flip, hidden = inherited
                left, top, width, height = (
                    number(alias.get(name), value) for name, value in zip(BOX_KEYS, (left, top, width, height))
                )
                own_rotate, own_h, own_v = entry_transform(alias)
                result = (
                    body,
                    left,
                    top,
                    width if width > 0 else inherited[3],
                    height if height > 0 else inherited[4],
                    (rotate + own_rotate) % 4,
                    h_flip != own_h,
                    v_flip != own_v,
                    hidden,
                )
        self._glyph[key] = result
        return result

    def target(self, key: str, depth: int = 0) -> str | None:
        """The listed icon an alias leads to (None: listed on its own); raises KeyError when dropped."""
        if key in self._target:
            return self._target[key]
        alias = self.aliases[key]
        parent = alias.get("parent")
        if type(parent) is not str or parent == key or depth >= MAX_ALIAS_DEPTH:
            raise KeyError(key)
        result: str | None
        if OWN_GLYPH_KEYS.intersection(alias):  # rare (42 in @iconify/json): merge the chain to compare
            glyph, inherited = self.glyph(key), self.glyph(parent)
            if glyph is None or inherited is None:
                raise KeyError(key)
            if glyph[1:8] != inherited[1:8]:  # a different glyph drawn from the same body
                self._target[key] = None
                return None
        if parent in self.icons:
            entry = self.icons[parent]
            if type(entry) is not dict or type(entry.get("body")) is not str:
                raise KeyError(key)
            result = None if entry.get("hidden") is True else parent
        elif parent in self.aliases:
            result = parent if self.target(parent, depth + 1) is None else self._target[parent]
        else:
            raise KeyError(key)
        self._target[key] = result
        return result

    def listed(self) -> Iterator[tuple[str, str | None]]:
        """Every alias that is not dropped, with what `target` says of it."""
        for key in self.aliases:
            try:
                yield key, self.target(key)
            except KeyError:
                continue
