"""Hostile previews served over HTTP, through the client, into imaging and the browser.

tests/imaging proves `decode_thumbnail` on bytes; this follows the bytes the way the browser gets them:
served by a misbehaving catalogue, fetched with `CatalogueClient.thumbnail`, decoded, and shown by the
real app. Every one must end as a refusal with a reason (a placeholder on screen), in bounded memory,
and never start Ghostscript: a fake `gs` first on PATH records any attempt, and Pillow's EPS plugin is
watched too.
"""

from __future__ import annotations

import gzip
import json
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from iconcat.tui.app import IconcatApp
from iconcat.tui.connection import Connection
from iconcat.tui.widgets import ResultsList, Thumbnail
from tests.conftest import TEST_TOKEN
from tests.support.hostile import icon_entry
from tests.support.hostile_images import HOSTILE_PREVIEWS
from tests.support.misbehaving import Reply
from tests.support.tui import wait_until

STILL_ALLOWED = {"apng 500 frames", "gif 2000 frames"}
"""Animations are valid previews: their first frame is shown (checked to be one small still)."""


def _serve_previews(server) -> None:
    for index, data in enumerate(HOSTILE_PREVIEWS.values()):
        server.on(f"/thumbs/{index}", Reply.file(data, "image/png"))
    big = b"\x89PNG\r\n\x1a\n" + bytes(64 << 20)
    server.on(
        "/thumbs/gzip-bomb",
        Reply(
            headers=[("Content-Type", "image/png"), ("Content-Encoding", "gzip")],
            body=gzip.compress(big, compresslevel=9),
        ),
    )
    server.on(
        "/thumbs/endless",
        Reply(headers=[("Content-Type", "image/png")], body=b"\x89PNG\r\n\x1a\n" + bytes(65536), endless=True),
    )
    server.on("/thumbs/huge-length", Reply.file(b"\x89PNG", "image/png", content_length=1 << 40, cut_after=4))


CHILD = textwrap.dedent(
    """
    import asyncio, json, resource, sys, tracemalloc
    import PIL.EpsImagePlugin as eps

    called = []
    def record(name):
        def refuse(*args, **kwargs):
            called.append(name)
            raise RuntimeError("Ghostscript must never run")
        return refuse
    eps.Ghostscript = record("Ghostscript")
    eps.EpsImageFile._open = record("EpsImageFile._open")

    from iconcat.api import CatalogueClient, CatalogueError
    from iconcat.imaging import ThumbnailError, decode_thumbnail

    base_url, token, paths = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])

    async def main():
        outcomes = {}
        async with CatalogueClient(base_url, token, timeout=10) as client:
            await client.thumbnail(base_url + paths[0])  # warm up imports and the connection pool
            baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            tracemalloc.start()
            for path in paths:
                try:
                    image = decode_thumbnail(await client.thumbnail(base_url + path))
                    outcomes[path] = ["decoded", image.width, image.height, getattr(image, "n_frames", 1)]
                except (ThumbnailError, CatalogueError) as error:
                    outcomes[path] = [type(error).__name__, str(error)]
                except BaseException as error:
                    outcomes[path] = ["UNEXPECTED " + type(error).__name__, str(error)]
            peak = tracemalloc.get_traced_memory()[1]
            grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - baseline
        print(json.dumps({"outcomes": outcomes, "peak": peak, "rss_growth_kib": grown, "eps_called": called}))

    asyncio.run(main())
    """
)


@pytest.fixture
def fake_ghostscript(tmp_path: Path) -> Path:
    """A `gs` first on PATH that leaves a marker when run; the marker's path is returned."""
    folder = tmp_path / "fakebin"
    folder.mkdir()
    marker = tmp_path / "ghostscript-ran"
    script = folder / "gs"
    script.write_text(f"#!/bin/sh\ntouch {marker}\nexit 1\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return marker


def test_every_hostile_preview_is_refused_or_a_small_still_in_bounded_memory_without_ghostscript(
    server, fake_ghostscript
):
    _serve_previews(server)
    names = list(HOSTILE_PREVIEWS)
    paths = [f"/thumbs/{index}" for index in range(len(names))] + [
        "/thumbs/gzip-bomb",
        "/thumbs/endless",
        "/thumbs/huge-length",
    ]
    env = {**os.environ, "PATH": f"{fake_ghostscript.parent / 'fakebin'}{os.pathsep}{os.environ['PATH']}"}
    completed = subprocess.run(
        [sys.executable, "-c", CHILD, server.base_url, TEST_TOKEN, json.dumps(paths)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    report = json.loads(completed.stdout)
    outcomes = report["outcomes"]
    for index, name in enumerate(names):
        outcome = outcomes[f"/thumbs/{index}"]
        if name in STILL_ALLOWED:
            assert outcome == ["decoded", 16, 16, 1], (name, outcome)
        else:
            assert outcome[0] == "ThumbnailError", (name, outcome)
            assert outcome[1].startswith("The preview "), (name, outcome)
    for path, message in (
        ("/thumbs/gzip-bomb", "larger than"),
        ("/thumbs/endless", "larger than"),
        ("/thumbs/huge-length", "more than"),
    ):
        assert outcomes[path][0] == "ProtocolError" and message in outcomes[path][1], (path, outcomes[path])
    assert report["eps_called"] == [], "Pillow's EPS plugin was reached"
    assert not fake_ghostscript.exists(), "a gs process was started"
    assert report["peak"] < 50 * 1024 * 1024, f"Python allocations peaked at {report['peak'] / 1e6:.0f} MB"
    assert report["rss_growth_kib"] < 100 * 1024, f"the process grew by {report['rss_growth_kib'] / 1024:.0f} MB"


async def test_the_browser_shows_a_placeholder_for_every_hostile_preview_and_stays_alive(
    server, download_dir, monkeypatch
):
    import PIL.EpsImagePlugin as eps

    reached = []
    monkeypatch.setattr(eps, "Ghostscript", lambda *a, **k: reached.append("Ghostscript"))
    monkeypatch.setattr(eps.EpsImageFile, "_open", lambda *a, **k: reached.append("EpsImageFile._open"))
    _serve_previews(server)
    names = [name for name in HOSTILE_PREVIEWS if name not in STILL_ALLOWED]
    entries = [
        icon_entry(index + 1, f"zz {name}", server.url(f"/thumbs/{list(HOSTILE_PREVIEWS).index(name)}"))
        for index, name in enumerate(names)
    ]
    entries += [
        icon_entry(900 + n, f"zz {path}", server.url(f"/thumbs/{path}"))
        for n, path in enumerate(("gzip-bomb", "endless"))
    ]
    entries.append(icon_entry(999, "zz missing", server.url("/thumbs/none")))  # 404: "no preview"
    server.on("/api/v1/search", Reply.json({"data": entries, "meta": {"moreResultsAvailable": False}}))
    app = IconcatApp(Connection.service(server.base_url, TEST_TOKEN, download_dir), query="zz", view="list")
    async with app.run_test(size=(120, 36)) as pilot:
        results = app.query_one(ResultsList)
        await wait_until(pilot, lambda: len(results.icons) == len(entries), "the results")
        results.focus()
        thumbnail = app.query_one(Thumbnail)
        for index, icon in enumerate(results.icons):
            results.highlighted = index
            await wait_until(
                pilot,
                lambda: (
                    thumbnail.icon is not None
                    and thumbnail.icon.id == icon.id
                    and thumbnail.status in ("broken", "unavailable", "missing", "shown")
                ),
                f"a settled preview for {icon.name!r}",
            )
            expected = "missing" if icon.name == "zz missing" else "broken"
            assert thumbnail.status == expected, (icon.name, thumbnail.status)
            assert app.is_running
    assert reached == []


def _big_preview(index: int) -> bytes:
    """A 2048 x 2048 PNG (the largest preview allowed): about 20 KB on the wire, 16 MB decoded."""
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (2048, 2048), (index * 20 % 256, 90, 200)).save(buffer, "PNG", compress_level=1)
    return buffer.getvalue()


async def test_browsing_maximum_size_previews_holds_bounded_memory(server, download_dir):
    """A hostile catalogue serves the largest previews allowed, cheap on the wire (about 20 KB each, 16 MB
    decoded): browsing them must not keep 16 MB per icon. What the app keeps (preview bytes, decoded
    images) stays under a fixed bound however many are browsed."""
    from iconcat.imaging import decoded_cache

    count = 10
    for index in range(count):
        server.on(f"/big/{index}", Reply.file(_big_preview(index), "image/png"))
    entries = [icon_entry(index + 1, f"zz big {index}", server.url(f"/big/{index}")) for index in range(count)]
    server.on("/api/v1/search", Reply.json({"data": entries, "meta": {"moreResultsAvailable": False}}))
    decoded_cache.clear()
    app = IconcatApp(Connection.service(server.base_url, TEST_TOKEN, download_dir), query="zz", view="list")
    async with app.run_test(size=(120, 36)) as pilot:
        results = app.query_one(ResultsList)
        await wait_until(pilot, lambda: len(results.icons) == count, "the results")
        results.focus()
        thumbnail = app.query_one(Thumbnail)
        for index, icon in enumerate(results.icons):
            results.highlighted = index
            await wait_until(
                pilot,
                lambda: thumbnail.icon is not None and thumbnail.icon.id == icon.id and thumbnail.status == "shown",
                f"the preview of {icon.name!r}",
                timeout=30,
            )
        kept_bytes = app.browser.thumbnails.previews.weight
    decoded = decoded_cache.weight
    assert decoded >= 16 * 1024 * 1024, "at least one full-size preview was decoded (else this proves nothing)"
    assert kept_bytes + decoded <= 96 * 1024 * 1024, (
        f"{(kept_bytes + decoded) / 2**20:.0f} MB of previews held after {count} icons of 16 MB each"
    )
