"""Downloads from a hostile service: names, existing files and symlinks, cut-offs, lies, cancel, full disk."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from iconcat.api import CatalogueClient, NetworkError, ProtocolError, StorageError
from iconcat.api._socket_reads import READ_BYTES
from iconcat.disk.downloads import TEMP_PREFIX, remove_leftovers, safe_filename
from tests.conftest import TEST_TOKEN
from tests.support.fixtures import assert_token_absent, snapshot
from tests.support.misbehaving import Reply

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 64 + b"\x00\x00\x00\x00IEND\xaeB`\x82"
SVG = b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>\n'


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The download folder, inside a parent whose contents are compared too."""
    target = tmp_path / "downloads"
    target.mkdir()
    (target / "existing.txt").write_text("keep me")
    return target


def client_for(server, fake_time, **options) -> CatalogueClient:
    options.setdefault("timeout", 5.0)
    return CatalogueClient(server.base_url, TEST_TOKEN, retry=fake_time.policy(), **options)


async def fails_leaving_nothing(
    server, fake_time, folder: Path, reply: Reply, error, match: str | None = None, **options
):
    """Download with `reply`, expect `error`, and check that the folder and its parent are unchanged."""
    server.on("/api/v1/download", reply)
    before = snapshot(folder.parent)
    async with client_for(server, fake_time, **options) as client:
        with pytest.raises(error, match=match) as caught:
            await client.download(5, folder)
    assert snapshot(folder.parent) == before
    assert_token_absent(TEST_TOKEN, caught.value)
    return caught.value


HOSTILE_NAMES = {
    "../../etc/passwd.png": "passwd.png",
    "/etc/cron.d/evil.png": "evil.png",
    "..\\..\\Windows\\evil.png": "evil.png",
    "C:evil.png": "C-evil.png",
    "..": "variant-5.png",
    ".hidden.png": "hidden.png",
    "a\x00b.png": "ab.png",
    "a\x1b[31mred.png": "a[31mred.png",
    "invoice\u202egnp.exe.png": "invoicegnp.exe.png",
    "CON.png": "_CON.png",
    "nul": "_nul",
    "trailing. . .": "trailing",
    "x" * 300 + ".png": "x" * 116 + ".png",
    "é" * 200 + ".svg": "é" * 58 + ".svg",
    "line\nbreak.png": "line break.png",
}


@pytest.mark.parametrize("hostile, expected", HOSTILE_NAMES.items(), ids=[repr(n[:24]) for n in HOSTILE_NAMES])
async def test_a_hostile_content_disposition_name_becomes_one_safe_component(
    server, fake_time, folder, hostile, expected
):
    body = SVG if expected.endswith(".svg") else PNG
    content_type = "image/svg+xml" if expected.endswith(".svg") else "image/png"
    server.on(
        "/api/v1/download",
        Reply.file(
            body, content_type, headers=[("Content-Disposition", f"attachment; filename*=UTF-8''{_quote(hostile)}")]
        ),
    )
    async with client_for(server, fake_time) as client:
        path = await client.download(5, folder)
    assert path.parent == folder
    assert path.name == expected
    assert len(path.name.encode()) <= 120
    assert path.read_bytes() == body
    assert sorted(p.name for p in folder.parent.iterdir()) == ["downloads"]


def _quote(name: str) -> str:
    from urllib.parse import quote

    return quote(name, safe="")


def test_safe_filename_keeps_good_names_and_uses_the_fallback_when_nothing_is_left():
    assert safe_filename("arrow-left-512.png") == "arrow-left-512.png"
    assert safe_filename("Flèche gauche.svg") == "Flèche gauche.svg"
    assert safe_filename("archive.tar.gz") == "archive.tar.gz"
    assert safe_filename("../", fallback="variant-9.svg") == "variant-9.svg"
    assert safe_filename("\u202e\u200b", fallback="variant-9.svg") == "variant-9.svg"
    assert safe_filename("LPT1.txt") == "_LPT1.txt"


async def test_without_content_disposition_the_name_comes_from_the_variant_and_type(server, fake_time, folder):
    server.on("/api/v1/download", Reply.file(SVG, "image/svg+xml; charset=utf-8"))
    async with client_for(server, fake_time) as client:
        assert (await client.download(5, folder)).name == "variant-5.svg"
        server.on("/api/v1/download", Reply.file(b"\x00\x01", "application/x-unknown"))
        assert (await client.download(5, folder)).name == "variant-5.bin"


async def test_a_caller_given_name_wins_and_is_made_safe_too(server, fake_time, folder):
    server.on("/api/v1/download", Reply.file(PNG, "image/png", filename="server.png"))
    async with client_for(server, fake_time) as client:
        assert (await client.download(5, folder, filename="arrow-left-512.png")).name == "arrow-left-512.png"
        assert (await client.download(5, folder, filename="../up.png")).name == "up.png"


async def test_a_symlink_at_the_target_is_never_followed(server, fake_time, folder):
    outside = folder.parent / "outside.png"
    outside.write_bytes(b"precious")
    (folder / "a.png").symlink_to(outside)
    (folder / "b.png").symlink_to(folder.parent / "missing.png")  # dangling
    server.on("/api/v1/download", Reply.file(PNG, "image/png", filename="a.png"))
    async with client_for(server, fake_time) as client:
        first = await client.download(5, folder)
        server.on("/api/v1/download", Reply.file(PNG, "image/png", filename="b.png"))
        second = await client.download(5, folder)
    assert (first.name, second.name) == ("a-1.png", "b-1.png")
    assert outside.read_bytes() == b"precious"
    assert not (folder.parent / "missing.png").exists()


async def test_overwrite_replaces_a_symlink_itself_not_what_it_points_to(server, fake_time, folder):
    outside = folder.parent / "outside.png"
    outside.write_bytes(b"precious")
    (folder / "a.png").symlink_to(outside)
    server.on("/api/v1/download", Reply.file(PNG, "image/png", filename="a.png"))
    async with client_for(server, fake_time) as client:
        path = await client.download(5, folder, overwrite=True)
    assert path == folder / "a.png" and not path.is_symlink()
    assert path.read_bytes() == PNG and outside.read_bytes() == b"precious"


@pytest.mark.parametrize("reset", [False, True], ids=["closed", "reset"])
async def test_a_download_cut_short_leaves_the_folder_exactly_as_it_was(server, fake_time, folder, reset):
    reply = Reply.file(PNG * 20, "image/png", filename="a.png", cut_after=len(PNG) * 10, reset=reset, chunk_size=4096)
    await fails_leaving_nothing(server, fake_time, folder, reply, NetworkError)


async def test_a_content_length_longer_than_the_file_leaves_nothing(server, fake_time, folder):
    reply = Reply.file(PNG, "image/png", filename="a.png", content_length=len(PNG) + 1000)
    await fails_leaving_nothing(server, fake_time, folder, reply, NetworkError)


async def test_a_content_length_shorter_than_the_file_is_caught_by_the_format_check(server, fake_time, folder):
    reply = Reply.file(PNG, "image/png", filename="a.png", content_length=len(PNG) - 12)
    await fails_leaving_nothing(server, fake_time, folder, reply, ProtocolError, "incomplete")


@pytest.mark.parametrize(
    "reply, match",
    [
        (Reply.file(b"<!DOCTYPE html><html>Sign in</html>", "text/html", filename="a.png"), "web page"),
        (Reply.file(b"<!DOCTYPE html><html>Sign in</html>", "image/png", filename="a.png"), "web page"),
        (Reply.file(b"GIF89a not a png at all", "image/png", filename="a.png"), "not a valid PNG"),
        (Reply.file(b"%PDF-1.4 pretending", "application/postscript", filename="a.eps"), "not a valid EPS"),
        (Reply.file(b'{"error": "nope"}', "image/svg+xml", filename="a.svg"), "not a valid SVG"),
    ],
    ids=["html typed html", "html typed png", "gif as png", "pdf as eps", "json as svg"],
)
async def test_content_that_does_not_match_its_format_is_not_saved(server, fake_time, folder, reply, match):
    await fails_leaving_nothing(server, fake_time, folder, reply, ProtocolError, match)


async def test_a_file_over_the_download_cap_is_refused_midway(server, fake_time, folder):
    reply = Reply(headers=[("Content-Type", "image/png")], body=PNG, endless=True)
    await fails_leaving_nothing(
        server, fake_time, folder, reply, ProtocolError, "larger than", max_download_bytes=200_000
    )


async def test_a_stalled_download_is_abandoned(server, fake_time, folder):
    reply = Reply.file(PNG, "image/png", filename="a.png", chunk_size=100, delay=0.2)
    await fails_leaving_nothing(server, fake_time, folder, reply, NetworkError, "stalled", timeout=0.5)


async def test_a_slow_but_steady_download_outlives_the_request_deadline(server, fake_time, folder):
    """64 KiB every 0.1 s for ~1.3 s in all, with a 0.5 s deadline: it keeps moving, so it completes."""
    body = PNG[:-12] + b"\x00" * (800 * 1024) + PNG[-12:]
    server.on("/api/v1/download", Reply.file(body, "image/png", filename="big.png", chunk_size=64 * 1024, delay=0.1))
    async with client_for(server, fake_time, timeout=0.5) as client:
        path = await client.download(5, folder)
    assert path.read_bytes() == body


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
async def test_a_large_file_arrives_byte_for_byte_in_bounded_reads(server, fake_time, folder, chunked):
    """8 MB of random bytes sent in 3 MB writes: identical on disk, progress in steps of at most 1 MiB.

    The download's connection reads up to `READ_BYTES` per socket read (more than asyncio's
    256 KiB); no read, hence no piece held in memory, is larger than that, and pieces that straddle
    reads or chunk boundaries are neither lost, repeated nor reordered.
    """
    noise = random.Random(3).randbytes(8_000_000)
    body = PNG[:-12] + noise + PNG[-12:]
    reply = Reply.file(body, "image/png", filename="big.png", chunk_size=3_000_000, chunked=chunked)
    server.on("/api/v1/download", reply)
    reports: list[tuple[int, int | None]] = []
    async with client_for(server, fake_time) as client:
        path = await client.download(5, folder, progress=lambda done, total: reports.append((done, total)))
    assert path == folder / "big.png"
    assert path.read_bytes() == body
    assert sorted(p.name for p in folder.iterdir()) == ["big.png", "existing.txt"]
    dones = [done for done, _ in reports]
    assert dones[0] == 0 and dones[-1] == len(body)
    steps = [after - before for before, after in zip(dones, dones[1:])]
    assert all(0 <= step <= READ_BYTES for step in steps), max(steps)
    assert {total for _, total in reports} == ({None} if chunked else {len(body)})


async def test_a_cancelled_download_leaves_nothing_behind(server, fake_time, folder):
    server.on("/api/v1/download", Reply.file(PNG * 50, "image/png", filename="a.png", chunk_size=1024, delay=0.05))
    before = snapshot(folder.parent)
    started = asyncio.Event()

    def progress(done: int, total: int | None) -> None:
        if done > 2048:
            started.set()

    async with client_for(server, fake_time) as client:
        task = asyncio.create_task(client.download(5, folder, progress=progress))
        await started.wait()
        assert any(p.name.startswith(TEMP_PREFIX) for p in folder.iterdir()), "the temporary file exists meanwhile"
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    assert snapshot(folder.parent) == before


async def test_a_failed_download_removes_the_folders_it_created(server, fake_time, tmp_path):
    server.on("/api/v1/download", Reply.file(PNG, "image/png", filename="a.png", cut_after=100))
    async with client_for(server, fake_time) as client:
        with pytest.raises(NetworkError):
            await client.download(5, tmp_path / "new" / "deeper")
    assert list(tmp_path.iterdir()) == []


async def test_saving_into_a_file_instead_of_a_folder_is_a_storage_error(server, fake_time, folder):
    server.on("/api/v1/download", Reply.file(PNG, "image/png", filename="a.png"))
    async with client_for(server, fake_time) as client:
        with pytest.raises(StorageError, match="not a folder"):
            await client.download(5, folder / "existing.txt")


def test_a_full_disk_is_a_storage_error_and_leaves_nothing(server, folder):
    """The file-size limit (RLIMIT_FSIZE) stands in for a full disk, in a child process."""
    server.on("/api/v1/download", Reply.file(PNG * 40, "image/png", filename="a.png"))
    before = snapshot(folder.parent)
    script = textwrap.dedent(
        f"""
        import asyncio, resource, signal
        from iconcat.api import CatalogueClient, StorageError
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (20000, 20000))
        async def main():
            async with CatalogueClient({server.base_url!r}, {TEST_TOKEN!r}) as client:
                try:
                    await client.download(5, {str(folder)!r})
                except StorageError as error:
                    print("StorageError:", error)
        asyncio.run(main())
        """
    )
    completed = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert completed.stdout.startswith("StorageError: could not save the file"), completed.stderr
    assert TEST_TOKEN not in completed.stdout + completed.stderr
    assert snapshot(folder.parent) == before


def test_leftovers_of_dead_runs_are_removed_and_nothing_else(folder):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    leftover = folder / f"{TEMP_PREFIX}{dead.pid}-0123456789abcdef.part"
    running = folder / f"{TEMP_PREFIX}{os.getpid()}-0123456789abcdef.part"
    lookalike = folder / f"{TEMP_PREFIX}notours.part"
    linked = folder / f"{TEMP_PREFIX}{dead.pid}-fedcba9876543210.part"
    for path in (leftover, running, lookalike):
        path.write_bytes(b"partial")
    linked.symlink_to(folder / "existing.txt")
    assert remove_leftovers(folder) == [leftover]
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        ["existing.txt", running.name, lookalike.name, linked.name]
    )
