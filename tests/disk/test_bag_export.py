"""The bag, exported (`iconcat.disk.bag_export`): a sprite whose every symbol draws as its icon, an
Iconify JSON subset that gives back each icon's SVG, a zip holding exactly what "download all" saves,
each file whole or not at all. Over sets the tests write (`tests.support.bag_sets`) and the demo."""

from __future__ import annotations

import asyncio
import io
import json
import xml.etree.ElementTree as ElementTree
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from iconcat.api import Icon, NotFoundError
from iconcat.catalogue.embedded import EmbeddedCatalogue
from iconcat.catalogue.kinds import sets_spec
from iconcat.disk.bag_export import ExportFailed, export_iconify_json, export_sprite, export_zip, symbol_id
from iconcat.disk.batch import Batch
from iconcat.disk.saving import nearest_choice
from iconcat.imaging.svg_raster import rasterise
from iconcat.sources.iconify import read_iconify
from iconcat.sources.serving import open_sources
from tests.support.bag_sets import AUTHOR, LICENCE, PREFIX, write_bag_sets
from tests.support.catalogues import embedded_demo
from tests.support.iconify_utils import loaded_by_iconify_utils, utils_or_skip
from tests.support.pictures import psnr

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def bag_sets(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[tuple[str, ...], object]]:
    folder = tmp_path_factory.mktemp("bag-sets")
    arguments = write_bag_sets(folder)
    served = open_sources(arguments, folder=folder / "cache")
    try:
        yield arguments, served
    finally:
        served.index.close()


def sets_catalogue(bag_sets) -> EmbeddedCatalogue:
    arguments, served = bag_sets
    return EmbeddedCatalogue(sets_spec(arguments), served=served)


async def every_icon(catalogue) -> tuple[Icon, ...]:
    result = await catalogue.search("")
    while result.can_load_more:
        result = await catalogue.more(result)
    return result.icons


async def source_svg(catalogue, icon: Icon) -> str:
    variant = next(variant for variant in icon.variants if variant.format == "svg")
    return (await catalogue.fetch_variant(variant.id)).data.decode("utf-8")


def on_white(png: bytes) -> Image.Image:
    picture = Image.open(io.BytesIO(png)).convert("RGBA")
    flat = Image.new("RGB", picture.size, (255, 255, 255))
    flat.paste(picture, (0, 0), picture)
    return flat


def used_from(sprite: str, identifier: str, view_box: str) -> str:
    """The sprite's symbol `identifier` drawn as a page draws it: `<svg><use href="#id"/></svg>`, the
    sprite's symbols in the same document."""
    root, inner = sprite.split(">", 1)
    inner = inner.rsplit("</svg>", 1)[0]
    _left, _top, width, height = view_box.split()
    return (
        f'{root} width="{width}" height="{height}" viewBox="0 0 {width} {height}">{inner}'
        f'<use href="#{identifier}" width="{width}" height="{height}"/></svg>'
    )


@pytest.mark.parametrize("which", ["sets", "demo"])
def test_every_symbol_of_the_sprite_draws_as_its_icon(which: str, bag_sets, tmp_path: Path) -> None:
    async def main() -> None:
        async with sets_catalogue(bag_sets) if which == "sets" else embedded_demo() as catalogue:
            icons = await every_icon(catalogue) if which == "sets" else (await catalogue.search("arrow")).icons[:12]
            exported = await export_sprite(catalogue, icons, tmp_path / "icons.svg")
            sprite = (tmp_path / "icons.svg").read_text(encoding="utf-8")
            symbols = {symbol.get("id"): symbol.get("viewBox") for symbol in ElementTree.fromstring(sprite)}
            assert exported.count == len(icons) == len(symbols) and not exported.left_out
            assert exported.paths == (tmp_path / "icons.svg",)
            for icon in icons:
                identifier = symbol_id(icon)
                assert identifier in symbols
                drawn = on_white(rasterise(used_from(sprite, identifier, symbols[identifier]), 48))
                expected = on_white(rasterise(await source_svg(catalogue, icon), 48))
                assert psnr(drawn, expected) >= 40, (identifier, psnr(drawn, expected))

    asyncio.run(main())


def test_symbols_are_named_by_iconify_name_else_by_name_and_id(bag_sets, tmp_path: Path) -> None:
    async def main() -> None:
        async with sets_catalogue(bag_sets) as catalogue:
            icons = await every_icon(catalogue)
            await export_sprite(catalogue, icons, tmp_path / "icons.svg")
            sprite = ElementTree.parse(tmp_path / "icons.svg").getroot()
            ids = [symbol.get("id") for symbol in sprite.iter(f"{SVG}symbol")]
            named = {icon.iconify: icon for icon in icons if icon.iconify}
            assert f"{PREFIX}-red-blue" in ids and f"{PREFIX}-turned" in ids and len(named) == 9
            unnamed = [icon for icon in icons if not icon.iconify]
            assert sorted(ids) == sorted(
                [f"{PREFIX}-{name.partition(':')[2]}" for name in named]
                + [f"{icon.name.lower().replace(' ', '-')}-{icon.id}" for icon in unnamed]
            )
            # Two bodies that both define `id="a"` keep their own gradients.
            gradients = {element.get("id") for element in sprite.iter(f"{SVG}linearGradient")}
            assert gradients == {f"{PREFIX}-red-blue-a", f"{PREFIX}-green-gold-a"}

    asyncio.run(main())


def test_an_iconify_json_subset_gives_back_each_icons_svg_exactly(bag_sets, tmp_path: Path) -> None:
    async def main() -> None:
        async with sets_catalogue(bag_sets) as catalogue:
            icons = await every_icon(catalogue)
            exported = await export_iconify_json(catalogue, icons, tmp_path / "iconify")
            assert exported.paths == (tmp_path / "iconify" / f"{PREFIX}.json",)
            unnamed = [icon for icon in icons if not icon.iconify]
            assert len(unnamed) == 2 and [left.icon for left in exported.left_out] == unnamed
            assert {left.reason for left in exported.left_out} == {"no Iconify name"}
            document = json.loads(exported.paths[0].read_text(encoding="utf-8"))
            assert document["prefix"] == PREFIX and (document["width"], document["height"]) == (24, 24)
            assert document["info"] == {"name": "Bag Shapes", "author": AUTHOR, "license": LICENCE}
            record, read = read_iconify(exported.paths[0])
            assert record.license_spdx == "MIT" and record.name == "Bag Shapes"
            read_back = {icon.key: icon.svg for icon in read}
            for icon in icons:
                if icon.iconify:
                    assert read_back[icon.iconify.partition(":")[2]] == await source_svg(catalogue, icon)
            assert len(read_back) == exported.count == 9

    asyncio.run(main())


def test_an_iconify_json_subset_loads_in_iconifys_own_utils(bag_sets, tmp_path: Path) -> None:
    utils_or_skip()

    async def main() -> dict[str, str]:
        async with sets_catalogue(bag_sets) as catalogue:
            icons = [icon for icon in await every_icon(catalogue) if icon.iconify]
            exported = await export_iconify_json(catalogue, icons, tmp_path)
            assert not exported.left_out
            return {icon.iconify.partition(":")[2]: await source_svg(catalogue, icon) for icon in icons}

    sources = asyncio.run(main())
    answer = loaded_by_iconify_utils(tmp_path / f"{PREFIX}.json")
    assert answer["prefix"] == PREFIX and answer["info"]["license"]["spdx"] == "MIT"
    assert answer["info"]["author"]["name"] == AUTHOR["name"]
    assert sorted(answer["icons"]) == sorted(sources)
    for name, built in answer["icons"].items():
        # iconToSVG's body and viewBox, in the document the catalogue serves (its width and height the box's).
        _left, _top, width, height = built["viewBox"].split()
        document = f'<svg xmlns="http://www.w3.org/2000/svg"{built["xlink"]} width="{width}" height="{height}" '
        document += f'viewBox="{built["viewBox"]}">{built["body"]}</svg>'
        assert document == sources[name], name


def test_the_zip_holds_exactly_what_download_all_saves(bag_sets, tmp_path: Path) -> None:
    async def main(preference: tuple[str, int | None], catalogue_of) -> None:
        async with catalogue_of() as catalogue:
            icons = (
                await every_icon(catalogue)
                if catalogue_of is not embedded_demo
                else (await catalogue.search("arrow")).icons[:10]
            )
            fmt, size = preference
            planned = [(icon, choice) for icon in icons if (choice := nearest_choice(icon, fmt, size)) is not None]
            saved_into = tmp_path / f"downloaded-{fmt}-{size}"
            summary = await Batch(planned, saved_into).run(catalogue)
            assert len(summary.saved) == len(planned) > 0
            exported = await export_zip(catalogue, icons, preference, tmp_path / f"bag-{fmt}-{size}.zip")
            with zipfile.ZipFile(exported.paths[0]) as archive:
                assert archive.testzip() is None
                zipped = {info.filename: archive.read(info) for info in archive.infolist()}
            assert zipped == {path.name: path.read_bytes() for path in saved_into.iterdir()}
            assert exported.count == len(planned)
            assert [left.icon for left in exported.left_out] == [
                icon for icon in icons if icon not in {icon for icon, _choice in planned}
            ]

    asyncio.run(main(("svg", None), lambda: sets_catalogue(bag_sets)))
    asyncio.run(main(("png", 64), lambda: sets_catalogue(bag_sets)))  # drawn from the SVG
    asyncio.run(main(("png", 512), embedded_demo))
    asyncio.run(main(("png", 100), embedded_demo))  # resampled from the large PNG
    asyncio.run(main(("eps", None), embedded_demo))


class FailingAfter:
    """A catalogue's files through the seam that stop being found after `count` of them."""

    def __init__(self, catalogue, count: int) -> None:
        self.catalogue, self.count = catalogue, count

    async def fetch_variant(self, variant_id: int, **options):
        self.count -= 1
        if self.count < 0:
            await asyncio.sleep(0)
            raise NotFoundError(f"variant {variant_id} was not found")
        return await self.catalogue.fetch_variant(variant_id, **options)

    async def download_file(self, *args, **options):  # pragma: no cover - the exports read files, never save them
        raise AssertionError("an export saves no variant's file")


@pytest.mark.parametrize("export", ["zip", "sprite", "iconify"])
def test_a_failure_mid_way_leaves_nothing(export: str, bag_sets, tmp_path: Path) -> None:
    folder = tmp_path / "out"

    async def main() -> None:
        async with sets_catalogue(bag_sets) as catalogue:
            icons = await every_icon(catalogue)
            failing = FailingAfter(catalogue, 5)
            with pytest.raises(ExportFailed) as failed:
                if export == "zip":
                    await export_zip(failing, icons, ("svg", None), folder / "bag.zip")
                elif export == "sprite":
                    await export_sprite(failing, icons, folder / "icons.svg")
                else:
                    await export_iconify_json(failing, icons, folder)
            assert "was not found; nothing was written" in str(failed.value)

    asyncio.run(main())
    assert not folder.exists() or list(folder.iterdir()) == []


def test_an_export_never_overwrites_and_keeps_the_same_bytes(bag_sets, tmp_path: Path) -> None:
    async def main() -> None:
        async with sets_catalogue(bag_sets) as catalogue:
            icons = await every_icon(catalogue)
            first = await export_zip(catalogue, icons, ("svg", None), tmp_path / "bag.zip")
            again = await export_zip(catalogue, icons, ("svg", None), tmp_path / "bag.zip")
            assert again.paths == first.paths == (tmp_path / "bag.zip",) and again.already == again.paths
            fewer = await export_zip(catalogue, icons[:3], ("svg", None), tmp_path / "bag.zip")
            assert fewer.paths == (tmp_path / "bag-1.zip",) and not fewer.already
            replaced = await export_sprite(catalogue, icons[:2], tmp_path / "bag.zip", overwrite=True)
            assert replaced.paths == (tmp_path / "bag.zip",)
            assert (tmp_path / "bag.zip").read_bytes().startswith(b"<svg")

    asyncio.run(main())


def test_an_empty_bag_or_one_without_svgs_writes_nothing_and_says_why(tmp_path: Path) -> None:
    async def main() -> None:
        async with embedded_demo() as catalogue:
            with pytest.raises(ExportFailed, match="the bag is empty: nothing was written"):
                await export_sprite(catalogue, (), tmp_path / "icons.svg")
            icons = (await catalogue.search("arrow")).icons[:3]
            no_name = r"no icon of the bag can go into the Iconify JSON \(no Iconify name\)"
            with pytest.raises(ExportFailed, match=no_name):
                await export_iconify_json(catalogue, icons, tmp_path)
            with pytest.raises(ExportFailed, match="nothing close to WEBP · vector"):
                await export_zip(catalogue, icons, ("webp", None), tmp_path / "bag.zip")

    asyncio.run(main())
    assert list(tmp_path.iterdir()) == []
