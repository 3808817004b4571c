"""A real terminal draws our sixel pictures: xterm as a VT340 under Xvfb, its screen read back in pixels.

Skipped, saying why, where Xvfb, xterm or ImageMagick's `import` is missing (CI does not install them;
`apt-get install xvfb xterm imagemagick` does). The browser is the real command, `--graphics auto`: xterm
answers the start's query with sixel and its cell size, and the screen shows what xterm drew.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location(
        "true_pixels_screenshot", ROOT / "scripts" / "true_pixels_screenshot.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _smooth_blocks(picture: Image.Image, size: int = 8) -> int:
    """How many `size`-pixel squares of `picture` hold more than 4 colours: a picture in pixels has
    them all along its anti-aliased edges; block characters give each half cell one colour."""
    count = 0
    for x in range(0, picture.width - size, size):
        for y in range(0, picture.height - size, size):
            if len(picture.crop((x, y, x + size, y + size)).getcolors(64) or range(65)) > 4:
                count += 1
    return count


@pytest.mark.parametrize("graphics", ["auto", "blocks"])
def test_xterm_draws_the_gallery_and_the_detail_picture_in_real_pixels(tmp_path, graphics):
    script = _script()
    if missing := script.missing_tools():
        pytest.skip(f"needs {', '.join(missing)} (apt-get install xvfb xterm imagemagick)")
    shot = tmp_path / "xterm.png"
    script.capture(shot, query="heart", graphics=graphics)
    screen = Image.open(shot).convert("RGB")
    width, height = screen.size
    detail = screen.crop((width // 2, height // 8, width * 4 // 5, height * 5 // 8))
    tiles = screen.crop((0, height // 8, width * 2 // 5, height * 5 // 8))
    blue = sum(1 for x in range(0, detail.width, 2) for y in range(0, detail.height, 2) if _blue(detail, x, y))
    assert blue > 500, "the first heart (blue, outline) is drawn large in the detail pane, either way"
    if graphics == "auto":  # xterm -ti vt340 answers with sixel: pixels
        assert _smooth_blocks(detail) > 120 and _smooth_blocks(tiles) > 120
    else:  # the control: blocks give no such squares, so the measure above tells them apart
        assert _smooth_blocks(detail) < 80


def _blue(picture: Image.Image, x: int, y: int) -> bool:
    red, _green, blue = picture.getpixel((x, y))
    return blue > 180 and red < 120
