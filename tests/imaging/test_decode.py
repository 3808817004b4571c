"""decode_thumbnail: what is accepted, and every refusal with its reason, before Pillow parses."""

from __future__ import annotations

import random
import warnings

import pytest
from PIL import Image

import iconcat.imaging.decode as decode_module
from iconcat.imaging import (
    MAX_THUMBNAIL_BYTES,
    ThumbnailError,
    decode_thumbnail,
    decoded_cache,
)
from tests.support.imaging import disc, encode, pixel_bomb_png, preview, search, variant_file


@pytest.fixture
def pillow_opens(monkeypatch):
    """Records every Image.open call decode makes (to prove refusals happen before Pillow parses)."""
    calls = []
    real_open = Image.open

    def recording_open(fp, mode="r", formats=None):
        calls.append(formats)
        return real_open(fp, mode, formats)

    monkeypatch.setattr(decode_module.Image, "open", recording_open)
    return calls


def test_catalogue_preview_decodes_to_rgba(catalogue):
    icon = search(catalogue, "arrow")[0]
    image = decode_thumbnail(preview(catalogue, icon))
    assert image.mode == "RGBA"
    assert image.width > 0 and image.height > 0
    assert image.getextrema()[3][1] == 255, "a preview has opaque ink"


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "GIF", "WEBP"])
def test_allowed_formats_decode(fmt):
    picture = disc(64).convert("RGB") if fmt == "JPEG" else disc(64)
    image = decode_thumbnail(encode(picture, fmt))
    assert image.size == (64, 64) and image.mode == "RGBA"
    red, green, blue, alpha = image.getpixel((32, 32))
    assert red > 180 and green < 90 and blue < 90 and alpha == 255


def test_only_the_sniffed_decoder_is_allowed(pillow_opens):
    decode_thumbnail(encode(disc(40, colour=(1, 2, 3))))
    assert pillow_opens == [["PNG"]]


def test_eps_from_the_catalogue_is_refused_before_pillow(catalogue, pillow_opens):
    eps = variant_file(catalogue, "eps")
    with pytest.raises(ThumbnailError, match=r"unsupported format \(EPS"):
        decode_thumbnail(eps)
    assert pillow_opens == [], "EPS must never reach Pillow (its plugin runs Ghostscript)"


def test_svg_from_the_catalogue_is_refused_before_pillow(catalogue, pillow_opens):
    svg = variant_file(catalogue, "svg")
    with pytest.raises(ThumbnailError, match=r"unsupported format \(SVG\)"):
        decode_thumbnail(svg)
    assert pillow_opens == []


def test_random_bytes_are_not_an_image(pillow_opens):
    data = random.Random(4).randbytes(4096)
    with pytest.raises(ThumbnailError, match="not an image"):
        decode_thumbnail(data)
    assert pillow_opens == []


@pytest.mark.parametrize("data", [b"", b"\x89PNG"], ids=["empty", "bare-signature"])
def test_empty_or_bare_signature(data):
    with pytest.raises(ThumbnailError, match="empty|not an image|not a valid|truncated|damaged"):
        decode_thumbnail(data)


def test_truncated_catalogue_preview(catalogue):
    data = preview(catalogue, search(catalogue, "arrow")[0])
    with pytest.raises(ThumbnailError, match="truncated"):
        decode_thumbnail(data[: len(data) // 2])


def test_pixel_bomb_is_refused_from_its_header():
    bomb = pixel_bomb_png()
    assert len(bomb) < 150_000
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no DecompressionBombWarning (or any other) escapes
        with pytest.raises(ThumbnailError, match=r"too large to decode \(10,000 x 10,000 pixels"):
            decode_thumbnail(bomb)


def test_pixel_cap_is_far_below_pillows_own():
    assert decode_module.MAX_THUMBNAIL_PIXELS * 10 < Image.MAX_IMAGE_PIXELS
    just_over = Image.new("L", (2049, 2048))
    with pytest.raises(ThumbnailError, match="too large to decode"):
        decode_thumbnail(encode(just_over))


def _jpeg_claiming(width: int, height: int) -> bytes:
    """A small valid JPEG whose frame header (SOF0) is rewritten to claim width x height."""
    data = bytearray(encode(Image.new("RGB", (8, 8), (10, 200, 10)), "JPEG"))
    sof = data.index(b"\xff\xc0")
    data[sof + 5 : sof + 9] = height.to_bytes(2, "big") + width.to_bytes(2, "big")
    return bytes(data)


@pytest.mark.parametrize("side", [3000, 10_000], ids=["over-our-cap", "over-pillows-warning"])
def test_jpeg_pixel_bomb_is_refused_from_the_parsed_header(side):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ThumbnailError, match="too large to decode"):
            decode_thumbnail(_jpeg_claiming(side, side))


def test_byte_cap():
    data = encode(disc(32)) + bytes(MAX_THUMBNAIL_BYTES)
    with pytest.raises(ThumbnailError, match="too large to show"):
        decode_thumbnail(data)


def test_damaged_png_says_so():
    data = bytearray(encode(disc(64)))
    data[40:60] = bytes(20)  # break the first chunk's data and its CRC
    with pytest.raises(ThumbnailError, match="damaged|not a valid|truncated"):
        decode_thumbnail(bytes(data))


def test_animated_gif_gives_its_first_frame():
    frames = [Image.new("RGB", (32, 32), colour) for colour in ((200, 0, 0), (0, 0, 200))]
    data = encode(frames[0], "GIF", save_all=True, append_images=frames[1:], duration=100, loop=0)
    assert Image.open(__import__("io").BytesIO(data)).n_frames == 2
    image = decode_thumbnail(data)
    assert image.getpixel((16, 16))[:3] == (200, 0, 0)
    assert getattr(image, "n_frames", 1) == 1


def test_gif_transparency_survives():
    image = Image.new("P", (16, 16), 0)
    image.putpalette([0, 0, 0, 255, 0, 0] + [0] * 762)
    image.paste(1, (4, 4, 12, 12))
    decoded = decode_thumbnail(encode(image, "GIF", transparency=0))
    assert decoded.getpixel((0, 0))[3] == 0
    assert decoded.getpixel((8, 8)) == (255, 0, 0, 255)


def test_decoded_images_are_cached_by_content_and_copies_are_independent():
    decoded_cache.clear()
    data = encode(disc(48))
    first = decode_thumbnail(data)
    first.putpixel((24, 24), (0, 255, 0, 255))
    second = decode_thumbnail(data)
    assert decoded_cache.hits == 1 and decoded_cache.misses == 1
    assert second.getpixel((24, 24)) != (0, 255, 0, 255), "a caller's edits never reach the cache"


def test_decoded_cache_is_bounded():
    decoded_cache.clear()
    for index in range(decoded_cache.max_entries + 20):
        decode_thumbnail(encode(Image.new("RGBA", (4, 4), (index % 256, index // 256, 0, 255))))
    assert len(decoded_cache) == decoded_cache.max_entries
    assert decoded_cache.weight <= decoded_cache.max_weight


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "GIF", "WEBP"])
def test_damaged_files_only_ever_raise_thumbnail_error(fmt):
    """Flipped bytes and cut-off files of every allowed format: refused with a reason or decoded,
    never another exception (the browser's thread worker would die of it)."""
    picture = disc(64).convert("RGB") if fmt == "JPEG" else disc(64)
    original = encode(picture, fmt)
    chance = random.Random(fmt)
    outcomes = set()
    for attempt in range(150):
        data = bytearray(original)
        if attempt % 3 == 0:
            data = data[: chance.randrange(1, len(data))]
        else:
            for _ in range(chance.randrange(1, 8)):
                position = chance.randrange(len(data))
                data[position] = chance.randrange(256)
        try:
            image = decode_thumbnail(bytes(data))
        except ThumbnailError as error:
            assert str(error).startswith("The preview ")
            outcomes.add("refused")
        else:
            assert image.mode == "RGBA"
            outcomes.add("decoded")
    assert "refused" in outcomes
