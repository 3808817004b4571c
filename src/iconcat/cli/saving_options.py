"""What the commands that save files (`browse`, `pick`, `download`) are asked of them: `--color`,
`--format svg --size N`, `--no-attribution`, as `iconcat.disk.svg_output.OutputOptions`.

`--color` has one meaning for a person: the colour of what is saved (docs/output.md). For sets from
disk it is also, as before, the colour their previews and their own PNGs are painted in (part of the
catalogue chosen: `catalogue_colour`); for any other catalogue (a service, the demo, Iconify's API) it
is applied as files are saved, and the previews are the catalogue's. `search` and `serve` save
nothing: there `--color` still paints sets from disk only, and is refused without them.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.catalogue.local_sets import LocalSets
    from iconcat.config import Settings
    from iconcat.disk.svg_output import OutputOptions

__all__ = ["SAVING_COMMANDS", "catalogue_colour", "output_options"]

SAVING_COMMANDS = frozenset({"browse", "pick", "download"})
"""The commands whose `--color` is the colour of the files they save."""


def catalogue_colour(settings: Settings, command: str, args: argparse.Namespace) -> str | None:
    """The `--color` the catalogue is chosen with (`CatalogueFlags.colour`): the flag as given, except
    for a saving command over no sets from disk (the demo, a service), where it paints the files saved
    instead and the catalogue gets none (so it is not refused as painting nothing)."""
    colour: str | None = getattr(args, "colour", None)
    if colour is None or command not in SAVING_COMMANDS:
        return colour
    served_from_disk = bool(settings.local_sources) and not getattr(args, "demo", False)
    return colour if served_from_disk else None


def output_options(command: str, args: argparse.Namespace, local: LocalSets | None = None) -> OutputOptions:
    """What `command`'s files are asked to be: the colour checked (a `LocalSetsError`, exit 2, for one
    that is no CSS colour), the SVG's size with `--format svg --size N`, the attribution unless
    `--no-attribution`. Without `--color`, the sets from disk served (`local`) in a colour of the `color`
    setting have their SVGs saved in it too, as their PNGs are (the setting paints nothing else)."""
    from iconcat.catalogue.local_sets import checked_colour
    from iconcat.disk.svg_output import OutputOptions

    if command not in SAVING_COMMANDS:
        return OutputOptions()
    given: str | None = getattr(args, "colour", None)
    colour = checked_colour(given) if given is not None else None
    if colour is None and local is not None and local.colour != "black":
        colour = local.colour
    svg_size = getattr(args, "size", None) if getattr(args, "format", None) == "svg" else None
    return OutputOptions(colour=colour, svg_size=svg_size, attribution=getattr(args, "attribution", True))
