"""Helpers for the server tests: an authorised HTTP client, small file-format readers, a catalogue's fingerprint."""

from __future__ import annotations

import hashlib
import io
import struct
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
from PIL import Image

from iconcat.server import start_catalogue

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PROBE_QUERIES = ["", "arrow", "cloud rain", "settings"]
"""The searches `snapshot` records."""


def auth(token: str) -> dict[str, str]:
    """The Authorization header for `token`."""
    return {"Authorization": f"Bearer {token}"}


@contextmanager
def serving(token: str = "t0ken", **options: object) -> Iterator[httpx.Client]:
    """A catalogue started with `options` (page_size, latency_ms…) and a client authorised for it."""
    with (
        start_catalogue(token=token, **options) as server,  # type: ignore[arg-type]
        httpx.Client(base_url=server.base_url, headers=auth(token), timeout=30) as client,
    ):
        yield client


def png_header(body: bytes) -> tuple[int, int, int, int]:
    """(width, height, bit depth, colour type) from a PNG's IHDR chunk, checking the signature."""
    assert body[:8] == PNG_SIGNATURE, "not a PNG signature"
    length, kind = struct.unpack(">I4s", body[8:16])
    assert kind == b"IHDR" and length == 13, "the first chunk is not IHDR"
    width, height, depth, colour_type = struct.unpack(">IIBB", body[16:26])
    return width, height, depth, colour_type


def png_image(body: bytes) -> Image.Image:
    """The PNG decoded to RGBA."""
    image = Image.open(io.BytesIO(body))
    image.load()
    return image.convert("RGBA")


def rgba_pixels(image: Image.Image) -> list[tuple[int, int, int, int]]:
    """The RGBA image's pixels in row order (without Image.getdata, deprecated in Pillow 13)."""
    data = image.convert("RGBA").tobytes()
    return [tuple(data[i : i + 4]) for i in range(0, len(data), 4)]  # type: ignore[misc]


def alpha_values(image: Image.Image) -> bytes:
    """The alpha channel's values in row order."""
    return image.getchannel("A").tobytes()


def premultiplied_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference of two same-size RGBA images, colours weighted by alpha (0–255)."""
    assert a.size == b.size
    total = 0
    for (r1, g1, b1, a1), (r2, g2, b2, a2) in zip(rgba_pixels(a), rgba_pixels(b)):
        total += abs(r1 * a1 - r2 * a2) // 255 + abs(g1 * a1 - g2 * a2) // 255 + abs(b1 * a1 - b2 * a2) // 255
        total += abs(a1 - a2)
    return total / (4 * a.size[0] * a.size[1])


def find_icon(client: httpx.Client, name: str, style: str, icon_set: str) -> dict:
    """The icon called `name` in `style` and `icon_set` (the search must reach it)."""
    response = client.get("/api/v1/search", params={"name": name})
    response.raise_for_status()
    for icon in response.json()["data"]:
        if icon["name"] == name and icon["style"]["name"] == style and icon["set"]["name"] == icon_set:
            return icon
    raise AssertionError(f"no {name} / {style} / {icon_set} in the first page")


def snapshot(client: httpx.Client) -> dict:
    """Ids of every icon and variant, and digests of a few files in each format, fetched over HTTP.

    The client must reach the whole catalogue in one search (a catalogue served with a large page_size).
    """
    listing = client.get("/api/v1/search", params={"name": ""}).json()["data"]
    files = {}
    for name in ("Settings", "Cloud Rain", "Calendar"):
        icon = next(
            i for i in listing if i["name"] == name and i["set"]["name"] == "Core UI" and i["style"]["name"] == "Colour"
        )
        for v in icon["variants"]:
            body = client.get("/api/v1/download", params={"id": v["id"]}).content
            files[v["id"]] = hashlib.sha256(body).hexdigest()
        files[f"thumb-{icon['id']}"] = hashlib.sha256(client.get(icon["thumbnail"]).content).hexdigest()
    return {
        "icons": [
            (i["id"], i["name"], i["style"]["name"], i["set"]["name"], [v["id"] for v in i["variants"]])
            for i in listing
        ],
        "searches": {
            q: [i["id"] for i in client.get("/api/v1/search", params={"name": q}).json()["data"]] for q in PROBE_QUERIES
        },
        "files": files,
    }
