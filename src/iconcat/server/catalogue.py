"""The demo catalogue: icons (glyph × style × set), their variants, search, and lazily rendered files.

Identifiers are stable across runs and processes: they follow from the order of the definitions in
`glyphs.py` and `sets.py` (never from `hash()`, which Python salts per process). Icon ids start at 1001;
variant ids live in their own range (from 500001), so a client that confuses the two gets a 404, not
somebody else's file. The ids are numbered set by set, glyph by glyph, style by style, so they change
only when those definitions change (a new glyph renumbers the icons after it: a new catalogue version).

Rendering is lazy and cached in bounded LRU caches: the catalogue lists 1,000+ icons, but only the
files somebody asks for are ever drawn.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .glyphs import GLYPHS, Glyph
from .render import render_eps, render_png, render_svg
from .sets import CATEGORY_ORDER, SERIES_ORDER, SETS
from .styles import STYLES, IconSet, Style, paint_glyph

__all__ = [
    "Catalogue",
    "IconRecord",
    "MEDIA_TYPES",
    "Ref",
    "THUMBNAIL_SIZE",
    "VariantRecord",
    "default_catalogue",
    "file_name",
]

THUMBNAIL_SIZE = 128
"""The side of the small preview PNG, in pixels."""

MEDIA_TYPES = {"png": "image/png", "svg": "image/svg+xml", "eps": "application/postscript"}

FIRST_ICON_ID = 1001
FIRST_VARIANT_ID = 500001


@dataclass(frozen=True)
class Ref:
    """A category, style, series or set as the interface shows it."""

    id: int
    name: str

    def as_json(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name}


@dataclass(frozen=True)
class VariantRecord:
    """One downloadable file of an icon."""

    id: int
    icon_id: int
    format: str
    size: int | None

    def as_json(self) -> dict[str, object]:
        return {"id": self.id, "format": self.format, "size": self.size}


@dataclass(frozen=True)
class IconRecord:
    """One icon: a glyph drawn in a style, in a set."""

    id: int
    name: str
    glyph: Glyph
    style: Style
    icon_set: IconSet
    category: Ref
    style_ref: Ref
    series: Ref
    set_ref: Ref
    variants: tuple[VariantRecord, ...]
    folded_name: str  # casefolded, for search
    folded_words: tuple[str, ...]


class Catalogue:
    """All icons and variants, with search and (cached) rendering."""

    def __init__(self) -> None:
        categories = {name: Ref(i + 1, name) for i, name in enumerate(CATEGORY_ORDER)}
        styles = {s.name: Ref(101 + i, s.name) for i, s in enumerate(STYLES)}
        series = {name: Ref(201 + i, name) for i, name in enumerate(SERIES_ORDER)}
        style_by_name = {s.name: s for s in STYLES}
        icons: list[IconRecord] = []
        next_variant = FIRST_VARIANT_ID
        for set_index, icon_set in enumerate(SETS):
            set_ref = Ref(301 + set_index, icon_set.name)
            for glyph in GLYPHS:
                if icon_set.categories is not None and glyph.category not in icon_set.categories:
                    continue
                for style_name in icon_set.styles:
                    icon_id = FIRST_ICON_ID + len(icons)
                    variants = []
                    for fmt, size in icon_set.formats:
                        variants.append(VariantRecord(next_variant, icon_id, fmt, size))
                        next_variant += 1
                    folded = glyph.name.casefold()
                    icons.append(
                        IconRecord(
                            id=icon_id,
                            name=glyph.name,
                            glyph=glyph,
                            style=style_by_name[style_name],
                            icon_set=icon_set,
                            category=categories[glyph.category],
                            style_ref=styles[style_name],
                            series=series[icon_set.series],
                            set_ref=set_ref,
                            variants=tuple(variants),
                            folded_name=folded,
                            folded_words=tuple(folded.split()),
                        )
                    )
        self.icons: tuple[IconRecord, ...] = tuple(icons)
        self._icons_by_id = {icon.id: icon for icon in icons}
        self._variants_by_id = {v.id: (icon, v) for icon in icons for v in icon.variants}
        # Catalogue order for equal relevance: by name, then id (stable, deterministic).
        self._browse_order = tuple(sorted(icons, key=lambda i: (i.folded_name, i.id)))

    # --- lookup ----------------------------------------------------------------------------------

    def icon(self, icon_id: int) -> IconRecord | None:
        """The icon with this id, or None."""
        return self._icons_by_id.get(icon_id)

    def variant(self, variant_id: int) -> tuple[IconRecord, VariantRecord] | None:
        """The variant with this id and its icon, or None."""
        return self._variants_by_id.get(variant_id)

    # --- search ----------------------------------------------------------------------------------

    def search(self, query: str) -> list[IconRecord]:
        """Every icon whose name contains each word of `query` (case-insensitive), best first.

        Ranking: the whole query equals the name; the name starts with it; each query word starts a
        word of the name; each word merely occurs somewhere. Within a rank the shorter name comes
        first, as the closer match ("arrow" lists Arrow Up and Arrow Left before Arrow Circle Left,
        rather than the alphabet putting "Circle" first); then name, then id, so the order is stable.
        A query of no words matches every icon (each of its zero words occurs), in catalogue order:
        browsing the catalogue.
        """
        words = query.casefold().split()
        if not words:
            return list(self._browse_order)
        phrase = " ".join(words)
        ranked: list[tuple[int, IconRecord]] = []
        for icon in self._browse_order:
            name = icon.folded_name
            if not all(word in name for word in words):
                continue
            if name == phrase:
                rank = 0
            elif name.startswith(phrase):
                rank = 1
            elif all(any(w.startswith(word) for w in icon.folded_words) for word in words):
                rank = 2
            else:
                rank = 3
            ranked.append((rank, icon))
        # sort() is stable and _browse_order is already by (name, id).
        ranked.sort(key=lambda pair: (pair[0], len(pair[1].folded_name)))
        return [icon for _, icon in ranked]

    # --- files -----------------------------------------------------------------------------------

    def file_bytes(self, icon: IconRecord, variant: VariantRecord) -> bytes:
        """The variant's file, rendered on first use and cached."""
        return _render_file(icon.glyph.name, icon.style.name, icon.icon_set.name, variant.format, variant.size)

    def thumbnail_bytes(self, icon: IconRecord) -> bytes:
        """The icon's small transparent PNG preview."""
        return _render_file(icon.glyph.name, icon.style.name, icon.icon_set.name, "png", THUMBNAIL_SIZE)


def file_name(icon: IconRecord, variant: VariantRecord) -> str:
    """The download's file name: "arrow-left-512.png", "arrow-left.svg"."""
    stem = icon.glyph.slug
    if variant.size is not None:
        stem = f"{stem}-{variant.size}"
    return f"{stem}.{variant.format}"


_GLYPHS_BY_NAME = {glyph.name: glyph for glyph in GLYPHS}
_STYLES_BY_NAME = {style.name: style for style in STYLES}
_SETS_BY_NAME = {icon_set.name: icon_set for icon_set in SETS}


@functools.lru_cache(maxsize=512)
def _render_file(glyph_name: str, style_name: str, set_name: str, fmt: str, size: int | None) -> bytes:
    # Keyed by names, not by the definitions: hashing a short tuple of strings costs nothing, hashing
    # a glyph's every coordinate would cost more than the cache saves. Bounded: 512 files of at most
    # ~60 KB keep the cache to tens of megabytes at worst.
    glyph, style, icon_set = _GLYPHS_BY_NAME[glyph_name], _STYLES_BY_NAME[style_name], _SETS_BY_NAME[set_name]
    paints = paint_glyph(glyph, style, icon_set)
    if fmt == "png":
        assert size is not None
        return render_png(paints, size)
    title = f"{glyph.name} - {style.name} - {icon_set.name}"
    if fmt == "svg":
        return render_svg(paints, title)
    if fmt == "eps":
        return render_eps(paints, title)
    raise ValueError(f"unknown format {fmt!r}")


@functools.lru_cache(maxsize=1)
def default_catalogue() -> Catalogue:
    """The one demo catalogue (its construction is cheap, but there is no reason to repeat it)."""
    return Catalogue()
