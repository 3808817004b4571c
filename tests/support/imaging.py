"""Helpers for the imaging tests: the demo catalogue's files over HTTP, test pictures, forged image
files (also used by the hostile suite and `benchmarks/thumbnails.py`), cell colours."""

from __future__ import annotations

import io
import struct
import zlib
from functools import lru_cache

import httpx
from PIL import Image, ImageDraw

from tests.support.pictures import cell_lines

DARK = (30, 30, 46)
"""A dark theme's background (Catppuccin Mocha base)."""
LIGHT = (239, 241, 245)
"""A light theme's background (Catppuccin Latte base)."""


def get(catalogue, url: str) -> httpx.Response:
    """GET `url` from the catalogue with its token; the response must be 200."""
    response = httpx.get(url, headers={"Authorization": f"Bearer {catalogue.token}"}, timeout=30)
    assert response.status_code == 200, (url, response.status_code)
    return response


def search(catalogue, name: str) -> list[dict]:
    """The icons of one search, as JSON objects."""
    return get(catalogue, f"{catalogue.base_url}/api/v1/search?name={name}").json()["data"]


def preview(catalogue, icon: dict) -> bytes:
    """The bytes of an icon's small preview."""
    return get(catalogue, icon["thumbnail"]).content


def variant_file(catalogue, fmt: str) -> bytes:
    """The bytes of the first downloadable variant in format `fmt` ("eps", "svg", "png")."""
    for icon in search(catalogue, ""):
        for variant in icon["variants"]:
            if variant["format"] == fmt:
                return get(catalogue, f"{catalogue.base_url}/api/v1/download?id={variant['id']}").content
    raise AssertionError(f"the demo catalogue has no {fmt} variant on its first page")


def encode(image: Image.Image, fmt: str = "PNG", **options) -> bytes:
    """`image` encoded as `fmt`."""
    buffer = io.BytesIO()
    image.save(buffer, fmt, **options)
    return buffer.getvalue()


def disc(size: int = 128, colour=(220, 40, 40), box=None) -> Image.Image:
    """A filled disc on full transparency (transparent pixels are black, as many encoders leave them)."""
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    ImageDraw.Draw(image).ellipse(box or (8, 8, size - 9, size - 9), fill=(*colour, 255))
    return image


def chunk(kind: bytes, body: bytes) -> bytes:
    """One PNG chunk with its length and CRC."""
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png_with(width: int, height: int, *chunks: bytes, rows: int | None = None, colour_type: int = 0) -> bytes:
    """A PNG claiming width x height (grey), with extra `chunks` before IDAT, holding `rows` rows of zeros."""
    compressor = zlib.compressobj(9)
    row = bytes(width * (4 if colour_type == 6 else 1) + 1)  # filter byte + pixels
    data = b"".join(compressor.compress(row) for _ in range(height if rows is None else rows)) + compressor.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + b"".join(chunks) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


@lru_cache(maxsize=1)
def pixel_bomb_png(side: int = 10_000) -> bytes:
    """A valid PNG of about 100 KB claiming side x side 8-bit grey pixels (all zero)."""
    return png_with(side, side)


def jpeg_claiming(width: int, height: int) -> bytes:
    """A small valid JPEG whose frame header claims width x height pixels."""
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), (10, 200, 10)).save(buffer, "JPEG")
    data = bytearray(buffer.getvalue())
    sof = data.index(b"\xff\xc0")
    data[sof + 5 : sof + 9] = height.to_bytes(2, "big") + width.to_bytes(2, "big")
    return bytes(data)


def grid(renderable, columns: int):
    """Cells as rows of (character, foreground, background), read back through a Rich console."""
    return cell_lines(renderable, columns)


def half_block_pixels(renderable, columns: int) -> list[list[tuple[int, int, int]]]:
    """The two pixel rows of each half-block line, read straight from the cell styles.

    "▄" shows the background colour above and the foreground below; a space shows the background.
    """
    pixels = []
    for line in grid(renderable, columns):
        upper, lower = [], []
        for character, foreground, background in line:
            assert character in (" ", "▄"), f"unexpected character {character!r} in half-block mode"
            assert background is not None, "every cell has an explicit background colour"
            upper.append(background)
            lower.append(foreground if character == "▄" else background)
        pixels += [upper, lower]
    return pixels


def near(colour, expected, tolerance: int = 6) -> bool:
    """True when every channel is within `tolerance` of `expected`."""
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected))
