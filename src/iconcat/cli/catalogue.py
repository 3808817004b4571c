"""Which catalogue a command talks to: the configured one (base URL and token), the embedded demo
(`--demo`), or the embedded catalogue serving icon sets from disk (`--from`), started in this process
for the command's life. `browse`, `search` and `download` take `--demo`, so they work right after
install with nothing set up (the demo's ids are stable, so `download --demo` takes what
`search --demo` prints)."""

from __future__ import annotations

import os
import warnings
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from iconcat.cli.errors import CommandFailure, UsageError
from iconcat.cli.output import print_warning
from iconcat.failures import describe_failure

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import CatalogueClient
    from iconcat.config import Settings
    from iconcat.local_sets import LocalSets

_T = TypeVar("_T")

INSTALLED_SETS = (
    (os.path.join("node_modules", "@iconify-json"), "node_modules/@iconify-json"),
    (os.path.join("node_modules", "@iconify", "json", "json"), "node_modules/@iconify/json"),
)
"""Where a project's npm packages put Iconify sets (a folder of `@iconify-json/<prefix>` packages; the
whole `@iconify/json` collection), each with the name it is shown by: both are what `--from .` serves
from the project's folder (`iconcat.server.sources.discover`)."""


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


def run_async(work: Coroutine[Any, Any, _T]) -> _T:
    """`asyncio.run(work)`, asyncio imported here: `iconcat --help` and usage errors must not pay for it
    (importing asyncio takes longer than the rest of the command line put together)."""
    import asyncio

    return asyncio.run(work)


def catalogue_client(settings: Settings, *, demo: bool = False) -> CatalogueClient:
    """A `CatalogueClient` for the configured catalogue; its warnings are printed, not raised.

    With `demo` (the catalogue `reach_catalogue` started), the client knows the demo's query limit, so a
    search longer than it is refused before it is sent."""
    from iconcat.api import CatalogueClient

    if not settings.base_url:
        raise UsageError(no_catalogue_hint())
    if not settings.token:
        raise UsageError("no token configured: set ICONCAT_TOKEN, or run `iconcat login`")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        query_limit = None
        if demo:
            from iconcat.server.app import MAX_QUERY_LENGTH  # already imported: the demo is running

            query_limit = MAX_QUERY_LENGTH
        client = CatalogueClient(settings.base_url, settings.token, timeout=settings.timeout, query_limit=query_limit)
    for warning in caught:
        print_warning(str(warning.message))
    return client


@contextmanager
def reach_catalogue(settings: Settings, demo: bool, local: LocalSets | None = None) -> Iterator[Settings]:
    """`settings`; with --demo, the same settings pointed at the embedded demo catalogue; with `local`
    (sets from disk), at the embedded catalogue serving them, their index built first with a progress
    bar on stderr (`iconcat.local_sets`).

    The demo is started the way `browse --demo` starts it (`iconcat.server.start_catalogue` with its
    demo token, on a free loopback port in a background thread) and stopped when the command ends, so
    `search --demo` and `download --demo` need no set-up and no second terminal. Imported only with
    --demo: building the demo's data takes a moment.
    """
    if not demo and local is None:
        yield settings
        return
    import dataclasses

    from iconcat.api import CatalogueError
    from iconcat.server import DEMO_TOKEN, start_catalogue

    options: dict[str, Any] = {}
    named = "the demo catalogue"
    if local is not None:
        from iconcat.local_sets import TerminalProgress, build_catalogue

        options["catalogue"] = build_catalogue(local, TerminalProgress.on_stderr(), warn=print_warning)
        named = "your icon sets"
    try:
        server = start_catalogue(token=DEMO_TOKEN, **options)
    except (OSError, RuntimeError) as error:
        raise CommandFailure(f"could not start {named}: {describe_failure(error)}") from None
    try:
        yield dataclasses.replace(settings, base_url=server.base_url, token=DEMO_TOKEN)
    except CatalogueError as error:
        # The embedded catalogue's port is thrown away with it: a message naming it would send the user nowhere.
        error.args = (_demo_named(str(error), server.base_url, named),)
        raise
    finally:
        server.stop()


def _demo_named(message: str, base_url: str, named: str = "the demo catalogue") -> str:
    """`message` with the embedded catalogue's passing address replaced by its name."""
    for address, name in (
        (f"the catalogue at {base_url}", named),
        (f" at {base_url}", f" in {named}"),
        (base_url, named),
    ):
        message = message.replace(address, name)
    return message
