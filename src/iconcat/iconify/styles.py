"""An icon's style, from its key: the set's own themes, else a well-known suffix, else `REGULAR`.

- themes: the set's `prefixes`/`suffixes` (in the set's document or its metadata), the longest match
  first; the empty theme names the rest (else `REGULAR`); a theme alone is a name, not a style.
- else a well-known suffix (`-filled`, `-outline`…) when the key without it is an icon of the set and
  the set pairs at least `MIN_STYLE_PAIRS` names that way.
- the name is the key without its style (put in words by `names.key_in_words`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping
from typing import Any

from .sets import text

__all__ = ["MIN_STYLE_PAIRS", "REGULAR", "WELL_KNOWN_SUFFIXES", "StyleRule", "style_rule", "unstyled"]

REGULAR = "Regular"
"""An icon's style when neither its set's themes, a style suffix nor a style folder names one."""

WELL_KNOWN_SUFFIXES = frozenset(
    {"outline", "filled", "fill", "solid", "bold", "light", "thin", "duotone", "twotone", "sharp", "rounded"}
)
"""Name suffixes that mark a style in sets that declare no themes of their own (Tabler, MDI, Bootstrap)."""

_WELL_KNOWN_ENDINGS = tuple(sorted("-" + suffix for suffix in WELL_KNOWN_SUFFIXES))

MIN_STYLE_PAIRS = 5
"""How many of a set's names must pair with their base by one well-known suffix before that suffix counts
as a style in the set. The base-exists rule alone keeps Tabler's `brand-c-sharp` whole (there is no
`brand-c`), but not MDI's `format-color-fill` (there is a `format-color`), Lucide's `type-outline` or the
emoji sets' `police-car-light`: a suffix a set uses once or twice is part of a name; a style is used by
many (MDI's `-outline` 3,567 times, its `-fill` 3)."""

StyleRule = Callable[[str], tuple[str, str]]
"""A key → (its base, its style)."""


def _themes(data: Mapping[str, Any], metadata: Mapping[str, Any], key: str) -> dict[str, str]:
    themes = data.get(key)
    if not isinstance(themes, dict):
        themes = metadata.get(key)
    if not isinstance(themes, dict):
        return {}
    return {affix: title.strip() for affix, title in themes.items() if isinstance(affix, str) and text(title)}


def style_rule(
    data: Mapping[str, Any],
    metadata: Mapping[str, Any],
    names: Collection[str],
    keys: Collection[str] | None = None,
) -> StyleRule | None:
    """How this set splits a key into (base, style); None when every key is its own base, `REGULAR`.
    `names` are every key of the set, its aliases' included (the well-known rule looks bases up there).

    `keys`: the only keys the rule will be asked about (a few icons of a set: an API's answer), when
    known. Then only the suffixes they end in are counted, each until it is a style for sure
    (`MIN_STYLE_PAIRS`): the same answer for those keys, without reading all of a set's 9,000 names."""
    prefixes = _themes(data, metadata, "prefixes")
    suffixes = _themes(data, metadata, "suffixes")
    if prefixes or suffixes:
        default = suffixes.get("") or prefixes.get("") or REGULAR
        # Longest first: Fluent's `24-filled` before a `filled`, Material Symbols' `outline-rounded` before `rounded`.
        by_prefix = sorted(((a + "-", t) for a, t in prefixes.items() if a), key=lambda item: -len(item[0]))
        by_suffix = sorted(((len(a) + 1, "-" + a, t) for a, t in suffixes.items() if a), key=lambda item: -item[0])

        def themed(key: str) -> tuple[str, str]:
            for affix, title in by_prefix:
                if key.startswith(affix) and len(key) > len(affix):
                    return key[len(affix) :], title
            for length, affix, title in by_suffix:
                if key.endswith(affix) and len(key) > length:
                    return key[:-length], title
            return key, default

        return themed

    pairs: Counter[str] = Counter()
    endings = _WELL_KNOWN_ENDINGS
    if keys is not None:
        endings = tuple(ending for ending in _WELL_KNOWN_ENDINGS if any(key.endswith(ending) for key in keys))
    undecided = len(endings)
    for name in names if endings else ():
        # (`endswith` with a tuple in C first: most names end in no style.)
        if name.endswith(endings):
            base, _, last = name.rpartition("-")
            if last in WELL_KNOWN_SUFFIXES and base in names:
                pairs[last] += 1
                if keys is not None and pairs[last] == MIN_STYLE_PAIRS:
                    undecided -= 1
                    if not undecided:
                        break  # (every suffix asked about is a style: no name can change that)
    styles = {suffix: suffix.capitalize() for suffix, count in pairs.items() if count >= MIN_STYLE_PAIRS}
    if not styles:
        return None

    def well_known(key: str) -> tuple[str, str]:
        base, _, last = key.rpartition("-")
        style = styles.get(last)
        if style is not None and base in names:
            return base, style
        return key, REGULAR

    return well_known


def unstyled(key: str) -> tuple[str, str]:
    """The rule of a set without styles: every key its own base, `REGULAR`."""
    return key, REGULAR
