"""The exceptions imaging raises; str() of each is a sentence for a person.

ThumbnailError        a preview that cannot or must not be shown
RasterError           an SVG that could not be drawn as a PNG (refused, broken, too slow, too large)
"""

from __future__ import annotations

__all__ = ["RasterError", "ThumbnailError"]


class ThumbnailError(Exception):
    """A preview was refused or could not be decoded; the message says why, in plain words."""


class RasterError(Exception):
    """An SVG could not be drawn (`iconcat.imaging.svg_raster`); the message says why, in plain words."""
