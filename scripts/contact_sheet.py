"""Write a contact sheet of the demo catalogue's icons: every glyph in every style, labelled.

    python scripts/contact_sheet.py [--out out/contact-sheet.png] [--set "Core UI"] [--size 64] [--dark]

One band per style; in each band the glyphs in a grid with their names below. The pictures are the
catalogue's own files (the PNG renderer at the chosen size, from the same vector definitions that give
the SVG and EPS downloads). `--dark` draws on a dark background, as a terminal shows them.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from iconcat.server.catalogue import Catalogue
from iconcat.server.render import render_image
from iconcat.server.sets import SETS
from iconcat.server.styles import STYLES, paint_glyph

LIGHT = {"background": (248, 250, 252), "band": (255, 255, 255), "text": (30, 41, 59), "muted": (100, 116, 139)}
DARK = {"background": (17, 17, 27), "band": (30, 30, 46), "text": (226, 232, 240), "muted": (148, 163, 184)}


def build_sheet(set_name: str, icon_size: int, columns: int, dark: bool) -> Image.Image:
    """The contact sheet for one set as an RGB image."""
    theme = DARK if dark else LIGHT
    icon_set = next((s for s in SETS if s.name == set_name), None)
    if icon_set is None:
        raise SystemExit(f"no set named {set_name!r}; choose from: {', '.join(s.name for s in SETS)}")
    catalogue = Catalogue()
    glyphs = []
    for icon in catalogue.icons:
        if icon.icon_set == icon_set and icon.glyph not in glyphs:
            glyphs.append(icon.glyph)
    styles = [s for s in STYLES if s.name in icon_set.styles]

    title_font = ImageFont.load_default(size=28)
    band_font = ImageFont.load_default(size=20)
    label_font = ImageFont.load_default(size=11)
    cell_w, cell_h = icon_size + 36, icon_size + 34
    margin, band_title = 24, 36
    rows = -(-len(glyphs) // columns)
    band_h = band_title + rows * cell_h + 16
    width = margin * 2 + columns * cell_w
    height = 80 + len(styles) * (band_h + margin)
    sheet = Image.new("RGB", (width, height), theme["background"])
    draw = ImageDraw.Draw(sheet)
    draw.text((margin, 22), f"iconcat demo catalogue · {icon_set.name} ({icon_set.series})", font=title_font, fill=theme["text"])
    draw.text(
        (width - margin, 32),
        f"{len(glyphs)} glyphs x {len(styles)} styles · {len(catalogue.icons)} icons in all",
        font=band_font, fill=theme["muted"], anchor="ra",
    )
    y = 80
    for style in styles:
        draw.rounded_rectangle((margin, y, width - margin, y + band_h), radius=12, fill=theme["band"])
        draw.text((margin + 14, y + 10), style.name, font=band_font, fill=theme["text"])
        for index, glyph in enumerate(glyphs):
            col, row = index % columns, index // columns
            x0 = margin + col * cell_w
            y0 = y + band_title + row * cell_h
            image = render_image(paint_glyph(glyph, style, icon_set), icon_size)
            sheet.paste(image, (x0 + (cell_w - icon_size) // 2, y0 + 4), image)
            label = glyph.name if label_font.getlength(glyph.name) <= cell_w - 4 else glyph.name[:14] + "…"
            draw.text((x0 + cell_w // 2, y0 + icon_size + 10), label, font=label_font, fill=theme["muted"], anchor="ma")
        y += band_h + margin
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("out/contact-sheet.png"))
    parser.add_argument("--set", dest="set_name", default=SETS[0].name)
    parser.add_argument("--size", type=int, default=64, help="icon side in pixels")
    parser.add_argument("--columns", type=int, default=12)
    parser.add_argument("--dark", action="store_true", help="dark background, as in a terminal")
    args = parser.parse_args(argv)
    sheet = build_sheet(args.set_name, args.size, args.columns, args.dark)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    sheet.save(buffer, format="PNG")
    # Publish whole: write beside the target, then move into place.
    partial = args.out.with_name(args.out.name + ".part")
    partial.write_bytes(buffer.getvalue())
    partial.replace(args.out)
    print(args.out.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
