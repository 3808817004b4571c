"""`search` and `download` with `--demo` or `--from` answer in this process (issue 30): through the real
`main([...])`, no network socket is made and no server thread is started; the same watch over a
configured catalogue does see the command's socket, so the watch watches something. The icons of an
in-process catalogue have no preview address: `search --json` leaves their `thumbnail` out.

Every `socket.socket` made while the command runs is recorded with its family: asyncio's own loop
makes a pair of Unix sockets to wake itself, which is no catalogue's, so only internet sockets count.
Every thread started is recorded by name: the embedded server's are `iconcat-server-PORT`
(`iconcat.server.background`).
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from iconcat import cli
from iconcat.server.background import _THREAD_PREFIX
from tests.support.iconsets import iconify_package, iconify_set


class Watch:
    """The internet sockets made and the threads started while `main` runs."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sockets: list[socket.AddressFamily] = []
        self.threads: list[str] = []
        made, started = socket.socket.__init__, threading.Thread.start

        def watched_socket(sock: socket.socket, *args: object, **kwargs: object) -> None:
            made(sock, *args, **kwargs)  # type: ignore[arg-type]
            if sock.family in (socket.AF_INET, socket.AF_INET6):
                self.sockets.append(sock.family)

        def watched_start(thread: threading.Thread) -> None:
            self.threads.append(thread.name)
            started(thread)

        monkeypatch.setattr(socket.socket, "__init__", watched_socket)
        monkeypatch.setattr(threading.Thread, "start", watched_start)

    @property
    def server_threads(self) -> list[str]:
        return [name for name in self.threads if name.startswith(_THREAD_PREFIX)]


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    yield Watch(monkeypatch)


@pytest.fixture
def tabler(tmp_path: Path) -> str:
    """A Tabler package on disk, as `--from` takes it."""
    iconify_package(
        tmp_path / "tabler",
        iconify_set("tabler", {"arrow-up": {}, "arrow-down": {}, "home": {}}),
        info={"name": "Tabler Icons"},
    )
    return str(tmp_path / "tabler")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """`iconcat ARGV` run by the real entry point in this process; its stdout (it must succeed)."""
    status = cli.main(argv)
    out, err = capsys.readouterr()
    assert status == 0, err
    return out


def first_png(document: str) -> int:
    return next(v["id"] for icon in json.loads(document)["data"] for v in icon["variants"] if v["format"] == "png")


@pytest.mark.parametrize("catalogue", ["--demo", "--from"])
def test_search_and_download_in_process_open_no_socket_and_start_no_server(
    catalogue: str, tabler: str, tmp_path: Path, watch: Watch, capsys: pytest.CaptureFixture[str]
) -> None:
    options = ["--demo"] if catalogue == "--demo" else ["--from", tabler]
    found = run(["search", "arrow", *options, "--json"], capsys)
    every_page = run(["search", "arrow", *options, "--all"], capsys)
    saved = run(["download", str(first_png(found)), *options, "-o", str(tmp_path / "out")], capsys)
    assert json.loads(found)["data"] and every_page and Path(saved.strip()).is_file()
    assert watch.sockets == [], "an internet socket was made"
    assert watch.server_threads == [], "a server thread was started"
    # (Issue 29 item 11: an in-process catalogue's icons have no preview address, so no `thumbnail`.)
    assert all("thumbnail" not in icon for icon in json.loads(found)["data"])


def test_the_watch_sees_the_socket_a_configured_catalogue_takes(
    configured: dict[str, str], watch: Watch, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, value in configured.items():
        monkeypatch.setenv(name, value)
    found = json.loads(run(["search", "arrow", "--json"], capsys))["data"]
    assert watch.sockets, "the watch saw no socket where the command made one"
    assert found and all(icon["thumbnail"].startswith(configured["ICONCAT_BASE_URL"]) for icon in found)
