"""The kitty graphics protocol: what we send decodes back to exactly our composited picture, in chunks
kitty accepts; the placeholder grid names every cell and the image; ids, deletion, tmux passthrough."""

from __future__ import annotations

import base64
import io
import re
import unicodedata

import pytest
from PIL import Image, PngImagePlugin
from rich.cells import cell_len

from iconcat.graphics import CellSize, compose, kitty
from iconcat.graphics.kitty import DIACRITICS, MAX_CELLS, PLACEHOLDER, ImageIds
from tests.support.graphics import CELL, composited, many_colours
from tests.support.imaging import DARK, LIGHT

APC = re.compile(r"\x1b_G([^;\x1b]*);([^\x1b]*)\x1b\\")


def commands(sequences: list[str]) -> list[tuple[dict[str, str], str]]:
    """Each sequence as (keys, payload); each must be exactly one kitty graphics command."""
    parsed = []
    for sequence in sequences:
        match = APC.fullmatch(sequence)
        assert match is not None, f"not one graphics command: {sequence[:40]!r}"
        keys = dict(pair.split("=", 1) for pair in match.group(1).split(","))
        parsed.append((keys, match.group(2)))
    return parsed


def payload(sequences: list[str]) -> bytes:
    """The transmitted bytes: chunks reassembled in order, base64-decoded (strictly)."""
    return base64.b64decode("".join(data for _, data in commands(sequences)), validate=True)


@pytest.mark.parametrize("background", [DARK, LIGHT])
@pytest.mark.parametrize("index", [0, 3, 7])
def test_the_png_payload_is_exactly_our_composited_picture(index, background) -> None:
    picture = composited(index, background)
    assert picture.size == (128, 128) and picture.mode == "RGB"
    sequences = kitty.transmit(picture, 4242, 16, 8)
    keys, _ = commands(sequences)[0]
    assert keys == {"a": "T", "U": "1", "i": "4242", "f": "100", "c": "16", "r": "8", "q": "2"} | (
        {"m": "1"} if len(sequences) > 1 else {}
    )
    back = Image.open(io.BytesIO(payload(sequences)))
    assert back.format == "PNG" and back.size == picture.size
    assert back.convert("RGB").tobytes() == picture.tobytes()


def test_the_rgba_payload_in_many_chunks_is_exactly_our_picture() -> None:
    picture = composited(1, DARK)
    sequences = kitty.transmit(picture, 7, 16, 8, format="rgba")
    parsed = commands(sequences)
    assert len(parsed) > 10  # 64 KB of pixels: many chunks
    first = parsed[0][0]
    assert (first["f"], first["s"], first["v"], first["m"]) == ("32", "128", "128", "1")
    # Later chunks carry only m (and q): kitty takes everything else from the first.
    assert all(set(keys) == {"m", "q"} for keys, _ in parsed[1:])
    assert [keys["m"] for keys, _ in parsed] == ["1"] * (len(parsed) - 1) + ["0"]
    assert all(len(data) <= 4096 for _, data in parsed)
    assert all(len(data) % 4 == 0 for _, data in parsed[:-1])  # kitty decodes each chunk on its own
    assert all(keys["q"] == "2" for keys, _ in parsed)  # no replies to swallow
    assert payload(sequences) == picture.convert("RGBA").tobytes()


def test_rgb_payload_and_smaller_chunks() -> None:
    picture = many_colours((40, 30))
    sequences = kitty.transmit(picture, 9, 5, 2, format="rgb", chunk_size=1024)
    parsed = commands(sequences)
    assert (parsed[0][0]["f"], parsed[0][0]["s"], parsed[0][0]["v"]) == ("24", "40", "30")
    assert all(len(data) <= 1024 for _, data in parsed) and len(parsed) == -(-len(payload(sequences)) * 4 // 3 // 1024)
    assert payload(sequences) == picture.tobytes()


def test_a_noisy_png_is_chunked_and_still_exact() -> None:
    picture = Image.effect_noise((160, 160), 80).convert("RGB")
    sequences = kitty.transmit(picture, 5, 20, 10)
    assert len(sequences) > 1
    assert Image.open(io.BytesIO(payload(sequences))).convert("RGB").tobytes() == picture.tobytes()


def test_transmission_without_a_placement() -> None:
    keys, _ = commands(kitty.transmit(composited(0, DARK), 11, 16, 8, virtual=False))[0]
    assert (keys["a"], keys["i"]) == ("t", "11")
    assert not {"U", "c", "r"} & set(keys)


def test_metadata_of_the_source_never_reaches_the_terminal() -> None:
    # A PNG carrying an escape sequence in a text chunk: the payload is re-encoded from pixels only.
    info = PngImagePlugin.PngInfo()
    info.add_text("Comment", "\x1b]52;c;ZXZpbA==\x07 evil")
    buffer = io.BytesIO()
    Image.new("RGB", (16, 16), (200, 10, 10)).save(buffer, format="PNG", pnginfo=info)
    source = Image.open(io.BytesIO(buffer.getvalue()))
    assert "evil" in source.info["Comment"]
    sequences = kitty.transmit(source.convert("RGB"), 3, 2, 1)
    assert b"evil" not in payload(sequences) and "\x07" not in "".join(sequences)


def test_arguments_kitty_would_refuse_are_refused() -> None:
    picture = composited(0, DARK)
    for image_id in (0, -1, 2**32):
        with pytest.raises(ValueError, match="image id"):
            kitty.transmit(picture, image_id, 16, 8)
    for columns, rows in ((0, 1), (1, 0), (MAX_CELLS + 1, 1)):
        with pytest.raises(ValueError, match="placement"):
            kitty.transmit(picture, 1, columns, rows)
    for size in (0, 4097, 1022):
        with pytest.raises(ValueError, match="chunk_size"):
            kitty.transmit(picture, 1, 16, 8, chunk_size=size)
    with pytest.raises(ValueError, match="RGB or RGBA"):
        kitty.transmit(picture.convert("P"), 1, 16, 8)


def test_delete_frees_the_image_and_its_data_silently() -> None:
    assert kitty.delete(77) == "\x1b_Ga=d,d=I,i=77,q=2\x1b\\"


def test_tmux_passthrough_wraps_each_sequence_with_escapes_doubled() -> None:
    plain = kitty.transmit(composited(2, DARK), 12, 16, 8, format="rgba")
    wrapped = kitty.transmit(composited(2, DARK), 12, 16, 8, format="rgba", tmux=True)
    assert len(wrapped) == len(plain) > 1
    for inner, outer in zip(plain, wrapped):
        assert outer.startswith("\x1bPtmux;") and outer.endswith("\x1b\\")
        body = outer[len("\x1bPtmux;") : -2]
        assert "\x1b" not in body.replace("\x1b\x1b", "")  # every inner ESC doubled
        assert body.replace("\x1b\x1b", "\x1b") == inner
    assert kitty.delete(5, tmux=True) == kitty.wrap_for_tmux(kitty.delete(5))


def cells_of(row: str) -> list[str]:
    """A placeholder row cut into cells: each placeholder with the combining marks after it."""
    assert row.startswith(PLACEHOLDER)
    return [PLACEHOLDER + rest for rest in row.split(PLACEHOLDER)[1:]]


@pytest.mark.parametrize(("image_id", "high"), [(0x123456, None), (0xAB123456, 0xAB), (1, None), (2**32 - 1, 0xFF)])
def test_the_placeholder_grid_names_every_cell_and_the_image(image_id, high) -> None:
    columns, rows = 12, 6
    grid = kitty.placeholder_rows(image_id, columns, rows)
    assert len(grid) == rows
    for row_number, row in enumerate(grid):
        assert cell_len(row) == columns  # Rich (hence Textual) lays each row out as `columns` cells
        cells = cells_of(row)
        assert len(cells) == columns
        for column_number, cell in enumerate(cells):
            expected = [PLACEHOLDER, DIACRITICS[row_number], DIACRITICS[column_number]]
            if high is not None:
                expected.append(DIACRITICS[high])
            assert list(cell) == expected
            assert cell == kitty.placeholder_cell(image_id, row_number, column_number)
    assert kitty.id_colour(image_id) == ((image_id >> 16) & 255, (image_id >> 8) & 255, image_id & 255)


def test_the_largest_grid_and_its_limits() -> None:
    grid = kitty.placeholder_rows(99, MAX_CELLS, 2)
    assert cells_of(grid[1])[-1] == PLACEHOLDER + DIACRITICS[1] + DIACRITICS[MAX_CELLS - 1]
    with pytest.raises(ValueError):
        kitty.placeholder_rows(99, MAX_CELLS + 1, 1)
    with pytest.raises(ValueError):
        kitty.placeholder_cell(99, -1, 0)
    with pytest.raises(ValueError):
        kitty.placeholder_rows(0, 1, 1)


def test_the_diacritics_are_kittys_list() -> None:
    # rowcolumn-diacritics.txt: class-230 combining marks of Unicode 6.0 without decompositions, less
    # those normalisation may fuse with a base character; 297 of them, in code point order.
    assert len(DIACRITICS) == MAX_CELLS == 297
    assert (DIACRITICS[0], DIACRITICS[1], DIACRITICS[-1]) == ("\u0305", "\u030d", "\U0001d244")
    assert (DIACRITICS[35], DIACRITICS[255]) == ("\u0592", "\ua8e5")
    assert list(DIACRITICS) == sorted(set(DIACRITICS))
    for mark in DIACRITICS:
        assert unicodedata.category(mark) == "Mn" and unicodedata.combining(mark) == 230, hex(ord(mark))
        assert unicodedata.decomposition(mark) == "", hex(ord(mark))
    fusing = {0x300, 0x301, 0x302, 0x303, 0x304, 0x306, 0x307, 0x308, 0x309, 0x30A, 0x30B, 0x30C, 0x30F}
    fusing |= {0x311, 0x313, 0x314, 0x342, 0x653, 0x654}
    assert not fusing & {ord(mark) for mark in DIACRITICS}


def test_image_ids_are_distinct_never_zero_and_wrap() -> None:
    ids = ImageIds(start=2**24 - 2)
    assert [ids.allocate() for _ in range(4)] == [2**24 - 2, 2**24 - 1, 1, 2]
    wide = ImageIds(bits=32, start=2**32 - 1)
    assert [wide.allocate(), wide.allocate()] == [2**32 - 1, 1]
    random_ids = ImageIds()
    drawn = [random_ids.allocate() for _ in range(1000)]
    assert len(set(drawn)) == 1000 and all(1 <= image_id < 2**24 for image_id in drawn)
    with pytest.raises(ValueError):
        ImageIds(bits=16)
    with pytest.raises(ValueError):
        ImageIds(start=0)


def test_compose_paints_the_whole_placement_opaque() -> None:
    picture = composited(4, DARK, columns=12, rows=6)
    assert picture.size == (12 * CELL.width, 6 * CELL.height) and picture.mode == "RGB"
    # The preview is square and the box tall: the bands above and below are the background.
    assert picture.getpixel((0, 0)) == DARK and picture.getpixel((95, 95)) == DARK
    with pytest.raises(ValueError, match="nothing to paint"):
        compose(Image.new("RGBA", (8, 8)), 0, 4, CELL, DARK)
    with pytest.raises(ValueError, match="too large"):
        compose(Image.new("RGBA", (8, 8)), 200, 100, CellSize(100, 200), DARK)
