"""Turning untrusted preview bytes into a small RGBA image, or a ThumbnailError saying why not.

The bytes come from the network. Before Pillow parses anything:

- the size is checked against `MAX_THUMBNAIL_BYTES`;
- the format is named from the magic bytes and must be PNG, JPEG, GIF or WebP (`sniff.py`); EPS never
  reaches Pillow, whose EPS plugin starts Ghostscript;
- Pillow is told the one decoder it may use (`Image.open(..., formats=[name])`).

Then the header alone gives the dimensions, checked against `MAX_THUMBNAIL_PIXELS` (far below
Pillow's own decompression-bomb limit: a 100 KB PNG can claim 10,000 x 10,000 pixels) before any
pixel is decoded: for PNG and GIF read at fixed offsets before Pillow opens the data at all, for JPEG
and WebP from Pillow's parsed header. Pillow's DecompressionBombWarning is raised as an error,
truncated data is an error (never padded with grey), only the first frame of an animation is kept,
and any other failure of a decoder on hostile bytes becomes a ThumbnailError too (never a crash of
the thread worker that called us).

Decoded images are cached by the SHA-256 of their bytes in a bounded LRU, so moving back and forth
through a list costs one decode per preview. Each caller gets its own copy, free to modify.

`decode_image` is the same decode for pictures that are not previews (the large PNG a smaller copy is
resampled from, `resample.py`): its own byte and pixel caps, an allow-list it may narrow, no cache.
"""

from __future__ import annotations

import hashlib
import io
import threading
import warnings

from PIL import Image, ImageOps, UnidentifiedImageError

from ..lru import BoundedLRU
from .errors import ThumbnailError
from .sniff import declared_size, sniff_format

__all__ = [
    "DIGEST_KEY",
    "MAX_THUMBNAIL_BYTES",
    "MAX_THUMBNAIL_PIXELS",
    "decode_image",
    "decode_thumbnail",
    "decoded_cache",
]

MAX_THUMBNAIL_BYTES = 4 * 1024 * 1024
"""Largest preview we read: a small catalogue preview is a few KB; 4 MB leaves room for photos."""

MAX_THUMBNAIL_PIXELS = 2048 * 2048
"""Largest preview we decode (16 MB as RGBA), about 1/21 of Pillow's default bomb limit."""

DIGEST_KEY = "iconcat.digest"
"""Key in `image.info` holding the SHA-256 of the bytes it came from (the render cache's identity)."""

decoded_cache: BoundedLRU[Image.Image] = BoundedLRU(
    max_entries=256, max_weight=64 * 1024 * 1024, weigh=lambda image: image.width * image.height * 4
)
"""Decoded previews by the digest of their bytes: at most 256 images and 64 MB of pixels."""

# warnings.catch_warnings swaps process-wide state; the lock keeps our threads from restoring each
# other's filters. Only the header parse runs under it, which is cheap.
_open_lock = threading.Lock()


def decode_thumbnail(data: bytes) -> Image.Image:
    """Decode a preview into an RGBA image, or raise ThumbnailError with a reason for a person."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise ThumbnailError("The preview is not image data.")
    data = bytes(data)
    if not data:
        raise ThumbnailError("The preview is empty.")
    if len(data) > MAX_THUMBNAIL_BYTES:
        raise ThumbnailError(
            f"The preview is too large to show ({len(data):,} bytes; the limit is {MAX_THUMBNAIL_BYTES:,})."
        )
    digest = hashlib.sha256(data).hexdigest()
    cached = decoded_cache.get(digest)
    if cached is not None:
        return _own_copy(cached)
    image = _decode(data)
    image.info[DIGEST_KEY] = digest
    decoded_cache.put(digest, image)
    return _own_copy(image)


def _own_copy(image: Image.Image) -> Image.Image:
    copy = image.copy()
    copy.info = dict(image.info)
    return copy


def decode_image(
    data: bytes, *, max_bytes: int, max_pixels: int, formats: tuple[str, ...] | None = None, noun: str = "image"
) -> Image.Image:
    """Decode untrusted bytes into a new RGBA image with the preview's safety (module docstring), other
    caps, and no cache: for pictures bigger than previews (the PNG a smaller copy is resampled from).

    `formats` narrows the allow-list further (Pillow's names: `("PNG",)`); `noun` names the picture in
    the messages ("The source PNG is truncated…"). Raises ThumbnailError.
    """
    if not isinstance(data, (bytes, bytearray, memoryview)) or not data:
        raise ThumbnailError(f"The {noun} is empty.")
    data = bytes(data)
    if len(data) > max_bytes:
        raise ThumbnailError(f"The {noun} is too large ({len(data):,} bytes; the limit is {max_bytes:,}).")
    if formats is not None:
        format_name, _refused = sniff_format(data)
        if format_name not in formats:
            raise ThumbnailError(f"The {noun} is not a {' or '.join(formats)} file.")
    return _decode(data, max_pixels=max_pixels, noun=noun)


def _decode(data: bytes, *, max_pixels: int = MAX_THUMBNAIL_PIXELS, noun: str = "preview") -> Image.Image:
    format_name, refused = sniff_format(data)
    if format_name is None:
        if refused is not None:
            raise ThumbnailError(
                f"The {noun} is in an unsupported format ({refused}); only PNG, JPEG, GIF and WebP {noun}s are shown."
            )
        raise ThumbnailError(f"The {noun} is not an image (its data matches no known image format).")
    declared = declared_size(data, format_name)
    if declared is not None:
        _check_dimensions(*declared, max_pixels=max_pixels, noun=noun)
    try:
        with _open_lock, warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=[format_name])
        _check_dimensions(image.width, image.height, max_pixels=max_pixels, noun=noun)
        image.seek(0)  # first frame only: a thumbnail is a still
        image.load()
        still = ImageOps.exif_transpose(image) if format_name == "JPEG" else image
        return still.convert("RGBA")
    except ThumbnailError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ThumbnailError(
            f"The {noun} is too large to decode (it claims more pixels than Pillow itself allows)."
        ) from None
    except UnidentifiedImageError:
        raise ThumbnailError(f"The {noun} starts like a {format_name} image but is not a valid one.") from None
    except (OSError, SyntaxError, EOFError) as error:
        # Pillow reports truncated and corrupt data as OSError ("image file is truncated", "broken
        # data stream") or SyntaxError (bad chunk); both mean the same thing to a person.
        if "truncat" in str(error).lower() or isinstance(error, EOFError):
            raise ThumbnailError(f"The {noun} is truncated (an incomplete {format_name} file).") from None
        raise ThumbnailError(f"The {noun} is a damaged {format_name} file.") from None
    except (ValueError, MemoryError):
        raise ThumbnailError(f"The {noun} is a {format_name} file we cannot decode.") from None
    except Exception:  # noqa: BLE001 - hostile data can trip any parser error (struct, KeyError, ...)
        # A decoder fed untrusted bytes may fail in ways nobody listed; for the caller (a thread
        # worker drawing a thumbnail) every one of them means the same: this preview can't be shown.
        raise ThumbnailError(f"The {noun} is a damaged {format_name} file.") from None


def _check_dimensions(
    width: int, height: int, *, max_pixels: int = MAX_THUMBNAIL_PIXELS, noun: str = "preview"
) -> None:
    if width < 1 or height < 1:
        raise ThumbnailError(f"The {noun} has no pixels.")
    if width * height > max_pixels:
        raise ThumbnailError(
            f"The {noun} is too large to decode ({width:,} x {height:,} pixels; the limit is {max_pixels:,} pixels)."
        )
