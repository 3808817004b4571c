"""The browser's link to one catalogue (`iconcat.catalogue.Catalogue`): its life, and previews fetched through it.

One catalogue serves the app's whole life: for a service one `CatalogueClient` (one HTTP connection
pool), for the demo and sets from disk the catalogue itself, answered in-process (no socket, no server
thread). It is made through the seam (`open_catalogue`) and opened after the first frame (importing the
HTTP stack, the demo's search index, the index of sets from disk can wait), and work that needs it
waits for it (`ready`). Switching catalogues retires the old one instead of closing it: downloads still
running on it finish, and it is closed at exit with the rest.

No widget here: the app hands `fetch_preview` to the widgets that draw pictures, and reads `problem`
when the catalogue could not be opened.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack, suppress
from typing import TYPE_CHECKING

from iconcat.failures import describe_failure
from iconcat.text import sanitize

from ..connection import Connection
from ..thumbnail_cache import PreviewFailure

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon
    from iconcat.catalogue import Catalogue

__all__ = ["CatalogueFactory", "CatalogueLink", "Opening", "PreviewUnavailable", "default_catalogue_factory"]

CatalogueFactory = Callable[[Connection], "Catalogue"]
"""Makes the catalogue for a connection, unopened (tests inject one: a client with a small cap)."""
Opening = Callable[["Catalogue"], Awaitable[None]]
"""Opens the catalogue made, in place of a plain `catalogue.open()` (sets from disk: with the index
build's progress in the header, `local_build`)."""


def default_catalogue_factory(connection: Connection) -> Catalogue:
    """The catalogue `connection` names, as the seam makes it (`open_catalogue`; its query limit is its spec's)."""
    from iconcat.catalogue import open_catalogue

    return open_catalogue(connection.choice)


class PreviewUnavailable(Exception):
    """A preview could not be fetched: `failure` says why; `permanent` when asking again won't help."""

    def __init__(self, failure: PreviewFailure, *, permanent: bool) -> None:
        super().__init__(failure.reason)
        self.failure = failure
        self.permanent = permanent


class CatalogueLink:
    """Owns the catalogue for the current connection: open, wait for, switch, close."""

    def __init__(
        self,
        connection: Connection,
        catalogue_factory: CatalogueFactory = default_catalogue_factory,
        opening: Opening | None = None,
    ) -> None:
        self.connection = connection
        """The catalogue in use."""
        self.problem = ""
        """Why the catalogue could not be opened (sanitised), or "" when it is open or not tried yet."""
        self._catalogue_factory = catalogue_factory
        self._opening = opening
        """How the first catalogue is opened (sets from disk: their build's progress shown), or None."""
        self._catalogue: Catalogue | None = None
        self._stack: AsyncExitStack | None = None
        self._retired: list[AsyncExitStack] = []
        self._ready = asyncio.Event()
        self.waiting_for = ""
        """What opening the catalogue waits for while it takes long, for a person ("the index": icon sets
        from disk being indexed, `local_build`), else "": a search waiting for the catalogue says so."""
        self.waiting_progress = ""
        """How far that has come ("40 of 243 sets"), or ""."""

    async def open(self) -> bool:
        """Make and open the catalogue for the current connection; False (and `problem` set) if it cannot be."""
        stack = AsyncExitStack()
        try:
            catalogue = await stack.enter_async_context(self._catalogue_factory(self.connection))
            opening, self._opening = self._opening, None
            await (opening(catalogue) if opening is not None else catalogue.open())
        except Exception as error:  # noqa: BLE001 - settings the catalogue refuses are shown, never a traceback
            self._catalogue = None
            self.problem = sanitize(f"Cannot use this catalogue: {describe_failure(error)}", max_length=300)
            await stack.aclose()
            return False
        except asyncio.CancelledError:  # (the app ends while it opens: what was opened is closed)
            with suppress(Exception):
                await stack.aclose()
            raise
        else:
            self._catalogue = catalogue
            self.problem = ""
            self._stack = stack
            return True
        finally:
            self._ready.set()

    async def ready(self) -> Catalogue | None:
        """The catalogue once `open` has run (None if it could not be opened: see `problem`)."""
        await self._ready.wait()
        return self._catalogue

    @property
    def served_prefixes(self) -> dict[str, str]:
        """The open catalogue's sets with Iconify names, prefix → name (`CatalogueSpec.iconify_sets`):
        how the search box reads `prefix:name` and `set:prefix`; empty until open, or without them."""
        catalogue = self._catalogue
        return catalogue.spec.served_prefixes if catalogue is not None else {}

    @property
    def is_ready(self) -> bool:
        """`open` has run (`ready` answers at once)."""
        return self._ready.is_set()

    async def wait_ready(self, seconds: float) -> None:
        """Wait until `open` has run, `seconds` at most."""
        with suppress(TimeoutError):
            await asyncio.wait_for(self._ready.wait(), seconds)

    async def switch(self, connection: Connection) -> bool:
        """Use `connection` from now on (as `open`); the old catalogue is closed at exit, not now."""
        if self._stack is not None:
            self._retired.append(self._stack)
            self._stack = None
        self._catalogue = None
        self.connection = connection
        self._ready.clear()
        return await self.open()

    async def close(self) -> None:
        """Close every catalogue this link opened (at exit)."""
        for stack in [*self._retired, self._stack]:
            if stack is not None:
                try:
                    await stack.aclose()
                except Exception:  # noqa: BLE001, S110 - closing is best effort at exit
                    pass
        self._retired.clear()
        self._stack = None
        self._catalogue = None

    async def fetch_preview(self, icon: Icon) -> bytes:
        """The small preview's bytes, or `PreviewUnavailable` saying why (never another exception)."""
        from iconcat.api import PICTURE_FAILED, CatalogueError, NotFoundError, ProtocolError, ServiceError

        catalogue = await self.ready()
        if catalogue is None:
            raise PreviewUnavailable(PreviewFailure(self.problem or "no catalogue", missing=False), permanent=False)
        try:
            preview: bytes = await catalogue.thumbnail(icon)
            return preview
        except NotFoundError:
            raise PreviewUnavailable(PreviewFailure("no preview", missing=True), permanent=True) from None
        except ProtocolError as error:
            failure = PreviewFailure(describe_failure(error, max_length=80), missing=False)
            raise PreviewUnavailable(failure, permanent=True) from None
        except CatalogueError as error:
            if isinstance(error, ServiceError) and error.code == PICTURE_FAILED:
                # The catalogue cannot draw this icon's picture (an SVG from disk, broken or too slow to
                # draw): no picture, as a 404 says, and not asked again (each try costs it seconds).
                raise PreviewUnavailable(PreviewFailure("no preview", missing=True), permanent=True) from None
            failure = PreviewFailure(describe_failure(error, max_length=80), missing=False)
            raise PreviewUnavailable(failure, permanent=False) from None
        except asyncio.CancelledError:
            raise
        except Exception as error:  # noqa: BLE001 - a preview failure must never take the app down
            failure = PreviewFailure(describe_failure(error, max_length=80), missing=False)
            raise PreviewUnavailable(failure, permanent=False) from None
