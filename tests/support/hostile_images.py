"""Hostile preview images: each a few KB on the wire, each trying something different on the decoder."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image

from tests.support.imaging import chunk, jpeg_claiming, png_with

__all__ = ["HOSTILE_PREVIEWS"]


def _gif_with_giant_frame() -> bytes:
    """A GIF whose screen is 8x8 but whose one frame claims 60,000 x 60,000 pixels."""
    buffer = io.BytesIO()
    Image.new("P", (8, 8), 0).save(buffer, "GIF")
    data = bytearray(buffer.getvalue())
    descriptor = data.index(b"\x2c")  # image descriptor: left, top, width, height (little endian)
    data[descriptor + 5 : descriptor + 9] = struct.pack("<HH", 60000, 60000)
    return bytes(data)


def _animated_gif(frames: int) -> bytes:
    images = [Image.new("P", (16, 16), index % 2) for index in range(frames)]
    buffer = io.BytesIO()
    images[0].save(buffer, "GIF", save_all=True, append_images=images[1:], duration=10, loop=0)
    return buffer.getvalue()


def _webp_claiming(width: int, height: int) -> bytes:
    """A WebP (VP8X extended header) claiming a canvas of width x height with no image data."""
    vp8x = (
        b"VP8X"
        + struct.pack("<I", 10)
        + b"\x00\x00\x00\x00"
        + (width - 1).to_bytes(3, "little")
        + (height - 1).to_bytes(3, "little")
    )
    return b"RIFF" + struct.pack("<I", 4 + len(vp8x)) + b"WEBP" + vp8x


_EPS = (
    b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 64 64\n"
    b"%%EndComments\n(/tmp/iconcat-pwned) (w) file closefile\nshowpage\n%%EOF\n"
)
_DOS_EPS = b"\xc5\xd0\xd3\xc6" + struct.pack("<IIIIIIH", 30, len(_EPS), 0, 0, 0, 0, 0xFFFF) + _EPS
_SVG_LAUGHS = (
    b'<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
    b'<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY x SYSTEM "file:///etc/passwd">]>'
    b'<svg xmlns="http://www.w3.org/2000/svg"><text>&c;&x;</text></svg>'
)

HOSTILE_PREVIEWS: dict[str, bytes] = {
    "png 20000x20000 zlib bomb": png_with(20_000, 20_000, rows=200),
    "png 2049x2048 just over the cap": png_with(2049, 2048, rows=4),
    "png 0x0": png_with(0, 0, rows=0),
    "png zTXt chunk bomb": png_with(8, 8, chunk(b"zTXt", b"Comment\x00\x00" + zlib.compress(b"A" * (64 << 20), 9))),
    "png iCCP chunk bomb": png_with(8, 8, chunk(b"iCCP", b"icc\x00\x00" + zlib.compress(b"\x00" * (64 << 20), 9))),
    "png truncated": png_with(64, 64)[:60],
    "png signature only": b"\x89PNG\r\n\x1a\n",
    "apng 500 frames": None,  # filled below
    "gif giant frame": _gif_with_giant_frame(),
    "gif 2000 frames": _animated_gif(2000),
    "gif screen 65535x65535": b"GIF89a" + struct.pack("<HH", 65535, 65535) + b"\x00\x00\x00;",
    "jpeg claiming 65500x65500": jpeg_claiming(65500, 65500),
    "webp claiming 16384x16384": _webp_claiming(16384, 16384),
    "eps": _EPS,
    "dos eps binary": _DOS_EPS,
    "svg": b'<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64"/></svg>',
    "svg billion laughs": _SVG_LAUGHS,
    "pdf": b"%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF",
    "tiff": b"II*\x00\x08\x00\x00\x00" + b"\x00" * 64,
    "bmp claiming 30000x30000": b"BM" + struct.pack("<IHHIIiiHH", 54, 0, 0, 54, 40, 30000, 30000, 1, 24) + b"\x00" * 24,
    "ico": b"\x00\x00\x01\x00\x01\x00" + b"\x00" * 64,
    "psd": b"8BPS\x00\x01" + b"\x00" * 64,
    "html": b"<!DOCTYPE html><html><body>Sign in</body></html>",
    "empty": b"",
    "random bytes": bytes(range(256)) * 16,
}


def _apng(frames: int) -> bytes:
    images = [Image.new("RGBA", (16, 16), (index % 255, 0, 0, 255)) for index in range(frames)]
    buffer = io.BytesIO()
    images[0].save(buffer, "PNG", save_all=True, append_images=images[1:], duration=10)
    return buffer.getvalue()


HOSTILE_PREVIEWS["apng 500 frames"] = _apng(500)
