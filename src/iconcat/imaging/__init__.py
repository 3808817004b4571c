"""Thumbnails for the terminal: safe decoding, rendering to cells, bounded caches. No Textual here.

    from iconcat.imaging import decode_thumbnail, render_cells, ThumbnailError

    image = decode_thumbnail(png_bytes)                       # RGBA image, or ThumbnailError(why)
    cells = render_cells(image, 32, 16, (30, 30, 46))         # Rich renderable, 32 x 16 cells

Both are pure CPU work and thread-safe (the browser calls them from thread workers). Modules:
`sniff` (format from magic bytes), `decode` (safe decode, decoded-image LRU), `canvas` (fit,
premultiplied resampling, compositing, legibility tile), `renderers` (our rich-pixels renderers),
`cells` (the fixed-size renderable, placeholder), `render` (`render_cells` and its cache), `colour`,
`palette` (the 256-colour palette's entry nearest a colour in OKLab, for `render_cells(colours="256")`),
`resample` (`resample_png`: a smaller PNG from a bigger one, premultiplied LANCZOS, never enlarged),
`svg_raster` (`rasterise`: untrusted SVG to PNG in a worker process; `svg_sandbox` is that worker).
The caches are `iconcat.lru.BoundedLRU`s (outside this package, so the browser loads it without Pillow),
plus the renderers' small bounded caches of Rich colours and styles for gallery tiles
(`clear_style_caches` empties them).
"""

from .cells import ThumbnailCells
from .decode import MAX_THUMBNAIL_BYTES, MAX_THUMBNAIL_PIXELS, decode_thumbnail, decoded_cache
from .errors import RasterError, ThumbnailError
from .render import MODES, build_cells, render_cells, render_placeholder, rendered_cache
from .renderers import HalfBlockRenderer, QuadrantRenderer, clear_style_caches
from .resample import resample_png
from .sniff import ALLOWED_FORMATS

__all__ = [
    "ALLOWED_FORMATS",
    "HalfBlockRenderer",
    "MAX_THUMBNAIL_BYTES",
    "MAX_THUMBNAIL_PIXELS",
    "MODES",
    "QuadrantRenderer",
    "RasterError",
    "ThumbnailCells",
    "ThumbnailError",
    "build_cells",
    "clear_style_caches",
    "decode_thumbnail",
    "decoded_cache",
    "render_cells",
    "render_placeholder",
    "rendered_cache",
    "resample_png",
    "limit_caches",
]


def limit_caches(decoded: int, rendered: int) -> None:
    """Keep at most `decoded` decoded previews and `rendered` renders in imaging's own caches.

    The defaults (256 decoded images up to 64 MB, 512 renders up to a million cells) suit a batch job
    such as a contact sheet; an application that keeps its own recent renders (the browser) holds far
    fewer here so the pictures are not kept twice. Bounds only ever tighten; the excess goes at once.
    """
    decoded_cache.limit(decoded)
    rendered_cache.limit(rendered)
