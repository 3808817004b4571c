"""The browser's link to one catalogue: its client's life, and previews fetched through it.

One `CatalogueClient` (one HTTP connection pool) serves the app's whole life. It is opened after the
first frame (importing the HTTP stack can wait), and work that needs it waits for it (`ready`).
Switching catalogues retires the old client instead of closing it: downloads still running on it
finish, and it is closed at exit with the rest.

No widget here: the app hands `fetch_preview` to the widgets that draw pictures, and reads `problem`
when the client could not be made.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack, suppress
from typing import TYPE_CHECKING

from iconcat.failures import describe_failure
from iconcat.text import sanitize

from .connection import Connection
from .thumbnail_cache import PreviewFailure

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import CatalogueClient, Icon

__all__ = ["CatalogueLink", "ClientFactory", "PreviewUnavailable", "default_client_factory"]

ClientFactory = Callable[[Connection], "CatalogueClient"]
"""Makes the client for a connection (tests inject one with an in-process transport)."""


def default_client_factory(connection: Connection) -> CatalogueClient:
    """The real client for `connection` (for the demo catalogue, knowing its query limit)."""
    from iconcat.api import CatalogueClient

    query_limit = None
    if connection.is_demo:
        from iconcat.server.app import MAX_QUERY_LENGTH  # already imported: the demo is being served

        query_limit = MAX_QUERY_LENGTH
    return CatalogueClient(connection.base_url, connection.token, timeout=connection.timeout, query_limit=query_limit)


class PreviewUnavailable(Exception):
    """A preview could not be fetched: `failure` says why; `permanent` when asking again won't help."""

    def __init__(self, failure: PreviewFailure, *, permanent: bool) -> None:
        super().__init__(failure.reason)
        self.failure = failure
        self.permanent = permanent


class CatalogueLink:
    """Owns the client for the current connection: open, wait for, switch, close."""

    def __init__(
        self,
        connection: Connection,
        client_factory: ClientFactory = default_client_factory,
        prepare: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self.connection = connection
        """The catalogue in use."""
        self.problem = ""
        """Why the client could not be made (sanitised), or "" when it is open or not tried yet."""
        self._client_factory = client_factory
        self._prepare = prepare
        """Run once before the first client is made (the demo catalogue starts serving), or None."""
        self._client: CatalogueClient | None = None
        self._stack: AsyncExitStack | None = None
        self._retired: list[AsyncExitStack] = []
        self._ready = asyncio.Event()
        self.waiting_for = ""
        """What opening the client waits for while it takes long, for a person ("the index": icon sets
        from disk being indexed, `local_build`), else "": a search waiting for the client says so."""
        self.waiting_progress = ""
        """How far that has come ("40 of 243 sets"), or ""."""

    async def open(self) -> bool:
        """Make the client for the current connection; False (and `problem` set) if it cannot be made."""
        stack = AsyncExitStack()
        try:
            if self._prepare is not None:
                prepare, self._prepare = self._prepare, None
                await prepare()
            self._client = await stack.enter_async_context(self._client_factory(self.connection))
        except Exception as error:  # noqa: BLE001 - settings the client refuses are shown, never a traceback
            self._client = None
            self.problem = sanitize(f"Cannot use this catalogue: {describe_failure(error)}", max_length=300)
            await stack.aclose()
            return False
        else:
            self.problem = ""
            self._stack = stack
            return True
        finally:
            self._ready.set()

    async def ready(self) -> CatalogueClient | None:
        """The client once `open` has run (None if it could not be made: see `problem`)."""
        await self._ready.wait()
        return self._client

    @property
    def is_ready(self) -> bool:
        """`open` has run (`ready` answers at once)."""
        return self._ready.is_set()

    async def wait_ready(self, seconds: float) -> None:
        """Wait until `open` has run, `seconds` at most."""
        with suppress(TimeoutError):
            await asyncio.wait_for(self._ready.wait(), seconds)

    async def switch(self, connection: Connection) -> bool:
        """Use `connection` from now on (as `open`); the old client is closed at exit, not now."""
        if self._stack is not None:
            self._retired.append(self._stack)
            self._stack = None
        self._client = None
        self.connection = connection
        self._ready.clear()
        return await self.open()

    async def close(self) -> None:
        """Close every client this link made (at exit)."""
        for stack in [*self._retired, self._stack]:
            if stack is not None:
                try:
                    await stack.aclose()
                except Exception:  # noqa: BLE001, S110 - closing is best effort at exit
                    pass
        self._retired.clear()
        self._stack = None
        self._client = None

    async def fetch_preview(self, icon: Icon) -> bytes:
        """The small preview's bytes, or `PreviewUnavailable` saying why (never another exception)."""
        from iconcat.api import PICTURE_FAILED, CatalogueError, NotFoundError, ProtocolError, ServiceError

        client = await self.ready()
        if client is None:
            raise PreviewUnavailable(PreviewFailure(self.problem or "no catalogue", missing=False), permanent=False)
        try:
            preview: bytes = await client.thumbnail(icon)
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
