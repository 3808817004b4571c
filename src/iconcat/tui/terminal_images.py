"""True-pixel pictures in the browser: which mode draws them, and the kitty images the terminal holds.

`TerminalPictures` is made once per app from the launch's detection (`iconcat.graphics.choose_mode`):
its `mode` is "kitty", "sixel" or "blocks", with the cell size in pixels the terminal reported.

In kitty mode each picture is transmitted once under an image id and then shown by placeholder cells
(ordinary text Textual scrolls and clips): `show(key, picture)` transmits it the first time and returns
its id every time after, so scrolling, refreshing, focusing or coming back never sends it again. The
live images are a bounded LRU: the least recently shown is deleted from the terminal when the bound
is passed (`kitty.delete`), and every live one is deleted at exit (`close`). Renders cached elsewhere
ask `is_live(key)` before reusing their placeholders: an evicted image is transmitted again.

Writes go through `write`, by default the app driver's writer (the thread Textual writes its frames
with, so a transmission lands before the frame whose placeholders show it). Tests pass a recorder to
count transmissions. Thread-safe: the render thread transmits, the UI thread reads.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover - typing only
    from PIL import Image

    from iconcat.graphics.detect import CellSize
    from iconcat.graphics.kitty import ImageIds

__all__ = ["LIVE_IMAGES", "MAX_SIXEL_MARKS", "TerminalPictures", "block_colours", "detect_pictures"]

MAX_SIXEL_MARKS = 16384
"""Sixel rows kept for marks: more than the renders the loader and the detail pane keep can hold
(tiles bounded by 65,536 cells: at most 8,192 rows of the smallest; 64 detail renders). An evicted
mark would draw nothing where its render is still cached."""

_MARK_START, _MARK_END = "\u2060", "\u2061"  # word joiner, function application: both zero-width
_MARK_BITS = ("\u200b", "\u200c")  # zero-width space and non-joiner: the mark's number in binary
_MARK_LENGTH = 24
_MARK_MASK = (1 << _MARK_LENGTH) - 1
_MARK = re.compile(f"{_MARK_START}[{''.join(_MARK_BITS)}]{{{_MARK_LENGTH}}}{_MARK_END}")

LIVE_IMAGES = 2048
"""Kitty images kept in the terminal at once, at most: more than the tile renders the loader keeps
(1024) plus the detail pane's, so a render in a cache finds its image still there (`is_live` checks)."""


@dataclass
class TerminalPictures:
    """How this terminal draws pictures, and (kitty) the images it holds (module docstring)."""

    mode: str = "blocks"
    """"kitty", "sixel" or "blocks"."""
    reason: str = "not asked"
    """Why this mode, in a few words (the help screen shows it)."""
    requested: str = "blocks"
    """The `graphics` setting it was decided from ("auto", "kitty", "sixel" or "blocks")."""
    cell: CellSize | None = None
    """The cell size in pixels the terminal reported (None: not known; kitty then assumes 10x20)."""
    colours: str = "truecolor"
    """The colours pictures in blocks are drawn with (`iconcat.imaging.render_cells`' `colours`):
    "256" when the app writes palette colours (`block_colours`), so the renderers choose each cell's
    entry themselves; "truecolor" otherwise."""
    tmux: bool = False
    """Escape sequences go through tmux's passthrough."""
    write: Callable[[str], None] | None = None
    """Where escape sequences go (None: nowhere, e.g. before the app runs)."""
    max_live: int = LIVE_IMAGES
    terminal_settings: list[Any] | None = None
    """The terminal's settings from before the start-up query (`iconcat.graphics.detect.quiet_terminal`):
    what the app's driver restores at exit (`terminal_input`); None: what it finds at its start."""
    transmissions: int = 0
    """Pictures sent so far (each transmission counts once, whatever its chunks)."""
    _live: OrderedDict[Hashable, int] = field(default_factory=OrderedDict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _ids: ImageIds | None = field(default=None, repr=False)
    _sixels: OrderedDict[str, str] = field(default_factory=OrderedDict, repr=False)
    _marks: int = 0

    @property
    def true_pixels(self) -> bool:
        return self.mode in ("kitty", "sixel")

    def cell_size(self) -> CellSize:
        from iconcat.graphics.detect import DEFAULT_CELL_SIZE

        return self.cell or DEFAULT_CELL_SIZE

    def is_live(self, key: Hashable) -> bool:
        """Whether the picture under `key` is still held by the terminal."""
        with self._lock:
            return key in self._live

    def show(self, key: Hashable, picture: Image.Image, columns: int, rows: int) -> int:
        """The image id showing `picture` (an opaque picture we composed) in `columns` x `rows` cells,
        transmitting it only if the terminal does not hold it yet."""
        from iconcat.graphics import kitty

        with self._lock:
            image_id = self._live.get(key)
            if image_id is not None:
                self._live.move_to_end(key)
                return image_id
            if self._ids is None:
                self._ids = kitty.ImageIds()
            image_id = self._ids.allocate()
            self._live[key] = image_id
            evicted = []
            while len(self._live) > self.max_live:
                evicted.append(self._live.popitem(last=False)[1])
            self.transmissions += 1
        # Outside the lock: encoding takes a fraction of a millisecond, but other threads need not wait.
        sequences = kitty.transmit(picture, image_id, columns, rows, tmux=self.tmux)
        self._send("".join(kitty.delete(old, tmux=self.tmux) for old in evicted) + "".join(sequences))
        return image_id

    def sixel_mark(self, sixel: str, columns: int) -> str:
        """A mark that `expand` turns into `sixel` drawn over the `columns` cells just written before it
        (zero-width characters: Textual measures and moves it as nothing; see `true_pixels`)."""
        with self._lock:
            self._marks += 1
            number = self._marks & _MARK_MASK
            mark = _MARK_START + "".join(_MARK_BITS[(number >> bit) & 1] for bit in range(_MARK_LENGTH)) + _MARK_END
            self._sixels[mark] = f"\x1b7\x1b[{columns}D{sixel}\x1b8"
            while len(self._sixels) > MAX_SIXEL_MARKS:
                self._sixels.popitem(last=False)
        return mark

    def expand(self, data: str) -> str:
        """A frame on its way to the terminal, each sixel mark replaced by its drawing (an unknown mark,
        evicted long ago, by nothing)."""
        if _MARK_START not in data:
            return data
        sixels = self._sixels
        return _MARK.sub(lambda found: sixels.get(found.group(0), ""), data)

    def close(self) -> None:
        """Delete every image the terminal still holds for us (at exit)."""
        from iconcat.graphics import kitty

        with self._lock:
            live = list(self._live.values())
            self._live.clear()
        if live:
            self._send("".join(kitty.delete(image_id, tmux=self.tmux) for image_id in live))

    def _send(self, data: str) -> None:
        if data and self.write is not None:
            self.write(data)


def block_colours(color_system: str | None) -> str:
    """The `colours` pictures in blocks are drawn with when the app's console writes `color_system`
    (Rich's name for it, as Textual's console decided it from TERM, COLORTERM and
    TEXTUAL_COLOR_SYSTEM): "256" for a 256-colour terminal, whose entries the renderers pick better
    than Rich's downgrade does; else "truecolor": 24 bits as they are, or 16 colours left to Rich
    (those are the user's theme: their colours are unknown here)."""
    return "256" if color_system == "256" else "truecolor"


def detect_pictures(requested: str, env: Mapping[str, str], fd: int) -> TerminalPictures:
    """How the terminal on `fd` (the one Textual draws on) draws pictures: `requested` is the
    `graphics` setting ("auto", "kitty", "sixel" or "blocks"), decided once before the app starts.

    Kitty needs 24-bit colours written as such (the placeholders' colour is the image's id): when the
    environment would make Rich downgrade them, `COLORTERM=truecolor` is set for this process.
    """
    import os

    from iconcat.graphics.detect import choose_mode

    try:
        detection = choose_mode(requested, env, fd)
    except (OSError, ValueError) as error:  # no terminal to ask (a closed descriptor): blocks, as on any doubt
        return TerminalPictures("blocks", f"could not ask the terminal ({error.__class__.__name__})", requested)
    if detection.mode == "kitty" and detection.needs_truecolor:
        os.environ["COLORTERM"] = "truecolor"
    return TerminalPictures(detection.mode, detection.reason, requested, cell=detection.cell_size, tmux=detection.tmux)
