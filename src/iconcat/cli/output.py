"""What the command line prints: its one-line errors and warnings, the icons as a table or as the
API's JSON, and progress lines on stderr.

Everything the service sends goes through `iconcat.text.sanitize` on its way to the terminal, or out as
ASCII-escaped JSON."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon


def print_error(message: str) -> None:
    _to_stderr(f"iconcat: error: {sanitize(message, max_length=600)}")


def print_warning(message: str) -> None:
    _to_stderr(f"iconcat: warning: {sanitize(message, max_length=600)}")


def print_note(message: str) -> None:
    """A line on stderr saying what the command chose for the person, where stdout is for scripts."""
    _to_stderr(f"iconcat: {sanitize(message, max_length=600)}")


def _to_stderr(line: str) -> None:
    """A line for the person on stderr; when nobody reads stderr any more, the work goes on unsaid
    (the exit status still tells a script what happened)."""
    try:
        print(line, file=sys.stderr, flush=True)
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stderr.fileno())
        os.close(devnull)


def silence_stdout() -> None:
    """Point stdout at the null device: its reader went away, and Python must not complain at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


class StderrLine:
    """One line of progress on stderr, written over itself, when stderr is a terminal (never in pipes
    or logs); `close` wipes it."""

    def __init__(self) -> None:
        self._enabled = sys.stderr.isatty()
        self._shown = False

    def _say(self, text: str) -> None:
        sys.stderr.write(f"\r{text}\x1b[K")
        sys.stderr.flush()
        self._shown = True

    def close(self) -> None:
        if self._shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


def search_result_document(result: Any, icons: Sequence[Icon] | None = None) -> dict[str, Any]:
    """The API's response shape (`data`, `meta.moreResultsAvailable`), rebuilt from the parsed models
    (`icons`, when given, instead of the result's: what the filters kept). An icon with no preview
    address has no `thumbnail`: every icon of an in-process catalogue (`--demo`, `--from`), whose
    previews are asked of it by id, never at an address."""

    from iconcat.api import extension_fields  # set.license, set.author, iconify, matched: as read, when served

    def ref(value: Any) -> dict[str, Any]:
        return {"id": value.id, "name": value.name}

    return {
        "data": [
            {
                "id": icon.id,
                "name": icon.name,
                "category": ref(icon.category),
                "style": ref(icon.style),
                "series": ref(icon.series),
                "set": {**ref(icon.set), **on_set},
                **({"thumbnail": icon.thumbnail} if icon.thumbnail else {}),
                "variants": [{"id": v.id, "format": v.format, "size": v.size} for v in icon.variants],
                **on_icon,
            }
            for icon in (result.icons if icons is None else icons)
            for on_set, on_icon in (extension_fields(icon),)
        ],
        "meta": {"moreResultsAvailable": result.more_available, "skipped": result.skipped},
    }


def print_table(icons: Sequence[Icon]) -> None:
    """The icons as a table on stdout: id, name, style, set, variants (sanitised, wide characters counted)."""
    from rich.cells import cell_len, set_cell_size  # rich, not Textual: cheap, and knows wide characters

    header = ("ID", "NAME", "STYLE", "SET", "VARIANTS (id format size)")
    rows = [
        (
            str(icon.id),
            sanitize(icon.name, max_length=40),
            sanitize(icon.style.name, max_length=16),
            sanitize(icon.set.name, max_length=24),
            ", ".join(
                f"{v.id} {sanitize(v.format, max_length=8)}{f' {v.size}' if v.size is not None else ''}"
                for v in icon.variants
            )
            or "-",
        )
        for icon in icons
    ]
    widths = [max(cell_len(row[column]) for row in (header, *rows)) for column in range(len(header))]
    for row in (header, *rows):
        cells = [set_cell_size(text, width) for text, width in zip(row[:-1], widths[:-1])]
        print("  ".join([*cells, row[-1]]).rstrip())
    sys.stdout.flush()  # the table first: when its reader went away, nothing more is said (on stderr either)
