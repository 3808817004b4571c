"""The downloads panel: a row per download with a progress bar, speed and how it ended.

Rows are few (one per file a person asked for), so each is a small widget of its own; the panel hides
itself while empty. A row can take focus: `x` cancels it, `r` retries it (the app's bindings act on the
focused row, else on the most recent download they apply to).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widgets import ProgressBar, Static

from iconcat.text import sanitize

from ..download_jobs import DownloadJob, DownloadStatus, format_size

__all__ = ["DownloadRow", "DownloadsPanel", "describe_job"]


def describe_job(job: DownloadJob) -> Content:
    """The status text of a download: size and speed, the saved path, or why it stopped."""
    status = job.status
    if status is DownloadStatus.RUNNING:
        if not job.bytes_done and job.total is None:
            return Content.assemble("waiting for the catalogue…", ("  x cancel", ".downloads-panel--hint"))
        done = format_size(job.bytes_done)
        if job.total:
            done = f"{done} of {format_size(job.total)}"
        return Content.assemble(f"{done} · {format_size(job.speed)}/s", ("  x cancel", ".downloads-panel--hint"))
    if status is DownloadStatus.DONE:
        path = sanitize(str(job.saved_path), max_length=None) if job.saved_path else ""
        return Content.assemble(("done ", ".downloads-panel--done"), path)
    if status is DownloadStatus.FAILED:
        return Content.assemble(("failed ", ".downloads-panel--failed"), job.error, ("  r retry", ".downloads-panel--hint"))
    return Content.assemble(("cancelled", ".downloads-panel--cancelled"), ("  r retry", ".downloads-panel--hint"))


class DownloadRow(Horizontal, can_focus=True):
    """One download: file name, progress bar, status."""

    def __init__(self, job: DownloadJob) -> None:
        super().__init__(id=job.row_id, classes="-running")
        self.job = job

    def compose(self) -> ComposeResult:
        yield Static(Content("⤓ ") + Content(sanitize(self.job.filename, max_length=60)), classes="download-name", markup=False)
        yield ProgressBar(total=None, show_eta=False, show_percentage=True, classes="download-bar")
        yield Static(describe_job(self.job), classes="download-status", markup=False)

    def on_mount(self) -> None:
        # Progress reported before the row was mounted is shown now.
        self.refresh_job()

    def refresh_job(self) -> None:
        """Show the job's current numbers and status."""
        job = self.job
        bars = self.query(ProgressBar)
        if not bars:  # not composed yet: on_mount catches up
            return
        bar = bars.first()
        if job.status is DownloadStatus.DONE:
            total = job.total or max(job.bytes_done, 1)
            bar.update(total=total, progress=total)
        elif job.total:
            bar.update(total=job.total, progress=job.bytes_done)
        self.query_one(".download-status", Static).update(describe_job(job))
        for status in DownloadStatus:
            self.set_class(job.status is status, f"-{status.value}")


class DownloadsPanel(VerticalScroll, can_focus=False):
    """Every download of this session, newest last; hidden while there are none."""

    COMPONENT_CLASSES = {
        "downloads-panel--done",
        "downloads-panel--failed",
        "downloads-panel--cancelled",
        "downloads-panel--hint",
    }
    """Status words of finished downloads, and the retry hint."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Downloads"
        self.add_class("-empty")

    @property
    def rows(self) -> list[DownloadRow]:
        """The rows, oldest first."""
        return list(self.query(DownloadRow))

    def add_job(self, job: DownloadJob) -> DownloadRow:
        """Add a row for a new download and scroll it into view."""
        row = DownloadRow(job)
        self.mount(row)
        self.remove_class("-empty")
        self.call_after_refresh(self.scroll_end, animate=False)
        return row

    def replace_job(self, old: DownloadJob, new: DownloadJob) -> None:
        """Swap a finished job's row for a retry's."""
        for row in self.rows:
            if row.job is old:
                row.remove()
        self.add_job(new)

    def show_progress(self, job: DownloadJob) -> None:
        """Repaint `job`'s row with its current numbers and status."""
        for row in self.rows:
            if row.job is job:
                row.refresh_job()

    def clear_finished(self) -> int:
        """Remove rows of downloads that ended; return how many."""
        finished = [row for row in self.rows if row.job.status.finished]
        for row in finished:
            row.remove()
        if len(finished) == len(self.rows):
            self.add_class("-empty")
        return len(finished)
