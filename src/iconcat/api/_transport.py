"""`PlainFirstTransport`: httpx's transport, with its TLS half made only when an https URL is requested.

`httpx.AsyncHTTPTransport` builds its SSL context when it is made (certifi's CA bundle parsed: ~60 ms,
a third of `iconcat search`'s run), whether or not anything is ever fetched over https. A catalogue on
plain http (the demo, a loopback or LAN server) never needs one, unless it redirects to https or its
previews are on an https site. So for an http base URL the client uses this transport:

- http requests go through an `AsyncHTTPTransport` made with `verify=None`. httpx 0.28 hands any
  `verify` that is neither a bool nor a string to httpcore as the context itself, and None there means
  "none yet": no context is built (httpx's signature does not list None, hence the type: ignore; a
  test holds the behaviour). Should an https request ever reach it (none does, see below), httpcore
  would build its own verifying context: never an unverified connection.
- the first https request makes the other transport, `AsyncHTTPTransport()` with httpx's defaults:
  the same verifying context as every client had before (certifi, or SSL_CERT_FILE / SSL_CERT_DIR),
  built then, not before.

An https base URL gets no wrapper: its context is needed at once, and is built as before.
"""

from __future__ import annotations

# httpx without its command-line tool: first, before httpx itself (see _quiet_httpx).
from . import _quiet_httpx  # noqa: F401

# isort: split

import httpx

__all__ = ["PlainFirstTransport"]


class PlainFirstTransport(httpx.AsyncBaseTransport):
    """Routes http to a transport without TLS and https to httpx's own, made on first use."""

    def __init__(self) -> None:
        self._plain: httpx.AsyncHTTPTransport | None = None
        self._tls: httpx.AsyncHTTPTransport | None = None

    def _for(self, request: httpx.Request) -> httpx.AsyncHTTPTransport:
        if request.url.scheme == "http":
            if self._plain is None:
                self._plain = httpx.AsyncHTTPTransport(verify=None)  # type: ignore[arg-type]  # see the docstring
            return self._plain
        if self._tls is None:
            self._tls = httpx.AsyncHTTPTransport()  # verifying, as httpx makes it by default
        return self._tls

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        return await self._for(request).handle_async_request(request)

    async def aclose(self) -> None:
        for transport in (self._plain, self._tls):
            if transport is not None:
                await transport.aclose()
