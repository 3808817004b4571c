"""`--color` at every PNG size: icon sets from disk served with a colour keep it in the smaller PNGs
the client draws from their SVG (64 and 48 px, below the 256 and 512 the catalogue draws itself), as
the picker, `pick` and the bag's "download all" save them. Over loopback against the embedded
catalogue serving a small IconifyJSON set, with the real raster worker; and a misbehaving catalogue
for a colour that is no colour, which is drawn in black, never an error.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from iconcat.api import CatalogueClient, Icon
from iconcat.disk.batch import Batch, ItemState
from iconcat.disk.saving import nearest_choice, save_choice
from iconcat.imaging.svg_raster import shutdown
from iconcat.server import start_catalogue
from iconcat.sources.serving import open_sources
from tests.conftest import TEST_TOKEN
from tests.support.hostile import icon_entry
from tests.support.iconsets import CIRCLE, iconify_package, iconify_set
from tests.support.misbehaving import RecordedRequest, Reply

pytestmark = pytest.mark.skipif(not hasattr(__import__("select"), "poll"), reason="SVG is drawn on POSIX only")

GREEN = (0x16, 0xA3, 0x4A)
BLACK = (0, 0, 0)


@pytest.fixture(scope="module", autouse=True)
def stop_workers():
    yield
    shutdown()


@pytest.fixture(scope="module")
def green_sets(tmp_path_factory: pytest.TempPathFactory):
    """A set of two one-colour icons (their `currentColor` only), served painted `GREEN`."""
    folder = tmp_path_factory.mktemp("sets") / "paint"
    square = '<path fill="currentColor" d="M4 4h16v16H4z"/>'
    data = iconify_set("paint", {"circle": {"body": CIRCLE}, "square": {"body": square}}, width=24, height=24)
    iconify_package(folder, data, info={"name": "Paint"})
    catalogue = open_sources([str(folder)], colour="#16a34a", folder=tmp_path_factory.mktemp("cache"))
    server = start_catalogue(token=TEST_TOKEN, catalogue=catalogue)
    try:
        yield server.base_url
    finally:
        server.stop()
        catalogue.index.close()


def opaque_colours(path: Path) -> set[tuple[int, int, int]]:
    with Image.open(io.BytesIO(path.read_bytes())) as image:
        rgba = image.convert("RGBA")
    return {colour[:3] for _count, colour in rgba.getcolors(1 << 20) or [] if colour[3] == 255}


def near(colour: tuple[int, int, int], wanted: tuple[int, int, int], slack: int = 6) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour, wanted, strict=True))


def painted(path: Path, wanted: tuple[int, int, int]) -> bool:
    """True when the PNG at `path` is drawn in `wanted` only (its opaque pixels), as a one-colour icon is."""
    colours = opaque_colours(path)
    return bool(colours) and all(near(colour, wanted) for colour in colours)


async def icons_of(client: CatalogueClient) -> list[Icon]:
    return sorted((await client.search("")).icons, key=lambda icon: icon.name)


@pytest.mark.parametrize("size", [64, 48])
async def test_a_smaller_png_drawn_from_the_svg_keeps_the_colour_the_sets_are_served_in(green_sets, tmp_path, size):
    async with CatalogueClient(green_sets, TEST_TOKEN) as client:
        icon = (await icons_of(client))[0]
        choice = nearest_choice(icon, "png", size)
        assert choice is not None and choice.vector is not None  # drawn from the SVG, not the 256 px PNG
        outcome = await save_choice(client, icon, choice, tmp_path)
    with Image.open(outcome.path) as image:
        assert image.size == (size, size)
    assert painted(outcome.path, GREEN), opaque_colours(outcome.path)


async def test_the_bags_download_all_keeps_the_colour_at_every_size(green_sets, tmp_path):
    async with CatalogueClient(green_sets, TEST_TOKEN) as client:
        circle, square = await icons_of(client)
        pairs = [(icon, nearest_choice(icon, "png", size)) for icon in (circle, square) for size in (512, 64, 48)]
        batch = Batch([(icon, choice) for icon, choice in pairs if choice is not None], tmp_path)
        summary = await batch.run(client)
    assert len(summary.saved) == 6 and all(item.state is ItemState.SAVED for item in batch.items)
    for item in batch.items:
        assert item.path is not None
        assert painted(item.path, GREEN), (item.path.name, opaque_colours(item.path))


@pytest.mark.parametrize("said", ["url(javascript:alert(1))", "#12345", "x" * 500, "teal; fill: red", "hsv(1, 2, 3)"])
async def test_a_colour_the_catalogue_says_that_is_no_colour_draws_in_black(server, tmp_path, said):
    entry = icon_entry(1, "zz icon", server.url("/thumbs/1.png"), variants=[
        {"id": 101, "format": "png", "size": 512},
        {"id": 102, "format": "svg", "size": None},
    ])  # fmt: skip
    server.on("/api/v1/search", Reply.json({"data": [entry], "meta": {"moreResultsAvailable": False}}))
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">{CIRCLE}</svg>'.encode()

    def download(request: RecordedRequest) -> Reply:
        assert request.query.get("id") == ["102"]  # the SVG drawn: the large PNG is never asked for
        return Reply.file(svg, "image/svg+xml", "icon.svg", headers=[("Iconcat-Current-Color", said)])

    server.on("/api/v1/download", download)
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        [icon] = (await client.search("zz")).icons
        choice = nearest_choice(icon, "png", 48)
        assert choice is not None and choice.vector is not None
        outcome = await save_choice(client, icon, choice, tmp_path)
    assert painted(outcome.path, BLACK), opaque_colours(outcome.path)
