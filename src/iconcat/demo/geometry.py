"""Vector geometry for the demo glyphs: paths made of lines and cubic curves on a 24 × 24 grid.

Glyphs are written in a small subset of SVG path syntax (`M L H V C S Q T A Z`, absolute and relative),
because that is how popular icon sets are authored and read. Everything is normalised at parse time to
lines and cubic Béziers in absolute coordinates, so that each renderer (PNG, SVG, EPS) draws exactly
the same segments and the formats cannot drift apart. Arcs become cubics (at most a quarter turn each).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = [
    "GRID",
    "Path",
    "Subpath",
    "circle",
    "line",
    "parse_path",
    "polygon",
    "polyline",
    "rect",
]

GRID = 24.0
"""Every glyph is drawn on a GRID × GRID square, origin top left, y down (like SVG and common icon sets)."""

Point = tuple[float, float]
LineTo = tuple[str, Point]  # ("L", end)
CurveTo = tuple[str, Point, Point, Point]  # ("C", control1, control2, end)
Segment = LineTo | CurveTo
Matrix = tuple[float, float, float, float, float, float]  # x' = a x + c y + e; y' = b x + d y + f


@dataclass(frozen=True)
class Subpath:
    """One continuous run of segments from `start`; `closed` joins its end back to its start."""

    start: Point
    segments: tuple[Segment, ...]
    closed: bool

    def transformed(self, m: Matrix) -> Subpath:
        """The same subpath under an affine map (Béziers are affine-invariant, so this is exact)."""
        return Subpath(
            _apply(m, self.start),
            tuple((seg[0], *(_apply(m, p) for p in seg[1:])) for seg in self.segments),  # type: ignore[misc]
            self.closed,
        )

    def flatten(self, tolerance: float) -> list[Point]:
        """The subpath as a polyline whose chords stray at most about `tolerance` from the curves."""
        points = [self.start]
        current = self.start
        for seg in self.segments:
            if seg[0] == "L":
                points.append(seg[1])
            else:
                c1, c2, end = seg[1], seg[2], seg[3]  # type: ignore[misc]
                steps = _curve_steps(current, c1, c2, end, tolerance)
                for i in range(1, steps + 1):
                    points.append(_cubic_point(current, c1, c2, end, i / steps))
            current = seg[-1]
        return points


@dataclass(frozen=True)
class Path:
    """A shape outline: one or more subpaths."""

    subpaths: tuple[Subpath, ...]

    def transformed(self, m: Matrix) -> Path:
        """The path under an affine map."""
        return Path(tuple(s.transformed(m) for s in self.subpaths))

    def __add__(self, other: Path) -> Path:
        return Path(self.subpaths + other.subpaths)


def _apply(m: Matrix, p: Point) -> Point:
    a, b, c, d, e, f = m
    x, y = p
    return (a * x + c * y + e, b * x + d * y + f)


def _cubic_point(p0: Point, p1: Point, p2: Point, p3: Point, t: float) -> Point:
    u = 1 - t
    return (
        u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
        u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
    )


def _curve_steps(p0: Point, p1: Point, p2: Point, p3: Point, tolerance: float) -> int:
    # The control polygon bounds the curve's length; the second differences bound its bending.
    # Wang's formula gives the number of chords for a given flatness.
    ddx = max(abs(p0[0] - 2 * p1[0] + p2[0]), abs(p1[0] - 2 * p2[0] + p3[0]))
    ddy = max(abs(p0[1] - 2 * p1[1] + p2[1]), abs(p1[1] - 2 * p2[1] + p3[1]))
    bend = math.hypot(ddx, ddy)
    steps = math.ceil(math.sqrt(3 * bend / (4 * tolerance))) if bend > 0 else 1
    return max(1, min(steps, 256))


# --- parsing -------------------------------------------------------------------------------------

_TOKEN = re.compile(r"[MLHVCSQTAZmlhvcsqtaz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def parse_path(d: str) -> Path:
    """Parse SVG path data (`M L H V C S Q T A Z`, absolute or relative) into lines and cubics."""
    tokens = _TOKEN.findall(d)
    leftover = _TOKEN.sub("", d).replace(",", "").strip()
    if leftover:
        raise ValueError(f"unexpected text in path data: {leftover!r}")
    if tokens and tokens[0] not in ("M", "m"):
        raise ValueError("path data must start with a move-to (M or m)")
    subpaths: list[Subpath] = []
    start: Point = (0.0, 0.0)
    current: Point = (0.0, 0.0)
    segments: list[Segment] = []
    last_control: Point | None = None  # for S (cubic) and T (quadratic) reflections
    last_command = ""
    open_subpath = False

    def finish(closed: bool) -> None:
        nonlocal segments, open_subpath
        if open_subpath and (segments or closed):
            subpaths.append(Subpath(start, tuple(segments), closed))
        segments = []
        open_subpath = False

    i = 0
    command = ""
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
        elif not command:
            raise ValueError("path data must start with a command")
        upper = command.upper()
        relative = command.islower()
        arity = _ARITY[upper]
        if upper == "Z":
            finish(closed=True)
            current = start
            last_command = "Z"
            continue
        operands = tokens[i : i + arity]
        if len(operands) < arity or any(t.isalpha() for t in operands):
            raise ValueError(f"command {command} needs {arity} numbers")
        args = [float(t) for t in operands]
        i += arity
        ox, oy = current if relative else (0.0, 0.0)
        control: Point | None = None
        if upper == "M":
            finish(closed=False)
            current = start = (ox + args[0], oy + args[1])
            open_subpath = True
            # Further coordinate pairs after M are implicit line-tos.
            command = "l" if relative else "L"
            last_command = "M"
            last_control = None
            continue
        if not open_subpath:  # drawing after Z continues from the subpath's start
            start, open_subpath = current, True
        if upper == "L":
            end = (ox + args[0], oy + args[1])
            segments.append(("L", end))
        elif upper == "H":
            end = (ox + args[0] if relative else args[0], current[1])
            segments.append(("L", end))
        elif upper == "V":
            end = (current[0], oy + args[0] if relative else args[0])
            segments.append(("L", end))
        elif upper in ("C", "S"):
            if upper == "C":
                c1 = (ox + args[0], oy + args[1])
                rest = args[2:]
            else:
                c1 = _reflect(last_control, current) if last_command in "CS" else current
                rest = args
            c2 = (ox + rest[0], oy + rest[1])
            end = (ox + rest[2], oy + rest[3])
            segments.append(("C", c1, c2, end))
            control = c2
        elif upper in ("Q", "T"):
            if upper == "Q":
                q = (ox + args[0], oy + args[1])
                end = (ox + args[2], oy + args[3])
            else:
                q = _reflect(last_control, current) if last_command in "QT" else current
                end = (ox + args[0], oy + args[1])
            segments.append(_quadratic_to_cubic(current, q, end))
            control = q
        else:  # A
            end = (ox + args[5], oy + args[6])
            segments.extend(_arc_to_cubics(current, args[0], args[1], args[2], bool(args[3]), bool(args[4]), end))
        current = end
        last_control = control
        last_command = upper
    finish(closed=False)
    return Path(tuple(subpaths))


def _reflect(control: Point | None, about: Point) -> Point:
    if control is None:
        return about
    return (2 * about[0] - control[0], 2 * about[1] - control[1])


def _quadratic_to_cubic(p0: Point, q: Point, p3: Point) -> CurveTo:
    c1 = (p0[0] + 2 / 3 * (q[0] - p0[0]), p0[1] + 2 / 3 * (q[1] - p0[1]))
    c2 = (p3[0] + 2 / 3 * (q[0] - p3[0]), p3[1] + 2 / 3 * (q[1] - p3[1]))
    return ("C", c1, c2, p3)


def _arc_to_cubics(
    p0: Point, rx: float, ry: float, rotation: float, large: bool, sweep: bool, p1: Point
) -> list[Segment]:
    """An elliptical arc (SVG endpoint form) as cubics; see SVG 1.1 appendix F.6.5."""
    if p0 == p1:
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", p1)]
    phi = math.radians(rotation)
    cos_phi, sin_phi = math.cos(phi), math.sin(phi)
    dx2, dy2 = (p0[0] - p1[0]) / 2, (p0[1] - p1[1]) / 2
    x1p = cos_phi * dx2 + sin_phi * dy2
    y1p = -sin_phi * dx2 + cos_phi * dy2
    radii_check = x1p * x1p / (rx * rx) + y1p * y1p / (ry * ry)
    if radii_check > 1:  # radii too small to join the points: scale them up, as SVG does
        scale = math.sqrt(radii_check)
        rx, ry = rx * scale, ry * scale
    numerator = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    denominator = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    coef = math.sqrt(max(0.0, numerator / denominator))
    if large == sweep:
        coef = -coef
    cxp = coef * rx * y1p / ry
    cyp = -coef * ry * x1p / rx
    cx = cos_phi * cxp - sin_phi * cyp + (p0[0] + p1[0]) / 2
    cy = sin_phi * cxp + cos_phi * cyp + (p0[1] + p1[1]) / 2

    def angle(ux: float, uy: float, vx: float, vy: float) -> float:
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)

    theta1 = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
    dtheta = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
    if not sweep and dtheta > 0:
        dtheta -= 2 * math.pi
    elif sweep and dtheta < 0:
        dtheta += 2 * math.pi

    def point(t: float) -> Point:
        return (
            cx + rx * math.cos(t) * cos_phi - ry * math.sin(t) * sin_phi,
            cy + rx * math.cos(t) * sin_phi + ry * math.sin(t) * cos_phi,
        )

    def tangent(t: float) -> Point:
        return (
            -rx * math.sin(t) * cos_phi - ry * math.cos(t) * sin_phi,
            -rx * math.sin(t) * sin_phi + ry * math.cos(t) * cos_phi,
        )

    count = max(1, math.ceil(abs(dtheta) / (math.pi / 2) - 1e-9))
    delta = dtheta / count
    k = 4 / 3 * math.tan(delta / 4)
    segments: list[Segment] = []
    for n in range(count):
        t1 = theta1 + n * delta
        t2 = t1 + delta
        a, da = point(t1), tangent(t1)
        b, db = point(t2), tangent(t2)
        end = p1 if n == count - 1 else b  # land exactly on the requested end point
        segments.append(("C", (a[0] + k * da[0], a[1] + k * da[1]), (b[0] - k * db[0], b[1] - k * db[1]), end))
    return segments


# --- shape helpers -------------------------------------------------------------------------------


def _num(v: float) -> str:
    return f"{v:.4f}".rstrip("0").rstrip(".")


def circle(cx: float, cy: float, r: float) -> Path:
    """A circle as two half-circle arcs."""
    return parse_path(
        f"M{_num(cx - r)} {_num(cy)}A{_num(r)} {_num(r)} 0 1 0 {_num(cx + r)} {_num(cy)}"
        f"A{_num(r)} {_num(r)} 0 1 0 {_num(cx - r)} {_num(cy)}Z"
    )


def rect(x: float, y: float, w: float, h: float, r: float = 0.0) -> Path:
    """A rectangle, with corners rounded to radius `r` (clamped to half the shorter side)."""
    r = max(0.0, min(r, w / 2, h / 2))
    if r == 0:
        return polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
    n = _num
    return parse_path(
        f"M{n(x + r)} {n(y)}H{n(x + w - r)}A{n(r)} {n(r)} 0 0 1 {n(x + w)} {n(y + r)}"
        f"V{n(y + h - r)}A{n(r)} {n(r)} 0 0 1 {n(x + w - r)} {n(y + h)}"
        f"H{n(x + r)}A{n(r)} {n(r)} 0 0 1 {n(x)} {n(y + h - r)}"
        f"V{n(y + r)}A{n(r)} {n(r)} 0 0 1 {n(x + r)} {n(y)}Z"
    )


def polyline(points: Iterable[Point]) -> Path:
    """An open run of straight segments."""
    pts = [(float(x), float(y)) for x, y in points]
    return Path((Subpath(pts[0], tuple(("L", p) for p in pts[1:]), False),))


def polygon(points: Iterable[Point]) -> Path:
    """A closed run of straight segments."""
    pts = [(float(x), float(y)) for x, y in points]
    return Path((Subpath(pts[0], tuple(("L", p) for p in pts[1:]), True),))


def line(x1: float, y1: float, x2: float, y2: float) -> Path:
    """One straight segment."""
    return polyline([(x1, y1), (x2, y2)])
