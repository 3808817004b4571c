"""An icon read back out of its SVG document (`read_svg`: the box and the body, `svg.iconify_svg`'s
inverse), and an IconifyJSON subset of such icons (`subset_document`): what the bag exports for
Iconify's tools.

- The box is the root's `viewBox` (four numbers), else its `width` and `height` at 0 0; the body is the
  root's content exactly as written (a slice of the text, never re-serialised), so a document made by
  `iconify_svg` from a body and a box gives back that body and that box, and the subset read by the
  sets' reader (`icons.read_icons`) makes the very same document again.
- Presentation attributes on the root (`fill="none" stroke="currentColor"`, as an SVG folder's files
  have) would be lost with the root: they wrap the body in a `<g>` (`wrapped_body`), as Iconify's own
  importers move them. Attributes that say nothing of the drawing (`width`, `class`, `aria-hidden`) go.
- The document is untrusted: expat reads it (well-formed or refused), a DOCTYPE with declarations of
  its own is refused (no entity is ever expanded), and the root must be `<svg>`. `SvgUnreadable` says
  why in words.
- The subset: `prefix`, `info` (the set's name, author and licence, as `@iconify/utils`'
  `convertIconSetInfo` reads them), `icons` (each `body` and the sides of its box that differ from the
  set's), and the set's own `width`/`height` (the most common box), as Iconify's own files are written.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any
from xml.parsers import expat

from .svg import _num

__all__ = ["PRESENTATION_ATTRIBUTES", "SvgIcon", "SvgUnreadable", "read_svg", "set_info_document", "subset_document"]

PRESENTATION_ATTRIBUTES = frozenset(
    {
        "color",
        "fill",
        "fill-opacity",
        "fill-rule",
        "clip-rule",
        "opacity",
        "stroke",
        "stroke-dasharray",
        "stroke-dashoffset",
        "stroke-linecap",
        "stroke-linejoin",
        "stroke-miterlimit",
        "stroke-opacity",
        "stroke-width",
        "style",
        "shape-rendering",
        "vector-effect",
        "paint-order",
        "font-family",
        "font-size",
        "font-weight",
    }
)
"""Root attributes that paint the body (inherited by it): kept on a `<g>` around it."""

_START_TAG = re.compile(rb"""<[^\s/>]+(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(/?)>""")
"""An element's start tag, its attribute values quoted (what expat has just accepted)."""
_NUMBERS = re.compile(r"[\s,]+")
_LENGTH = re.compile(r"\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(?:px)?\s*$")


class SvgUnreadable(ValueError):
    """The SVG cannot be read into a box and a body (a sentence for a person)."""


@dataclass(frozen=True)
class SvgIcon:
    """An icon as its SVG document draws it: the box and the root's content."""

    left: float
    top: float
    width: float
    height: float
    body: str
    """The root's content as written."""
    painting: tuple[tuple[str, str], ...] = ()
    """The root's presentation attributes (name, value as read), in order."""
    namespaces: tuple[tuple[str, str], ...] = field(default=())
    """The root's namespace declarations other than SVG's (`xmlns:xlink`, …): (attribute, address)."""

    @property
    def view_box(self) -> str:
        """As a `viewBox` says it: "0 0 24 24"."""
        return " ".join(_num(side) for side in (self.left, self.top, self.width, self.height))

    @property
    def wrapped_body(self) -> str:
        """The body, inside a `<g>` carrying the root's presentation attributes when it had any."""
        if not self.painting:
            return self.body
        attributes = "".join(f' {name}="{escape(value, quote=True)}"' for name, value in self.painting)
        return f"<g{attributes}>{self.body}</g>"


def read_svg(text: str) -> SvgIcon:
    """The box and body of the SVG document `text` (see the module docstring); `SvgUnreadable` when it
    is not one."""
    data = text.encode("utf-8")
    parser = expat.ParserCreate()
    root: dict[str, Any] = {}
    depth = 0

    def start(name: str, attributes: dict[str, str]) -> None:
        nonlocal depth
        if depth == 0:
            root.update(name=name, attributes=attributes, start=parser.CurrentByteIndex)
        depth += 1

    def end(_name: str) -> None:
        nonlocal depth
        depth -= 1
        if depth == 0:
            root["end"] = parser.CurrentByteIndex

    def doctype(_name: str, _system: object, _public: object, has_internal_subset: int) -> None:
        if has_internal_subset:
            raise SvgUnreadable("the SVG declares entities of its own (a DOCTYPE with declarations)")

    def skipped(_name: str, _is_parameter: int) -> None:
        # (An entity an outside DTD would declare: never read, so the body would carry a reference to nothing.)
        raise SvgUnreadable("the SVG uses an entity it does not declare")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = doctype
    parser.SkippedEntityHandler = skipped
    try:
        parser.Parse(data, True)
    except expat.ExpatError as error:
        raise SvgUnreadable(f"the SVG is not well-formed XML ({expat.ErrorString(error.code)})") from None
    if root.get("name") != "svg":
        raise SvgUnreadable("the document is not an SVG (its root is not <svg>)")
    tag = _START_TAG.match(data, root["start"])
    if tag is None:  # (expat took it: only a start tag this pattern does not know, which is none)
        raise SvgUnreadable("the SVG's root tag could not be read")
    attributes: dict[str, str] = root["attributes"]
    body = "" if tag.group(1) else data[tag.end() : root["end"]].decode("utf-8")
    left, top, width, height = _box(attributes)
    painting = tuple((name, value) for name, value in attributes.items() if name in PRESENTATION_ATTRIBUTES)
    namespaces = tuple(
        (name, value) for name, value in attributes.items() if name.startswith("xmlns:") and name != "xmlns:svg"
    )
    return SvgIcon(left, top, width, height, body, painting, namespaces)


def _box(attributes: Mapping[str, str]) -> tuple[float, float, float, float]:
    view_box = attributes.get("viewBox")
    if view_box is not None:
        parts = [part for part in _NUMBERS.split(view_box.strip()) if part]
        try:
            left, top, width, height = (float(part) for part in parts)
        except ValueError:
            raise SvgUnreadable(f"the SVG's viewBox is not four numbers ({view_box[:40]!r})") from None
        if width > 0 and height > 0 and all(map(_finite, (left, top, width, height))):
            return left, top, width, height
        raise SvgUnreadable("the SVG's viewBox has no area")
    sides = [_LENGTH.match(attributes.get(name, "")) for name in ("width", "height")]
    if sides[0] and sides[1]:
        width, height = float(sides[0].group(1)), float(sides[1].group(1))
        if width > 0 and height > 0 and _finite(width) and _finite(height):
            return 0.0, 0.0, width, height
    raise SvgUnreadable("the SVG has no size (no viewBox, nor a width and height in pixels)")


def _finite(value: float) -> bool:
    return value - value == 0


def _json_number(value: float) -> int | float:
    """24, not 24.0: as Iconify's own files write a whole number."""
    return int(value) if value == int(value) else value


def subset_document(prefix: str, info: Mapping[str, Any], icons: Iterable[tuple[str, SvgIcon]]) -> dict[str, Any]:
    """An IconifyJSON document of set `prefix` holding `icons` ((name, icon) in order), its `info` as
    given (see `set_info_document`); the set's `width`/`height` are its icons' most common box."""
    listed = list(icons)
    sizes = Counter((icon.width, icon.height) for _name, icon in listed)
    width, height = sizes.most_common(1)[0][0] if sizes else (16.0, 16.0)
    entries: dict[str, dict[str, Any]] = {}
    for name, icon in listed:
        entry: dict[str, Any] = {"body": icon.wrapped_body}
        for key, value, default in (
            ("left", icon.left, 0.0),
            ("top", icon.top, 0.0),
            ("width", icon.width, width),
            ("height", icon.height, height),
        ):
            if value != default:
                entry[key] = _json_number(value)
        entries[name] = entry
    document: dict[str, Any] = {"prefix": prefix}
    if info:
        document["info"] = dict(info)
    document["icons"] = entries
    document["width"], document["height"] = _json_number(width), _json_number(height)
    return document


def set_info_document(
    name: str,
    *,
    license_title: str | None = None,
    license_spdx: str | None = None,
    license_url: str | None = None,
    author_name: str | None = None,
    author_url: str | None = None,
    total: int | None = None,
) -> dict[str, Any]:
    """A set's `info` as IconifyJSON writes it: `name`, `author` (`name`, `url`), `license` (`title`,
    `spdx`, `url`; a licence known by its SPDX id alone is titled by it), `total`; what is unknown left out."""
    info: dict[str, Any] = {"name": name}
    if total is not None:
        info["total"] = total
    if author_name:
        info["author"] = {"name": author_name, **({"url": author_url} if author_url else {})}
    title = license_title or license_spdx
    if title:
        info["license"] = {
            "title": title,
            **({"spdx": license_spdx} if license_spdx else {}),
            **({"url": license_url} if license_url else {}),
        }
    return info
