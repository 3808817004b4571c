"""Reading a download's connection in pieces of up to `READ_BYTES`: `widen_socket_reads(response)`.

Why: every piece read from the socket costs a trip through anyio, h11, httpcore and httpx, each
copying it. httpcore asks for 64 KiB per read and asyncio's socket transport takes at most 256 KiB per
`recv`; with 1 MiB pieces a large download costs markedly less CPU (benchmarks/download.py measures
it). It is only a ceiling: a read still returns what the socket already holds, so a slow link is not
waited on, and no piece held in memory is larger than `READ_BYTES`.

How: the client calls `widen_socket_reads` on each download's response once its headers arrived, so
only that connection changes (it stays wider if it goes back to the pool, which is harmless), never a
class of httpcore, anyio or asyncio, and nothing happens at import time.

- httpcore's read size: the connection's network stream, reached through httpcore's public
  `network_stream` response extension, gets an instance-level `read` that asks for at least
  `READ_BYTES`. Public interfaces only.
- asyncio's read size: the transport's `max_size` (an instance attribute is set, asyncio's class is
  left alone), reached through private attributes: httpcore's `AnyIOStream._stream` (anyio's
  `SocketStream`), then anyio's `SocketStream._transport`.

A link that is missing (TLS wraps the socket in another stream; uvloop; a future httpcore or anyio)
leaves that part as it was: the download still works, only slower. `widen_socket_reads` returns what it
could not reach, and a test (tests/disk/test_downloads.py) fails naming it, so an upgrade that breaks
this is noticed rather than silently costing speed.
"""

from __future__ import annotations

from typing import Any

# httpx without its command-line tool: first, before httpx itself (see _quiet_httpx).
from . import _quiet_httpx  # noqa: F401

# isort: split

import httpx

__all__ = ["READ_BYTES", "widen_socket_reads"]

READ_BYTES = 1024 * 1024
"""Most bytes a download's connection takes from its socket at once."""


def widen_socket_reads(response: httpx.Response) -> list[str]:
    """Let `response`'s connection read up to `READ_BYTES` per socket read; return the links it could not reach.

    Each entry names the attribute that was missing or unusable ("httpcore AnyIOStream._stream"…); an
    empty list means both read sizes were raised. The client ignores the list (a download must not
    fail for being slower); the tests do not.
    """
    missing: list[str] = []
    stream = response.extensions.get("network_stream")
    if stream is None:
        return ["httpx response extension 'network_stream'"]
    if not _ask_for_more(stream):
        missing.append("httpcore network stream method 'read' (replaceable on the instance)")
    socket_stream = getattr(stream, "_stream", None)
    if socket_stream is None:
        return [*missing, "httpcore AnyIOStream._stream (the anyio stream)"]
    transport = getattr(socket_stream, "_transport", None)
    if transport is None:
        return [*missing, "anyio SocketStream._transport (the asyncio transport)"]
    size = getattr(transport, "max_size", None)
    if not isinstance(size, int) or isinstance(size, bool):
        return [*missing, "asyncio transport attribute 'max_size'"]
    if size < READ_BYTES:
        try:
            transport.max_size = READ_BYTES
        except (AttributeError, TypeError):
            missing.append("asyncio transport attribute 'max_size' (settable)")
    return missing


def _ask_for_more(stream: Any) -> bool:
    """Make `stream.read(max_bytes)` ask for at least `READ_BYTES`, on this instance; False if it cannot."""
    if "read" in getattr(stream, "__dict__", {}):
        return True  # widened already: this connection carried an earlier download
    original = getattr(stream, "read", None)
    if not callable(original):
        return False

    async def read(max_bytes: int, timeout: float | None = None) -> bytes:  # noqa: ASYNC109 - anyio's signature
        data: bytes = await original(max(max_bytes, READ_BYTES), timeout)
        return data

    try:
        stream.read = read
    except (AttributeError, TypeError):  # a stream with __slots__
        return False
    return True
