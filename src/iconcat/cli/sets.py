"""`iconcat sets`: every set the catalogue serves, as a table or JSON.

Asked of the catalogue (`Catalogue.sets()`: the embedded catalogue answers in-process with `--demo`
and `--from`, and over HTTP through its `/api/v1/sets` extension). A catalogue that does not list its
sets (the seed's service: no such endpoint) is said so in one line on stderr, and the sets of the
icons the browser holds in memory for it (kept answers, favourites, recents, the bag:
`Memory.seen_icons`) are listed instead, marked "seen in results", each with the icons seen of it,
not its size; nothing seen, nothing listed. Exit 0 either way.

The table (stdout): prefix, name, icons, category, licence, author and the first samples; `--json`
one object `{"data": [...], "meta": {...}}`, an entry per set: `id`, `name`, `prefix`, `icons` (or
`seen` for a set seen in results), `category`, `license` (`spdx`, `title`, `url`), `author` (`name`,
`url`), `samples`. Every string is the client's sanitised text (`iconcat.api.parse_sets`), printed
as plain text.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from iconcat.cli.catalogue import opened_catalogue, run_async
from iconcat.cli.errors import EXIT_OK
from iconcat.cli.output import print_warning
from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from collections.abc import Sequence

    from iconcat.api import Icon, SetSummary
    from iconcat.catalogue import CatalogueChoice

SEEN_IN_RESULTS = "seen in results"
"""How a set the catalogue did not list, only seen among the icons held in memory, is marked."""
SAMPLES_SHOWN = 3
"""Samples in the table's last column (`--json` has them all)."""


@dataclass(frozen=True)
class _Listed:
    """What `sets` shows: the sets, and whether the catalogue listed them or they were seen in results."""

    sets: tuple[SetSummary, ...]
    seen: dict[int, int] | None = None
    """For sets seen in results: set id → icons seen of it; None when the catalogue listed them."""
    refusal: str = ""


def sets(choice: CatalogueChoice, *, as_json: bool) -> int:
    """List the sets of the catalogue `choice` names (see the module docstring)."""
    from iconcat.catalogue import NotOffered

    async def run() -> _Listed:
        async with opened_catalogue(choice) as catalogue:
            try:
                return _Listed(await catalogue.sets())
            except NotOffered as refusal:
                return _Listed((), refusal=str(refusal))

    listed = run_async(run())
    if listed.refusal:
        print_warning(f"{sanitize(listed.refusal, max_length=200)}: listing the sets {SEEN_IN_RESULTS} instead")
        listed = _remembered(choice)
    if as_json:
        import json

        print(json.dumps(_document(listed), indent=2, ensure_ascii=True), flush=True)
    elif listed.sets:
        _print_table(listed)
    if not as_json:
        count = len(listed.sets)
        what = f"{count:,} set{'s' if count != 1 else ''}"
        print(f"{what} {SEEN_IN_RESULTS}" if listed.seen is not None else what, file=sys.stderr)
    return EXIT_OK


def _remembered(choice: CatalogueChoice) -> _Listed:
    """The sets of the icons held in memory for `choice`'s catalogue, by name, with the icons seen of each."""
    from iconcat.memory import Memory

    memory = Memory.open(choice.spec.memory_key)
    try:
        icons = memory.seen_icons()
    finally:
        memory.close()
    if memory.notice:
        print_warning(memory.notice)
    found = sets_seen(icons)
    return _Listed(tuple(summary for summary, _ in found), {summary.id: seen for summary, seen in found})


def sets_seen(icons: Sequence[Icon]) -> list[tuple[SetSummary, int]]:
    """The sets `icons` are of, by name, each with how many of them it holds: its name, licence and
    author as its icons carry them, its prefix from their Iconify names, its category from their
    series, its first icons (by key, else by name) as samples."""
    from iconcat.api import SetSummary
    from iconcat.iconify.sets import MAX_SAMPLES

    by_set: dict[int, list[Icon]] = {}
    for icon in icons:
        by_set.setdefault(icon.set.id, []).append(icon)
    found: list[tuple[SetSummary, int]] = []
    for set_id, members in by_set.items():
        first = members[0]
        prefixes = {icon.iconify.partition(":")[0] for icon in members if icon.iconify}
        samples = [icon.iconify.partition(":")[2] if icon.iconify else icon.name for icon in members]
        summary = SetSummary(
            id=set_id,
            name=sanitize(first.set.name, max_length=200),
            prefix=prefixes.pop() if len(prefixes) == 1 else None,
            category=sanitize(first.series.name, max_length=200) or None,
            license=first.set.license,
            author=first.set.author,
            samples=tuple(dict.fromkeys(sanitize(sample, max_length=200) for sample in samples))[:MAX_SAMPLES],
        )
        found.append((summary, len(members)))
    found.sort(key=lambda pair: (pair[0].name.casefold(), pair[0].id))
    return found


def _entry(summary: SetSummary, seen: int | None) -> dict[str, Any]:
    """One set of `--json`: the endpoint's fields, every key present (null for what is not known)."""
    licence, author = summary.license, summary.author
    entry: dict[str, Any] = {"id": summary.id, "name": summary.name, "prefix": summary.prefix}
    if seen is None:
        entry["icons"] = summary.icons
    else:
        entry["seen"] = seen
    entry |= {
        "category": summary.category,
        "license": None if licence is None else {"spdx": licence.spdx, "title": licence.title, "url": licence.url},
        "author": None if author is None else {"name": author.name, "url": author.url},
        "samples": list(summary.samples),
    }
    return entry


def _document(listed: _Listed) -> dict[str, Any]:
    seen = listed.seen
    data = [_entry(summary, None if seen is None else seen.get(summary.id, 0)) for summary in listed.sets]
    meta: dict[str, Any] = {"count": len(data), "listedBy": "catalogue" if seen is None else SEEN_IN_RESULTS}
    return {"data": data, "meta": meta}


def _print_table(listed: _Listed) -> None:
    """The sets as a table on stdout (sanitised, wide characters counted, the last column not padded)."""
    from rich.cells import cell_len, set_cell_size  # rich, not Textual: cheap, and knows wide characters

    seen = listed.seen
    header = ("PREFIX", "NAME", "SEEN" if seen is not None else "ICONS", "CATEGORY", "LICENCE", "AUTHOR", "SAMPLES")
    rows = []
    for summary in listed.sets:
        count = seen.get(summary.id, 0) if seen is not None else summary.icons
        licence = (summary.license.spdx or summary.license.title or "") if summary.license else ""
        rows.append(
            (
                _cell(summary.prefix or "-", 24),
                _cell(summary.name, 36),
                f"{count:,}" if count is not None else "?",
                _cell(summary.category or "-", 20),
                _cell(licence or "-", 20),
                _cell(summary.author.name if summary.author and summary.author.name else "-", 24),
                _cell(" ".join(summary.samples[:SAMPLES_SHOWN]), 48),
            )
        )
    widths = [max(cell_len(row[column]) for row in (header, *rows)) for column in range(len(header))]
    for row in (header, *rows):
        cells = [
            (" " * (width - cell_len(text)) + text) if column == 2 else set_cell_size(text, width)
            for column, (text, width) in enumerate(zip(row[:-1], widths[:-1]))
        ]
        print("  ".join([*cells, row[-1]]).rstrip())
    sys.stdout.flush()


def _cell(text: str, width: int) -> str:
    return sanitize(text, max_length=width)
