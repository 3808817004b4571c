"""The downloads panel: a row per download with a progress bar, speed and how it ended.

The panel runs the downloads too: it asks which file (the variant picker: the icon's variants and
smaller PNGs resampled from its largest, preselecting the last choice), names it with the file-name
template of the app's connection (`Connection.filename_template`), owns the `DownloadController`
(whose workers run on it and whose messages come to it), shows each job's progress, and tells a
person how each ended; `Finished` then bubbles on to the app, which keeps its dialogs and keys in
step. Rows are few (one per file a person asked for), so each is a small widget of its own; the panel
hides itself while empty. A row can take focus: `x` cancels it, `r` retries it (else the most recent
download they apply to). A finished row shows where the file went, shortened to the room it has
(`…/icons/arrow-up.svg`: the file name whole); the notification has it all. A file whose bytes were
already saved at its name says "already saved as …" instead of "done". After a resize the panel keeps
the focused row, else the newest, in view.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widgets import ProgressBar, Static

from iconcat.browsing.download_jobs import DownloadJob, DownloadStatus, finish_notice, format_size
from iconcat.text import sanitize

from ..controllers.download_controller import ClientSource, DownloadController

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon, Variant
    from iconcat.disk.saving import Choice
    from iconcat.disk.svg_output import OutputOptions

    from ..screens.variant_picker import VariantPreference

__all__ = ["DownloadRow", "DownloadsPanel", "StatusLine", "describe_job", "short_path"]


def short_path(path: Path, width: int) -> str:
    """`path` (sanitised) in `width` cells: whole when it fits, else its folder cut from the left.

    The file name is kept whole, and as many of the innermost folders as fit, behind "…":
    `…/icons/arrow-up.svg`. A name too long even for `…/name` comes alone, shortened in the middle
    when it does not fit either (`arrow-up-o…i-512.png`): its size and extension stay in view.
    """
    whole = sanitize(str(path), max_length=None)
    if cell_len(whole) <= width:
        return whole
    shown = sanitize(path.name, max_length=None)
    if cell_len(f"…{os.sep}{shown}") > width:
        return _middle_cut(shown, width)
    for folder in reversed(path.parent.parts):
        if folder == path.anchor:
            break
        longer = f"{sanitize(folder, max_length=None)}{os.sep}{shown}"
        if cell_len(f"…{os.sep}{longer}") > width:
            break
        shown = longer
    return f"…{os.sep}{shown}"


def _middle_cut(text: str, width: int) -> str:
    """`text` in `width` cells: whole when it fits, else its start and its end around "…"."""
    if cell_len(text) <= width:
        return text
    if width <= 1:
        return "…"[:width]
    room = width - 1
    head_room = room // 2
    head = ""
    for char in text:
        if cell_len(head + char) > head_room:
            break
        head += char
    tail = ""
    for char in reversed(text):
        if cell_len(head) + cell_len(char + tail) > room:
            break
        tail = char + tail
    return f"{head}…{tail}"


_DONE = "done "
_ALREADY = "already saved as "


def describe_job(job: DownloadJob, width: int | None = None) -> Content:
    """The status text of a download: size and speed, the saved path, or why it stopped.

    With `width` (the cells the line has), a saved path too long for it is shortened (`short_path`):
    the file name always shows; the notification has the full path.
    """
    status = job.status
    if status is DownloadStatus.RUNNING:
        if not job.bytes_done and job.total is None:
            return Content.assemble("waiting for the catalogue…", ("  x cancel", ".downloads-panel--hint"))
        done = format_size(job.bytes_done)
        if job.total:
            done = f"{done} of {format_size(job.total)}"
        return Content.assemble(f"{done} · {format_size(job.speed)}/s", ("  x cancel", ".downloads-panel--hint"))
    if status is DownloadStatus.DONE:
        word = _ALREADY if job.already else _DONE
        if job.saved_path is None:
            path = ""
        elif width is None:
            path = sanitize(str(job.saved_path), max_length=None)
        else:
            path = short_path(job.saved_path, max(width - len(word), 1))
        return Content.assemble((word, ".downloads-panel--done"), path)
    if status is DownloadStatus.FAILED:
        return Content.assemble(
            ("failed ", ".downloads-panel--failed"), job.error, ("  r retry", ".downloads-panel--hint")
        )
    return Content.assemble(("cancelled", ".downloads-panel--cancelled"), ("  r retry", ".downloads-panel--hint"))


class StatusLine(Static):
    """A download's status, on one line: what it says depends on the room it has (a saved path is
    shortened to fit), so it is described again whenever its width changes."""

    def __init__(self, job: DownloadJob) -> None:
        super().__init__(describe_job(job), classes="download-status", markup=False)
        self.job = job

    def show_job(self) -> None:
        """Describe the job at the current width."""
        self.update(describe_job(self.job, self.content_size.width or None))

    def on_resize(self, event: events.Resize) -> None:
        self.show_job()


class DownloadRow(Horizontal, can_focus=True):
    """One download: file name, progress bar, status."""

    def __init__(self, job: DownloadJob) -> None:
        super().__init__(id=job.row_id, classes="-running")
        self.job = job

    def compose(self) -> ComposeResult:
        yield Static(self._file_label(), classes="download-name", markup=False)
        yield ProgressBar(total=None, show_eta=False, show_percentage=True, classes="download-bar")
        yield StatusLine(self.job)

    def on_mount(self) -> None:
        # Progress reported before the row was mounted is shown now.
        self.refresh_job()

    def _file_label(self) -> Content:
        """The file's name: the one asked for, then the one it got (`arrow-up-1.svg` when that was taken)."""
        job = self.job
        name = job.saved_path.name if job.status is DownloadStatus.DONE and job.saved_path else job.filename
        return Content("⤓ ") + Content(sanitize(name, max_length=60))

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
            self.query_one(".download-name", Static).update(self._file_label())
        elif job.total:
            bar.update(total=job.total, progress=job.bytes_done)
        self.query_one(StatusLine).show_job()
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

    def __init__(self, client: ClientSource, problem: Callable[[], str], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Downloads"
        self.add_class("-empty")
        self.controller = DownloadController(self, client, problem)
        """Every download of this session, and the workers that run them."""
        self.variant_preference: VariantPreference | None = None
        """(format, size) last chosen in the variant picker: preselected next time."""

    def choose_and_start(self, icon: Icon, folder: Path) -> None:
        """Ask which file of `icon` to save into `folder` (the variant picker), then start it."""
        if not icon.variants:
            message = sanitize(f"{icon.name} has no downloadable variant.")
            self.notify(message, title="Nothing to download", markup=False, severity="warning")
            return

        def picked(choice: Choice | None) -> None:
            if choice is not None:
                # The folder in use now: ctrl+f in the picker may have changed it since it opened.
                self.start(icon, choice, self._download_dir())

        self.ask_choice(icon, None, picked, folder=folder)

    def ask_choice(
        self,
        icon: Icon,
        choices: list[Choice] | None,
        picked: Callable[[Choice | None], None],
        *,
        folder: Path | None = None,
    ) -> None:
        """Open the variant picker on `choices` of `icon` (None: all it offers); `picked` gets the one
        chosen (remembered as the preference for next time), or None. The picker names the file the
        download will get in `folder` (default: the connection's download folder)."""
        from iconcat.disk.downloads import next_free_path

        from ..screens import VariantPicker

        template, output = self.filename_template, self.output_options

        def named(icon: Icon, choice: Choice) -> str:
            from iconcat.disk.saving import file_name

            return file_name(icon, choice, template, size=output.svg_size if choice.format == "svg" else None)

        def chosen(choice: Choice | None) -> None:
            if choice is not None:
                self.variant_preference = (choice.format, choice.pixels)
            picked(choice)

        # The picker names the file the download will get (the next free name when that one is taken:
        # a few lstat calls on this thread).
        picker = VariantPicker(
            icon,
            preference=self.variant_preference,
            folder=folder if folder is not None else self._download_dir(),
            filename_for=named,
            free_path=next_free_path,
            choices=choices,
        )
        self.app.push_screen(picker, chosen)

    @property
    def filename_template(self) -> str | None:
        """The file-name template of the app's connection (None: the default)."""
        connection = getattr(self.app, "connection", None)
        template = getattr(connection, "filename_template", None)
        return template if isinstance(template, str) else None

    @property
    def output_options(self) -> OutputOptions:
        """What the app's connection asks of every file saved (`--color`, `--no-attribution`…)."""
        from iconcat.disk.svg_output import OutputOptions

        output = getattr(getattr(self.app, "connection", None), "output", None)
        return output if isinstance(output, OutputOptions) else OutputOptions()

    def _download_dir(self) -> Path:
        connection = getattr(self.app, "connection", None)
        folder = getattr(connection, "download_dir", None)
        return Path(folder).expanduser() if folder is not None else Path.cwd()

    def start(self, icon: Icon, choice: Choice | Variant, folder: Path) -> DownloadJob:
        """Save `choice` of `icon` (a Choice, or a Variant as it is) into `folder` in the background, with a
        row of its own, named with the connection's file-name template.

        An existing file of that name is kept: the file is saved as "name-1.ext" and its path reported;
        unless it has the very same bytes, which are then not saved twice ("already saved as …").
        """
        from iconcat.disk.saving import Choice, file_name

        chosen = choice if isinstance(choice, Choice) else Choice(choice)
        template, output = self.filename_template, self.output_options
        name = file_name(icon, chosen, template, size=output.svg_size if chosen.format == "svg" else None)
        job = self.controller.start(icon, chosen, folder, name, template=template, output=output)
        self.add_job(job)
        self.app.refresh_bindings()
        return job

    def _selected(self) -> DownloadJob | None:
        focused = self.screen.focused if self.is_attached else None
        return focused.job if isinstance(focused, DownloadRow) else None

    def cancel_selected(self) -> bool:
        """Cancel the focused download (or, with none focused, the latest running); False if none runs."""
        job = self.controller.cancellable(self._selected())
        return job is not None and self.controller.cancel(job)

    def retry_selected(self) -> bool:
        """Retry the focused download (or the latest failed or cancelled); False if there is none."""
        old = self.controller.retryable(self._selected())
        if old is None:
            return False
        self.replace_job(old, self.controller.retry(old))
        return True

    def on_download_controller_progress(self, message: DownloadController.Progress) -> None:
        message.stop()
        self.show_progress(message.job)

    def on_download_controller_finished(self, message: DownloadController.Finished) -> None:
        # Not stopped: the app hears it too (the quit question and the keys follow the downloads).
        notice = finish_notice(message.job)
        if notice is not None:
            self.notify(notice.text, title=notice.title, severity=notice.severity, markup=False)

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

    def on_resize(self, event: events.Resize) -> None:
        """After a resize (the terminal shrank: the panel is shorter), keep the focused row in view, else
        the newest: the scroll position kept from the old size would show older rows instead."""
        self.call_after_refresh(self._keep_in_view)

    def _keep_in_view(self) -> None:
        focused = self.screen.focused if self.is_attached else None
        if isinstance(focused, DownloadRow) and focused.parent is self:
            self.scroll_to_widget(focused, animate=False, immediate=True)
        else:
            self.scroll_end(animate=False, immediate=True)

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
        """Forget downloads that ended and remove their rows; return how many."""
        self.controller.clear_finished()
        finished = [row for row in self.rows if row.job.status.finished]
        for row in finished:
            row.remove()
        if len(finished) == len(self.rows):
            self.add_class("-empty")
        return len(finished)
