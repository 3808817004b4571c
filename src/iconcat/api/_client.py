"""`CatalogueClient`: search, thumbnails and downloads over one shared `httpx.AsyncClient`.

Decisions (the interface says nothing about errors, limits or paging; the client survives, never assumes):

- Deadline: each attempt at a request (redirects and reading the whole body included) must finish
  within `timeout` seconds, enforced with `asyncio.timeout` on top of httpx's per-read timeouts (a slow
  drip of one byte per second would outlive those forever). Waits between retries are not counted:
  they are bounded by `RetryPolicy` instead. A download's body is the exception: a 100 MB file on a
  slow link may rightly take minutes, so it must instead keep moving: at least 64 KiB in every
  `timeout`-second window, else it is abandoned as stalled.
- The token goes only to the base URL's origin, decided again at every redirect hop, which the client
  follows itself (at most 5; httpx is told not to). An https → http redirect is refused. A thumbnail URL
  on another origin is fetched without the token.
- A catalogue on the internet cannot point the client into the user's own network: a preview URL or a
  redirect naming localhost, a loopback, private, link-local (cloud metadata) or otherwise internal
  address literal is not requested (a catalogue that is itself on such an address may use them).
- Size caps before parsing: JSON 8 MiB, thumbnails 2 MiB, downloads 1 GiB, counted on the decompressed
  bytes as they stream.
- Paging: the interface shows none, but a service may reveal the next page's URL in `meta.next` (the
  embedded catalogue does). `search()` fetches one page; `more(result)` fetches the next, only when
  asked, and returns a new `SearchResult` holding every icon so far. A next page is followed only on
  the base URL's origin (elsewhere it is never requested, so the token cannot go there), never twice
  (a `next` naming a page already fetched, itself included, is a loop), and only while its pages add
  icons (a page of icons already held is a lie); at most `max_icons_held` icons (10,000) are held. Each
  of these stops paging without an exception: `result.next_page` becomes None and
  `result.paging_stopped` says why, in words for a person. Failures of the request itself (network,
  status, a body that is not a search answer) raise as `search()` does, and the result passed in
  stays valid for another try. (The rules are plain functions in `_paging`; the client requests.)
  Each page costs what it holds, not what is held: the results of one search's pages share one
  append-only store, each seeing its prefix (`SearchResult`, `HeldIcons`).
- A refused connection to a loopback address (a local catalogue that is not running) is reported at
  once, not retried: nothing on the network can come back in the next 2 s, and the person waiting
  would rather start the server or fix the port. Refusals elsewhere are retried as before.
- A refusal (400 and the 4xx without a meaning of their own) is reported with the service's own words
  when its JSON body gives them (sanitised, 200 characters at most); a 400 is a `RequestRefusedError`,
  never retried. A search longer than the catalogue accepts is refused before it is sent when the
  limit is known: given (`query_limit`: the demo's 200), or learnt from an earlier refusal in the one
  phrasing the client parses (the embedded catalogue's "'name' must be at most N characters"); other
  catalogues' words are shown, never parsed for numbers. The client's own cap is `MAX_QUERY_LENGTH`.
- Errors are `CatalogueError` subclasses (see `_errors`), raised with no chained exception: the HTTP
  stack's messages can quote the Authorization header.
- The client does HTTP only; the disk is `iconcat.downloads`'s (`FileSaver`: the folder, the temporary
  file, the content check, the atomic publication, the clean-up). Its `SaveError` becomes a
  `StorageError` with the same words, its `ContentMismatchError` a `ProtocolError`. `download_file` is
  `download` with more say: a name chosen once the file's format is known (`name_for`), and identical
  bytes already saved kept instead of a copy (`keep_identical`); it says which happened (`SavedFile`).
- `fetch_variant` reads a variant's file into memory instead (to resample a PNG), with the download's
  stall watchdog and content checks, capped at `limit` bytes (default `MAX_FETCH_BYTES`, 64 MiB).
  With it comes the colour the catalogue says it paints an SVG's `currentColor` in its own PNGs
  (`Iconcat-Current-Color`, an extension of the embedded catalogue's; `FetchedFile.current_colour`):
  as sent and unchecked (at most `MAX_COLOUR_HEADER` characters, else None): whoever paints with it
  checks it first (`iconcat.saving`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import json
import math
import re
import socket
import warnings
from collections.abc import Awaitable, Callable, Generator, Sequence
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from os import PathLike
from pathlib import Path
from typing import Any, ParamSpec, Protocol, TypeVar

import httpx

from iconcat import __version__, downloads
from iconcat.text import sanitize

from ._auth import Origin, Secret, is_internal_host, is_loopback_host, parse_base_url, plausible_host, validate_token
from ._body import BodyTooLarge, BoundedDecoder, CorruptEncoding, UnsupportedEncoding
from ._errors import (
    PICTURE_FAILED,
    AuthError,
    CatalogueError,
    InsecureConnectionWarning,
    NetworkError,
    NotFoundError,
    ProtocolError,
    RateLimitedError,
    RequestRefusedError,
    ServiceError,
    SettingsError,
    StorageError,
)
from ._models import Icon, SearchResult, UnreadableAnswer, tolerant_answer
from ._paging import cap_notice, merge_page, vet_next
from ._redact import MASK
from ._redact import protect as protect_in_logs
from ._retry import RETRYABLE_STATUSES, RetryPolicy, parse_retry_after
from ._socket_reads import widen_socket_reads
from ._transport import PlainFirstTransport

__all__ = ["MAX_FETCH_BYTES", "MAX_ICONS_HELD", "CatalogueClient", "FetchedFile"]

T = TypeVar("T")

MAX_JSON_BYTES = 8 * 1024 * 1024
MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024
MAX_DOWNLOAD_BYTES = 1024 * 1024 * 1024
MAX_FETCH_BYTES = 64 * 1024 * 1024
"""Largest file `fetch_variant` holds in memory by default (never more than the download cap)."""
MAX_COLOUR_HEADER = 64
"""Longest `Iconcat-Current-Color` kept (the longest CSS colour `svg_raster.check_colour` accepts)."""
MAX_REDIRECTS = 5
STALL_WINDOW_BYTES = 64 * 1024
"""A download must receive at least this much in every `timeout`-second window."""
MAX_QUERY_LENGTH = 500
"""Longest search text the client sends to any catalogue (a catalogue may accept less: `query_limit`)."""
MAX_REFUSAL_BYTES = 16 * 1024
"""Most of a refusal's body (a 4xx) read to find the service's own words."""
_ERROR_CODE = re.compile(r"[a-z][a-z0-9_]{0,39}")
"""An error code worth reading (`{"error": {"code": …}}`): a short identifier."""
_LIMIT_WORDS = re.compile(r"'name' must be at most (\d{1,6}) characters\.?")
"""The one refusal the client learns a query limit from: the embedded catalogue's words, exactly
(any other catalogue saying the same thing the same way teaches the same limit)."""
MAX_ICONS_HELD = 10_000
"""Most icons one search's result holds across its pages; paging stops there (`SearchResult.paging_stopped`)."""
_REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
FAST_DECODE_FROM = 64 * 1024
"""Answers of this many bytes or more (about 140 icons) go through the fast decoder (`_answer`, which
imports msgspec); smaller ones through the tolerant parser in one go (a millisecond): the same result
either way (tests/api/test_answer_parse.py), and a small search never imports msgspec."""


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _clean_chain(method: Callable[_P, Awaitable[_R]]) -> Callable[_P, Awaitable[_R]]:
    """Strip chained exceptions from the CatalogueErrors a public method raises (they may quote headers)."""

    @functools.wraps(method)
    async def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return await method(*args, **kwargs)
        except CatalogueError as error:
            error.__cause__ = None
            error.__context__ = None
            raise

    return wrapper


@dataclasses.dataclass(frozen=True)
class FetchedFile:
    """A variant's file read into memory (`CatalogueClient.fetch_variant`)."""

    data: bytes = dataclasses.field(repr=False)
    extension: str
    """From the answer's `Content-Type` ("png", "svg"…; "bin" when unknown)."""
    current_colour: str | None = None
    """What the catalogue paints an SVG's `currentColor` in its PNGs (`Iconcat-Current-Color`), as
    sent and unchecked; None when it says nothing (or too much to be a colour)."""


@dataclasses.dataclass(frozen=True)
class _Body:
    """What a variant's answer says of its body, checked before a byte of it is read (`of`), and the
    check once it is all read (`check_whole`): the one place `download` and `fetch_variant` share."""

    variant_id: int
    extension: str
    """From the answer's `Content-Type` ("bin" when unknown)."""
    declared: int | None
    """`Content-Length`, when given."""
    encoded: bool
    """Compressed on the wire: `declared` counts the compressed bytes."""

    @property
    def total(self) -> int | None:
        """The size the file will have, when known (what progress is told)."""
        return None if self.encoded else self.declared

    @classmethod
    def of(cls, response: httpx.Response, variant_id: int, cap: int) -> _Body:
        """Refuses a web page (a wrong base URL) and a file declared larger than `cap` bytes."""
        content_type = response.headers.get("content-type")
        if _is_web_page(content_type):
            raise ProtocolError(
                f"the catalogue at {Origin.of(response.request.url)} sent a web page instead of variant "
                f"{variant_id}'s file: check the base URL"
            )
        encoded = response.headers.get("content-encoding", "identity").strip().lower() not in ("", "identity")
        body = cls(variant_id, downloads.extension_for_content_type(content_type), _declared_length(response), encoded)
        if body.total is not None and body.total > cap:
            raise ProtocolError(f"variant {variant_id}'s file is {body.total} bytes, more than the {cap} accepted")
        return body

    def check_whole(self, written: int) -> None:
        """A body cut short of its declared length is a network failure (worth trying again)."""
        if self.declared is not None and not self.encoded and written != self.declared:
            raise NetworkError(
                f"variant {self.variant_id}'s file arrived incomplete ({written} of {self.declared} bytes): try again"
            )


class _Sink(Protocol):
    """Where `_stream_into` puts a body's bytes: a `downloads.FileSaver`, or `_Memory`."""

    def write(self, chunk: bytes) -> None: ...


class _Memory:
    """A body gathered in memory, with progress (its size is capped by the decoder feeding it)."""

    def __init__(self, total: int | None, progress: downloads.Progress | None) -> None:
        self.data = bytearray()
        self._total = total
        self._progress = progress
        if progress is not None:
            progress(0, total)

    @property
    def written(self) -> int:
        return len(self.data)

    def write(self, chunk: bytes) -> None:
        if chunk:
            self.data += chunk
            if self._progress is not None:
                self._progress(len(self.data), self._total)


class _Retry(Exception):
    """Internal: this attempt failed in a way worth another attempt after `delay` seconds."""

    def __init__(self, delay: float | None, failure: CatalogueError) -> None:
        self.delay = delay
        self.failure = failure


class CatalogueClient:
    """An async client for one icon catalogue: `async with CatalogueClient(base_url, token) as client:`.

    `transport` replaces the network (tests pass an `httpx.MockTransport` for what no real server can
    stage); `retry` tunes retries and makes their sleeps injectable. The token is checked here (printable
    ASCII, no whitespace) and never shown: not in `repr`, not in any error. `max_icons_held` caps the
    icons one search's result holds across its pages (see `more`).
    """

    def __init__(
        self,
        base_url: str,
        token: str,
        *,
        timeout: float = 30.0,
        transport: httpx.AsyncBaseTransport | None = None,
        retry: RetryPolicy | None = None,
        max_json_bytes: int = MAX_JSON_BYTES,
        max_thumbnail_bytes: int = MAX_THUMBNAIL_BYTES,
        max_download_bytes: int = MAX_DOWNLOAD_BYTES,
        max_icons_held: int = MAX_ICONS_HELD,
        query_limit: int | None = None,
    ) -> None:
        self._base = parse_base_url(base_url)
        self._origin = Origin.of(self._base)
        self._secret: Secret = validate_token(token)
        protect_in_logs(self._secret)  # a service echoing the token must not put it in DEBUG logs
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout < math.inf:
            raise SettingsError("the timeout must be a positive number of seconds")
        self.timeout = float(timeout)
        """Deadline in seconds for each attempt at a request (see the module docstring)."""
        self.retry = retry or RetryPolicy()
        """When and how long to wait before trying again."""
        if type(max_icons_held) is not int or max_icons_held < 1:
            raise SettingsError("the most icons held must be a whole number of at least 1")
        self.max_icons_held = max_icons_held
        """Most icons one search's result holds across its pages."""
        if query_limit is not None and (type(query_limit) is not int or query_limit < 1):
            raise SettingsError("the query limit must be a whole number of at least 1")
        self.query_limit = min(query_limit, MAX_QUERY_LENGTH) if query_limit is not None else None
        """The longest search text the catalogue accepts, when known: given (the demo's), or learnt from
        its refusal of a longer one (`_LIMIT_WORDS`); a longer search is refused before it is sent."""
        self._limits = {"json": max_json_bytes, "thumbnail": max_thumbnail_bytes, "download": max_download_bytes}
        self._cool_down_until: dict[Origin, float] = {}
        self._base_is_internal = is_internal_host(self._origin.host)
        if self._origin.scheme == "http" and not is_loopback_host(self._origin.host):
            warnings.warn(
                InsecureConnectionWarning(
                    f"{self._origin} uses plain http: the token and everything else travel unencrypted; "
                    "use https unless this network is trusted"
                ),
                stacklevel=2,
            )
        if transport is None and self._origin.scheme == "http":
            transport = PlainFirstTransport()  # no SSL context until an https URL is requested
        self._http = httpx.AsyncClient(
            transport=transport,
            timeout=httpx.Timeout(self.timeout),
            follow_redirects=False,  # followed by hand: the token is decided again at every hop
            headers={"User-Agent": f"iconcat/{__version__}"},
        )

    @property
    def base_url(self) -> str:
        """The catalogue's base URL, normalised (no trailing slash)."""
        return str(self._base).rstrip("/")

    def __repr__(self) -> str:
        return f"CatalogueClient(base_url={self.base_url!r}, token='********', timeout={self.timeout})"

    async def __aenter__(self) -> CatalogueClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the connections; the client cannot be used afterwards."""
        await self._http.aclose()

    # --------------------------------------------------------------------------------- public calls

    @_clean_chain
    async def search(self, name: str, narrow: Sequence[str] = ()) -> SearchResult:
        """Icons whose name matches `name`: the first page, as the service returns it.

        When the service reveals a further page that may be followed, `result.next_page` holds its URL
        and `more(result)` fetches it; `result.paging_stopped` says why one offered is not followed.

        `narrow`: filter words on an icon's references (`"set:tabler"`, `"style:filled,outline"`), sent
        as the embedded catalogue's `narrow` extension, one parameter each: a catalogue that knows it
        answers only the icons they keep, and says so (`result.narrowed`); one that does not ignores them.
        The next pages keep them (the catalogue writes them into `meta.next`).
        """
        if not isinstance(name, str):
            raise SettingsError("the search text must be a string")
        if isinstance(narrow, str) or not all(isinstance(word, str) for word in narrow):
            raise SettingsError("the narrowing words must be a sequence of strings")
        limit = self.query_limit or MAX_QUERY_LENGTH
        if len(name) > limit:
            accepts = "the catalogue accepts" if self.query_limit else "iconcat sends"
            raise RequestRefusedError(
                f"the search is {len(name):,} characters long, and {accepts} at most {limit}: shorten it"
            )
        url = self._endpoint("/api/v1/search", {"name": name, "narrow": list(narrow)})
        page: SearchResult = await self._request(
            url,
            what="the search",
            accept="application/json",
            accept_encoding="gzip, deflate",
            read=self._read_search_result,
        )
        return merge_page(None, page, url, origin=self._origin, max_icons_held=self.max_icons_held)

    @_clean_chain
    async def more(self, result: SearchResult) -> SearchResult:
        """Fetch `result`'s next page; a new result holding `result`'s icons followed by the page's new ones.

        Only when `result.next_page` is set (else `result` comes back as it is). The next page is
        checked again before it is requested (a result may come from elsewhere): on the base URL's
        origin, not fetched before, room left under `max_icons_held`. The answer's icons already held
        are left out (counted in `skipped`); a page that adds none stops paging. Refusals and stops are
        not errors: the returned result has `next_page` None and says why in `paging_stopped`. A failed
        request raises a `CatalogueError` as `search` does, and `result` stays valid for another try.
        """
        if not isinstance(result, SearchResult):
            raise SettingsError("more() continues a SearchResult that search() or more() returned")
        if result.next_page is None:
            return result
        if result.icon_count >= self.max_icons_held:
            return dataclasses.replace(result, next_page=None, paging_stopped=cap_notice(self.max_icons_held))
        target, refusal = vet_next(result.next_page, self._base, result.pages_fetched, origin=self._origin)
        if target is None:
            return dataclasses.replace(result, next_page=None, paging_stopped=refusal)
        page: SearchResult = await self._request(
            target,
            what="the next page of results",
            accept="application/json",
            accept_encoding="gzip, deflate",
            read=self._read_search_result,
        )
        return merge_page(result, page, target, origin=self._origin, max_icons_held=self.max_icons_held)

    @_clean_chain
    async def thumbnail(self, icon: Icon | str) -> bytes:
        """The bytes of an icon's small preview image (not decoded: see `iconcat.imaging`)."""
        address = icon.thumbnail if isinstance(icon, Icon) else icon
        if not isinstance(address, str) or not address.strip():
            raise NotFoundError("this icon has no preview image")
        try:
            url = self._base.copy_with(path=self._base.path.rstrip("/") + "/").join(address.strip())
        except Exception:  # noqa: BLE001 - httpx.InvalidURL and kin: the service's address is data
            raise ProtocolError("the preview image's address is not a valid URL") from None
        if url.scheme not in ("http", "https") or not url.host:
            raise ProtocolError("the preview image's address is not an http(s) URL: it was not fetched")

        async def read(response: httpx.Response) -> bytes:
            if _is_web_page(response.headers.get("content-type")):
                raise ProtocolError(f"the preview at {Origin.of(url)} is a web page, not an image")
            return await self._read_capped(response, self._limits["thumbnail"], "the preview image")

        preview: bytes = await self._request(
            url, what="the preview image", accept="image/png,image/*;q=0.8", accept_encoding="identity", read=read
        )
        return preview

    @_clean_chain
    async def download(
        self,
        variant_id: int,
        dest_dir: str | PathLike[str],
        filename: str | None = None,
        overwrite: bool = False,
        progress: downloads.Progress | None = None,
    ) -> Path:
        """Save variant `variant_id`'s file into `dest_dir` and return its path.

        The name is `filename` (made safe) when given, else the service's `Content-Disposition` name made
        safe, else `variant-<id>.<ext>` from the content type. An existing file is never overwritten
        unless `overwrite`: `name-1.ext`, `name-2.ext`… are used. The folder is created if missing.
        `progress(done, total)` is called as bytes arrive. A failed or cancelled download leaves
        nothing behind (see `iconcat.downloads`); temporary files that killed iconcat runs left in the
        folder are removed first.
        """
        saved = await self.download_file(
            variant_id, dest_dir, filename=filename, overwrite=overwrite, progress=progress
        )
        return saved.path

    @_clean_chain
    async def download_file(
        self,
        variant_id: int,
        dest_dir: str | PathLike[str],
        *,
        filename: str | None = None,
        name_for: Callable[[str], str] | None = None,
        overwrite: bool = False,
        keep_identical: bool = False,
        progress: downloads.Progress | None = None,
    ) -> downloads.SavedFile:
        """`download`, saying whether the file was already there; see `download` for the rest.

        `name_for(extension)`, when given and `filename` is not, names the file once the answer's
        `Content-Type` tells its format (`iconcat download --name '{variant}.{format}'`). With
        `keep_identical`, a file with the same bytes already at the name (or a `name-N` on the way to a
        free one) is kept and nothing new is written: the result says `already`.
        """
        if type(variant_id) is not int or variant_id < 0:
            raise SettingsError("a variant id is a whole number, like 1042")
        folder = Path(dest_dir).expanduser()  # noqa: ASYNC240 - reads $HOME, no disk I/O
        response = await self._open_variant(variant_id)
        try:
            return await self._save(
                response, variant_id, folder, filename, overwrite, progress, name_for=name_for, keep=keep_identical
            )
        finally:
            await response.aclose()

    @_clean_chain
    async def fetch_variant(
        self, variant_id: int, *, limit: int | None = None, progress: downloads.Progress | None = None
    ) -> FetchedFile:
        """Variant `variant_id`'s file in memory (at most `limit` bytes, `MAX_FETCH_BYTES` by default, never
        more than the download cap), checked as a download is: not a web page, the format it claims,
        whole. Errors as `download`'s; nothing touches the disk."""
        if type(variant_id) is not int or variant_id < 0:
            raise SettingsError("a variant id is a whole number, like 1042")
        cap = min(limit if limit is not None else MAX_FETCH_BYTES, self._limits["download"])
        response = await self._open_variant(variant_id)
        try:
            body = _Body.of(response, variant_id, cap)
            sink = _Memory(body.total, progress)
            await self._stream_into(sink, response, cap, variant_id)
            body.check_whole(sink.written)
            data = bytes(sink.data)
            problem: str | None = None
            try:
                downloads.check_content(body.extension, data[:4096])
                downloads.check_ending(body.extension, data[-1024:])
            except downloads.ContentMismatchError as error:
                problem = str(error)
            if problem is not None:
                raise ProtocolError(f"variant {variant_id}: {problem}")
            colour = response.headers.get("Iconcat-Current-Color")
            if colour is not None and len(colour) > MAX_COLOUR_HEADER:
                colour = None
            return FetchedFile(data=data, extension=body.extension, current_colour=colour)
        finally:
            await response.aclose()

    async def _open_variant(self, variant_id: int) -> httpx.Response:
        """The download endpoint's answer for `variant_id`, open for streaming its body."""
        url = self._endpoint("/api/v1/download", {"id": str(variant_id)})
        response: httpx.Response = await self._request(
            url, what=f"variant {variant_id}", accept="*/*", accept_encoding="identity", read=None
        )
        widen_socket_reads(response)
        return response

    # ------------------------------------------------------------------------------------ requests

    def _endpoint(self, path: str, params: dict[str, str | list[str]]) -> httpx.URL:
        base_path = self._base.path.rstrip("/")
        return httpx.URL(self._base.copy_with(path=base_path + path), params=params)

    def _headers_for(self, url: httpx.URL, accept: str, accept_encoding: str) -> httpx.Headers:
        headers = httpx.Headers({"Accept": accept, "Accept-Encoding": accept_encoding})
        if Origin.of(url) == self._origin:
            headers["Authorization"] = "Bearer " + self._secret.reveal()
        return headers

    async def _request(
        self,
        url: httpx.URL,
        *,
        what: str,
        accept: str,
        accept_encoding: str,
        read: Callable[[httpx.Response], Awaitable[T]] | None,
    ) -> Any:
        """GET `url` with retries; return `read(response)`, or the open response when `read` is None.

        Each attempt has the deadline; with `read` it covers the body too.
        """
        attempt = 0
        origin = Origin.of(url)
        while True:
            attempt += 1
            await self._wait_for_cool_down(origin)
            failure: CatalogueError | None = None
            retry: _Retry | None = None
            try:
                async with asyncio.timeout(self.timeout):
                    sent = await self._send(url, accept, accept_encoding, what, attempt)
                    response: httpx.Response | None = sent  # closed below unless handed over open
                    try:
                        await self._check_status(sent, url, what, attempt)
                        if read is None:
                            response = None
                            return sent
                        return await read(sent)
                    finally:
                        if response is not None:
                            await response.aclose()
            except _Retry as decision:
                retry = decision
            except TimeoutError:
                failure = NetworkError(
                    f"{what} at {origin} did not complete within {self.timeout:g} s: the service is slow or "
                    "unreachable; try again, or raise --timeout"
                )
            except httpx.HTTPError as error:
                failure = _transport_failure(error, what, origin, self.timeout, base=self._origin)
            if failure is not None:
                raise failure
            assert retry is not None
            if attempt >= self.retry.attempts:
                raise retry.failure
            delay = retry.delay if retry.delay is not None else self.retry.backoff(attempt)
            if delay > 0:
                await self.retry.sleep(delay)

    async def _wait_for_cool_down(self, origin: Origin) -> None:
        until = self._cool_down_until.get(origin)
        if until is None:
            return
        remaining = until - self.retry.clock()
        if remaining <= 0:
            del self._cool_down_until[origin]
            return
        await self.retry.sleep(remaining)

    async def _send(self, url: httpx.URL, accept: str, accept_encoding: str, what: str, attempt: int) -> httpx.Response:
        """Send the GET, following redirects by hand; connection failures become a `_Retry`."""
        for _hop in range(MAX_REDIRECTS + 1):
            if url.userinfo:
                # httpx would turn `user:password@` into a Basic Authorization header: credentials
                # planted in a URL from the service go nowhere.
                url = url.copy_with(userinfo=b"")
            failure: CatalogueError | None = None
            if not plausible_host(url):
                raise ProtocolError(f"{what}: the service gave an address with an invalid host name: not requested")
            if not self._base_is_internal and is_internal_host(url.host):
                raise ProtocolError(
                    f"{what}: the service pointed to an address inside your own network ({Origin.of(url)}): "
                    "not requested"
                )
            try:
                request = self._http.build_request("GET", url, headers=self._headers_for(url, accept, accept_encoding))
            except Exception:  # noqa: BLE001 - httpx.InvalidURL and kin: an address from the service that cannot be sent
                failure = ProtocolError(f"{what}: the service gave an address that cannot be requested")
            if failure is not None:
                raise failure
            refused_here = False
            try:
                response = await self._http.send(request, stream=True)
            except (httpx.ConnectError, httpx.ConnectTimeout, httpx.RemoteProtocolError, httpx.ReadError) as error:
                failure = _transport_failure(error, what, Origin.of(url), self.timeout, base=self._origin)
                refused_here = _refused_on_this_machine(error, url)
            if failure is not None:
                if refused_here:
                    # Nothing listens on that port of this machine: no network to wait out, and a
                    # server being started answers a second search, not a retry 2 s later.
                    raise failure
                raise _Retry(None, failure)
            if response.status_code not in _REDIRECT_STATUSES or "location" not in response.headers:
                return response
            location = response.headers["location"]
            await response.aclose()
            url = self._redirect_target(url, location, what)
        raise ProtocolError(f"{what} was redirected more than {MAX_REDIRECTS} times (a redirect loop?): giving up")

    @staticmethod
    def _redirect_target(url: httpx.URL, location: str, what: str) -> httpx.URL:
        try:
            target = url.join(location.strip())
        except Exception:  # noqa: BLE001 - a Location that is no URL is refused like a foreign one
            target = None
        if target is None or target.scheme not in ("http", "https") or not target.host:
            raise ProtocolError(f"{what} was redirected to an address that is not an http(s) URL: refused")
        if url.scheme == "https" and target.scheme == "http":
            raise ProtocolError(
                f"{what} was redirected from https to plain http ({Origin.of(target)}): refused, "
                "it would travel unencrypted"
            )
        return target

    async def _check_status(self, response: httpx.Response, url: httpx.URL, what: str, attempt: int) -> None:
        """Raise the error a non-2xx status means, or `_Retry` for the statuses that mean "later".

        A refusal (400 and the other 4xx without a meaning of their own) reads the service's own words
        from the body, sanitised (`_refusal_words`); a 400 is a `RequestRefusedError`, and a search's
        teaches the client the catalogue's query limit when it says it in the words it knows.
        """
        status = response.status_code
        if 200 <= status < 300:
            return
        url = response.request.url  # after redirects: the origin that answered
        origin = Origin.of(url)
        reason = f"HTTP {status}"
        if status in RETRYABLE_STATUSES:
            wait = parse_retry_after(response.headers.get("retry-after")) if status in (429, 503) else None
            if wait is not None and wait > self.retry.max_retry_after:
                retry_at = datetime.now(UTC) + timedelta(seconds=wait)
                raise RateLimitedError(
                    f"the catalogue at {origin} asks to wait {_duration(wait)} before {what} "
                    f"({reason}): try again after {format_datetime(retry_at, usegmt=True)}",
                    retry_at=retry_at,
                )
            if status == 429:
                delay = wait if wait is not None else self.retry.backoff(attempt)
                self._cool_down_until[origin] = self.retry.clock() + delay
                failure: CatalogueError = RateLimitedError(
                    f"the catalogue at {origin} is still limiting requests ({reason}) after "
                    f"{attempt} attempts: wait a minute and try again",
                    retry_at=datetime.now(UTC) + timedelta(seconds=delay),
                )
                raise _Retry(0.0, failure)  # the cool-down above is the wait, shared by all requests
            failure = ServiceError(
                f"the catalogue at {origin} is unavailable ({reason}) after {attempt} attempts: try again later",
                status=status,
            )
            raise _Retry(wait, failure)
        with_token = Origin.of(url) == self._origin
        if status in (401, 403):
            if with_token:
                raise AuthError(
                    # No remedy here: the command line adds one, the connect screen is the remedy.
                    f"the catalogue at {origin} rejected the token ({reason})",
                    status=status,
                )
            raise ServiceError(f"{what} at {origin} refused access ({reason})", status=status)
        if status == 404:
            hint = ": is the base URL right?" if "search" in what else ""
            raise NotFoundError(f"{what} was not found at {origin} ({reason}){hint}")
        if 300 <= status < 400:
            raise ProtocolError(f"{what} got an unexpected redirect status ({reason}) with no usable address")
        if status < 500:
            said = await self._refusal_words(response)
            why = f": it said “{said}”" if said else ": the request may be malformed"
            if status != 400:
                raise ServiceError(f"the catalogue at {origin} refused {what} ({reason}){why}", status=status)
            if with_token and url.path.endswith("/api/v1/search") and (learnt := _LIMIT_WORDS.fullmatch(said)):
                self.query_limit = max(1, min(int(learnt.group(1)), MAX_QUERY_LENGTH))
            raise RequestRefusedError(f"the catalogue at {origin} refused {what} ({reason}){why}", status=status)
        code, said = await self._refusal(response)
        if code == PICTURE_FAILED and said:
            # The embedded catalogue could not draw this picture (an SVG from disk, broken or too slow):
            # asking again draws it no better.
            raise ServiceError(f"{what} from {origin}: “{said}”", status=status, code=code)
        raise ServiceError(
            f"the catalogue at {origin} failed while handling {what} ({reason}): try again later",
            status=status,
            code=code or None,
        )

    async def _refusal_words(self, response: httpx.Response) -> str:
        """The service's own reason in a refusal's JSON body (see `_refusal`)."""
        return (await self._refusal(response))[1]

    async def _refusal(self, response: httpx.Response) -> tuple[str, str]:
        """(code, words): the error's code and the service's own reason in a refusal's JSON body, the
        reason sanitised to one short line; "" for either when absent. The code is kept only when it is
        a plain identifier (`picture_failed`): it is matched, never shown.

        Read: `{"error": {"message": …}}` (the embedded catalogue's shape), `{"error": "…"}`,
        `{"message": "…"}` and `{"detail": "…"}`. Anything else (a web page, more than
        `MAX_REFUSAL_BYTES`, not JSON) says nothing: the status alone is reported. The token is masked.
        """
        try:
            body = await self._read_capped(response, MAX_REFUSAL_BYTES, "the refusal")
        except (CatalogueError, httpx.HTTPError):
            return "", ""
        try:
            document = json.loads(body)
        except (ValueError, RecursionError):
            return "", ""
        said: object = None
        code = ""
        if isinstance(document, dict):
            error = document.get("error")
            said = error.get("message") if isinstance(error, dict) else error
            found = error.get("code") if isinstance(error, dict) else None
            code = found if isinstance(found, str) and _ERROR_CODE.fullmatch(found) else ""
            for key in ("message", "detail"):
                if not isinstance(said, str):
                    said = document.get(key)
        if not isinstance(said, str):
            return code, ""
        # A service may echo the request's token back in its words: never repeated (masked before the
        # words are cut to length, so no prefix of it survives either).
        token = self._secret.reveal()
        shown = sanitize(said.replace(token, MASK), max_length=200).strip()
        return code, "" if token.casefold() in shown.casefold() else shown

    async def _read_capped(self, response: httpx.Response, limit: int, what: str) -> bytes:
        """The whole body, decompressed, refusing more than `limit` bytes."""
        declared = _declared_length(response)
        if declared is not None and "content-encoding" not in response.headers and declared > limit:
            raise ProtocolError(f"{what} is {declared} bytes, more than the {limit // 1024} KiB accepted")
        try:
            decoder = BoundedDecoder(response.headers.get("content-encoding"), limit)
            body = bytearray()
            async for raw in response.aiter_raw():
                body += decoder.feed(raw)
            body += decoder.flush()
        except BodyTooLarge:
            raise ProtocolError(f"{what} is larger than the {limit // 1024} KiB accepted: refused") from None
        except UnsupportedEncoding:
            raise ProtocolError(f"{what} came compressed in a way the client does not accept") from None
        except CorruptEncoding:
            raise ProtocolError(f"{what} came compressed but corrupt") from None
        return bytes(body)

    async def _read_search_result(self, response: httpx.Response) -> SearchResult:
        origin = Origin.of(response.request.url)
        if _is_web_page(response.headers.get("content-type")):
            raise ProtocolError(
                f"the service at {origin} answered with a web page, not JSON: check the base URL "
                "(a login page or a proxy may be in the way)"
            )
        body = await self._read_capped(response, self._limits["json"], "the search answer")
        if body.lstrip()[:1] == b"<":
            raise ProtocolError(
                f"the service at {origin} answered with a web page, not JSON: check the base URL "
                "(a login page or a proxy may be in the way)"
            )
        if body.startswith(b"\xef\xbb\xbf"):
            body = body[3:]  # a UTF-8 byte order mark: not allowed by JSON's RFC, common from Windows tools
        if len(body) < FAST_DECODE_FROM:
            steps = _tolerant_steps(body)
        else:
            # Decoded a slice of entries at a time, the loop given a turn between slices: a 10,000-icon
            # answer must not freeze the browser (see `_answer`).
            from ._answer import search_answer_steps

            steps = search_answer_steps(body)
        try:
            while True:
                next(steps)
                await asyncio.sleep(0)
        except StopIteration as done:
            result: SearchResult = done.value
            return result
        except UnreadableAnswer as error:
            problem = error.problem
        raise ProtocolError(f"the search answer from {origin} {problem}")

    # ------------------------------------------------------------------------------------ download

    async def _save(
        self,
        response: httpx.Response,
        variant_id: int,
        folder: Path,
        filename: str | None,
        overwrite: bool,
        progress: downloads.Progress | None,
        *,
        name_for: Callable[[str], str] | None = None,
        keep: bool = False,
    ) -> downloads.SavedFile:
        """Name the file, then stream it through a `downloads.FileSaver`; its failures become ours."""
        limit = self._limits["download"]
        body = _Body.of(response, variant_id, limit)
        extension = body.extension
        fallback = f"variant-{variant_id}.{extension}"
        if filename is None and name_for is not None:
            filename = name_for(extension)
        if filename is not None:
            name = downloads.safe_filename(filename, fallback=fallback)
        else:
            proposed = downloads.filename_from_content_disposition(response.headers.get("content-disposition"))
            name = downloads.safe_filename(proposed, fallback=fallback) if proposed else fallback

        failure: CatalogueError
        try:
            with downloads.FileSaver(
                folder,
                name,
                overwrite=overwrite,
                expected_format=name.rpartition(".")[2] if "." in name else extension,
                total=body.total,
                progress=progress,
                keep_identical=keep,
            ) as saver:
                await self._stream_into(saver, response, limit, variant_id)
                body.check_whole(saver.written)
                # Finished (fsynced) and published in one thread; with `keep`, identical bytes are
                # looked for first, there too.
                path = await downloads.publish_off_the_loop(saver)
                return downloads.SavedFile(path, saver.already)
        except downloads.SaveError as error:
            failure = StorageError(str(error))
        except downloads.ContentMismatchError as error:
            failure = ProtocolError(f"variant {variant_id}: {error}; nothing was saved")
        raise failure

    async def _stream_into(self, saver: _Sink, response: httpx.Response, limit: int, variant_id: int) -> None:
        """Feed the body, decompressed and capped, to `saver`; abandon it when it stalls."""
        origin = Origin.of(response.request.url)
        loop = asyncio.get_running_loop()
        failure: CatalogueError | None = None
        try:
            decoder = BoundedDecoder(response.headers.get("content-encoding"), limit)
            # The stall watchdog: the deadline moves on each time another window's worth arrives.
            async with asyncio.timeout(self.timeout) as window:
                window_bytes = 0
                async for raw in response.aiter_raw():
                    window_bytes += len(raw)
                    if window_bytes >= STALL_WINDOW_BYTES:
                        window.reschedule(loop.time() + self.timeout)
                        window_bytes = 0
                    saver.write(decoder.feed(raw))
                saver.write(decoder.flush())
        except TimeoutError:
            failure = NetworkError(
                f"the download of variant {variant_id} from {origin} stalled (less than "
                f"{STALL_WINDOW_BYTES // 1024} KiB in {self.timeout:g} s): try again later"
            )
        except BodyTooLarge:
            failure = ProtocolError(f"variant {variant_id}'s file is larger than the {limit} bytes accepted")
        except (UnsupportedEncoding, CorruptEncoding):
            failure = ProtocolError(f"variant {variant_id}'s file came compressed in a way the client cannot read")
        except httpx.HTTPError as error:
            failure = _transport_failure(
                error, f"the download of variant {variant_id}", origin, self.timeout, base=self._origin
            )
        if failure is not None:
            raise failure


# ---------------------------------------------------------------------------------------- helpers


def _tolerant_steps(body: bytes) -> Generator[None, None, SearchResult]:
    """A small answer decoded by the tolerant parser in one go, shaped as `search_answer_steps` (no pause)."""
    yield from ()
    return tolerant_answer(body)


def _is_web_page(content_type: str | None) -> bool:
    if not content_type:
        return False
    mime = content_type.split(";", 1)[0].strip().lower()
    return mime in ("text/html", "application/xhtml+xml")


def _declared_length(response: httpx.Response) -> int | None:
    value = response.headers.get("content-length")
    if value is None or not value.strip().isdigit():
        return None
    return int(value.strip())


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def _transport_failure(
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


def _refused_on_this_machine(error: BaseException, url: httpx.URL) -> bool:
    """A refused connection to a loopback address: reported at once, never retried (see `_send`)."""
    return isinstance(error, httpx.ConnectError) and is_loopback_host(url.host) and _refused(error)


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
