"""In-process means no server: the embedded catalogue opens no socket and starts no server thread.

Every socket made while an in-process catalogue opens, searches, pages, draws a preview, saves and
reads a file, and looks an icon up is recorded (`socket.socket` watched); none may be made, and no
uvicorn thread (`iconcat.server.background`'s, named `iconcat-server-…`) may run. The same watch
over the service adapter does see its socket, so the watch watches something.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from iconcat.catalogue import CatalogueFlags, choose_catalogue, open_catalogue
from iconcat.catalogue.protocol import Catalogue
from iconcat.config import Settings
from tests.support.catalogues import IconSets, embedded_sets, service
from tests.support.sockets import SocketWatch, server_threads


@pytest.fixture
def sockets(monkeypatch: pytest.MonkeyPatch) -> SocketWatch:
    return SocketWatch(monkeypatch)


async def use_every_call(catalogue: Catalogue, query: str, folder: Path, sockets: SocketWatch) -> None:
    """Open, search, page, preview, save, read and look up: everything the front ends ask, watched."""
    already = set(server_threads())  # (the session's own servers, serving other tests)
    with sockets.watching():
        await every_call(catalogue, query, folder, already)


async def every_call(catalogue: Catalogue, query: str, folder: Path, already: set[str]) -> None:
    async with catalogue:
        await catalogue.open()
        result = await catalogue.search(query)
        while result.can_load_more:
            result = await catalogue.more(result)
        icon = result.icons[0]
        await catalogue.thumbnail(icon)
        await catalogue.download_file(icon.variants[0].id, folder)
        await catalogue.fetch_variant(icon.variants[-1].id)
        if catalogue.spec.capabilities.looks_up_ids:
            await catalogue.icon(icon.id)
        assert set(server_threads()) <= already, "a server thread was started"


async def test_the_demo_in_process_opens_no_socket(sockets: SocketWatch, tmp_path: Path) -> None:
    # Chosen and opened as a front end will: `browse` with nothing configured is the demo.
    choice = choose_catalogue(Settings(base_url=None, token=None), CatalogueFlags("browse"))
    await use_every_call(open_catalogue(choice), "arrow", tmp_path, sockets)
    assert sockets.made == []


async def test_sets_from_disk_in_process_open_no_socket(
    icon_sets: IconSets, sockets: SocketWatch, tmp_path: Path
) -> None:
    await use_every_call(embedded_sets(icon_sets), "arrow", tmp_path, sockets)
    assert sockets.made == []


async def test_the_watch_sees_the_service_adapters_socket(catalogue, sockets: SocketWatch, tmp_path: Path) -> None:
    await use_every_call(service(catalogue.base_url), "arrow", tmp_path, sockets)
    assert sockets.made, "the watch saw no socket where one is made"
