"""The demo catalogue's real previews, fetched over loopback: decoded, rendered, and close to ideal."""

from __future__ import annotations

import pytest
from PIL import Image

from iconcat.imaging import decode_thumbnail, render_cells
from tests.support.imaging import DARK, LIGHT, preview, search
from tests.support.pictures import cells_to_image, ideal_canvas, picture_area, psnr


@pytest.fixture(scope="module")
def previews(catalogue):
    """Decoded previews of the first page of the whole catalogue (many glyphs, every style)."""
    icons = search(catalogue, "")
    assert len(icons) >= 20
    return [decode_thumbnail(preview(catalogue, icon)) for icon in icons]


@pytest.mark.parametrize("background", [DARK, LIGHT], ids=["dark", "light"])
@pytest.mark.parametrize("columns,rows", [(32, 16), (64, 32)])
def test_half_blocks_are_within_30_db_of_the_ideal(previews, background, columns, rows):
    box = (columns, rows * 2)
    scores = []
    for image in previews:
        cells = render_cells(image, columns, rows, background, legible=False)
        shown = cells_to_image(cells, columns, rows, background).resize(box, Image.Resampling.NEAREST)
        scores.append(psnr(shown, ideal_canvas(image, box, background), picture_area(image, box)))
    assert min(scores) >= 30.0, sorted(scores)[:5]


def test_every_preview_draws_its_ink_on_both_themes(previews):
    for image in previews:
        ink_share = sum(1 for alpha in image.getchannel("A").resize((16, 16)).tobytes() if alpha > 128) / 256
        for background in (DARK, LIGHT):
            shown = cells_to_image(render_cells(image, 16, 8, background), 16, 8, background)
            raw = shown.resize((16, 16), Image.Resampling.NEAREST).tobytes()
            drawn = sum(1 for i in range(0, len(raw), 3) if tuple(raw[i : i + 3]) != background) / 256
            assert drawn >= ink_share * 0.8, "the picture's ink shows up as non-background cells"
