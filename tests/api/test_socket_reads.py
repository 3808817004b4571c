"""A download's connection reads up to 1 MiB per socket read, through private attributes that must still exist.

`iconcat.api._socket_reads` reaches into httpcore and anyio (see its docstring). When an upgrade moves
what it relies on, downloads keep working, only slower, which no other test would notice: these fail,
naming what went missing. (tests/disk/test_downloads.py checks that 8 MB still arrive byte for byte in
reads of at most `READ_BYTES`.)
"""

from __future__ import annotations

from typing import Any

import httpx

from iconcat.api._socket_reads import READ_BYTES, widen_socket_reads
from tests.support.misbehaving import Reply

BODY = b"\x01" * (3 * READ_BYTES)


async def _open(http: httpx.AsyncClient, url: str) -> httpx.Response:
    return await http.send(http.build_request("GET", url), stream=True)


async def test_every_private_attribute_the_wider_reads_rely_on_is_still_there(server) -> None:
    server.on("/file", Reply.file(BODY, "application/octet-stream"))
    async with httpx.AsyncClient() as http:
        response = await _open(http, server.url("/file"))
        try:
            missing = widen_socket_reads(response)
            assert missing == [], (
                "a download's socket reads are no longer widened to 1 MiB (downloads silently slower): "
                f"missing after an httpcore/anyio/asyncio upgrade: {'; '.join(missing)}"
            )
            transport: Any = response.extensions["network_stream"]._stream._transport
            assert transport.max_size == READ_BYTES, "asyncio transport attribute 'max_size' was not raised"
            assert type(transport).max_size < READ_BYTES, "only this connection's transport changes, not the class"
        finally:
            await response.aclose()


async def test_httpcore_reads_the_widened_connection_in_pieces_of_a_mebibyte(server) -> None:
    """The request reaches anyio's `receive`: httpcore still reads through the network stream's `read`."""
    server.on("/file", Reply.file(BODY, "application/octet-stream"))
    asked: list[int] = []
    async with httpx.AsyncClient() as http:
        response = await _open(http, server.url("/file"))
        try:
            assert widen_socket_reads(response) == []
            socket_stream: Any = response.extensions["network_stream"]._stream
            receive = socket_stream.receive

            async def spy(max_bytes: int = 65536) -> bytes:
                asked.append(max_bytes)
                data: bytes = await receive(max_bytes)
                return data

            socket_stream.receive = spy
            body = await response.aread()
        finally:
            await response.aclose()
    assert body == BODY
    assert asked and min(asked) >= READ_BYTES, (
        f"httpcore asked anyio for {sorted(set(asked))} bytes per read, not {READ_BYTES}: "
        "httpcore no longer reads through the `network_stream` extension's `read` (its READ_NUM_BYTES is used as is)"
    )


async def test_widening_a_connection_again_does_not_stack_wrappers(server) -> None:
    """A pooled connection can carry several downloads: each widens it, only the first changes it."""
    server.on("/file", Reply.file(BODY, "application/octet-stream"))
    async with httpx.AsyncClient() as http:
        response = await _open(http, server.url("/file"))
        try:
            assert widen_socket_reads(response) == []
            stream: Any = response.extensions["network_stream"]
            widened = stream.read
            assert widen_socket_reads(response) == []
            assert stream.read is widened
            assert await response.aread() == BODY
        finally:
            await response.aclose()
