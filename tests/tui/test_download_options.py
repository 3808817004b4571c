"""Download options in the browser (issue 14, item 7): smaller PNGs in the picker, the file-name
template, and a file already saved said so instead of copied again.

The browser runs on the embedded catalogue over loopback, driven with Textual's pilot.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PIL import Image
from textual.widgets import OptionList, Static

from iconcat.saving import file_name
from iconcat.tui.download_jobs import DownloadStatus
from iconcat.tui.screens import VariantPicker
from iconcat.tui.widgets import DownloadRow, ResultsList
from tests.support.tui import SIZE, search, shown_text, wait_until

SMALL = "PNG · 64 px (from 512)"


async def _open_picker(app, pilot, query: str = "arrow up"):
    await search(pilot, query)
    results = app.query_one(ResultsList)
    results.focus()
    icon = results.highlighted_icon
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker) and app.screen.is_mounted, "the picker")
    await pilot.pause()
    return icon, app.screen


async def _highlight(pilot, picker: VariantPicker, label: str) -> None:
    labels = [str(option.prompt) for option in picker.query_one(OptionList).options]
    for _ in range(labels.index(label) - (picker.query_one(OptionList).highlighted or 0)):
        await pilot.press("down")
    assert picker.highlighted_choice is not None and picker.highlighted_choice.label == label


async def test_a_smaller_png_from_the_picker_is_saved_at_its_size(make_app, download_dir: Path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        icon, picker = await _open_picker(app, pilot)
        assert SMALL in [str(option.prompt) for option in picker.query_one(OptionList).options]
        await _highlight(pilot, picker, SMALL)
        expected = download_dir / file_name(icon, picker.highlighted_choice)
        assert expected.name.endswith("-64.png") and f"-{icon.style.name.lower()}-" in expected.name
        assert shown_text(picker.query_one("#picker-target", Static)) == f"Saves to {expected}"
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.downloads and app.downloads[-1].status.finished, "the download's end")
        job = app.downloads[-1]
        assert job.status is DownloadStatus.DONE, job.error
        assert job.saved_path == expected and not job.already
    with Image.open(expected) as image:
        assert (image.format, image.size) == ("PNG", (64, 64))
    assert sorted(path.name for path in download_dir.iterdir()) == [expected.name]


async def test_the_same_file_again_says_already_saved_and_writes_nothing(make_app, download_dir: Path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "heart")
        icon = app.query_one(ResultsList).icons[0]
        first = app.start_download(icon, icon.variants[0])
        await wait_until(pilot, lambda: first.status.finished, "the first download")
        second = app.start_download(icon, icon.variants[0])
        await wait_until(pilot, lambda: second.status.finished, "the second download")
        assert (first.status, second.status) == (DownloadStatus.DONE, DownloadStatus.DONE), second.error
        assert (first.already, second.already) == (False, True)
        assert second.saved_path == first.saved_path
        await wait_until(pilot, lambda: app.query_one(f"#{second.row_id}", DownloadRow).has_class("-done"), "the row")
        row = app.query_one(f"#{second.row_id}", DownloadRow)
        assert shown_text(row.query_one(".download-status", Static)).startswith("already saved as ")
        notes = [note.message for note in app._notifications]
        assert f"already saved as {second.saved_path}" in notes
    assert [path.name for path in download_dir.iterdir()] == [first.saved_path.name]


async def test_the_template_of_the_connection_names_the_files(make_app, connection, download_dir: Path):
    app = make_app(dataclasses.replace(connection, filename_template="{set}-{name}-{size}-{id}"))
    async with app.run_test(size=SIZE) as pilot:
        icon, picker = await _open_picker(app, pilot, "home")
        await _highlight(pilot, picker, SMALL)
        expected = download_dir / f"core-ui-home-64-{icon.id}.png"
        assert shown_text(picker.query_one("#picker-target", Static)) == f"Saves to {expected}"
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.downloads and app.downloads[-1].status.finished, "the download's end")
        assert app.downloads[-1].saved_path == expected, app.downloads[-1].error
        # The last choice is preselected next time: the resampled size, not the 512 it came from.
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker), "the picker again")
        await pilot.pause()
        assert app.screen.highlighted_choice.label == SMALL
