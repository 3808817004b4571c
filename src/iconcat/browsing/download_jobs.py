"""The browser's downloads as plain data: what is being saved, how far it got, how it ended.

No Textual here: the downloads panel shows these, the app drives them from its "download" workers.
A job saves one `iconcat.disk.saving.Choice` (a variant as offered, or a PNG resampled smaller); when a file
with the same bytes was already at its name, it ends DONE with `already` set ("already saved as …").
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon, Variant
    from iconcat.disk.saving import Choice
    from iconcat.disk.svg_output import OutputOptions

__all__ = ["DownloadJob", "DownloadStatus", "FinishNotice", "PROGRESS_INTERVAL", "finish_notice", "format_size"]

PROGRESS_INTERVAL = 0.1
"""Seconds between two progress repaints of one download: ten a second looks smooth and costs little,
however small the chunks the client reports."""

_job_numbers = itertools.count(1)


class DownloadStatus(Enum):
    """Where a download is in its life."""

    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"

    @property
    def finished(self) -> bool:
        """True once nothing more will happen without a retry."""
        return self is not DownloadStatus.RUNNING


@dataclass(eq=False)
class DownloadJob:
    """One file being saved (or saved, or failed) from the catalogue."""

    icon: Icon
    """The icon the file belongs to."""
    variant: Variant
    """The variant (format and size) fetched from the catalogue."""
    filename: str
    """The file name asked for (the client may still sanitise it)."""
    folder: Path
    """Where it is saved."""
    chosen: Choice | None = None
    """The file asked for, when not `variant` as it is (a PNG resampled smaller): see `choice`."""
    template: str | None = None
    """The file-name template `filename` came from (None: the default), for saving it again."""
    output: OutputOptions | None = None
    """What is asked of the file (colour, SVG size, attribution: `iconcat.disk.svg_output`); None: nothing."""
    uncoloured: bool = False
    """DONE in the icon's own colours though a colour was asked (`SaveOutcome.uncoloured`)."""
    number: int = field(default_factory=lambda: next(_job_numbers))
    """Unique within the process; names the panel row."""
    status: DownloadStatus = DownloadStatus.RUNNING
    bytes_done: int = 0
    total: int | None = None
    """Size announced by the catalogue, if any."""
    started: float = field(default_factory=time.monotonic)
    finished_at: float | None = None
    saved_path: Path | None = None
    """Where the file landed (DONE)."""
    already: bool = False
    """DONE without writing: a file with the same bytes was already at `saved_path`."""
    error: str = ""
    """Why it failed, for a person, sanitised (FAILED)."""
    last_reported: float = 0.0
    """When progress was last passed on to the screen (throttling)."""

    @property
    def choice(self) -> Choice:
        """The file this job saves: `chosen`, else `variant` as it is."""
        if self.chosen is not None:
            return self.chosen
        from iconcat.disk.saving import Choice

        return Choice(self.variant)

    @property
    def row_id(self) -> str:
        """DOM id of this download's row in the panel."""
        return f"download-{self.number}"

    @property
    def fraction(self) -> float | None:
        """Share done in [0, 1], or None when the size is unknown."""
        if not self.total:
            return None
        return min(self.bytes_done / self.total, 1.0)

    @property
    def speed(self) -> float:
        """Average bytes per second since the start (or over the whole download once finished)."""
        end = self.finished_at if self.finished_at is not None else time.monotonic()
        elapsed = max(end - self.started, 1e-3)
        return self.bytes_done / elapsed

    def record_progress(self, bytes_done: int, total: int | None) -> bool:
        """Store progress; return True when it is time to repaint (at most every PROGRESS_INTERVAL)."""
        self.bytes_done = bytes_done
        if total is not None:
            self.total = total
        now = time.monotonic()
        if now - self.last_reported >= PROGRESS_INTERVAL:
            self.last_reported = now
            return True
        return False

    def finish(
        self, status: DownloadStatus, *, saved_path: Path | None = None, error: str = "", already: bool = False
    ) -> None:
        """Record the end of this download (`already`: DONE, the same bytes were there at `saved_path`)."""
        self.status = status
        self.finished_at = time.monotonic()
        self.saved_path = saved_path
        self.error = error
        self.already = already
        if status is DownloadStatus.DONE and self.total is None:
            self.total = self.bytes_done

    def restarted(self) -> DownloadJob:
        """A fresh job for the same file (retry): same icon, choice, name and folder."""
        return DownloadJob(
            icon=self.icon,
            variant=self.variant,
            filename=self.filename,
            folder=self.folder,
            chosen=self.chosen,
            template=self.template,
            output=self.output,
        )


@dataclass(frozen=True)
class FinishNotice:
    """The notification a finished download gets."""

    title: str
    text: str
    """Plain text (sanitised), never markup."""
    severity: Literal["information", "error"] = "information"


def file_kind(choice: Choice) -> str:
    """The kind of file a choice is, in a word or three: "EPS", "SVG", "PNG 512 px" (sanitised)."""
    kind = sanitize(choice.format.upper(), max_length=12)
    return f"{kind} {choice.pixels} px" if choice.pixels is not None else kind


def finish_notice(job: DownloadJob) -> FinishNotice | None:
    """What to tell a person when `job` ends: which kind of file went where ("saved EPS as …": the
    picker remembers the last choice, so the notice says what was saved), or why it failed (a cancel
    says nothing)."""
    path = sanitize(str(job.saved_path), max_length=None)
    if job.status is DownloadStatus.DONE and job.already:
        return FinishNotice("Already there", f"{file_kind(job.choice)} already saved as {path}")
    if job.status is DownloadStatus.DONE:
        uncoloured = " (it uses no currentColor: nothing was coloured)" if job.uncoloured else ""
        return FinishNotice("Download finished", f"saved {file_kind(job.choice)} as {path}{uncoloured}")
    if job.status is DownloadStatus.FAILED:
        return FinishNotice(
            "Download failed", f"{sanitize(job.filename, max_length=60)}: {job.error}  (r retries)", "error"
        )
    return None


def format_size(count: float) -> str:
    """Bytes for a person: "812 B", "14.2 KB", "3.1 MB"."""
    for unit in ("B", "KB", "MB", "GB"):
        if count < 1024 or unit == "GB":
            return f"{count:.0f} {unit}" if unit == "B" else f"{count:.1f} {unit}"
        count /= 1024
    return f"{count:.1f} GB"  # pragma: no cover - loop always returns
