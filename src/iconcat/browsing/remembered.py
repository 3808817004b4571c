"""The choices the browser remembers between runs (theme, view, pictures, tile size, the last variant),
how they meet the settings at start, and which remembered icons a run cannot serve (`not_served`).

Precedence, for each: a value given explicitly (a flag, the environment, the config file: see
`iconcat.config.Settings.chosen`) > the remembered choice > the default. A person who typed
`--view list` gets the list whatever was chosen last time; a person who never set one gets what they
chose last time. Pressing `v` or `t`, or picking a theme in the palette, is remembered in every case
(it is the latest choice), and applies from the next run on wherever no setting overrides it.

The tile size has no setting: until a person presses `+` or `-`, the gallery fits its tiles to the
view (in blocks, the largest size that still shows 6 whole tiles); once they have, their size wins
at every start after (`StartChoices.tile_size`).

The remembered values are read before the first frame (`iconcat.memory.read_preferences`, well under
a millisecond once `sqlite3` is imported), so the first frame already has the remembered theme and
view: nothing switches under the person's eyes once the memory has opened.

Remembered values are data from a file: anything that is not one of the known choices is ignored.
A remembered true-pixel mode (kitty, sixel) starts as blocks' default ("half"), which a terminal that
draws true pixels turns into its own mode, as it does with the default (`BrowserScreen`); remembered
block modes on such a terminal start in true pixels too, as the default does.

Remembered icons of every set from disk share one memory (`memory.LOCAL_SETS`: their ids are stable),
so a run over other sets lists favourites and recents it cannot serve. That is decided from the sets
served, before anything is asked (`not_served`): such an icon is shown as not served, with a sentence
saying what to add, and nothing is sent for it (asked, the catalogue would only answer "not found").

No Textual here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from iconcat.choices import THUMBNAIL_MODES, VIEWS
from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon

__all__ = [
    "BAG_VARIANT",
    "PICTURES",
    "THEME",
    "TILES",
    "TILE_SIZE_NAMES",
    "VARIANT",
    "VIEW",
    "StartChoices",
    "decode_variant",
    "encode_variant",
    "not_served",
    "start_choices",
]

THEME = "theme"
VIEW = "view"
PICTURES = "pictures"
VARIANT = "variant"
TILES = "tiles"
BAG_VARIANT = "bag_variant"
"""The keys of the remembered preferences (`Memory.preference`); `BAG_VARIANT` is the bag's format and
size, which `iconcat bag export --zip` reads as the browser does."""

TILE_SIZE_NAMES = ("small", "medium", "large")
"""The gallery's tile sizes (`tui.widgets.gallery.TILE_SIZES`' names: a test keeps them in step)."""


@dataclass(frozen=True)
class StartChoices:
    """What the browser starts with."""

    view: str
    thumbnail_mode: str
    theme: str | None
    """The remembered theme's name (the app checks it is one it has), or None."""
    variant: tuple[str, int | None] | None
    """The remembered (format, size) of the last variant chosen, or None."""
    tile_size: str | None = None
    """The tile size a person chose (`+`/`-`), one of `TILE_SIZE_NAMES`; None: never chosen, so the
    gallery fits its tiles to the view."""


def start_choices(remembered: Mapping[str, str], *, view: str | None, thumbnail_mode: str | None) -> StartChoices:
    """The start's choices from the explicit settings (None: not given) and the remembered ones."""
    if thumbnail_mode is None:
        pictures = remembered.get(PICTURES)
        # A remembered true-pixel mode (or nothing usable): the default, which is true pixels again
        # where the terminal draws them.
        thumbnail_mode = pictures if pictures in THUMBNAIL_MODES else THUMBNAIL_MODES[0]
    if view is None:
        chosen = remembered.get(VIEW)
        # The gallery is tiles of pictures: with pictures off and no view remembered, the list.
        view = chosen if chosen in VIEWS else ("list" if thumbnail_mode == "text" else VIEWS[0])
    theme = remembered.get(THEME)
    return StartChoices(
        view=view,
        thumbnail_mode=thumbnail_mode,
        theme=theme if theme and len(theme) <= 100 and theme.isprintable() else None,
        variant=decode_variant(remembered.get(VARIANT)),
        tile_size=tile_size if (tile_size := remembered.get(TILES)) in TILE_SIZE_NAMES else None,
    )


def encode_variant(preference: tuple[str, int | None]) -> str:
    """A variant preference as stored: `["png", 64]`."""
    fmt, size = preference
    return json.dumps([fmt, size])


def decode_variant(text: str | None) -> tuple[str, int | None] | None:
    """The stored variant preference, or None when there is none or it is not one."""
    if not text:
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    if not (isinstance(value, list) and len(value) == 2):
        return None
    fmt, size = value
    if not isinstance(fmt, str) or not 0 < len(fmt) <= 20:
        return None
    if size is not None and (type(size) is not int or not 0 < size <= 1_000_000):
        return None
    return fmt.lower(), size


def not_served(icon: Icon, served_sets: frozenset[int] | None) -> str:
    """Why a remembered `icon` cannot be had in this run: its set is not among the sets from disk served
    (`served_sets`, their ids), as "Tabler Icons is not among the sets served: add --from …" (sanitised);
    "" when it is, or when what is served is not known (None: a catalogue that is no sets from disk)."""
    if served_sets is None or icon.set.id in served_sets:
        return ""
    name = sanitize(icon.set.name, max_length=60).strip() or "Its set"
    return f"{name} is not among the sets served: add --from with the file or folder that holds it."
