"""Files saved as asked (`save_choice(output=OutputOptions(...))`) over loopback against the embedded
catalogue serving real icons (a few of Tabler, Lucide, Phosphor, MDI, Font Awesome 6, Twemoji and Simple
Icons, copied into the test's folder: `tests.support.real_icons`), drawn by the project's rasteriser:

- every SVG saved parses as XML and, drawn, is the source icon drawn in the colour asked (PSNR >= 40
  dB), at a size asked its width and height are the box's proportions, its larger side the size;
- PNGs at every size (the catalogue's own 512 and 256 too) are drawn in that colour; the bag's batch
  saves them alike;
- the attribution comment is there for licensed sets, not for CC0 nor with `attribution=False`;
- an icon without currentColor (Twemoji's own colours), or with no SVG to draw from, says so.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from iconcat.api import CatalogueClient, Icon
from iconcat.disk.batch import Batch, ItemState
from iconcat.disk.saving import nearest_choice, save_choice
from iconcat.disk.svg_output import OutputOptions
from iconcat.imaging.svg_raster import rasterise, shutdown
from iconcat.server import start_catalogue
from iconcat.sources.serving import open_sources
from tests.conftest import TEST_TOKEN
from tests.support.hostile import icon_entry
from tests.support.misbehaving import Reply
from tests.support.real_icons import REAL_SETS, write_real_sets
from tests.support.svg_output import ALIKE_DB, drawn_psnr, parsed_root, png_psnr, source_svg

pytestmark = pytest.mark.skipif(not hasattr(__import__("select"), "poll"), reason="SVG is drawn on POSIX only")

COLOUR = "#e11d48"
REAL_ICONS = [f"{prefix}:{key}" for prefix, data in REAL_SETS.items() for key in data["icons"]]
ONE_COLOUR = [
    name for name in REAL_ICONS if "currentColor" in REAL_SETS[name.split(":")[0]]["icons"][name.split(":")[1]]["body"]
]


@pytest.fixture(scope="module", autouse=True)
def stop_workers():
    yield
    shutdown()


@pytest.fixture(scope="module")
def real_sets(tmp_path_factory: pytest.TempPathFactory):
    """The real icons served as sets from disk (in no colour of their own: black)."""
    paths = write_real_sets(tmp_path_factory.mktemp("sets"))
    catalogue = open_sources([str(path) for path in paths], folder=tmp_path_factory.mktemp("cache"))
    server = start_catalogue(token=TEST_TOKEN, catalogue=catalogue)
    try:
        yield server.base_url
    finally:
        server.stop()
        catalogue.index.close()


async def named(client: CatalogueClient, iconify: str) -> Icon:
    icons = (await client.search(iconify.split(":")[1])).icons
    return next(icon for icon in icons if icon.iconify == iconify)


def source(iconify: str) -> str:
    prefix, key = iconify.split(":")
    return source_svg(REAL_SETS[prefix], key)


async def saved_svg(base_url: str, iconify: str, folder: Path, output: OutputOptions) -> tuple[str, bool, Path]:
    async with CatalogueClient(base_url, TEST_TOKEN) as client:
        icon = await named(client, iconify)
        choice = nearest_choice(icon, "svg", None)
        assert choice is not None
        outcome = await save_choice(client, icon, choice, folder, output=output)
    return outcome.path.read_text(encoding="utf-8"), outcome.uncoloured, outcome.path


@pytest.mark.parametrize("iconify", REAL_ICONS)
async def test_an_svg_saved_in_a_colour_parses_and_draws_as_its_icon_in_that_colour(real_sets, tmp_path, iconify):
    text, uncoloured, _path = await saved_svg(real_sets, iconify, tmp_path, OutputOptions(colour=COLOUR))
    parsed_root(text)
    assert uncoloured is (iconify not in ONE_COLOUR)
    assert not re.search("currentcolor", text, re.IGNORECASE)  # written in, or never there
    assert drawn_psnr(text, source(iconify), 64, COLOUR) >= ALIKE_DB
    if iconify in ONE_COLOUR:  # painted: drawn in any colour, it stays the colour asked
        assert png_psnr(rasterise(text, 48, colour="blue"), rasterise(source(iconify), 48, colour=COLOUR)) >= ALIKE_DB


@pytest.mark.parametrize(
    "iconify", ["tabler:trash", "ph:heart", "fa6-solid:0", "fa6-brands:42-group", "twemoji:red-heart"]
)
async def test_an_svg_saved_at_a_size_is_that_wide_or_high_with_its_box_and_proportions(real_sets, tmp_path, iconify):
    text, _uncoloured, path = await saved_svg(real_sets, iconify, tmp_path, OutputOptions(colour="teal", svg_size=64))
    root, own = parsed_root(text), parsed_root(source(iconify))
    assert root.get("viewBox") == own.get("viewBox")
    width, height = float(root.get("width") or 0), float(root.get("height") or 0)
    box_width, box_height = (float(side) for side in (own.get("viewBox") or "").split()[2:])
    assert max(width, height) == 64 and width / height == pytest.approx(box_width / box_height, rel=1e-4)
    assert path.name.endswith("-64.svg")
    assert drawn_psnr(text, source(iconify), 64, "teal") >= ALIKE_DB


@pytest.mark.parametrize(
    ("iconify", "attributed"),
    [("tabler:trash", "Icon from Tabler Icons by Paweł Kuna - MIT"), ("mdi:account", "by Pictogrammers - Apache 2.0"),
     ("twemoji:red-heart", "Twitter Emoji by Twitter - CC BY 4.0"), ("simple-icons:github", None)],
)  # fmt: skip
async def test_an_svg_of_a_licensed_set_names_its_set_author_and_licence(real_sets, tmp_path, iconify, attributed):
    text, _uncoloured, _path = await saved_svg(real_sets, iconify, tmp_path / "with", OutputOptions())
    comments = re.findall(r"<!--(.*?)-->", text)
    if attributed is None:  # CC0
        assert comments == []
    else:
        [comment] = comments
        assert attributed in comment and re.match(rf"(<\?xml[^>]*\?>)?<svg [^>]*><!--{re.escape(comment)}-->", text)
    plain, _uncoloured, _path = await saved_svg(
        real_sets, iconify, tmp_path / "without", OutputOptions(attribution=False)
    )
    assert "<!--" not in plain
    assert plain == source(iconify)  # nothing asked: the SVG as served, byte for byte
    assert drawn_psnr(text, plain, 32, "black") == float("inf")  # a comment draws nothing


@pytest.mark.parametrize("size", [512, 256, 64, 48])
@pytest.mark.parametrize("iconify", ["tabler:trash", "ph:trash-duotone", "lucide:house", "mdi:account"])
async def test_a_png_at_every_size_is_drawn_in_the_colour_asked(real_sets, tmp_path, iconify, size):
    async with CatalogueClient(real_sets, TEST_TOKEN) as client:
        icon = await named(client, iconify)
        choice = nearest_choice(icon, "png", size)
        assert choice is not None
        outcome = await save_choice(client, icon, choice, tmp_path, output=OutputOptions(colour=COLOUR))
    assert not outcome.uncoloured
    assert png_psnr(outcome.path.read_bytes(), rasterise(source(iconify), size, colour=COLOUR)) >= ALIKE_DB


async def test_the_bags_batch_saves_every_file_as_asked(real_sets, tmp_path):
    wanted = [("tabler:arrow-up", "svg", None), ("ph:heart", "png", 512), ("lucide:house", "png", 48),
              ("twemoji:red-heart", "svg", None), ("fa6-brands:42-group", "svg", None)]  # fmt: skip
    async with CatalogueClient(real_sets, TEST_TOKEN) as client:
        pairs = []
        for iconify, fmt, size in wanted:
            icon = await named(client, iconify)
            choice = nearest_choice(icon, fmt, size)
            assert choice is not None
            pairs.append((icon, choice))
        batch = Batch(pairs, tmp_path, output=OutputOptions(colour=COLOUR, svg_size=32))
        summary = await batch.run(client)
    assert len(summary.saved) == len(wanted), [item.reason for item in batch.items]
    for item, (iconify, fmt, size) in zip(batch.items, wanted, strict=True):
        assert item.state is ItemState.SAVED and item.path is not None
        assert item.uncoloured is (iconify == "twemoji:red-heart")
        if fmt == "svg":
            text = item.path.read_text(encoding="utf-8")
            assert max(float(parsed_root(text).get(side) or 0) for side in ("width", "height")) == 32
            assert drawn_psnr(text, source(iconify), 32, COLOUR) >= ALIKE_DB
        else:
            assert size is not None
            assert png_psnr(item.path.read_bytes(), rasterise(source(iconify), size, colour=COLOUR)) >= ALIKE_DB


async def test_an_icon_with_no_svg_to_draw_from_is_saved_in_its_own_colours_and_says_so(server, tmp_path):
    entry = icon_entry(1, "zz icon", server.url("/thumbs/1.png"), variants=[{"id": 101, "format": "png", "size": 64}])
    server.on("/api/v1/search", Reply.json({"data": [entry], "meta": {"moreResultsAvailable": False}}))
    png = rasterise('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><path d="M0 0h4v4z"/></svg>', 64)
    server.on("/api/v1/download", Reply.file(png, "image/png", "icon.png"))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        [icon] = (await client.search("zz")).icons
        choice = nearest_choice(icon, "png", 64)
        assert choice is not None
        outcome = await save_choice(client, icon, choice, tmp_path, output=OutputOptions(colour=COLOUR))
    assert outcome.uncoloured and outcome.path.read_bytes() == png
