"""A cancel that lands while a file is being saved: before its publish nothing is saved; once the
publish has begun, the file is whole at its name and whoever catches the cancel is told so
(`SavedThenCancelled`), so that no row or summary says "cancelled" over a file that is there."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from iconcat.api import CatalogueClient
from iconcat.disk.batch import Batch
from iconcat.disk.downloads import TEMP_PREFIX, FileSaver, SavedThenCancelled, publish_off_the_loop
from iconcat.disk.saving import Choice
from tests.support.fixtures import HeldSaverStep

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 64 + b"\x00\x00\x00\x00IEND\xaeB`\x82"


async def _cancelled_at(step: HeldSaverStep, folder: Path, cancels: int = 1) -> BaseException:
    """Save PNG as a.png into `folder`, cancelled (`cancels` times) once the saver reaches `step`; what
    the cancel raised."""

    async def save() -> Path:
        with FileSaver(folder, "a.png", total=len(PNG)) as saver:
            saver.write(PNG)
            return await publish_off_the_loop(saver)

    task = asyncio.create_task(save())
    await step.reached()
    for _ in range(cancels):
        task.cancel()
        await asyncio.sleep(0)  # the task takes the cancel (on this loop) before the step goes on
    step.release()
    with pytest.raises(asyncio.CancelledError) as raised:
        await task
    return raised.value


async def test_a_cancel_while_finishing_saves_nothing(tmp_path: Path, monkeypatch):
    cancel = await _cancelled_at(HeldSaverStep(monkeypatch, "finish"), tmp_path)
    assert not isinstance(cancel, SavedThenCancelled)
    await asyncio.sleep(0.2)  # the finishing thread has stopped before linking, and linked nothing
    assert list(tmp_path.iterdir()) == []


async def test_a_cancel_while_publishing_leaves_the_whole_file_and_says_so(tmp_path: Path, monkeypatch):
    cancel = await _cancelled_at(HeldSaverStep(monkeypatch, "publish"), tmp_path)
    assert isinstance(cancel, SavedThenCancelled)
    assert cancel.saved.path == tmp_path / "a.png" and not cancel.saved.already
    assert [path.name for path in tmp_path.iterdir()] == ["a.png"]
    assert (tmp_path / "a.png").read_bytes() == PNG


async def test_a_second_cancel_while_publishing_still_waits_for_the_whole_file(tmp_path: Path, monkeypatch):
    cancel = await _cancelled_at(HeldSaverStep(monkeypatch, "publish"), tmp_path, cancels=2)
    assert isinstance(cancel, SavedThenCancelled)
    assert [path.name for path in tmp_path.iterdir()] == ["a.png"]
    assert (tmp_path / "a.png").read_bytes() == PNG


async def test_a_batch_cancelled_while_a_file_is_published_counts_it_saved(catalogue, tmp_path: Path, monkeypatch):
    step = HeldSaverStep(monkeypatch, "publish")
    async with CatalogueClient(catalogue.base_url, catalogue.token) as client:
        icon = (await client.search("arrow up")).icons[0]
        png = next(variant for variant in icon.variants if variant.format == "png")
        batch = Batch([(icon, Choice(png))], tmp_path)
        task = asyncio.create_task(batch.run(client))
        await step.reached()
        task.cancel()
        step.release()
        with pytest.raises(asyncio.CancelledError):
            await task
    summary = batch.summary()
    assert not summary.cancelled, summary.headline
    [item] = summary.saved
    assert item.path is not None and item.path.read_bytes()[:8] == PNG[:8]
    assert [path for path in tmp_path.iterdir() if not path.name.startswith(TEMP_PREFIX)] == [item.path]
