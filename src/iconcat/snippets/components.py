"""An icon's SVG as a component: React (JSX, TSX), Vue (a single-file component), Svelte.

Each writes the tree `tree.read_svg` kept (only SVG's drawing elements and plain attributes) in its
framework's spelling, and writes every value so that no text of the SVG can end a string or start an
expression:

- JSX and TSX: attributes as React names them (`stroke-width` → `strokeWidth`, `xlink:href` →
  `xlinkHref`, `class` → `className`, `for` → `htmlFor`; `data-`/`aria-` kept), `style="a:b"` as a
  style object; a value is a plain `"…"` only when it holds nothing JSX reads (no quote, `&`, brace,
  angle bracket or backslash), else a JavaScript string `{"…"}` (JSON with `<`, `>`, `&` and the line
  separators as `\\u` escapes, so not even `</script>` survives); text is always `{"…"}`. One default
  export: a function component, its props spread on the `<svg>` (TSX: typed `SVGProps<SVGSVGElement>`).
- Vue: the `<template>` (attributes keep SVG's spelling; Vue passes a component's attributes on to its
  root `<svg>`; a `<style>` is `<component is="style">`, which Vue renders as the element its
  compiler refuses in a template) and a `<script>` naming the component. Values and text are written with character
  references for `&`, `<`, `>`, `"`, `{` and `}`, so `{{` is never an interpolation.
- Svelte (5): `let props = $props()` spread on the `<svg>`; values and text with character references
  for the same characters (a `{` would start an expression).
"""

from __future__ import annotations

import json
import re

from iconcat.snippets.tree import Element

__all__ = ["jsx_attribute_name", "jsx_component", "style_object", "svelte_component", "vue_component"]

_INDENT = "  "
_PLAIN_JSX_VALUE = re.compile(r"[^\"'&{}<>\\\x00-\x1f\x7f\u2028\u2029]*")
_JSX_RENAMED = {"class": "className", "for": "htmlFor", "tabindex": "tabIndex"}
_CSS_PROPERTY = re.compile(r"-?[A-Za-z][A-Za-z0-9-]*|--[A-Za-z0-9_-]+")


def jsx_attribute_name(name: str) -> str:
    """`name` as React spells it: `stroke-width` → `strokeWidth`, `xlink:href` → `xlinkHref`, `class`
    → `className`; `data-…` and `aria-…` as they are."""
    if name in _JSX_RENAMED:
        return _JSX_RENAMED[name]
    if name.startswith(("data-", "aria-")):
        return name
    words = re.split(r"[:-]", name)
    return words[0] + "".join(word[:1].upper() + word[1:] for word in words[1:])


def js_string(text: str) -> str:
    """`text` as a JavaScript string literal that cannot end early anywhere it is pasted: JSON, with
    `<`, `>` and `&` escaped too (no `</script>`, no `-->`), and U+2028/U+2029."""
    quoted = json.dumps(text, ensure_ascii=False)
    for char, escape in (
        ("<", "\\u003c"),
        (">", "\\u003e"),
        ("&", "\\u0026"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
    ):
        quoted = quoted.replace(char, escape)
    return quoted


def _css_declarations(style: str) -> list[tuple[str, str]]:
    """The `property: value` pairs of a `style` attribute, split at `;` outside quotes and brackets."""
    pairs: list[tuple[str, str]] = []
    depth, quote, start = 0, "", 0
    pieces = []
    for index, char in enumerate(style):
        if quote:
            if char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char == ";" and depth == 0:
            pieces.append(style[start:index])
            start = index + 1
    pieces.append(style[start:])
    for piece in pieces:
        name, colon, value = piece.partition(":")
        name, value = name.strip(), value.strip()
        if colon and name and value:
            pairs.append((name, value))
    return pairs


def style_object(style: str) -> str:
    """A `style` attribute as React's style object: `{{ fill: "red", strokeWidth: "2" }}`
    (`-webkit-x` → `WebkitX`, a custom property `--x` kept as a quoted key); "" when nothing is left."""
    entries = []
    for name, value in _css_declarations(style):
        if not _CSS_PROPERTY.fullmatch(name):
            continue
        if name.startswith("--"):
            key = js_string(name)
        else:
            words = name.lower().split("-")
            if words[0] == "":  # a vendor prefix: -webkit-mask → WebkitMask (React's spelling; ms → ms)
                words = words[1:]
                words[0] = words[0] if words[0] == "ms" else words[0].capitalize()
            key = words[0] + "".join(word.capitalize() for word in words[1:])
        entries.append(f"{key}: {js_string(value)}")
    return "{{ " + ", ".join(entries) + " }}" if entries else ""


def _jsx_attributes(element: Element) -> list[str]:
    """The element's attributes in JSX."""
    written = []
    for name, value in element.attributes:
        if name == "style":
            style = style_object(value)
            if style:
                written.append(f"style={style}")
            continue
        key = jsx_attribute_name(name)
        written.append(f'{key}="{value}"' if _PLAIN_JSX_VALUE.fullmatch(value) else f"{key}={{{js_string(value)}}}")
    return written


def _jsx_lines(element: Element, depth: int, spread: str) -> list[str]:
    """`element` as JSX lines at `depth`; the root gets `spread` (`{...props}`)."""
    pad = _INDENT * depth
    attributes = _jsx_attributes(element)
    if spread:
        attributes.append(spread)
    opening = f"<{element.name}{''.join(' ' + attribute for attribute in attributes)}"
    children = [child for child in element.children if not isinstance(child, str) or child.strip()]
    if not children:
        return [f"{pad}{opening} />"]
    if all(isinstance(child, str) for child in children):
        text = "".join(child for child in children if isinstance(child, str))
        return [f"{pad}{opening}>{{{js_string(text)}}}</{element.name}>"]
    lines = [f"{pad}{opening}>"]
    for child in children:
        if isinstance(child, str):
            lines.append(f"{pad}{_INDENT}{{{js_string(child)}}}")
        else:
            lines.extend(_jsx_lines(child, depth + 1, ""))
    lines.append(f"{pad}</{element.name}>")
    return lines


def jsx_component(root: Element, name: str, *, typescript: bool = False) -> str:
    """`root` as a React function component `name` (a valid identifier), its one default export."""
    body = "\n".join(_jsx_lines(root, 2, "{...props}"))
    if typescript:
        head = (
            'import type { SVGProps } from "react";\n\n'
            f"export default function {name}(props: SVGProps<SVGSVGElement>) {{"
        )
    else:
        head = f"export default function {name}(props) {{"
    return f"{head}\n{_INDENT}return (\n{body}\n{_INDENT});\n}}\n"


_MARKUP_REFERENCES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "{": "&#123;", "}": "&#125;"}
_MARKUP_ESCAPED = re.compile(r"[&<>\"{}]")


def _markup_text(text: str) -> str:
    """`text` for a Vue or Svelte template: every character either reads specially written as a
    character reference (`{` as `&#123;`: never an interpolation nor an expression)."""
    return _MARKUP_ESCAPED.sub(lambda found: _MARKUP_REFERENCES[found.group()], text)


def _markup_lines(element: Element, depth: int, spread: str, *, vue: bool = False) -> list[str]:
    """`element` as template lines (SVG's own attribute names) at `depth`; the root gets `spread`.
    For Vue, a `<style>` is `<component is="style">`: Vue's compiler refuses a `<style>` in a template."""
    pad = _INDENT * depth
    attributes = [f'{name}="{_markup_text(value)}"' for name, value in element.attributes]
    if spread:
        attributes.append(spread)
    tag = element.name
    if vue and tag == "style":
        tag = "component"
        attributes.insert(0, 'is="style"')
    opening = f"<{tag}{''.join(' ' + attribute for attribute in attributes)}"
    children = [child for child in element.children if not isinstance(child, str) or child.strip()]
    if not children:
        return [f"{pad}{opening} />"]
    if all(isinstance(child, str) for child in children):
        text = "".join(child for child in children if isinstance(child, str))
        return [f"{pad}{opening}>{_markup_text(text)}</{tag}>"]
    lines = [f"{pad}{opening}>"]
    for child in children:
        if isinstance(child, str):
            lines.append(f"{pad}{_INDENT}{_markup_text(child)}")
        else:
            lines.extend(_markup_lines(child, depth + 1, "", vue=vue))
    lines.append(f"{pad}</{tag}>")
    return lines


def vue_component(root: Element, name: str) -> str:
    """`root` as a Vue single-file component named `name` (a valid identifier)."""
    template = "\n".join(_markup_lines(root, 1, "", vue=True))
    return f'<template>\n{template}\n</template>\n\n<script>\nexport default {{ name: "{name}" }};\n</script>\n'


def svelte_component(root: Element, name: str) -> str:
    """`root` as a Svelte 5 component (its props spread on the `<svg>`), headed by its name in a comment."""
    markup = "\n".join(_markup_lines(root, 0, "{...props}"))
    return f"<!-- {name} -->\n<script>\n{_INDENT}let props = $props();\n</script>\n\n{markup}\n"
