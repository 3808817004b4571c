"""Colours of icons from disk, the whole way on pixels: a set served as `--from … --color teal` serves it
(the real raster worker), a one-colour icon painted teal, a multicolour icon keeping its own colours
(none turned teal, none lost to black), one that mixes both painting only its `currentColor`; then the
browser's half blocks and true-pixel canvas on a dark theme keep those colours (no black on black: a
dark glyph gets its backing tile, a coloured one stays as drawn)."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from rich.console import Console

from iconcat.imaging.canvas import paint_canvas
from iconcat.imaging.render import build_cells
from iconcat.sources.serving import open_sources
from tests.support.iconsets import TWO_COLOURS, iconify_package, iconify_set
from tests.support.server import serving

pytestmark = pytest.mark.skipif(not hasattr(__import__("select"), "poll"), reason="SVG is drawn on POSIX only")

RED, BLUE, TEAL = (0xE5, 0x39, 0x35), (0x1E, 0x88, 0xE5), (0, 128, 128)
MIXED = '<path fill="currentColor" d="M0 0h12v24H0z"/><path fill="#e53935" d="M12 0h12v24H12z"/>'
DARK_THEME = (30, 30, 30)


def near(colour: tuple[int, ...], wanted: tuple[int, int, int], slack: int = 6) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour[:3], wanted, strict=True))


def opaque_colours(png: bytes) -> set[tuple[int, int, int]]:
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    return {colour[:3] for _count, colour in image.getcolors(1 << 20) or [] if colour[3] == 255}


def has(colours: set[tuple[int, int, int]], wanted: tuple[int, int, int]) -> bool:
    return any(near(colour, wanted) for colour in colours)


def half_block_colours(png: bytes) -> set[tuple[int, int, int]]:
    """The colours of the cells the browser draws for `png` at 8x4 on a dark theme."""
    cells = build_cells(Image.open(io.BytesIO(png)), 8, 4, DARK_THEME, "half")
    console = Console(color_system="truecolor", width=8, file=io.StringIO(), record=True)
    console.print(cells)
    colours: set[tuple[int, int, int]] = set()
    for segment in console.render(cells):
        for colour in (segment.style.color, segment.style.bgcolor) if segment.style else ():
            if colour is not None and colour.triplet is not None:
                colours.add(tuple(colour.triplet))  # type: ignore[arg-type]
    return colours


@pytest.fixture(scope="module")
def previews(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, bytes]]:
    folder = tmp_path_factory.mktemp("sets") / "paint"
    icons = {"mono": {}, "flag": {"body": TWO_COLOURS}, "mixed": {"body": MIXED}}
    iconify_package(folder, iconify_set("paint", icons, width=24, height=24), info={"name": "Paint"})
    catalogue = open_sources([str(folder)], colour="teal", folder=tmp_path_factory.mktemp("cache"))
    found: dict[str, dict[str, bytes]] = {}
    with serving(catalogue=catalogue) as client:
        for entry in client.get("/api/v1/search", params={"name": ""}).json()["data"]:
            png_256 = next(v["id"] for v in entry["variants"] if v["format"] == "png" and v["size"] == 256)
            found[entry["iconify"].split(":")[1]] = {
                "preview": client.get(entry["thumbnail"]).content,
                "png": client.get("/api/v1/download", params={"id": png_256}).content,
            }
    return found


@pytest.mark.parametrize("kind", ["preview", "png"])
def test_current_color_is_painted_and_an_icons_own_colours_are_kept(previews, kind) -> None:
    mono, flag, mixed = (opaque_colours(previews[name][kind]) for name in ("mono", "flag", "mixed"))
    assert has(mono, TEAL) and not has(mono, (0, 0, 0))
    assert has(flag, RED) and has(flag, BLUE) and not has(flag, TEAL) and not has(flag, (0, 0, 0))
    assert has(mixed, TEAL) and has(mixed, RED) and not has(mixed, BLUE)


def test_the_browsers_half_blocks_and_true_pixels_keep_a_multicolour_icons_colours_on_a_dark_theme(previews) -> None:
    flag = previews["flag"]["preview"]
    cells = half_block_colours(flag)
    assert has(cells, RED) and has(cells, BLUE)
    canvas = paint_canvas(Image.open(io.BytesIO(flag)), (32, 32), DARK_THEME)
    pixels = {colour for _count, colour in canvas.convert("RGB").getcolors(1 << 16) or []}
    assert has(pixels, RED) and has(pixels, BLUE)
    assert has(half_block_colours(previews["mono"]["preview"]), TEAL)
