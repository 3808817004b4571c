"""An icon's SVG read into a small tree for the component snippets, and made fit to be one.

The SVG is untrusted (a set on disk, a remote catalogue), and a component is code: whatever it holds
must stay markup. So the reader (`read_svg`) keeps only what draws an icon:

- the XML is read by expat without namespaces (so `xlink:href` stays one name, as each framework
  spells it) and without a DOCTYPE: one is refused before an entity could be declared or expanded;
  comments and processing instructions go;
- elements: only SVG's own drawing elements (`SVG_ELEMENTS`, all lower-case at the start: in JSX, Vue
  and Svelte a capital would name a component, `<script>` and `<foreignObject>` are none of them);
  another element goes with everything inside it;
- attributes: a name of letters, digits, `-` and `_` (with one `xlink:`, `xml:` or `xmlns:` prefix at
  most: any other prefix is an editor's, `on:`, `bind:`, `v-` or `:` a framework's directive), never
  an event handler (`on…`) nor a name a framework takes for itself (`ref`, `key`, `slot`); an `href`
  only inside the document (`#id`) or to a raster `data:` image (else the component would fetch
  what the SVG points at), and an `<image>`, `<feImage>` or `<use>` left without one goes;
- text only inside the elements that show it (`title`, `desc`, `text`, `tspan`, `textPath`, `style`).

Each maker then writes names and values so that no text can end a string or start an expression.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from xml.parsers import expat

__all__ = ["SVG_ELEMENTS", "Element", "SvgUnreadable", "read_svg"]

SVG_ELEMENTS = frozenset(
    {
        "svg", "g", "defs", "symbol", "use", "path", "rect", "circle", "ellipse", "line", "polyline",
        "polygon", "linearGradient", "radialGradient", "stop", "pattern", "clipPath", "mask", "marker",
        "filter", "title", "desc", "text", "tspan", "textPath", "style", "image", "a", "switch", "view",
        "animate", "animateMotion", "animateTransform", "set", "mpath",
        "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix",
        "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA",
        "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode",
        "feMorphology", "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile",
        "feTurbulence",
    }
)  # fmt: skip
"""The elements a snippet keeps (SVG 1.1 and 2's drawing, painting and describing elements)."""

TEXT_ELEMENTS = frozenset({"title", "desc", "text", "tspan", "textPath", "style"})
"""The elements whose text is kept (elsewhere text is only the whitespace between elements)."""

_ATTRIBUTE = re.compile(r"(?:(xlink|xml|xmlns):)?[A-Za-z][A-Za-z0-9_-]*")
_TAKEN_NAMES = frozenset({"ref", "key", "slot", "is"})
"""Attribute names React, Vue or Svelte give a meaning of their own (no SVG attribute)."""
_KEPT_DATA_URL = re.compile(r"data:image/(png|jpeg|jpg|gif|webp)[;,]", re.IGNORECASE)
_SOURCED = frozenset({"image", "feImage", "use"})
"""The elements that show their `href` and nothing else."""
MAX_DEPTH = 64
"""Deeper nesting is no icon (and would make a component's code as deep)."""


class SvgUnreadable(ValueError):
    """The SVG cannot be read, or holds no `<svg>` root (a sentence for a person)."""


@dataclass
class Element:
    """One element kept: its name, its attributes in the document's order, and its children."""

    name: str
    attributes: list[tuple[str, str]] = field(default_factory=list)
    children: list[Element | str] = field(default_factory=list)

    def attribute(self, name: str) -> str | None:
        """The value of attribute `name`, if the element has it."""
        return next((value for key, value in self.attributes if key == name), None)


def _kept_attribute(name: str, value: str) -> bool:
    """Whether attribute `name` (with `value`) stays (the module's docstring)."""
    if not _ATTRIBUTE.fullmatch(name):
        return False
    local = name.rpartition(":")[2].lower()
    if local.startswith("on") or name in _TAKEN_NAMES or name == "xml:base":
        return False
    if local == "href":
        target = value.strip()
        return target.startswith("#") or _KEPT_DATA_URL.match(target) is not None
    return True


def read_svg(markup: str) -> Element:
    """`markup` as a tree of the elements kept; `SvgUnreadable` when it is no SVG document."""
    root: list[Element] = []
    stack: list[Element | None] = []  # None: inside an element that is not kept

    def refuse_doctype(*_: object) -> None:
        raise SvgUnreadable("the SVG has a DOCTYPE, which no icon needs (its entities are not read)")

    def start(name: str, attributes: list[str]) -> None:
        parent_dropped = bool(stack) and stack[-1] is None
        if parent_dropped or name not in SVG_ELEMENTS or len(stack) >= MAX_DEPTH or (not stack and name != "svg"):
            stack.append(None)
            return
        pairs = list(zip(attributes[::2], attributes[1::2]))
        element = Element(name, [(key, value) for key, value in pairs if _kept_attribute(key, value)])
        if name in _SOURCED and not any(key.rpartition(":")[2] == "href" for key, _ in element.attributes):
            stack.append(None)  # its source went (outside the document): nothing left to show
            return
        parent = stack[-1] if stack else None
        if parent is not None:
            parent.children.append(element)
        else:
            root.append(element)
        stack.append(element)

    def end(_: str) -> None:
        stack.pop()

    def text(data: str) -> None:
        current = stack[-1] if stack else None
        if current is None or current.name not in TEXT_ELEMENTS:
            return
        if current.children and isinstance(current.children[-1], str):
            current.children[-1] += data
        else:
            current.children.append(data)

    parser = expat.ParserCreate()
    parser.ordered_attributes = True
    parser.buffer_text = True
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartDoctypeDeclHandler = refuse_doctype
    parser.EntityDeclHandler = refuse_doctype
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    try:
        parser.Parse(markup.lstrip("\ufeff"), True)
    except expat.ExpatError as error:
        raise SvgUnreadable(f"the SVG is not well-formed XML ({expat.ErrorString(error.code)})") from None
    if not root:
        raise SvgUnreadable("the file holds no <svg> element")
    return root[0]
