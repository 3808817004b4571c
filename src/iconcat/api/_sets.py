"""A catalogue's sets (`GET /api/v1/sets`, the embedded catalogue's extension) as frozen `SetSummary`s.

Tolerant as the search answer's parser is (`_models`): the body must be a JSON object holding a `data`
list, else `ValueError` (the client's `ProtocolError`); an entry that does not fit (no object, an `id`
that is no whole number, a `name` that is no string or blank, a second entry with an id already seen)
is left out and counted; every optional field that does not fit is read as absent and its set kept
(`prefix` only as an Iconify prefix, `icons` only as a whole number, a sample only as a non-blank
string). Every string is sanitised (`iconcat.text.sanitize`: no control characters, no escapes, cut to
a line) and shown as plain text, never markup, by whoever prints it. The licence and the author are
read by the search answer's own rules (`read_license`, `read_author`: an http(s) `url` only).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from iconcat.iconify.names import is_name
from iconcat.text import sanitize

from ._models import Author, License, read_author, read_license

__all__ = ["MAX_SAMPLES_READ", "SetSummary", "SetsAnswer", "parse_sets"]

MAX_SAMPLES_READ = 8
"""Samples kept of a set's entry (the embedded catalogue sends six at most)."""
_MAX_SETS = 100_000
"""Entries read of an answer: no catalogue holds more sets (the whole @iconify/json has some 250)."""
_MAX_NAME = 200
_MAX_COUNT = 2**53 - 1


@dataclass(frozen=True, slots=True)
class SetSummary:
    """One set a catalogue serves, as `Catalogue.sets()` lists it."""

    id: int
    """The set's id, as its icons' `set.id` carry it (`Icon.set.id`)."""
    name: str
    """Its name for a person ("Tabler Icons"), sanitised: its icons' `set.name`."""
    prefix: str | None = None
    """Its Iconify prefix ("tabler"), for a set whose icons have Iconify names; else None."""
    icons: int | None = None
    """How many icons search lists of it (what `set:<prefix>` lists); None when the catalogue did not say."""
    category: str | None = None
    """The set's own category ("UI 24px", "Logos": IconifyJSON `info.category`), its icons' series."""
    license: License | None = None
    """Its licence (SPDX id, title, url), when the catalogue says."""
    author: Author | None = None
    """Who made it (name, url), when the catalogue says."""
    samples: tuple[str, ...] = ()
    """A few of its icons by the set's own names for them (an Iconify set's keys: `prefix:key`)."""


@dataclass(frozen=True, slots=True)
class SetsAnswer:
    """A sets answer read: the sets that fit, and how many entries did not."""

    sets: tuple[SetSummary, ...]
    skipped: int = 0


def parse_sets(document: Any) -> SetsAnswer:
    """The sets of a decoded `/api/v1/sets` document; `ValueError` when it is no object with a `data` list."""
    if not isinstance(document, dict):
        raise ValueError("the answer is not a JSON object")
    data = document.get("data")
    if not isinstance(data, list):
        raise ValueError("the answer has no `data` list of sets")
    found: list[SetSummary] = []
    seen: set[int] = set()
    skipped = 0
    for entry in data[:_MAX_SETS]:
        summary = _summary(entry)
        if summary is None or summary.id in seen:
            skipped += 1
            continue
        seen.add(summary.id)
        found.append(summary)
    return SetsAnswer(tuple(found), skipped + max(0, len(data) - _MAX_SETS))


def _summary(entry: Any) -> SetSummary | None:
    if not isinstance(entry, dict):
        return None
    set_id, name = entry.get("id"), _line(entry.get("name"))
    if type(set_id) is not int or not 0 <= set_id <= 2**63 - 1 or not name:
        return None
    prefix = entry.get("prefix")
    icons = entry.get("icons")
    return SetSummary(
        id=set_id,
        name=name,
        prefix=prefix if isinstance(prefix, str) and is_name(prefix) else None,
        icons=icons if type(icons) is int and 0 <= icons <= _MAX_COUNT else None,
        category=_line(entry.get("category")) or None,
        license=_clean_license(read_license(entry.get("license"))),
        author=_clean_author(read_author(entry.get("author"))),
        samples=_samples(entry.get("samples")),
    )


def _line(value: Any) -> str:
    """A string of the answer as one short line of plain text ("" for no string)."""
    return sanitize(value, max_length=_MAX_NAME) if isinstance(value, str) and len(value) <= 10_000 else ""


def _clean_license(found: License | None) -> License | None:
    if found is None:
        return None
    return License(spdx=_line(found.spdx) or None, title=_line(found.title) or None, url=found.url)


def _clean_author(found: Author | None) -> Author | None:
    if found is None:
        return None
    return Author(name=_line(found.name) or None, url=found.url)


def _samples(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        return ()
    kept = [_line(sample) for sample in value[: MAX_SAMPLES_READ * 4] if isinstance(sample, str)]
    return tuple(dict.fromkeys(sample for sample in kept if sample))[:MAX_SAMPLES_READ]
