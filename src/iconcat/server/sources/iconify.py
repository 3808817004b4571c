"""IconifyJSON → records: one set file (an `@iconify-json/<prefix>` package's `icons.json`, with its
`info.json`/`metadata.json` beside it, or one file of `@iconify/json/json/`) read into a `SetRecord` and
its `SourceIcon`s, every rule of issue 24's "How a real icon maps onto the interface" (docs/sources.md):

- set and series: `info.name` (else the prefix) and `info.category` (else "Other"); licence and author
  from `info.license` and `info.author`.
- category: the icon's first category in the set's own order (`categories` inline, else in
  metadata.json); a styled icon the set left out takes its base icon's; else "Uncategorised".
- style: the set's own themes (`prefixes`/`suffixes`, inline or in metadata.json), the longest match
  first; else a well-known suffix (`-filled`, `-outline`…) when the name without it is an icon of the
  set and the set pairs at least `MIN_STYLE_PAIRS` names that way; else "Regular".
- name: the key without its style, in words.
- aliases: lead search to the icon they name; listed as icons of their own only when they draw a
  different glyph (their own box or transformation) or their icon is hidden.
- hidden icons are produced with `hidden=True` (answered by id, never listed).
- the SVG document: the icon's box (its own `left/top/width/height`, else the set's root defaults in
  the set file, else Iconify's 0 0 16 16; never `info.height`), `rotate`/`hFlip`/`vFlip` applied as
  `@iconify/utils`' `iconToSVG` does, the body as the set has it (`currentColor` kept).

Reading is the hot path for `@iconify/json` (390,000 icons): one `json.loads` per file, then one pass
over the icons with plain dict look-ups and one f-string per icon; icons are yielded, not listed.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from .errors import UnreadableSet
from .naming import key_in_words
from .records import OTHER_SERIES, REGULAR, UNCATEGORISED, SetRecord, SourceIcon

__all__ = ["MIN_STYLE_PAIRS", "WELL_KNOWN_SUFFIXES", "iconify_svg", "read_iconify"]

WELL_KNOWN_SUFFIXES = frozenset(
    {"outline", "filled", "fill", "solid", "bold", "light", "thin", "duotone", "twotone", "sharp", "rounded"}
)
"""Name suffixes that mark a style in sets that declare no themes of their own (Tabler, MDI, Bootstrap)."""

MIN_STYLE_PAIRS = 5
"""How many of a set's names must pair with their base by one well-known suffix before that suffix counts
as a style in the set. The base-exists rule alone keeps Tabler's `brand-c-sharp` whole (there is no
`brand-c`), but not MDI's `format-color-fill` (there is a `format-color`), Lucide's `type-outline` or the
emoji sets' `police-car-light`: a suffix a set uses once or twice is part of a name; a style is used by
many (MDI's `-outline` 3,567 times, its `-fill` 3)."""

_BOX_DEFAULTS = (0.0, 0.0, 16.0, 16.0)
"""Iconify's own box when neither the icon nor the set's root says (left, top, width, height)."""
_BOX_KEYS = ("left", "top", "width", "height")
_OWN_GLYPH_KEYS = frozenset({"left", "top", "width", "height", "rotate", "hFlip", "vFlip"})
_PREFIX = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_NAME_CHARACTERS = b"abcdefghijklmnopqrstuvwxyz0123456789-\n"
_MAX_ALIAS_DEPTH = 16
"""Longer alias chains are taken for loops and dropped, as Iconify's own parser drops them."""

Warn = Callable[[str], None]


def read_iconify(
    path: Path,
    *,
    info_path: Path | None = None,
    metadata_path: Path | None = None,
    warn: Warn | None = None,
) -> tuple[SetRecord, Iterator[SourceIcon]]:
    """Read one IconifyJSON set file; `info_path`/`metadata_path` are an `@iconify-json` package's
    `info.json`/`metadata.json` beside it (used when the set file does not carry the same inline).

    Raises `UnreadableSet` when the file cannot be read or is not a set. A missing or broken info.json
    or metadata.json only loses what it would have said (they are not sets: passed over in silence).
    Icons that cannot be served (no body, or a name that is not an Iconify name: lower-case letters,
    digits and single hyphens, as every name of @iconify/json is) are left out, and `warn` gets one
    line for the set saying how many, once they are all read.
    """
    data = _load_set(path)
    info = data.get("info")
    if not isinstance(info, dict):
        info = _load_optional(info_path)
    metadata = _load_optional(metadata_path)
    record = _set_record(data, info, path)

    def left_out(count: int) -> None:
        if warn is not None:
            icons = "an icon" if count == 1 else f"{count:,} icons"
            warn(f"{path}: {icons} left out (no body, or a name that is not an Iconify name)")

    return record, _icons(data, metadata, left_out)


def iconify_svg(
    body: str,
    left: float,
    top: float,
    width: float,
    height: float,
    rotate: int = 0,
    h_flip: bool = False,
    v_flip: bool = False,
) -> tuple[str, float, float]:
    """A whole SVG document for an Iconify icon, and its width and height after rotation.

    The transformations are built exactly as `@iconify/utils`' `iconToSVG` builds them: a flip both ways
    is a half turn; a single flip is a translate and a scale (and moves the box to 0 0); the rotation
    about the box's centre comes first in the transform list; a quarter turn swaps the box's sides.
    `width`/`height` are the box's, in its units (Iconify's own default is `1em`, which means nothing
    to a rasteriser or to a file on disk).
    """
    transforms: list[str] = []
    if h_flip and v_flip:
        rotate += 2
    elif h_flip:
        transforms.append(f"translate({_num(width + left)} {_num(0 - top)})")
        transforms.append("scale(-1 1)")
        left = top = 0.0
    elif v_flip:
        transforms.append(f"translate({_num(0 - left)} {_num(height + top)})")
        transforms.append("scale(1 -1)")
        left = top = 0.0
    rotate %= 4
    if rotate == 1:
        centre = _num(height / 2 + top)
        transforms.insert(0, f"rotate(90 {centre} {centre})")
    elif rotate == 2:
        transforms.insert(0, f"rotate(180 {_num(width / 2 + left)} {_num(height / 2 + top)})")
    elif rotate == 3:
        centre = _num(width / 2 + left)
        transforms.insert(0, f"rotate(-90 {centre} {centre})")
    if rotate % 2:
        left, top = top, left
        width, height = height, width
    if transforms:
        defs, body = _split_defs(body) if "<defs" in body else ("", body)
        body = f'{defs}<g transform="{" ".join(transforms)}">{body}</g>'
    xlink = ' xmlns:xlink="http://www.w3.org/1999/xlink"' if "xlink:" in body else ""
    w, h = _num(width), _num(height)
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg"{xlink} width="{w}" height="{h}" '
        f'viewBox="{_num(left)} {_num(top)} {w} {h}">{body}</svg>'
    )
    return svg, width, height


def _split_defs(body: str) -> tuple[str, str]:
    """(`<defs>` with every definition, the rest), as `@iconify/utils`' `splitSVGDefs` splits a body
    before wrapping it in a transformed group: definitions stay outside the group. Its one guard added:
    a `</defs>` before the `<defs` it closes ends the split instead of looping forever."""
    defs = ""
    index = body.find("<defs")
    while index >= 0:
        start = body.find(">", index)
        end = body.find("</defs")
        if start == -1 or end == -1 or end < index:
            break
        end_end = body.find(">", end)
        if end_end == -1:
            break
        defs += body[start + 1 : end].strip()
        body = body[:index].strip() + body[end_end + 1 :]
    return (f"<defs>{defs}</defs>" if defs else ""), body


def _num(value: float) -> str:
    """A number as JavaScript's `toString` writes it for the values icons use: `24`, not `24.0`."""
    if value == int(value):
        return str(int(value))
    return repr(value)


def _load_set(path: Path) -> dict[str, Any]:
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise UnreadableSet(f"cannot be read ({error.strerror or error})") from None
    try:
        data = json.loads(raw)
    except UnicodeDecodeError:
        raise UnreadableSet("not UTF-8 text") from None
    except ValueError as error:
        raise UnreadableSet(f"not JSON ({error})") from None
    except RecursionError:
        raise UnreadableSet("not JSON this reader can take (nested too deeply)") from None
    if not isinstance(data, dict) or "prefix" not in data or not isinstance(data.get("icons"), dict):
        raise UnreadableSet('not an IconifyJSON set (a JSON object with "prefix" and "icons")')
    prefix = data["prefix"]
    if not isinstance(prefix, str) or not _PREFIX.fullmatch(prefix):
        raise UnreadableSet("its prefix is not an Iconify prefix (lower-case letters, digits and hyphens)")
    return data


def _load_optional(path: Path | None) -> dict[str, Any]:
    if path is None:
        return {}
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _text(value: object) -> str | None:
    return value.strip() or None if isinstance(value, str) else None


def _set_record(data: dict[str, Any], info: dict[str, Any], path: Path) -> SetRecord:
    prefix: str = data["prefix"]
    licence = info.get("license")
    licence = licence if isinstance(licence, dict) else {}
    author = info.get("author")
    if isinstance(author, str):  # older files: the author's name alone
        author = {"name": author}
    author = author if isinstance(author, dict) else {}
    return SetRecord(
        prefix=prefix,
        name=_text(info.get("name")) or prefix,
        series=_text(info.get("category")) or OTHER_SERIES,
        source=str(path),
        license_spdx=_text(licence.get("spdx")),
        license_title=_text(licence.get("title")),
        license_url=_text(licence.get("url")),
        author_name=_text(author.get("name")),
        author_url=_text(author.get("url")),
    )


def _number(value: object, default: float) -> float:
    if type(value) is int or (type(value) is float and math.isfinite(value)):
        return value
    return default


def _root_box(data: Mapping[str, Any]) -> tuple[float, float, float, float]:
    left, top, width, height = (_number(data.get(key), fallback) for key, fallback in zip(_BOX_KEYS, _BOX_DEFAULTS))
    return left, top, width if width > 0 else 16.0, height if height > 0 else 16.0


def _themes(data: Mapping[str, Any], metadata: Mapping[str, Any], key: str) -> dict[str, str]:
    themes = data.get(key)
    if not isinstance(themes, dict):
        themes = metadata.get(key)
    if not isinstance(themes, dict):
        return {}
    return {affix: title.strip() for affix, title in themes.items() if isinstance(affix, str) and _text(title)}


def _style_rule(
    data: Mapping[str, Any], metadata: Mapping[str, Any], names: set[str]
) -> Callable[[str], tuple[str, str]] | None:
    """How this set splits a key into (base, style); None when every key is its own base, "Regular"."""
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
    for name in names:
        base, _, last = name.rpartition("-")
        if last in WELL_KNOWN_SUFFIXES and base in names:
            pairs[last] += 1
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


def _unstyled(key: str) -> tuple[str, str]:
    return key, REGULAR


def _first_categories(data: Mapping[str, Any], metadata: Mapping[str, Any]) -> dict[str, str]:
    """Each icon's first category in the set's own order (an icon in several keeps only that one)."""
    categories = data.get("categories")
    if not isinstance(categories, dict):
        categories = metadata.get("categories")
    first: dict[str, str] = {}
    if isinstance(categories, dict):
        for title, keys in categories.items():
            title = _text(title)
            if title and isinstance(keys, list):
                for key in keys:
                    if isinstance(key, str):
                        first.setdefault(key, title)
    return first


class _Aliases:
    """Which aliases lead search to an icon and which are icons of their own (see the module's rules)."""

    def __init__(self, icons: Mapping[str, Any], aliases: Mapping[str, Any], root: tuple[float, ...]) -> None:
        self.icons = icons
        self.aliases = aliases
        self.root = root
        self._target: dict[str, str | None] = {}
        """alias → the listed key it leads to, or None when listed on its own; absent = dropped."""
        self._glyph: dict[str, tuple[Any, ...] | None] = {}

    def glyph(self, key: str, depth: int = 0) -> tuple[Any, ...] | None:
        """(body, left, top, width, height, rotate, hFlip, vFlip, icon hidden) merged along the alias chain
        as Iconify merges it, or None when the chain is broken (a missing parent, a loop)."""
        if key in self._glyph:
            return self._glyph[key]
        entry = self.icons.get(key)
        result: tuple[Any, ...] | None = None
        if isinstance(entry, dict) and isinstance(entry.get("body"), str):
            box = _entry_box(entry, self.root)
            result = (entry["body"], *box, *_entry_transform(entry), entry.get("hidden") is True)
        elif depth < _MAX_ALIAS_DEPTH and isinstance(alias := self.aliases.get(key), dict):
            parent = alias.get("parent")
            inherited = self.glyph(parent, depth + 1) if isinstance(parent, str) and parent != key else None
            if inherited is not None:
                body, left, top, width, height, rotate, h_flip, v_flip, hidden = inherited
                left, top, width, height = (
                    _number(alias.get(name), value) for name, value in zip(_BOX_KEYS, (left, top, width, height))
                )
                own_rotate, own_h, own_v = _entry_transform(alias)
                result = (
                    body,
                    left,
                    top,
                    width if width > 0 else inherited[3],
                    height if height > 0 else inherited[4],
                    (rotate + own_rotate) % 4,
                    h_flip != own_h,
                    v_flip != own_v,
                    hidden,
                )
        self._glyph[key] = result
        return result

    def target(self, key: str, depth: int = 0) -> str | None:
        """The listed icon an alias leads to (None: listed on its own); raises KeyError when dropped."""
        if key in self._target:
            return self._target[key]
        alias = self.aliases[key]
        parent = alias.get("parent")
        if type(parent) is not str or parent == key or depth >= _MAX_ALIAS_DEPTH:
            raise KeyError(key)
        result: str | None
        if _OWN_GLYPH_KEYS.intersection(alias):  # rare (42 in @iconify/json): merge the chain to compare
            glyph, inherited = self.glyph(key), self.glyph(parent)
            if glyph is None or inherited is None:
                raise KeyError(key)
            if glyph[1:8] != inherited[1:8]:  # a different glyph drawn from the same body
                self._target[key] = None
                return None
        if parent in self.icons:
            entry = self.icons[parent]
            if type(entry) is not dict or type(entry.get("body")) is not str:
                raise KeyError(key)
            result = None if entry.get("hidden") is True else parent
        elif parent in self.aliases:
            result = parent if self.target(parent, depth + 1) is None else self._target[parent]
        else:
            raise KeyError(key)
        self._target[key] = result
        return result

    def listed(self) -> Iterator[tuple[str, str | None]]:
        """Every alias that is not dropped, with what `target` says of it."""
        for key in self.aliases:
            try:
                yield key, self.target(key)
            except KeyError:
                continue


def _entry_box(entry: Mapping[str, Any], root: tuple[float, ...]) -> tuple[float, float, float, float]:
    left = _number(entry.get("left"), root[0])
    top = _number(entry.get("top"), root[1])
    width = _number(entry.get("width"), root[2])
    height = _number(entry.get("height"), root[3])
    return left, top, width if width > 0 else root[2], height if height > 0 else root[3]


def _entry_transform(entry: Mapping[str, Any]) -> tuple[int, bool, bool]:
    rotate = entry.get("rotate")
    return (
        rotate if type(rotate) is int else 0,
        entry.get("hFlip") is True,
        entry.get("vFlip") is True,
    )


def _bad_names(names: list[str]) -> set[str]:
    """The names that are not Iconify names. All of a set's names are checked at once with string
    methods (every name of @iconify/json passes), one by one only when that finds a fault."""
    text = "\n".join(names)
    if (
        all(names)
        and text.isascii()
        and not text.encode("ascii").translate(None, _NAME_CHARACTERS)
        and "--" not in text
        and "\n-" not in text
        and "-\n" not in text
        and "\n\n" not in text
        and not text.startswith(("-", "\n"))
        and not text.endswith(("-", "\n"))
    ):
        return set()
    return {name for name in names if not _PREFIX.fullmatch(name)}


def _icons(data: dict[str, Any], metadata: dict[str, Any], left_out: Callable[[int], None]) -> Iterator[SourceIcon]:
    icons: dict[str, Any] = data["icons"]
    given = data.get("aliases")
    aliases = {key: value for key, value in given.items() if isinstance(value, dict)} if isinstance(given, dict) else {}
    bad = _bad_names([*icons, *aliases])
    if bad:
        icons = {key: entry for key, entry in icons.items() if key not in bad}
        aliases = {key: entry for key, entry in aliases.items() if key not in bad}
    skipped = len(bad)
    root = _root_box(data)
    names = set(icons)
    names.update(aliases)
    style_rule = _style_rule(data, metadata, names)
    split = style_rule or _unstyled
    first_category = _first_categories(data, metadata)

    resolver = _Aliases(icons, aliases, root)
    led_by: dict[str, list[str]] = {}
    own: list[str] = []
    for key, target in resolver.listed():
        if aliases[key].get("hidden") is True and target is not None:
            continue  # a hidden plain alias leads nowhere
        if target is None:
            own.append(key)
        else:
            led_by.setdefault(target, []).append(key)

    def category(key: str, base: str) -> str:
        return first_category.get(key) or first_category.get(base) or UNCATEGORISED

    # The hot loop (390,000 times for @iconify/json): most icons are a body alone in the set's root box,
    # so their document is the root's head, the body and the tail; names in words are shared by a
    # glyph's styles, so each base is put in words once. SourceIcon's fields go positionally (keywords
    # cost a third of its construction).
    head = iconify_svg("", *root)[0].removesuffix("</svg>")
    root_width, root_height = root[2], root[3]
    words: dict[str, str] = {}
    no_aliases: tuple[str, ...] = ()
    for key, entry in icons.items():
        body = entry.get("body") if type(entry) is dict else None
        if type(body) is not str:
            skipped += 1
            continue
        if len(entry) == 1 and "xlink:" not in body:
            svg, width, height = head + body + "</svg>", root_width, root_height
        else:
            svg, width, height = iconify_svg(body, *_entry_box(entry, root), *_entry_transform(entry))
        base, style = split(key) if style_rule else (key, REGULAR)
        name = words.get(base)
        if name is None:
            name = words[base] = key_in_words(base)
        led = led_by.get(key)
        yield SourceIcon(
            key,
            name,
            style,
            (first_category.get(key) or first_category.get(base) or UNCATEGORISED) if first_category else UNCATEGORISED,
            svg,
            width,
            height,
            tuple(led) if led else no_aliases,
            entry.get("hidden") is True,
        )

    for key in own:
        glyph = resolver.glyph(key)
        assert glyph is not None  # listed() dropped broken chains
        body, left, top, width, height, rotate, h_flip, v_flip, _ = glyph
        svg, width, height = iconify_svg(body, left, top, width, height, rotate, h_flip, v_flip)
        base, style = split(key)
        parent_category = UNCATEGORISED
        ancestor = aliases[key].get("parent")
        for _ in range(_MAX_ALIAS_DEPTH):  # the icon the chain ends at lends its category
            if ancestor in icons:
                parent_category = category(ancestor, split(ancestor)[0])
                break
            ancestor = aliases.get(ancestor, {}).get("parent")
        yield SourceIcon(
            key=key,
            name=key_in_words(base),
            style=style,
            category=first_category.get(key) or first_category.get(base) or parent_category,
            svg=svg,
            width=width,
            height=height,
            aliases=tuple(led_by.get(key, ())),
            hidden=aliases[key].get("hidden") is True,
        )
    if skipped:
        left_out(skipped)
