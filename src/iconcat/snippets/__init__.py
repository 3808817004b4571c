"""An icon as a snippet of code: `iconcat pick --as KIND`, `iconcat download ICON --as KIND`, the `y` menu.

The kinds (`KINDS`), from the icon's SVG markup or its Iconify name (`SnippetIcon`):

| kind | what | needs |
|---|---|---|
| `svg` | the markup, as the catalogue serves it (SVG's namespace added when it has none) | the SVG |
| `data-url` | `data:image/svg+xml,…`, the shortest correct encoding (`data_url`) | the SVG |
| `jsx`, `tsx` | a React function component (`components`) | the SVG |
| `vue` | a Vue single-file component | the SVG |
| `svelte` | a Svelte 5 component | the SVG |
| `css` | a class that paints the icon in `currentColor` through `mask-image` | the SVG |
| `iconify` | `tabler:trash` (Iconify's own components, `@iconify/react`'s `icon=`) | an Iconify name |
| `unocss` | `i-tabler-trash` (UnoCSS's preset-icons) | an Iconify name |
| `tailwind` | `icon-[tabler--trash]` (`@iconify/tailwind4`'s dynamic icons) | an Iconify name |

Names: a component is named in PascalCase from the Iconify name (`tabler:trash` → `TablerTrash`),
else from the icon's name (`Arrow Up` → `ArrowUp`), only ASCII letters and digits (`component_name`:
always a valid identifier, whatever the catalogue calls the icon); a file is the component's name and
the kind's extension (`TablerTrash.tsx`), the SVG and CSS files the Iconify name's (`tabler-trash.css`).
A CSS class is Iconify's own (`.icon--tabler--trash`, as `@iconify/utils`' `getIconsCSS` names it).

Several icons (`pick --multi`): one snippet each, blank-line separated; the CSS one stylesheet (the
shared declarations once, each icon's mask after).

Plain strings in and out: no Textual, no HTTP, nothing of the catalogue.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from iconcat.choices import SNIPPET_FILE_KINDS, SNIPPET_KINDS

__all__ = [
    "FILE_KINDS",
    "KINDS",
    "KIND_SUMMARIES",
    "NAME_KINDS",
    "SnippetError",
    "SnippetIcon",
    "component_name",
    "css_class",
    "data_url",
    "file_name",
    "needs_markup",
    "snippet",
    "snippets",
]

KINDS = SNIPPET_KINDS
"""Every kind `--as` takes, in the order the help and the `y` menu list them (`iconcat.choices`'s, so
that the parser builds `--help` without this module)."""
FILE_KINDS = SNIPPET_FILE_KINDS
"""The kinds `download --as` writes as files (the others are a line of text, for stdout or a clipboard)."""
NAME_KINDS = frozenset({"iconify", "unocss", "tailwind"})
"""The kinds made from the icon's Iconify name alone (every other from its SVG)."""
KIND_SUMMARIES = {
    "svg": "SVG markup",
    "data-url": "data: URL",
    "jsx": "React JSX component",
    "tsx": "React TSX component",
    "vue": "Vue component",
    "svelte": "Svelte component",
    "css": "CSS mask class",
    "iconify": "Iconify name",
    "unocss": "UnoCSS class",
    "tailwind": "Tailwind class",
}
"""Each kind in a few words (the `y` menu's labels, the help)."""
_EXTENSIONS = {"svg": "svg", "jsx": "jsx", "tsx": "tsx", "vue": "vue", "svelte": "svelte", "css": "css"}

# A data URL's payload keeps raw what every place it is pasted reads as itself (a quoted CSS `url("…")`,
# a quoted HTML or JSX attribute, a `<style>` element): RFC 3986's unreserved and sub-delimiters, `:`
# `@` `/` `?`, and the space (browsers take it inside quotes, as mini-svg-data-uri relies on). Encoded:
# `%` (an escape), `#` (a fragment), `"` and `\` (the end of a CSS string, an escape), `&` (an HTML
# character reference), `<` `>` (`</style>`), braces and backticks (template languages), every control
# and non-ASCII byte (as UTF-8), and a space at either end (a URL parser strips it).
_RAW_IN_DATA_URL = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*+,;=:@/? ")
_WORDS = re.compile(r"[A-Za-z0-9]+")
SVG_NAMESPACE = "http://www.w3.org/2000/svg"
_ROOT_TAG = re.compile(r"""<svg(?=[\s/>])(?:[^>"']|"[^"]*"|'[^']*')*>""")
_NAMESPACE = re.compile(r"""\sxmlns\s*=""")
_VIEW_BOX = re.compile(
    r"\s*(-?[\d.]+(?:e-?\d+)?)[\s,]+(-?[\d.]+(?:e-?\d+)?)[\s,]+([\d.]+(?:e-?\d+)?)[\s,]+([\d.]+(?:e-?\d+)?)\s*$"
)


class SnippetError(ValueError):
    """A snippet that cannot be made of this icon (a sentence for a person: no Iconify name, no SVG)."""


@dataclass(frozen=True)
class SnippetIcon:
    """What a snippet is made of: the icon's name, its Iconify name when it has one, its SVG markup
    when fetched (None: not fetched, or the icon has none)."""

    name: str
    """The catalogue's name for the icon ("Trash"): untrusted text, only ever made into words."""
    iconify: str | None = None
    """"tabler:trash", already checked to be an Iconify name (`iconcat.iconify.names.iconify_name`)."""
    markup: str | None = None
    """The SVG document, as text."""


def needs_markup(kind: str) -> bool:
    """Whether `kind` is made from the icon's SVG (else from its Iconify name)."""
    return kind not in NAME_KINDS


def _words(icon: SnippetIcon) -> list[str]:
    """The words an icon's names are made of: its Iconify name's, else its name's (ASCII letters and
    digits only)."""
    source = icon.iconify.replace(":", " ") if icon.iconify else icon.name
    return _WORDS.findall(source)


def component_name(icon: SnippetIcon) -> str:
    """The icon's component name: PascalCase words (`tabler:trash` → `TablerTrash`, `mdi:numeric-1-box`
    → `MdiNumeric1Box`), `Icon` before one that would start with a digit, `Icon` alone without words."""
    name = "".join(word[:1].upper() + word[1:] for word in _words(icon))
    if not name or name[0].isdigit():
        name = "Icon" + name
    return name


def _kebab(icon: SnippetIcon) -> str:
    """The icon's name in lower-case words joined by hyphens (`tabler-trash`; `icon` without words)."""
    return "-".join(word.lower() for word in _words(icon)) or "icon"


def css_class(icon: SnippetIcon) -> str:
    """The CSS kind's class, without the dot: Iconify's `icon--tabler--trash`, else `icon--arrow-up`."""
    if icon.iconify:
        prefix, _, name = icon.iconify.partition(":")
        return f"icon--{prefix}--{name}"
    return f"icon--{_kebab(icon)}"


def file_name(kind: str, icon: SnippetIcon) -> str:
    """The file `download --as kind` writes: `TablerTrash.tsx` for a component, `tabler-trash.svg`
    and `tabler-trash.css` for the markup and the stylesheet."""
    if kind not in _EXTENSIONS:
        raise SnippetError(f"--as {kind} is a line of text, not a file: `iconcat pick --as {kind}` prints it")
    stem = _kebab(icon) if kind in ("svg", "css") else component_name(icon)
    return f"{stem}.{_EXTENSIONS[kind]}"


def _clean_markup(markup: str) -> str:
    """The SVG as a snippet gives it: the byte-order mark and the whitespace around the document gone,
    and SVG's namespace on the root when it has none (an SVG folder's file may leave it out: without it
    no browser shows the SVG as an image, a data URL's or a CSS mask's)."""
    markup = markup.lstrip("\ufeff").strip()
    root = _ROOT_TAG.search(markup)
    if root is not None and not _NAMESPACE.search(root.group()):
        markup = f'{markup[: root.start() + 4]} xmlns="{SVG_NAMESPACE}"{markup[root.start() + 4 :]}'
    return markup


def data_url(markup: str) -> str:
    """`markup` as `data:image/svg+xml,…`, percent-encoding only what must be (see `_RAW_IN_DATA_URL`);
    percent-decoded, the payload is the markup's UTF-8 bytes exactly."""
    data = markup.encode("utf-8")
    last = len(data) - 1
    payload = "".join(
        chr(byte) if byte in _RAW_IN_DATA_URL and not (byte == 0x20 and index in (0, last)) else f"%{byte:02x}"
        for index, byte in enumerate(data)
    )
    return "data:image/svg+xml," + payload


def _aspect(markup: str) -> float:
    """The icon's width over its height, from its viewBox (1 when it says none that can be read)."""
    from iconcat.snippets.tree import SvgUnreadable, read_svg

    try:
        box = read_svg(markup).attribute("viewBox")
    except SvgUnreadable:
        return 1.0
    found = _VIEW_BOX.match(box or "")
    if found is None:
        return 1.0
    try:
        width, height = float(found.group(3)), float(found.group(4))
    except ValueError:
        return 1.0
    return width / height if width > 0 and height > 0 else 1.0


def _em(value: float) -> str:
    """`value` em, with at most 4 decimals (`1em`, `1.2em`)."""
    return f"{round(value, 4):g}em"


_MASK_COMMON = (
    "display: inline-block",
    "height: 1em",
    "background-color: currentColor",
    "-webkit-mask-image: var(--svg)",
    "mask-image: var(--svg)",
    "-webkit-mask-repeat: no-repeat",
    "mask-repeat: no-repeat",
    "-webkit-mask-size: 100% 100%",
    "mask-size: 100% 100%",
)


def _css_rules(icons: Sequence[SnippetIcon]) -> str:
    """One stylesheet for `icons`: one class an icon. The mask's declarations are written once, for
    every class together, then each class's own image (and width, for an icon that is not square);
    one icon is one rule with all of them."""
    own: dict[str, list[str]] = {}
    for icon in icons:
        assert icon.markup is not None
        markup = _clean_markup(icon.markup)
        own[css_class(icon)] = [f"width: {_em(_aspect(markup))}", f'--svg: url("{data_url(markup)}")']
    if len(own) == 1:
        ((name, lines),) = own.items()
        declarations = [*_MASK_COMMON[:2], lines[0], *_MASK_COMMON[2:], lines[1]]
        return f".{name} {{\n" + "".join(f"  {line};\n" for line in declarations) + "}\n"
    shared = ",\n".join(f".{name}" for name in own)
    common = "".join(f"  {line};\n" for line in (*_MASK_COMMON[:2], "width: 1em", *_MASK_COMMON[2:]))
    rules = [f"{shared} {{\n{common}}}"]
    for name, (width, image) in own.items():
        width_line = "" if width == "width: 1em" else f"  {width};\n"
        rules.append(f".{name} {{\n{width_line}  {image};\n}}")
    return "\n\n".join(rules) + "\n"


def _requirement(kind: str, icon: SnippetIcon) -> None:
    """Raise `SnippetError` when `icon` lacks what `kind` is made from."""
    from iconcat.text import sanitize

    shown = sanitize(icon.name, max_length=60) or "this icon"
    if kind not in KINDS:
        raise SnippetError(f"{kind} is no snippet kind: {', '.join(KINDS)}")
    if kind in NAME_KINDS and not icon.iconify:
        raise SnippetError(
            f"{shown} has no Iconify name, so it has no {KIND_SUMMARIES[kind]}: only icons of Iconify sets "
            "(sets from disk, Iconify's API) have one; take svg, data-url, jsx, tsx, vue, svelte or css"
        )
    if kind not in NAME_KINDS and icon.markup is None:
        raise SnippetError(f"{shown} has no SVG, so it has no {KIND_SUMMARIES[kind]}")


def snippet(kind: str, icon: SnippetIcon) -> str:
    """`icon` as `kind` (`KINDS`); `SnippetError` when it lacks what the kind needs or its SVG cannot be
    read. Components and the stylesheet end with a line break; the one-line kinds do not."""
    _requirement(kind, icon)
    if kind in NAME_KINDS:
        assert icon.iconify is not None
        prefix, _, name = icon.iconify.partition(":")
        return {"iconify": icon.iconify, "unocss": f"i-{prefix}-{name}", "tailwind": f"icon-[{prefix}--{name}]"}[kind]
    assert icon.markup is not None
    markup = _clean_markup(icon.markup)
    if kind == "svg":
        return markup + "\n"
    if kind == "data-url":
        return data_url(markup)
    if kind == "css":
        return _css_rules([icon])
    from iconcat.snippets import components
    from iconcat.snippets.tree import SvgUnreadable, read_svg

    try:
        root = read_svg(markup)
    except SvgUnreadable as error:
        from iconcat.text import sanitize

        raise SnippetError(f"{sanitize(icon.name, max_length=60) or 'this icon'}: {error}") from None
    name = component_name(icon)
    if kind in ("jsx", "tsx"):
        return components.jsx_component(root, name, typescript=kind == "tsx")
    if kind == "vue":
        return components.vue_component(root, name)
    return components.svelte_component(root, name)


def snippets(kind: str, icons: Sequence[SnippetIcon]) -> str:
    """Several icons as `kind`: one snippet each, blank-line separated (the one-line kinds one a line);
    `css` one stylesheet. `SnippetError` as `snippet`, for the first icon that lacks what it needs."""
    for icon in icons:
        _requirement(kind, icon)
    if kind == "css":
        return _css_rules(icons)
    made = [snippet(kind, icon) for icon in icons]
    if kind in NAME_KINDS or kind == "data-url":
        return "\n".join(made)
    return "\n".join(made)  # each ends with a line break: a blank line between them
