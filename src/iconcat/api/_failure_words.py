"""An HTTP library's failure told in words for a person: never its message nor its class name.

httpx's messages can quote request headers (the token is in one) and say nothing a person can act on;
these sentences say what failed, where, and what to check. A refused connection to this machine is
told apart (a local catalogue that is not running: `refused_on_this_machine`, never retried), and so is
a host name that does not resolve (a wrong base URL, or an address the catalogue gave).
"""

from __future__ import annotations

import socket

# httpx without its command-line tool: first, before httpx itself (see _quiet_httpx).
from . import _quiet_httpx  # noqa: F401

# isort: split

import httpx

from ._auth import Origin, is_loopback_host
from ._errors import CatalogueError, NetworkError, ProtocolError

__all__ = ["duration", "refused_on_this_machine", "transport_failure"]


def duration(seconds: float) -> str:
    """A wait in the unit a person reads it in: "40 s", "3 min", "1.5 h"."""
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def transport_failure(
    error: httpx.HTTPError, what: str, origin: Origin, timeout: float, *, base: Origin | None = None
) -> CatalogueError:
    """A `NetworkError` (or `ProtocolError`) for an httpx failure, in words: never its message nor its class.

    `base` is the catalogue's own origin: a name that does not resolve there is a wrong base URL, while
    elsewhere it is an address the catalogue gave.
    """
    if isinstance(error, httpx.ConnectTimeout):
        return NetworkError(
            f"could not connect to {origin} within {timeout:g} s for {what}: check the address and network"
        )
    if isinstance(error, httpx.ConnectError):
        lookup = _lookup_failure(error)
        if lookup is not None:
            return NetworkError(_lookup_sentence(lookup, what, origin, is_base=origin == base))
        if _refused(error) and is_loopback_host(origin.host):
            return NetworkError(
                f"nothing is listening at {origin} (connection refused) for {what}: is the catalogue running "
                "on this machine, and the base URL right?"
            )
        return NetworkError(f"could not connect to {origin} for {what}: is the service running and the base URL right?")
    if isinstance(error, httpx.ProxyError):
        return NetworkError(
            f"the proxy did not connect to {origin} for {what}: check the proxy settings "
            "(HTTPS_PROXY, HTTP_PROXY, ALL_PROXY)"
        )
    if isinstance(error, httpx.TimeoutException):
        return NetworkError(f"{what} at {origin} got no data for {timeout:g} s: the service is slow; try again")
    if isinstance(error, httpx.RemoteProtocolError):
        return NetworkError(
            f"the connection to {origin} broke during {what} (closed early or malformed answer): try again"
        )
    if isinstance(error, (httpx.ReadError, httpx.WriteError, httpx.NetworkError)):
        return NetworkError(f"the connection to {origin} failed during {what}: try again")
    if isinstance(error, httpx.DecodingError):
        return ProtocolError(f"{what} from {origin} could not be decoded")
    if isinstance(error, (httpx.LocalProtocolError, httpx.UnsupportedProtocol)):
        return ProtocolError(f"the request for {what} could not be sent to {origin}: the address cannot be requested")
    return NetworkError(f"{what} at {origin} failed for a reason the HTTP library did not explain: try again")


def refused_on_this_machine(error: BaseException, url: httpx.URL) -> bool:
    """A refused connection to a loopback address: reported at once, never retried (`GuardedHttp`)."""
    return isinstance(error, httpx.ConnectError) and is_loopback_host(url.host) and _refused(error)


def _refused(error: BaseException) -> bool:
    """The connection was refused (nothing listens on that port): a `ConnectionRefusedError` in the chain."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        if isinstance(current, ConnectionRefusedError):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def _lookup_failure(error: BaseException) -> socket.gaierror | None:
    """The resolver's error behind a connection failure, if the host name is what failed.

    httpx wraps httpcore's error, which wraps the `socket.gaierror` that anyio got from `getaddrinfo`.
    """
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        if isinstance(current, socket.gaierror):
            return current
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return None


_NO_SUCH_NAME = frozenset(
    code
    for code in (socket.EAI_NONAME, getattr(socket, "EAI_NODATA", None), getattr(socket, "EAI_ADDRFAMILY", None))
    if code is not None
)
"""Resolver answers meaning the name has no address (as opposed to the name service not answering)."""


def _lookup_sentence(error: socket.gaierror, what: str, origin: Origin, *, is_base: bool) -> str:
    host = origin.host
    if error.errno in _NO_SUCH_NAME:
        hint = "check the base URL" if is_base else "the catalogue gave an address on a host that does not exist"
        return f"could not reach {origin} for {what}: the host name '{host}' does not resolve; {hint}"
    if error.errno == socket.EAI_AGAIN:
        return (
            f"could not reach {origin} for {what}: the host name '{host}' could not be looked up (the name "
            "service did not answer); check the network connection and try again"
        )
    return (
        f"could not reach {origin} for {what}: the host name '{host}' could not be looked up; "
        "check the base URL and the network"
    )
