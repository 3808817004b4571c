"""A generated catalogue as plain rows, to compare catalogues across sizes and processes."""

from __future__ import annotations

from iconcat.demo.catalogue import Catalogue


def rows(catalogue: Catalogue) -> list[tuple]:
    """Each icon as (id, name, style, set, variant ids), in id order."""
    return [
        (icon.id, icon.name, icon.style.name, icon.icon_set.name, tuple(v.id for v in icon.variants))
        for icon in catalogue.icons
    ]
