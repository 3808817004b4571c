"""Helpers for the imaging tests: the demo catalogue's files over HTTP, test pictures, cell colours."""

from __future__ import annotations

import io
import zlib
import struct
from functools import lru_cache

import httpx
from PIL import Image, ImageDraw

from iconcat.imaging.readback import cell_lines

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


@lru_cache(maxsize=1)
def pixel_bomb_png(side: int = 10_000) -> bytes:
    """A valid PNG of about 100 KB claiming side x side 8-bit grey pixels (all zero)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    compressor = zlib.compressobj(9)
    row = bytes(side + 1)  # filter byte + pixels
    parts = [compressor.compress(row) for _ in range(side)]
    parts.append(compressor.flush())
    header = struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", b"".join(parts))
        + chunk(b"IEND", b"")
    )


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
