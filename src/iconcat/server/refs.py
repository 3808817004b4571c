"""What every catalogue the server serves shares, without the demo's drawing code: references, variants,
the preview's size and the files' media types (importing the demo catalogue costs a quarter of a
second; icon sets from disk must answer their first search within one)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MEDIA_TYPES", "THUMBNAIL_SIZE", "PictureFailed", "Ref", "VariantRecord"]

THUMBNAIL_SIZE = 128
"""The side of the small preview PNG, in pixels."""

MEDIA_TYPES = {"png": "image/png", "svg": "image/svg+xml", "eps": "application/postscript"}


@dataclass(frozen=True)
class Ref:
    """A category, style, series or set as the interface shows it."""

    id: int
    name: str

    def as_json(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name}


@dataclass(frozen=True)
class VariantRecord:
    """One downloadable file of an icon."""

    id: int
    icon_id: int
    format: str
    size: int | None

    def as_json(self) -> dict[str, object]:
        return {"id": self.id, "format": self.format, "size": self.size}


class PictureFailed(Exception):
    """A catalogue could not draw one picture (an untrusted SVG that is broken, too slow or too large):
    the app answers that request with a JSON 500 saying why, and logs no traceback. str() is a sentence."""
