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
- Errors are `CatalogueError` subclasses (see `_errors`), raised with no chained exception: the HTTP
  stack's messages can quote the Authorization header.
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import json
import math
import re
import warnings
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime
from os import PathLike
from pathlib import Path
from typing import Any, TypeVar

import httpx

from iconcat import __version__
from iconcat import downloads

from ._auth import Origin, Secret, is_internal_host, is_loopback_host, parse_base_url, validate_token
from ._body import BodyTooLarge, BoundedDecoder, CorruptEncoding, UnsupportedEncoding
from ._errors import (
    AuthError,
    CatalogueError,
    InsecureConnectionWarning,
    NetworkError,
    NotFoundError,
    ProtocolError,
    RateLimitedError,
    ServiceError,
    SettingsError,
    StorageError,
)
from ._models import Icon, SearchResult, parse_search_result
from ._redact import protect as protect_in_logs
from ._retry import RETRYABLE_STATUSES, RetryPolicy, parse_retry_after

__all__ = ["CatalogueClient"]

T = TypeVar("T")

MAX_JSON_BYTES = 8 * 1024 * 1024
MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024
MAX_DOWNLOAD_BYTES = 1024 * 1024 * 1024
MAX_REDIRECTS = 5
STALL_WINDOW_BYTES = 64 * 1024
"""A download must receive at least this much in every `timeout`-second window."""
MAX_QUERY_LENGTH = 500
_REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
_SNIFF_BYTES = 4096
_TAIL_BYTES = 1024


DOWNLOAD_READ_BYTES = 1024 * 1024
"""Most bytes a download's connection takes from its socket at once (see `_read_download_in_larger_pieces`)."""


def _let_httpcore_read_larger_pieces() -> None:
    """Let httpcore ask its network stream for up to `DOWNLOAD_READ_BYTES` per read instead of 64 KiB.

    httpcore's read size is a fixed class attribute, and each read costs a trip through the async stack
    (anyio, h11, httpcore, httpx): with 64 KiB reads a 100 MB download ran at under half curl's speed
    over loopback (benchmarks/download.py). This is only a ceiling: a read returns what the socket
    transport already holds, which asyncio caps at 256 KiB per socket read, except on the connections
    a download widens (`_read_download_in_larger_pieces`). The change is process-wide but only ever
    raises the value, and is skipped if httpcore renames it.
    """
    try:
        from httpcore._async.http11 import AsyncHTTP11Connection
    except ImportError:  # pragma: no cover - a future httpcore: keep its default
        return
    if isinstance(getattr(AsyncHTTP11Connection, "READ_NUM_BYTES", None), int):
        AsyncHTTP11Connection.READ_NUM_BYTES = max(AsyncHTTP11Connection.READ_NUM_BYTES, DOWNLOAD_READ_BYTES)


_let_httpcore_read_larger_pieces()


def _read_download_in_larger_pieces(response: httpx.Response) -> None:
    """Let the connection carrying a download read up to `DOWNLOAD_READ_BYTES` per socket read.

    asyncio's socket transport reads at most 256 KiB per `recv`, and every piece then costs a trip
    through anyio, h11, httpcore and httpx, each copying it: with 1 MiB reads a 100 MB download over
    loopback spends about a third less CPU (benchmarks/download.py). Only this connection's transport
    is changed (an instance attribute, not asyncio's class), only upwards; a read still returns only
    what the socket already holds, so a slow link is not waited on, and one read holds at most 1 MiB.
    The transport is reached through httpcore's public `network_stream` extension, then anyio's private
    attribute: when any link is missing (TLS, uvloop, another anyio), nothing changes.
    """
    stream = response.extensions.get("network_stream")
    transport = getattr(getattr(stream, "_stream", None), "_transport", None)
    size = getattr(transport, "max_size", None)
    if isinstance(size, int) and not isinstance(size, bool) and size < DOWNLOAD_READ_BYTES:
        try:
            transport.max_size = DOWNLOAD_READ_BYTES
        except (AttributeError, TypeError):  # pragma: no cover - a transport with a read-only size
            pass


def _clean_chain(method):
    """Strip chained exceptions from the CatalogueErrors a public method raises (they may quote headers)."""

    @functools.wraps(method)
    async def wrapper(*args, **kwargs):
        try:
            return await method(*args, **kwargs)
        except CatalogueError as error:
            error.__cause__ = None
            error.__context__ = None
            raise

    return wrapper


class _Retry(Exception):
    """Internal: this attempt failed in a way worth another attempt after `delay` seconds."""

    def __init__(self, delay: float | None, failure: CatalogueError) -> None:
        self.delay = delay
        self.failure = failure


class CatalogueClient:
    """An async client for one icon catalogue: `async with CatalogueClient(base_url, token) as client:`.

    `transport` replaces the network (tests pass an `httpx.MockTransport` for what no real server can
    stage); `retry` tunes retries and makes their sleeps injectable. The token is checked here (printable
    ASCII, no whitespace) and never shown: not in `repr`, not in any error.
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

    async def __aenter__(self) -> "CatalogueClient":
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the connections; the client cannot be used afterwards."""
        await self._http.aclose()

    # --------------------------------------------------------------------------------- public calls

    @_clean_chain
    async def search(self, name: str) -> SearchResult:
        """Icons whose name matches `name` (one page, as the service returns it)."""
        if not isinstance(name, str):
            raise SettingsError("the search text must be a string")
        if len(name) > MAX_QUERY_LENGTH:
            raise SettingsError(f"the search text is longer than {MAX_QUERY_LENGTH} characters")
        url = self._endpoint("/api/v1/search", {"name": name})
        return await self._request(
            url,
            what="the search",
            accept="application/json",
            accept_encoding="gzip, deflate",
            read=self._read_search_result,
        )

    @_clean_chain
    async def thumbnail(self, icon: Icon | str) -> bytes:
        """The bytes of an icon's small preview image (not decoded: see `iconcat.imaging`)."""
        address = icon.thumbnail if isinstance(icon, Icon) else icon
        if not isinstance(address, str) or not address.strip():
            raise NotFoundError("this icon has no preview image")
        try:
            url = self._base.copy_with(path=self._base.path.rstrip("/") + "/").join(address.strip())
        except Exception:
            raise ProtocolError("the preview image's address is not a valid URL") from None
        if url.scheme not in ("http", "https") or not url.host:
            raise ProtocolError("the preview image's address is not an http(s) URL: it was not fetched")

        async def read(response: httpx.Response) -> bytes:
            if _is_web_page(response.headers.get("content-type")):
                raise ProtocolError(f"the preview at {Origin.of(url)} is a web page, not an image")
            return await self._read_capped(response, self._limits["thumbnail"], "the preview image")

        return await self._request(
            url, what="the preview image", accept="image/png,image/*;q=0.8", accept_encoding="identity", read=read
        )

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
        if type(variant_id) is not int or variant_id < 0:
            raise SettingsError("a variant id is a whole number, like 1042")
        folder = Path(dest_dir).expanduser()
        url = self._endpoint("/api/v1/download", {"id": str(variant_id)})
        what = f"variant {variant_id}"
        response = await self._request(url, what=what, accept="*/*", accept_encoding="identity", read=None)
        _read_download_in_larger_pieces(response)
        try:
            return await self._save(response, variant_id, folder, filename, overwrite, progress)
        finally:
            await response.aclose()

    # ------------------------------------------------------------------------------------ requests

    def _endpoint(self, path: str, params: dict[str, str]) -> httpx.URL:
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
                    response = await self._send(url, accept, accept_encoding, what, attempt)
                    try:
                        self._check_status(response, url, what, attempt)
                        if read is None:
                            opened, response = response, None
                            return opened
                        return await read(response)
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
                failure = _transport_failure(error, what, origin, self.timeout)
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

    async def _send(
        self, url: httpx.URL, accept: str, accept_encoding: str, what: str, attempt: int
    ) -> httpx.Response:
        """Send the GET, following redirects by hand; connection failures become a `_Retry`."""
        for _hop in range(MAX_REDIRECTS + 1):
            if url.userinfo:
                # httpx would turn `user:password@` into a Basic Authorization header: credentials
                # planted in a URL from the service go nowhere.
                url = url.copy_with(userinfo=b"")
            failure: CatalogueError | None = None
            if not _plausible_host(url):
                raise ProtocolError(f"{what}: the service gave an address with an invalid host name: not requested")
            if not self._base_is_internal and is_internal_host(url.host):
                raise ProtocolError(
                    f"{what}: the service pointed to an address inside your own network ({Origin.of(url)}): "
                    "not requested"
                )
            try:
                request = self._http.build_request("GET", url, headers=self._headers_for(url, accept, accept_encoding))
            except Exception:  # httpx.InvalidURL and kin: an address from the service that cannot be sent
                failure = ProtocolError(f"{what}: the service gave an address that cannot be requested")
            if failure is not None:
                raise failure
            try:
                response = await self._http.send(request, stream=True)
            except (httpx.ConnectError, httpx.ConnectTimeout, httpx.RemoteProtocolError, httpx.ReadError) as error:
                failure = _transport_failure(error, what, Origin.of(url), self.timeout)
            if failure is not None:
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
        except Exception:
            target = None
        if target is None or target.scheme not in ("http", "https") or not target.host:
            raise ProtocolError(f"{what} was redirected to an address that is not an http(s) URL: refused")
        if url.scheme == "https" and target.scheme == "http":
            raise ProtocolError(
                f"{what} was redirected from https to plain http ({Origin.of(target)}): refused, "
                "it would travel unencrypted"
            )
        return target

    def _check_status(self, response: httpx.Response, url: httpx.URL, what: str, attempt: int) -> None:
        """Raise the error a non-2xx status means, or `_Retry` for the statuses that mean "later"."""
        status = response.status_code
        if 200 <= status < 300:
            return
        url = response.request.url  # after redirects: the origin that answered
        origin = Origin.of(url)
        reason = f"HTTP {status}"
        if status in RETRYABLE_STATUSES:
            wait = parse_retry_after(response.headers.get("retry-after")) if status in (429, 503) else None
            if wait is not None and wait > self.retry.max_retry_after:
                retry_at = datetime.now(timezone.utc) + timedelta(seconds=wait)
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
                    retry_at=datetime.now(timezone.utc) + timedelta(seconds=delay),
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
                    f"the catalogue at {origin} rejected the token ({reason}): check it, or run `iconcat login`",
                    status=status,
                )
            raise ServiceError(f"{what} at {origin} refused access ({reason})", status=status)
        if status == 404:
            hint = ": is the base URL right?" if "search" in what else ""
            raise NotFoundError(f"{what} was not found at {origin} ({reason}){hint}")
        if 300 <= status < 400:
            raise ProtocolError(f"{what} got an unexpected redirect status ({reason}) with no usable address")
        if status < 500:
            raise ServiceError(
                f"the catalogue at {origin} refused {what} ({reason}): the request may be malformed", status=status
            )
        raise ServiceError(
            f"the catalogue at {origin} failed while handling {what} ({reason}): try again later", status=status
        )

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
        problem: str | None = None
        if body.startswith(b"\xef\xbb\xbf"):
            body = body[3:]  # a UTF-8 byte order mark: not allowed by JSON's RFC, common from Windows tools
        try:
            document = json.loads(body)
        except RecursionError:
            problem = "is nested too deeply"
        except ValueError:  # JSONDecodeError, UnicodeDecodeError, an integer of too many digits
            problem = "is not valid JSON"
        if problem is not None:
            raise ProtocolError(f"the search answer from {origin} {problem}: the service may be misconfigured")
        try:
            return parse_search_result(document)
        except ValueError as error:
            reason = str(error)
        except RecursionError:
            reason = "it is nested too deeply"
        raise ProtocolError(f"the search answer from {origin} has the wrong shape ({reason})")

    # ------------------------------------------------------------------------------------ download

    async def _save(
        self,
        response: httpx.Response,
        variant_id: int,
        folder: Path,
        filename: str | None,
        overwrite: bool,
        progress: downloads.Progress | None,
    ) -> Path:
        origin = Origin.of(response.request.url)
        content_type = response.headers.get("content-type")
        if _is_web_page(content_type):
            raise ProtocolError(
                f"the catalogue at {origin} sent a web page instead of variant {variant_id}'s file: "
                "check the base URL"
            )
        extension = downloads.extension_for_content_type(content_type)
        fallback = f"variant-{variant_id}.{extension}"
        if filename is not None:
            name = downloads.safe_filename(filename, fallback=fallback)
        else:
            proposed = downloads.filename_from_content_disposition(response.headers.get("content-disposition"))
            name = downloads.safe_filename(proposed, fallback=fallback) if proposed else fallback
        expected_format = name.rpartition(".")[2] if "." in name else extension
        limit = self._limits["download"]
        declared = _declared_length(response)
        encoded = response.headers.get("content-encoding", "identity").strip().lower() not in ("", "identity")
        total = None if encoded else declared
        if total is not None and total > limit:
            raise ProtocolError(f"variant {variant_id}'s file is {total} bytes, more than the {limit} accepted")

        created = _ensure_folder(folder)
        # Temporary files of iconcat runs that were killed mid-download (their process is gone): ours to
        # clean, and this is the moment someone is looking at this folder.
        downloads.remove_leftovers(folder)
        partial: downloads.PartialFile | None = None
        try:
            try:
                partial = downloads.PartialFile(folder)
            except OSError as error:
                raise StorageError(_disk_failure(error, folder)) from None
            await self._stream_into(partial, response, total, limit, expected_format, variant_id, progress)
            if declared is not None and not encoded and partial.written != declared:
                raise NetworkError(
                    f"variant {variant_id}'s file arrived incomplete ({partial.written} of {declared} bytes): "
                    "try again"
                )
            try:
                await asyncio.to_thread(partial.finish)
                return partial.publish(name, overwrite=overwrite)
            except OSError as error:
                raise StorageError(_disk_failure(error, folder)) from None
        except BaseException:
            if partial is not None:
                partial.discard()
            _remove_created(created)
            raise

    async def _stream_into(
        self,
        partial: downloads.PartialFile,
        response: httpx.Response,
        total: int | None,
        limit: int,
        expected_format: str,
        variant_id: int,
        progress: downloads.Progress | None,
    ) -> None:
        origin = Origin.of(response.request.url)
        loop = asyncio.get_running_loop()
        head = bytearray()
        tail = b""
        checked = False
        failure: CatalogueError | None = None
        if progress is not None:
            progress(0, total)
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
                    chunk = decoder.feed(raw)
                    if not checked:
                        head += chunk[: _SNIFF_BYTES - len(head)]
                        if len(head) >= _SNIFF_BYTES:
                            downloads.check_content(expected_format, bytes(head))
                            checked = True
                    self._write(partial, chunk, variant_id)
                    tail = (tail + chunk[-_TAIL_BYTES:])[-_TAIL_BYTES:]
                    if progress is not None:
                        progress(partial.written, total)
                rest = decoder.flush()
                self._write(partial, rest, variant_id)
                tail = (tail + rest[-_TAIL_BYTES:])[-_TAIL_BYTES:]
            if not checked:
                downloads.check_content(expected_format, bytes(head))
            downloads.check_ending(expected_format, tail)
        except TimeoutError:
            failure = NetworkError(
                f"the download of variant {variant_id} from {origin} stalled (less than "
                f"{STALL_WINDOW_BYTES // 1024} KiB in {self.timeout:g} s): try again later"
            )
        except downloads.ContentMismatchError as error:
            failure = ProtocolError(f"variant {variant_id}: {error}; nothing was saved")
        except BodyTooLarge:
            failure = ProtocolError(f"variant {variant_id}'s file is larger than the {limit} bytes accepted")
        except (UnsupportedEncoding, CorruptEncoding):
            failure = ProtocolError(f"variant {variant_id}'s file came compressed in a way the client cannot read")
        except httpx.HTTPError as error:
            failure = _transport_failure(error, f"the download of variant {variant_id}", origin, self.timeout)
        if failure is not None:
            raise failure

    @staticmethod
    def _write(partial: downloads.PartialFile, chunk: bytes, variant_id: int) -> None:
        if not chunk:
            return
        try:
            partial.write(chunk)
        except OSError as error:
            raise StorageError(_disk_failure(error, partial.folder)) from None


# ---------------------------------------------------------------------------------------- helpers


_HOST_NAME = re.compile(rb"^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.?$")


def _plausible_host(url: httpx.URL) -> bool:
    """A host name of letters, digits, hyphens (IDNs arrive as punycode) or an IP literal.

    httpx percent-encodes what it cannot parse (`[bad` becomes `%5bbad`) instead of refusing it; such a
    name would only be sent to the resolver.
    """
    host = url.raw_host
    if b":" in host:
        try:
            ipaddress.IPv6Address(host.decode("ascii").split("%", 1)[0])
        except ValueError:
            return False
        return True
    return bool(_HOST_NAME.match(host)) and len(host) <= 253


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


def _transport_failure(error: httpx.HTTPError, what: str, origin: Origin, timeout: float) -> CatalogueError:
    """A `NetworkError` (or `ProtocolError`) for an httpx failure, never quoting its message."""
    if isinstance(error, httpx.ConnectTimeout):
        return NetworkError(f"could not connect to {origin} within {timeout:g} s for {what}: check the address and network")
    if isinstance(error, httpx.ConnectError):
        return NetworkError(
            f"could not connect to {origin} for {what}: is the service running and the base URL right?"
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
    return NetworkError(f"{what} at {origin} failed ({type(error).__name__}): try again")


def _ensure_folder(folder: Path) -> list[Path]:
    """Make sure `folder` exists; return the folders this call created, deepest last."""
    if folder.is_dir():
        return []
    if folder.exists() or folder.is_symlink():
        raise StorageError(f"cannot save into {folder}: it is not a folder")
    missing = [folder, *(parent for parent in folder.parents if not parent.exists())]
    try:
        folder.mkdir(parents=True)
    except FileExistsError:
        return []
    except OSError as error:
        raise StorageError(_disk_failure(error, folder)) from None
    return list(reversed(missing))


def _remove_created(created: list[Path]) -> None:
    """Remove the folders a failed download created, if still empty (deepest first)."""
    for folder in reversed(created):
        try:
            folder.rmdir()
        except OSError:
            return


def _disk_failure(error: OSError, folder: Path) -> str:
    import errno

    reasons = {
        errno.ENOSPC: "the disk is full",
        errno.EDQUOT: "the disk quota is exhausted",
        errno.EACCES: "permission denied",
        errno.EPERM: "permission denied",
        errno.EROFS: "the filesystem is read-only",
        errno.ENOENT: "the folder does not exist",
        errno.ENOTDIR: "it is not a folder",
        errno.EISDIR: "a folder has that file's name",
        errno.EEXIST: "too many files with that name exist already",
    }
    reason = reasons.get(error.errno or 0, error.strerror or "the disk refused it")
    return f"could not save the file in {folder}: {reason}; nothing was saved"
