"""How a filter word's values select names: the one rule the browser's filters and the catalogue's `narrow` share.

`iconcat.browsing.filters` applies filter words (`style:filled`, `set:"core ui"`) to the icons it holds;
the embedded catalogue (`iconcat.server`) narrows a search by the same words when asked
(`/api/v1/search?…&narrow=set:tabler`). The server may import nothing of `iconcat.browsing` (nor the
client it types against), so the matching itself lives here, below both, and neither keeps a copy:

- names and values are compared *compact*: sanitised (and cut at `MAX_VALUE` characters), case-folded,
  without spaces, hyphens, underscores or quotes (`set:core-ui`, `set:coreui` and `set:"core ui"` all
  select "Core UI");
- a value is a prefix of the name (`style:fil` selects Filled) unless quoted and closed, then exact
  (`style:"ios"` selects iOS, not iOS Filled); a quote still open is a value being typed: a prefix;
- a name whose first word is a number (a size: Fluent's styles "20 Filled", "24 Light") is also
  selected by a prefix of what follows it: `style:filled` selects "20 Filled" as it does "Filled", so
  a set whose styles carry a size is narrowed by its style too (Fluent's 19,876 icons, over the cap,
  were out of reach by `style:` until session 37); `style:20` still selects by the whole name;
- a word's values are cut at commas outside quotes (`style:filled,outline`), alternatives of one key;
- a set's value that is the Iconify prefix of a served set (exact, any case: `set:mdi`, `set:fa6-solid`,
  `set:ic`) selects the sets of that prefix, by their names, and nothing else (`set:ic` is Google's
  Material Icons, not the eleven sets whose names start with "Ic"); only a value no served set has as
  its prefix selects by name as above (`set_patterns`, given the served sets' prefixes and names);
- a `license:` value selects an icon when it selects one of the SPDX ids of its set's licence
  expression (`license_ids`: "MIT OR Apache-2.0" is MIT and Apache-2.0), by the rule above, so
  `license:cc-by` selects CC-BY-4.0, CC-BY-SA-4.0 and CC-BY-NC-4.0; a set with no SPDX id is
  "unknown" (`license:unknown`, `UNKNOWN_LICENSE`) (`license_selected`).

The served sets are the catalogue's to say: the browser learns them from its catalogue
(`CatalogueSpec.iconify_sets`), `narrow` from the catalogue it answers for, so both keep the same sets.

What the keys are, AND across keys, sizes and formats are the callers' (filters.py's docstring).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import NamedTuple

from iconcat.text import sanitize

__all__ = [
    "EMPTY",
    "MAX_VALUE",
    "UNKNOWN_LICENSE",
    "Pattern",
    "compact",
    "compile_values",
    "license_ids",
    "license_selected",
    "normal_value",
    "selected",
    "served_prefix",
    "set_patterns",
    "split_values",
]

MAX_VALUE = 100
"""A filter value longer than this is cut: no style or set name is that long."""

EMPTY: Mapping[str, str] = MappingProxyType({})
"""No served set has an Iconify prefix (the demo, the seed's service): `set_patterns`'s `served`."""

_SEPARATORS = re.compile(r"[\s\-_\"]+")


def compact(text: str) -> str:
    """`text` as filters compare it: sanitised (and cut as values are), case-folded, without spaces,
    hyphens, underscores or quotes. Names and values go through the same steps, so a name with a
    control character or a very long one still selects itself."""
    return _SEPARATORS.sub("", sanitize(text, max_length=MAX_VALUE).casefold())


def split_values(value: str) -> list[str]:
    """A filter word's value cut at its commas, not at commas inside quotes (which open only where a
    value starts)."""
    items: list[str] = []
    start = 0
    quoted = False
    for index, char in enumerate(value):
        if quoted:
            quoted = char != '"'
        elif char == '"' and index == start:
            quoted = True
        elif char == ",":
            items.append(value[start:index])
            start = index + 1
    items.append(value[start:])
    return items


def normal_value(raw: str) -> str | None:
    """One value as the canonical text writes it ("filled", "core-ui", '"core ui"'), or None if empty.

    Quoted and closed is exact, written quoted; so is a value holding a comma (only quotes keep one).
    A prefix's spaces are written as hyphens."""
    stripped = raw.strip()
    exact = stripped.startswith('"') and stripped.count('"') >= 2
    text = " ".join(sanitize(raw.replace('"', " "), max_length=MAX_VALUE).casefold().split())
    if not compact(text):
        return None
    if exact or "," in text:
        return f'"{text}"'
    return text.replace(" ", "-")


class Pattern(NamedTuple):
    """A value compiled for matching: its compact text, and whether the whole name must equal it."""

    text: str
    exact: bool


def compile_values(values: Iterable[str], *, numeric_exact: bool = False) -> tuple[Pattern, ...]:
    """Canonical values (`normal_value`'s) as patterns. `numeric_exact`: a value of digits is exact
    (a pixel size is a number: `size:5` is not a prefix of 512)."""
    patterns = []
    for value in values:
        # Already sanitised, cut and folded (`normal_value`): only the separators go.
        text = _SEPARATORS.sub("", value)
        patterns.append(Pattern(text, value.startswith('"') or (numeric_exact and text.isdigit())))
    return tuple(patterns)


_SIZE_WORD = re.compile(r"\s*\d+(?:px)?\s+(?=\S)", re.IGNORECASE)
"""A first word that is a number (a size: "20 Filled", "24px Outline"), and the space after it."""


def selected(patterns: tuple[Pattern, ...], name: str) -> bool:
    """True when one of `patterns` selects a value called `name` (a name led by a size also by the rest)."""
    folded = compact(name)
    if any(folded == p.text if p.exact else folded.startswith(p.text) for p in patterns):
        return True
    sized = _SIZE_WORD.match(name)
    if sized is None:
        return False
    rest = compact(name[sized.end() :])
    return any(not p.exact and rest.startswith(p.text) for p in patterns)


def served_prefix(value: str, served: Mapping[str, str]) -> str | None:
    """The served prefix a canonical value (`normal_value`'s) names, exactly and in any case ("mdi",
    '"fa6-solid"'), or None: `served` maps each served set's Iconify prefix (lower case) to its name."""
    if not served:
        return None
    text = value.strip('"').replace(" ", "-").casefold()
    return text if text in served else None


def set_patterns(values: Iterable[str], served: Mapping[str, str]) -> tuple[Pattern, ...]:
    """Canonical `set:` values as patterns: one that is a served prefix (`served_prefix`) selects that
    set's name exactly, the others select names as any value does (`compile_values`)."""
    patterns: list[Pattern] = []
    for value in values:
        prefix = served_prefix(value, served)
        if prefix is None:
            patterns.extend(compile_values((value,)))
        else:
            patterns.append(Pattern(compact(served[prefix]), exact=True))
    return tuple(patterns)


UNKNOWN_LICENSE = "unknown"
"""The licence id of a set that gives no SPDX id: `license:unknown` selects it, the facet panel counts it."""

_EXPRESSION_WORDS = re.compile(r"[()\s]+")
_OPERATORS = frozenset({"or", "and", "with"})


def license_ids(spdx: str | None) -> tuple[str, ...]:
    """The SPDX ids of a licence expression, in order, without repeats ("MIT OR Apache-2.0" → ("MIT",
    "Apache-2.0")); a `WITH` exception is not a licence of its own ("GPL-2.0 WITH Classpath-exception-2.0"
    → ("GPL-2.0",)); no id (None, blank, only operators) → (`UNKNOWN_LICENSE`,). Untrusted text: each id
    is sanitised and cut at `MAX_VALUE` characters."""
    ids: list[str] = []
    after_with = False
    for word in _EXPRESSION_WORDS.split(spdx or ""):
        folded = word.casefold()
        if not word or folded in _OPERATORS:
            after_with = folded == "with"
            continue
        if after_with:
            after_with = False
            continue
        shown = sanitize(word, max_length=MAX_VALUE)
        if shown and shown not in ids:
            ids.append(shown)
    return tuple(ids) or (UNKNOWN_LICENSE,)


def license_selected(patterns: tuple[Pattern, ...], spdx: str | None) -> bool:
    """True when `patterns` (a `license:` word's) select one of the ids of the licence `spdx`
    (`license_ids`; a set with none is "unknown")."""
    return any(selected(patterns, licence) for licence in license_ids(spdx))
