"""The catalogue a command talks to, opened for the command's life: the one `entry` chose
(`iconcat.catalogue.choose_catalogue`: the configured service, the embedded demo with `--demo`, or icon
sets from disk with `--from`), its warnings printed and, for sets from disk, the index built or brought
up to date first with a bar on stderr (`iconcat.catalogue.local_sets.TerminalProgress`).

The demo and sets from disk are answered in this process by library calls (`iconcat.catalogue.embedded`):
no socket, no server thread, so `search --demo` and `download --demo` need no set-up and no second
terminal (the demo's ids are stable, so `download --demo` takes what `search --demo` prints), and their
errors name the catalogue, never an address.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from iconcat.cli.output import print_warning

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.catalogue import Catalogue, CatalogueChoice

_T = TypeVar("_T")


def run_async(work: Coroutine[Any, Any, _T]) -> _T:
    """`asyncio.run(work)`, asyncio imported here: `iconcat --help` and usage errors must not pay for it
    (importing asyncio takes longer than the rest of the command line put together)."""
    import asyncio

    return asyncio.run(work)


@asynccontextmanager
async def opened_catalogue(choice: CatalogueChoice) -> AsyncIterator[Catalogue]:
    """The catalogue `choice` names, opened (an index built first, its progress on stderr), closed after.

    Opening sets from disk raises `SourceError` for an argument holding nothing to serve; Ctrl-C stops
    the build, the sets finished kept and the one in progress rolled back (`iconcat.catalogue.local_sets`)."""
    from iconcat.catalogue import open_catalogue
    from iconcat.catalogue.local_sets import TerminalProgress

    progress = TerminalProgress.on_stderr()
    async with open_catalogue(choice, warn=print_warning) as catalogue:
        finished = False
        try:
            await catalogue.open(progress)
            finished = True
        finally:
            progress.close(finished=finished)
        yield catalogue
