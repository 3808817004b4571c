"""What every catalogue's files share, with no HTTP: a variant's file held in memory (`FetchedFile`), the
caps on what is held (`MAX_FETCH_BYTES`, `MAX_ICONS_HELD`), and a failed save in the client's words
(`save_failure`). Apart from `_client` so that the in-process catalogue (the demo, sets from disk), which
holds and saves files by the same rules, imports no httpx (`iconcat sets --from` starts in less).
"""

from __future__ import annotations

import dataclasses

from iconcat.disk import downloads

from ._errors import CatalogueError, ProtocolError, StorageError

__all__ = ["MAX_FETCH_BYTES", "MAX_ICONS_HELD", "FetchedFile", "save_failure"]

MAX_FETCH_BYTES = 64 * 1024 * 1024
"""Largest file `fetch_variant` holds in memory by default (never more than the download cap)."""
MAX_ICONS_HELD = 10_000
"""Most icons one search's result holds across its pages; paging stops there (`SearchResult.paging_stopped`)."""


@dataclasses.dataclass(frozen=True)
class FetchedFile:
    """A variant's file read into memory (`CatalogueClient.fetch_variant`)."""

    data: bytes = dataclasses.field(repr=False)
    extension: str
    """From the answer's `Content-Type` ("png", "svg"…; "bin" when unknown)."""
    current_colour: str | None = None
    """What the catalogue paints an SVG's `currentColor` in its PNGs (`Iconcat-Current-Color`), as
    sent and unchecked; None when it says nothing (or too much to be a colour)."""


def save_failure(error: downloads.SaveError | downloads.ContentMismatchError, variant_id: int) -> CatalogueError:
    """A failed save of variant `variant_id` in the client's words: the disk's (`SaveError`) a
    `StorageError` with its words, a body that is not its format a `ProtocolError` (nothing was saved).
    Raised by the caller outside its `except`, so no chained exception reaches a person."""
    if isinstance(error, downloads.SaveError):
        return StorageError(str(error))
    return ProtocolError(f"variant {variant_id}: {error}; nothing was saved")
