"""Where search's tags and synonyms come from: the one place they are wired in.

`served_meaning()` is what the index of sets from disk builds its search with (`open_index`) and what
its catalogue says `matched` by: the icon packages' tags (`iconcat.iconify.tags`, by Iconify prefix and
icon key) and our synonym groups (`iconcat.meaning`). `demo_meaning(glyph_tags)` is the demo
catalogue's: its glyphs' tags (handed in by the demo, which this layer may not import), the same
synonyms. Each `Meaning` carries a signature that joins the index's search signature: new tag data or
synonym groups recompute the search (seconds) and never re-read the sets.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from iconcat.iconify.tags import icon_tags, tags_version
from iconcat.meaning import SYNONYMS_VERSION, synonyms_of

from .search import Meaning

__all__ = ["demo_meaning", "served_meaning"]


@functools.lru_cache(maxsize=1)
def served_meaning() -> Meaning:
    """Tags by (Iconify prefix, icon key), synonyms by word, and their versions as the signature.

    The tag data is read on the first `icon_tags` call (tens of milliseconds), not here: its version
    comes from a small file beside it."""
    return Meaning(icon_tags, synonyms_of, f"tags {tags_version()} synonyms {SYNONYMS_VERSION}")


def demo_meaning(glyph_tags: Callable[[str], Sequence[str]]) -> Meaning:
    """The demo's: `glyph_tags(icon name)` (its glyphs' tags), the same synonyms as sets from disk."""
    served = served_meaning()
    return Meaning(lambda prefix, name: glyph_tags(name), served.synonyms_of, served.signature)
