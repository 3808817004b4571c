"""What reading an icon set from disk yields: one `SetRecord` per set and one `SourceIcon` per icon it
lists. The readers (IconifyJSON, SVG folders) make them; the index stores them; the server answers from
the index. Plain frozen data, no behaviour: the mapping rules live with the readers (IconifyJSON's in
`iconcat.iconify`, whose defaults for a category, a series and a style are these records' too).
"""

from __future__ import annotations

from dataclasses import dataclass

from iconcat.iconify.sets import OTHER_SERIES, UNCATEGORISED
from iconcat.iconify.styles import REGULAR

__all__ = ["SetRecord", "SourceIcon", "UNCATEGORISED", "OTHER_SERIES", "REGULAR"]


@dataclass(frozen=True)
class SetRecord:
    """One icon set as served: the interface's `set` and `series`, and where it came from."""

    prefix: str
    """Unique among the sets served together ("tabler", "ph"; an SVG folder's is derived from its
    name and path): the first half of an icon's Iconify name, and the key that keeps ids stable."""
    name: str
    """The set's name for a person ("Tabler Icons"): the interface's `set.name`."""
    series: str
    """The set's own category ("UI 24px", "Logos"), else `OTHER_SERIES`: the interface's `series.name`."""
    source: str
    """The file or folder it was read from, for messages and for telling when to read it again."""
    license_spdx: str | None = None
    license_title: str | None = None
    license_url: str | None = None
    author_name: str | None = None
    author_url: str | None = None
    samples: tuple[str, ...] = ()
    """Keys of a few of its icons to show it by: `info.samples` as read; as stored in the index, those of
    them it lists, else its first icons listed (`SourceIndex.units`)."""


@dataclass(frozen=True)
class SourceIcon:
    """One icon of a set, mapped onto the interface (see the readers for the rules)."""

    key: str
    """The icon's own name in its set ("arrow-up-filled"): `prefix:key` is its Iconify name."""
    name: str
    """Its name in words, without its style ("Arrow Up"): what search matches and `g` groups by."""
    style: str
    """"Filled", "Thin", … or `REGULAR`."""
    category: str
    """Its first category in the set's own order, else `UNCATEGORISED`."""
    svg: str
    """The whole SVG document: the icon's own box (`viewBox`, `width`/`height` in its units), its
    transformations applied, `currentColor` kept for the rasteriser to paint. Untrusted when it came
    from an SVG file: the rasteriser strips outside references before rendering."""
    width: float
    height: float
    aliases: tuple[str, ...] = ()
    """Alias keys that lead search to this icon (their names, in words, match as its own do)."""
    hidden: bool = False
    """Never listed by search; still answered by id (old links keep working)."""
