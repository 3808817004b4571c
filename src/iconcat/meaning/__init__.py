"""What a search word means beyond the letters of a name, shared by every catalogue kind.

Icons are named for their drawing (`trash`, `cog`, `envelope`); people search for what they need
(`delete`, `settings`, `mail`). This package holds the word rules that widen a query to what it
means: `synonyms` (the synonym groups, the same for every set: the demo's, sets from disk, Iconify's
API). It is plain data and functions: no Textual, no HTTP, nothing of the catalogues that use it, so
the demo, the SQLite index of sets from disk and Iconify's adapter apply one table.
"""

from __future__ import annotations

from .synonyms import (
    ONE_WAY,
    SHARED_WORDS,
    SYNONYM_GROUPS,
    SYNONYMS_VERSION,
    fold,
    synonyms_of,
    table_version,
    terms_of,
)

__all__ = [
    "ONE_WAY",
    "SHARED_WORDS",
    "SYNONYMS_VERSION",
    "SYNONYM_GROUPS",
    "fold",
    "synonyms_of",
    "table_version",
    "terms_of",
]
