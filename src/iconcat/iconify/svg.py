"""An Iconify icon's box, its transformations, and the whole SVG document for it.

- the box: the icon's own `left/top/width/height`, else the set's root defaults (in the set's
  document), else Iconify's 0 0 16 16; never `info.height` (a size for display, not the drawing's).
- `rotate` (quarter turns), `hFlip` and `vFlip` applied as `@iconify/utils`' `iconToSVG` applies them.
- the body as the set has it (`currentColor` kept for the rasteriser to paint); `xmlns:xlink` added
  when the body uses it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

__all__ = ["BOX_KEYS", "Box", "entry_box", "entry_transform", "iconify_svg", "number", "root_box"]

Box = tuple[float, float, float, float]
"""(left, top, width, height)."""

_BOX_DEFAULTS: Box = (0.0, 0.0, 16.0, 16.0)
"""Iconify's own box when neither the icon nor the set's root says (left, top, width, height)."""
BOX_KEYS = ("left", "top", "width", "height")


def number(value: object, default: float) -> float:
    """`value` when it is a finite number (not a bool), else `default`."""
    if type(value) is int or (type(value) is float and math.isfinite(value)):
        return value
    return default


def root_box(data: Mapping[str, Any]) -> Box:
    """The set's root defaults (a side that is not positive is Iconify's 16)."""
    left, top, width, height = (number(data.get(key), fallback) for key, fallback in zip(BOX_KEYS, _BOX_DEFAULTS))
    return left, top, width if width > 0 else 16.0, height if height > 0 else 16.0


def entry_box(entry: Mapping[str, Any], root: Box) -> Box:
    """An icon's (or alias's) box: its own sides, else the root's."""
    left = number(entry.get("left"), root[0])
    top = number(entry.get("top"), root[1])
    width = number(entry.get("width"), root[2])
    height = number(entry.get("height"), root[3])
    return left, top, width if width > 0 else root[2], height if height > 0 else root[3]


def entry_transform(entry: Mapping[str, Any]) -> tuple[int, bool, bool]:
    """An icon's (or alias's) own (rotate, hFlip, vFlip)."""
    rotate = entry.get("rotate")
    return (
        rotate if type(rotate) is int else 0,
        entry.get("hFlip") is True,
        entry.get("vFlip") is True,
    )


def iconify_svg(
    body: str,
    left: float,
    top: float,
    width: float,
    height: float,
    rotate: int = 0,
    h_flip: bool = False,
    v_flip: bool = False,
) -> tuple[str, float, float]:
    """A whole SVG document for an Iconify icon, and its width and height after rotation.

    The transformations are built exactly as `@iconify/utils`' `iconToSVG` builds them: a flip both ways
    is a half turn; a single flip is a translate and a scale (and moves the box to 0 0); the rotation
    about the box's centre comes first in the transform list; a quarter turn swaps the box's sides.
    `width`/`height` are the box's, in its units (Iconify's own default is `1em`, which means nothing
    to a rasteriser or to a file on disk).
    """
    transforms: list[str] = []
    if h_flip and v_flip:
        rotate += 2
    elif h_flip:
        transforms.append(f"translate({_num(width + left)} {_num(0 - top)})")
        transforms.append("scale(-1 1)")
        left = top = 0.0
    elif v_flip:
        transforms.append(f"translate({_num(0 - left)} {_num(height + top)})")
        transforms.append("scale(1 -1)")
        left = top = 0.0
    rotate %= 4
    if rotate == 1:
        centre = _num(height / 2 + top)
        transforms.insert(0, f"rotate(90 {centre} {centre})")
    elif rotate == 2:
        transforms.insert(0, f"rotate(180 {_num(width / 2 + left)} {_num(height / 2 + top)})")
    elif rotate == 3:
        centre = _num(width / 2 + left)
        transforms.insert(0, f"rotate(-90 {centre} {centre})")
    if rotate % 2:
        left, top = top, left
        width, height = height, width
    if transforms:
        defs, body = _split_defs(body) if "<defs" in body else ("", body)
        body = f'{defs}<g transform="{" ".join(transforms)}">{body}</g>'
    xlink = ' xmlns:xlink="http://www.w3.org/1999/xlink"' if "xlink:" in body else ""
    w, h = _num(width), _num(height)
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg"{xlink} width="{w}" height="{h}" '
        f'viewBox="{_num(left)} {_num(top)} {w} {h}">{body}</svg>'
    )
    return svg, width, height


def _split_defs(body: str) -> tuple[str, str]:
    """(`<defs>` with every definition, the rest), as `@iconify/utils`' `splitSVGDefs` splits a body
    before wrapping it in a transformed group: definitions stay outside the group. Its one guard added:
    a `</defs>` before the `<defs` it closes ends the split instead of looping forever."""
    defs = ""
    index = body.find("<defs")
    while index >= 0:
        start = body.find(">", index)
        end = body.find("</defs")
        if start == -1 or end == -1 or end < index:
            break
        end_end = body.find(">", end)
        if end_end == -1:
            break
        defs += body[start + 1 : end].strip()
        body = body[:index].strip() + body[end_end + 1 :]
    return (f"<defs>{defs}</defs>" if defs else ""), body


def _num(value: float) -> str:
    """A number as JavaScript's `toString` writes it for the values icons use: `24`, not `24.0`."""
    if value == int(value):
        return str(int(value))
    return repr(value)
