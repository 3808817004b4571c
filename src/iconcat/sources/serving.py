"""`--from` arguments → a `SourceCatalogue` ready to serve: the glue of discover, the index and the rasteriser.

    catalogue = open_sources(["node_modules/@iconify/json"], colour="teal", progress=bar, warn=say)
    start_catalogue(catalogue=catalogue)

- The index lives in the user cache folder: `ICONCAT_CACHE_DIR` when set, else
  `platformdirs.user_cache_dir("iconcat")/sources` (`~/.cache/iconcat/sources/` on Linux, so
  `XDG_CACHE_HOME` moves it). One database for every project: a set is read once whichever
  `node_modules` it is opened from (its key is its resolved path, so another copy is read once too).
- What is said on the way (an argument taken not quite as given, a set skipped and why, a file skipped
  inside a set) goes to `warn`, one line each: `serve`, `search` and `download` print it on stderr; the
  browser, whose stderr is the screen, prints them before it starts.
- `progress` gets the index's `BuildProgress` while sets are read; `cancel` (an Event) stops the build
  with `IndexCancelled`, and Ctrl-C with `KeyboardInterrupt`: either way, the sets finished are kept
  whole and the one in progress is rolled back (the index's guarantee).
- An argument that exists but of which no set could be read (a broken file named directly, a package
  whose `icons.json` is not JSON) holds no icons: `SourceError`, as for a path that does not exist, so
  the command exits 2 with a sentence. One unreadable set among others is only a warning.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .discover import discover
from .errors import SourceError
from .index import BuildProgress, IndexCancelled, open_index

if TYPE_CHECKING:  # pragma: no cover - typing only
    import threading

    from .catalogue import SourceCatalogue
    from .index import SetUnit

__all__ = ["BuildProgress", "IndexCancelled", "SourceError", "cache_folder", "open_sources", "sources_title"]

CACHE_ENV = "ICONCAT_CACHE_DIR"
NAMED_SETS = 3
"""A header names up to this many sets ("Tabler Icons, Phosphor"); more are counted ("243 icon sets")."""
NAMED_LENGTH = 32
"""Names longer than this together are counted too: the header at 80 columns also says what `pick` picks."""


def cache_folder() -> Path:
    """Where the index is kept: `ICONCAT_CACHE_DIR`, else the user cache folder's `sources/` (looked up at
    call time, so a changed `XDG_CACHE_HOME` is honoured, as the config file's place is)."""
    given = os.environ.get(CACHE_ENV, "").strip()
    if given:
        return Path(given).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("iconcat", appauthor=False)) / "sources"


def _paint(svg_text: str, size: int, *, colour: str, timeout: float | None) -> bytes:
    from iconcat.imaging.svg_raster import TIMEOUT, rasterise

    return rasterise(svg_text, size, colour=colour, timeout=TIMEOUT if timeout is None else timeout)


def open_sources(
    arguments: Sequence[str],
    *,
    colour: str = "black",
    progress: Callable[[BuildProgress], None] | None = None,
    warn: Callable[[str], None] | None = None,
    cancel: threading.Event | None = None,
    folder: Path | None = None,
    picture_timeout: float | None = None,
) -> SourceCatalogue:
    """The icon sets `arguments` name (`PATH` or `NAME=PATH`), indexed and ready to serve, their
    `currentColor` painted `colour` (checked by the caller with `svg_raster.check_colour`), each picture
    given up on after `picture_timeout` seconds (None: the rasteriser's `TIMEOUT`, 2 s; tests give less,
    so that a slow picture is slow whatever the machine).

    Raises `SourceError` (a sentence) for an argument that holds nothing to serve, `IndexCancelled` when
    `cancel` is set during the build, and lets `KeyboardInterrupt` through."""
    from .catalogue import SourceCatalogue

    say = warn or (lambda _line: None)
    found = discover(arguments)
    for line in found.warnings:
        say(line)
    unreadable: dict[str, list[str]] = {}

    def skipped(unit: SetUnit, reason: str) -> None:
        label = getattr(unit, "label", unit.key)
        unreadable.setdefault(getattr(unit, "argument", ""), []).append(f"{label}: {reason}")

    index = open_index(
        folder or cache_folder(), found.units, progress=progress, unreadable=skipped, cancel=cancel, warn=say
    )
    units_of: dict[str, int] = {}
    for unit in found.units:
        units_of[unit.argument] = units_of.get(unit.argument, 0) + 1
    for argument, reasons in unreadable.items():
        count = units_of.get(argument, 0)
        if argument and len(reasons) >= count:
            index.close()
            if count == 1:
                raise SourceError(f"{reasons[0]}; nothing else to serve there.")
            raise SourceError(f"{argument}: none of its {count} icon sets could be read (first, {reasons[0]}).")
    for reasons in unreadable.values():  # said once the build is over, not over the progress bar
        for reason in reasons:
            say(f"{reason}: skipped")
    return SourceCatalogue(
        index, functools.partial(_paint, colour=colour, timeout=picture_timeout), current_colour=colour
    )


def sources_title(catalogue: SourceCatalogue) -> str:
    """What the header calls the sets served: their names when a few and short together ("Tabler Icons,
    Phosphor"), else how many ("3 icon sets", "243 icon sets"). Names come from files: the caller shows
    them through the sanitiser."""
    units = catalogue.index.units.values()
    names = sorted({unit.record.name for unit in units}, key=str.casefold)
    if not names:
        return "no icon sets"
    if len(units) <= NAMED_SETS and len(", ".join(names)) <= NAMED_LENGTH:
        return ", ".join(names)
    return f"{len(units):,} icon sets"  # (sets, not names: two of @iconify/json's sets share a name)
