"""Icon sets from disk served through the catalogue's interface: the demo `Catalogue`'s face over an index.

    catalogue = SourceCatalogue(open_index(cache, units), rasterise=png_from_svg)
    create_app(catalogue=catalogue)

How an indexed icon is shown:

- `set` is the set's name, with the optional extensions `license` (`{"spdx", "title", "url"}`, the
  keys it has) and `author` (`{"name", "url"}`, likewise) when the set says; `series`, `category` and
  `style` as the readers mapped them. Their ids are hashes of the set's prefix (sets) or of the name
  (the others, shared across sets as the demo's are): stable, whatever else is served.
- `iconify`, the optional extension: the icon's Iconify name, `prefix:key` ("tabler:arrow-up"), for
  the icons of IconifyJSON sets only. An SVG folder's prefix is made up to keep its ids apart
  (`svg_prefix`, "lucide-3f2a1c9e"): it names nothing in Iconify, so its icons have none.
- Variants: PNG 512, PNG 256 (rasterised on demand by `rasterise`) and SVG (the document as stored,
  `currentColor` kept: `current_colour` says what the PNGs paint it, for a client that draws other
  sizes from the SVG), and nothing else (`refs.SOURCE_FORMATS` says so before a catalogue is
  opened). The small preview is rasterised at `THUMBNAIL_SIZE`, as the demo's.
- The PNG variants drawn are kept, up to `FILES_KEPT_BYTES` in all (least recently asked go first), so
  a PNG asked twice (downloaded, then picked or put in the bag; by another client) is drawn once: a
  512 px PNG takes resvg 5-15 ms, most of it PNG encoding (`benchmarks/rasterise.py`). Bounded by
  bytes, not by count: an outline icon's 512 is 5-15 KB, a flat emoji's 15-25 KB, Fluent Emoji's
  gradients 125-135 KB. Previews are not kept here: the app keeps the previews it served.
- A hidden icon is never listed by search, and still answered by id (old links keep working) and by
  its Iconify name.
- `iconify_sets`: the served sets' Iconify prefixes and names (`set:mdi` selects Material Design Icons:
  `iconcat.filter_rule`); `search_named` answers a query naming icons by their Iconify names
  (`tabler:trash`, an alias's name too: `mdi:house` is Home) with those icons first, then the rest
  of the query's answer without them (`iconcat.embedded.answers`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from iconcat.embedded.narrowing import Narrowed, Narrowing
from iconcat.embedded.refs import THUMBNAIL_SIZE, PictureFailed, Ref, VariantRecord
from iconcat.embedded.search import explain, read_query
from iconcat.embedded.sets import ServedSet
from iconcat.iconify.ids import icon_hash
from iconcat.lru import BoundedLRU

from .index import IconRow, SourceIndex
from .records import SetRecord

__all__ = ["PNG_SIZES", "SetRef", "SourceCatalogue", "SourceIconRecord"]

PNG_SIZES = (512, 256)
SVG_SLOT = 0
PNG_SLOTS = {512: 1, 256: 2}
FILES_KEPT_BYTES = 48 * 1024 * 1024
"""PNG variants kept once drawn, in bytes (some 5,000 outline icons' 512s, 350 of Fluent Emoji's)."""
_FILES_COUNT_BOUND = 1_000_000
"""`BoundedLRU` wants a count too: one no cache of `FILES_KEPT_BYTES` reaches."""
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass(frozen=True)
class SetRef(Ref):
    """A set as the interface shows it, with the optional `license` and `author` extensions."""

    license: dict[str, str] | None = None
    author: dict[str, str] | None = None

    def as_json(self) -> dict[str, object]:
        body = super().as_json()
        if self.license:
            body["license"] = self.license
        if self.author:
            body["author"] = self.author
        return body


@dataclass(frozen=True)
class SourceIconRecord:
    """One indexed icon, in the shape the server app reads (the demo's `IconRecord`'s fields)."""

    id: int
    name: str
    category: Ref
    style_ref: Ref
    series: Ref
    set_ref: SetRef
    variants: tuple[VariantRecord, ...]
    iconify: str | None
    """`prefix:key` for an IconifyJSON set's icon; None for an SVG folder's (its prefix is made up)."""
    row: IconRow
    position: int | None = None
    """Where search listed it (its place in the browse order), for `search_matched`; None when looked up by id."""


class SourceCatalogue:
    """Indexed icon sets, answering as the demo `Catalogue` does (what `create_app` calls).

    `rasterise(svg, size)` turns an icon's SVG into a square transparent PNG of `size` pixels (the
    raster worker's job: untrusted SVG is rendered in a process of its own), raising `RasterError`
    when it cannot (broken, more than 2 s, too large): that picture is then `PictureFailed`, a JSON
    500 for that request alone. A failure is not kept: asked again, it is tried again. Thread-safe.
    `current_colour` is the colour `rasterise` paints `currentColor` (`--color`, checked by the caller).
    """

    def __init__(
        self, index: SourceIndex, rasterise: Callable[[str, int], bytes], *, current_colour: str = "black"
    ) -> None:
        self._index = index
        self._rasterise = rasterise
        self.current_colour: str | None = current_colour
        """What the PNGs drawn paint the SVGs' `currentColor` (the app says it beside each SVG served)."""
        self._files: BoundedLRU[bytes] = BoundedLRU(_FILES_COUNT_BOUND, FILES_KEPT_BYTES, len)
        self._sets = {unit_id: _set_ref(unit.record) for unit_id, unit in index.units.items()}
        self.iconify_sets: Mapping[str, str] = MappingProxyType(
            {unit.record.prefix: unit.record.name for unit in index.units.values() if unit.has_iconify_names}
        )
        """The served sets with Iconify names: prefix → the set's name ("mdi" → "Material Design Icons")."""

    @property
    def index(self) -> SourceIndex:
        return self._index

    @property
    def set_ids(self) -> frozenset[int]:
        """The ids of the sets served (their icons' `set.id`): stable across runs, so the browser tells
        a remembered icon whose set is not served now from one it can ask for."""
        return frozenset(ref.id for ref in self._sets.values())

    def __len__(self) -> int:
        """How many icons search lists."""
        return self._index.listed

    # --- lookup ----------------------------------------------------------------------------------

    def icon(self, icon_id: int) -> SourceIconRecord | None:
        found = self._index.icon_by_id(icon_id)
        return None if found is None else self._record(found)

    def variant(self, variant_id: int) -> tuple[SourceIconRecord, VariantRecord] | None:
        found = self._index.variant_by_id(variant_id)
        if found is None:
            return None
        row, slot = found
        icon = self._record(row)
        for variant in icon.variants:
            if variant.id == row.variant_id(slot):
                return icon, variant
        return None

    def _record(self, row: IconRow, position: int | None = None) -> SourceIconRecord:
        variants = tuple(VariantRecord(row.variant_id(PNG_SLOTS[size]), row.icon_id, "png", size) for size in PNG_SIZES)
        return SourceIconRecord(
            id=row.icon_id,
            name=row.name,
            category=_ref(row.category),
            style_ref=_ref(row.style),
            series=_ref(row.unit.record.series),
            set_ref=self._sets[row.unit.id],
            variants=(*variants, VariantRecord(row.variant_id(SVG_SLOT), row.icon_id, "svg", None)),
            iconify=f"{row.unit.record.prefix}:{row.key}" if row.unit.has_iconify_names else None,
            row=row,
            position=position,
        )

    # --- search ----------------------------------------------------------------------------------

    def search_page(self, query: str, start: int, count: int) -> tuple[list[SourceIconRecord], bool]:
        """The rule over names, aliases, tags and synonyms (see `search.py`); hidden icons never listed."""
        positions, more = self._index.search.page(query, start, count)
        return self._records_at(positions), more

    def _records_at(self, positions: Sequence[int]) -> list[SourceIconRecord]:
        rows = self._index.rows_at(positions)
        if len(rows) != len(positions):  # a row gone (never while served): no positions to say why by
            return [self._record(row) for row in rows]
        return [self._record(row, position) for row, position in zip(rows, positions, strict=True)]

    def search_matched(self, query: str, icons: Sequence[SourceIconRecord]) -> list[list[dict[str, str]]]:
        """Why each of these icons (of a page of `query`'s answer) matched: one `Match` per query word,
        worked out from its name, its aliases (as the search holds them) and its tags."""
        read = read_query(query)
        if not read.words:
            return [[] for _ in icons]
        search, meaning = self._index.search, self._index.meaning
        return [
            [
                match.as_json()
                for match in explain(
                    read,
                    icon.row.name,
                    search.aliases_at(icon.position) if icon.position is not None else (),
                    meaning.tags_of(icon.row.unit.record.prefix, icon.row.key),
                    meaning.synonyms_of,
                )
            ]
            for icon in icons
        ]

    def search_count(self, query: str) -> int:
        return self._index.search.count(query)

    def search_narrowed(self, query: str, narrowing: Narrowing) -> Narrowed[int, SourceIconRecord]:
        """The icons of `search_page`'s answer that `narrowing` keeps, in order (`narrowing.py`): the sets
        by their name, series and licence, then their icons by style and category, read from the index as such."""
        return Narrowed(self._narrowed_positions(query, narrowing), self._records_at)

    def search_named(
        self, query: str, names: Sequence[tuple[str, str]], narrowing: Narrowing | None
    ) -> Narrowed[tuple[int, int | None], SourceIconRecord]:
        """The icons `names` (prefix, key) name, those `narrowing` keeps, first, in the order named; then
        `query`'s answer (narrowed by `narrowing`) without them; a `query` of no words adds nothing (the
        named icons alone: a lookup). Keyed by (database row, position in the browse order or None):
        a hidden icon named has no position (a position says which aliases explain a match)."""
        first: list[tuple[int, int | None]] = []
        for prefix, key in names:
            row = self._index.icon_by_iconify_name(prefix, key)
            if row is None or any(row.row == kept for kept, _ in first):
                continue
            if narrowing is None or narrowing.keeps(self._record(row)):
                first.append((row.row, self._index.position_of(row.row)))
        if query.split():
            every = self._index.search.every(query)
            positions = list(every) if narrowing is None else self._narrowed_positions(query, narrowing)
            named = {row for row, _ in first}
            rows = self._index.row_ids(positions)
            first += [(row, position) for row, position in zip(rows, positions, strict=True) if row not in named]
        return Narrowed(first, self._records_in_rows)

    def _records_in_rows(self, kept: Sequence[tuple[int, int | None]]) -> list[SourceIconRecord]:
        found = {icon.row: icon for icon in self._index.icons_in_rows([row for row, _ in kept])}
        return [self._record(found[row], position) for row, position in kept if row in found]

    def _narrowed_positions(self, query: str, narrowing: Narrowing) -> list[int]:
        units = [
            unit_id
            for unit_id, unit in self._index.units.items()
            if narrowing.selects("set", unit.record.name)
            and narrowing.selects("series", unit.record.series)
            and narrowing.selects_license(unit.record.license_spdx)
        ]
        keep = None
        if "style" in narrowing.keys or "category" in narrowing.keys:

            def keep(style: str, category: str) -> bool:
                return narrowing.selects("style", style) and narrowing.selects("category", category)

        return self._index.positions_kept(self._index.search.every(query), units, keep)

    def prepare(self) -> None:
        """Nothing to do: the index was built and loaded by `open_index`."""

    def sets(self) -> list[ServedSet]:
        """The served sets, from their records in the index: the count search lists of each (stored
        when it was read, as `set:<prefix>` lists it), its samples stored likewise (no icon read)."""
        return [
            ServedSet(
                id=self._sets[unit_id].id,
                name=unit.record.name,
                icons=unit.listed,
                category=unit.record.series,
                prefix=unit.record.prefix if unit.has_iconify_names else None,
                license=self._sets[unit_id].license,
                author=self._sets[unit_id].author,
                samples=unit.record.samples,
            )
            for unit_id, unit in self._index.units.items()
        ]

    # --- files -----------------------------------------------------------------------------------

    def file_bytes(self, icon: SourceIconRecord, variant: VariantRecord) -> bytes:
        if variant.format == "svg":
            return self._index.svg(icon.row).encode("utf-8")
        assert variant.size is not None
        key = (icon.row.row, variant.size)
        body = self._files.get(key)
        if body is None:
            body = self._draw(icon, variant.size)
            self._files.put(key, body)
        return body

    def thumbnail_bytes(self, icon: SourceIconRecord) -> bytes:
        """Drawn each time asked: the app keeps the previews it served (`create_app`'s own cache)."""
        return self._draw(icon, THUMBNAIL_SIZE)

    def _draw(self, icon: SourceIconRecord, size: int) -> bytes:
        from iconcat.imaging.errors import RasterError

        try:
            return self._rasterise(self._index.svg(icon.row), size)
        except RasterError as error:
            raise PictureFailed(str(error)) from None

    def file_name(self, icon: SourceIconRecord, variant: VariantRecord) -> str:
        """ "arrow-up-512.png", "arrow-up.svg": the icon's own key (the style is part of it, as in Iconify)."""
        # A key from an SVG folder's file name may hold anything: the header gets a safe name.
        key = _UNSAFE.sub("-", icon.row.key).strip(".-") or "icon"
        stem = key if variant.size is None else f"{key}-{variant.size}"
        return f"{stem}.{variant.format}"


@functools.lru_cache(maxsize=4096)
def _ref(name: str) -> Ref:
    return Ref(icon_hash(f"name:{name}") + 1, name)


def _set_ref(record: SetRecord) -> SetRef:
    licence = {
        key: value
        for key, value in (("spdx", record.license_spdx), ("title", record.license_title), ("url", record.license_url))
        if value
    }
    author = {key: value for key, value in (("name", record.author_name), ("url", record.author_url)) if value}
    return SetRef(icon_hash(f"set:{record.prefix}") + 1, record.name, licence or None, author or None)
