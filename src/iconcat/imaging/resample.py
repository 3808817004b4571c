"""A smaller PNG from a bigger one ("PNG · 64 px (from 512)"), with the thumbnails' care.

    small = resample_png(png_512_bytes, 64)      # PNG bytes, 64 px on its longer side, or ThumbnailError

- The source comes from the network: it is decoded as a preview is (`decode.decode_image`: PNG only,
  named from its magic bytes, the pixel cap read from the header before any pixel is decoded, bombs and
  truncation refused), with caps fit for a full-size icon (`MAX_SOURCE_BYTES`, `MAX_SOURCE_PIXELS`).
- Resampling is done on premultiplied alpha (Pillow's "RGBa") with LANCZOS, as `canvas` does for the
  thumbnails: filtering straight RGBA would drag the colour of transparent pixels (often black) into
  the edges as a dark fringe. Half-transparent edge pixels keep the icon's colour.
- `size` is the longer side; the aspect is kept. Never enlarged: a `size` above the source's is a
  ThumbnailError; the same size gives the source's bytes back unchanged.
- The output is RGBA PNG, encoded the same way every time (no time stamp, no metadata): the same source
  and size give the same bytes, so saving it twice can tell the file is already there.

Pure CPU work, thread-safe: async callers run it with `asyncio.to_thread`.
"""

from __future__ import annotations

import io

from PIL import Image

from .decode import decode_image
from .errors import ThumbnailError

__all__ = ["MAX_SOURCE_BYTES", "MAX_SOURCE_PIXELS", "resample_png", "resampled_size"]

MAX_SOURCE_BYTES = 64 * 1024 * 1024
"""Largest PNG resampled from."""
MAX_SOURCE_PIXELS = 4096 * 4096
"""Largest picture resampled from (64 MB as RGBA, twice that while resampling)."""
_REDUCING_GAP = 2.0
"""As `canvas`: big reductions start with an integer box reduction, indistinguishable and faster."""


def resampled_size(source: tuple[int, int], size: int) -> tuple[int, int]:
    """The pixel size of `source` scaled so its longer side is `size` (each side at least 1)."""
    width, height = source
    longer = max(width, height)
    return max(1, round(width * size / longer)), max(1, round(height * size / longer))


def resample_png(data: bytes, size: int) -> bytes:
    """`data` (a PNG) as a PNG whose longer side is `size` pixels; ThumbnailError when it cannot be."""
    if type(size) is not int or size < 1:
        raise ValueError("a size is a whole number of pixels, at least 1")
    image = decode_image(
        data, max_bytes=MAX_SOURCE_BYTES, max_pixels=MAX_SOURCE_PIXELS, formats=("PNG",), noun="source PNG"
    )
    longer = max(image.size)
    if size > longer:
        raise ThumbnailError(
            f"The source PNG is {longer} px: a {size} px copy would be enlarged, which iconcat never does."
        )
    if size == longer:
        return bytes(data)
    target = resampled_size(image.size, size)
    premultiplied = image.convert("RGBa")
    smaller = premultiplied.resize(target, Image.Resampling.LANCZOS, reducing_gap=_REDUCING_GAP).convert("RGBA")
    out = io.BytesIO()
    smaller.save(out, format="PNG", optimize=False, compress_level=9)
    return out.getvalue()
