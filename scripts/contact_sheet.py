"""Write a contact sheet of the demo catalogue's icons, labelled: each glyph in every style.

    python scripts/contact_sheet.py [--out out/contact-sheet.png] [--set "Core UI"] [--glyphs 36]
                                    [--size 56] [--dark] [--all]

Default: a table of a few dozen glyphs picked across every category (one row per glyph, one column per
style, in three side-by-side panels), which shows at a glance that one drawing gives every style.
`--all` draws every glyph of the set instead, one band per style. `--dark` uses a dark background, as
a terminal shows the thumbnails.

The pictures are the catalogue's own drawings, rendered by the same code (and from the same vector
definitions) as the PNG, SVG and EPS downloads. The file is written whole or not at all.
"""

from __future__ import annotations

import argparse
import io
import sys
from itertools import zip_longest
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from iconcat.demo.catalogue import default_catalogue
from iconcat.demo.glyphs import Glyph
from iconcat.demo.render import render_image
from iconcat.demo.sets import SETS
from iconcat.demo.styles import STYLES, IconSet, Style, paint_glyph

LIGHT = {
    "background": (241, 245, 249),
    "panel": (255, 255, 255),
    "text": (15, 23, 42),
    "muted": (100, 116, 139),
    "rule": (226, 232, 240),
}
DARK = {
    "background": (17, 17, 27),
    "panel": (30, 30, 46),
    "text": (226, 232, 240),
    "muted": (148, 163, 184),
    "rule": (49, 50, 68),
}


def glyphs_of(icon_set: IconSet) -> list[Glyph]:
    """The set's glyphs in catalogue order."""
    seen: list[Glyph] = []
    for icon in default_catalogue().icons:
        if icon.icon_set == icon_set and icon.glyph not in seen:
            seen.append(icon.glyph)
    return seen


FEATURED = (
    "Arrow Right",
    "Refresh",
    "Sun",
    "Cloud Rain",
    "Snowflake",
    "Umbrella",
    "Shopping Cart",
    "Credit Card",
    "Gift",
    "Mail",
    "Chat Bubble",
    "Bell",
    "Send",
    "File Text",
    "Folder",
    "Download",
    "Play Circle",
    "Camera",
    "Image",
    "Music Note",
    "Headphones",
    "Smartphone",
    "Laptop",
    "Battery",
    "Home",
    "Map Pin",
    "Compass",
    "Globe",
    "User",
    "Heart",
    "Lock",
    "Shield Check",
    "Settings",
    "Search",
    "Calendar",
    "Alert Triangle",
)
"""A hand-picked default: recognisable, varied, and from every category."""


def spread(glyphs: list[Glyph], count: int) -> list[Glyph]:
    """`count` glyphs: the featured ones the set has, then others taken in turn from each category."""
    featured = [g for name in FEATURED for g in glyphs if g.name == name]
    by_category: dict[str, list[Glyph]] = {}
    for glyph in glyphs:
        if glyph not in featured:
            by_category.setdefault(glyph.category, []).append(glyph)
    others = [g for row in zip_longest(*by_category.values()) for g in row if g is not None]
    return (featured + others)[:count]


def fonts() -> tuple[ImageFont.FreeTypeFont, ImageFont.FreeTypeFont, ImageFont.FreeTypeFont]:
    """Title, heading and label fonts (Pillow's bundled font: no system fonts needed)."""
    return ImageFont.load_default(size=26), ImageFont.load_default(size=15), ImageFont.load_default(size=12)


def header(draw: ImageDraw.ImageDraw, width: int, icon_set: IconSet, subtitle: str, theme: dict) -> None:
    title_font, heading_font, _ = fonts()
    draw.text((28, 24), f"iconcat demo catalogue · {icon_set.name}", font=title_font, fill=theme["text"])
    draw.text((28, 60), subtitle, font=heading_font, fill=theme["muted"])


def table_sheet(
    icon_set: IconSet, glyphs: list[Glyph], styles: list[Style], size: int, panels: int, theme: dict
) -> Image.Image:
    """One row per glyph (its name, then one icon per style), in `panels` side-by-side panels."""
    _, heading_font, label_font = fonts()
    name_w = 130
    cell = size + 20
    rows = -(-len(glyphs) // panels)
    panel_w = name_w + len(styles) * cell + 16
    margin, top, head_h = 28, 104, 30
    width = margin * 2 + panels * panel_w + (panels - 1) * 16
    height = top + head_h + rows * cell + 20 + margin
    sheet = Image.new("RGB", (width, height), theme["background"])
    draw = ImageDraw.Draw(sheet)
    total = len(default_catalogue().icons)
    header(
        draw,
        width,
        icon_set,
        f"{icon_set.series} series · {len(glyphs)} of {len(glyphs_of(icon_set))} glyphs x {len(styles)} styles"
        f" · {total:,} icons in the catalogue",
        theme,
    )
    for p in range(panels):
        x0 = margin + p * (panel_w + 16)
        draw.rounded_rectangle((x0, top, x0 + panel_w, height - margin), radius=14, fill=theme["panel"])
        for s, style in enumerate(styles):
            cx = x0 + name_w + s * cell + cell // 2
            draw.text((cx, top + 12), style.name, font=label_font, fill=theme["muted"], anchor="mt")
        for r, glyph in enumerate(glyphs[p * rows : (p + 1) * rows]):
            y = top + head_h + 10 + r * cell
            if r:
                draw.line((x0 + 14, y - 1, x0 + panel_w - 14, y - 1), fill=theme["rule"], width=1)
            draw.text((x0 + 16, y + cell // 2), glyph.name, font=heading_font, fill=theme["text"], anchor="lm")
            for s, style in enumerate(styles):
                image = render_image(paint_glyph(glyph, style, icon_set), size)
                sheet.paste(image, (x0 + name_w + s * cell + 10, y + 10), image)
    return sheet


def band_sheet(
    icon_set: IconSet, glyphs: list[Glyph], styles: list[Style], size: int, columns: int, theme: dict
) -> Image.Image:
    """One band per style, each with every glyph in a labelled grid."""
    _, heading_font, label_font = fonts()
    cell_w, cell_h = size + 40, size + 34
    margin, top, band_title = 28, 104, 34
    rows = -(-len(glyphs) // columns)
    band_h = band_title + rows * cell_h + 12
    width = margin * 2 + columns * cell_w
    height = top + len(styles) * (band_h + 16) + margin
    sheet = Image.new("RGB", (width, height), theme["background"])
    draw = ImageDraw.Draw(sheet)
    header(draw, width, icon_set, f"{icon_set.series} series · {len(glyphs)} glyphs x {len(styles)} styles", theme)
    y = top
    for style in styles:
        draw.rounded_rectangle((margin, y, width - margin, y + band_h), radius=14, fill=theme["panel"])
        draw.text((margin + 16, y + 10), style.name, font=heading_font, fill=theme["text"])
        for index, glyph in enumerate(glyphs):
            col, row = index % columns, index // columns
            x0 = margin + col * cell_w
            y0 = y + band_title + row * cell_h
            image = render_image(paint_glyph(glyph, style, icon_set), size)
            sheet.paste(image, (x0 + (cell_w - size) // 2, y0 + 2), image)
            label = glyph.name
            while label_font.getlength(label) > cell_w - 6:
                label = label[:-2] + "…"
            draw.text((x0 + cell_w // 2, y0 + size + 8), label, font=label_font, fill=theme["muted"], anchor="ma")
        y += band_h + 16
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("out/contact-sheet.png"))
    parser.add_argument("--set", dest="set_name", default=SETS[0].name, choices=[s.name for s in SETS])
    parser.add_argument("--glyphs", type=int, default=36, help="how many glyphs in the table (default 36)")
    parser.add_argument("--size", type=int, default=56, help="icon side in pixels (default 56)")
    parser.add_argument("--panels", type=int, default=3, help="side-by-side panels in the table (default 3)")
    parser.add_argument("--all", action="store_true", help="every glyph, one band per style")
    parser.add_argument("--dark", action="store_true", help="dark background, as in a terminal")
    args = parser.parse_args(argv)
    if args.size < 8 or args.glyphs < 1 or args.panels < 1:
        parser.error("--size must be at least 8, --glyphs and --panels at least 1")

    theme = DARK if args.dark else LIGHT
    icon_set = next(s for s in SETS if s.name == args.set_name)
    styles = [s for s in STYLES if s.name in icon_set.styles]
    glyphs = glyphs_of(icon_set)
    if args.all:
        sheet = band_sheet(icon_set, glyphs, styles, args.size, 12, theme)
    else:
        sheet = table_sheet(icon_set, spread(glyphs, args.glyphs), styles, args.size, args.panels, theme)

    buffer = io.BytesIO()
    sheet.save(buffer, format="PNG", optimize=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    partial = args.out.with_name(args.out.name + ".part")
    partial.write_bytes(buffer.getvalue())
    partial.replace(args.out)  # whole or not at all
    print(args.out.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
