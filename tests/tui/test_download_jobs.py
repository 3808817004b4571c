"""Download progress reaches the screen at most about ten times a second, however small the chunks."""

from __future__ import annotations

import time
from pathlib import Path

from iconcat.api import Icon, Ref, Variant
from iconcat.browsing.download_jobs import PROGRESS_INTERVAL, DownloadJob, DownloadStatus, format_size
from iconcat.tui.controllers.download_controller import DownloadController


def a_job() -> DownloadJob:
    ref = Ref(1, "x")
    variant = Variant(7, "png", 512)
    icon = Icon(1, "Arrow", ref, ref, ref, ref, "http://127.0.0.1/t", (variant,))
    return DownloadJob(icon=icon, variant=variant, filename="arrow-512.png", folder=Path("."))


def test_progress_is_throttled_to_the_repaint_interval():
    job = a_job()
    start = time.monotonic()
    repaints = sum(job.record_progress(done, 10_000_000) for done in range(0, 10_000_000, 1000))
    elapsed = time.monotonic() - start
    # 10,000 chunk reports; at most one repaint per interval (plus the first).
    assert 1 <= repaints <= 1 + elapsed / PROGRESS_INTERVAL
    assert job.bytes_done == 9_999_000 and job.fraction is not None and job.fraction > 0.99


def test_a_newer_progress_message_replaces_a_queued_one_for_the_same_download():
    first, second = a_job(), a_job()
    assert DownloadController.Progress(first).can_replace(DownloadController.Progress(first))
    assert not DownloadController.Progress(first).can_replace(DownloadController.Progress(second))


def test_finishing_records_outcome_and_sizes_read_well():
    job = a_job()
    job.record_progress(2048, None)
    job.finish(DownloadStatus.DONE, saved_path=Path("arrow-512.png"))
    assert job.status.finished and job.total == 2048 and job.fraction == 1.0
    assert format_size(812) == "812 B" and format_size(14_540) == "14.2 KB" and format_size(3_250_000) == "3.1 MB"
