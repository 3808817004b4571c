"""Naming a saved file after the icon it is: `suggested_filename(icon, variant)`.

It lives with the models, not in `iconcat.downloads`: only the catalogue knows what an icon and a
variant are, while `downloads` knows files and makes any name safe (`safe_filename`).
"""

from __future__ import annotations

import re
import unicodedata

from iconcat.downloads import safe_filename

from ._models import Icon, Variant

__all__ = ["suggested_filename"]


def _slug(text: str) -> str:
    """Lower-case ASCII words joined by hyphens: "Flèche Gauche!" → "fleche-gauche"."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(char for char in text if not unicodedata.combining(char))
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def suggested_filename(icon: Icon, variant: Variant) -> str:
    """The file name for `variant` of `icon`: "arrow-left-512.png", "arrow-left.svg" (already safe)."""
    stem = _slug(icon.name) or f"icon-{icon.id}"
    if variant.size is not None:
        stem = f"{stem}-{variant.size}"
    extension = _slug(variant.format) or "bin"
    return safe_filename(f"{stem}.{extension}", fallback=f"variant-{variant.id}.{extension}")
