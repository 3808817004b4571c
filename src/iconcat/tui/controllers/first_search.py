"""The query given on the command line, searched while the app starts: `FirstSearch`.

`iconcat browse arrow` on a configured catalogue: the search needs the HTTP stack (importing it, and
the first request's connection pool, ~55 ms) and a round trip, and the app needs Textual (imported,
composed, its first frame drawn). Done one after the other, as any later search is, the results came
~280 ms after the first frame. So `launch` starts this search in a thread of its own, before it
imports the app: its own event loop, its own `CatalogueClient` (closed when the answer is in), the
same `search()` every search makes. The app's shared client is opened after the first frame as
before (it finds the HTTP stack imported already), but after this answer, for half a second at
most: the client, then the image stack and the memory, would only compete with the search for the
interpreter lock (`IconcatApp._after_first_frame`).

Measured (benchmarks/tui.py, `browse arrow`, results on screen against the bare app's first paint):
2.40-2.60x before, 1.85-2.16x with this. What stays is CPU under one interpreter lock, not waiting:
the thread's ~60 ms (importing httpx, httpcore, h11 and anyio's backend, the request) is taken from
the main thread's start-up whichever thread runs it; see docs/measurements.md.

The answer is handed to the browser's `SearchRunner` as the answer of its first search, and goes
through the same path as any answer: the same sequence number, dropped when a newer search started
meanwhile, errors shown the same way (the exception raised by `search()` is raised again where the
runner awaits it). When it is in before the browser screen mounts, the first frame shows the results
(no "searching…" frame first).

What it does not take over: a client that cannot be made (a malformed URL or token) or that would
warn (plain http to a host that is not this machine: the warning would be printed on the terminal
before the app takes it over) gives no answer here (`NotStarted`), and the runner searches through
the app's client as before, which reports the problem the usual way. The token goes only where the
client sends it (the base URL's origin); nothing here prints, logs or keeps it beyond the thread.

No Textual here: this module is imported and started before Textual is.
"""

from __future__ import annotations

import threading
from concurrent.futures import Future
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - typing only
    import asyncio

    from iconcat.api import SearchResult

    from ..connection import Connection

__all__ = ["FirstSearch", "NotStarted"]


class NotStarted(Exception):
    """The early search did not run (see the module docstring): search the usual way instead."""


class FirstSearch:
    """One search for `query` on `connection`, run in a thread from `start()` on."""

    def __init__(self, connection: Connection, query: str) -> None:
        self.query = query.strip()
        """What is searched for (stripped, as the runner's queries are)."""
        self._base_url = connection.base_url
        self._token = connection.token
        self._timeout = connection.timeout
        self.future: Future[SearchResult] = Future()
        """The answer, or the exception `search()` raised, or `NotStarted`."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[SearchResult] | None = None
        self._lock = threading.Lock()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="iconcat-first-search", daemon=True)

    def __repr__(self) -> str:  # (the connection's token is held, never shown)
        return f"FirstSearch(query={self.query!r})"

    def start(self) -> FirstSearch:
        """Begin the search in its thread; return self."""
        self._thread.start()
        return self

    @property
    def done(self) -> bool:
        """The answer (or a failure) is in."""
        return self.future.done()

    @property
    def declined(self) -> bool:
        """It did not search (`NotStarted`): the query is to be searched the usual way."""
        return self.future.done() and isinstance(self.future.exception(), NotStarted)

    def outcome(self) -> tuple[SearchResult | None, Exception | None]:
        """Once `done`: the answer, or the exception the search raised."""
        error = self.future.exception()
        if error is None:
            return self.future.result(), None
        if isinstance(error, Exception):
            return None, error
        raise error  # (cancelled at exit: nothing to show)

    async def settled(self, at_most: float) -> None:
        """Wait (without blocking the event loop) until the answer is in, `at_most` seconds; never
        raises what the search raised."""
        import asyncio

        if not self.future.done():
            await asyncio.wait([self._arrival()], timeout=at_most)

    async def answer(self) -> SearchResult | None:
        """Wait (without blocking the event loop) for the answer; None when it declined (`NotStarted`);
        raises what the search raised. Cancelling the wait leaves the search be."""
        if not self.future.done():
            await self._arrival()
        if self.declined:
            return None
        result, error = self.outcome()
        if error is not None:
            raise error
        return result

    def _arrival(self) -> asyncio.Future[None]:
        """A future of the running loop, done once the answer is in. (Not `asyncio.wrap_future`: that
        cancels the search with the wait, and calls into the loop from the thread even once it has closed.)"""
        import asyncio

        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[None] = loop.create_future()

        def wake() -> None:
            if not waiter.done():
                waiter.set_result(None)

        def arrived(_: object) -> None:
            try:
                loop.call_soon_threadsafe(wake)
            except RuntimeError:  # the loop has closed: nobody waits any more
                pass

        self.future.add_done_callback(arrived)
        return waiter

    def close(self, wait: float = 1.0) -> None:
        """Stop the search if it still runs (its client is closed), waiting at most `wait` seconds."""
        with self._lock:
            self._closed = True
            loop, task = self._loop, self._task
        if loop is not None and task is not None:
            try:
                loop.call_soon_threadsafe(task.cancel)
            except RuntimeError:  # the loop has closed: the search has ended
                pass
        if self._thread.is_alive():
            self._thread.join(wait)

    def _run(self) -> None:
        try:
            result = self._search()
        except BaseException as error:  # noqa: BLE001 - handed over whole, raised again where awaited
            self.future.set_exception(error)
        else:
            self.future.set_result(result)
        finally:
            self._token = ""

    def _search(self) -> SearchResult:
        import asyncio

        from iconcat.api import CatalogueClient
        from iconcat.api._auth import Origin, is_loopback_host, parse_base_url

        try:
            origin = Origin.of(parse_base_url(self._base_url))
        except Exception:  # noqa: BLE001 - the app's own client says what is wrong, the usual way
            raise NotStarted from None
        if origin.scheme == "http" and not is_loopback_host(origin.host):
            raise NotStarted  # the client would warn, on the terminal, before the app draws
        try:
            client = CatalogueClient(self._base_url, self._token, timeout=self._timeout)
        except Exception:  # noqa: BLE001 - as above
            raise NotStarted from None

        async def search() -> SearchResult:
            async with client:
                return await client.search(self.query)

        async def main() -> SearchResult:
            with self._lock:
                if self._closed:
                    await client.aclose()
                    raise asyncio.CancelledError
                self._loop = asyncio.get_running_loop()
                self._task = asyncio.create_task(search())
            return await self._task

        try:
            return asyncio.run(main())
        finally:
            with self._lock:
                self._loop = self._task = None
