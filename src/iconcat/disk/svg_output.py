"""An SVG as the person asked for it: painted (`--color`), sized (`--format svg --size N`), and saying
whose icon it is. Pure functions on SVG text, shared by saving (`download`, `pick`, the picker, the
bag), `y` and the snippets (`--as`).

    painted = paint_current_colour(svg, "#e11d48")   # None: nothing in it uses currentColor
    sized = sized_svg(svg, 64)                        # the larger side 64, the box and proportions kept
    comment = attribution_comment(icon.set)           # None for CC0, Unlicense, or no licence known
    svg = with_attribution(svg, comment)
    asked = svg_as_asked(svg, icon.set, OutputOptions(colour="teal", svg_size=64))  # all three at once

No Textual, no HTTP, no XML re-serialisation: the text is changed where it must be and nowhere else,
so an icon's body reaches the file as its set wrote it.

Decisions (docs/output.md says them for a person):

- "Uses currentColor": the CSS keyword `currentColor` (any case, as CSS reads it) anywhere in the
  document: a presentation attribute (`fill`, `stroke`, `stop-color`, `flood-color`…), a `style`
  attribute's property, a `<style>` element's rule. Every one is replaced by the colour, so the file
  looks the same wherever it is shown (an `<img>`, an inlined `<svg>`, a design tool), as Icônes
  writes it. Colours the icon sets itself (a multicolour icon's `#fff`) are kept.
- An SVG that sets its own `color` (a `color` attribute or a CSS `color:` property) means its own
  colour by `currentColor`: it is kept as it is, and counts as "nothing coloured" (the rasteriser,
  too, keeps a root's own `color`).
- The colour is one `check_colour` accepted (CSS names, `#rgb`/`#rrggbb` with alpha, `rgb()`,
  `hsl()`); anything holding a quote, `<`, `&`, `;` or braces is refused here as well, so no value can
  break out of an attribute or a CSS rule.
- Size: the root's `width` and `height` are set so the larger side of the box is N (a 24x16 box at
  64 is 64x42.6667), the `viewBox` kept (the drawing scales, the proportions stay), exactly the
  picture a PNG of N px centres on its square. An SVG with a width and height but no `viewBox` gets
  one from them first (else a new width would crop instead of scale); with neither it cannot be
  sized (`SvgSizeError`).
- Attribution: a set whose licence is neither CC0 nor the Unlicense gets one line, "Icon from SET by
  AUTHOR - LICENCE - URL" (as Icônes writes it), as the first child of the root `<svg>` (it stays with
  the icon when the `<svg>` is pasted into a page; before the root it would be lost). The words are
  the catalogue's, so: one line of printable characters (`iconcat.text.sanitize`), and no `--` (which
  would end the comment early: a run of dashes becomes one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Ref

__all__ = [
    "FREE_LICENCES",
    "AsAsked",
    "OutputOptions",
    "SvgSizeError",
    "attribution_comment",
    "has_own_colour",
    "paint_current_colour",
    "sized_svg",
    "svg_as_asked",
    "uses_current_colour",
    "with_attribution",
]

FREE_LICENCES = frozenset({"cc0-1.0", "cc0", "unlicense", "the unlicense", "cc0 1.0", "cc0 1.0 universal"})
"""Licences (SPDX identifiers or titles, lower case) that ask for no attribution."""

_CURRENT_COLOUR = re.compile(r"\bcurrentcolor\b", re.IGNORECASE)
_OWN_COLOUR_ATTRIBUTE = re.compile(r"""\scolor\s*=\s*["']""", re.IGNORECASE)
_OWN_COLOUR_PROPERTY = re.compile(r"""(^|[;{\s"'])color\s*:""", re.IGNORECASE)
_UNSAFE_IN_COLOUR = re.compile(r"""["'<>&;{}\\]""")
_PROLOG = re.compile(r"(?:\s|<\?.*?\?>|<!--.*?-->|<!DOCTYPE[^>\[]*(?:\[.*?\])?\s*>)*", re.DOTALL | re.IGNORECASE)
_ROOT = re.compile(r"""<svg\b((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(/?)>""")
_ATTRIBUTE = re.compile(r"""(\s+)([^\s=/>]+)(\s*=\s*)("[^"]*"|'[^']*')""")
_NUMBER = re.compile(r"\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(px)?\s*$")
_DASHES = re.compile(r"-{2,}")


@dataclass(frozen=True)
class OutputOptions:
    """What a person asked of the files saved (`--color`, `--format svg --size N`, `--no-attribution`)."""

    colour: str | None = None
    """The colour `currentColor` is written as in SVGs and painted in PNGs (checked by `check_colour`);
    None: as the catalogue serves them."""
    svg_size: int | None = None
    """The larger side of a saved SVG's width and height; None: the SVG's own."""
    attribution: bool = True
    """Whether an SVG of a set whose licence asks for it carries the attribution comment."""


@dataclass(frozen=True)
class AsAsked:
    """An SVG as asked (`svg_as_asked`), and whether a colour was asked but nothing took it."""

    text: str
    uncoloured: bool = False
    """True when `OutputOptions.colour` was given and nothing in the SVG uses `currentColor` (or it
    sets its own `color`): its colours are the icon's own."""


class SvgSizeError(ValueError):
    """The SVG cannot be given a size: no `<svg>` root, or neither a `viewBox` nor a width and height."""


def uses_current_colour(svg: str) -> bool:
    """True when `svg` uses the CSS keyword `currentColor` anywhere (an attribute, a style, a `<style>`)."""
    return _CURRENT_COLOUR.search(svg) is not None


def has_own_colour(svg: str) -> bool:
    """True when `svg` sets `color` itself (an attribute or a CSS property), so its `currentColor` is its own."""
    return _OWN_COLOUR_ATTRIBUTE.search(svg) is not None or _OWN_COLOUR_PROPERTY.search(svg) is not None


def paint_current_colour(svg: str, colour: str) -> str | None:
    """`svg` with every `currentColor` written as `colour`, or None when nothing was coloured (it uses no
    `currentColor`, or sets its own `color`). ValueError for a colour that could break out of a value."""
    colour = colour.strip()
    if not colour or _UNSAFE_IN_COLOUR.search(colour):
        raise ValueError(f"{colour!r} is not a colour that can be written into an SVG")
    if not uses_current_colour(svg) or has_own_colour(svg):
        return None
    return _CURRENT_COLOUR.sub(colour, svg)


def _root(svg: str) -> re.Match[str]:
    prolog = _PROLOG.match(svg)
    match = _ROOT.match(svg, prolog.end() if prolog else 0)
    if match is None:
        raise SvgSizeError("the file does not start with an <svg> element")
    return match


def _length(value: str | None) -> float | None:
    if value is None:
        return None
    match = _NUMBER.match(value)
    return float(match.group(1)) if match else None


def _number(value: float) -> str:
    """`64`, `42.6667`: at most four decimals, no trailing zeros."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return text or "0"


def sized_svg(svg: str, size: float) -> str:
    """`svg` with its root's `width` and `height` set so the larger side of its box is `size`, the
    `viewBox` kept (one added from its old width and height when it had none). `SvgSizeError` when it
    has no `<svg>` root, or no `viewBox` nor plain width and height to size it by."""
    if not size > 0:
        raise ValueError("a size is a positive number")
    root = _root(svg)
    attributes = {name: value[1:-1] for _space, name, _equals, value in _ATTRIBUTE.findall(root.group(1))}
    box = _view_box(attributes.get("viewBox"))
    if box is None:
        width, height = _length(attributes.get("width")), _length(attributes.get("height"))
        if not width or not height:
            raise SvgSizeError("the SVG has no viewBox, nor a width and height to size it by")
        box = (0.0, 0.0, width, height)
    scale = size / max(box[2], box[3])
    changes = {
        "width": _number(box[2] * scale),
        "height": _number(box[3] * scale),
        "viewBox": attributes.get("viewBox") or " ".join(_number(side) for side in box),
    }
    return svg[: root.start()] + _with_attributes(root, changes) + svg[root.end() :]


def _view_box(value: str | None) -> tuple[float, float, float, float] | None:
    if value is None:
        return None
    numbers = value.replace(",", " ").split()
    if len(numbers) != 4:
        return None
    try:
        left, top, width, height = (float(number) for number in numbers)
    except ValueError:
        return None
    return (left, top, width, height) if width > 0 and height > 0 else None


def _with_attributes(root: re.Match[str], changes: dict[str, str]) -> str:
    """The root's start tag with `changes` set: each in place when it is there, else added at the end."""
    left = dict(changes)

    def replace(match: re.Match[str]) -> str:
        space, name, equals, _value = match.groups()
        if name not in left:
            return match.group(0)
        return f'{space}{name}{equals}"{left.pop(name)}"'

    attributes = _ATTRIBUTE.sub(replace, root.group(1))
    attributes += "".join(f' {name}="{value}"' for name, value in left.items())
    return f"<svg{attributes}{' /' if root.group(2) else ''}>"


def _comment_text(text: str) -> str:
    from iconcat.text import sanitize

    return _DASHES.sub("-", sanitize(text, max_length=200)).strip(" -")


def attribution_comment(icon_set: Ref) -> str | None:
    """The one-line comment naming `icon_set`, its author and licence ("Icon from Tabler Icons by Paweł
    Kuna - MIT - https://…"), or None when its licence asks for none (CC0, the Unlicense) or is unknown."""
    licence = icon_set.license
    if licence is None or not licence.label:
        return None
    names = {(name or "").strip().lower() for name in (licence.spdx, licence.title)} - {""}
    if names & FREE_LICENCES:
        return None
    words = f"Icon from {_comment_text(icon_set.name)}"
    author = icon_set.author.name if icon_set.author is not None else None
    if author and _comment_text(author):
        words += f" by {_comment_text(author)}"
    words += f" - {_comment_text(licence.title or licence.spdx or '')}"
    if licence.url and _comment_text(licence.url):
        words += f" - {_comment_text(licence.url)}"
    return f"<!-- {words} -->"


def with_attribution(svg: str, comment: str | None) -> str:
    """`svg` with `comment` as its root's first child (unchanged for None, or when it is already there;
    a self-closing root is opened for it). `SvgSizeError` when it has no `<svg>` root."""
    if comment is None or comment in svg:
        return svg
    root = _root(svg)
    if root.group(2):  # <svg … />: nothing inside yet
        opened = f"<svg{root.group(1)}>"
        return f"{svg[: root.start()]}{opened}{comment}</svg>{svg[root.end() :]}"
    return f"{svg[: root.end()]}{comment}{svg[root.end() :]}"


def svg_as_asked(svg: str, icon_set: Ref | None, options: OutputOptions) -> AsAsked:
    """`svg` painted, sized and attributed as `options` ask (in that order); `SvgSizeError` when a size
    is asked of an SVG that has none to scale, ValueError for a colour that cannot be written."""
    uncoloured = False
    if options.colour is not None:
        painted = paint_current_colour(svg, options.colour)
        uncoloured = painted is None
        svg = painted if painted is not None else svg
    if options.svg_size is not None:
        svg = sized_svg(svg, options.svg_size)
    if options.attribution and icon_set is not None:
        svg = with_attribution(svg, attribution_comment(icon_set))
    return AsAsked(svg, uncoloured=uncoloured)
