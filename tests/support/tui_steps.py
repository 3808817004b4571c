"""Steps the browser's tests take more than once: copy through the menu (`y`), download the
highlighted icon, and check that drawn segments carry nothing from the catalogue but text."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from iconcat.browsing.download_jobs import DownloadStatus
from iconcat.tui.screens import VariantPicker
from iconcat.tui.screens.copy_menu import CopyMenu
from tests.support.tui import wait_until

__all__ = ["CONTROL_CHARACTERS", "assert_plain", "copy", "download_highlighted"]

CONTROL_CHARACTERS = {chr(code) for code in [*range(0x20), *range(0x7F, 0xA0)]}


def assert_plain(segments) -> None:
    """No escape character, no link, no click action, no bold from a name's "[bold]"."""
    for segment in segments:
        assert not CONTROL_CHARACTERS & set(segment.text), repr(segment.text)
        style = segment.style
        if style is not None:
            assert not style.link
            assert not any(key.startswith("@") for key in style.meta), style.meta


async def copy(pilot, kind: str) -> None:
    """Open the copy menu over the highlighted icon and choose `kind`."""
    app = pilot.app
    await pilot.press("y")
    await wait_until(pilot, lambda: isinstance(app.screen, CopyMenu), "the copy menu")
    menu = app.screen
    index = [choice.kind for choice in menu.choices].index(kind)
    menu.query_one(OptionList).highlighted = index
    await pilot.press("enter")
    await wait_until(pilot, lambda: not isinstance(app.screen, CopyMenu), "the menu closed")


async def download_highlighted(pilot) -> Path:
    app = pilot.app
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker), "the variant picker")
    await pilot.press("enter")
    await wait_until(pilot, lambda: app.downloads and app.downloads[-1].status.finished, "the download")
    job = app.downloads[-1]
    assert job.status is DownloadStatus.DONE and job.saved_path is not None
    return job.saved_path
