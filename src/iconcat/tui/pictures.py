"""How pictures are drawn, and the words for each way: one table for the key, palette, help and notices."""

from __future__ import annotations

from dataclasses import dataclass

from iconcat.config import THUMBNAIL_MODES

__all__ = ["PICTURE_MODES", "PictureMode", "next_picture_mode"]


@dataclass(frozen=True)
class PictureMode:
    """One way of drawing pictures."""

    label: str
    """A few words for lists ("half blocks")."""
    notice: str
    """What the notification says when the mode is chosen."""


PICTURE_MODES: dict[str, PictureMode] = {
    "half": PictureMode("half blocks", "Drawn with half blocks."),
    "quadrant": PictureMode(
        "quadrant blocks (sharper)", "Drawn with quadrant blocks: sharper edges, colours averaged in each cell."
    ),
    "text": PictureMode("off", "Off: no pictures drawn and no previews fetched. Press t for pictures again."),
}
"""Words for every mode of `iconcat.config.THUMBNAIL_MODES` (a test holds the two in step)."""


def next_picture_mode(mode: str) -> str:
    """The mode `t` switches to from `mode`."""
    return THUMBNAIL_MODES[(THUMBNAIL_MODES.index(mode) + 1) % len(THUMBNAIL_MODES)]
