"""The bag's "download all" when things go wrong (issue 14): 404s, 500s and stalls among 50 files,
cancelling, a full disk, a browser killed mid-batch, hostile names in the summary.

Each test runs the real browser (in-process with Textual's pilot, or on a pseudo-terminal where a kill
is involved) against the misbehaving server over loopback, and looks at the download folder itself.
"""

from __future__ import annotations

import errno
import signal
import time

from textual.widgets import OptionList, Static

from iconcat.disk.downloads import TEMP_PREFIX, TEMP_SUFFIX
from iconcat.disk.downloads._saver import _PartialFile
from iconcat.text import sanitize
from iconcat.tui.app import IconcatApp
from iconcat.tui.connection import Connection
from iconcat.tui.screens import BagScreen
from iconcat.tui.widgets import ResultsList
from tests.conftest import TEST_TOKEN
from tests.support.fixtures import snapshot
from tests.support.hostile import HOSTILE_NAMES, PNG_FILE, hostile_env, script_catalogue
from tests.support.misbehaving import Reply
from tests.support.pty import DOWN, PtyProcess
from tests.support.tui import wait_until

SIZE = (140, 40)
BIG_PNG = b"\x89PNG\r\n\x1a\n" + b"\x01" * 400_000 + b"\x00\x00\x00\x00IEND\xaeB`\x82"
SLOW = {"chunk_size": 4096, "delay": 0.05, "endless": True}
"""BIG_PNG dripped forever: the files are still running whenever the test acts on them, however long a
loaded machine takes to get there (a 5 s download could end first)."""
CONTROL_CHARACTERS = {chr(code) for code in [*range(0x20), *range(0x7F, 0xA0)]}


def _temporary_files(folder) -> list:
    return sorted(
        path for path in folder.iterdir() if path.name.startswith(TEMP_PREFIX) and path.name.endswith(TEMP_SUFFIX)
    )


def _png_variant(request) -> int:
    return int(request.query.get("id", ["0"])[0])


async def _bag_of_everything(pilot, count: int) -> BagScreen:
    """Wait for `count` results, mark them all (ctrl+a over the results), open the bag."""
    app = pilot.app
    results = app.query_one(ResultsList)
    await wait_until(pilot, lambda: len(results.icons) == count and app.browser.memory is not None, "the results")
    app.browser.action_focus_results()
    await pilot.pause()
    await pilot.press("ctrl+a")
    await wait_until(pilot, lambda: len(app.browser.bag) == count, "everything in the bag")
    await pilot.press("b")
    await wait_until(pilot, lambda: isinstance(app.screen, BagScreen), "the bag screen")
    await pilot.pause()
    assert isinstance(app.screen, BagScreen)
    return app.screen


def _summary(screen: BagScreen) -> str:
    return str(screen.query_one("#bag-summary", Static).visual or "")


async def test_404s_500s_and_stalls_among_50_fail_alone_the_summary_names_each_and_retry_saves_them(
    server, download_dir
):
    names = [f"zz item {number:02d}" for number in range(1, 51)]
    entries = script_catalogue(server, names)
    missing, broken, hanging, dripping = {5, 17, 33}, {8, 21, 42}, {12}, {29}
    failing = missing | broken | hanging | dripping
    healed = {"now": False}

    def answer(request) -> Reply:
        icon_id = _png_variant(request) // 100
        if not healed["now"]:
            if icon_id in missing:
                return Reply.json({"error": "no such variant"}, status=404)
            if icon_id in broken:
                return Reply.json({"error": "boom"}, status=500)
            if icon_id in hanging:
                return Reply.file(PNG_FILE, "image/png", hang=60)  # nothing at all: not even headers
            if icon_id in dripping:
                return Reply.file(BIG_PNG, "image/png", chunk_size=1024, delay=5)  # headers, then a trickle
        return Reply.file(PNG_FILE, "image/png")

    server.on("/api/v1/download", answer)
    before = snapshot(download_dir)
    app = IconcatApp(Connection.service(server.base_url, TEST_TOKEN, download_dir, timeout=2), query="zz", view="list")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _bag_of_everything(pilot, 50)
        await pilot.press("d")
        bag = app.browser.bag
        await wait_until(pilot, lambda: bag.batch is not None and not bag.running, "the batch ended", timeout=90)
        summary = bag.batch.summary()
        failed_ids = {item.icon.id for item in summary.failed}
        assert failed_ids == failing, summary.headline
        assert len(summary.saved) == 50 - len(failing) and not summary.cancelled
        await wait_until(pilot, lambda: _summary(screen).startswith("42 saved · 8 failed."), "the summary shown")
        text = _summary(screen)
        for item in summary.failed:
            line = next(line for line in text.splitlines() if f"✗ {item.icon.name} (PNG · 512 px): " in line)
            assert item.reason and item.reason in line
        reasons = {item.icon.id: item.reason for item in summary.failed}
        assert all("404" in reasons[i] or "not found" in reasons[i].lower() for i in missing), reasons
        assert all("500" in reasons[i] for i in broken), reasons
        assert "r retries the failed" in text
        # The 42 files are whole, the 8 left nothing behind.
        for item in summary.saved:
            assert item.path.read_bytes() == PNG_FILE
        assert _temporary_files(download_dir) == []
        assert len(list(download_dir.iterdir())) == len(before) + 42
        listing = screen.query_one("#bag-list", OptionList)
        rows = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert sum("✗ failed: " in row for row in rows) == 8 and sum("✓ saved" in row for row in rows) == 42

        healed["now"] = True  # the catalogue is well again: retry the failed
        requests_before = len(server.requests_for("/api/v1/download"))
        await pilot.press("r")
        await wait_until(pilot, lambda: bag.running or not bag.batch.summary().failed, "the retry started")
        await wait_until(pilot, lambda: not bag.running, "the retry ended", timeout=60)
        summary = bag.batch.summary()
        assert len(summary.saved) == 50 and not summary.failed, summary.headline
        assert len(server.requests_for("/api/v1/download")) - requests_before == 8, "only the failed ones again"
        await wait_until(pilot, lambda: _summary(screen).startswith("50 saved."), "the new summary")
    files = [path for path in download_dir.iterdir() if path.name != "mine.png"]
    assert len(files) == len(entries) == 50, "one file per icon, nothing else"
    assert all(path.read_bytes() == PNG_FILE for path in files)
    assert (download_dir / "mine.png").read_bytes() == b"the user's own file"


async def test_a_download_all_with_a_failure_keeps_the_bag_and_offers_nothing_until_a_retry_saves_it_all(
    server, download_dir
):
    script_catalogue(server, [f"zz offer {n}" for n in range(1, 5)])
    healed = {"now": False}

    def answer(request) -> Reply:
        if _png_variant(request) // 100 == 3 and not healed["now"]:
            return Reply.json({"error": "boom"}, status=500)
        return Reply.file(PNG_FILE, "image/png")

    server.on("/api/v1/download", answer)
    app = IconcatApp(Connection.service(server.base_url, TEST_TOKEN, download_dir), query="zz", view="list")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _bag_of_everything(pilot, 4)
        offer = screen.query_one("#bag-offer")
        await pilot.press("d")
        bag = app.browser.bag
        await wait_until(pilot, lambda: bag.batch is not None and not bag.running, "the batch ended", timeout=60)
        await wait_until(pilot, lambda: _summary(screen).startswith("3 saved · 1 failed."), "the summary")
        assert not bag.offers_to_empty and not offer.display, "a partial success offers nothing"
        assert screen.focused is screen.query_one("#bag-list", OptionList)
        said = [str(note.message) for note in app._notifications]
        assert not any("empties the bag" in message for message in said), said
        await pilot.press("enter")  # (what would take the offer) empties nothing
        await pilot.pause()
        assert len(bag) == 4

        healed["now"] = True
        await pilot.press("r")
        await wait_until(pilot, lambda: offer.display, "the offer, once the retry has saved the last one")
        assert bag.batch.summary().complete and len(bag) == 4


async def test_cancel_all_stops_every_file_and_leaves_no_partial_file(server, download_dir):
    script_catalogue(server, [f"zz slow {n}" for n in range(1, 9)], download=Reply.file(BIG_PNG, "image/png", **SLOW))
    before = snapshot(download_dir.parent)
    app = IconcatApp(Connection.service(server.base_url, TEST_TOKEN, download_dir), query="zz", view="list")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _bag_of_everything(pilot, 8)
        await pilot.press("d")
        bag = app.browser.bag
        await wait_until(pilot, lambda: len(_temporary_files(download_dir)) == 4, "four partial files at once")
        await pilot.press("x")
        await wait_until(pilot, lambda: not bag.running, "the batch cancelled")
        summary = bag.batch.summary()
        assert len(summary.cancelled) == 8 and not summary.saved and not summary.failed, summary.headline
        assert _temporary_files(download_dir) == []
        await wait_until(pilot, lambda: _summary(screen).startswith("8 cancelled."), "the summary")
        assert snapshot(download_dir.parent) == before, "the folder is as it was"
        listing = screen.query_one("#bag-list", OptionList)
        assert all("cancelled" in str(listing.get_option_at_index(i).prompt) for i in range(8))
        assert len(bag) == 8, "cancelling keeps the bag"
        # Retry takes the cancelled ones too (this time at full speed).
        server.on("/api/v1/download", Reply.file(PNG_FILE, "image/png"))
        await pilot.press("r")
        await wait_until(pilot, lambda: not bag.running and len(bag.batch.summary().saved) == 8, "all saved")


async def test_a_disk_that_fills_mid_batch_keeps_the_saved_files_whole_and_reports_the_rest(
    server, download_dir, monkeypatch
):
    script_catalogue(server, [f"zz full {n:02d}" for n in range(1, 13)])
    fits = 5
    room = {"left": fits * len(PNG_FILE) + len(PNG_FILE) // 2}  # five files and half of a sixth
    real_write = _PartialFile.write

    def filling_write(self, chunk: bytes) -> None:
        if len(chunk) > room["left"]:
            room["left"] = 0
            raise OSError(errno.ENOSPC, "No space left on device")
        room["left"] -= len(chunk)
        real_write(self, chunk)

    monkeypatch.setattr(_PartialFile, "write", filling_write)
    app = IconcatApp(Connection.service(server.base_url, TEST_TOKEN, download_dir), query="zz", view="list")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _bag_of_everything(pilot, 12)
        await pilot.press("d")
        bag = app.browser.bag
        await wait_until(pilot, lambda: bag.batch is not None and not bag.running, "the batch ended", timeout=60)
        summary = bag.batch.summary()
        assert len(summary.saved) == fits and len(summary.failed) == 12 - fits, summary.headline
        assert all("the disk is full" in item.reason for item in summary.failed), [i.reason for i in summary.failed]
        for item in summary.saved:
            assert item.path.read_bytes() == PNG_FILE, "a file saved before the disk filled is whole"
        assert _temporary_files(download_dir) == []
        assert sorted(path.name for path in download_dir.iterdir()) == sorted(
            ["mine.png", *(item.path.name for item in summary.saved)]
        )
        await wait_until(pilot, lambda: _summary(screen).startswith("5 saved · 7 failed."), "the summary")
        text = _summary(screen)
        for item in summary.failed:
            assert f"✗ {item.icon.name} (PNG · 512 px): " in text
        said = [str(note.message) for note in app._notifications]
        assert any(message.startswith("5 saved · 7 failed") for message in said), said


def test_a_browser_killed_mid_batch_leaves_no_partial_file_after_the_next_start(server, download_dir):
    script_catalogue(server, [f"zz kill {n}" for n in range(1, 7)], download=Reply.file(BIG_PNG, "image/png", **SLOW))
    env = hostile_env(server, download_dir)
    with PtyProcess.iconcat("browse", "zz", env=env, columns=140, rows=40) as terminal:
        terminal.wait_for("zz kill 6")
        terminal.settle()
        terminal.send(DOWN)  # to the results
        terminal.settle()
        terminal.send("\x01")  # ctrl+a: all six in the bag
        terminal.wait_for("6 in the bag")
        terminal.send("b")
        terminal.wait_for("The bag · 6 icons")
        terminal.settle()
        terminal.send("d")
        terminal.wait_for(lambda t: len(_temporary_files(download_dir)) >= 2, "the batch's partial files")
        terminal.process.send_signal(signal.SIGKILL)  # no chance to clean up
        terminal.process.wait(timeout=10)
    left = _temporary_files(download_dir)
    assert len(left) >= 2, "the killed run left its partial files (else this test proves nothing)"

    with PtyProcess.iconcat("browse", "zz", env=env, columns=140, rows=40) as again:
        again.wait_for("zz kill 6")
        again.wait_for("6 in the bag", "the bag, kept across the kill")
        deadline = time.monotonic() + 10
        while _temporary_files(download_dir) and time.monotonic() < deadline:
            again.read(0.1)
        remaining = _temporary_files(download_dir)
        again.send(DOWN)  # from the search box (where q types) to the results
        assert again.quit() == 0
    assert remaining == []
    assert sorted(path.name for path in download_dir.iterdir()) == ["mine.png"]


def _assert_plain(strip) -> None:
    for segment in strip:
        assert not CONTROL_CHARACTERS & set(segment.text), repr(segment.text)
        style = segment.style
        if style is not None:
            assert not style.link
            assert not any(str(key).startswith("@") for key in style.meta), style.meta


async def test_hostile_names_in_the_summary_are_inert(server, download_dir):
    script_catalogue(server, HOSTILE_NAMES, download=Reply.json({"error": "\x1b]0;pwned\x07 [b]boom[/b]"}, status=500))
    app = IconcatApp(Connection.service(server.base_url, TEST_TOKEN, download_dir), query="zz", view="list")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _bag_of_everything(pilot, len(HOSTILE_NAMES))
        await pilot.press("d")
        bag = app.browser.bag
        await wait_until(pilot, lambda: bag.batch is not None and not bag.running, "the batch ended", timeout=60)
        assert len(bag.batch.summary().failed) == len(HOSTILE_NAMES)
        await wait_until(pilot, lambda: "failed" in _summary(screen), "the summary")
        await pilot.pause()
        text = _summary(screen)
        for name in HOSTILE_NAMES:
            shown = sanitize(name, max_length=60)
            assert f"✗ {shown} (PNG · 512 px): " in text, shown  # shown literally, brackets and all
        assert "[@click=app.quit]quit[/]" in text and "[bold]bold" in text
        assert not CONTROL_CHARACTERS - {"\n"} & set(text)
        assert "\u202e" not in text and "\u2066" not in text
        for widget in (*screen.query(Static), screen.query_one("#bag-list", OptionList)):
            for strip in widget.render_lines(widget.region.reset_offset):
                _assert_plain(strip)
        # The notification of the summary is plain too; clicking around the summary quits nothing.
        said = [str(note.message) for note in app._notifications]
        assert any("failed" in message for message in said)
        assert all(not CONTROL_CHARACTERS & set(message) for message in said)
        await pilot.click("#bag-summary", offset=(10, 1))
        await pilot.pause()
        assert app.is_running
