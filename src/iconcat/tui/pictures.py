"""How pictures are drawn, and the words for each way: one table for the key, palette, help and notices."""

from __future__ import annotations

from dataclasses import dataclass

from iconcat.config import THUMBNAIL_MODES

__all__ = ["PICTURE_MODES", "PictureMode", "next_picture_mode", "picture_cycle"]


@dataclass(frozen=True)
class PictureMode:
    """One way of drawing pictures."""

    label: str
    """A few words for lists ("half blocks")."""
    notice: str
    """What the notification says when the mode is chosen."""


PICTURE_MODES: dict[str, PictureMode] = {
    "kitty": PictureMode(
        "true pixels (kitty graphics)", "Drawn in true pixels by the terminal (kitty graphics protocol)."
    ),
    "sixel": PictureMode("true pixels (sixel)", "Drawn in true pixels by the terminal (sixel)."),
    "half": PictureMode("half blocks", "Drawn with half blocks."),
    "quadrant": PictureMode(
        "quadrant blocks (sharper)", "Drawn with quadrant blocks: sharper edges, colours averaged in each cell."
    ),
    "text": PictureMode("off", "Off: no pictures drawn and no previews fetched. Press t for pictures again."),
}
"""Words for every mode of `iconcat.config.THUMBNAIL_MODES` and for the true-pixel modes (a test holds
them in step)."""


def picture_cycle(true_pixels: str | None) -> tuple[str, ...]:
    """The modes `t` goes round: the terminal's true-pixel mode first when it has one, then blocks, then off."""
    return (true_pixels, *THUMBNAIL_MODES) if true_pixels else THUMBNAIL_MODES


def next_picture_mode(mode: str, true_pixels: str | None = None) -> str:
    """The mode `t` switches to from `mode`."""
    cycle = picture_cycle(true_pixels)
    return cycle[(cycle.index(mode) + 1) % len(cycle)] if mode in cycle else cycle[0]
