"""Naming a saved file after the icon it is: `suggested_filename(icon, variant, template)`.

It lives with the models, not in `iconcat.disk.downloads`: only the catalogue knows what an icon and a
variant are, while `downloads` knows files and makes any name safe (`safe_filename`), and
`iconcat.disk.name_template` knows templates (their grammar, checks and filling, and the decisions about
empty fields and extensions).

The fields: `{name}`, `{style}`, `{set}`, `{series}`, `{category}` are the slugs of those names;
`{size}` the pixel size (the resampled size for a smaller PNG; empty for a vector file); `{format}` the
extension; `{id}` the icon's id; `{variant}` the variant's id; `{iconify}` the icon's Iconify name
written for a file (`Icon.iconify` "tabler:arrow-up" → `tabler-arrow-up`) and `{prefix}` its set
prefix (`tabler`), both empty when the catalogue gives no Iconify name (the demo catalogue gives none).

`{name}` is the display name, its style apart (`mdi:account-outline` is "Account", style "Outline"):
the Iconify name is `{iconify}`.

The default template (`default_template`) is the Iconify name and the size, `{iconify}-{size}`, for an
icon that has one (`tabler-mail-filled-256.png`, `mdi-account-outline.svg`: unique in its catalogue,
and the name every Iconify tool knows it by); else `{name}-{style}-{set}-{size}`, which tells an
icon's styles and sets apart: `arrow-up-bold-core-ui-512.png`, `arrow-up-tabler.svg`. A style named
"Regular" is left out (in every template): it is the plain style of most sets and says nothing, so
`arrow-up-tabler-512.png`, not `arrow-up-regular-tabler-512.png`.
"""

from __future__ import annotations

from iconcat.disk.name_template import DEFAULT_TEMPLATE, ICONIFY_TEMPLATE, fill_template, slug

from ._models import Icon, Variant

__all__ = ["PLAIN_STYLE", "default_template", "suggested_filename"]

PLAIN_STYLE = "regular"
"""The style (as a slug) that file names leave out: it tells nothing apart."""


def default_template(icon: Icon) -> str:
    """The template `icon`'s files are named with when none is given: `{iconify}-{size}` with an Iconify
    name, else `{name}-{style}-{set}-{size}`."""
    return ICONIFY_TEMPLATE if icon.iconify else DEFAULT_TEMPLATE


def suggested_filename(icon: Icon, variant: Variant, template: str | None = None, *, size: int | None = None) -> str:
    """The file name for `variant` of `icon` (already safe): "arrow-left-outline-512.png", "arrow-left-outline.svg".

    `template` defaults to `default_template(icon)`; `size` is the pixel size of the file saved when it is not
    the variant's (a PNG resampled smaller). Raises `iconcat.disk.name_template.TemplateError` for a template
    that cannot name files.
    """
    extension = slug(variant.format) or "bin"
    pixels = size if size is not None else variant.size
    style = slug(icon.style.name)
    values = {
        "name": slug(icon.name) or f"icon-{icon.id}",
        "style": "" if style == PLAIN_STYLE else style,
        "set": slug(icon.set.name),
        "series": slug(icon.series.name),
        "category": slug(icon.category.name),
        "size": str(pixels) if pixels is not None else "",
        "format": extension,
        "id": str(icon.id),
        "variant": str(variant.id),
        "prefix": slug(icon.iconify_prefix),
        "iconify": slug(icon.iconify or ""),
    }
    return fill_template(
        template if template is not None else default_template(icon), values, extension, fallback=f"icon-{icon.id}"
    )
