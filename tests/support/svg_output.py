"""What the tests of SVGs saved as asked (`iconcat.disk.svg_output`) share: the source icon's own SVG, and
whether two SVGs draw alike through the project's rasteriser (resvg, in its sandboxed worker)."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ElementTree
from typing import Any

from PIL import Image

from iconcat.iconify.svg import entry_box, entry_transform, iconify_svg, root_box
from iconcat.imaging.svg_raster import rasterise
from tests.support.pictures import psnr

SVG_NS = "{http://www.w3.org/2000/svg}"
ALIKE_DB = 40.0
"""PSNR at or above which two drawings are the same picture (the issue's bar)."""


def source_svg(data: dict[str, Any], key: str) -> str:
    """Icon `key` of the IconifyJSON set `data` as one SVG document, built as the set describes it."""
    entry = data["icons"][key]
    svg, _width, _height = iconify_svg(entry["body"], *entry_box(entry, root_box(data)), *entry_transform(entry))
    return svg


def flattened(png: bytes, background: tuple[int, int, int]) -> Image.Image:
    """A PNG's pixels over `background`: transparency counts (a shape drawn on nothing and nothing differ)."""
    with Image.open(io.BytesIO(png)) as image:
        rgba = image.convert("RGBA")
    flat = Image.new("RGB", rgba.size, background)
    flat.paste(rgba, (0, 0), rgba)
    return flat


def png_psnr(first: bytes, second: bytes) -> float:
    """The PSNR between two PNGs of one size, the lower of the two over white and over black."""
    return min(
        psnr(flattened(first, background), flattened(second, background)) for background in ((255, 255, 255), (0, 0, 0))
    )


def drawn_psnr(saved: str, source: str, size: int, colour: str) -> float:
    """How alike `saved` (drawn with black for any `currentColor` left in it) and `source` (drawn with
    `colour`) are at `size` px: a colour written into `saved` must paint what `colour` paints."""
    return png_psnr(rasterise(saved, size, colour="black"), rasterise(source, size, colour=colour))


def parsed_root(svg: str) -> ElementTree.Element:
    """`svg` parsed as XML (a `ParseError` when it is not); its root, which must be an `<svg>`."""
    root = ElementTree.fromstring(svg.encode("utf-8"))
    assert root.tag == f"{SVG_NS}svg", root.tag
    return root
