"""A picture as a DEC sixel image (issue 13): palette, bands of six rows, run lengths.

    ESC P q "1;1;W;H      the image starts: 1:1 pixel aspect, W x H pixels (raster attributes)
    #n;2;r;g;b            colour register n, in percent (0..100) of each channel
    #n ... $ #m ... -     per band of 6 rows: for each colour, one character per column whose bits
                          (value + 63) say which of the 6 rows have that colour; "$" returns to the
                          band's start for the next colour, "-" moves to the next band
    !k c                  k repeats of character c
    ESC \\                 the image ends

The caller passes an opaque picture, composited on the theme's background beforehand (as
`iconcat.graphics.picture.compose` does), so every pixel is painted and nothing depends on how a
terminal treats sixel "transparency". It is made by Pillow from our own decoded image: nothing the
catalogue service sent reaches the terminal.

Colours: a picture of at most 256 colours (most icons) keeps them as its palette (each pixel within
a few units of its colour, see `_indexed`; with sixel's percent steps, over 40 dB); a richer one gets
a 256-colour palette from Pillow's fast octree (MEDIANCUT is 20-50 times slower on a 128 px
picture), each pixel then mapped to the nearest palette colour, undithered (dithering speckles a
small picture, defeats the run lengths and lowers the PSNR). Registers are the palette's indices.

Speed without numpy: per band and colour, the band's indices are translated to a 0/1 mask in one
`bytes.translate`, read as one big integer whose six row slices are shifted by their row number and
OR-ed (the bits of a sixel), and translated back to characters; runs of 4 or more become ``!k``
by a regular expression. A 128 px preview takes about 2 ms (benchmarks/pictures.py).
"""

from __future__ import annotations

import re
from typing import cast

from PIL import Image

__all__ = ["MAX_COLOURS", "encode_sixel"]

MAX_COLOURS = 256

_SELECT = tuple(bytes(1 if value == colour else 0 for value in range(256)) for colour in range(256))
"""_SELECT[c] translates a band of palette indices to 1 where the index is c, 0 elsewhere."""
_TO_SIXEL = bytes(63 + value if value < 64 else 0 for value in range(256))
"""Bit patterns 0..63 to the sixel characters "?".."~"."""
_COMMAND = tuple(b"#%d" % colour for colour in range(256))
"""Colour selection commands, made once."""
_RUN = re.compile(rb"(.)\1{3,}", re.DOTALL)
_BAND = 6


def _run_length(match: re.Match[bytes]) -> bytes:
    run = match.group(0)
    return b"!%d%c" % (len(run), run[0])


def _percent(channel: int) -> int:
    return (channel * 100 + 127) // 255


def _indexed(image: Image.Image) -> Image.Image:
    """`image` as a palette ("P") image of at most 256 colours (module docstring)."""
    colours = image.getcolors(MAX_COLOURS)
    if colours is None:
        # The octree's own assignment leaves each pixel in its tree leaf, not at the nearest of the
        # palette's colours; mapping again onto the palette costs a tenth of a millisecond and gains
        # 4-5 dB on smooth gradients (a three-channel gradient: 27.7 dB, under the 30 dB promised,
        # becomes 32.3 dB).
        octree = image.quantize(MAX_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        return image.quantize(palette=octree, dither=Image.Dither.NONE)
    # The picture's own colours as the palette. Pillow finds each pixel's entry through a colour cache
    # of reduced precision, so a pixel may land on a neighbouring entry a few units away (over 43 dB
    # on the demo previews); mapping exactly (median cut into as many boxes as colours, or a dict per
    # pixel) costs 4 times as much, and that was a third of a gallery screen's time.
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for _, colour in colours for channel in cast(tuple[int, int, int], colour)])
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def encode_sixel(image: Image.Image) -> str:
    """`image` (opaque: RGB, or RGBA with every pixel opaque) as one sixel image, ready to write."""
    if image.mode == "RGBA":
        low, _ = image.getchannel("A").getextrema()
        if low != 255:
            raise ValueError("the picture has transparent pixels: composite it on the background first")
        image = image.convert("RGB")
    elif image.mode != "RGB":
        raise ValueError(f"the picture must be RGB (composited), not {image.mode}")
    width, height = image.size
    if not width or not height:
        raise ValueError("the picture is empty")
    indexed = _indexed(image)
    palette = indexed.getpalette() or []
    # Palette entries that sixel's percent steps make equal share one register (the first index):
    # fewer registers to define, and fewer colour passes in every band.
    registers: dict[tuple[int, int, int], int] = {}
    to_register = bytearray(range(256))
    counts: dict[int, int] = {}
    out = [b'\x1bPq"1;1;%d;%d' % (width, height)]
    for count, index in sorted(cast(list[tuple[int, int]], indexed.getcolors(MAX_COLOURS))):
        red, green, blue = palette[3 * index : 3 * index + 3]
        percent = (_percent(red), _percent(green), _percent(blue))
        if percent not in registers:
            registers[percent] = index
            out.append(b"#%d;2;%d;%d;%d" % (index, *percent))
        to_register[index] = registers[percent]
        counts[registers[percent]] = counts.get(registers[percent], 0) + count
    data = indexed.tobytes().translate(to_register)
    # The commonest colour (the background, usually) is painted over each whole band first, in one
    # run, and the other colours over it: its own pattern, full of holes, is never sent.
    commonest = max(counts, key=counts.__getitem__)
    for top in range(0, height, _BAND):
        rows = min(_BAND, height - top)
        out.append(_band(data[top * width : (top + rows) * width], width, rows, commonest))
        out.append(b"-")
    # No "-" after the last band: some terminals would grow the image (and move the cursor) by a band.
    out[-1] = b"\x1b\\"
    return b"".join(out).decode("ascii")


def _band(band: bytes, width: int, rows: int, fill: int) -> bytes:
    """One band of `rows` (at most 6) rows of palette indices: each colour's sixels, joined by "$",
    colour `fill` (when present) as a solid run painted first and overwritten by the others."""
    row_bits = 8 * width
    mask = (1 << row_bits) - 1
    from_bytes, select, to_sixel, command, run = int.from_bytes, _SELECT, _TO_SIXEL, _COMMAND, _RUN.sub
    colours = set(band)
    parts = []
    if fill in colours:
        colours.discard(fill)
        parts.append(command[fill] + b"!%d%c" % (width, 63 + (1 << rows) - 1))
    if rows == _BAND:
        # The usual band, unrolled: row k of the band (k = 0 at the top) is the (5 - k)th row_bits
        # slice from the integer's low end, and becomes bit k of each sixel.
        s1, s2, s3, s4, s5 = row_bits, 2 * row_bits, 3 * row_bits, 4 * row_bits, 5 * row_bits
        for colour in sorted(colours):
            value = from_bytes(band.translate(select[colour]), "big")
            bits = (
                (value >> s5 & mask)
                | (value >> s4 & mask) << 1
                | (value >> s3 & mask) << 2
                | (value >> s2 & mask) << 3
                | (value >> s1 & mask) << 4
                | (value & mask) << 5
            )
            # Trailing "?" (no pixel) are implied by the "$" or "-" that follows.
            line = bits.to_bytes(width, "big").translate(to_sixel).rstrip(b"?")
            parts.append(command[colour] + run(_run_length, line))
    else:
        shifts = [(row_bits * (rows - 1 - row), row) for row in range(rows)]
        for colour in sorted(colours):
            value = from_bytes(band.translate(select[colour]), "big")
            bits = 0
            for shift, row in shifts:
                bits |= ((value >> shift) & mask) << row
            line = bits.to_bytes(width, "big").translate(to_sixel).rstrip(b"?")
            parts.append(command[colour] + run(_run_length, line))
    return b"$".join(parts)
