"""The gallery's keys: moving through the tiles, choosing one, the tile size (`Gallery.BINDINGS`).

Each with an `id` and a `tooltip` (the help screen and the footer read them); the commands of the
browser screen are `keys.COMMANDS`'.
"""

from __future__ import annotations

from textual.binding import Binding, BindingType

__all__ = ["GALLERY_BINDINGS"]

GALLERY_BINDINGS: list[BindingType] = [
    Binding("up", "cursor_up", "Up", show=False, id="gallery-up", tooltip="Highlight the tile above"),
    Binding("down", "cursor_down", "Down", show=False, id="gallery-down", tooltip="Highlight the tile below"),
    Binding("left", "cursor_left", "Left", show=False, id="gallery-left", tooltip="Highlight the previous tile"),
    Binding("right", "cursor_right", "Right", show=False, id="gallery-right", tooltip="Highlight the next tile"),
    Binding(
        "pageup", "cursor_page_up", "Page up", show=False, id="gallery-page-up", tooltip="Move up a screen of tiles"
    ),
    Binding(
        "pagedown",
        "cursor_page_down",
        "Page down",
        show=False,
        id="gallery-page-down",
        tooltip="Move down a screen of tiles",
    ),
    Binding("home", "cursor_first", "First", show=False, id="gallery-first", tooltip="Highlight the first icon"),
    Binding("end", "cursor_last", "Last", show=False, id="gallery-last", tooltip="Highlight the last icon"),
    # Enter is the screen's download command (`d`), run as the key is read: a message to the screen
    # would arrive after a second Enter in the same read had opened a second picker (docs/browser.md).
    Binding(
        "enter",
        "screen.download",
        "Download",
        show=False,
        id="gallery-choose",
        tooltip="Choose a variant of the highlighted icon to download",
    ),
    Binding(
        "plus,equals_sign",
        "bigger_tiles",
        "Tiles",  # the footer's: the gallery's own key, shown first while it has the focus
        key_display="+",
        id="gallery-bigger",
        tooltip="Larger tiles: bigger pictures, fewer on screen",
    ),
    Binding(
        "minus",
        "smaller_tiles",
        "Smaller tiles",
        show=False,
        key_display="-",
        id="gallery-smaller",
        tooltip="Smaller tiles: more icons on screen",
    ),
]
"""The gallery's own bindings: arrows, pages, first and last, Enter, `+` and `-`."""
