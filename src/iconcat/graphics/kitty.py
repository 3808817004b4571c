"""The kitty graphics protocol with Unicode placeholders: what to send, and the cells that show it (issue 13).

A picture is transmitted once under an image id, with a *virtual* placement (``a=T,U=1``) of
``columns`` x ``rows`` cells, and then shown by ordinary text: each cell holds U+10EEEE followed by
two combining diacritics naming the cell's row and column in the picture (and a third naming the id's
highest byte when it is not 0), in a foreground colour whose 24 bits are the rest of the id
(https://sw.kovidgoyal.net/kitty/graphics-protocol/#unicode-placeholders). Textual places, scrolls
and clips those cells like any other text, so the picture is never sent again while it stays in use;
`delete` frees it (``a=d,d=I``: the image and its data) once it is evicted.

The payload is always made here, by Pillow, from the caller's composited picture (an `Image` we
decoded and painted ourselves): never a byte the catalogue service sent reaches the terminal. PNG
(``f=100``, zlib level 1: a 128 px preview takes a fraction of a millisecond and a couple of KB) is
the default; raw RGBA (``f=32``) or RGB (``f=24``) are faster to make and much bigger to send.
Base64 is cut into chunks of at most 4096 bytes (kitty's limit; a multiple of 4, as every chunk but
the last must be), marked ``m=1`` … ``m=0``; ``q=2`` on every chunk asks kitty for no reply at all,
since Textual's input thread would otherwise read the replies as keys.

Inside tmux every escape sequence goes through passthrough (`wrap_for_tmux`, one wrap per chunk:
tmux buffers a passthrough sequence whole); the placeholder cells need no wrapping, they are text.

Ids: `ImageIds` hands out 24-bit ids from a random start, so the placeholders need no third
diacritic (three code points a cell instead of four) and two programs in one kitty window (panes of
one tmux) are unlikely to collide; the encoders accept any id up to 2**32 - 1.
"""

from __future__ import annotations

import base64
import io
import random
from typing import Literal

from PIL import Image

__all__ = [
    "DIACRITICS",
    "MAX_CELLS",
    "MAX_CHUNK",
    "PLACEHOLDER",
    "Format",
    "ImageIds",
    "delete",
    "id_colour",
    "placeholder_cell",
    "placeholder_rows",
    "transmit",
    "wrap_for_tmux",
]

PLACEHOLDER = "\U0010eeee"
"""The placeholder character kitty replaces with a cell of an image."""

_DIACRITIC_CODES = (
    "0305 030D 030E 0310 0312 033D 033E 033F 0346 034A 034B 034C 0350 0351 0352 0357 035B 0363 0364 0365 0366 "
    "0367 0368 0369 036A 036B 036C 036D 036E 036F 0483 0484 0485 0486 0487 0592 0593 0594 0595 0597 0598 0599 "
    "059C 059D 059E 059F 05A0 05A1 05A8 05A9 05AB 05AC 05AF 05C4 0610 0611 0612 0613 0614 0615 0616 0617 0657 "
    "0658 0659 065A 065B 065D 065E 06D6 06D7 06D8 06D9 06DA 06DB 06DC 06DF 06E0 06E1 06E2 06E4 06E7 06E8 06EB "
    "06EC 0730 0732 0733 0735 0736 073A 073D 073F 0740 0741 0743 0745 0747 0749 074A 07EB 07EC 07ED 07EE 07EF "
    "07F0 07F1 07F3 0816 0817 0818 0819 081B 081C 081D 081E 081F 0820 0821 0822 0823 0825 0826 0827 0829 082A "
    "082B 082C 082D 0951 0953 0954 0F82 0F83 0F86 0F87 135D 135E 135F 17DD 193A 1A17 1A75 1A76 1A77 1A78 1A79 "
    "1A7A 1A7B 1A7C 1B6B 1B6D 1B6E 1B6F 1B70 1B71 1B72 1B73 1CD0 1CD1 1CD2 1CDA 1CDB 1CE0 1DC0 1DC1 1DC3 1DC4 "
    "1DC5 1DC6 1DC7 1DC8 1DC9 1DCB 1DCC 1DD1 1DD2 1DD3 1DD4 1DD5 1DD6 1DD7 1DD8 1DD9 1DDA 1DDB 1DDC 1DDD 1DDE "
    "1DDF 1DE0 1DE1 1DE2 1DE3 1DE4 1DE5 1DE6 1DFE 20D0 20D1 20D4 20D5 20D6 20D7 20DB 20DC 20E1 20E7 20E9 20F0 "
    "2CEF 2CF0 2CF1 2DE0 2DE1 2DE2 2DE3 2DE4 2DE5 2DE6 2DE7 2DE8 2DE9 2DEA 2DEB 2DEC 2DED 2DEE 2DEF 2DF0 2DF1 "
    "2DF2 2DF3 2DF4 2DF5 2DF6 2DF7 2DF8 2DF9 2DFA 2DFB 2DFC 2DFD 2DFE 2DFF A66F A67C A67D A6F0 A6F1 A8E0 A8E1 "
    "A8E2 A8E3 A8E4 A8E5 A8E6 A8E7 A8E8 A8E9 A8EA A8EB A8EC A8ED A8EE A8EF A8F0 A8F1 AAB0 AAB2 AAB3 AAB7 AAB8 "
    "AABE AABF AAC1 FE20 FE21 FE22 FE23 FE24 FE25 FE26 10A0F 10A38 1D185 1D186 1D187 1D188 1D189 1D1AA 1D1AB "
    "1D1AC 1D1AD 1D242 1D243 1D244"
)
DIACRITICS: tuple[str, ...] = tuple(chr(int(code, 16)) for code in _DIACRITIC_CODES.split())
"""Kitty's rowcolumn-diacritics.txt: DIACRITICS[n] names row, column or id byte n (0-based).

Combining marks of class 230 from Unicode 6.0 without decompositions, minus a few that normalisation
could fuse with the base character. 297 of them, so a placement is at most 297 cells each way."""

MAX_CELLS = len(DIACRITICS)
MAX_CHUNK = 4096
"""Largest base64 chunk kitty accepts in one escape sequence."""

Format = Literal["png", "rgba", "rgb"]
_FORMAT_CODES = {"png": 100, "rgba": 32, "rgb": 24}
_MAX_ID = 2**32 - 1


def _check_id(image_id: int) -> None:
    if not isinstance(image_id, int) or not 1 <= image_id <= _MAX_ID:
        raise ValueError(f"a kitty image id is 1 to {_MAX_ID}, not {image_id!r}")


def _check_cells(columns: int, rows: int) -> None:
    whole = isinstance(columns, int) and isinstance(rows, int)
    if not (whole and 1 <= columns <= MAX_CELLS and 1 <= rows <= MAX_CELLS):
        raise ValueError(f"a placement is 1 to {MAX_CELLS} columns and rows, not {columns}x{rows}")


def _payload(image: Image.Image, format: Format, compress_level: int) -> tuple[bytes, list[str]]:
    """The picture's bytes in `format` and the keys that describe them."""
    if image.mode not in ("RGB", "RGBA"):
        raise ValueError(f"the picture must be RGB or RGBA (composited), not {image.mode}")
    if format == "png":
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", compress_level=compress_level)
        return buffer.getvalue(), ["f=100"]
    if format not in _FORMAT_CODES:
        raise ValueError(f"format must be png, rgba or rgb, not {format!r}")
    mode = "RGBA" if format == "rgba" else "RGB"
    pixels = image.tobytes() if image.mode == mode else image.convert(mode).tobytes()
    return pixels, [f"f={_FORMAT_CODES[format]}", f"s={image.width}", f"v={image.height}"]


def transmit(
    image: Image.Image,
    image_id: int,
    columns: int,
    rows: int,
    *,
    format: Format = "png",
    virtual: bool = True,
    tmux: bool = False,
    chunk_size: int = MAX_CHUNK,
    compress_level: int = 1,
) -> list[str]:
    """The escape sequences that send `image` as `image_id`, one per chunk, in order (join and write them).

    With `virtual` (the default) the picture also gets a virtual placement of `columns` x `rows`
    cells (``a=T,U=1,c=,r=``), which `placeholder_rows` then shows; without, it is only stored
    (``a=t``). `tmux` wraps every chunk for passthrough. Kitty fits the picture into the placement's
    cells; a picture painted at exactly columns x rows cells of the terminal's cell size is shown
    pixel for pixel.
    """
    _check_id(image_id)
    _check_cells(columns, rows)
    if not isinstance(chunk_size, int) or not 4 <= chunk_size <= MAX_CHUNK or chunk_size % 4:
        raise ValueError(f"chunk_size must be a multiple of 4 from 4 to {MAX_CHUNK}, not {chunk_size!r}")
    data, format_keys = _payload(image, format, compress_level)
    encoded = base64.standard_b64encode(data).decode("ascii")
    chunks = [encoded[start : start + chunk_size] for start in range(0, len(encoded), chunk_size)] or [""]
    action = ["a=T", "U=1", f"i={image_id}"] if virtual else ["a=t", f"i={image_id}"]
    first = [*action, *format_keys]
    if virtual:
        first += [f"c={columns}", f"r={rows}"]
    first.append("q=2")
    sequences = []
    for index, chunk in enumerate(chunks):
        keys = first if index == 0 else ["q=2"]
        if len(chunks) > 1:
            keys = [*keys, f"m={0 if index == len(chunks) - 1 else 1}"]
        sequences.append(f"\x1b_G{','.join(keys)};{chunk}\x1b\\")
    return [wrap_for_tmux(sequence) for sequence in sequences] if tmux else sequences


def delete(image_id: int, *, tmux: bool = False) -> str:
    """The sequence that deletes image `image_id` and frees its data (``d=I``), silently."""
    _check_id(image_id)
    sequence = f"\x1b_Ga=d,d=I,i={image_id},q=2\x1b\\"
    return wrap_for_tmux(sequence) if tmux else sequence


def wrap_for_tmux(sequence: str) -> str:
    """`sequence` in tmux's passthrough envelope (``ESC Ptmux; … ESC \\``, every inner ESC doubled)."""
    return "\x1bPtmux;" + sequence.replace("\x1b", "\x1b\x1b") + "\x1b\\"


def id_colour(image_id: int) -> tuple[int, int, int]:
    """The 24-bit foreground colour (r, g, b) that names `image_id` in placeholder cells (its low 3 bytes)."""
    _check_id(image_id)
    return (image_id >> 16) & 0xFF, (image_id >> 8) & 0xFF, image_id & 0xFF


def placeholder_cell(image_id: int, row: int, column: int) -> str:
    """One placeholder cell: U+10EEEE, the row and column diacritics, and the id's high byte when not 0."""
    _check_id(image_id)
    if not (0 <= row < MAX_CELLS and 0 <= column < MAX_CELLS):
        raise ValueError(f"row and column are 0 to {MAX_CELLS - 1}, not {row}, {column}")
    high = (image_id >> 24) & 0xFF
    return PLACEHOLDER + DIACRITICS[row] + DIACRITICS[column] + (DIACRITICS[high] if high else "")


def placeholder_rows(image_id: int, columns: int, rows: int) -> list[str]:
    """The placement's cells, one string per row, each exactly `columns` cells wide on screen.

    Draw every row in the foreground colour `id_colour(image_id)` (24-bit: a palette colour names
    another image); the background colour does not matter (kitty paints the picture over it). Every
    cell carries its own row and column, so any part of the grid may be drawn on its own (a tile
    half scrolled out of view) and still show its part of the picture.
    """
    _check_id(image_id)
    _check_cells(columns, rows)
    high = (image_id >> 24) & 0xFF
    suffix = DIACRITICS[high] if high else ""
    return [
        "".join(PLACEHOLDER + DIACRITICS[row] + DIACRITICS[column] + suffix for column in range(columns))
        for row in range(rows)
    ]


class ImageIds:
    """Image ids for one app: 24-bit, counting up from a random start, never 0 (module docstring)."""

    def __init__(self, *, bits: int = 24, start: int | None = None) -> None:
        if bits not in (24, 32):
            raise ValueError("ids are 24 or 32 bits")
        self._limit = 2**bits - 1
        if start is not None and not 1 <= start <= self._limit:
            raise ValueError(f"the first id is 1 to {self._limit}, not {start}")
        # Random, not 1: another program in the same kitty window (a tmux pane) counts from 1 too.
        self._next = start if start is not None else random.randint(1, self._limit)

    def allocate(self) -> int:
        """A new id (wrapping round after the largest, skipping 0)."""
        image_id = self._next
        self._next = image_id + 1 if image_id < self._limit else 1
        return image_id
