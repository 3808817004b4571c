"""Today's search-answer parser, frozen here as the oracle the fast decoder (`iconcat.api._answer`) is
compared with (tests/api/test_answer_parse.py): `json.loads`, then the tolerant checks in Python.

A copy, not an import: if the library's own tolerant parser (its fallback) ever drifts, the comparison
still holds the behaviour as it was when the fast decoder replaced it. Since then it learnt the optional
extensions the same way (an icon's `iconify`, the set's `license` and `author`: issue 24; an icon's
`matched`: issue 31), written here again from their rules rather than imported. `legacy_parse(body)` returns
the `SearchResult`, or the words the client's `ProtocolError` ends with ("is not valid JSON: …",
"has the wrong shape (…)"), as the client read a body before (byte order mark already removed).
"""

from __future__ import annotations

import json
import re
from typing import Any

from iconcat.api import Author, Icon, License, Match, Ref, SearchResult, Variant
from iconcat.text import sanitize

__all__ = ["legacy_parse"]

_MAX_ID = 2**63 - 1
_MAX_PIXEL_SIZE = 1_000_000
_MAX_TEXT = 10_000
_MAX_NEXT_URL = 8192
_MAX_EXTENSION = 2048
_ICONIFY = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*:[a-z0-9]+(-[a-z0-9]+)*")


def legacy_parse(body: bytes) -> SearchResult | str:
    """The result the client built from `body` before the fast decoder, or its error's words."""
    problem: str | None = None
    try:
        document = json.loads(body)
    except RecursionError:
        problem = "is nested too deeply"
    except ValueError:
        problem = "is not valid JSON"
    if problem is not None:
        return f"{problem}: the service may be misconfigured"
    try:
        return parse_search_result(document)
    except ValueError as error:
        reason = str(error)
    except RecursionError:
        reason = "it is nested too deeply"
    return f"has the wrong shape ({reason})"


class _Unfit(Exception):
    """An entry does not fit the model (internal: it is skipped, never raised to callers)."""


def _identifier(value: Any) -> int:
    # bool is an int subclass: `true` is not an id.
    if type(value) is not int or not 0 <= value <= _MAX_ID:
        raise _Unfit
    return value


def _text(value: Any, *, allow_empty: bool = False) -> str:
    if not isinstance(value, str) or len(value) > _MAX_TEXT or (not allow_empty and not value.strip()):
        raise _Unfit
    return value


def _mapping(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _Unfit
    return value


def _ref(value: Any) -> Ref:
    entry = _mapping(value)
    return Ref(id=_identifier(entry.get("id")), name=_text(entry.get("name"), allow_empty=True))


def _extension_text(value: Any) -> str | None:
    ok = isinstance(value, str) and len(value) <= _MAX_EXTENSION and value.strip() != ""
    return value if ok else None


def _web_address(value: Any) -> str | None:
    text = _extension_text(value)
    if text is None or not text.lower().startswith(("http://", "https://")):
        return None
    host = text.split("://", 1)[1]
    if not host or host[0] in "/?#" or any(char.isspace() for char in text):
        return None
    return text


def _set(value: Any) -> Ref:
    ref = _ref(value)
    license = author = None
    found = value.get("license")
    if isinstance(found, dict):
        fields = (
            _extension_text(found.get("spdx")),
            _extension_text(found.get("title")),
            _web_address(found.get("url")),
        )
        license = License(*fields) if any(field is not None for field in fields) else None
    found = value.get("author")
    if isinstance(found, dict):
        name, url = _extension_text(found.get("name")), _web_address(found.get("url"))
        author = Author(name, url) if name is not None or url is not None else None
    return Ref(ref.id, ref.name, license, author)


def _iconify(value: Any) -> str | None:
    return value if isinstance(value, str) and len(value) <= 200 and _ICONIFY.fullmatch(value) else None


def _matched(value: Any) -> tuple[Match, ...]:
    # Issue 31's rule: entries that are objects with a known `by` and `word`, `term` strings of at most
    # 2,048 characters, not blank once sanitised; kept sanitised and cut to 100; the first 32 of them.
    if not isinstance(value, list):
        return ()
    kept = []
    for entry in value:
        if not isinstance(entry, dict) or entry.get("by") not in ("name", "alias", "tag", "synonym", "inside"):
            continue
        texts = [entry.get("word"), entry.get("term")]
        if not all(isinstance(text, str) and len(text) <= 2048 for text in texts):
            continue
        word, term = (sanitize(text, max_length=100) for text in texts)
        if word and term:
            kept.append(Match(entry["by"], word, term))
    return tuple(kept[:32])


def _variant(value: Any) -> Variant:
    entry = _mapping(value)
    size = entry.get("size")
    if size is not None and (type(size) is not int or not 0 < size <= _MAX_PIXEL_SIZE):
        raise _Unfit
    fmt = _text(entry.get("format")).strip().lower()
    if len(fmt) > 16:
        raise _Unfit
    return Variant(id=_identifier(entry.get("id")), format=fmt, size=size)


def _variants(value: Any) -> tuple[Variant, ...]:
    if not isinstance(value, list):
        raise _Unfit
    kept: list[Variant] = []
    seen: set[int] = set()
    for item in value:
        try:
            variant = _variant(item)
        except _Unfit:
            continue
        if variant.id not in seen:
            seen.add(variant.id)
            kept.append(variant)
    return tuple(kept)


def _icon(value: Any) -> Icon:
    entry = _mapping(value)
    return Icon(
        id=_identifier(entry.get("id")),
        name=_text(entry.get("name")),
        category=_ref(entry.get("category")),
        style=_ref(entry.get("style")),
        series=_ref(entry.get("series")),
        set=_set(entry.get("set")),
        thumbnail=_text(entry.get("thumbnail"), allow_empty=True),
        variants=_variants(entry.get("variants")),
        iconify=_iconify(entry.get("iconify")),
        matched=_matched(entry.get("matched")),
    )


def parse_search_result(document: Any) -> SearchResult:
    """Build a `SearchResult` from a decoded JSON document.

    Raises `ValueError` (with a reason for a person) when the document is not an object with a `data`
    list; the client turns that into a `ProtocolError`. `next_page` is `meta.next` as written, not yet
    vetted: the client resolves and checks it before anyone sees it.
    """
    if not isinstance(document, dict):
        raise ValueError(f"the answer is a JSON {_json_kind(document)}, not an object")
    data = document.get("data")
    if not isinstance(data, list):
        raise ValueError("the answer has no `data` list of icons")
    icons: list[Icon] = []
    seen: set[int] = set()
    skipped = 0
    for entry in data:
        try:
            icon = _icon(entry)
        except _Unfit:
            skipped += 1
            continue
        if icon.id in seen:
            skipped += 1
            continue
        seen.add(icon.id)
        icons.append(icon)
    meta = document.get("meta")
    more = meta.get("moreResultsAvailable") if isinstance(meta, dict) else None
    following = meta.get("next") if isinstance(meta, dict) else None
    if not isinstance(following, str) or not following.strip() or len(following) > _MAX_NEXT_URL:
        following = None
    return SearchResult(icons=tuple(icons), more_available=more is True, skipped=skipped, next_page=following)


def _json_kind(value: Any) -> str:
    if isinstance(value, list):
        return "list"
    if isinstance(value, str):
        return "string"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    return "number"
