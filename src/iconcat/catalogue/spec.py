"""What a catalogue is and what it can do, for the front ends to ask: `CatalogueSpec` and its `Capabilities`.

A front end asks the spec, never `if demo` / `if local`: how to name the catalogue (`label` in the
header, `named` in a sentence), where its memories are kept (`memory_key`: "demo", "local" or the base
URL, the values the browser's database has always used), the option that opens it again (`option`),
what the bag asks of it until a person chooses (`bag_default`), the longest search it accepts
(`query_limit`), and what it can do beyond the seed's interface (`capabilities`). A method a kind lacks
is behind its flag (`Catalogue.icon` behind `looks_up_ids`): called anyway it raises `NotOffered`.

The flags are promises: a kind that may or may not do a thing (the seed's service may count its
matches or not) promises nothing, and its answers still say what they hold (`SearchResult.total`,
`SearchResult.narrowed`), as they always did.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Capabilities", "CatalogueSpec", "Preference"]

Preference = tuple[str, int | None]
"""A variant asked for: (format, pixels or None for a vector format): ("png", 512), ("svg", None)."""


@dataclass(frozen=True)
class Capabilities:
    """What a kind of catalogue promises beyond the seed's two endpoints and its previews."""

    counts_matches: bool = False
    """Every answer says how many icons the query matched (`SearchResult.total`)."""
    narrow_keys: frozenset[str] = frozenset()
    """The filter keys `search(…, narrow=…)` narrows by ("set", "style", "category", "series",
    "license"); empty: it does not narrow (the words are ignored, and the front end filters alone)."""
    looks_up_ids: bool = False
    """`icon(id)` and `icon_of_variant(id)` answer: an icon is found by its id, or by one of its variants'."""
    iconify_names: bool = False
    """Its icons carry Iconify names (`Icon.iconify`, "tabler:arrow-up")."""
    looks_up_iconify_names: bool = False
    """An icon is found by its Iconify name (`icon_named("tabler:trash")`, `iconcat download
    tabler:trash`), a search word `prefix:name` finds it first, and once opened the spec says which
    prefixes it serves (`CatalogueSpec.iconify_sets`)."""
    lists_sets: bool = False
    """`sets()` lists the sets it holds (`iconcat sets`): their counts, categories, licences, samples."""
    lists_without_words: bool = False
    """A search of no words lists what the narrowing words select (a whole set), not nothing: `iconcat
    search set:lucide` and the browser's filter words alone ask it (`SearchRunner.listing`)."""
    matches_meaning: bool = False
    """Its search finds icons by what a word means, not only by names ("find what people mean", next)."""
    own_pngs: bool = False
    """It serves PNG variants of its own (else the front end draws PNGs from the SVG)."""
    formats: frozenset[str] | None = None
    """The formats its variants come in, when known ({"png", "svg"} for sets from disk: never EPS);
    None: it does not say (the seed's service)."""

    @property
    def narrows(self) -> bool:
        """`search(…, narrow=…)` narrows by at least one key."""
        return bool(self.narrow_keys)


@dataclass(frozen=True)
class CatalogueSpec:
    """One catalogue, as the front ends see it: its kind, its names, its memory key, what it can do."""

    kind: str
    """The row of the kind table (`kinds.KINDS`): "service", "demo", "sets"."""
    label: str
    """Its name in the header, sanitised: "demo catalogue", "Tabler Icons, Phosphor", "icons.example.com"."""
    memory_key: str
    """What the browser's memories of it are kept under (`iconcat.memory`): "demo", "local" (every set
    from disk shares one: their ids are stable whatever is served beside them), else the base URL."""
    option: str
    """The option that opens it again, for a person to type: "--demo", "--from PATH", "--base-url URL"
    ("" when its address cannot be shown)."""
    bag_default: Preference
    """What the bag asks of every icon until a person chooses (PNG 512; SVG for sets from disk, whose
    SVG is the original)."""
    query_limit: int | None
    """The longest search text it accepts, when known (a longer one is refused before it is asked)."""
    capabilities: Capabilities
    """What it can do beyond the seed's interface."""
    iconify_sets: tuple[tuple[str, str], ...] = ()
    """The sets it serves with Iconify names, (prefix, set name) pairs ("mdi", "Material Design Icons"),
    said once it is open (its files name them) by a kind that `looks_up_iconify_names`; () otherwise.
    The search box reads `prefix:name` and `set:prefix` by them (`iconcat.browsing.filters`)."""

    @property
    def served_prefixes(self) -> dict[str, str]:
        """`iconify_sets` as the filters take them: prefix → set name."""
        return dict(self.iconify_sets)

    @property
    def named(self) -> str:
        """Its name in a sentence: "the demo catalogue", "your icon sets from disk", "icons.example.com"."""
        from iconcat.catalogue_names import catalogue_label

        return catalogue_label(self.memory_key)
