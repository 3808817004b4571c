"""Downloads through the real browser when things go wrong: quitting, being killed, two at once.

tests/disk/test_downloads.py proves the client's file handling; tests/tui proves cancel and retry in the
widget tree. These drive the browser itself (on a pseudo-terminal where a signal or a quit is involved)
against a slow misbehaving catalogue, and compare the download folder *and its parent* before and after.
"""

from __future__ import annotations

import signal
import time

import pytest

from iconcat.browsing.download_jobs import DownloadStatus
from iconcat.disk.downloads import TEMP_PREFIX, TEMP_SUFFIX
from iconcat.tui.app import IconcatApp
from iconcat.tui.connection import Connection
from iconcat.tui.widgets import ResultsList
from tests.conftest import TEST_TOKEN
from tests.support.fixtures import snapshot
from tests.support.hostile import choose_first_variant, hostile_env, script_catalogue
from tests.support.misbehaving import Reply
from tests.support.pty import DOWN, PtyProcess
from tests.support.tui import wait_until

CTRL_Q, CTRL_C = "\x11", "\x03"

BIG_PNG = b"\x89PNG\r\n\x1a\n" + b"\x01" * 400_000 + b"\x00\x00\x00\x00IEND\xaeB`\x82"
SLOW = {"chunk_size": 4096, "delay": 0.05, "endless": True}
"""BIG_PNG dripped forever: the download is still running whenever the test acts on it, however long a
loaded machine takes to get there (a 5 s download could end first)."""


def _temporary_files(folder) -> list:
    return sorted(
        path for path in folder.iterdir() if path.name.startswith(TEMP_PREFIX) and path.name.endswith(TEMP_SUFFIX)
    )


def _browse(server, download_dir, **options) -> PtyProcess:
    """`iconcat browse zz` on a 140×40 terminal, pointed at `server`."""
    return PtyProcess.iconcat("browse", "zz", env=hostile_env(server, download_dir), columns=140, rows=40, **options)


def _start_download(terminal: PtyProcess, download_dir) -> None:
    """From the results: Enter for the picker, Enter for its first variant; wait for the partial file."""
    terminal.wait_for("zz slow")
    choose_first_variant(terminal)
    terminal.wait_for(lambda t: _temporary_files(download_dir), "the download's temporary file")


@pytest.mark.parametrize("key", ["q", CTRL_Q, CTRL_C], ids=["q", "ctrl+q", "ctrl+c"])
def test_quitting_mid_download_asks_then_leaves_the_folder_as_it_was(server, download_dir, key):
    script_catalogue(server, ["zz slow"], download=Reply.file(BIG_PNG, "image/png", **SLOW))
    before = snapshot(download_dir.parent)
    with _browse(server, download_dir) as terminal:
        _start_download(terminal, download_dir)
        terminal.send(key)
        terminal.wait_for("still running", "the question before quitting")
        terminal.send("y")
        status = terminal.finish()
    assert status == 0, terminal.visible[-2000:]
    assert snapshot(download_dir.parent) == before
    assert "Traceback" not in terminal.text


@pytest.mark.parametrize("key", [CTRL_Q, CTRL_C], ids=["ctrl+q", "ctrl+c"])
def test_ctrl_q_or_ctrl_c_on_the_first_screen_quits_with_status_0(server, download_dir, key):
    # A fresh start: the focus is in the search box, where q types. ctrl+q did nothing there, and
    # Ctrl-C only said which key quits; both leave now, with status 0 (a browse ended by its person).
    script_catalogue(server, ["zz slow"])
    with PtyProcess.iconcat("browse", "zz", env=hostile_env(server, download_dir), columns=120, rows=36) as terminal:
        terminal.wait_for("^q Quit", "the quit key in the first screen's footer")
        terminal.settle()
        terminal.send(key)
        status = terminal.finish()
    assert status == 0, terminal.visible[-2000:]
    assert "Traceback" not in terminal.text


def test_a_killed_browser_leaves_a_partial_file_that_the_next_download_removes(server, download_dir):
    script_catalogue(server, ["zz slow"], download=Reply.file(BIG_PNG, "image/png", **SLOW))
    (download_dir / ".iconcat-notours.part").write_bytes(b"somebody else's")
    (download_dir / "notes.part").write_bytes(b"not ours either")
    with _browse(server, download_dir) as terminal:
        _start_download(terminal, download_dir)
        terminal.process.send_signal(signal.SIGKILL)  # no chance to clean up
        terminal.process.wait(timeout=10)
    leftovers = _temporary_files(download_dir)
    assert len(leftovers) == 1, "the killed run left its partial file (else this test proves nothing)"

    script_catalogue(server, ["zz slow"], download=Reply.file(BIG_PNG, "image/png"))
    with _browse(server, download_dir) as again:
        again.wait_for("zz slow")
        choose_first_variant(again)
        again.wait_for("Download finished")
        again.send("q")
        assert again.finish() == 0
    assert sorted(path.name for path in download_dir.iterdir()) == sorted(
        [".iconcat-notours.part", "notes.part", "mine.png", "zz-slow-style-set-512.png"]
    )
    assert (download_dir / "zz-slow-style-set-512.png").read_bytes() == BIG_PNG


def test_a_killed_browsers_partial_file_is_removed_when_the_browser_starts_again(server, download_dir):
    script_catalogue(server, ["zz slow"], download=Reply.file(BIG_PNG, "image/png", **SLOW))
    with _browse(server, download_dir) as terminal:
        _start_download(terminal, download_dir)
        terminal.process.send_signal(signal.SIGKILL)
        terminal.process.wait(timeout=10)
    assert len(_temporary_files(download_dir)) == 1
    with _browse(server, download_dir) as again:
        again.wait_for("zz slow")
        again.settle()
        deadline = time.monotonic() + 5
        while _temporary_files(download_dir) and time.monotonic() < deadline:
            again.read(0.1)
        remaining = _temporary_files(download_dir)
        again.send(DOWN)
        again.send("q")
        again.finish()
    assert remaining == []


async def test_two_downloads_of_one_name_at_once_give_two_whole_files(server, download_dir):
    # Two different files under one name (the catalogue changed it between the two requests).
    other_png = BIG_PNG.replace(b"\x01" * 1000, b"\x02" * 1000, 1)
    served: list[bytes] = []

    def alternate(request) -> Reply:
        body = BIG_PNG if len(served) % 2 == 0 else other_png
        served.append(body)
        return Reply.file(body, "image/png", chunk_size=16384, delay=0.01)

    script_catalogue(server, ["zz twice"], download=alternate)
    before = snapshot(download_dir.parent)
    app = IconcatApp(
        Connection.service(server.base_url, TEST_TOKEN, download_dir), query="zz", view="list"
    )  # walks rows
    async with app.run_test(size=(120, 36)) as pilot:
        results = app.query_one(ResultsList)
        await wait_until(pilot, lambda: len(results.icons) == 1, "the results")
        icon = results.icons[0]
        first = app.start_download(icon, icon.variants[0])
        second = app.start_download(icon, icon.variants[0])
        await wait_until(pilot, lambda: first.status.finished and second.status.finished, "both downloads", timeout=30)
        assert (first.status, second.status) == (DownloadStatus.DONE, DownloadStatus.DONE), (first.error, second.error)
        assert not first.already and not second.already
        paths = sorted([first.saved_path, second.saved_path])
    assert [path.name for path in paths] == ["zz-twice-style-set-512-1.png", "zz-twice-style-set-512.png"]
    assert sorted(path.read_bytes() for path in paths) == sorted([BIG_PNG, other_png])
    after = snapshot(download_dir.parent)
    assert set(after) - set(before) == {f"downloads/{path.name}" for path in paths}
    assert all(after[key] == value for key, value in before.items()), "nothing the user had was touched"


async def test_two_downloads_of_one_file_at_once_give_one_whole_file(server, download_dir):
    script_catalogue(server, ["zz twice"], download=Reply.file(BIG_PNG, "image/png", chunk_size=16384, delay=0.01))
    before = snapshot(download_dir.parent)
    app = IconcatApp(
        Connection.service(server.base_url, TEST_TOKEN, download_dir), query="zz", view="list"
    )  # walks rows
    async with app.run_test(size=(120, 36)) as pilot:
        results = app.query_one(ResultsList)
        await wait_until(pilot, lambda: len(results.icons) == 1, "the results")
        icon = results.icons[0]
        first = app.start_download(icon, icon.variants[0])
        second = app.start_download(icon, icon.variants[0])
        await wait_until(pilot, lambda: first.status.finished and second.status.finished, "both downloads", timeout=30)
        assert (first.status, second.status) == (DownloadStatus.DONE, DownloadStatus.DONE), (first.error, second.error)
        # The same bytes: whichever published second found them already there.
        assert sorted([first.already, second.already]) == [False, True]
        assert first.saved_path == second.saved_path == download_dir / "zz-twice-style-set-512.png"
    assert first.saved_path.read_bytes() == BIG_PNG
    after = snapshot(download_dir.parent)
    assert set(after) - set(before) == {"downloads/zz-twice-style-set-512.png"}, "one file, no partial one"
    assert all(after[key] == value for key, value in before.items()), "nothing the user had was touched"


def _disk_fills_at_20_kb() -> None:
    """In the child: files may grow to 20 KB, no further (RLIMIT_FSIZE stands in for a full disk)."""
    import resource

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead of killing
    resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))


def test_a_full_disk_fails_the_download_says_why_and_leaves_the_folder_as_it_was(server, download_dir):
    script_catalogue(server, ["zz full"], download=Reply.file(BIG_PNG, "image/png"))
    before = snapshot(download_dir.parent)
    with _browse(server, download_dir, preexec_fn=_disk_fills_at_20_kb) as terminal:
        terminal.wait_for("zz full")
        choose_first_variant(terminal)
        terminal.wait_for("Download failed", "the failure notification")
        terminal.settle()
        assert "nothing was saved" in terminal.visible.replace("\n", " ") or "could not save" in terminal.visible
        status = terminal.quit()
    assert status == 0, terminal.visible[-2000:]
    assert snapshot(download_dir.parent) == before
    assert "Traceback" not in terminal.text
