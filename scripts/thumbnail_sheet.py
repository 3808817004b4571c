"""Write out/thumbnail-sheet.png: the demo catalogue's previews as terminal cells, ours beside stock.

    python scripts/thumbnail_sheet.py [--out out/thumbnail-sheet.png] [--columns 24] [--rows 12]

Starts the embedded catalogue on a loopback port, fetches a spread of previews over HTTP (one per
style, plus glyphs that need the legibility tile on either theme), renders each one and draws the
cells' colours as pixels: a terminal cell is drawn 8 x 16 pixels, so a half block is two 8 x 8
pixels and a quadrant four 4 x 8 pixels, as a terminal with a 1:2 cell would show them.

Per theme (dark, then light) the columns are: the ideal downscale (for reference), ours in half
blocks, ours in quadrants, stock rich-pixels (`Pixels.from_image(image, resize=fitted size)`,
transparent cells showing the terminal background), and our text placeholder. Two rows recolour
the first preview to near-black and near-white ink, to show the legibility tile on each theme. The
last row is a refused preview (an EPS download) as the browser would show it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from iconcat.imaging import ThumbnailError, decode_thumbnail, render_cells, render_placeholder
from iconcat.imaging.canvas import backing_tile_colour

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root: helpers shared with the tests
from tests.support.imaging import DARK, LIGHT
from tests.support.pictures import cell_lines, cells_to_image, ideal_canvas, stock_canvas
from tests.support.server import serving

THEMES = {"dark": DARK, "light": LIGHT}
CELL_WIDTH, CELL_HEIGHT = 8, 16
GAP = 12
LABEL_HEIGHT = 18
COLUMNS = ("ideal", "ours: half", "ours: quadrant", "stock rich-pixels", "ours: text")


def fetch(limit: int) -> tuple[list[tuple[str, Image.Image]], bytes]:
    """(label, decoded preview) for a spread of icons, and one EPS file (a preview we refuse)."""
    with serving(page_size=100_000) as client:
        icons = client.get("/api/v1/search", params={"name": ""}).json()["data"]
        chosen, styles, names = [], set(), set()
        tiled = dict.fromkeys(THEMES, 0)
        for icon in icons[:: max(1, len(icons) // 300)]:
            if len(chosen) >= limit:
                break
            if icon["name"] in names:
                continue
            image = decode_thumbnail(client.get(icon["thumbnail"]).content)
            needs_tile = [name for name, bg in THEMES.items() if backing_tile_colour(image, bg)]
            new_style = icon["style"]["name"] not in styles
            if (new_style and len(chosen) < limit - 2) or any(tiled[name] < 1 for name in needs_tile):
                styles.add(icon["style"]["name"])
                names.add(icon["name"])
                for name in needs_tile:
                    tiled[name] += 1
                chosen.append((f"{icon['name']} · {icon['style']['name']}", image))
        eps_id = next(v["id"] for i in icons for v in i["variants"] if v["format"] == "eps")
        eps = client.get("/api/v1/download", params={"id": eps_id}).content
    return chosen, eps


def cells_picture(renderable, columns: int, rows: int, background) -> Image.Image:
    """Cells drawn as a terminal would, 8 x 16 pixels per cell."""
    image = cells_to_image(renderable, columns, rows, background)
    return image.resize((columns * CELL_WIDTH, rows * CELL_HEIGHT), Image.Resampling.NEAREST)


_MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"


def text_picture(renderable, columns: int, rows: int, background) -> Image.Image:
    """Cells with characters (the text placeholder) drawn with a monospace font, 8 x 16 per cell."""
    try:
        font = ImageFont.truetype(_MONO, 13)
    except OSError:
        return cells_picture(renderable, columns, rows, background)
    image = Image.new("RGB", (columns * CELL_WIDTH, rows * CELL_HEIGHT), background)
    draw = ImageDraw.Draw(image)
    for y, line in enumerate(cell_lines(renderable, columns)[:rows]):
        for x, (character, foreground, back) in enumerate(line[:columns]):
            box = (x * CELL_WIDTH, y * CELL_HEIGHT, (x + 1) * CELL_WIDTH - 1, (y + 1) * CELL_HEIGHT - 1)
            draw.rectangle(box, fill=back or background)
            if character != " ":
                origin = (x * CELL_WIDTH, y * CELL_HEIGHT + 1)
                draw.text(origin, character, fill=foreground or (128, 128, 128), font=font)
    return image


def half_cells_picture(canvas: Image.Image, columns: int, rows: int) -> Image.Image:
    """A canvas of one pixel per half cell (columns x rows*2) drawn 8 x 16 pixels per cell."""
    return canvas.resize((columns * CELL_WIDTH, rows * CELL_HEIGHT), Image.Resampling.NEAREST)


def stock_picture(image: Image.Image, columns: int, rows: int, background) -> Image.Image:
    """Stock rich-pixels at our fitted size, placed where ours is, on the terminal background."""
    return half_cells_picture(stock_canvas(image, columns, rows, background), columns, rows)


def ideal_picture(image: Image.Image, columns: int, rows: int, background) -> Image.Image:
    return half_cells_picture(ideal_canvas(image, (columns, rows * 2), background), columns, rows)


def tiles_for(image: Image.Image | None, columns: int, rows: int, background) -> list[Image.Image]:
    if image is None:
        placeholder = render_placeholder(columns, rows, background, "no preview\nunsupported format")
        refused = text_picture(placeholder, columns, rows, background)
        blank = Image.new("RGB", refused.size, background)
        return [blank, refused, refused, blank, refused]
    half, quadrant, text = (
        render_cells(image, columns, rows, background, mode=mode) for mode in ("half", "quadrant", "text")
    )
    return [
        ideal_picture(image, columns, rows, background),
        cells_picture(half, columns, rows, background),
        cells_picture(quadrant, columns, rows, background),
        stock_picture(image, columns, rows, background),
        text_picture(text, columns, rows, background),
    ]


def build_sheet(entries: list[tuple[str, Image.Image | None]], columns: int, rows: int) -> Image.Image:
    tile_width, tile_height = columns * CELL_WIDTH, rows * CELL_HEIGHT
    band_width = len(COLUMNS) * (tile_width + GAP) + GAP
    width = band_width * len(THEMES)
    height = LABEL_HEIGHT * 2 + len(entries) * (tile_height + LABEL_HEIGHT + GAP) + GAP
    sheet = Image.new("RGB", (width, height), (128, 128, 128))
    draw = ImageDraw.Draw(sheet)
    font = ImageFont.load_default()
    for band, (theme, background) in enumerate(THEMES.items()):
        left = band * band_width
        ink = (220, 220, 230) if theme == "dark" else (40, 40, 50)
        # The band is a shade off the theme's background, so each thumbnail's own extent shows.
        band = tuple(max(0, c - 12) if theme == "light" else c + 12 for c in background)
        draw.rectangle((left, 0, left + band_width - 1, height), fill=band)
        title = f"{theme} theme, background {background}, {columns}x{rows} cells"
        draw.text((left + GAP, 4), title, fill=ink, font=font)
        for index, name in enumerate(COLUMNS):
            draw.text((left + GAP + index * (tile_width + GAP), LABEL_HEIGHT + 2), name, fill=ink, font=font)
        for row, (label, image) in enumerate(entries):
            top = LABEL_HEIGHT * 2 + row * (tile_height + LABEL_HEIGHT + GAP) + GAP
            draw.text((left + GAP, top), label, fill=ink, font=font)
            for index, tile in enumerate(tiles_for(image, columns, rows, background)):
                sheet.paste(tile, (left + GAP + index * (tile_width + GAP), top + LABEL_HEIGHT))
    return sheet


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("out/thumbnail-sheet.png"))
    parser.add_argument("--columns", type=int, default=24, help="thumbnail width in cells")
    parser.add_argument("--rows", type=int, default=12, help="thumbnail height in cells")
    parser.add_argument("--icons", type=int, default=8, help="how many previews")
    arguments = parser.parse_args()
    previews, eps = fetch(arguments.icons)
    entries: list[tuple[str, Image.Image | None]] = list(previews)
    # The legibility tile on both themes, whatever colours the catalogue uses today: the first
    # preview's shape recoloured to near-black ink and to near-white ink.
    shape = previews[0][1].getchannel("A")
    for ink_name, ink in (("near-black ink", (17, 24, 39)), ("near-white ink", (248, 250, 252))):
        recoloured = Image.new("RGBA", shape.size, (*ink, 0))
        recoloured.putalpha(shape)
        entries.append((f"{previews[0][0]}, recoloured to {ink_name} {ink}", recoloured))
    try:
        decode_thumbnail(eps)
    except ThumbnailError as error:
        entries.append((f"EPS download as preview: {error}", None))
    sheet = build_sheet(entries, arguments.columns, arguments.rows)
    arguments.out.parent.mkdir(parents=True, exist_ok=True)
    sheet.save(arguments.out)
    print(f"wrote {arguments.out} ({sheet.width}x{sheet.height}, {len(entries)} rows)")


if __name__ == "__main__":
    main()
