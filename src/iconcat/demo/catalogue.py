"""The demo catalogue: icons (glyph × style × set), their variants, search, and lazily rendered files.

Identifiers are stable across runs and processes: they follow from the order of the definitions in
`glyphs.py` and `sets.py` (never from `hash()`, which Python salts per process). Icon ids start at 1001;
variant ids live in their own range (from 500001), so a client that confuses the two gets a 404, not
somebody else's file. The ids are numbered set by set, glyph by glyph, style by style, so they change
only when those definitions change (a new glyph renumbers the icons after it: a new catalogue version).

Rendering is lazy and cached in bounded LRU caches: the catalogue lists 1,000+ icons, but only the
files somebody asks for are ever drawn.

A catalogue of another size (`Catalogue(size)`, `iconcat serve --icons N`) is the demo's first N icons
or, beyond the demo, the demo followed by generated icons (`generated.py`). Generated icons are never
materialised as a whole: their ids map arithmetically to what they show, in ranges of their own (icons
from 1,000,001, variants from 10,000,001: four ids per icon, whether or not its set offers four files),
so the demo's ids never change and icon and variant ids stay distinct up to the largest size.
"""

from __future__ import annotations

import functools
import threading
from array import array
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import overload

from iconcat.embedded.meaning import demo_meaning
from iconcat.embedded.narrowing import Narrowed, Narrowing
from iconcat.embedded.refs import MEDIA_TYPES, THUMBNAIL_SIZE, Ref, VariantRecord
from iconcat.embedded.search import Meaning, SearchNames, build_search, explain, read_query
from iconcat.embedded.sets import ServedSet
from iconcat.filter_rule import EMPTY
from iconcat.iconify.sets import MAX_SAMPLES

from .generated import ALL_SETS, EXTRA_SERIES, glyph_named, layout, spec_named
from .glyphs import GLYPHS, Glyph
from .render import render_eps, render_png, render_svg
from .sets import CATEGORY_ORDER, SERIES_ORDER, SETS
from .styles import STYLES, IconSet, Style, paint_glyph
from .tags import GLYPH_TAGS

__all__ = [
    "Catalogue",
    "IconRecord",
    "MAX_ICONS",
    "MEDIA_TYPES",
    "Ref",
    "THUMBNAIL_SIZE",
    "VariantRecord",
    "default_catalogue",
    "file_name",
    "sized_catalogue",
]

FIRST_ICON_ID = 1001
FIRST_VARIANT_ID = 500001
FIRST_GENERATED_ICON_ID = 1_000_001
FIRST_GENERATED_VARIANT_ID = 10_000_001
VARIANT_SLOTS = 4
"""Variant ids reserved per generated icon: the most files a set offers."""

MAX_ICONS = 1_000_000
"""The largest catalogue `Catalogue(size)` builds (the generator names some 1.2 million)."""


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
    iconify: str | None = None
    """The optional `iconify` extension: the demo's icons have no Iconify name."""


class Catalogue:
    """All icons and variants, with search and (cached) rendering.

    `size` None is the demo catalogue; a number from 1 to MAX_ICONS, that many icons: the demo's first
    ones, then generated ones (see the module docstring).
    """

    current_colour: str | None = None
    """The demo's SVGs are drawn in their own colours (no `currentColor`): nothing to say beside them."""
    iconify_sets: Mapping[str, str] = EMPTY
    """The demo's sets have no Iconify prefixes (`set:` selects them by name, no word is an Iconify name)."""

    def __init__(self, size: int | None = None) -> None:
        if size is not None and not 1 <= size <= MAX_ICONS:
            raise ValueError(f"a catalogue holds from 1 to {MAX_ICONS:,} icons, not {size:,}")
        categories = {name: Ref(i + 1, name) for i, name in enumerate(CATEGORY_ORDER)}
        styles = {s.name: Ref(101 + i, s.name) for i, s in enumerate(STYLES)}
        series = {name: Ref(201 + i, name) for i, name in enumerate(SERIES_ORDER + EXTRA_SERIES)}
        style_by_name = {s.name: s for s in STYLES}
        # Generated icons need the same references, and the extra sets theirs (after the demo's ids).
        self._refs = (categories, styles, series, style_by_name)
        self._set_refs = {icon_set.name: Ref(301 + i, icon_set.name) for i, icon_set in enumerate(ALL_SETS)}
        icons: list[IconRecord] = []
        next_variant = FIRST_VARIANT_ID
        for icon_set in SETS:
            for glyph in GLYPHS:
                if icon_set.categories is not None and glyph.category not in icon_set.categories:
                    continue
                for style_name in icon_set.styles:
                    icon_id = FIRST_ICON_ID + len(icons)
                    icons.append(self._new_record(icon_id, glyph, icon_set, style_name, next_variant))
                    next_variant += len(icon_set.formats)
        if size is not None:
            del icons[size:]
        self._generated = 0 if size is None else size - len(icons)
        # Built on demand and kept (bounded): a page of results shows a few dozen generated icons.
        self._generated_icon = functools.lru_cache(maxsize=4096)(self._build_generated_icon)
        self.icons: Sequence[IconRecord] = tuple(icons) if not self._generated else _Icons(self, tuple(icons))
        self._icons_by_id = {icon.id: icon for icon in icons}
        self._variants_by_id = {v.id: (icon, v) for icon in icons for v in icon.variants}
        # Catalogue order for equal relevance: by name, then id (stable, deterministic).
        self._browse_order = tuple(sorted(icons, key=lambda i: (i.folded_name, i.id)))
        self._index: tuple[SearchNames, array[int]] | None = None
        self._indexed_order: tuple[IconRecord, ...] | None = None
        self._index_lock = threading.Lock()

    # --- lookup ----------------------------------------------------------------------------------

    def icon(self, icon_id: int) -> IconRecord | None:
        """The icon with this id, or None."""
        found = self._icons_by_id.get(icon_id)
        if found is None and 0 <= icon_id - FIRST_GENERATED_ICON_ID < self._generated:
            return self._generated_icon(icon_id - FIRST_GENERATED_ICON_ID)
        return found

    def variant(self, variant_id: int) -> tuple[IconRecord, VariantRecord] | None:
        """The variant with this id and its icon, or None."""
        found = self._variants_by_id.get(variant_id)
        offset = variant_id - FIRST_GENERATED_VARIANT_ID
        if found is None and 0 <= offset < VARIANT_SLOTS * self._generated:
            icon = self._generated_icon(offset // VARIANT_SLOTS)
            slot = offset % VARIANT_SLOTS
            return (icon, icon.variants[slot]) if slot < len(icon.variants) else None
        return found

    def _record(self, icon_id: int) -> IconRecord:
        # Not `icon()`: a subclass may hide an icon from lookups (a test's missing preview), not from search.
        found = self._icons_by_id.get(icon_id)
        return self._generated_icon(icon_id - FIRST_GENERATED_ICON_ID) if found is None else found

    def _build_generated_icon(self, position: int) -> IconRecord:
        glyph, icon_set, style_name = layout().locate(position)
        first_variant = FIRST_GENERATED_VARIANT_ID + VARIANT_SLOTS * position
        return self._new_record(FIRST_GENERATED_ICON_ID + position, glyph, icon_set, style_name, first_variant)

    def _new_record(
        self, icon_id: int, glyph: Glyph, icon_set: IconSet, style_name: str, first_variant: int
    ) -> IconRecord:
        """One icon, its variants numbered from `first_variant` in its set's order of formats (the demo's
        and the generated icons alike)."""
        categories, styles, series, style_by_name = self._refs
        folded = glyph.name.casefold()
        return IconRecord(
            id=icon_id,
            name=glyph.name,
            glyph=glyph,
            style=style_by_name[style_name],
            icon_set=icon_set,
            category=categories[glyph.category],
            style_ref=styles[style_name],
            series=series[icon_set.series],
            set_ref=self._set_refs[icon_set.name],
            variants=tuple(
                VariantRecord(first_variant + slot, icon_id, fmt, size)
                for slot, (fmt, size) in enumerate(icon_set.formats)
            ),
            folded_name=folded,
            folded_words=tuple(folded.split()),
        )

    # --- search ----------------------------------------------------------------------------------

    def search(self, query: str) -> list[IconRecord]:
        """Every icon that each word of `query` matches, by name, tag or synonym, best first: the
        rule of `iconcat.sources.search` (docs/sources.md), the one the sets from disk follow.

        The demo's icons have no aliases; their tags are their glyphs' (`demo_meaning`). Within a rank
        the shorter name comes first, as the closer match ("arrow" lists Arrow Up and Arrow Left
        before Arrow Circle Left), then name, then id, so the order is stable. A query of no words
        matches every icon, in catalogue order: browsing the catalogue.

        Answered from an index, at a cost that follows the names ranked rather than the catalogue's
        size; `search_page` ranks only as far as one page needs.
        """
        search, ids = self._search_index()
        return [self._record(ids[position]) for position in search.every(query)]

    def search_page(self, query: str, start: int, count: int) -> tuple[list[IconRecord], bool]:
        """`search(query)[start : start + count]`, and whether more icons follow it."""
        search, ids = self._search_index()
        positions, more = search.page(query, start, count)
        return [self._record(ids[position]) for position in positions], more

    def search_count(self, query: str) -> int:
        """`len(search(query))`, counted without ranking or building the icons."""
        return self._search_index()[0].count(query)

    def search_narrowed(self, query: str, narrowing: Narrowing) -> Narrowed[int, IconRecord]:
        """The icons of `search(query)` that `narrowing` keeps, in order (`narrowing.py`)."""
        kept = [icon.id for icon in self.search(query) if narrowing.keeps(icon)]
        return Narrowed(kept, lambda ids: [self._record(icon_id) for icon_id in ids])

    def search_named(
        self, query: str, names: Sequence[tuple[str, str]], narrowing: Narrowing | None
    ) -> Narrowed[int, IconRecord]:
        """`query`'s answer, narrowed (none for no words): no demo icon has an Iconify name, so none of
        `names` is first."""
        found = self.search(query) if query.split() else []
        kept = [icon.id for icon in found if narrowing is None or narrowing.keeps(icon)]
        return Narrowed(kept, lambda ids: [self._record(icon_id) for icon_id in ids])

    def search_matched(self, query: str, icons: Sequence[IconRecord]) -> list[list[dict[str, str]]]:
        """Why each of these icons matched `query`: per query word, by its name, a tag or a synonym."""
        read = read_query(query)
        if not read.words:
            return [[] for _ in icons]
        meaning = self.meaning
        return [
            [
                match.as_json()
                for match in explain(read, icon.name, (), meaning.tags_of("", icon.name), meaning.synonyms_of)
            ]
            for icon in icons
        ]

    @property
    def meaning(self) -> Meaning:
        """The tags (the glyphs') and synonyms the demo searches by (`iconcat.embedded.meaning`)."""
        return _demo_meaning()

    def sets(self) -> list[ServedSet]:
        """The sets its icons are in, each with the icons search lists of it (the browse order's: a
        generated catalogue's sets too), its series as its category and its first names as samples."""
        counts: dict[str, int] = {}
        samples: dict[str, list[str]] = {}
        series: dict[str, str] = {}
        for icon in self._browse_order:
            name = icon.set_ref.name
            counts[name] = counts.get(name, 0) + 1
            series.setdefault(name, icon.series.name)
            shown = samples.setdefault(name, [])
            if len(shown) < MAX_SAMPLES and icon.name not in shown:
                shown.append(icon.name)
        return [
            ServedSet(ref.id, name, counts[name], series[name], samples=tuple(samples[name]))
            for name, ref in self._set_refs.items()
            if name in counts
        ]

    def prepare(self) -> None:
        """Build the search index now rather than on the first search (it takes a moment at 1,000,000 icons)."""
        self._search_index()

    def _search_index(self) -> tuple[SearchNames, array[int]]:
        """The search over the catalogue's icons and the icon id at each of its positions (browse order).

        Built on first use from `_browse_order`, and again if that is replaced (a test's subclass
        renames icons after construction). The lock keeps concurrent first searches to one build."""
        with self._index_lock:
            order = self._browse_order
            if self._index is None or self._indexed_order is not order:
                self._index = self._build_search(order)
                self._indexed_order = order
            return self._index

    def _build_search(self, order: tuple[IconRecord, ...]) -> tuple[SearchNames, array[int]]:
        meaning = self.meaning
        ids = array("q")
        own: list[tuple[str, int]] = []
        tags: list[tuple[int, tuple[str, ...]]] = []
        for name, shown, group in sorted(self._name_groups(order)):
            own.append((name, len(ids)))
            glyph_tags = tuple(meaning.tags_of("", shown))
            if glyph_tags:
                tags.extend((position, glyph_tags) for position in range(len(ids), len(ids) + len(group)))
            ids.extend(group)
        return build_search(len(ids), own, (), tags, synonyms_of=meaning.synonyms_of), ids

    def _name_groups(self, order: tuple[IconRecord, ...]) -> Iterator[tuple[str, str, Sequence[int]]]:
        """(folded name, the name shown, ids of its icons in ascending order) for each name, demo and
        generated."""
        demo: dict[str, list[int]] = {}
        shown: dict[str, str] = {}
        for icon in order:  # by (name, id): each name's ids come in ascending order
            demo.setdefault(icon.folded_name, []).append(icon.id)
            shown.setdefault(icon.folded_name, icon.name)
        groups: dict[str, Sequence[int]] = dict(demo)
        if self._generated:
            # A unit of the layout is one name's generated icons, consecutive ids (all above the demo's).
            plan = layout()
            for unit in range(plan.unit_of(self._generated - 1) + 1):
                end = min(plan.starts[unit + 1], self._generated)
                ids = range(FIRST_GENERATED_ICON_ID + plan.starts[unit], FIRST_GENERATED_ICON_ID + end)
                name = plan.names[unit].casefold()
                shown.setdefault(name, plan.names[unit])
                groups[name] = [*groups[name], *ids] if name in groups else ids
        return ((name, shown[name], ids) for name, ids in groups.items())

    # --- files -----------------------------------------------------------------------------------

    def file_bytes(self, icon: IconRecord, variant: VariantRecord) -> bytes:
        """The variant's file, rendered on first use and cached."""
        return _render_file(icon.glyph.name, icon.style.name, icon.icon_set.name, variant.format, variant.size)

    def thumbnail_bytes(self, icon: IconRecord) -> bytes:
        """The icon's small transparent PNG preview."""
        return _render_file(icon.glyph.name, icon.style.name, icon.icon_set.name, "png", THUMBNAIL_SIZE)

    def file_name(self, icon: IconRecord, variant: VariantRecord) -> str:
        """The download's file name (`file_name`)."""
        return file_name(icon, variant)


def file_name(icon: IconRecord, variant: VariantRecord) -> str:
    """The download's file name: "arrow-left-512.png", "arrow-left.svg"."""
    stem = icon.glyph.slug
    if variant.size is not None:
        stem = f"{stem}-{variant.size}"
    return f"{stem}.{variant.format}"


class _Icons(Sequence[IconRecord]):
    """A catalogue's icons by position (demo first, then generated), built only when looked at."""

    def __init__(self, catalogue: Catalogue, demo: tuple[IconRecord, ...]) -> None:
        self._catalogue = catalogue
        self._demo = demo

    def __len__(self) -> int:
        return len(self._demo) + self._catalogue._generated

    def __iter__(self) -> Iterator[IconRecord]:
        yield from self._demo
        build = self._catalogue._build_generated_icon  # in order, once each: the shared cache would only churn
        for position in range(self._catalogue._generated):
            yield build(position)

    @overload
    def __getitem__(self, index: int) -> IconRecord: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[IconRecord]: ...

    def __getitem__(self, index: int | slice) -> IconRecord | Sequence[IconRecord]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("icon position out of range")
        if index < len(self._demo):
            return self._demo[index]
        return self._catalogue._generated_icon(index - len(self._demo))


def _glyph(name: str) -> Glyph:
    glyph = _GLYPHS_BY_NAME.get(name) or glyph_named(name)
    if glyph is None:
        raise KeyError(name)
    return glyph


_GLYPHS_BY_NAME = {glyph.name: glyph for glyph in GLYPHS}
_STYLES_BY_NAME = {style.name: style for style in STYLES}
_SETS_BY_NAME = {icon_set.name: icon_set for icon_set in ALL_SETS}


@functools.lru_cache(maxsize=512)
def _render_file(glyph_name: str, style_name: str, set_name: str, fmt: str, size: int | None) -> bytes:
    # Keyed by names, not by the definitions: hashing a short tuple of strings costs nothing, hashing
    # a glyph's every coordinate would cost more than the cache saves. Bounded: 512 files of at most
    # ~60 KB keep the cache to tens of megabytes at worst.
    glyph, style, icon_set = _glyph(glyph_name), _STYLES_BY_NAME[style_name], _SETS_BY_NAME[set_name]
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


@functools.lru_cache(maxsize=4)
def sized_catalogue(size: int) -> Catalogue:
    """The catalogue of `size` icons, shared like the demo's (ValueError outside 1 to MAX_ICONS)."""
    return Catalogue(size)


def glyph_tags(name: str) -> tuple[str, ...]:
    """An icon's tags by its name: its glyph's (`tags.GLYPH_TAGS`); a generated name ("Trash Circle")
    means what its glyph means."""
    tags = GLYPH_TAGS.get(name)
    if tags is None:
        spec = spec_named(name)
        tags = () if spec is None else GLYPH_TAGS.get(GLYPHS[spec.glyph].name, ())
    return tags


@functools.lru_cache(maxsize=1)
def _demo_meaning() -> Meaning:
    return demo_meaning(glyph_tags)
