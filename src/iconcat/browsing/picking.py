"""`iconcat pick`: the browser as a picker, for shells and editors.

The browser opens as always; choosing an icon (Enter, d, a double click) saves the file it asks for and
ends the program, which prints the saved file's absolute path on stdout. Decisions:

- `--format` and `--size` narrow the choice: the picker asks (the variant list, only what is left)
  only when they leave more than one file; when they leave none, the icon says why and the browser
  stays open to choose another. `--size` counts pixels, so it goes with PNG (a smaller PNG is
  resampled from the largest, never enlarged); with a vector format it is refused at the start.
- A file with identical bytes already at the name is not saved twice: its path is printed, as the
  file the person asked for.
- `--multi`: Enter (and space) put icons in the bag; the bag's "download all" ends the program, one
  path per line, once every file is saved; with failures the bag stays open on its summary (retry,
  or leave). The icons delivered leave the bag (they were picked), the others stay.
- Esc on the main screen, or q over the results, ends it with status 1 and prints nothing (a running
  download is cancelled, its partial file removed); Ctrl-C ends it with 130. Esc inside a dialog or the
  filters closes them first, as everywhere.
- `-o DIR`: the folder is shown (the picker's "Saves to", the bag) and ctrl+f changes it for this
  pick; a folder given for one pick is never written to the config file.
- Only paths go to stdout: the UI draws on the terminal (stderr), and `launch` points the process's
  own stdout at the terminal while the app runs, so nothing printed by accident reaches the pipe.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon
    from iconcat.saving import Choice

__all__ = ["PickRequest", "pick_choices", "why_nothing_fits"]

EXIT_PICKED = 0
EXIT_NOTHING_PICKED = 1
EXIT_INTERRUPTED = 130


@dataclass(frozen=True)
class PickRequest:
    """What `iconcat pick` was asked for."""

    fmt: str | None = None
    """The format asked ("png", "svg" or "eps"); None: any."""
    size: int | None = None
    """Pixels (PNG only); None: any."""
    multi: bool = False
    """Several icons, through the bag."""
    template: str | None = None
    """The file-name template (`--name`, else the `filename` setting)."""
    folder_given: bool = False
    """`-o DIR` chose the folder: changeable in the browser for this pick, never saved."""

    def describe(self) -> str:
        """How the request reads: "SVG", "PNG · 64 px", "any file" (the header, the messages)."""
        if self.fmt is None and self.size is None:
            return "any file"
        parts = [self.fmt.upper() if self.fmt else "PNG"]
        if self.size is not None:
            parts.append(f"{self.size} px")
        return " · ".join(parts)


def pick_choices(icon: Icon, request: PickRequest) -> list[Choice]:
    """The files of `icon` that fit `request`: the choices it offers (variants and smaller PNGs),
    narrowed to the format and pixel size asked for."""
    from iconcat.saving import choices_for

    fitting = []
    for choice in choices_for(icon):
        if request.fmt is not None and choice.format != request.fmt:
            continue
        if request.size is not None and choice.pixels != request.size:
            continue
        fitting.append(choice)
    return fitting


def why_nothing_fits(icon: Icon, request: PickRequest) -> str:
    """Why `icon` offers nothing for `request`, for a person (plain text, the name sanitised)."""
    name = sanitize(icon.name, max_length=60)
    offered = sorted(
        {(variant.format.upper(), variant.size or 0) for variant in icon.variants}, key=lambda pair: (pair[0], -pair[1])
    )
    listing = ", ".join(f"{fmt} {size} px" if size else fmt for fmt, size in offered) or "nothing"
    return f"{name} has no {request.describe()} (it offers {sanitize(listing, max_length=120)}): choose another icon."
