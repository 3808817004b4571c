"""The one exception imaging raises.

ThumbnailError        a preview that cannot or must not be shown; str() is a sentence for a person
"""

from __future__ import annotations

__all__ = ["ThumbnailError"]


class ThumbnailError(Exception):
    """A preview was refused or could not be decoded; the message says why, in plain words."""
