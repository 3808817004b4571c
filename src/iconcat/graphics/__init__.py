"""True-pixel pictures (issue 13): which protocol the terminal speaks, and the bytes that speak it.

No Textual here (the browser's widgets use these pieces):

    from iconcat.graphics import choose_mode, compose, kitty, encode_sixel

    detection = choose_mode("auto", os.environ, sys.stderr.fileno())   # once, before the app starts
    picture = compose(image, 16, 8, detection.cell_size or DEFAULT_CELL_SIZE, background)
    if detection.mode == "kitty":
        data = "".join(kitty.transmit(picture, image_id, 16, 8, tmux=detection.tmux))   # once
        rows = kitty.placeholder_rows(image_id, 16, 8)   # text, drawn in colour kitty.id_colour(image_id)
    elif detection.mode == "sixel":
        data = encode_sixel(picture)                      # written at the picture's top-left cell

Modules: `detect` (the mode: a pure decision on the environment and the terminal's answers, plus the
query and tmux's answers), `kitty` (transmission, placeholders, deletion, tmux passthrough), `sixel`
(the encoder), `picture` (the composited picture at the cells' size in pixels), `replies` (the
terminal's answers to the query, recognised in the input whenever they arrive).
"""

from . import kitty
from .detect import (
    DEFAULT_CELL_SIZE,
    MODES,
    CellSize,
    Detection,
    Mode,
    TmuxInfo,
    choose_mode,
    decide,
    query_terminal,
)
from .picture import compose
from .sixel import encode_sixel

__all__ = [
    "DEFAULT_CELL_SIZE",
    "MODES",
    "CellSize",
    "Detection",
    "Mode",
    "TmuxInfo",
    "choose_mode",
    "compose",
    "decide",
    "encode_sixel",
    "kitty",
    "query_terminal",
]
