"""What every embedded catalogue (the demo, the sets from disk) shares, without the demo's drawing
code: references, variants, the preview's size and the files' media types (importing the demo catalogue costs a
quarter of a second; icon sets from disk must answer their first search within one)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MEDIA_TYPES", "SOURCE_FORMATS", "THUMBNAIL_SIZE", "PictureFailed", "Ref", "VariantRecord"]

THUMBNAIL_SIZE = 128
"""The side of the small preview PNG, in pixels."""

MEDIA_TYPES = {"png": "image/png", "svg": "image/svg+xml", "eps": "application/postscript"}
"""Every format a catalogue served here has: the demo's icons come in all of them (not each icon)."""

SOURCE_FORMATS = ("svg", "png")
"""The formats icon sets from disk are served in, every icon both (`sources.catalogue`): a capability
of the kind, said here, light to import, so that `iconcat pick --format eps --from …` is refused
before the browser opens (`browsing.picking.refused_format`)."""


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
