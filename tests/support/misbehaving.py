"""A small HTTP/1.1 server that misbehaves on request, for what a correct server cannot stage.

It runs on raw asyncio sockets in a thread of its own (so both async tests and subprocess CLI tests
can talk to it), answers each request with the next scripted `Reply` for its path, and records every
request it received (headers included) so tests can assert where the token went.

    with MisbehavingServer() as server:
        server.on("/api/v1/search", Reply(status=503, headers=[("Retry-After", "1")]), Reply.json({...}))
        ... server.base_url ... server.requests ...

Replies for a path are used in order; the last one repeats. A path with no script answers 404.
A reply can be a callable taking the `RecordedRequest` and returning a `Reply`.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import socket
import struct
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

__all__ = ["MisbehavingServer", "RecordedRequest", "Reply"]

_REASONS = {
    200: "OK",
    301: "Moved Permanently",
    302: "Found",
    303: "See Other",
    307: "Temporary Redirect",
    308: "Permanent Redirect",
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    418: "I'm a teapot",
    429: "Too Many Requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
}


@dataclass
class Reply:
    """What to answer, and how badly."""

    status: int = 200
    headers: list[tuple[str, str]] = field(default_factory=list)
    """Sent as given (duplicates, odd values and all), after the status line."""
    body: bytes = b""
    content_length: int | str | None = "auto"
    """"auto": the body's length; an int: that number (a lie if it differs); None: no header."""
    chunked: bool = False
    """Send the body with Transfer-Encoding: chunked (no Content-Length)."""
    chunk_size: int = 64 * 1024
    delay: float = 0.0
    """Seconds to wait before each body chunk (a slow drip)."""
    hang: float = 0.0
    """Seconds to wait before sending anything at all."""
    cut_after: int | None = None
    """Close the connection after this many body bytes."""
    reset: bool = False
    """When cutting, reset the connection (RST) instead of closing it cleanly."""
    endless: bool = False
    """Repeat the body forever (chunked), until the client goes away."""
    raw: bytes | None = None
    """Send exactly these bytes instead of a response, then close."""

    @classmethod
    def json(
        cls, document: Any, status: int = 200, headers: list[tuple[str, str]] | None = None, **options: Any
    ) -> Reply:
        """A JSON answer."""
        body = document if isinstance(document, bytes) else json.dumps(document).encode()
        return cls(
            status=status, headers=[("Content-Type", "application/json"), *(headers or [])], body=body, **options
        )

    @classmethod
    def gzipped_json(cls, body: bytes, **options: Any) -> Reply:
        """A JSON answer compressed with gzip (for decompression bombs)."""
        return cls(
            headers=[("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
            body=gzip.compress(body, compresslevel=9),
            **options,
        )

    @classmethod
    def file(cls, body: bytes, content_type: str, filename: str | None = None, **options: Any) -> Reply:
        """A downloadable file, with a Content-Disposition when `filename` is given."""
        headers = [("Content-Type", content_type)]
        if filename is not None:
            headers.append(("Content-Disposition", f'attachment; filename="{filename}"'))
        return cls(headers=headers + options.pop("headers", []), body=body, **options)

    @classmethod
    def redirect(cls, location: str, status: int = 302) -> Reply:
        """A redirect to `location`."""
        return cls(status=status, headers=[("Location", location)])


@dataclass(frozen=True)
class RecordedRequest:
    """One request as the server received it."""

    method: str
    target: str
    headers: tuple[tuple[str, str], ...]
    """(lower-case name, value) pairs, in order."""

    @property
    def path(self) -> str:
        return urlsplit(self.target).path

    @property
    def query(self) -> dict[str, list[str]]:
        return parse_qs(urlsplit(self.target).query, keep_blank_values=True)

    def header(self, name: str) -> str | None:
        """The first value of header `name`, or None."""
        name = name.lower()
        return next((value for key, value in self.headers if key == name), None)


ReplySource = Reply | Callable[[RecordedRequest], Reply]


class MisbehavingServer:
    """The server; see the module docstring."""

    def __init__(self, host: str = "127.0.0.1") -> None:
        self.host = host
        self.port: int | None = None
        self.requests: list[RecordedRequest] = []
        """Every request received, in order."""
        self._scripts: dict[str, list[ReplySource]] = {}
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task] = set()

    # ------------------------------------------------------------------------------------ scripting

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def url(self, path: str) -> str:
        """An absolute URL on this server."""
        return self.base_url + path

    def on(self, path: str, *replies: ReplySource) -> MisbehavingServer:
        """Answer requests for `path` with `replies` in order (the last one repeats)."""
        with self._lock:
            self._scripts[path] = list(replies)
        return self

    def requests_for(self, path: str) -> list[RecordedRequest]:
        """The requests received for `path`."""
        return [request for request in self.requests if request.path == path]

    def _next_reply(self, request: RecordedRequest) -> Reply:
        with self._lock:
            script = self._scripts.get(request.path)
            if not script:
                source: ReplySource = Reply.json({"error": "not found"}, status=404)
            elif len(script) > 1:
                source = script.pop(0)
            else:
                source = script[0]
        return source(request) if callable(source) else source

    # ------------------------------------------------------------------------------------ lifecycle

    def start(self) -> MisbehavingServer:
        ready = threading.Event()

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            asyncio.set_event_loop(loop)
            self._server = loop.run_until_complete(asyncio.start_server(self._serve, self.host, 0))
            self.port = self._server.sockets[0].getsockname()[1]
            ready.set()
            loop.run_forever()
            for task in list(self._tasks):
                task.cancel()
            if self._tasks:
                loop.run_until_complete(asyncio.gather(*self._tasks, return_exceptions=True))
            self._server.close()
            loop.run_until_complete(self._server.wait_closed())
            loop.close()

        self._thread = threading.Thread(target=run, name="misbehaving-server", daemon=True)
        self._thread.start()
        if not ready.wait(10):
            raise RuntimeError("the misbehaving server did not start")
        return self

    def stop(self) -> None:
        if self._loop is not None and self._thread is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)
        self._loop = self._thread = None

    def __enter__(self) -> MisbehavingServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # ------------------------------------------------------------------------------------ serving

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            while True:
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
                    return
                request = self._parse(head)
                self.requests.append(request)
                reply = self._next_reply(request)
                keep_open = await self._answer(reply, writer)
                if not keep_open:
                    return
        except (ConnectionError, asyncio.CancelledError):
            return
        finally:
            self._tasks.discard(task)
            try:
                writer.close()
            except Exception:
                pass

    @staticmethod
    def _parse(head: bytes) -> RecordedRequest:
        lines = head.decode("latin-1").split("\r\n")
        method, target, _version = (lines[0].split(" ", 2) + ["", ""])[:3]
        headers = []
        for line in lines[1:]:
            if ":" in line:
                name, value = line.split(":", 1)
                headers.append((name.strip().lower(), value.strip()))
        return RecordedRequest(method=method, target=target, headers=tuple(headers))

    async def _answer(self, reply: Reply, writer: asyncio.StreamWriter) -> bool:
        """Send `reply`; False when the connection must close afterwards."""
        if reply.hang:
            await asyncio.sleep(reply.hang)
        if reply.raw is not None:
            writer.write(reply.raw)
            await writer.drain()
            return False
        lines = [f"HTTP/1.1 {reply.status} {_REASONS.get(reply.status, 'Whatever')}"]
        lines += [f"{name}: {value}" for name, value in reply.headers]
        if reply.chunked or reply.endless:
            lines.append("Transfer-Encoding: chunked")
        elif reply.content_length == "auto":
            lines.append(f"Content-Length: {len(reply.body)}")
        elif reply.content_length is not None:
            lines.append(f"Content-Length: {reply.content_length}")
        lines.append("Connection: close")
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        await writer.drain()
        sent = 0
        body = reply.body
        while True:
            for start in range(0, max(len(body), 1), reply.chunk_size):
                piece = body[start : start + reply.chunk_size]
                if not piece:
                    break
                if reply.delay:
                    await asyncio.sleep(reply.delay)
                if reply.cut_after is not None and sent + len(piece) >= reply.cut_after:
                    piece = piece[: reply.cut_after - sent]
                    self._write_piece(writer, piece, reply)
                    await writer.drain()
                    self._cut(writer, reply.reset)
                    return False
                self._write_piece(writer, piece, reply)
                await writer.drain()
                sent += len(piece)
            if not reply.endless:
                break
        if reply.chunked or reply.endless:
            writer.write(b"0\r\n\r\n")
        await writer.drain()
        return False

    @staticmethod
    def _write_piece(writer: asyncio.StreamWriter, piece: bytes, reply: Reply) -> None:
        if not piece:
            return
        if reply.chunked or reply.endless:
            writer.write(b"%x\r\n" % len(piece) + piece + b"\r\n")
        else:
            writer.write(piece)

    @staticmethod
    def _cut(writer: asyncio.StreamWriter, reset: bool) -> None:
        if reset:
            sock = writer.get_extra_info("socket")
            if sock is not None:
                # SO_LINGER with a zero timeout: close() sends RST instead of FIN.
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        writer.close()
