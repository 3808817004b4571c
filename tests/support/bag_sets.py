"""Icon sets on disk for the bag's exports (`tests/disk/test_bag_export.py`, the bag's command and screen):
an IconifyJSON package whose icons have every kind of box and transformation an exported icon must
keep (their own sides, an offset box, a quarter turn and a flip, an alias that flips its parent),
bodies that define the same id (`a`: two gradients a sprite must keep apart) and one that points
with `xlink:href`; and a folder of SVG files (no Iconify names), one painting from its root's
attributes as Lucide's files do."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.support.iconsets import CIRCLE, TWO_COLOURS, iconify_package, iconify_set, svg_text, write_svg

PREFIX = "bagx"
LICENCE = {"title": "MIT License", "spdx": "MIT", "url": "https://example.test/LICENSE"}
AUTHOR = {"name": "Bag Author", "url": "https://example.test/author"}
ARROW = '<path fill="currentColor" d="M4 4h10v4H8v12H4z"/>'


def gradient(first: str, second: str) -> str:
    """A square painted by a gradient whose id is `a` (as every optimised Iconify body names its first)."""
    return (
        f'<defs><linearGradient id="a" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="{first}"/>'
        f'<stop offset="1" stop-color="{second}"/></linearGradient></defs>'
        '<rect width="20" height="20" x="2" y="2" fill="url(#a)"/>'
    )


ICONS: dict[str, dict[str, Any]] = {
    "circle": {"body": CIRCLE},
    "wide": {"body": '<rect width="28" height="12" x="2" y="6" fill="currentColor"/>', "width": 32},
    "offset": {"body": CIRCLE, "left": -2, "top": -2, "width": 28, "height": 28},
    "turned": {"body": ARROW, "rotate": 1, "hFlip": True},
    "red-blue": {"body": gradient("#e53935", "#1e88e5")},
    "green-gold": {"body": gradient("#43a047", "#fdd835")},
    "linked": {
        "body": '<defs><path id="p" d="M3 3h18v18H3z"/></defs><use xlink:href="#p" fill="currentColor" opacity=".5"/>'
    },
    "two-colours": {"body": TWO_COLOURS},
}
ALIASES = {"mirrored": {"parent": "turned", "vFlip": True}}
LUCIDE_LIKE = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" '
    'stroke="currentColor" stroke-width="2" stroke-linecap="round" class="lucide"><path d="M5 12h14"/>'
    '<path d="m12 5 7 7-7 7"/></svg>'
)


def write_bag_sets(folder: Path) -> tuple[str, ...]:
    """The package and the folder (see the module docstring): the `--from` arguments serving them."""
    info = {"name": "Bag Shapes", "license": LICENCE, "author": AUTHOR}
    data = iconify_set(PREFIX, ICONS, info=info, aliases=ALIASES, width=24, height=24)
    package = iconify_package(folder / "bag-shapes", data, info=info)
    drawings = folder / "drawings"
    write_svg(drawings / "square-glyph.svg", svg_text(body='<path fill="#8e24aa" d="M4 4h16v16H4z"/>'))
    write_svg(drawings / "arrow-right.svg", LUCIDE_LIKE)
    return (str(package.parent), str(drawings))
