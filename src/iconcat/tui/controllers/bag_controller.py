"""The bag (issue 14): icons marked across searches, and saving them all as one batch.

Decisions:

- The marks are kept by `Memory` (per catalogue, across restarts), read once when the memory opens;
  from then on the controller's own copy is the bag (drawing a tile asks a frozenset, the bag screen
  lists the controller's icons) and every change is written through the browser's `MemoryWriter`,
  off the UI thread (marking 1,000 icons at once is ~60 ms of SQLite, and a write may wait up to the
  busy timeout while another browser writes). The bag survives restarts until it is emptied:
  "download all" keeps the icons in the bag (a person may want them again in another format, or
  retry); emptying is explicit: the bag screen's "empty", or its offer once a "download all" has
  saved every icon in the bag (`offers_to_empty`: one key, the default). Quitting with icons in the
  bag whose files this run never saved says the bag is kept (`never_downloaded`), and asks nothing.
- `iconcat pick --multi` fills a bag of its own (`kept` False): it starts empty, lives in memory for
  that run only and is never written, so the browser's remembered bag is left as it was and a pick
  prints only the icons chosen in it.
- A variant preference (format and size) applies to the whole bag: each icon gets the nearest choice
  it offers (`iconcat.disk.saving.nearest_choice`); icons that offer nothing close are listed and skipped.
  The preference is remembered (`bag_variant`), globally like the picker's. Until a person chooses
  one, the bag asks what the catalogue's spec says (`CatalogueSpec.bag_default`): PNG 512 of a
  catalogue (the demo's, a remote one) and SVG of icon sets from disk, which are web developers'
  Iconify sets and SVG folders, whose SVG is the original and what goes into a page or a bundle; a
  choice made once wins everywhere after.
- One batch at a time (`iconcat.disk.batch.Batch`, at most 4 files at once), run as a worker of the
  browser screen (the `"bag"` group), so closing the bag screen never stops it; quitting while it
  runs asks first, like single downloads, and cancels it. Each file saved (or found already there)
  goes to the recent icons.
- The controller runs its worker on the node it is given (the browser screen) and tells that node,
  and any screen listening (`listen`), what happened through messages: `Progress` (coalesced, at most
  ten a second while bytes arrive), `ItemChanged`, `Finished`; and `Changed` when the marks change.
  It never calls into the app.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from textual.message import Message

from iconcat.browsing.remembered import BAG_VARIANT, decode_variant, encode_variant
from iconcat.disk.batch import Batch, BatchItem, BatchProgress, BatchSummary, ItemState, SaveFunction
from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from textual.dom import DOMNode
    from textual.worker import Worker

    from iconcat.api import Icon
    from iconcat.disk.bag_export import Exported
    from iconcat.disk.saving import Choice
    from iconcat.disk.svg_output import OutputOptions
    from iconcat.memory import Memory

    from .download_controller import ClientSource
    from .memory_writer import MemoryWriter

__all__ = ["EXPORT_NAMES", "BagController", "Preference", "preference_label"]

Preference = tuple[str, "int | None"]
"""(format, size in pixels or None for vector formats) asked of every icon in the bag."""

PREFERENCE_KEY = BAG_VARIANT
EXPORT_NAMES = {"sprite": "bag-sprite.svg", "zip": "bag.zip", "iconify": "bag-iconify"}
"""What the bag screen's exports write into the download folder: a sprite, a zip, a folder of Iconify JSON."""
DEFAULT_PREFERENCE: Preference = ("png", 512)
"""What the bag asks of every icon until a person chooses, when its owner names no default: PNG 512."""


def preference_label(preference: Preference) -> str:
    """As "PNG · 512 px" or "SVG · vector" (sanitised: formats come from the catalogue)."""
    fmt, size = preference
    shown = sanitize(fmt.upper(), max_length=12)
    return f"{shown} · {size} px" if size is not None else f"{shown} · vector"


class BagController:
    """The bag's marks and its batch; see the module docstring."""

    class Changed(Message):
        """Icons went into the bag or out of it (the marks and the count follow)."""

        def can_replace(self, message: Message) -> bool:
            return isinstance(message, BagController.Changed)

    class Progress(Message):
        """The batch moved on. Consecutive ones coalesce into one repaint."""

        def __init__(self, progress: BatchProgress) -> None:
            super().__init__()
            self.progress = progress

        def can_replace(self, message: Message) -> bool:
            return isinstance(message, BagController.Progress)

    class ItemChanged(Message):
        """One file of the batch started or ended."""

        def __init__(self, item: BatchItem) -> None:
            super().__init__()
            self.item = item

    class Finished(Message):
        """A run of the batch ended (every file saved, failed or cancelled)."""

        def __init__(self, summary: BatchSummary) -> None:
            super().__init__()
            self.summary = summary

    def __init__(
        self,
        owner: DOMNode,
        client: ClientSource,
        problem: Callable[[], str],
        *,
        template: Callable[[], str | None] = lambda: None,
        default: Callable[[], Preference] = lambda: DEFAULT_PREFERENCE,
        save: SaveFunction | None = None,
        output: Callable[[], OutputOptions | None] = lambda: None,
    ) -> None:
        self._owner = owner
        self._default = default
        """What the bag asks until a person chooses: the catalogue's (`CatalogueSpec.bag_default`), asked
        each time (the catalogue may change)."""
        self._client = client
        self._problem = problem
        self._template = template
        """The file-name template at the moment "download all" starts (the `filename` setting, `--name`)."""
        self._save = save
        self._output = output
        """What is asked of every file at the moment "download all" starts (`--color`, `--no-attribution`)."""
        self.memory: Memory | None = None
        self._writer: MemoryWriter | None = None
        self._icons: dict[int, Icon] = {}
        """The bag, in the order its icons were marked (the memory's copy follows it)."""
        self._ids: frozenset[int] = frozenset()
        self.batch: Batch | None = None
        """The latest batch (running or ended), None before the first."""
        self._worker: Worker[None] | None = None
        self._batch_memory: Memory | None = None
        self._listeners: list[DOMNode] = []
        self.asked: Preference | None = None
        """A preference asked for this run only (`iconcat pick --multi --format svg`): it comes before
        the remembered one, and is not remembered, until the person chooses another in the bag."""
        self.kept = True
        """True: the bag is the catalogue's remembered one (read from the memory, every change written
        back). False (`iconcat pick --multi`): a bag of this run's own, empty at start, never written.
        Set before the memory opens."""
        self._delivered: set[int] = set()
        """Icons whose file a batch of this run saved (or found already there), of this catalogue."""

    # ----------------------------------------------------------------- the marks

    def use_memory(self, memory: Memory, writer: MemoryWriter | None = None) -> None:
        """Keep the bag in `memory` from now on (another catalogue's bag), its changes written by
        `writer` (None: at once, through `memory`)."""
        self.memory = memory
        self._writer = writer
        self._icons = {icon.id: icon for icon in memory.bag()} if self.kept else {}
        self._delivered = set()
        self._set_ids()

    def _set_ids(self) -> None:
        ids = frozenset(self._icons)
        if ids != self._ids:
            self._ids = ids
            self._tell(self.Changed)

    def _write(self, job: Callable[[Memory], object]) -> None:
        if not self.kept:
            return  # this run's own bag: the remembered one is left as it was
        if self._writer is not None:
            self._writer.write(job)
        elif self.memory is not None:
            job(self.memory)

    @property
    def ids(self) -> frozenset[int]:
        """The ids of the icons in the bag."""
        return self._ids

    def __len__(self) -> int:
        return len(self._ids)

    def icons(self) -> tuple[Icon, ...]:
        """The icons in the bag, in the order they were marked."""
        return tuple(self._icons.values())

    def toggle(self, icon: Icon) -> bool:
        """Put `icon` in the bag, or take it out; True when it is in now."""
        if self.memory is None:
            return False
        if icon.id in self._icons:
            self.unmark([icon.id])
            return False
        self.mark([icon])
        return True

    def mark(self, icons: Iterable[Icon]) -> int:
        """Put `icons` in the bag; how many were not in it yet."""
        if self.memory is None:
            return 0
        new = list({icon.id: icon for icon in icons if icon.id not in self._icons}.values())
        if new:
            self._icons.update((icon.id, icon) for icon in new)
            self._write(lambda memory: memory.mark(new))
            self._set_ids()
        return len(new)

    def unmark(self, ids: Iterable[int]) -> None:
        """Take these icons out of the bag."""
        if self.memory is None:
            return
        gone = [icon_id for icon_id in dict.fromkeys(ids) if icon_id in self._icons]
        if gone:
            for icon_id in gone:
                del self._icons[icon_id]
            self._write(lambda memory: memory.unmark(gone))
            self._set_ids()

    def empty(self) -> int:
        """Take every icon out of the bag; how many there were."""
        count = len(self._ids)
        self.unmark(list(self._ids))
        return count

    @property
    def offers_to_empty(self) -> bool:
        """True when the last "download all" (or retry) saved the file of every icon now in the bag:
        each saved or already there, none failed, cancelled, unfinished or left out for want of a
        close choice. The bag then offers to empty itself; a partial success offers nothing. Never
        for a bag of this run's own (`kept` False): it goes when the pick ends."""
        batch = self.batch
        if not self.kept or batch is None or not self._ids:
            return False
        summary = batch.summary()
        if not summary.complete:
            return False
        return self._ids <= {item.icon.id for item in (*summary.saved, *summary.already)}

    @property
    def never_downloaded(self) -> int:
        """Icons in the bag whose file no batch of this run saved (nor found already there)."""
        return len(self._ids - self._delivered)

    # ----------------------------------------------------------------- the preference

    @property
    def preference(self) -> Preference:
        """The format and size asked of every icon: asked for this run (`asked`), else the person's
        remembered choice, else this catalogue's default (its spec's `bag_default`)."""
        if self.asked is not None:
            return self.asked
        memory = self.memory
        if memory is None:
            return self._default()
        return decode_variant(memory.preference(PREFERENCE_KEY)) or self._default()

    @preference.setter
    def preference(self, preference: Preference) -> None:
        self.asked = None
        if self.memory is not None:
            self.memory.remember(PREFERENCE_KEY, encode_variant(preference))

    @staticmethod
    def preferences_for(icons: Iterable[Icon], asked: Preference | None = None) -> list[Preference]:
        """Every (format, size) one of `icons` offers (resampled sizes included), PNG first, large first;
        and `asked` when it is an SVG at a size (`pick --multi --format svg --size N`) and one offers an SVG."""
        from iconcat.disk.saving import choices_for

        found: set[Preference] = set()
        for icon in icons:
            for choice in choices_for(icon):
                found.add((choice.format, choice.pixels))
        if asked is not None and asked[0] == "svg" and asked[1] is not None and ("svg", None) in found:
            found.add(asked)
        return sorted(found, key=lambda pref: (pref[0] != "png", pref[0], -(pref[1] or 1 << 30)))

    @staticmethod
    def plan(icons: Iterable[Icon], preference: Preference) -> list[tuple[Icon, Choice | None]]:
        """Each icon with its choice nearest to `preference` (None: it offers nothing close)."""
        from iconcat.disk.saving import nearest_choice

        fmt, size = preference
        return [(icon, nearest_choice(icon, fmt, size)) for icon in icons]

    # ----------------------------------------------------------------- the exports

    async def export(self, kind: str, folder: Path, progress: Callable[[int, int], None] | None = None) -> Exported:
        """Write the bag into `folder` as `kind`, one of `EXPORT_NAMES` (`iconcat.disk.bag_export`: the zip
        holds the files "download all" saves for the preference and the file-name template); raises
        `ExportFailed` saying why nothing was written."""
        from iconcat.disk.bag_export import ExportFailed, export_iconify_json, export_sprite, export_zip
        from iconcat.disk.name_template import TemplateError

        client = await self._client()
        if client is None:
            raise ExportFailed(f"{self._problem() or 'no catalogue is connected'}: nothing was written")
        icons, target = self.icons(), folder / EXPORT_NAMES[kind]
        if kind == "sprite":
            return await export_sprite(client, icons, target, progress=progress)
        if kind == "iconify":
            return await export_iconify_json(client, icons, target, progress=progress)
        try:
            template = self._template()
            return await export_zip(client, icons, self.preference, target, template=template, progress=progress)
        except TemplateError as error:
            raise ExportFailed(f"{error}: nothing was written") from None

    # ----------------------------------------------------------------- the batch

    @property
    def running(self) -> bool:
        """True from "download all" (or retry) until the batch's worker has ended: also while the
        worker still waits for the client, before the batch itself has begun."""
        return self._worker is not None and not self._worker.is_finished

    @property
    def remaining(self) -> int:
        """Files of the running batch still waiting or running (0 when none runs)."""
        batch = self.batch
        if batch is None or not self.running:
            return 0
        return sum(1 for item in batch.items if not item.state.finished)

    @property
    def waiting(self) -> int:
        """Files of the running batch not begun yet (part of `remaining`): the quit question names them."""
        batch = self.batch
        if batch is None or not self.running:
            return 0
        return sum(1 for item in batch.items if item.state is ItemState.WAITING)

    def listen(self, node: DOMNode) -> None:
        """Tell `node` too (a bag screen while it is open) what the batch does."""
        if node not in self._listeners:
            self._listeners.append(node)

    def stop_listening(self, node: DOMNode) -> None:
        if node in self._listeners:
            self._listeners.remove(node)

    def download_all(
        self, planned: Iterable[tuple[Icon, Choice]], folder: Path, preference: Preference | None = None
    ) -> Batch | None:
        """Save `planned` into `folder` as one batch in the background; None if one runs already. A
        `preference` of an SVG at a size (`("svg", 64)`) saves the SVGs that wide or high."""
        if self.running:
            return None
        output = self._output()
        if preference is not None and preference[0] == "svg" and preference[1] is not None:
            import dataclasses

            from iconcat.disk.svg_output import OutputOptions

            output = dataclasses.replace(output or OutputOptions(), svg_size=preference[1])
        batch = Batch(
            planned,
            folder,
            template=self._template(),
            output=output,
            save=self._save,
            on_progress=lambda progress: self._tell(lambda: self.Progress(progress)),
            on_item=self._item_changed,
        )
        self.batch = batch
        self._launch(batch, self.memory)
        return batch

    def retry_failed(self) -> int:
        """Run the batch's failed and cancelled files again; how many (0: nothing to retry, or it runs)."""
        batch = self.batch
        if batch is None or self.running:
            return 0
        count = batch.retry_failed()
        if count:
            self._launch(batch, self.memory)
        return count

    def cancel_all(self) -> int:
        """Cancel every file of the running batch; how many were still to finish."""
        return self.batch.cancel() if self.batch is not None else 0

    async def cancel_and_wait(self) -> None:
        """Cancel the batch and wait until its files have cleaned up (at quit)."""
        worker = self._worker
        if worker is None or worker.is_finished:
            return
        self.cancel_all()
        import asyncio

        from textual.worker import WorkerCancelled

        try:
            await asyncio.wait_for(worker.wait(), timeout=5)
        except (TimeoutError, WorkerCancelled):
            pass  # a stuck one must not hold up quitting

    def _launch(self, batch: Batch, memory: Memory | None) -> None:
        self._batch_memory = memory

        async def run() -> None:
            client = await self._client()
            if client is None:
                reason = self._problem() or "no catalogue is connected"
                for item in batch.items:
                    if item.state is ItemState.WAITING:
                        item.state, item.reason = ItemState.FAILED, sanitize(reason, max_length=200)
                summary = batch.summary()
            else:
                summary = await batch.run(client)
            self._tell(lambda: self.Finished(summary))

        self._worker = self._owner.run_worker(
            run, group="bag", exclusive=False, exit_on_error=False, description="download the bag"
        )

    def _item_changed(self, item: BatchItem) -> None:
        memory = self._batch_memory
        if item.state in (ItemState.SAVED, ItemState.ALREADY):
            if memory is self.memory:  # (not a batch of the catalogue before a switch)
                self._delivered.add(item.icon.id)
            if memory is not None:
                memory.used(item.icon)  # a file saved: the icon goes to the recent ones
        self._tell(lambda: self.ItemChanged(item))

    def _tell(self, make: Callable[[], Message]) -> None:
        for node in (self._owner, *self._listeners):
            node.post_message(make())
