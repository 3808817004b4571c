"""What a new user hit in their first session (issue 11, item 8), driven like they did it.

Each test runs the browser against the embedded catalogue over loopback: the picker naming the file it
will really write, the quit question following a download that finishes, the highlighted row and the
newest download staying on screen through a resize, and a finished download's path readable at 80×24
with its notification beside the row, not over it.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.widgets import Static
from textual.widgets._toast import Toast

from iconcat.api import suggested_filename
from iconcat.browsing.download_jobs import DownloadStatus
from iconcat.tui.connection import Connection
from iconcat.tui.screens import ConfirmQuit, VariantPicker
from iconcat.tui.screens.confirm_quit import quit_question
from iconcat.tui.widgets import DownloadRow, DownloadsPanel, ResultsList
from tests.conftest import TEST_TOKEN
from tests.support.tui import SIZE, holding_downloads, search, shown_text, wait_until


def drawn_text(widget) -> str:
    """What `widget` draws on its first line: the cells on screen, not the text it holds."""
    return widget.render_lines(Region(0, 0, widget.size.width, 1))[0].text


# ------------------------------------------------------------------- a. the picker names the real file


async def test_picker_names_the_next_free_file_when_the_name_is_taken(make_app, download_dir: Path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow up")
        results = app.query_one(ResultsList)
        icon = results.icons[0]
        svg = next(index for index, variant in enumerate(icon.variants) if variant.format.lower() == "svg")
        name = suggested_filename(icon, icon.variants[svg])
        stem, _, extension = name.rpartition(".")
        # The person downloaded this icon before (twice): both names are taken.
        (download_dir / name).write_text("<svg/>")
        (download_dir / f"{stem}-1.{extension}").write_text("<svg/>")

        results.focus()
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker) and app.screen.is_mounted, "the picker")
        await pilot.pause()
        picker = app.screen
        for _ in range(svg):
            await pilot.press("down")
        assert picker.highlighted_variant is icon.variants[svg]
        target = shown_text(picker.query_one("#picker-target", Static))
        expected = download_dir / f"{stem}-2.{extension}"
        assert target == f"Saves to {expected}", target

        await pilot.press("enter")
        await wait_until(pilot, lambda: app.downloads and app.downloads[-1].status.finished, "the download's end")
        job = app.downloads[-1]
        assert job.status is DownloadStatus.DONE
        assert job.saved_path == expected  # the picker said where it would land, and it landed there
        await pilot.pause()
        row = app.query_one(f"#{job.row_id}", DownloadRow)
        assert shown_text(row.query_one(".download-name", Static)) == f"⤓ {expected.name}"


async def test_picker_shows_the_plain_name_when_it_is_free(make_app, tmp_path: Path, connection):
    # A folder that does not exist yet (it is made at the first download): the name is free.
    folder = tmp_path / "not" / "made" / "yet"
    app = make_app(dataclasses.replace(connection, download_dir=folder))
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow up")
        icon = app.query_one(ResultsList).icons[0]
        app.browser.open_variant_picker(icon)
        await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker) and app.screen.is_mounted, "the picker")
        await pilot.pause()
        target = shown_text(app.screen.query_one("#picker-target", Static))
        assert target == f"Saves to {folder / suggested_filename(icon, icon.variants[0])}"


# ------------------------------------------------------------------- b. the quit question follows


async def test_quit_question_says_so_when_the_download_finishes_then_quits_cleanly(make_app, download_dir):
    with holding_downloads(TEST_TOKEN) as (held, slow):  # the download ends when the test releases it
        app = make_app(Connection.service(slow.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await search(pilot, "heart")
            results = app.query_one(ResultsList)
            job = app.start_download(results.icons[0], results.icons[0].variants[0])
            await wait_until(pilot, lambda: held.in_flight == 1, "the download at the server")
            results.focus()
            await pilot.press("q")
            await wait_until(pilot, lambda: isinstance(app.screen, ConfirmQuit), "the quit question")
            question = app.screen.query_one("#quit-question", Static)
            assert job.status is DownloadStatus.RUNNING
            assert shown_text(question) == quit_question(1)

            held.release()
            await wait_until(pilot, lambda: job.status.finished, "the download's end")
            await wait_until(pilot, lambda: shown_text(question) == quit_question(0), "the question updated")
            assert job.status is DownloadStatus.DONE
            assert "still running" not in shown_text(question)

            await pilot.click("#quit-confirm")
            await wait_until(pilot, lambda: not app.is_running, "the app to quit")
        assert app.return_code == 0
        assert job.status is DownloadStatus.DONE  # quitting cancelled nothing
        assert [path.name for path in download_dir.iterdir()] == [job.saved_path.name]


# ------------------------------------------------------------------- d. resizing keeps things in view


def row_is_visible(results: ResultsList, index: int) -> bool:
    top = results.scroll_offset.y
    return top <= index < top + results.scrollable_content_region.height


async def test_shrinking_the_terminal_keeps_the_highlighted_row_on_screen(make_app):
    app = make_app()
    async with app.run_test(size=(200, 60)) as pilot:
        await search(pilot, "arrow")
        results = app.query_one(ResultsList)
        results.focus()
        await pilot.press("end")  # reaching the last also loads the next page: let it arrive
        await wait_until(pilot, lambda: not app.browser.search_state.loading_more, "the next page")
        await pilot.pause()
        last = results.highlighted
        assert last is not None and last > 40 and row_is_visible(results, last)

        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert row_is_visible(results, last), (results.scroll_offset, results.scrollable_content_region)

        # And back up a little, then wider and taller: still in view.
        for _ in range(30):
            await pilot.press("up")
        await pilot.resize_terminal(120, 36)
        await pilot.pause()
        await pilot.pause()
        assert row_is_visible(results, results.highlighted)


async def test_shrinking_the_terminal_keeps_the_newest_download_on_screen(make_app, download_dir):
    app = make_app()
    async with app.run_test(size=(200, 60)) as pilot:
        await search(pilot, "heart")
        icons = app.query_one(ResultsList).icons
        jobs = [app.start_download(icon, variant) for icon in icons[:2] for variant in icon.variants]
        await wait_until(pilot, lambda: all(job.status.finished for job in jobs), "every download's end")
        panel = app.query_one(DownloadsPanel)
        await pilot.pause()
        await pilot.pause()
        newest = panel.rows[-1]
        assert newest.job is jobs[-1]
        assert panel.scroll_offset.y == panel.max_scroll_y > 0

        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert panel.scroll_offset.y == panel.max_scroll_y, (panel.scroll_offset, panel.max_scroll_y)
        assert newest.region.area and panel.content_region.contains_region(newest.region)


# ------------------------------------------------------------------- e. a finished download at 80×24


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_a_finished_download_shows_its_path_and_its_notice_stays_off_the_row(make_app, download_dir, size):
    app = make_app()
    async with app.run_test(size=size, notifications=True) as pilot:
        await search(pilot, "heart")
        icon = app.query_one(ResultsList).icons[0]
        job = app.start_download(icon, icon.variants[0])
        await wait_until(pilot, lambda: job.status is DownloadStatus.DONE, "the download's end")
        row = app.query_one(DownloadRow)
        await wait_until(pilot, lambda: any(True for _ in app.screen.query(Toast)), "the notification")
        await pilot.pause()
        await pilot.pause()

        status = row.query_one(".download-status", Static)
        drawn = drawn_text(status).rstrip()
        name = job.saved_path.name
        # (Names carry the set since issue 21: one too long for the line keeps its start and end.)
        assert drawn.startswith("done "), drawn
        if "…" in name or len(drawn) >= len("done ") + len(name):
            assert drawn.endswith(name), drawn
            # The folder is cut from the left, whole names of folders kept, when the path is too long.
            path = str(job.saved_path)
            assert drawn == f"done {path}" or (drawn.startswith("done …/") and path.endswith(drawn[len("done …") :]))
        else:
            start, _, end = drawn[len("done ") :].partition("…")
            assert name.startswith(start) and name.endswith(end) and len(end) >= len("-512.png"), drawn
        path = str(job.saved_path)

        # The notification (with the full path) is on screen, and not over the row it describes.
        toasts = list(app.screen.query(Toast))
        assert toasts
        assert any(path in str(toast.render()) or name in str(toast.render()) for toast in toasts)
        for toast in toasts:
            assert toast.region.area
            assert not toast.region.overlaps(row.region), (toast.region, row.region)
            assert not toast.region.overlaps(app.query_one(DownloadsPanel).region), toast.region


def test_short_path_keeps_the_name_and_cuts_folders_from_the_left():
    from iconcat.tui.widgets.downloads_panel import short_path

    path = Path("/home/ana/Pictures/icons/arrow-up.svg")
    assert short_path(path, 80) == str(path)
    assert short_path(path, len(str(path))) == str(path)
    assert short_path(path, 22) == "…/icons/arrow-up.svg"
    assert short_path(path, 31) == "…/Pictures/icons/arrow-up.svg"
    assert short_path(path, 14) == "…/arrow-up.svg"
    long_name = Path("/home/ana/icons/heart-outline-core-ui-512.png")
    assert short_path(long_name, 21) == "heart-outl…ui-512.png"  # the middle goes: size and extension stay
    # Too narrow even for "…/": the name, shortened in the middle (issue 21: names carry the set now).
    assert short_path(path, 5) == "ar…vg"
    assert short_path(Path("/tmp/\x1b[31mred/a.svg"), 80) == "/tmp/[31mred/a.svg"


def test_quit_question_names_the_bags_waiting_files_beside_the_running_downloads():
    # Issue 21: "1 download is still running" while the bag had 5 more to save.
    assert quit_question(1, 5) == "1 download is running and 5 files of the bag still wait.\nQuit and cancel them all?"
    assert quit_question(0, 1).startswith("1 file of the bag still waits to be saved.")
    assert quit_question(2) == "2 downloads are still running.\nQuit and cancel them?"
    assert quit_question(0, 0).startswith("The downloads finished")


async def test_the_quit_question_keeps_its_buttons_when_a_waiting_file_starts():
    """A bag's last waiting file starting (0 running, 1 waiting → 1 running, 0 waiting) is no moment
    with nothing left: the buttons still offer to keep downloading (set one number at a time, the
    question saw 0 and 0 between them, and relabelled its buttons for good)."""
    from textual.app import App
    from textual.widgets import Button

    host = App()
    async with host.run_test(size=SIZE) as pilot:
        question = ConfirmQuit(0, 1)
        await host.push_screen(question)
        await pilot.pause()
        question.follow(1, 0)
        await pilot.pause()
        assert shown_text(question.query_one("#quit-question", Static)) == quit_question(1, 0)
        assert str(question.query_one("#quit-keep", Button).label) == "Keep downloading"
        question.follow(0, 0)
        await pilot.pause()
        assert str(question.query_one("#quit-keep", Button).label) == "Stay"
