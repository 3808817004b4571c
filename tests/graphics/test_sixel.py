"""The sixel encoder: decoded by libsixel's `sixel2png` within 30 dB PSNR of our composited picture, and
by this suite's own small decoder exactly (up to sixel's percent steps) whenever the picture has at
most 256 colours."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from iconcat.graphics import encode_sixel
from tests.support.graphics import composited, decode_sixel, many_colours, percent_rounded
from tests.support.imaging import DARK, LIGHT
from tests.support.pictures import psnr

SIXEL2PNG = shutil.which("sixel2png")
needs_libsixel = pytest.mark.skipif(
    SIXEL2PNG is None, reason="needs sixel2png from libsixel to decode sixel (apt-get install libsixel-bin)"
)


def libsixel_decode(text: str, folder: Path) -> Image.Image:
    source, target = folder / "picture.six", folder / "picture.png"
    source.write_bytes(text.encode("ascii"))
    subprocess.run([SIXEL2PNG, "-i", str(source), "-o", str(target)], check=True, timeout=30, capture_output=True)
    with Image.open(target) as decoded:
        return decoded.convert("RGB")


@needs_libsixel
@pytest.mark.parametrize("background", [DARK, LIGHT])
@pytest.mark.parametrize("index", [0, 2, 5, 9])
def test_libsixel_decodes_a_preview_within_30_db(index, background, tmp_path) -> None:
    picture = composited(index, background)
    decoded = libsixel_decode(encode_sixel(picture), tmp_path)
    assert decoded.size == picture.size
    assert psnr(decoded, picture) >= 30


@needs_libsixel
def test_libsixel_decodes_a_picture_of_thousands_of_colours_within_30_db(tmp_path) -> None:
    picture = many_colours()
    assert picture.getcolors(256) is None  # more than a palette holds: the quantised path
    decoded = libsixel_decode(encode_sixel(picture), tmp_path)
    assert decoded.size == picture.size
    assert psnr(decoded, picture) >= 30


def few_colours(size: tuple[int, int]) -> Image.Image:
    """Stripes and a disc in five colours far apart (each lands on its own palette entry exactly)."""
    picture = Image.new("RGB", size, (20, 20, 40))
    draw = ImageDraw.Draw(picture)
    width, height = size
    for x in range(0, width, 5):
        draw.line([(x, 0), (x, height)], fill=(230, 60, 40))
    draw.ellipse(
        [width // 4, height // 4, 3 * width // 4, 3 * height // 4], fill=(40, 200, 90), outline=(250, 250, 250)
    )
    draw.rectangle([0, height - max(1, height // 5), width // 3, height], fill=(60, 90, 230))
    return picture


@pytest.mark.parametrize("size", [(128, 128), (1, 1), (7, 7), (33, 13), (80, 5), (3, 200)])
def test_a_picture_of_few_colours_decodes_exactly(size) -> None:
    # Bands of 6 rows cut anywhere (heights 1, 5, 7, 13), one-column pictures, long runs.
    picture = few_colours(size)
    decoded = decode_sixel(encode_sixel(picture))
    assert decoded.size == size
    assert decoded.tobytes() == percent_rounded(picture).tobytes()


@pytest.mark.parametrize("background", [DARK, LIGHT])
@pytest.mark.parametrize("index", [1, 3, 8])
def test_a_preview_decodes_within_40_db_of_what_sixel_can_hold(index, background) -> None:
    picture = composited(index, background)
    assert picture.getcolors(256) is not None  # the picture's own colours become the palette
    assert psnr(decode_sixel(encode_sixel(picture)), percent_rounded(picture)) >= 40


def test_the_stream_is_well_formed() -> None:
    picture = composited(6, LIGHT)
    text = encode_sixel(picture)
    assert text.startswith('\x1bPq"1;1;128;128#') and text.endswith("\x1b\\")
    body = text[len('\x1bPq"1;1;128;128') : -2]
    assert re.fullmatch(r"[#;!$\-0-9?-~]*", body), "only sixel characters between the DCS and ST"
    registers = re.findall(r"#(\d+);2;(\d+);(\d+);(\d+)", body)
    assert 1 <= len(registers) <= 256
    assert len({number for number, *_ in registers}) == len(registers)  # each register defined once
    assert all(0 <= int(value) <= 100 for _, *channels in registers for value in channels)
    assert body.count("-") == 128 // 6  # one "-" between bands, none after the last
    assert "\x1b" not in body


def test_long_runs_are_run_length_encoded() -> None:
    text = encode_sixel(Image.new("RGB", (300, 12), (10, 200, 30)))
    assert "!300~" in text and "~~~~" not in text


def test_transparency_must_be_composited_first() -> None:
    opaque = Image.new("RGBA", (8, 8), (1, 2, 3, 255))
    assert decode_sixel(encode_sixel(opaque)).size == (8, 8)
    see_through = Image.new("RGBA", (8, 8), (1, 2, 3, 0))
    with pytest.raises(ValueError, match="composite"):
        encode_sixel(see_through)
    with pytest.raises(ValueError, match="RGB"):
        encode_sixel(Image.new("L", (8, 8)))
    with pytest.raises(ValueError, match="empty"):
        encode_sixel(Image.new("RGB", (0, 4)))
