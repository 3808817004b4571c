"""`GuardedHttp`: GET requests to one catalogue over HTTP, guarded, for every kind of catalogue that
is reached over HTTP (the seed's service: `CatalogueClient`; Iconify's API next). It knows no
endpoint and no answer's shape: it gets what it is asked to get, and reads bodies within caps.

Decisions (the interface says nothing about errors or limits; the client survives, never assumes):

- Deadline: each attempt at a request (redirects and reading the whole body included) must finish
  within `timeout` seconds, enforced with `asyncio.timeout` on top of httpx's per-read timeouts (a slow
  drip of one byte per second would outlive those forever). Waits between retries are not counted:
  they are bounded by `RetryPolicy` instead. A streamed body (a download: a 100 MB file on a slow link
  may rightly take minutes) is the exception: it must instead keep moving, at least 64 KiB in every
  `timeout`-second window, else it is abandoned as stalled (`stream_into`).
- The token goes only to the base URL's origin, decided again at every redirect hop, which the client
  follows itself (at most 5; httpx is told not to). An https → http redirect is refused. An address on
  another origin (a thumbnail elsewhere) is fetched without the token. A catalogue with no token (a
  public API) sends none anywhere.
- A catalogue on the internet cannot point the client into the user's own network: an address or a
  redirect naming localhost, a loopback, private, link-local (cloud metadata) or otherwise internal
  address literal is not requested (a catalogue that is itself on such an address may use them).
- Size caps before parsing, counted on the decompressed bytes as they stream (`read_capped`,
  `stream_into`); the caller says the cap.
- A refused connection to a loopback address (a local catalogue that is not running) is reported at
  once, not retried: nothing on the network can come back in the next 2 s, and the person waiting
  would rather start the server or fix the port. Refusals elsewhere are retried as other failures of
  the connection are, and so are the statuses that mean "later" (`RetryPolicy`); a 429 cools the
  whole origin down, shared by every request.
- A refusal (400 and the 4xx without a meaning of their own) is reported with the service's own words
  when its JSON body gives them (sanitised, 200 characters at most, the token masked); a 400 is a
  `RequestRefusedError`, never retried. The words are shown, never parsed.
- Errors are `CatalogueError` subclasses (see `_errors`), raised with no chained exception
  (`clean_chain`): the HTTP stack's messages can quote the Authorization header. An httpx failure is
  told in words (`_failure_words`).
"""

from __future__ import annotations

import asyncio
import functools
import json
import math
import re
import warnings
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from typing import Any, ParamSpec, Protocol, TypeVar

# httpx without its command-line tool: first, before httpx itself (see _quiet_httpx).
from . import _quiet_httpx  # noqa: F401

# isort: split

import httpx

from iconcat import __version__
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
)
from ._failure_words import duration, refused_on_this_machine, transport_failure
from ._redact import MASK
from ._redact import protect as protect_in_logs
from ._retry import RETRYABLE_STATUSES, RetryPolicy, parse_retry_after
from ._transport import PlainFirstTransport

__all__ = ["MAX_REDIRECTS", "STALL_WINDOW_BYTES", "GuardedHttp", "Sink", "clean_chain", "declared_length"]

T = TypeVar("T")

MAX_REDIRECTS = 5
STALL_WINDOW_BYTES = 64 * 1024
"""A streamed body must bring at least this much in every `timeout`-second window."""
MAX_REFUSAL_BYTES = 16 * 1024
"""Most of a refusal's body (a 4xx) read to find the service's own words."""
_ERROR_CODE = re.compile(r"[a-z][a-z0-9_]{0,39}")
"""An error code worth reading (`{"error": {"code": …}}`): a short identifier."""
_REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})


_P = ParamSpec("_P")
_R = TypeVar("_R")


def clean_chain(method: Callable[_P, Awaitable[_R]]) -> Callable[_P, Awaitable[_R]]:
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


class Sink(Protocol):
    """Where `stream_into` puts a body's bytes: a `downloads.FileSaver`, or a body gathered in memory."""

    def write(self, chunk: bytes) -> None: ...


class _Retry(Exception):
    """Internal: this attempt failed in a way worth another attempt after `delay` seconds."""

    def __init__(self, delay: float | None, failure: CatalogueError) -> None:
        self.delay = delay
        self.failure = failure


class GuardedHttp:
    """One catalogue's HTTP, guarded (see the module docstring): one `httpx.AsyncClient` for its life.

    `token` is checked here (printable ASCII, no whitespace) and never shown; None sends no
    Authorization at all. `transport` replaces the network (tests pass an `httpx.MockTransport` for
    what no real server can stage); `retry` tunes retries and makes their sleeps injectable.
    `stacklevel` points the plain-http warning at the code that named the base URL.
    """

    def __init__(
        self,
        base_url: str,
        token: str | None,
        *,
        timeout: float = 30.0,
        transport: httpx.AsyncBaseTransport | None = None,
        retry: RetryPolicy | None = None,
        stacklevel: int = 2,
    ) -> None:
        self.base = parse_base_url(base_url)
        """The base URL, parsed (http or https, a host)."""
        self.origin = Origin.of(self.base)
        """Its origin: the one the token goes to, and the next pages may be on."""
        self._secret: Secret | None = validate_token(token) if token is not None else None
        if self._secret is not None:
            protect_in_logs(self._secret)  # a service echoing the token must not put it in DEBUG logs
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout < math.inf:
            raise SettingsError("the timeout must be a positive number of seconds")
        self.timeout = float(timeout)
        """Deadline in seconds for each attempt at a request (see the module docstring)."""
        self.retry = retry or RetryPolicy()
        """When and how long to wait before trying again."""
        self._cool_down_until: dict[Origin, float] = {}
        self._base_is_internal = is_internal_host(self.origin.host)
        if self.origin.scheme == "http" and not is_loopback_host(self.origin.host):
            warnings.warn(
                InsecureConnectionWarning(
                    f"{self.origin} uses plain http: the token and everything else travel unencrypted; "
                    "use https unless this network is trusted"
                ),
                stacklevel=stacklevel,
            )
        if transport is None and self.origin.scheme == "http":
            transport = PlainFirstTransport()  # no SSL context until an https URL is requested
        self._http = httpx.AsyncClient(
            transport=transport,
            timeout=httpx.Timeout(self.timeout),
            follow_redirects=False,  # followed by hand: the token is decided again at every hop
            headers={"User-Agent": f"iconcat/{__version__}"},
        )

    async def aclose(self) -> None:
        """Close the connections; nothing can be requested afterwards."""
        await self._http.aclose()

    def endpoint(self, path: str, params: dict[str, str | list[str]]) -> httpx.URL:
        """The URL of `path` under the base URL (its own path kept), with `params` as the query."""
        base_path = self.base.path.rstrip("/")
        return httpx.URL(self.base.copy_with(path=base_path + path), params=params)

    def resolve(self, address: str, what: str) -> httpx.URL:
        """An address the catalogue gave (absolute, or relative to the base URL), as an http(s) URL;
        a `ProtocolError` naming `what` when it is none. Whether it may be requested is `get`'s to say."""
        try:
            url = self.base.copy_with(path=self.base.path.rstrip("/") + "/").join(address.strip())
        except Exception:  # noqa: BLE001 - httpx.InvalidURL and kin: the service's address is data
            raise ProtocolError(f"{what}'s address is not a valid URL") from None
        if url.scheme not in ("http", "https") or not url.host:
            raise ProtocolError(f"{what}'s address is not an http(s) URL: it was not fetched")
        return url

    @clean_chain
    async def get(
        self,
        url: httpx.URL,
        *,
        what: str,
        accept: str,
        accept_encoding: str,
        read: Callable[[httpx.Response], Awaitable[T]] | None,
    ) -> Any:
        """GET `url` with retries; return `read(response)`, or the open response when `read` is None
        (the caller closes it). `what` names the request in errors ("the search", "variant 7").

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
                    sent = await self._send(url, accept, accept_encoding, what)
                    response: httpx.Response | None = sent  # closed below unless handed over open
                    try:
                        await self._check_status(sent, what, attempt)
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
                failure = transport_failure(error, what, origin, self.timeout, base=self.origin)
            if failure is not None:
                raise failure
            assert retry is not None
            if attempt >= self.retry.attempts:
                raise retry.failure
            delay = retry.delay if retry.delay is not None else self.retry.backoff(attempt)
            if delay > 0:
                await self.retry.sleep(delay)

    @clean_chain
    async def read_capped(self, response: httpx.Response, limit: int, what: str) -> bytes:
        """The whole body, decompressed, refusing more than `limit` bytes."""
        declared = declared_length(response)
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

    @clean_chain
    async def stream_into(self, sink: Sink, response: httpx.Response, limit: int, *, what: str, body: str) -> None:
        """Feed `response`'s body, decompressed and capped at `limit` bytes, to `sink`; abandon it when it
        stalls. `what` names the transfer ("the download of variant 7"), `body` its bytes ("variant 7's
        file"), in errors."""
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
                    sink.write(decoder.feed(raw))
                sink.write(decoder.flush())
        except TimeoutError:
            failure = NetworkError(
                f"{what} from {origin} stalled (less than "
                f"{STALL_WINDOW_BYTES // 1024} KiB in {self.timeout:g} s): try again later"
            )
        except BodyTooLarge:
            failure = ProtocolError(f"{body} is larger than the {limit} bytes accepted")
        except (UnsupportedEncoding, CorruptEncoding):
            failure = ProtocolError(f"{body} came compressed in a way the client cannot read")
        except httpx.HTTPError as error:
            failure = transport_failure(error, what, origin, self.timeout, base=self.origin)
        if failure is not None:
            raise failure

    # ------------------------------------------------------------------------------------ requests

    def _headers_for(self, url: httpx.URL, accept: str, accept_encoding: str) -> httpx.Headers:
        headers = httpx.Headers({"Accept": accept, "Accept-Encoding": accept_encoding})
        if self._secret is not None and Origin.of(url) == self.origin:
            headers["Authorization"] = "Bearer " + self._secret.reveal()
        return headers

    async def _wait_for_cool_down(self, origin: Origin) -> None:
        until = self._cool_down_until.get(origin)
        if until is None:
            return
        remaining = until - self.retry.clock()
        if remaining <= 0:
            del self._cool_down_until[origin]
            return
        await self.retry.sleep(remaining)

    async def _send(self, url: httpx.URL, accept: str, accept_encoding: str, what: str) -> httpx.Response:
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
                failure = transport_failure(error, what, Origin.of(url), self.timeout, base=self.origin)
                refused_here = refused_on_this_machine(error, url)
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

    async def _check_status(self, response: httpx.Response, what: str, attempt: int) -> None:
        """Raise the error a non-2xx status means, or `_Retry` for the statuses that mean "later".

        A refusal (400 and the other 4xx without a meaning of their own) reads the service's own words
        from the body, sanitised (`_refusal`); a 400 is a `RequestRefusedError`.
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
                    f"the catalogue at {origin} asks to wait {duration(wait)} before {what} "
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
        if status in (401, 403):
            if self._secret is not None and origin == self.origin:
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
            said = (await self._refusal(response))[1]
            why = f": it said “{said}”" if said else ": the request may be malformed"
            if status != 400:
                raise ServiceError(f"the catalogue at {origin} refused {what} ({reason}){why}", status=status)
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

    async def _refusal(self, response: httpx.Response) -> tuple[str, str]:
        """(code, words): the error's code and the service's own reason in a refusal's JSON body, the
        reason sanitised to one short line; "" for either when absent. The code is kept only when it is
        a plain identifier (`picture_failed`): it is matched, never shown.

        Read: `{"error": {"message": …}}` (the embedded catalogue's shape), `{"error": "…"}`,
        `{"message": "…"}` and `{"detail": "…"}`. Anything else (a web page, more than
        `MAX_REFUSAL_BYTES`, not JSON) says nothing: the status alone is reported. The token is masked.
        """
        try:
            body = await self.read_capped(response, MAX_REFUSAL_BYTES, "the refusal")
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
        if self._secret is None:
            return code, sanitize(said, max_length=200).strip()
        # A service may echo the request's token back in its words: never repeated (masked before the
        # words are cut to length, so no prefix of it survives either).
        token = self._secret.reveal()
        shown = sanitize(said.replace(token, MASK), max_length=200).strip()
        return code, "" if token.casefold() in shown.casefold() else shown


def declared_length(response: httpx.Response) -> int | None:
    """`Content-Length`, when it is a number."""
    value = response.headers.get("content-length")
    if value is None or not value.strip().isdigit():
        return None
    return int(value.strip())
