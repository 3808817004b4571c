"""`iconcat pick`: the browser as a picker, for shells and editors.

The browser opens as always; choosing an icon (Enter, d, a double click) saves the file it asks for and
ends the program, which prints the saved file's absolute path on stdout. Decisions:

- `--format` and `--size` narrow the choice: the picker asks (the variant list, only what is left)
  only when they leave more than one file; when they leave none, the icon says why and the browser
  stays open to choose another. Icons that offer nothing asked are drawn dimmed in the results
  (`offers_nothing`), so that is seen before Enter. `--size` counts pixels, so it goes with PNG (a
  smaller PNG is resampled from the largest, never enlarged); with `--format svg` it is the saved
  SVG's width and height (`iconcat.disk.svg_output.sized_svg`); with EPS it is refused at the start.
- A format no icon of the catalogue can have is refused at the start too, before the browser opens
  (`refused_format`: exit 2, one line naming the formats there are), when the catalogue's kind says
  which formats it serves: sets from disk SVG and PNG, never EPS (`server.refs.SOURCE_FORMATS`);
  the demo every format. A service's formats are known only from its answers: there the icons without
  the format are dimmed, as everywhere.
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
- `--as KIND` (`iconcat.snippets`): the picker saves the icon's SVG (`fmt` "svg") into a folder of the
  command's own, and the command prints the snippet made of it instead of a path (the folder removed
  after). The kinds made of an Iconify name (`unocss`…) offer nothing for an icon without one: dimmed,
  and said so on Enter, as a missing format is.
- Only paths (or the snippets) go to stdout: the UI draws on the terminal (stderr), and `launch` points the process's
  own stdout at the terminal while the app runs, so nothing printed by accident reaches the pipe.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon
    from iconcat.disk.saving import Choice

__all__ = ["PickRequest", "dims_for", "offers_nothing", "pick_choices", "refused_format", "why_nothing_fits"]

DIMMED_KEPT = 20_000
"""Icons whose dimming `dims_for` keeps worked out (an answer holds at most 10,000)."""

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
    snippet: str | None = None
    """`--as KIND`: the snippet printed instead of the path (`iconcat.snippets.KINDS`); None: a path."""

    def describe(self) -> str:
        """How the request reads: "SVG", "PNG · 64 px", "any file", "as TSX" (the header, the messages)."""
        if self.snippet is not None:
            return f"as {self.snippet.upper() if self.snippet in ('jsx', 'tsx', 'svg', 'css') else self.snippet}"
        if self.fmt is None and self.size is None:
            return "any file"
        parts = [self.fmt.upper() if self.fmt else "PNG"]
        if self.size is not None:
            parts.append(f"{self.size} px")
        return " · ".join(parts)


def pick_choices(icon: Icon, request: PickRequest) -> list[Choice]:
    """The files of `icon` that fit `request`: the choices it offers (variants and smaller PNGs),
    narrowed to the format and pixel size asked for."""
    from iconcat.disk.saving import choices_for

    if _lacks_iconify_name(icon, request):
        return []
    fitting = []
    for choice in choices_for(icon):
        if request.fmt is not None and choice.format != request.fmt:
            continue
        if request.size is not None and request.fmt != "svg" and choice.pixels != request.size:
            continue  # (an SVG asked at a size is any SVG: the size is its width and height when saved)
        fitting.append(choice)
    return fitting


def _lacks_iconify_name(icon: Icon, request: PickRequest) -> bool:
    """`request` asks for a snippet made of an Iconify name (`--as unocss`…), which `icon` has not."""
    from iconcat.snippets import NAME_KINDS

    return request.snippet in NAME_KINDS and not icon.iconify


def why_nothing_fits(icon: Icon, request: PickRequest) -> str:
    """Why `icon` offers nothing for `request`, for a person (plain text, the name sanitised)."""
    name = sanitize(icon.name, max_length=60)
    if _lacks_iconify_name(icon, request):
        return f"{name} has no Iconify name, so it has no {request.snippet} snippet: choose an icon of an Iconify set."
    offered = sorted(
        {(variant.format.upper(), variant.size or 0) for variant in icon.variants}, key=lambda pair: (pair[0], -pair[1])
    )
    listing = ", ".join(f"{fmt} {size} px" if size else fmt for fmt, size in offered) or "nothing"
    return f"{name} has no {request.describe()} (it offers {sanitize(listing, max_length=120)}): choose another icon."


def offers_nothing(icon: Icon, request: PickRequest) -> bool:
    """True when choosing `icon` would save nothing for `request`: no file of the format and size asked
    (`pick_choices`; with `multi`, nothing the bag would take: `nearest_choice`). Such icons are drawn
    dimmed in the picker. Nothing asked: every icon offers something."""
    if request.fmt is None and request.size is None:
        return False
    if request.multi:
        from iconcat.disk.saving import nearest_choice

        return _lacks_iconify_name(icon, request) or nearest_choice(icon, request.fmt or "png", request.size) is None
    return not pick_choices(icon, request)


def dims_for(request: PickRequest) -> Callable[[Icon], bool] | None:
    """Which icons the picker dims for `request` (`offers_nothing`), each worked out once (the results
    are drawn line by line, again at every repaint); None when it asks for no format nor size, so every
    icon offers something."""
    if request.fmt is None and request.size is None:
        return None
    known: dict[Icon, bool] = {}

    def dimmed(icon: Icon) -> bool:
        found = known.get(icon)
        if found is None:
            if len(known) >= DIMMED_KEPT:
                known.clear()
            found = known[icon] = offers_nothing(icon, request)
        return found

    return dimmed


def refused_format(fmt: str | None, served: Sequence[str] | None, catalogue: str) -> str | None:
    """Why `--format fmt` is refused before the browser opens, when the catalogue says the formats it
    serves (`served`; None: not known before its answers) and `fmt` is none of them; else None.
    `catalogue` names it for a person ("the icon sets from disk")."""
    if fmt is None or served is None or fmt.lower() in served:
        return None
    offered = " and ".join(name.upper() for name in served) or "no files"
    return f"--format {fmt}: {catalogue} offer {offered} files, never {fmt.upper()}; ask for one of those"
