"""Saving many files as one batch: the bag's "download all". No Textual here.

    batch = Batch([(icon, choice), ...], folder, on_progress=show, on_item=row_done)
    summary = await batch.run(client)      # at most `limit` (4) files at once
    batch.retry_failed(); await batch.run(client)   # the failed and cancelled ones again

Decisions:

- At most `limit` files are in flight at once (4 by default: enough to hide one file's round trips
  behind the others', few enough that a catalogue sees one person, not a crowd). The items start in
  the order given; each is saved by `save` (`iconcat.disk.saving.save_choice` unless another is injected:
  the tests and benchmarks use the real one), which never overwrites a file and leaves no partial
  file when it fails or is cancelled.
- One item's failure never stops the others: a 404, a 500, a stall or a full disk is that item's
  `reason` (`describe_failure`: plain, sanitised, one line), and the batch goes on. A full disk thus
  fails every item still to come, each saying so; the files already saved stay as they are.
- `cancel()` cancels every item still running and every one still waiting (`CANCELLED`); `run` then
  returns its summary as usual. Called before `run`, it cancels the waiting items, so `run` saves
  none. Cancelling the task that runs `run` does the same, then re-raises.
- `retry_failed()` puts the failed and cancelled items back to waiting; `run` again saves only them
  (the saved ones stay saved). The counts and bytes of a run are of the items it ran.
- Progress: `on_progress(BatchProgress)` at most every `interval` seconds while bytes arrive, and once
  at the end of every run; `on_item(item)` once each time an item starts and ends. Both are called on
  the event loop, from within `run`.
- Speed is bytes over the last few seconds (`SPEED_WINDOW`), or over the run so far when shorter.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from iconcat.disk.downloads import SavedThenCancelled
from iconcat.failures import describe_failure

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon
    from iconcat.catalogue import VariantFiles
    from iconcat.disk.saving import Choice, SaveOutcome
    from iconcat.disk.svg_output import OutputOptions

__all__ = [
    "BATCH_LIMIT",
    "Batch",
    "BatchItem",
    "BatchProgress",
    "BatchSummary",
    "ItemState",
    "SaveFunction",
    "format_bytes",
]

BATCH_LIMIT = 4
"""Files in flight at once."""
PROGRESS_INTERVAL = 0.1
"""Seconds between two progress reports while bytes arrive (at most ten a second)."""
SPEED_WINDOW = 3.0
"""Seconds of recent bytes the speed is measured over."""
REASON_LENGTH = 200
"""Longest failure reason kept for an item."""


class SaveFunction(Protocol):
    """How one file is saved: `iconcat.disk.saving.save_choice`'s shape."""

    def __call__(
        self,
        client: VariantFiles,
        icon: Icon,
        choice: Choice,
        folder: Path,
        *,
        template: str | None = ...,
        progress: Callable[[int, int | None], None] | None = ...,
        output: OutputOptions | None = ...,
    ) -> Awaitable[SaveOutcome]: ...


class ItemState(Enum):
    """Where one file of a batch is."""

    WAITING = "waiting"
    RUNNING = "running"
    SAVED = "saved"
    ALREADY = "already there"
    """A file with the same bytes was already in the folder: nothing new was written."""
    FAILED = "failed"
    CANCELLED = "cancelled"

    @property
    def finished(self) -> bool:
        return self not in (ItemState.WAITING, ItemState.RUNNING)


@dataclass(eq=False)
class BatchItem:
    """One file of a batch: an icon, the choice saved of it, and what became of it."""

    icon: Icon
    choice: Choice
    state: ItemState = ItemState.WAITING
    bytes_done: int = 0
    total: int | None = None
    """The file's size, when the service said."""
    path: Path | None = None
    """Where it was saved (SAVED, ALREADY)."""
    reason: str = ""
    """Why it failed, for a person (FAILED): sanitised, one line."""
    template: str | None = None
    """The file-name template it is saved with (the batch's, or with `-{id}` where two icons of the
    batch would get one name: `saving.distinct_templates`); None: the batch's."""
    uncoloured: bool = False
    """Saved in the icon's own colours though a colour was asked (`SaveOutcome.uncoloured`)."""


def format_bytes(count: float) -> str:
    """A byte count for a person: "812 B", "3.4 KB", "12.0 MB" (decimal units)."""
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if count >= scale:
            return f"{count / scale:.1f} {unit}"
    return f"{int(count)} B"


@dataclass(frozen=True)
class BatchProgress:
    """How far a run is: finished of count files, bytes so far, the speed."""

    finished: int
    count: int
    running: int
    bytes_done: int
    speed: float
    """Bytes per second, recently."""
    elapsed: float

    @property
    def text(self) -> str:
        """As "12 of 50 · 3.4 MB · 1.2 MB/s"."""
        return f"{self.finished} of {self.count} · {format_bytes(self.bytes_done)} · {format_bytes(self.speed)}/s"


@dataclass(frozen=True)
class BatchSummary:
    """What became of every item of a batch."""

    saved: tuple[BatchItem, ...] = ()
    already: tuple[BatchItem, ...] = ()
    failed: tuple[BatchItem, ...] = ()
    cancelled: tuple[BatchItem, ...] = ()
    waiting: tuple[BatchItem, ...] = field(default=())
    """Not finished (only while a run goes on)."""

    @property
    def complete(self) -> bool:
        """Every file saved or found already there (at least one): none failed, cancelled or unfinished."""
        return bool(self.saved or self.already) and not (self.failed or self.cancelled or self.waiting)

    @property
    def headline(self) -> str:
        """The counts that are not zero ("45 saved · 2 already there · 3 failed"), or "nothing saved"."""
        parts = [
            f"{len(items)} {label}"
            for items, label in (
                (self.saved, "saved"),
                (self.already, "already there"),
                (self.failed, "failed"),
                (self.cancelled, "cancelled"),
                (self.waiting, "not finished"),
            )
            if items
        ]
        return " · ".join(parts) or "nothing saved"


class Batch:
    """Files to save into `folder`, at most `limit` at once; see the module docstring."""

    def __init__(
        self,
        items: Iterable[tuple[Icon, Choice]],
        folder: Path,
        *,
        template: str | None = None,
        output: OutputOptions | None = None,
        save: SaveFunction | None = None,
        limit: int = BATCH_LIMIT,
        on_progress: Callable[[BatchProgress], None] | None = None,
        on_item: Callable[[BatchItem], None] | None = None,
        interval: float = PROGRESS_INTERVAL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if limit < 1:
            raise ValueError("a batch saves at least one file at a time")
        pairs = list(items)
        from iconcat.disk.saving import TemplateError, distinct_templates  # (light: no Pillow, no httpx)

        try:
            templates: list[str | None] = list(distinct_templates(pairs, template))
        except TemplateError:
            templates = [template] * len(pairs)  # each save says why the template cannot name files
        self.items = [
            BatchItem(icon, choice, template=named) for (icon, choice), named in zip(pairs, templates, strict=True)
        ]
        """Every file of the batch, in order."""
        self.folder = folder
        self.template = template
        self.output = output
        """What is asked of every file (colour, SVG size, attribution: `iconcat.disk.svg_output`)."""
        self.limit = limit
        self._save = save
        self._on_progress = on_progress
        self._on_item = on_item
        self._interval = interval
        self._clock = clock
        self._run_items: list[BatchItem] = []
        self._queue: deque[BatchItem] = deque()
        self._tasks: dict[BatchItem, asyncio.Task[None]] = {}
        self._cancelled = False
        self._running = False
        self._started_at = 0.0
        self._reported_at = -1.0
        self._samples: deque[tuple[float, int]] = deque()

    # ----------------------------------------------------------------- reading

    @property
    def running(self) -> bool:
        """True while `run` goes on."""
        return self._running

    @property
    def remaining(self) -> int:
        """Files of the current run still waiting or running (0 when none runs)."""
        if not self._running:
            return 0
        return sum(1 for item in self._run_items if not item.state.finished)

    def progress(self) -> BatchProgress:
        """How far the current (or last) run is."""
        items = self._run_items
        now = self._clock()
        done = sum(item.bytes_done for item in items)
        samples = self._samples
        samples.append((now, done))
        while len(samples) > 2 and now - samples[1][0] >= SPEED_WINDOW:
            samples.popleft()
        first_time, first_bytes = samples[0]
        span = now - first_time
        speed = (done - first_bytes) / span if span > 0 else 0.0
        return BatchProgress(
            finished=sum(1 for item in items if item.state.finished),
            count=len(items),
            running=sum(1 for item in items if item.state is ItemState.RUNNING),
            bytes_done=done,
            speed=speed,
            elapsed=now - self._started_at if items else 0.0,
        )

    def summary(self) -> BatchSummary:
        """What became of every item so far."""

        def having(*states: ItemState) -> tuple[BatchItem, ...]:
            return tuple(item for item in self.items if item.state in states)

        return BatchSummary(
            saved=having(ItemState.SAVED),
            already=having(ItemState.ALREADY),
            failed=having(ItemState.FAILED),
            cancelled=having(ItemState.CANCELLED),
            waiting=having(ItemState.WAITING, ItemState.RUNNING),
        )

    # ----------------------------------------------------------------- acting

    def retry_failed(self) -> int:
        """Put the failed and cancelled items back to waiting (for the next `run`); how many."""
        if self._running:
            return 0
        again = [item for item in self.items if item.state in (ItemState.FAILED, ItemState.CANCELLED)]
        for item in again:
            item.state, item.reason, item.bytes_done, item.total, item.path = ItemState.WAITING, "", 0, None, None
        return len(again)

    def cancel(self) -> int:
        """Cancel every item running or waiting; how many. `run` returns once they have cleaned up.

        Before `run` (a batch about to start, or retried), the waiting items are cancelled at once,
        and a `run` after that has nothing to do: a cancel is never lost to the moment a run begins.
        """
        if not self._running:
            waiting = [item for item in self.items if item.state is ItemState.WAITING]
            for item in waiting:
                item.state = ItemState.CANCELLED
                self._item_changed(item)
            return len(waiting)
        self._cancelled = True
        waiting = list(self._queue)
        self._queue.clear()
        for item in waiting:
            item.state = ItemState.CANCELLED
            self._item_changed(item)
        running = [task for task in self._tasks.values() if not task.done()]
        for task in running:
            task.cancel()
        return len(waiting) + len(running)

    async def run(self, client: VariantFiles) -> BatchSummary:
        """Save every waiting item, at most `limit` at once; the summary once all have ended."""
        if self._running:
            raise RuntimeError("this batch is running already")
        save = self._save
        if save is None:
            from iconcat.disk.saving import save_choice

            save = save_choice
        self._running, self._cancelled = True, False
        self._run_items = [item for item in self.items if item.state is ItemState.WAITING]
        self._queue = deque(self._run_items)
        self._started_at = self._reported_at = self._clock()
        self._samples.clear()
        self._report(force=True)
        try:
            workers = [
                asyncio.create_task(self._worker(client, save)) for _ in range(min(self.limit, len(self._queue)))
            ]
            try:
                await asyncio.gather(*workers)
            except asyncio.CancelledError:
                self.cancel()
                for worker in workers:
                    worker.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.gather(*workers, return_exceptions=True)
                raise
        finally:
            for item in self._run_items:  # (only when something unforeseen broke a worker)
                if not item.state.finished:
                    item.state = ItemState.CANCELLED
            self._running = False
            self._report(force=True)
        return self.summary()

    # ----------------------------------------------------------------- inside a run

    async def _worker(self, client: VariantFiles, save: SaveFunction) -> None:
        while self._queue and not self._cancelled:
            item = self._queue.popleft()
            task = asyncio.create_task(self._one(client, save, item))
            self._tasks[item] = task
            try:
                await asyncio.wait([task])  # (an item's cancellation is its own: the worker goes on)
            except asyncio.CancelledError:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
                raise
            finally:
                self._tasks.pop(item, None)

    async def _one(self, client: VariantFiles, save: SaveFunction, item: BatchItem) -> None:
        item.state, item.bytes_done, item.total = ItemState.RUNNING, 0, None
        self._item_changed(item)

        def progress(done: int, total: int | None) -> None:
            item.bytes_done, item.total = done, total
            self._report()

        try:
            template = item.template if item.template is not None else self.template
            outcome = await save(
                client, item.icon, item.choice, self.folder, template=template, progress=progress, output=self.output
            )
        except asyncio.CancelledError as cancel:
            if isinstance(cancel, SavedThenCancelled):  # too late to stop: the file is whole at its name
                item.state = ItemState.ALREADY if cancel.saved.already else ItemState.SAVED
                item.path = cancel.saved.path
            else:
                item.state = ItemState.CANCELLED
            self._item_changed(item)
            raise
        except Exception as error:  # noqa: BLE001 - one file's failure is its row's, never the batch's
            item.state, item.reason = ItemState.FAILED, describe_failure(error, max_length=REASON_LENGTH)
        else:
            item.state = ItemState.ALREADY if outcome.already else ItemState.SAVED
            item.path = outcome.path
            item.uncoloured = outcome.uncoloured
        self._item_changed(item)

    def _item_changed(self, item: BatchItem) -> None:
        if self._on_item is not None:
            self._on_item(item)
        self._report(force=item.state.finished)

    def _report(self, *, force: bool = False) -> None:
        if self._on_progress is None:
            return
        now = self._clock()
        if not force and now - self._reported_at < self._interval:
            return
        self._reported_at = now
        self._on_progress(self.progress())
