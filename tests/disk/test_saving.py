"""`iconcat.disk.downloads.FileSaver` on its own, and the folders that cannot take a download.

tests/disk/test_downloads.py drives the saver through the client against a hostile service; these pin
the saver's own promises (whole or nothing, whatever ends the `with` block) and its words when a
folder refuses the file.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from iconcat.api import CatalogueClient, StorageError
from iconcat.disk.downloads import TEMP_PREFIX, ContentMismatchError, FileSaver, SaveError
from tests.conftest import TEST_TOKEN
from tests.support.fixtures import snapshot
from tests.support.misbehaving import Reply

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 64 + b"\x00\x00\x00\x00IEND\xaeB`\x82"


def test_a_saved_file_appears_whole_under_its_name_with_progress(tmp_path: Path) -> None:
    reports: list[tuple[int, int | None]] = []
    with FileSaver(
        tmp_path, "a.png", total=len(PNG), progress=lambda done, total: reports.append((done, total))
    ) as saver:
        for start in range(0, len(PNG), 5000):
            saver.write(PNG[start : start + 5000])
        assert next(tmp_path.iterdir()).name.startswith(TEMP_PREFIX), "hidden until published"
        saver.finish()
        path = saver.publish()
    assert path == tmp_path / "a.png" and path.read_bytes() == PNG
    assert [p.name for p in tmp_path.iterdir()] == ["a.png"]
    assert reports[0] == (0, len(PNG)) and reports[-1] == (len(PNG), len(PNG))


def test_a_taken_name_gets_a_number_unless_overwriting(tmp_path: Path) -> None:
    (tmp_path / "a.png").write_bytes(b"mine")
    with FileSaver(tmp_path, "a.png") as saver:
        saver.write(PNG)
        first = saver.publish()  # finishes by itself
    with FileSaver(tmp_path, "a.png", overwrite=True) as saver:
        saver.write(PNG)
        second = saver.publish()
    assert (first.name, second.name) == ("a-1.png", "a.png")
    assert second.read_bytes() == PNG


def test_an_exception_in_the_block_leaves_nothing_not_even_the_folders_it_made(tmp_path: Path) -> None:
    class Interrupted(Exception):
        pass

    with pytest.raises(Interrupted), FileSaver(tmp_path / "new" / "deeper", "a.png") as saver:
        saver.write(PNG[:1000])
        raise Interrupted
    assert list(tmp_path.iterdir()) == []


def test_leaving_the_block_without_publishing_leaves_nothing(tmp_path: Path) -> None:
    with FileSaver(tmp_path / "new", "a.png") as saver:
        saver.write(PNG)
        saver.finish()
    assert saver.published is None
    assert list(tmp_path.iterdir()) == []


def test_bytes_of_another_format_are_refused_and_nothing_is_left(tmp_path: Path) -> None:
    page = b"<!DOCTYPE html><html>" + b" " * 5000 + b"</html>"
    with pytest.raises(ContentMismatchError, match="web page"), FileSaver(tmp_path, "a.png") as saver:
        saver.write(page)
    with pytest.raises(ContentMismatchError, match="incomplete"), FileSaver(tmp_path, "b.png") as saver:
        saver.write(PNG[:-12])
        saver.publish()
    assert list(tmp_path.iterdir()) == []


def test_a_name_with_a_path_in_it_still_lands_in_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "downloads"
    with FileSaver(folder, "../../escaped.png") as saver:
        saver.write(PNG)
        path = saver.publish()
    assert path == folder / "escaped.png"


def test_a_file_where_the_folder_should_be_is_a_save_error(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("x")
    with pytest.raises(SaveError, match=r"plain: it is not a folder"), FileSaver(tmp_path / "plain", "a.png"):
        pass
    with pytest.raises(SaveError, match=r"plain is not a folder"), FileSaver(tmp_path / "plain" / "below", "a.png"):
        pass
    assert [p.name for p in tmp_path.iterdir()] == ["plain"]


# ----------------------------------------------------------------------- folders that refuse new files

needs_proc = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux's /proc")


@needs_proc
async def test_downloading_into_proc_says_it_exists_but_is_not_writable(server, fake_time) -> None:
    """/proc exists and answers "no such file" to any file made in it: not "the folder does not exist".

    It is the realistic unwritable folder here: the tests run as root, for whom permissions stop nothing.
    """
    server.on("/api/v1/download", Reply.file(PNG, "image/png", filename="a.png"))
    async with CatalogueClient(server.base_url, TEST_TOKEN, retry=fake_time.policy()) as client:
        with pytest.raises(StorageError) as caught:
            await client.download(5, "/proc")
    message = str(caught.value)
    assert message.startswith("cannot save into /proc: it exists but is not writable"), message
    assert "does not exist" not in message, message


@needs_proc
def test_a_folder_under_proc_cannot_be_made_and_the_message_names_proc() -> None:
    with pytest.raises(SaveError) as caught, FileSaver("/proc/iconcat-no-such-folder/deeper", "a.png"):
        pass
    message = str(caught.value)
    assert "cannot make the folder /proc/iconcat-no-such-folder/deeper" in message, message
    assert "/proc exists but is not writable" in message, message


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_folder_says_it_exists_but_is_not_writable(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        before = snapshot(tmp_path)
        with (
            pytest.raises(SaveError, match=r"locked: it exists but is not writable \(permission denied\)"),
            FileSaver(folder, "a.png"),
        ):
            pass
        assert snapshot(tmp_path) == before
    finally:
        folder.chmod(0o700)
