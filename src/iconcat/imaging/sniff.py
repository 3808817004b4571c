"""Naming an image format from its first bytes, before any decoder sees the data.

Pillow picks a decoder by asking every plugin whether it recognises the data. That is how an EPS file
ends up in Ghostscript. We decide from the magic bytes ourselves, allow only a few formats, and then
tell Pillow which one decoder it may use.
"""

from __future__ import annotations

__all__ = ["ALLOWED_FORMATS", "sniff_format"]

ALLOWED_FORMATS = ("PNG", "JPEG", "GIF", "WEBP")
"""Formats we decode (Pillow's names for them): what a catalogue's small previews are made of."""

# (magic prefix, format name) for the formats we allow.
_ALLOWED_SIGNATURES = (
    (b"\x89PNG\r\n\x1a\n", "PNG"),
    (b"\xff\xd8\xff", "JPEG"),
    (b"GIF87a", "GIF"),
    (b"GIF89a", "GIF"),
)

# Formats people meet, recognised only so the refusal can name them.
_REFUSED_SIGNATURES = (
    (b"%!PS", "EPS/PostScript"),
    (b"\xc5\xd0\xd3\xc6", "EPS/PostScript"),
    (b"%PDF", "PDF"),
    (b"BM", "BMP"),
    (b"II*\x00", "TIFF"),
    (b"MM\x00*", "TIFF"),
    (b"\x00\x00\x01\x00", "ICO"),
    (b"8BPS", "Photoshop"),
)


def sniff_format(data: bytes) -> tuple[str | None, str | None]:
    """Return (allowed format, None) or (None, name of a refused format or None if unrecognised)."""
    for signature, name in _ALLOWED_SIGNATURES:
        if data.startswith(signature):
            return name, None
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WEBP", None
    for signature, name in _REFUSED_SIGNATURES:
        if data.startswith(signature):
            return None, name
    if _looks_like_svg(data):
        return None, "SVG"
    return None, None


def _looks_like_svg(data: bytes) -> bool:
    """True for XML/SVG text: vector previews need a rasteriser we do not ship."""
    head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    return head.startswith((b"<?xml", b"<svg", b"<!doctype svg")) or (head.startswith(b"<") and b"<svg" in head)


def declared_size(data: bytes, format_name: str) -> tuple[int, int] | None:
    """Width and height as a PNG or GIF header declares them (fixed offsets), else None.

    Lets the pixel cap refuse those formats without Pillow opening them at all; for the others the
    cap is checked on Pillow's parsed header, still before any pixel is decoded.
    """
    if format_name == "PNG" and len(data) >= 24 and data[12:16] == b"IHDR":
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if format_name == "GIF" and len(data) >= 10:
        return int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")
    return None
