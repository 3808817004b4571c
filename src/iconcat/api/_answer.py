"""A search answer's bytes to a `SearchResult`, in slices that leave the event loop free in between.

Why: an answer of 10,000 icons is about 5 MB of JSON. `json.loads` and then 9 frozen dataclasses per
icon built in Python took 250–450 ms in one piece, on the browser's event loop (the screen froze that
long; a thread would not help: both hold the GIL throughout). Here msgspec decodes each entry straight
into the models (their field types carry the parser's rules as constraints, checked in C), three to
five times faster, and entries are decoded `SLICE` at a time: `search_answer_steps` is a generator that
yields between slices, and the client gives the loop a turn at each yield. The longest stall is then
one slice (a few milliseconds), whatever the answer's size, unless CPython's garbage collector runs a
full collection in one of them (the objects decoded set it off): the browser pauses it while an answer
arrives (`iconcat.browsing.collector`). The client sends answers of `FAST_DECODE_FROM` bytes or more this
way; smaller ones (a page of 48) through the tolerant parser at once, so they never import msgspec.

The result is the tolerant parser's (`_models.parse_search_result` on `json.loads`), byte for byte,
on every body (tests/api/test_answer_parse.py holds today's parser as an oracle and compares):

- the fast path keeps an entry as decoded only when the typed decode accepts it, its name is not blank,
  its formats need no normalising, its variant ids are distinct and its optional extensions (`iconify`,
  `set.license`, `set.author`, `matched`) are as the tolerant parser keeps them: exactly the entries the
  tolerant parser keeps unchanged;
- an entry it refuses (a variant to drop, a format to normalise, `size` missing, an entry to skip) goes
  alone through `json.loads` and the tolerant parser's `_icon`, so it is dropped, mended or skipped as
  before;
- a body it cannot read the same way goes whole through `json.loads` and `parse_search_result` (one
  piece again: these are not what services send): whatever msgspec refuses (not an object with a
  `data` list, malformed JSON, NaN, a lone surrogate escape, deep nesting), bytes that are not strict
  UTF-8 (json.loads reads UTF-16, UTF-32 and encoded surrogates; msgspec does not check what it
  skips), and a run of digits longer than Python's limit on integer conversion (json.loads refuses such
  an integer even in a field nobody reads; msgspec skips it). The errors are then the tolerant path's.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Generator
from typing import Annotated, Any

import msgspec

from . import _models
from ._models import (
    _MAX_EXTENSION,
    _MAX_ID,
    _MAX_NEXT_URL,
    _MAX_PIXEL_SIZE,
    _MAX_TEXT,
    Icon,
    Ref,
    SearchResult,
    UnreadableAnswer,
    _icon,
    _Unfit,
    iconify_name,
    narrowed_words,
    plausible_total,
    well_formed_extensions,
    well_formed_matched,
)
from ._models import tolerant_answer as _tolerant

# The models' field types, with the tolerant parser's checks as constraints (see `_models`): bound in
# its namespace, where msgspec reads the classes' annotations, before the decoders below are built.
vars(_models).update(
    _Id=Annotated[int, msgspec.Meta(ge=0, le=_MAX_ID)],
    _Text=Annotated[str, msgspec.Meta(max_length=_MAX_TEXT)],
    _Format=Annotated[str, msgspec.Meta(max_length=16)],
    _PixelSize=Annotated[int, msgspec.Meta(gt=0, le=_MAX_PIXEL_SIZE)],
    _ExtensionText=Annotated[str, msgspec.Meta(max_length=_MAX_EXTENSION)],
)

__all__ = ["SLICE", "UnreadableAnswer", "parse_search_answer", "search_answer_steps"]

SLICE = 500
"""Entries decoded between two turns of the event loop: about 2 ms of work on this machine."""


class _Document(msgspec.Struct):
    """A search answer's top level: its entries left as raw JSON, decoded one by one later."""

    data: list[msgspec.Raw]
    meta: msgspec.Raw = msgspec.Raw(b"null")


class _Meta(msgspec.Struct):
    """`meta`'s two fields the client reads, raw: their types are judged as the tolerant parser does."""

    moreResultsAvailable: msgspec.Raw = msgspec.Raw(b"null")  # the service's own name
    next: msgspec.Raw = msgspec.Raw(b"null")
    total: msgspec.Raw = msgspec.Raw(b"null")
    narrowed: msgspec.Raw = msgspec.Raw(b"null")


_DOCUMENT = msgspec.json.Decoder(_Document)
_META = msgspec.json.Decoder(_Meta)
_ICON = msgspec.json.Decoder(Icon)
_TEXT = msgspec.json.Decoder(str)


class _Fallback(Exception):
    """Internal: the fast path cannot read this body exactly as json.loads would; use the tolerant path."""


def search_answer_steps(body: bytes) -> Generator[None, None, SearchResult]:
    """Decode `body` (a search answer, byte order mark removed); yields between slices of entries.

    Returns the `SearchResult` (`next_page` as the service wrote it, not yet vetted) or raises
    `UnreadableAnswer`. Drive it with `next()` and give the event loop a turn at each yield.
    """
    try:
        document = _split(body)
    except _Fallback:
        return _tolerant(body)
    yield
    icons: list[Icon] = []
    seen: set[int] = set()
    skipped = 0
    entries = document.data
    formats: set[str] = set()
    vetted: dict[object, Ref] = {}
    try:
        for start in range(0, len(entries), SLICE):
            for raw in entries[start : start + SLICE]:
                icon = _entry(raw, formats, vetted)
                if icon is None or icon.id in seen:
                    skipped += 1
                    continue
                seen.add(icon.id)
                icons.append(icon)
            yield
        more, following, total, narrowed = _meta(document.meta)
    except _Fallback:
        return _tolerant(body)
    return SearchResult(
        icons=tuple(icons),
        more_available=more,
        skipped=skipped,
        next_page=following,
        total=total,
        narrowed=narrowed,
    )


def parse_search_answer(body: bytes) -> SearchResult:
    """`search_answer_steps` in one go (no event loop to give turns to)."""
    steps = search_answer_steps(body)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: SearchResult = done.value
            return result


def _split(body: bytes) -> _Document:
    """The top level, its entries still raw; `_Fallback` when the fast path may not read it like json.loads."""
    if not body.isascii():
        try:
            body.decode("utf-8")
        except UnicodeDecodeError:
            raise _Fallback from None
    limit = sys.get_int_max_str_digits()
    # Digits mapped to "1", everything else to "0", then one substring search: a few milliseconds on
    # 5 MB, where a regular expression took 70 ms. Digits inside strings count too: such a body merely
    # takes the tolerant path.
    if limit and b"1" * (limit + 1) in body.translate(_DIGITS_AS_ONES):
        raise _Fallback
    try:
        return _DOCUMENT.decode(body)
    except (msgspec.MsgspecError, ValueError, RecursionError):
        raise _Fallback from None


_DIGITS_AS_ONES = bytes(0x31 if 0x30 <= byte <= 0x39 else 0x30 for byte in range(256))


def _entry(raw: msgspec.Raw, formats: set[str], vetted: dict[object, Ref]) -> Icon | None:
    """One entry as an Icon, or None when the tolerant parser would skip it.

    `formats` holds the formats already seen to be as the tolerant parser leaves them (lower case,
    stripped, not empty): a set lookup per variant instead of normalising each again. `vetted`
    likewise holds the sets with a licence or author seen to be as it leaves them, by their fields (a
    page's icons mostly share a few sets: one hash each instead of checking every field again).
    """
    try:
        icon = _ICON.decode(raw)
    except msgspec.ValidationError:
        return _tolerant_entry(raw)
    except (msgspec.MsgspecError, ValueError, RecursionError):
        raise _Fallback from None
    if not icon.name or icon.name.isspace():  # blank (isspace is exactly what strip() removes)
        return None
    if icon.iconify is not None and iconify_name(icon.iconify) is None:
        return _tolerant_entry(raw)  # not an Iconify name: the tolerant parser leaves it out
    if icon.matched and not well_formed_matched(icon.matched):
        return _tolerant_entry(raw)  # an unknown `by`, a word to sanitise or cut: mended there
    said_license, said_author = icon.set.license, icon.set.author
    if said_license is not None or said_author is not None:
        # Keyed by the strings (hashed in C, where hashing the dataclasses ran Python code: 2 µs).
        said = (
            icon.set.id,
            icon.set.name,
            None if said_license is None else (said_license.spdx, said_license.title, said_license.url),
            None if said_author is None else (said_author.name, said_author.url),
        )
        known = vetted.get(said)
        if known is None:
            if not well_formed_extensions(icon.set):
                return _tolerant_entry(raw)  # a blank field, a URL that is no web address: left out there
            vetted[said] = icon.set
        else:
            # An equal set already held: share it (its licence and author held once per page, not once
            # per icon: ~600 bytes an icon). Frozen for callers; the decoder may still choose its parts.
            object.__setattr__(icon, "set", known)
    category, style, series = icon.category, icon.style, icon.series
    if category.license or category.author or style.license or style.author or series.license or series.author:
        return _tolerant_entry(raw)  # the extensions belong to the set: the tolerant parser reads no other's
    variants = icon.variants
    for variant in variants:
        if variant.format not in formats:
            if not variant.format or variant.format != variant.format.strip().lower():
                return _tolerant_entry(raw)  # to be normalised, or dropped, by the tolerant parser
            formats.add(variant.format)
    if len(variants) > 1 and len({variant.id for variant in variants}) != len(variants):
        return _tolerant_entry(raw)  # the tolerant parser keeps the first of each id
    return icon


def _tolerant_entry(raw: msgspec.Raw) -> Icon | None:
    try:
        value: Any = json.loads(bytes(raw))
    except (ValueError, RecursionError):
        raise _Fallback from None
    try:
        return _icon(value)
    except _Unfit:
        return None


def _meta(raw: msgspec.Raw) -> tuple[bool, str | None, int | None, tuple[str, ...] | None]:
    """(`meta.moreResultsAvailable` is true, `meta.next` if a usable string, `meta.total` if a plausible
    count, `meta.narrowed` if a list of filter words), as the tolerant parser reads them."""
    try:
        meta = _META.decode(raw)
    except msgspec.ValidationError:
        return False, None, None, None  # not an object: no field
    except (msgspec.MsgspecError, ValueError, RecursionError):
        raise _Fallback from None
    more = bytes(meta.moreResultsAvailable) == b"true"
    try:
        following: str | None = _TEXT.decode(meta.next)
    except msgspec.ValidationError:
        following = None
    except (msgspec.MsgspecError, ValueError, RecursionError):
        raise _Fallback from None
    if following is not None and (not following.strip() or len(following) > _MAX_NEXT_URL):
        following = None
    try:
        total: Any = json.loads(bytes(meta.total))
        narrowed: Any = json.loads(bytes(meta.narrowed))
    except (ValueError, RecursionError):
        raise _Fallback from None
    return more, following, total if plausible_total(total) else None, narrowed_words(narrowed)
