"""One IconifyJSON document read into icons: every rule of issue 24's "How a real icon maps onto the
interface" (docs/sources.md), from this package's modules:

- name: the key without its style, in words (`styles`, `names.key_in_words`).
- style: the set's own themes, else a well-known suffix, else "Regular" (`styles`).
- category: the icon's first category in the set's own order; a styled icon the set left out takes
  its base icon's; else "Uncategorised" (`sets.first_categories`).
- aliases: lead search to the icon they name; listed as icons of their own only when they draw a
  different glyph (their own box or transformation) or their icon is hidden (`aliases`).
- hidden icons are made with `hidden=True` (answered by id, never listed).
- the SVG document: the icon's box and transformations as `@iconify/utils` applies them (`svg`).
- names that are not Iconify names, and icons without a body, are left out and counted.

Reading is the hot path for `@iconify/json` (390,000 icons): one pass over the icons with plain dict
look-ups and one f-string per icon; icons are yielded, not listed, each made by the caller's own
constructor (a set from disk's record, an API's answer) so that nothing is made twice.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from typing import Any, TypeVar

from .aliases import MAX_ALIAS_DEPTH, Aliases
from .names import bad_names, is_name, key_in_words
from .sets import UNCATEGORISED, first_categories
from .styles import REGULAR, style_rule, unstyled
from .svg import entry_box, entry_transform, iconify_svg, root_box

__all__ = ["not_a_set", "read_icons"]

T = TypeVar("T")


def not_a_set(data: object) -> str | None:
    """Why `data` (a decoded JSON document) is not an IconifyJSON set, in words; None when it is one
    (an object with an Iconify `prefix` and an `icons` object)."""
    if not isinstance(data, dict) or "prefix" not in data or not isinstance(data.get("icons"), dict):
        return 'not an IconifyJSON set (a JSON object with "prefix" and "icons")'
    prefix = data["prefix"]
    if not isinstance(prefix, str) or not is_name(prefix):
        return "its prefix is not an Iconify prefix (lower-case letters, digits and hyphens)"
    return None


def read_icons(
    data: Mapping[str, Any],
    metadata: Mapping[str, Any],
    make: Callable[[str, str, str, str, str, float, float, tuple[str, ...], bool], T],
    left_out: Callable[[int], None],
    *,
    every_name: Collection[str] | None = None,
) -> Iterator[T]:
    """The icons of one IconifyJSON document (`not_a_set` said nothing against it), each made by
    `make(key, name, style, category, svg, width, height, aliases, hidden)`, yielded as read (see the
    module docstring); `metadata` is what the set's metadata says beside it ({} when nothing).
    `left_out(count)` is told, once they are all read, how many could not be served (no body, or a
    name that is no Iconify name), when any. `every_name`: every key of the set, its aliases' too, when
    `data` holds only some of its icons (an API's answer for a few): the well-known style suffixes are
    told by the whole set, so an icon gets the style it has in the whole file."""
    icons: dict[str, Any] = data["icons"]
    given = data.get("aliases")
    aliases = {key: value for key, value in given.items() if isinstance(value, dict)} if isinstance(given, dict) else {}
    bad = bad_names([*icons, *aliases])
    if bad:
        icons = {key: entry for key, entry in icons.items() if key not in bad}
        aliases = {key: entry for key, entry in aliases.items() if key not in bad}
    skipped = len(bad)
    root = root_box(data)
    names = set(icons)
    names.update(aliases)
    rule = style_rule(data, metadata, names) if every_name is None else style_rule(data, metadata, every_name, names)
    split = rule or unstyled
    first_category = first_categories(data, metadata)

    resolver = Aliases(icons, aliases, root)
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
    # glyph's styles, so each base is put in words once. `make`'s fields go positionally (keywords
    # cost a third of a dataclass's construction).
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
            svg, width, height = iconify_svg(body, *entry_box(entry, root), *entry_transform(entry))
        base, style = split(key) if rule else (key, REGULAR)
        name = words.get(base)
        if name is None:
            name = words[base] = key_in_words(base)
        led = led_by.get(key)
        yield make(
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
        for _ in range(MAX_ALIAS_DEPTH):  # the icon the chain ends at lends its category
            if ancestor in icons:
                parent_category = category(ancestor, split(ancestor)[0])
                break
            ancestor = aliases.get(ancestor, {}).get("parent")
        yield make(
            key,
            key_in_words(base),
            style,
            first_category.get(key) or first_category.get(base) or parent_category,
            svg,
            width,
            height,
            tuple(led_by.get(key, ())),
            aliases[key].get("hidden") is True,
        )
    if skipped:
        left_out(skipped)
