"""Reading a response body within a size cap, decompressing it ourselves with the same cap.

Sizes are counted on the bytes as they arrive and as they are decompressed, never taken from
`Content-Length` alone (a server can lie, or send a gzip bomb: 1 MB that inflates to 1 GB). httpx's own
decoder inflates a whole network chunk at once; ours asks zlib for at most the room left, so memory
stays within the cap.
"""

from __future__ import annotations

import zlib

__all__ = ["BodyTooLarge", "BoundedDecoder", "UnsupportedEncoding", "CorruptEncoding"]


class BodyTooLarge(Exception):
    """The (decoded) body exceeds its cap."""


class UnsupportedEncoding(Exception):
    """The body uses a `Content-Encoding` the client did not ask for and does not decode."""


class CorruptEncoding(Exception):
    """The compressed body cannot be decompressed."""


class BoundedDecoder:
    """Undo `Content-Encoding` (identity, gzip, deflate) and refuse output beyond `limit` bytes."""

    def __init__(self, content_encoding: str | None, limit: int) -> None:
        encoding = (content_encoding or "identity").strip().lower()
        self.limit = limit
        """Most bytes of decoded output allowed."""
        self.produced = 0
        """Decoded bytes so far."""
        if encoding in ("", "identity"):
            self._inflater = None
        elif encoding in ("gzip", "x-gzip"):
            self._inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
        elif encoding == "deflate":
            self._inflater = zlib.decompressobj()
        else:
            raise UnsupportedEncoding(encoding)

    def feed(self, data: bytes) -> bytes:
        """Decode the next raw chunk; raise `BodyTooLarge` as soon as the output passes the cap."""
        if self._inflater is None:
            output = data
        else:
            room = self.limit - self.produced
            try:
                output = self._inflater.decompress(data, room + 1)
            except zlib.error:
                raise CorruptEncoding() from None
        self.produced += len(output)
        if self.produced > self.limit:
            raise BodyTooLarge()
        return output

    def flush(self) -> bytes:
        """The decoder's last bytes at the end of the body."""
        if self._inflater is None:
            return b""
        try:
            output = self._inflater.flush(self.limit - self.produced + 1)
        except zlib.error:
            raise CorruptEncoding() from None
        self.produced += len(output)
        if self.produced > self.limit:
            raise BodyTooLarge()
        return output
