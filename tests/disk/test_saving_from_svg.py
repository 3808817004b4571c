"""Smaller PNGs (issue 24): a PNG below the catalogue's sizes is drawn from the icon's SVG when it has one.

Over loopback against the embedded catalogue (a demo icon, whose SVG and 512 px PNG it serves), and a
misbehaving one for an SVG that cannot be drawn, which falls back to resampling the large PNG quietly.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageStat

from iconcat.api import CatalogueClient
from iconcat.disk.saving import Choice, choices_for, save_choice
from iconcat.imaging import resample_png
from iconcat.imaging.svg_raster import rasterise, shutdown
from tests.conftest import TEST_TOKEN
from tests.support.hostile import icon_entry
from tests.support.misbehaving import RecordedRequest, Reply
from tests.support.saving import demo_icon, png_512_of, red_square_png


@pytest.fixture(scope="module", autouse=True)
def stop_workers():
    yield
    shutdown()


def rgba(data: bytes) -> Image.Image:
    with Image.open(io.BytesIO(data)) as image:
        return image.convert("RGBA")


async def test_a_16_px_png_of_a_demo_icon_is_drawn_from_its_svg(catalogue, tmp_path):
    async with CatalogueClient(catalogue.base_url, catalogue.token) as client:
        icon = await demo_icon(client)
        svg = next(variant for variant in icon.variants if variant.format == "svg")
        choice = next(choice for choice in choices_for(icon) if choice.pixels == 16)
        assert choice.label == "PNG · 16 px (from SVG)" and choice.vector == svg
        outcome = await save_choice(client, icon, choice, tmp_path)
        svg_text = (await client.fetch_variant(svg.id)).data.decode()
        large = (await client.fetch_variant(png_512_of(icon).id)).data
    saved = outcome.path.read_bytes()
    assert outcome.path.name.endswith("-16.png")
    assert saved == rasterise(svg_text, 16)  # the SVG drawn at 16 px, by the same renderer
    downscaled = resample_png(large, 16)
    assert saved != downscaled
    difference = ImageStat.Stat(ImageChops.difference(rgba(saved), rgba(downscaled))).mean
    assert max(difference) > 1.0, difference  # not the 512's pixels by another road


def catalogue_with_svg(server, svg_reply: Reply) -> None:
    """One icon, PNG 512 (variant 101) and SVG (102); the SVG answered with `svg_reply`."""
    entry = icon_entry(1, "zz icon", server.url("/thumbs/1.png"), variants=[
        {"id": 101, "format": "png", "size": 512},
        {"id": 102, "format": "svg", "size": None},
    ])  # fmt: skip
    server.on("/api/v1/search", Reply.json({"data": [entry], "meta": {"moreResultsAvailable": False}}))

    def download(request: RecordedRequest) -> Reply:
        if request.query.get("id") == ["102"]:
            return svg_reply
        return Reply.file(red_square_png(), "image/png", "icon.png")

    server.on("/api/v1/download", download)


@pytest.mark.parametrize(
    "svg_reply",
    [
        # Well-formed, but with no viewBox nor size: the rasteriser refuses it.
        Reply.file(b'<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>', "image/svg+xml", "icon.svg"),
        # Not well-formed (its ending is there, so the client takes it whole).
        Reply.file(b"<svg><g></svg>", "image/svg+xml", "icon.svg"),
        # Not there at all.
        Reply.json({"error": "gone"}, status=404),
    ],
    ids=["no size", "not well-formed", "missing"],
)
async def test_an_svg_that_cannot_be_drawn_falls_back_to_resampling_without_a_word(server, tmp_path, svg_reply):
    catalogue_with_svg(server, svg_reply)
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        icon = (await client.search("zz")).icons[0]
        choice = next(choice for choice in choices_for(icon) if choice.pixels == 32)
        assert choice.vector is not None
        outcome = await save_choice(client, icon, choice, tmp_path)
    assert outcome.path.read_bytes() == resample_png(red_square_png(), 32)
    assert [request.query["id"] for request in server.requests_for("/api/v1/download")] == [["102"], ["101"]]


async def test_without_an_svg_the_large_png_is_resampled_and_the_svg_never_asked_for(server, tmp_path):
    catalogue_with_svg(server, Reply.file(b"<svg/>", "image/svg+xml"))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        icon = (await client.search("zz")).icons[0]
        outcome = await save_choice(client, icon, Choice(icon.variants[0], 32), tmp_path)
    assert outcome.path.read_bytes() == resample_png(red_square_png(), 32)
    assert [request.query["id"] for request in server.requests_for("/api/v1/download")] == [["101"]]
