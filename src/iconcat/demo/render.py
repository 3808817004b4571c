"""Render one drawing (a list of paint operations on the 24 × 24 grid) to PNG, SVG and EPS.

A drawing is a sequence of `Paint`s, each a fill or a stroke of one path in one colour, painted in
order. All three renderers walk the same list of the same normalised segments (lines and cubics), so
every format shows the same picture:

- PNG: Pillow, supersampled: each paint's coverage is drawn at 4× the target size and reduced with
  LANCZOS for clean anti-aliased edges, then its colour is composited onto a transparent canvas.
- SVG: one `<path>` per paint, with a `viewBox` of the grid; translucent colours become group opacity
  so overlapping shapes of one paint do not darken twice (as in the PNG, where each paint is one mask).
- EPS: PostScript level 2 with a `%%BoundingBox`. PostScript has no transparency, so a translucent
  colour is mixed with white: the picture as it prints on paper.

Consecutive paints of the same colour are merged into one mask/group, which is both faster and makes
translucent tints behave like one layer.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from itertools import groupby
from xml.sax.saxutils import escape, quoteattr

from PIL import Image, ImageDraw

from .geometry import GRID, Path, Subpath

__all__ = ["Colour", "Paint", "render_eps", "render_png", "render_svg"]

Colour = tuple[int, int, int, int]
"""RGBA, 0–255 each."""


@dataclass(frozen=True)
class Paint:
    """Fill `path` (width None) or stroke it with `width` grid units and the given line cap."""

    path: Path
    colour: Colour
    width: float | None = None
    cap: str = "round"  # "round" | "square" | "butt"

    @property
    def is_stroke(self) -> bool:
        return self.width is not None


SUPERSAMPLE = 4
"""Draw at this multiple of the target size, then reduce: smooth edges without a vector rasteriser."""


# --- PNG -----------------------------------------------------------------------------------------


def render_png(paints: list[Paint], size: int) -> bytes:
    """A `size`×`size` RGBA PNG, transparent where nothing is painted."""
    return _encode_png(render_image(paints, size))


def render_image(paints: list[Paint], size: int) -> Image.Image:
    """The drawing as a `size`×`size` RGBA Pillow image."""
    big = size * SUPERSAMPLE
    scale = big / GRID
    canvas = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    # Chords within a fraction of a target pixel: invisible after reduction.
    tolerance = 0.25 / (size / GRID)
    for colour, group in groupby(paints, key=lambda p: p.colour):
        # Coverage is drawn big and reduced with LANCZOS (one byte per pixel: cheap), then the paint's
        # colour is composited at the target size through it. Four times fewer pixels to blend than
        # compositing big, and the edges are the same anti-aliased coverage.
        mask = Image.new("L", (big, big), 0)
        draw = ImageDraw.Draw(mask)
        for paint in group:
            for subpath in paint.path.subpaths:
                points = [(x * scale, y * scale) for x, y in subpath.flatten(tolerance)]
                if paint.is_stroke:
                    _stroke(draw, points, subpath, paint.width * scale, paint.cap)  # type: ignore[operator]
                elif len(points) >= 3:
                    draw.polygon(points, fill=255)
        coverage = _reduce(mask, size)
        if coverage is None:
            continue
        if colour[3] < 255:
            alpha = colour[3]
            coverage = coverage.point(lambda v, alpha=alpha: v * alpha // 255)
        layer = Image.new("RGBA", (size, size), colour[:3] + (0,))
        layer.putalpha(coverage)
        canvas.alpha_composite(layer)
    return canvas


_PAD = 6
"""Target pixels kept around a mask's drawn area when reducing it: twice LANCZOS's reach (3)."""


def _reduce(mask: Image.Image, size: int) -> Image.Image | None:
    """The big coverage mask reduced to `size`×`size` with LANCZOS; None when nothing is drawn.

    Only the drawn area (plus a margin wider than the filter's reach, aligned to the supersampling
    grid) is resampled, which gives the same pixels as resampling the whole mask for a fraction of the
    work: most paints cover a small part of the square. `reducing_gap` lets Pillow box-reduce to twice
    the size first and apply LANCZOS to the last halving only (its own documented optimisation).
    """
    box = mask.getbbox()
    if box is None:
        return None
    s = SUPERSAMPLE
    left, top = max(0, box[0] // s - _PAD), max(0, box[1] // s - _PAD)
    right, bottom = min(size, -(-box[2] // s) + _PAD), min(size, -(-box[3] // s) + _PAD)
    region = mask.crop((left * s, top * s, right * s, bottom * s))
    reduced = region.resize((right - left, bottom - top), Image.Resampling.LANCZOS, reducing_gap=2.0)
    coverage = Image.new("L", (size, size), 0)
    coverage.paste(reduced, (left, top))
    return coverage


def _stroke(
    draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], subpath: Subpath, width: float, cap: str
) -> None:
    radius = width / 2
    if subpath.closed and len(points) > 1:
        if points[0] != points[-1]:
            points = points + [points[0]]
        points = points + [points[1]]  # overlap one segment so the closing corner is joined too
    elif cap == "square" and len(points) > 1:
        points = [_extend(points[1], points[0], radius)] + points[1:-1] + [_extend(points[-2], points[-1], radius)]
    if len(points) == 1 or all(p == points[0] for p in points):
        if cap == "round" or subpath.closed:
            x, y = points[0]
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=255)
        return
    draw.line(points, fill=255, width=max(1, round(width)), joint="curve")
    # Pillow's joint="curve" rounds the joins between segments; round caps are ours to add.
    if cap == "round" and not subpath.closed:
        for x, y in (points[0], points[-1]):
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=255)
    elif subpath.closed:
        x, y = points[0]
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=255)


def _extend(before: tuple[float, float], end: tuple[float, float], by: float) -> tuple[float, float]:
    dx, dy = end[0] - before[0], end[1] - before[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    return (end[0] + dx / length * by, end[1] + dy / length * by)


def _encode_png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=6)
    return out.getvalue()


# --- SVG -----------------------------------------------------------------------------------------


def _n(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def path_data(path: Path) -> str:
    """SVG path data for a normalised path (absolute M, L, C, Z only)."""
    parts: list[str] = []
    for sub in path.subpaths:
        parts.append(f"M{_n(sub.start[0])} {_n(sub.start[1])}")
        for seg in sub.segments:
            if seg[0] == "L":
                parts.append(f"L{_n(seg[1][0])} {_n(seg[1][1])}")
            else:
                parts.append("C" + " ".join(f"{_n(p[0])} {_n(p[1])}" for p in seg[1:]))
        if sub.closed:
            parts.append("Z")
    return "".join(parts)


def _hex(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour[:3])


def render_svg(paints: list[Paint], title: str) -> bytes:
    """A standalone SVG document (UTF-8) with `viewBox="0 0 24 24"` and the icon's name as title."""
    grid = _n(GRID)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{grid}" height="{grid}" viewBox="0 0 {grid} {grid}">',
        f"  <title>{escape(title)}</title>",
    ]
    for colour, group in groupby(paints, key=lambda p: p.colour):
        indent = "  "
        if colour[3] < 255:
            lines.append(f'  <g opacity="{_n(colour[3] / 255)}">')
            indent = "    "
        for paint in group:
            d = quoteattr(path_data(paint.path))
            if paint.is_stroke:
                lines.append(
                    f'{indent}<path d={d} fill="none" stroke="{_hex(colour)}" stroke-width="{_n(paint.width)}"'  # type: ignore[arg-type]
                    f' stroke-linecap="{paint.cap}" stroke-linejoin="round"/>'
                )
            else:
                lines.append(f'{indent}<path d={d} fill="{_hex(colour)}"/>')
        if colour[3] < 255:
            lines.append("  </g>")
    lines.append("</svg>")
    return ("\n".join(lines) + "\n").encode("utf-8")


# --- EPS -----------------------------------------------------------------------------------------

EPS_SIZE = 512
"""The EPS bounding box side in points (the same number as the largest PNG's pixels)."""

_CAPS = {"butt": 0, "round": 1, "square": 2}


def render_eps(paints: list[Paint], title: str) -> bytes:
    """An Encapsulated PostScript file (`%!PS-Adobe-3.0 EPSF-3.0`) with a `%%BoundingBox`."""
    # PostScript comments must stay on one line and in ASCII; our names are, but be safe.
    safe_title = "".join(c for c in title if 32 <= ord(c) < 127 and c not in "()\\")
    out = [
        "%!PS-Adobe-3.0 EPSF-3.0",
        f"%%BoundingBox: 0 0 {EPS_SIZE} {EPS_SIZE}",
        f"%%HiResBoundingBox: 0 0 {EPS_SIZE}.000 {EPS_SIZE}.000",
        f"%%Title: {safe_title}",
        "%%Creator: iconcat demo catalogue",
        "%%LanguageLevel: 2",
        "%%Pages: 0",
        "%%EndComments",
        "%%BeginProlog",
        "/m {moveto} bind def /l {lineto} bind def /c {curveto} bind def /z {closepath} bind def",
        "%%EndProlog",
        "gsave",
        # The grid is y-down like SVG; PostScript is y-up.
        f"0 {EPS_SIZE} translate {EPS_SIZE} {_n(GRID)} div dup neg scale",
        "1 setlinejoin",
    ]
    for paint in paints:
        r, g, b, a = paint.colour
        # No transparency in PostScript: mix with white paper.
        mix = [(channel * a + 255 * (255 - a)) / 255 / 255 for channel in (r, g, b)]
        out.append(f"{mix[0]:.4f} {mix[1]:.4f} {mix[2]:.4f} setrgbcolor")
        out.append("newpath")
        for sub in paint.path.subpaths:
            out.append(f"{_n(sub.start[0])} {_n(sub.start[1])} m")
            for seg in sub.segments:
                if seg[0] == "L":
                    out.append(f"{_n(seg[1][0])} {_n(seg[1][1])} l")
                else:
                    out.append(" ".join(f"{_n(p[0])} {_n(p[1])}" for p in seg[1:]) + " c")
            if sub.closed:
                out.append("z")
        if paint.is_stroke:
            out.append(f"{_CAPS.get(paint.cap, 1)} setlinecap {_n(paint.width)} setlinewidth stroke")  # type: ignore[arg-type]
        else:
            out.append("fill")
    out += ["grestore", "showpage", "%%EOF", ""]
    return "\n".join(out).encode("ascii")
