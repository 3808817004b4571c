"""Helpers for the saving tests: a demo icon with a 512 px PNG, its PNG, a red square that fringes."""

from __future__ import annotations

import io

from PIL import Image

from iconcat.api import CatalogueClient, Icon, Variant


async def demo_icon(client: CatalogueClient, query: str = "arrow up") -> Icon:
    """The first icon of `query` in the catalogue with a 512 px variant."""
    icon = next(icon for icon in (await client.search(query)).icons if any(v.size == 512 for v in icon.variants))
    return icon


def png_512_of(icon: Icon) -> Variant:
    """`icon`'s 512 px PNG variant."""
    return next(v for v in icon.variants if v.format == "png" and v.size == 512)


def red_square_png(size: int = 512, inner: int = 256) -> bytes:
    """Opaque red in the middle, transparent *black* around it: what makes a dark fringe when filtered naively."""
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    offset = (size - inner) // 2
    image.paste((220, 20, 20, 255), (offset + 1, offset + 1, offset + inner - 1, offset + inner - 1))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
