"""The renderer's shortcuts give the same pixels as the plain way."""

from __future__ import annotations

from PIL import Image, ImageChops, ImageDraw

from iconcat.demo import render
from iconcat.demo.geometry import circle
from iconcat.demo.render import Paint, render_image


def test_reducing_only_the_drawn_area_matches_reducing_everything() -> None:
    mask = Image.new("L", (2048, 2048), 0)
    draw = ImageDraw.Draw(mask)
    draw.ellipse((300, 500, 900, 1300), fill=255)
    draw.line((3, 100, 2044, 300), fill=255, width=90)  # reaches the edges
    whole = mask.resize((512, 512), Image.Resampling.LANCZOS, reducing_gap=2.0)
    assert ImageChops.difference(whole, render._reduce(mask, 512)).getbbox() is None


def test_nothing_drawn_is_fully_transparent() -> None:
    assert render._reduce(Image.new("L", (256, 256), 0), 64) is None
    image = render_image([], 64)
    assert image.getchannel("A").getextrema() == (0, 0)


def test_translucent_paint_keeps_its_alpha() -> None:
    image = render_image([Paint(circle(12, 12, 8), (255, 0, 0, 80))], 64)
    assert image.getpixel((32, 32)) == (255, 0, 0, 80)
    assert image.getpixel((0, 0))[3] == 0
