"""Icon sets from disk for a command: which ones (`--from`, `ICONCAT_FROM`, config `from`), their colour
(`--color`), and building their index with progress on the terminal.

    local = choose_local_sets(settings, colour=args.colour, demo=args.demo)   # None: no sets from disk
    catalogue = build_catalogue(local, TerminalProgress.on_stderr(), warn=print_warning)

Progress while the index builds (`TerminalProgress`): on a terminal, one line rewritten in place
("Indexing icon sets ━━━━━━──── 120/243 sets · 48,000 icons/s · 6 s left"), cleared when done, then
one line saying what was indexed; when the stream is not a terminal (a log, a pipe) only that final
line, and nothing at all when nothing had to be read. `browse` and `pick` build the index inside the
app instead, its progress in the header (`tui/controllers/local_build.py`: their stderr is the screen, or a pipe
into an editor). Whatever interrupts a build, the index keeps only whole sets (`open_index`), so the
next run resumes with the sets still to read.

No Textual here: `search`, `download` and `serve` use it as the browser does.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.config import Settings
    from iconcat.sources.catalogue import SourceCatalogue
    from iconcat.sources.index import BuildProgress

__all__ = ["LocalSets", "LocalSetsError", "TerminalProgress", "build_catalogue", "choose_local_sets"]

BAR_WIDTH = 20
REDRAW_EVERY = 0.1
"""Seconds between two redraws of the bar (a build reports every 500 icons)."""
DEFAULT_COLUMNS = 80
"""The bar's width limit when neither the terminal nor `COLUMNS` says one."""


class LocalSetsError(Exception):
    """The options asking for sets from disk do not go together (a usage error, exit 2)."""


@dataclass(frozen=True)
class LocalSets:
    """The sets from disk a command serves in-process, and the colour `currentColor` is painted."""

    arguments: tuple[str, ...]
    colour: str = "black"


def choose_local_sets(settings: Settings, *, colour: str | None, demo: bool) -> LocalSets | None:
    """The sets from disk this command serves (None: the configured catalogue or the demo).

    `--from` always wins; `ICONCAT_FROM`, a project file's and the config file's `from` when no layer as
    high names another catalogue (`Settings.local_sources`). `--demo` with `--from` is refused (which
    one?); `--demo` alone browses the demo whatever `from` says. `--color` without sets from disk is
    refused (it would change nothing), and a colour resvg cannot paint is refused with a sentence
    (`check_colour`). Without `--color`, the `color` setting paints them (checked the same way; with
    another catalogue it is not used, and not refused: a setting is a default, not a request)."""
    if demo:
        if settings.sources_from_flag:
            raise LocalSetsError("give --demo or --from, not both")
        if colour is not None:
            raise LocalSetsError("--color paints icon sets from disk (--from PATH), not the demo's icons")
        return None
    arguments = settings.local_sources
    if not arguments:
        if colour is not None:
            raise LocalSetsError("--color paints icon sets from disk: give --from PATH too")
        return None
    if colour is None and settings.colour is not None:  # the `color` setting: checked as --color is
        named = f"the color setting from {settings.origin('color')}:"
        return LocalSets(arguments, checked_colour(settings.colour, named))
    return LocalSets(arguments, checked_colour(colour))


def checked_colour(colour: str | None, named: str = "--color") -> str:
    """`colour` as `rasterise` takes it ("black" when not given); `LocalSetsError` when it is no CSS colour
    (`named` says where it came from)."""
    if colour is None:
        return "black"
    from iconcat.imaging.svg_raster import check_colour

    try:
        return check_colour(colour)
    except ValueError as error:
        raise LocalSetsError(f"{named} {error}") from None


class TerminalProgress:
    """The index build's progress on `stream`: a bar on a terminal, one final line otherwise (or none).

    Called from the thread that builds (an in-process catalogue's `open`), closed from another: once
    closed it draws nothing more, so a build still winding down after Ctrl-C leaves no bar behind."""

    def __init__(self, stream: TextIO | None) -> None:
        self._stream = stream
        self._live = _is_terminal(stream)
        self._last: BuildProgress | None = None
        self._drawn = 0.0
        self._started = time.monotonic()
        self._lock = threading.Lock()
        self._closed = False
        self._said_anew = False

    @classmethod
    def on_stderr(cls) -> TerminalProgress:
        return cls(sys.stderr)

    def __call__(self, progress: BuildProgress) -> None:
        with self._lock:
            if self._closed:
                return
            if progress.anew and not self._said_anew:  # once, whether or not a bar is drawn
                self._said_anew = True
                clear = "\r\x1b[K" if self._live else ""
                self._write(f"{clear}iconcat: every icon set is read again: {progress.anew}\n")
            self._last = progress
            now = time.monotonic()
            if not self._live or (now - self._drawn < REDRAW_EVERY and progress.sets_done < progress.sets_total):
                return
            self._drawn = now
            # Cut to the terminal's width: a wrapped line would leave its first half behind when cleared.
            self._write(f"\r\x1b[K{progress_line(progress)[: max(self._columns() - 1, 10)]}")

    def close(self, *, finished: bool) -> None:
        """The bar cleared; when the build `finished` and read something, one line saying so."""
        with self._lock:
            self._closed = True
        if self._live and self._last is not None:
            self._write("\r\x1b[K")
        if finished and self._last is not None and self._last.sets_total:
            seconds = time.monotonic() - self._started
            done = self._last
            self._write(
                f"iconcat: indexed {done.sets_total:,} icon set{'s' if done.sets_total != 1 else ''} "
                f"({done.icons_done:,} icons) in {seconds:.1f} s\n"
            )

    def _columns(self) -> int:
        try:
            reported = os.get_terminal_size(self._stream.fileno()).columns if self._stream is not None else 0
        except (OSError, ValueError):
            reported = 0
        return line_width(reported, os.environ.get("COLUMNS"))

    def _write(self, text: str) -> None:
        if self._stream is None:
            return
        try:
            self._stream.write(text)
            self._stream.flush()
        except (OSError, ValueError):  # nobody reads it any more: the build goes on unsaid
            self._stream = None


def line_width(reported: int, columns_variable: str | None) -> int:
    """The terminal's width as its size says, else `COLUMNS`, else `DEFAULT_COLUMNS`: a width of 0 (a pty
    nobody sized: some CI runners, `script`, a container's console) is unknown, not a line of nothing
    (cut to it, the bar read "Indexing i")."""
    if reported > 0:
        return reported
    try:
        given = int(columns_variable or "")
    except ValueError:
        given = 0
    return given if given > 0 else DEFAULT_COLUMNS


def progress_line(progress: BuildProgress) -> str:
    """ "Indexing icon sets ━━━━━━────── 120/243 sets · 48,000 icons/s · 6 s left"."""
    total = max(progress.sets_total, 1)
    filled = round(BAR_WIDTH * progress.sets_done / total)
    bar = "━" * filled + "─" * (BAR_WIDTH - filled)
    return " · ".join([f"Indexing icon sets {bar} {progress.sets_done}/{progress.sets_total} sets", *pace(progress)])


def pace(progress: BuildProgress) -> list[str]:
    """How the build goes, after its count of sets: ["48,000 icons/s", "6 s left"], or "preparing the
    search" once every set is read (the stderr bar and the app's header say it alike)."""
    parts = []
    if progress.icons_done:
        parts.append(f"{progress.icons_per_second:,.0f} icons/s")
    if progress.sets_done < progress.sets_total:
        if progress.seconds_left is not None:
            parts.append(f"{progress.seconds_left:.0f} s left")
    else:  # every set read: the search over them is worked out (seconds at 390,000 icons)
        parts.append("preparing the search")
    return parts


def _is_terminal(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):
        return False


def build_catalogue(local: LocalSets, progress: TerminalProgress, *, warn: Callable[[str], None]) -> SourceCatalogue:
    """The index of `local`'s sets opened (built or brought up to date first, with `progress`), as a
    catalogue to serve. Raises `SourceError` for an argument holding nothing to serve; Ctrl-C
    (`KeyboardInterrupt`) goes through, the sets finished kept and the one in progress rolled back."""
    from iconcat.sources.serving import open_sources

    finished = False
    try:
        catalogue = open_sources(local.arguments, colour=local.colour, progress=progress, warn=warn)
        finished = True
    finally:
        progress.close(finished=finished)
    return catalogue
