"""File-name templates (the `filename` setting, `--name`): their grammar, their checks, their filling.

    check_template("{name}-{style}-{size}")          # the template, or TemplateError saying what is wrong
    fill_template("{name}-{size}", {"name": "arrow-up", "size": ""}, "svg", fallback="icon-7")
                                                      # "arrow-up.svg"

A template is text with fields in braces, as in Python's `str.format` but with names only: `{name}
{style} {set} {series} {category} {size} {format} {id} {variant} {prefix} {iconify}` (`TEMPLATE_FIELDS`;
`{{` and `}}` write a brace). Values are slugs (lower-case ASCII words joined by hyphens: `slug`). This module knows
no icon (`iconcat.api.suggested_filename` fills the fields from one); it imports nothing heavy, so the
settings can check a template as they load it.

Decisions:

- The default depends on the icon (`iconcat.api.default_template`): `ICONIFY_TEMPLATE`,
  `{iconify}-{size}`, where it has an Iconify name, else `DEFAULT_TEMPLATE`,
  `{name}-{style}-{set}-{size}`.
- `{name}` is the icon's display name, as the browser shows it, its style apart: `mdi:account-outline`
  is "Account" in the style "Outline", so `{prefix}-{name}` gives `mdi-account` (which reads as the
  Iconify name of another icon) and `{name}-{style}` gives `account-outline`. The Iconify name whole is
  `{iconify}` (`mdi-account-outline`), `{prefix}` its set's part (`mdi`).
- The extension is always appended from the file's format: a template need not write it, and one that
  ends in `.{format}` is the same as one without (never `arrow.png.png`). Any other `{format}` is just
  text in the name.
- A field with no value (`{size}` of a vector file, a style with no name) takes one separator (`-`,
  `_`, `.` or a space) with it: the one just before it, else, at the start of the name, the one just
  after it. `{name}-{style}-{size}` gives `arrow-up-bold.svg`, never `arrow-up-bold-.svg`.
- A template names a file, never a folder: `/` and `\\` are refused when it is checked, and the filled
  name goes through `downloads.safe_filename` anyway (one safe path component, no leading dots, at
  most 120 bytes). A name left empty becomes `fallback`.
- An unknown field (`{nme}`), a positional one (`{}`, `{0}`), a format or conversion (`{size:03}`,
  `{name!r}`), a lone brace and an empty template are `TemplateError`s (a `ValueError`), whose message
  names the trouble and the fields there are: one line, fit to show a person.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Mapping

from iconcat.disk.downloads import safe_filename

__all__ = [
    "DEFAULT_TEMPLATE",
    "ICONIFY_TEMPLATE",
    "TEMPLATE_FIELDS",
    "TemplateError",
    "check_template",
    "fill_template",
    "slug",
    "template_fields",
]

TEMPLATE_FIELDS = ("name", "style", "set", "series", "category", "size", "format", "id", "variant", "prefix", "iconify")
"""The fields a template may use, in the order the help lists them."""

DEFAULT_TEMPLATE = "{name}-{style}-{set}-{size}"
"""The default for an icon without an Iconify name; tells styles and sets apart:
`arrow-up-bold-core-ui-512.png`, `arrow-up-tabler.svg` (a style named "Regular" says nothing and is
left out: `iconcat.api.suggested_filename`)."""

ICONIFY_TEMPLATE = "{iconify}-{size}"
"""The default for an icon with an Iconify name: that name, which is unique and known to every
Iconify tool, and the size: `tabler-mail-filled-256.png`, `mdi-account-outline.svg`."""

_SEPARATORS = "-_. "
_EXTENSION_SUFFIX = ".{format}"
_SHOWN = 60
"""Most characters of a template quoted in an error message."""


class TemplateError(ValueError):
    """A file-name template cannot be used; the message says why and lists the fields (one line)."""


def slug(text: str) -> str:
    """Lower-case ASCII words joined by hyphens: "Flèche Gauche!" → "fleche-gauche"."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(char for char in text if not unicodedata.combining(char))
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _shown(template: str) -> str:
    text = "".join(char if char.isprintable() else "?" for char in template)
    return f"'{text}'" if len(text) <= _SHOWN else f"'{text[: _SHOWN - 1]}…'"


def _fields_listed() -> str:
    return " ".join(f"{{{field}}}" for field in TEMPLATE_FIELDS)


def _pieces(template: str) -> list[tuple[str, str | None]]:
    """(literal text, field or None) pairs of a checked template, braces unescaped."""
    parsed = string.Formatter().parse(template)
    return [(literal, field) for literal, field, _spec, _conversion in parsed]


def check_template(template: str) -> str:
    """`template` without surrounding whitespace, when it can name files; else `TemplateError` saying why."""
    if not isinstance(template, str) or not template.strip():
        raise TemplateError(f"the file-name template is empty: write one with fields such as {DEFAULT_TEMPLATE}")
    template = template.strip()
    shown = _shown(template)
    if "/" in template or "\\" in template:
        raise TemplateError(
            f"the file-name template {shown} holds a '/' or '\\': it names a file, not a folder "
            "(choose the folder with -o or the download folder setting)"
        )
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:
        raise TemplateError(
            f"the file-name template {shown} has a '{{' or '}}' without its partner (write {{{{ or }}}} for a "
            f"brace in the name); its fields are {_fields_listed()}"
        ) from None
    for _literal, field, spec, conversion in parsed:
        if field is None:
            continue
        if field not in TEMPLATE_FIELDS:
            what = "an empty field {}" if not field.strip() else f"unknown field {{{field}}}"
            raise TemplateError(f"{what} in the file-name template {shown}: the fields are {_fields_listed()}")
        if spec or conversion:
            raise TemplateError(
                f"the field {{{field}}} in the file-name template {shown} takes no format or conversion "
                f"(':' or '!'): write {{{field}}}"
            )
    return template


def template_fields(template: str) -> frozenset[str]:
    """The fields `template` uses (checked first: `TemplateError` when it is not a template)."""
    return frozenset(field for _literal, field in _pieces(check_template(template)) if field is not None)


def fill_template(template: str, values: Mapping[str, str], extension: str, *, fallback: str) -> str:
    """The safe file name `template` gives with `values` (a field missing from them counts as empty),
    ending in `.extension`; `fallback` (a stem) when nothing usable is left of it."""
    template = check_template(template)
    if template.endswith(_EXTENSION_SUFFIX):
        template = template[: -len(_EXTENSION_SUFFIX)]
    parts: list[str] = []
    trim_next = False
    for literal, field in _pieces(template):
        if trim_next and literal and literal[0] in _SEPARATORS:
            literal = literal[1:]
        trim_next = False
        parts.append(literal)
        if field is None:
            continue
        value = values.get(field, "")
        if value:
            parts.append(value)
        elif literal and literal[-1] in _SEPARATORS:
            parts[-1] = literal[:-1]
        elif not "".join(parts):
            trim_next = True
    stem = "".join(parts).strip(_SEPARATORS)
    suffix = f".{extension}" if extension else ""
    fallback_name = f"{fallback}{suffix}"
    if not stem:
        return safe_filename(fallback_name)
    return safe_filename(f"{stem}{suffix}", fallback=fallback_name)
