"""Filters over every result of the query: `key:value` words in the search box, facet counts, why nothing is left.

The browser applies them to every page of the query (it follows the catalogue's next pages while a
filter is in force: `iconcat.tui.controllers.page_follower`), batch by batch as pages arrive (`Filters.apply` on the
batch, `FacetTally.add` for the counts), so a count never describes one page as if it were all.

Pure logic (no Textual), so it is fast to test and cheap to run on every keystroke. The pieces:

- `parse_query(text)` splits what was typed into the words sent to the service and a `Filters`;
- `Filters` (immutable, hashable) keeps the icons that match (`apply`), says which values it selects
  (`selects`), toggles one (`toggle`) and writes itself back as text (`text`);
- `facet_counts` counts each value of each key over the results, for the facet panel (`FacetTally`
  keeps the counts as the results grow, a batch at a time);
- `explain_empty` says which filter left nothing; `status_text` is the status line ("12 of 48 shown · …").

The syntax, and the decisions behind it:

- A word with a colon is a filter word, and is never sent as a search word (the embedded catalogue may
  be asked to narrow by it past the cap: `browsing.narrowing`). `style:`, `set:`,
  `category:`, `series:`, `license:`, `format:` and `size:` are the keys (case-insensitive). A word with any other key
  (`foo:bar`, a typo like `stlye:filled`, a URL-ish `http://x`, even `10:30`) is neither sent nor
  applied: it is kept in `ParsedQuery.unknown` and `ParsedQuery.notice` says so ("colour: is not a
  filter (style, set, format, size, category, series)"), whether or not the known filters changed
  with it: the browser shows it in the status for as long as the word is in the box. Sending it would search
  names for "stlye:filled" and find nothing, with no hint why; a colon never occurs in an icon's name
  that anyone searches for by typing the colon.
- Iconify names: where the catalogue serves sets with Iconify prefixes (sets from disk: `parse_query`'s
  `served`, from `CatalogueSpec.iconify_sets`), a word `p:n` whose `p` is no key but a served prefix
  (any case) is an Iconify name: a search word, sent as typed, which the catalogue answers with that
  icon first (`ParsedQuery.iconify_names`, `iconcat.embedded.answers`); a bare `p:` is `set:p`. Any
  other such word is unknown, and the notice says it is "neither a filter nor a set served".
- `set:V` selects the sets whose Iconify prefix is V (exact, any case: `set:mdi`, `set:ic`) where a
  served set has that prefix, else by name as any value (`iconcat.filter_rule.set_patterns`).
- Values are case-insensitive and a prefix is enough: `style:fil` selects Filled. Spaces, hyphens and
  underscores are ignored when comparing, so `set:core-ui`, `set:coreui` and `set:"core ui"` all select
  "Core UI"; the canonical text writes a prefix's spaces as hyphens (`set:core-ui`).
- A quoted value is exact, not a prefix: `style:"ios"` selects iOS but not "iOS Filled". The facet
  panel toggles values this way when a prefix would select more than the value toggled (`toggle`).
  Within quotes, spaces and commas are part of the value. A quote still open runs to the end of the
  text and is a prefix, like an unquoted value: `set:"core u` being typed already selects Core UI.
- Commas give alternatives: `style:filled,outline` is either. A key written twice adds alternatives
  too (`style:filled style:outline` is the same filter). Across keys every filter must hold: AND across
  keys, OR within a key.
- An empty value (`style:`, `style:,`) applies nothing and is not sent; `ParsedQuery.empty` keeps its
  key and the notice says it needs a value (it is what a person sees half way through typing one, so
  the browser says it only once typing settles).
- `license:` selects by the SPDX ids of the icon's set's licence (`Ref.license`, an extension sets
  from disk carry): `license:mit`, `license:apache-2.0`; each id of an expression ("MIT OR
  Apache-2.0") by the prefix rule, so `license:cc-by` keeps CC-BY-SA and CC-BY-NC too; a set with no
  SPDX id is `license:unknown` (`iconcat.filter_rule.license_ids`). The facet panel counts each id
  (an icon of "MIT OR Apache-2.0" under both); where every icon's is unknown (the demo, the seed's
  service) it leaves the key out: a section that says nothing but "unknown".
- `format:` matches any variant's format (`svg`, `png`, `eps`). `size:` is accepted too: `size:512` (or
  `512px`) is an exact pixel size, `size:vector` (or a prefix of it) a file with no pixel size. Format
  and size hold for the same file: `format:png size:256` keeps icons with a 256 px PNG, not icons with
  some PNG and some 256 px file.
- The canonical text (`ParsedQuery.text`, `Filters.text`) is the service words, then the filters in
  key order (style, set, category, series, license, format, size) with their values sorted, then the unknown
  filter words as typed; parsing it again gives the same query.

How a value selects a name (compacting, prefix or quoted exact, commas) is `iconcat.filter_rule`'s,
shared with the embedded catalogue, which narrows a search by the same words when asked
(`Filters.narrow_words`, `browsing.narrowing`): one rule, so the catalogue keeps what these filters keep.

Counts are faceted the way good faceted search does it: each key's values are counted over the results
filtered by the *other* keys, so a person sees what choosing another value of the same key would give
(with `style:filled` chosen, Outline still shows how many Outline icons there are, not 0).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, cast

from iconcat.filter_rule import (
    EMPTY,
    MAX_VALUE,
    UNKNOWN_LICENSE,
    Pattern,
    compact,
    compile_values,
    license_ids,
    license_selected,
    normal_value,
    selected,
    set_patterns,
    split_values,
)
from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon

__all__ = [
    "FACET_KEYS",
    "FILTER_KEYS",
    "NARROW_KEYS",
    "VECTOR",
    "FacetTally",
    "FacetValue",
    "FilterKey",
    "Filters",
    "ParsedQuery",
    "explain_empty",
    "facet_counts",
    "parse_query",
    "size_name",
    "status_text",
]

FilterKey = Literal["style", "set", "category", "series", "license", "format", "size"]

FILTER_KEYS: tuple[FilterKey, ...] = ("style", "set", "category", "series", "license", "format", "size")
"""Every filter key, in the order the canonical text and the facet panel use."""

FACET_KEYS: tuple[FilterKey, ...] = FILTER_KEYS
"""The keys `facet_counts` counts. Size is among them: a filter in force must be visible (and clearable)
in the panel, and "which sizes are there" is a fair question when picking a file."""

_REF_KEYS: tuple[FilterKey, ...] = ("style", "set", "category", "series")
"""Keys read from one of the icon's references (`icon.style.name`…)."""

NARROW_KEYS: tuple[FilterKey, ...] = (*_REF_KEYS, "license")
"""The keys the embedded catalogue's `narrow` extension takes (`iconcat.embedded.narrowing`, the same rule)."""

_KEY_BY_NAME: dict[str, FilterKey] = {key: key for key in FILTER_KEYS}

NOTICE_KEYS: tuple[FilterKey, ...] = ("style", "set", "format", "size", "category", "series", "license")
"""The keys as a notice lists them: the ones people filter by most first."""

_EXAMPLES: dict[FilterKey, str] = {
    "style": "filled",
    "set": "core-ui",
    "category": "arrows",
    "series": "essentials",
    "license": "mit",
    "format": "svg",
    "size": "512",
}
"""A value of each key, for "style: needs a value (style:filled)" (the demo catalogue's names)."""

_PLURALS: dict[FilterKey, str] = {
    "style": "styles",
    "set": "sets",
    "category": "categories",
    "series": "series",
    "license": "licences",
    "format": "formats",
    "size": "sizes",
}

VECTOR = "vector"
"""The size facet's name for files without a pixel size (SVG, EPS)."""


def size_name(size: int | None) -> str:
    """The size facet's name of a variant size: "512", or "vector" for None."""
    return VECTOR if size is None else str(size)


def _normal_value(key: FilterKey, raw: str) -> str | None:
    """One value as the canonical text writes it ("filled", "core-ui", '"core ui"', "512"), or None if empty
    (`iconcat.filter_rule.normal_value`, and a size's pixels as a plain number)."""
    if key == "size":
        text = " ".join(sanitize(raw.replace('"', " "), max_length=MAX_VALUE).casefold().split())
        folded = compact(text)
        if folded.endswith("px") and folded[:-2].isascii() and folded[:-2].isdigit():
            folded = folded[:-2]
        if folded.isascii() and folded.isdigit():
            return str(int(folded))
    return normal_value(raw)


def _compile(key: FilterKey, values: tuple[str, ...], served: Mapping[str, str] = EMPTY) -> tuple[Pattern, ...]:
    if key == "set":
        return set_patterns(values, served)
    return compile_values(values, numeric_exact=key == "size")


class _Memo(dict[Any, bool]):
    """name → decision, decided once per distinct name (a catalogue has few styles and sets, many icons)."""

    def __init__(self, decide: Callable[[Any], bool]) -> None:
        super().__init__()
        self._decide = decide

    def __missing__(self, key: Any) -> bool:
        decision = self[key] = self._decide(key)
        return decision


def _chooser(patterns: tuple[Pattern, ...], name_of: Callable[[Any], str] = str) -> _Memo:
    """A memo of which names (or sizes, through `name_of`) `patterns` select."""
    return _Memo(lambda value: selected(patterns, name_of(value)))


@dataclass(frozen=True)
class Filters:
    """Which values of which keys to keep: AND across keys, OR within a key.

    `terms` holds (key, values) pairs. Whatever it is given is normalised on creation (keys in
    `FILTER_KEYS` order, values in their canonical spelling, sorted, without duplicates or empties; a
    value with commas is split), so two filters that keep the same icons for the same reasons are equal
    and hash alike. `Filters.of(style="filled,outline", set=["signal"])` reads better.
    """

    terms: tuple[tuple[FilterKey, tuple[str, ...]], ...] = ()
    served: Mapping[str, str] = field(default_factory=lambda: EMPTY, compare=False, repr=False)
    """The catalogue's sets with Iconify prefixes (prefix → set name): `set:mdi` selects the set whose
    prefix is mdi (`iconcat.filter_rule.set_patterns`). Not part of equality: one catalogue's filters
    all have the same."""

    def __post_init__(self) -> None:
        merged: dict[FilterKey, set[str]] = {}
        for key, values in self.terms:
            if key not in _KEY_BY_NAME:
                raise ValueError(f"unknown filter key {key!r}: the keys are {', '.join(FILTER_KEYS)}")
            raw = cast("str | Iterable[str]", values)  # callers may pass a lone string: one value
            for value in (raw,) if isinstance(raw, str) else raw:
                for item in split_values(value):
                    normal = _normal_value(key, item)
                    if normal is not None:
                        merged.setdefault(key, set()).add(normal)
        terms = tuple((key, tuple(sorted(merged[key]))) for key in FILTER_KEYS if merged.get(key))
        object.__setattr__(self, "terms", terms)

    @classmethod
    def of(cls, **values: str | Iterable[str]) -> Filters:
        """Filters from keyword arguments: `Filters.of(style="filled,outline", format=["svg"])`."""
        terms = []
        for name, given in values.items():
            key = _KEY_BY_NAME.get(name)
            if key is None:
                raise ValueError(f"unknown filter key {name!r}: the keys are {', '.join(FILTER_KEYS)}")
            terms.append((key, (given,) if isinstance(given, str) else tuple(given)))
        return cls(tuple(terms))

    # --- reading ---------------------------------------------------------------------------------

    def __bool__(self) -> bool:
        """True when any filter is in force."""
        return bool(self.terms)

    @property
    def keys(self) -> tuple[FilterKey, ...]:
        """The keys in force, in `FILTER_KEYS` order."""
        return tuple(key for key, _ in self.terms)

    def values(self, key: FilterKey) -> tuple[str, ...]:
        """The values of `key` as written in the canonical text ('' when none): ("filled", '"core ui"')."""
        for term_key, values in self.terms:
            if term_key == key:
                return values
        return ()

    def term_text(self, key: FilterKey) -> str:
        """One key's filter word: "style:filled,outline" ('' when the key is not in force)."""
        values = self.values(key)
        return f"{key}:{','.join(values)}" if values else ""

    @property
    def text(self) -> str:
        """The canonical text: "style:filled set:signal format:svg" ('' when no filter is in force)."""
        return " ".join(self.term_text(key) for key in self.keys)

    def __str__(self) -> str:
        return self.text

    @property
    def narrow_words(self) -> tuple[str, ...]:
        """The filter words a catalogue may narrow its answer by (`CatalogueClient.search(…, narrow=…)`):
        those of the keys read from an icon's references (style, set, category, series, and the set's
        licence), not format or size, which stay the client's. ("style:filled", "set:tabler")."""
        return tuple(self.term_text(key) for key in self.keys if key in NARROW_KEYS)

    @cached_property
    def _patterns(self) -> dict[FilterKey, tuple[Pattern, ...]]:
        return {key: _compile(key, values, self.served) for key, values in self.terms}

    def selects(self, key: FilterKey, name: str) -> bool:
        """True when `key`'s filter selects a value called `name` (False when `key` is not in force).

        For "size", `name` is a facet name: "512", or "vector" (`size_name`).
        """
        patterns = self._patterns.get(key)
        return patterns is not None and selected(patterns, name)

    # --- changing (each returns new filters) -----------------------------------------------------

    def with_values(self, key: FilterKey, values: Iterable[str]) -> Filters:
        """These filters with `key`'s values replaced by `values` (none: the key is dropped)."""
        kept = [(k, v) for k, v in self.terms if k != key]
        return Filters((*kept, (key, tuple(values))), self.served)

    def without(self, key: FilterKey | None = None) -> Filters:
        """These filters without `key`, or without any filter when `key` is None."""
        if key is None:
            return Filters(served=self.served)
        return Filters(tuple((k, v) for k, v in self.terms if k != key), self.served)

    def only(self, key: FilterKey) -> Filters:
        """Just `key`'s filter."""
        return Filters(tuple((k, v) for k, v in self.terms if k == key), self.served)

    def merged(self, other: Filters) -> Filters:
        """Both filters' values together (each key's alternatives are the union)."""
        return Filters(self.terms + other.terms, self.served or other.served)

    def toggle(self, key: FilterKey, name: str, among: Iterable[str] = ()) -> Filters:
        """These filters with the value called `name` of `key` chosen, or no longer chosen.

        Choosing adds `name` as a prefix when no other of the names `among` (the facet's values) starts
        like it, else as an exact, quoted value: toggling "iOS" next to "iOS Filled" selects iOS alone.
        Without `among`, the value is exact. Unchoosing removes every value that selects `name` and
        chooses again, exactly, any other of `among` that those values selected: unchoosing "Filled"
        after `style:f` leaves "Flat" chosen.
        """
        others = [other for other in among if other != name]
        values = self.values(key)
        if not self.selects(key, name):
            if others and not any(compact(other).startswith(compact(name)) for other in others):
                value = _normal_value(key, name)
            else:
                value = _normal_value(key, '"' + name.replace('"', " ") + '"')
            if value is None:
                return self
            return self.with_values(key, (*values, value))
        patterns = _compile(key, values, self.served)
        kept = tuple(value for value, pattern in zip(values, patterns) if not selected((pattern,), name))
        after = _compile(key, kept, self.served)
        lost = [other for other in others if selected(patterns, other) and not selected(after, other)]
        restored = tuple('"' + other.replace('"', " ") + '"' for other in lost)
        return self.with_values(key, kept + restored)

    # --- applying --------------------------------------------------------------------------------

    def _variant_test(self) -> Callable[[Icon], bool] | None:
        """A test of an icon's files for the format and size filters, or None when neither is in force."""
        formats = self._patterns.get("format")
        sizes = self._patterns.get("size")
        if formats is None and sizes is None:
            return None
        format_ok = _chooser(formats) if formats is not None else None
        size_ok = _chooser(sizes, size_name) if sizes is not None else None
        if size_ok is None:
            assert format_ok is not None
            return lambda icon: any(format_ok[v.format] for v in icon.variants)
        if format_ok is None:
            return lambda icon: any(size_ok[v.size] for v in icon.variants)
        return lambda icon: any(format_ok[v.format] and size_ok[v.size] for v in icon.variants)

    def _reference_tests(self) -> list[tuple[Callable[[Icon], Any], _Memo]]:
        tests: list[tuple[Callable[[Icon], Any], _Memo]] = []
        for key in _REF_KEYS:
            patterns = self._patterns.get(key)
            if patterns is not None:
                tests.append((attrgetter(f"{key}.name"), _chooser(patterns)))
        licences = self._patterns.get("license")
        if licences is not None:
            tests.append((license_of, _Memo(partial(license_selected, licences))))
        return tests

    def apply(self, icons: Iterable[Icon]) -> list[Icon]:
        """The icons these filters keep, in their order (all of them when no filter is in force)."""
        if not self.terms:
            return list(icons)
        references = self._reference_tests()
        variant_test = self._variant_test()
        kept = []
        for icon in icons:
            for name_of, chosen in references:
                if not chosen[name_of(icon)]:
                    break
            else:
                if variant_test is None or variant_test(icon):
                    kept.append(icon)
        return kept

    def matches(self, icon: Icon) -> bool:
        """True when these filters keep `icon`."""
        return bool(self.apply((icon,)))


@dataclass(frozen=True)
class ParsedQuery:
    """What was typed in the search box: the words for the service, the filters, the unknown filter words."""

    words: tuple[str, ...] = ()
    """The words sent to the service, as typed (filter words are never among them)."""
    filters: Filters = field(default_factory=Filters)
    unknown: tuple[str, ...] = ()
    """Words with a colon but no known key (`foo:bar`), as typed: neither sent nor applied."""
    empty: tuple[FilterKey, ...] = field(default=(), compare=False)
    """Filter keys typed with no value (`style:`) and no other word of theirs with one: nothing applied.
    Not part of the query (nor of its canonical text, nor of equality): only what the notice says."""

    @property
    def iconify_names(self) -> tuple[str, ...]:
        """The words that are Iconify names of served sets ("tabler:trash"), as typed: among `words`,
        sent to the catalogue, which finds each icon first (the only words with a colon there)."""
        return tuple(word for word in self.words if ":" in word)

    @property
    def service_text(self) -> str:
        """The query for the service: the plain words, one space apart ('' when only filters were typed)."""
        return " ".join(self.words)

    @property
    def text(self) -> str:
        """The canonical text: words, then filters in key order, then unknown filter words."""
        return " ".join(part for part in (self.service_text, self.filters.text, " ".join(self.unknown)) if part)

    def __str__(self) -> str:
        return self.text

    def with_filters(self, filters: Filters) -> ParsedQuery:
        """The same words with other filters (what the search box shows after the facet panel changed them)."""
        empty = tuple(key for key in self.empty if key not in filters.keys)
        return ParsedQuery(self.words, filters, self.unknown, empty)

    @property
    def notice(self) -> str:
        """A sanitised line about unknown filter words and keys with no value ('' when there are none):
        "colour: is not a filter (style, set, format, size, category, series)", "style: needs a value";
        where the catalogue serves sets with Iconify prefixes, "stlye: is neither a filter nor a set
        served (…)": the word could have been either."""
        parts = []
        if self.unknown:
            keys = list(dict.fromkeys(sanitize(word.partition(":")[0], max_length=30) + ":" for word in self.unknown))
            shown = ", ".join(keys[:3]) + (", …" if len(keys) > 3 else "")
            if not self.filters.served:  # (no word can be an Iconify name: the demo, the seed's service)
                verb = "is not a filter" if len(keys) == 1 else "are not filters"
            elif len(keys) == 1:
                verb = "is neither a filter nor a set served"
            else:
                verb = "are neither filters nor sets served"
            parts.append(f"{shown} {verb} ({', '.join(NOTICE_KEYS)})")
        if self.empty:
            named = ", ".join(f"{key}:" for key in self.empty)
            examples = " ".join(f"{key}:{_EXAMPLES[key]}" for key in self.empty)
            parts.append(f"{named} {'needs a value' if len(self.empty) == 1 else 'need values'} ({examples})")
        return " · ".join(parts)


def _tokens(text: str) -> Iterator[str]:
    """The words of `text`: split at white space, except inside a filter value's quotes (`set:"core ui"`).

    A quote opens only right after a filter word's colon or one of its commas, so quotes in plain words
    stay characters for the service; an unclosed quote runs to the end of the text.
    """
    index, end = 0, len(text)
    while index < end:
        while index < end and text[index].isspace():
            index += 1
        start = index
        quoted = colon = False
        while index < end:
            char = text[index]
            if quoted:
                quoted = char != '"'
            elif char.isspace():
                break
            elif char == ":":
                colon = True
            elif char == '"' and colon and text[index - 1] in ":,":
                quoted = True
            index += 1
        if index > start:
            yield text[start:index]


def parse_query(text: str, served: Mapping[str, str] = EMPTY) -> ParsedQuery:
    """Split the search box's `text` into service words, filters and unknown filter words (module
    docstring); `served` maps the catalogue's Iconify prefixes to their sets' names (`Filters.served`):
    a word `prefix:name` of one is an Iconify name (a word sent), a bare `prefix:` is `set:prefix`."""
    words: list[str] = []
    unknown: list[str] = []
    terms: list[tuple[FilterKey, tuple[str, ...]]] = []
    for token in _tokens(text):
        name, colon, value = token.partition(":")
        if not colon:
            words.append(token)
            continue
        key = _KEY_BY_NAME.get(name.casefold())
        if key is not None:
            terms.append((key, (value,)))
        elif name.casefold() not in served:
            unknown.append(token)
        elif value:
            words.append(token)
        else:
            terms.append(("set", (name.casefold(),)))
    filters = Filters(tuple(terms), served)
    empty = tuple(dict.fromkeys(key for key, _value in terms if key not in filters.keys))
    return ParsedQuery(tuple(words), filters, tuple(unknown), empty)


# --- counts ----------------------------------------------------------------------------------------


class FacetValue(NamedTuple):
    """One value of a facet: its name (raw, from the service: sanitise it to show it), how many, chosen or not."""

    name: str
    count: int  # type: ignore[assignment]  # shadows tuple.count on purpose: `value.count` reads right
    selected: bool


def license_of(icon: Icon) -> str | None:
    """The SPDX expression of `icon`'s set's licence (`Ref.license`), or None when it gives none."""
    licence = icon.set.license
    return licence.spdx if licence is not None else None


_NAMES_OF = attrgetter(*(f"{key}.name" for key in _REF_KEYS))


def _refs_of(icon: Icon) -> tuple[Any, ...]:
    return (*_NAMES_OF(icon), license_of(icon))


_FACETED_REFS: tuple[FilterKey, ...] = (*_REF_KEYS, "license")
"""The keys a kind's reference tuple holds, in order (the licence's is its SPDX expression, or None)."""
_VARIANTS_OF = attrgetter("variants")
_FILE_OF = attrgetter("format", "size")

_Kind = tuple[tuple[Any, ...], frozenset[tuple[str, int | None]]]
"""What faceting needs of an icon: its reference names (in `_FACETED_REFS` order: the licence's SPDX
expression or None last) and its (format, size) files."""


def _kinds(icons: Iterable[Icon]) -> Counter[_Kind]:
    """How many icons there are of each kind. A catalogue has far fewer kinds than icons (styles × sets ×
    categories × file lists), and this pass runs in C: counting then loops over kinds, not icons."""
    icons = list(icons)
    files = map(frozenset, map(partial(map, _FILE_OF), map(_VARIANTS_OF, icons)))
    return Counter(zip(map(_refs_of, icons), files))


def _sort_key(key: FilterKey) -> Callable[[FacetValue], tuple[Any, ...]]:
    if key == "size":
        # Equal counts: sizes by number, vector last.
        return lambda v: (-v.count, not v.name.isdigit(), int(v.name) if v.name.isdigit() else 0, v.name)
    return lambda v: (-v.count, v.name.casefold(), v.name)


def facet_counts(
    icons: Sequence[Icon], filters: Filters, keys: Iterable[FilterKey] = FACET_KEYS
) -> dict[FilterKey, list[FacetValue]]:
    """For each of `keys`, every value with its count, sorted by count (most first), then name.

    A key's values are counted over the icons that the *other* keys' filters keep (so a chosen style
    does not zero the other styles). Every value present in `icons` is listed, with a count of 0 when
    the other filters leave none of it; a chosen value present in none (`style:zzz`) is listed too,
    under its text and with a count of 0, so the panel can unchoose it. Values whose names are empty (or
    only separators) are not listed: nothing could choose them. An icon counts once per value ("png"
    once, however many PNG sizes it has). Sizes are "512" and "vector" (`size_name`).
    """
    return _counts_of_kinds(_kinds(icons), filters, keys)


class FacetTally:
    """Facet counts kept up to date as the results grow: each batch of icons is tallied once, by kind
    (`add`: work proportional to the batch), and counting (`counts`) loops over the kinds, not the icons.
    `facet_counts(icons, ...)` is `FacetTally(icons).counts(...)`, in one go."""

    def __init__(self, icons: Iterable[Icon] = ()) -> None:
        self._kinds: Counter[_Kind] = _kinds(icons)
        self.icons = sum(self._kinds.values())
        """How many icons were tallied."""

    def add(self, icons: Iterable[Icon]) -> None:
        """Tally `icons` too (the next batch of the results)."""
        batch = _kinds(icons)
        self._kinds.update(batch)
        self.icons += sum(batch.values())

    def counts(self, filters: Filters, keys: Iterable[FilterKey] = FACET_KEYS) -> dict[FilterKey, list[FacetValue]]:
        """`facet_counts` of every icon tallied."""
        return _counts_of_kinds(self._kinds, filters, keys)


def _counts_of_kinds(
    kinds: Counter[_Kind], filters: Filters, keys: Iterable[FilterKey]
) -> dict[FilterKey, list[FacetValue]]:
    patterns = filters._patterns
    references = [
        (index, key, _Memo(partial(license_selected, patterns[key])) if key == "license" else _chooser(patterns[key]))
        for index, key in enumerate(_FACETED_REFS)
        if key in patterns
    ]
    formats, sizes = patterns.get("format"), patterns.get("size")
    format_ok = _chooser(formats) if formats is not None else None
    size_ok = _chooser(sizes, size_name) if sizes is not None else None
    counts: dict[FilterKey, Counter[str]] = {key: Counter() for key in FILTER_KEYS}
    present: dict[FilterKey, set[str]] = {key: set() for key in FILTER_KEYS}
    for (refs, files), number in kinds.items():
        for key, name in zip(_FACETED_REFS, refs):
            present[key].update(_counted_names(key, name))
        for fmt, size in files:
            present["format"].add(fmt)
            present["size"].add(size_name(size))
        # Which reference filters fail: none (counts everywhere), one (counts for that key only), more
        # (counts nowhere).
        failed: int | None = None
        for index, _, chosen in references:
            if not chosen[refs[index]]:
                if failed is not None:
                    break
                failed = index
        else:
            files_pass = (format_ok is None and size_ok is None) or any(
                (format_ok is None or format_ok[fmt]) and (size_ok is None or size_ok[size]) for fmt, size in files
            )
            if failed is not None:
                if files_pass:
                    failed_key = _FACETED_REFS[failed]
                    for name in _counted_names(failed_key, refs[failed]):
                        counts[failed_key][name] += number
                continue
            if files_pass:
                for key, name in zip(_FACETED_REFS, refs):
                    for counted in _counted_names(key, name):
                        counts[key][counted] += number
            # Format and size hold for the same file: each of those facets counts the files the other keeps.
            for fmt in {fmt for fmt, size in files if size_ok is None or size_ok[size]}:
                counts["format"][fmt] += number
            for size in {size for fmt, size in files if format_ok is None or format_ok[fmt]}:
                counts["size"][size_name(size)] += number
    facets: dict[FilterKey, list[FacetValue]] = {}
    for key in keys:
        names = {name for name in present[key] if compact(name)}
        if key == "license" and names <= {UNKNOWN_LICENSE} and not filters.values(key):
            facets[key] = []  # no set says its licence (the demo, the seed's service): nothing to choose by
            continue
        entries = [FacetValue(name, counts[key][name], filters.selects(key, name)) for name in names]
        for value in filters.values(key):
            if not any(selected(_compile(key, (value,), filters.served), name) for name in names):
                entries.append(FacetValue(value.strip('"'), 0, True))
        facets[key] = sorted(entries, key=_sort_key(key))
    return facets


def _counted_names(key: FilterKey, name: Any) -> tuple[str, ...]:
    """The facet names a kind's reference counts under: its name, or each id of a licence expression."""
    return license_ids(name) if key == "license" else (name,)


# --- words for a person ----------------------------------------------------------------------------


def _shown_name(key: FilterKey, name: str) -> str:
    if key == "size":
        return name if name == VECTOR else f"{name} px"
    return sanitize(name, max_length=40)


def _names_of(
    key: FilterKey, icons: Iterable[Icon], chosen_by: Filters | None = None, within: Filters | None = None
) -> list[str]:
    """The distinct values of `key` among `icons`, most common first, sanitised to show.

    With `chosen_by`, only the values those filters select (an icon kept by `format:svg` has PNGs too).
    With `within`, a format counts only from files of the sizes it chooses, and a size only from files
    of its formats (format and size hold for the same file).
    """
    other: FilterKey = "size" if key == "format" else "format"
    files_within = within if within is not None and within.values(other) else None
    tally: Counter[str] = Counter()
    for icon in icons:
        if key in _REF_KEYS:
            tally[getattr(icon, key).name] += 1
            continue
        if key == "license":
            tally.update(license_ids(license_of(icon)))
            continue
        values = set()
        for v in icon.variants:
            fmt, size = v.format, size_name(v.size)
            if files_within is None or files_within.selects(other, size if other == "size" else fmt):
                values.add(fmt if key == "format" else size)
        tally.update(values)
    return [
        _shown_name(key, name)
        for name, _ in tally.most_common()
        if compact(name) and (chosen_by is None or chosen_by.selects(key, name))
    ]


def _either(names: list[str], limit: int = 4) -> str:
    """ "Outline, Filled or Bold"; cut after `limit` names ("A, B, C, D, …")."""
    if not names:
        return "none"
    if len(names) > limit:
        return ", ".join(names[:limit]) + ", …"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " or " + names[-1]


def _plural(count: int, noun: str = "icon") -> str:
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


def explain_empty(icons: Sequence[Icon], filters: Filters) -> str:
    """Why `filters` keep none of `icons`, for a person; '' when they keep some (nothing to explain).

    A filter that alone keeps none is named first ("set:signal matches none of the 48 icons (their
    sets: Core UI, Studio or Blueprint)"); else the filters are applied in key order and the first that
    empties what the others left is named ("set:signal leaves none of the 12 Filled icons"). Values are
    sanitised.
    """
    if not icons:
        return "no icons to filter: the search found none"
    if not filters or filters.apply(icons):
        return ""
    keys = filters.keys
    everything = sanitize(" and ".join(filters.term_text(key) for key in keys), max_length=160)
    lead = f"no icon is {everything}: " if len(keys) > 1 else ""
    for key in keys:
        if not filters.only(key).apply(icons):
            term = sanitize(filters.term_text(key), max_length=80)
            return (
                f"{lead}{term} matches none of the {_plural(len(icons))}"
                f" (their {_PLURALS[key]}: {_either(_names_of(key, icons))})"
            )
    remaining: list[Icon] = list(icons)
    for number, key in enumerate(keys):
        applied = Filters(filters.terms[:number], filters.served)
        narrower = Filters(filters.terms[: number + 1], filters.served).apply(remaining)
        if not narrower:
            term = sanitize(filters.term_text(key), max_length=80)
            # What the filters before it left, described by the values they chose among those icons.
            described = []
            for before in keys[:number]:
                chosen = _names_of(before, remaining, chosen_by=filters, within=applied)
                described.append("/".join(chosen) if len(chosen) <= 2 else "/".join(chosen[:2]) + "/…")
            noun = " ".join([", ".join(described), "icon"])
            return (
                f"{lead}{term} leaves none of the {_plural(len(remaining), noun)}"
                f" (their {_PLURALS[key]}: {_either(_names_of(key, remaining, within=applied))})"
            )
        remaining = narrower
    return ""  # pragma: no cover - apply() kept none, so some key emptied what was left


def status_text(shown: int, total: int, filters: Filters) -> str:
    """The status line's count: "12 of 48 shown · style:filled" while filters are in force, else "48 icons"."""
    if not filters:
        return _plural(total)
    return f"{shown:,} of {total:,} shown · {sanitize(filters.text, max_length=80)}"
