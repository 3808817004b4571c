"""Where search's tags and synonyms come from: the one place they are wired in.

`served_meaning()` is what the index of sets from disk builds its search with (`open_index`) and what
its catalogue says `matched` by; `demo_meaning()` the demo catalogue's (its glyphs' tags by glyph
name, the same synonyms). Each `Meaning` carries a signature that joins the index's search signature:
new tag data or synonym groups recompute the search (seconds) and never re-read the sets.

Until the tag data (`iconcat.iconify.tags`) and the synonym groups (`iconcat.meaning.synonyms`) land,
both are empty: search is by names and aliases alone.
"""

from __future__ import annotations

import functools

from .search import NO_MEANING, Meaning

__all__ = ["demo_glyph_tags", "demo_meaning", "served_meaning"]


@functools.lru_cache(maxsize=1)
def served_meaning() -> Meaning:
    """Tags by (Iconify prefix, icon key), synonyms by word, and their versions as the signature."""
    return NO_MEANING


def demo_glyph_tags(glyph_name: str) -> tuple[str, ...]:
    """The demo glyph's tags, by its name ("Trash" → ("delete", "remove", …)); none yet."""
    return ()


@functools.lru_cache(maxsize=1)
def demo_meaning() -> Meaning:
    """The demo's: its glyphs' tags (`demo_glyph_tags`, by the icon's name), the same synonyms."""
    served = served_meaning()
    return Meaning(lambda prefix, name: demo_glyph_tags(name), served.synonyms_of, served.signature)
