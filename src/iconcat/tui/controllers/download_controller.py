"""The browser's downloads in the background: start, cancel, retry, and what became of each.

Each download is an async worker in the "download" group, never exclusive: a search or a preview
never cancels one. The controller runs its workers on the node it is given and tells that node what
happened through messages (`Progress`, at most ten a second per download and coalesced; `Finished`,
once per download); it never calls into the app. Saving itself is `iconcat.disk.saving.save_choice`'s job
(a variant's file, or a PNG resampled smaller in a thread; identical bytes already there kept), and
below it `iconcat.disk.downloads`' (partial file, publish, clean-up).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from textual.message import Message
from textual.worker import Worker, WorkerCancelled

from iconcat.browsing.download_jobs import DownloadJob, DownloadStatus
from iconcat.failures import describe_failure

if TYPE_CHECKING:  # pragma: no cover - typing only
    from textual.dom import DOMNode

    from iconcat.api import Icon, Variant
    from iconcat.catalogue import Catalogue
    from iconcat.disk.saving import Choice
    from iconcat.disk.svg_output import OutputOptions

__all__ = ["DownloadController"]

ClientSource = Callable[[], Awaitable["Catalogue | None"]]
"""Waits for the catalogue (None when there is none: `problem` then says why)."""


class DownloadController:
    """Every download of this session, oldest first, and the workers that run them."""

    class Progress(Message):
        """`job` moved on (bytes, status). Consecutive ones for the same job coalesce into one repaint."""

        def __init__(self, job: DownloadJob) -> None:
            super().__init__()
            self.job = job

        def can_replace(self, message: Message) -> bool:
            return isinstance(message, DownloadController.Progress) and message.job is self.job

    class Finished(Message):
        """`job` ended: done (`saved_path`), failed (`error`) or cancelled."""

        def __init__(self, job: DownloadJob) -> None:
            super().__init__()
            self.job = job

    def __init__(self, owner: DOMNode, client: ClientSource, problem: Callable[[], str]) -> None:
        self._owner = owner
        self._client = client
        self._problem = problem
        self.jobs: list[DownloadJob] = []
        """Every download of this session, oldest first (retries replace their job in place)."""
        self._workers: dict[DownloadJob, Worker[None]] = {}

    @property
    def running(self) -> list[DownloadJob]:
        """Downloads still in progress."""
        return [job for job in self.jobs if job.status is DownloadStatus.RUNNING]

    def start(
        self,
        icon: Icon,
        choice: Choice | Variant,
        folder: Path,
        filename: str,
        *,
        template: str | None = None,
        output: OutputOptions | None = None,
    ) -> DownloadJob:
        """Save `choice` of `icon` (a Choice, or a Variant as it is) into `folder` as `filename` (or the next
        free name; `template` is what named it) as `output` asks, in the background."""
        from iconcat.disk.saving import Choice

        chosen = choice if isinstance(choice, Choice) else Choice(choice)
        job = DownloadJob(
            icon=icon,
            variant=chosen.variant,
            filename=filename,
            folder=folder,
            chosen=chosen,
            template=template,
            output=output,
        )
        self.jobs.append(job)
        self._launch(job)
        return job

    def cancellable(self, selected: DownloadJob | None) -> DownloadJob | None:
        """What cancel applies to: `selected` if it runs, else (with nothing selected) the latest running."""
        return self._target(selected, lambda job: job.status is DownloadStatus.RUNNING)

    def retryable(self, selected: DownloadJob | None) -> DownloadJob | None:
        """What retry applies to: `selected` if it failed or was cancelled, else the latest such."""
        return self._target(selected, lambda job: job.status in (DownloadStatus.FAILED, DownloadStatus.CANCELLED))

    def _target(self, selected: DownloadJob | None, fits: Callable[[DownloadJob], bool]) -> DownloadJob | None:
        if selected is not None:
            return selected if fits(selected) else None
        return next((job for job in reversed(self.jobs) if fits(job)), None)

    def cancel(self, job: DownloadJob) -> bool:
        """Cancel `job` (its partial file is removed); False if it is not running."""
        worker = self._workers.get(job)
        if worker is None or job.status is not DownloadStatus.RUNNING:
            return False
        worker.cancel()
        return True

    def retry(self, old: DownloadJob) -> DownloadJob:
        """Start `old` again as a new job in its place."""
        new = old.restarted()
        self.jobs[self.jobs.index(old)] = new
        self._workers.pop(old, None)
        self._launch(new)
        return new

    def clear_finished(self) -> list[DownloadJob]:
        """Forget finished downloads; return them."""
        finished = [job for job in self.jobs if job.status.finished]
        self.jobs = [job for job in self.jobs if not job.status.finished]
        for job in finished:
            self._workers.pop(job, None)
        return finished

    async def cancel_all(self) -> None:
        """Cancel every running download and wait until each has cleaned up its partial file."""
        workers = [self._workers[job] for job in self.running if job in self._workers]
        for worker in workers:
            worker.cancel()
        for worker in workers:
            try:
                await asyncio.wait_for(worker.wait(), timeout=5)
            except (TimeoutError, WorkerCancelled):
                pass  # cancelled is the expected outcome; a stuck one must not hold up quitting

    def remove_leftovers(self, folder: Path) -> None:
        """Delete, in a thread, the partial files that killed iconcat runs left in `folder`."""
        from iconcat.disk.downloads import remove_leftovers

        self._owner.run_worker(
            partial(remove_leftovers, folder),
            thread=True,
            group="housekeeping",
            exit_on_error=False,
            description="remove partial files of killed runs",
        )

    def _launch(self, job: DownloadJob) -> None:
        self._workers[job] = self._owner.run_worker(
            partial(self._download, job),
            group="download",
            exclusive=False,
            exit_on_error=False,
            description=f"download variant {job.variant.id}",
        )

    async def _download(self, job: DownloadJob) -> None:
        """One download; progress is reported at most ten times a second."""
        from iconcat.api import CatalogueError
        from iconcat.disk.downloads import SavedThenCancelled
        from iconcat.disk.saving import save_choice

        def progress(bytes_done: int, total: int | None) -> None:
            if job.record_progress(bytes_done, total):
                self._owner.post_message(self.Progress(job))

        self._owner.post_message(self.Progress(job))
        try:
            client = await self._client()
            if client is None:
                job.finish(DownloadStatus.FAILED, error=self._problem() or "no catalogue is connected")
            else:
                outcome = await save_choice(
                    client,
                    job.icon,
                    job.choice,
                    job.folder,
                    template=job.template,
                    progress=progress,
                    output=job.output,
                )
                job.uncoloured = outcome.uncoloured
                job.finish(DownloadStatus.DONE, saved_path=Path(outcome.path), already=outcome.already)
        except asyncio.CancelledError as cancel:
            if isinstance(cancel, SavedThenCancelled):  # too late to stop: the file is whole at its name
                job.finish(DownloadStatus.DONE, saved_path=cancel.saved.path, already=cancel.saved.already)
            else:
                job.finish(DownloadStatus.CANCELLED)
            self._report(job)
            raise
        except CatalogueError as error:
            job.finish(DownloadStatus.FAILED, error=describe_failure(error, max_length=160))
        except Exception as error:  # noqa: BLE001 - a failed download is a row state, not a crash
            job.finish(DownloadStatus.FAILED, error=describe_failure(error, max_length=160))
        self._report(job)

    def _report(self, job: DownloadJob) -> None:
        self._owner.post_message(self.Progress(job))
        self._owner.post_message(self.Finished(job))
