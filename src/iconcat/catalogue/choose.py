"""Which catalogue a command talks to, decided once: `choose_catalogue(settings, flags)`, then
`open_catalogue(choice)`.

    choice = choose_catalogue(settings, CatalogueFlags("search", demo=args.demo, colour=args.colour))
    async with open_catalogue(choice, warn=print_warning) as catalogue:
        result = await catalogue.search("arrow")

The decisions, as the command line and the browser have made them until now (`cli/entry.py`,
`cli/catalogue.py`, `cli/remembered.py`, `tui/launch.py`, `tui/connection.py`, `local_sets.py`):

1. Settings come with the precedence flag > environment > project file > config file
   (`iconcat.config`), and so does the kind of catalogue they name (`Settings.kind`): the highest
   layer naming one wins, and within one layer `base_url` beats `iconify` beats `from`. Two kinds
   given as flags (`--base-url`, `--iconify`, `--from`) are refused: "give --iconify or --from, not both".
2. `--demo` is the demo, whatever is configured; with another kind's flag it is refused ("give --demo
   or --from, not both"), and so is `--color` (it paints sets from disk only).
3. Sets from disk (`Settings.local_sources`), when they are the kind named: `--from` always;
   `ICONCAT_FROM`, a project file's or the config file's `from` unless a layer as high names
   another kind. `--color` without them is refused; a colour that is no CSS colour too
   (`local_sets.choose_local_sets`); without `--color`, the `color` setting paints them.
4. Iconify's API, when it is the kind named (`--iconify [URL]`, `ICONCAT_ICONIFY`, `iconify`): no
   token, ever (`CatalogueChoice.iconify`).
5. The base URL, when it is the kind named: the seed's service. `search` and `download` need its
   token ("no token configured"); the browser opens without one and its connect screen asks.
6. Else nothing is configured: the browser (`browse`, `pick`) opens the demo; `search` and
   `download` stop with a hint (`no_catalogue_hint()`: the ways to a catalogue, and the exact
   `--from .` when the current folder holds Iconify sets).

`favourites` and `recent` read the browser's memory alone and choose the way `cli/remembered.py`
always has: the demo with `--demo` (whatever else is given) or with no kind named, else the kind
named (its memory key: "local" for every set from disk, `iconify:<URL>`, the base URL); no
`--color` check (nothing is drawn).

Failures are usage errors the command line reports with exit 2: `SettingsError` (a `CatalogueError`;
`refusals.NoCatalogueConfigured`), and `ConflictingKinds` and `local_sets.LocalSetsError` for the
options that do not go together. They are imported when raised, not with this module: `iconcat.api`
brings httpx (30-70 ms), and `iconcat browse --demo` chooses its catalogue here before the first
frame, which must not wait for the HTTP stack (tests/tui/test_launch.py).

`open_catalogue(choice)` makes the adapter the choice's kind names in the kind table (`kinds.KINDS`:
the row's module's `from_choice`), unopened: `await catalogue.open(progress)`, or its first call,
opens it.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .kinds import KINDS, demo_spec, iconify_spec, service_spec, sets_spec
from .spec import CatalogueSpec

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.catalogue.local_sets import LocalSets
    from iconcat.config import Settings

    from .protocol import Catalogue

__all__ = [
    "BROWSER_COMMANDS",
    "INSTALLED_SETS",
    "MEMORY_COMMANDS",
    "NO_TOKEN_HINT",
    "CatalogueChoice",
    "CatalogueFlags",
    "ConflictingKinds",
    "choose_catalogue",
    "no_catalogue_hint",
    "open_catalogue",
]

BROWSER_COMMANDS = frozenset({"browse", "pick"})
"""Commands that open the demo when nothing is configured."""
SEARCH_COMMANDS = frozenset({"search", "download", "sets"})
"""Commands that need a catalogue configured (or `--demo`, or `--from`)."""
MEMORY_COMMANDS = frozenset({"favourites", "recent", "bag"})
"""Commands that read the browser's memory of a catalogue, never the catalogue itself."""

NO_TOKEN_HINT = "no token configured: set ICONCAT_TOKEN, or run `iconcat login`"


INSTALLED_SETS = (
    (os.path.join("node_modules", "@iconify-json"), "node_modules/@iconify-json"),
    (os.path.join("node_modules", "@iconify", "json", "json"), "node_modules/@iconify/json"),
)
"""Where a project's npm packages put Iconify sets (a folder of `@iconify-json/<prefix>` packages; the
whole `@iconify/json` collection), each with the name it is shown by: both are what `--from .` serves
from the project's folder (`iconcat.sources.discover`)."""


def no_catalogue_hint() -> str:
    """What a command that needs a catalogue says when none is configured: the ways to get one, with the
    exact `--from` to type when the current folder holds Iconify sets where `--from .` finds them."""
    others = "run `iconcat login`, or set ICONCAT_BASE_URL and ICONCAT_TOKEN"
    found = [shown for place, shown in INSTALLED_SETS if _holds_sets(place)]
    if found:
        return (
            f"no catalogue configured: this folder holds icon sets ({' and '.join(found)}): add --from . to "
            f"use them, or --demo for the embedded demo catalogue; or {others}"
        )
    return (
        "no catalogue configured: add --from PATH to use icon sets on disk (a project, its node_modules, "
        f"@iconify/json or a folder of SVG files), or --demo for the embedded demo catalogue; or {others}"
    )


def _holds_sets(place: str) -> bool:
    """Whether `place` (relative to the current folder) holds a set: the collection's json folder, or in a
    folder of packages one whose icons.json is there. Cheap, as a failing command must be: one listing
    of one folder at most, stopped at the first set, never a walk."""
    if not place.endswith("@iconify-json"):
        return os.path.isdir(place)
    try:
        with os.scandir(place) as packages:
            return any(os.path.isfile(os.path.join(package.path, "icons.json")) for package in packages)
    except OSError:
        return False


@dataclass(frozen=True)
class CatalogueFlags:
    """What the command line says of the catalogue besides the settings."""

    command: str = "browse"
    """The command the catalogue is for (`BROWSER_COMMANDS`, `SEARCH_COMMANDS`, `MEMORY_COMMANDS`)."""
    demo: bool = False
    """`--demo`."""
    colour: str | None = None
    """`--color`, as given (None: not given)."""


@dataclass(frozen=True)
class CatalogueChoice:
    """The catalogue chosen, and what opening it takes."""

    spec: CatalogueSpec
    base_url: str | None = None
    """The service's base URL (the service), or the Iconify API's URL (`iconify`)."""
    token: str = field(default="", repr=False)
    """The service's token ("" when none is configured: the browser asks for one); never shown."""
    timeout: float = 30.0
    """Deadline in seconds for each whole request (the service only)."""
    local: LocalSets | None = None
    """The sets from disk and their colour (sets from disk only)."""

    @property
    def kind(self) -> str:
        return self.spec.kind

    @classmethod
    def demo(cls) -> CatalogueChoice:
        """The embedded demo catalogue."""
        return cls(demo_spec())

    @classmethod
    def iconify(cls, url: str, *, timeout: float = 30.0) -> CatalogueChoice:
        """Iconify's API at `url` (no token: none is ever sent to it)."""
        return cls(iconify_spec(url), base_url=url.strip().rstrip("/"), timeout=timeout)

    @classmethod
    def sets(cls, local: LocalSets) -> CatalogueChoice:
        """The icon sets from disk `local` names, in its colour."""
        return cls(sets_spec(local.arguments, local.colour), local=local)


class ConflictingKinds(Exception):
    """Two catalogues named on one command line (`--base-url`, `--iconify`, `--from`, `--demo`): which one?
    A usage error (exit 2)."""


def choose_catalogue(settings: Settings, flags: CatalogueFlags) -> CatalogueChoice:
    """The catalogue `flags.command` talks to, by the rules of the module docstring."""
    command = flags.command
    if command not in BROWSER_COMMANDS | SEARCH_COMMANDS | MEMORY_COMMANDS:
        raise ValueError(f"`iconcat {command}` talks to no catalogue")
    named = settings.kind_flags
    if len(named) > 1:
        raise ConflictingKinds(
            f"give {_one_of(named)}, not {'both' if len(named) == 2 else 'several'}: each names a catalogue"
        )
    kind = settings.kind
    if command in MEMORY_COMMANDS:
        if flags.demo or kind is None:
            return CatalogueChoice.demo()
        if kind == "sets":
            return _sets_choice(settings.sources, "black")
        return _iconify_choice(settings) if kind == "iconify" else _service_choice(settings)
    if flags.demo and named and named != ("--from",):  # (--from's refusal is local_sets', in the same words)
        raise ConflictingKinds(f"give --demo or {named[0]}, not both")
    from iconcat.catalogue.local_sets import choose_local_sets

    local = choose_local_sets(settings, colour=flags.colour, demo=flags.demo)
    if flags.demo:
        return CatalogueChoice.demo()
    if local is not None:
        return CatalogueChoice.sets(local)
    if kind == "iconify":
        return _iconify_choice(settings)
    if kind == "service":
        if command in SEARCH_COMMANDS and not settings.token:
            from iconcat.api import SettingsError

            raise SettingsError(NO_TOKEN_HINT)
        return _service_choice(settings)
    if command in BROWSER_COMMANDS:
        return CatalogueChoice.demo()
    from .refusals import NoCatalogueConfigured

    raise NoCatalogueConfigured(no_catalogue_hint())


def _one_of(flags: tuple[str, ...]) -> str:
    """ "--base-url or --from", "one of --base-url, --iconify or --from"."""
    if len(flags) == 2:
        return f"{flags[0]} or {flags[1]}"
    return f"one of {', '.join(flags[:-1])} or {flags[-1]}"


def _iconify_choice(settings: Settings) -> CatalogueChoice:
    assert settings.iconify
    return CatalogueChoice.iconify(settings.iconify, timeout=settings.timeout)


def _service_choice(settings: Settings) -> CatalogueChoice:
    assert settings.base_url
    return CatalogueChoice(
        service_spec(settings.base_url),
        base_url=settings.base_url,
        token=settings.token or "",
        timeout=settings.timeout,
    )


def _sets_choice(arguments: tuple[str, ...], colour: str) -> CatalogueChoice:
    from iconcat.catalogue.local_sets import LocalSets

    return CatalogueChoice.sets(LocalSets(arguments, colour))


def open_catalogue(choice: CatalogueChoice, *, warn: Callable[[str], None] | None = None) -> Catalogue:
    """The adapter for `choice`'s kind, unopened (`warn` hears what opening it says on the way: a set
    skipped, plain http to another machine; None: warnings are issued, lines dropped)."""
    module = importlib.import_module(f"{__package__}.{KINDS[choice.kind].adapter}")
    catalogue: Catalogue = module.from_choice(choice, warn=warn)
    return catalogue
