"""The catalogue service's HTTP interface (spec: icon-catalogue-interface.md), as a Starlette app.

Endpoints (all GET, all behind `Authorization: Bearer <token>`):

- `/api/v1/search?name=…`: `{"data": [Icon…], "meta": {"moreResultsAvailable": bool}}`.
- `/api/v1/download?id=<variant id>`: the file, streamed, with `Content-Type`, `Content-Length` and
  `Content-Disposition: attachment; filename="arrow-left-512.png"`.
- `/private/bundle_icons/<icon id>/small`: a small transparent PNG preview.
- `/api/v1/sets`, an extension: `{"data": [Set…]}`, every set served with its prefix, icon count,
  category, licence, author and samples (`iconcat.embedded.sets`). The seed's service has no such
  endpoint (404): a client that does not know it never asks.

Decisions where the spec is silent, made the way a real service plausibly would:

- Errors are JSON: `{"error": {"code": "...", "message": "..."}}`. 401 (`unauthorized`, with
  `WWW-Authenticate: Bearer …`) when the header is missing, not Bearer, or the token is wrong; the
  token check runs before anything else, unknown paths included, so nothing leaks to a stranger.
- `name` missing → 400 `missing_parameter`. `name` empty or only spaces → 200 with the first page of
  the whole catalogue (by name, then id): every word of an empty query trivially occurs, and a browser
  can show something before the user types. Longer than 200 characters → 400 `invalid_parameter`.
- An id is decimal digits only, 1 to 2⁵³−1 (the largest integer a JSON reader in JavaScript keeps
  exactly; icon sets from disk hash their ids up there): anything else (`abc`, `-1`, `1.5`, a 40-digit number,
  a repeated parameter) → 400 `invalid_parameter`; a well-formed id that names nothing → 404
  `not_found`. Variant ids and icon ids are distinct ranges.
- At most `page_size` icons per search; `meta.moreResultsAvailable` is true exactly when more matched
  (on this page's terms: more matches beyond the icons returned so far).
- Paging, an extension a client may ignore (the interface shows no paging parameter): when more matched,
  `meta.next` is the absolute URL of the next page, on the origin the request reached (the same path
  and `name`, plus `page=<n>`), and wants the token like every other address. `page` counts from 1
  (absent means 1); anything but decimal digits from 1 to 2⁵³−1, or a repeated `page`, is 400
  `invalid_parameter`; a page past the end is 200 with no icons, `moreResultsAvailable: false` and
  no `next`. A client that knows nothing of `next` sees exactly the first page it always saw.
- Larger next pages: the first page holds `page_size` icons (48: a screenful, quick to show), and the
  pages `next` leads to may hold more (`next_page_size`, 500 for the demo), so a query of 10,000
  matches takes about 20 requests, not 200. The first page's `next` adds `size=<n>`; with `size`, page
  n ≥ 2 holds `size` icons and starts after the first page and n − 2 pages of `size`; each `next`
  keeps the `size` its page was asked with. `size` is decimal digits from 1 to 10,000 (anything else,
  or a repeated `size`, is 400 `invalid_parameter`) and changes nothing on page 1. Without `size`
  every page holds `page_size`, as before.
- `meta.total`, another extension: how many icons the query matched in all, on every page.
- `narrow`, another extension (`narrowing.py`): `narrow=set:tabler&narrow=style:filled,outline`,
  repeatable, one `key:values` each for `set`, `style`, `category`, `series`, keeps only the icons the
  browser's filter words would keep (`iconcat.filter_rule`: case-insensitive, spaces, hyphens and
  underscores ignored, a prefix is enough, a quoted value is exact, commas are alternatives; every key
  must hold), on every page: `meta.total` counts them, `meta.next` carries the words on, and
  `meta.narrowed` lists the words honoured, canonically spelt (`["style:filled,outline",
  "set:tabler"]`), on every page. An unknown key (`format` and `size` too: a client applies those
  itself), a word without a value, or more than 20 words is 400 `invalid_parameter`. It exists
  because a client holds at most 10,000 icons of an answer and search matches names only: `arrow` over
  the whole @iconify/json matches 11,606, and Tabler's last arrows lay beyond the cap. A narrowed
  answer is worked out whole on its first page and kept (`NARROWED_KEPT`), so its next pages slice it.
- `latency_ms` delays every response (errors included) with an asynchronous sleep, to stage slow
  networks without blocking the server.
- Files are rendered lazily in a worker thread (the event loop stays free) and cached. A preview
  served before is answered from the app's own small cache on the event loop: handing it to a worker
  thread would cost next to nothing alone, but next to a busy search thread every hand-over waits
  for the interpreter lock.
- Searches run in a worker thread too, answer and JSON alike, so no request waits behind another's
  search (a page of 10,000 icons takes a while to encode). The catalogue's index makes each search
  cost what its page holds, not what the catalogue holds; the thread is for what remains.
- `icons` chooses the catalogue: None, the demo's 1,802 icons; a number, that many (`Catalogue(size)`);
  `catalogue` serves another one with the same face (`ServedCatalogue`: icon sets from disk,
  `sources.catalogue.SourceCatalogue`), whose icons may carry the optional extensions `iconify` (the
  icon's Iconify name) and `set.license`/`set.author`.
- A picture the catalogue cannot draw (an untrusted SVG from disk that is broken, or gave up on after
  2 s: `refs.PictureFailed`) is a JSON 500 `picture_failed` for that download or preview alone, saying
  why; nothing is logged (it is the file's fault, not the server's: no traceback for a browser's
  screen to show). The rasteriser's worker is another process, so the server answers the rest meanwhile.
- SVG answers carry `Content-Security-Policy: default-src 'none'` besides `Content-Disposition:
  attachment`: an SVG from disk is untrusted, and a browser that opens one anyway runs nothing of it.
- SVG answers of a catalogue that paints `currentColor` in its PNGs (sets from disk: black, or
  `--color`) say the colour in `Iconcat-Current-Color` (an extension, like `iconify`): a client that
  draws a PNG of another size from the SVG paints it the same, so a 48 px PNG is as green as the
  256 px one. The SVG itself is served as stored, `currentColor` kept.
"""

from __future__ import annotations

import asyncio
import hmac
import re
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from iconcat.embedded.answers import (
    DEFAULT_PAGE_SIZE,
    MAX_NEXT_PAGE_SIZE,
    MAX_QUERY_LENGTH,
    NARROWED_KEPT,
    NEXT_PAGE_SIZE,
    SearchAnswers,
    ServedCatalogue,
    ServedIcon,
    icon_json,
    page_window,
)
from iconcat.embedded.narrowing import Narrowing, parse_narrowing
from iconcat.embedded.refs import MEDIA_TYPES, PictureFailed
from iconcat.embedded.sets import sets_document
from iconcat.lru import BoundedLRU

from .demo_token import DEMO_TOKEN as _DEMO_TOKEN

__all__ = [
    "DEFAULT_PAGE_SIZE",
    "DEMO_TOKEN",
    "MAX_NEXT_PAGE_SIZE",
    "MAX_QUERY_LENGTH",
    "NARROWED_KEPT",
    "NEXT_PAGE_SIZE",
    "ServedCatalogue",
    "ServedIcon",
    "create_app",
    "icon_json",
]
# (The page sizes, the query limit, the served catalogue's face and an icon's JSON are `answers`'s,
# shared with the in-process catalogue; named here as before.)

DEMO_TOKEN = _DEMO_TOKEN
"""The embedded catalogue's token unless told otherwise (`.demo`: it guards demo data, no secret)."""

MAX_ID = 2**53 - 1
STREAM_CHUNK = 16 * 1024
"""Download bodies go out in chunks of this many bytes (so large files stream)."""

PREVIEWS_KEPT = 2048
"""Previews served before that the app answers without a worker thread (a few KB each: a few MB)."""

_DIGITS = re.compile(r"[0-9]{1,16}")


def error_response(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    """A JSON error body in the service's one shape."""
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status, headers=headers)


class ParameterError(Exception):
    """A request parameter is missing or malformed (→ 400)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _single_parameter(request: Request, name: str) -> str | None:
    values = request.query_params.getlist(name)
    if len(values) > 1:
        raise ParameterError("invalid_parameter", f"Give '{name}' once, not {len(values)} times.")
    return values[0] if values else None


def _parse_id(raw: str | None, name: str) -> int:
    if raw is None:
        raise ParameterError("missing_parameter", f"The '{name}' parameter is required.")
    if not _DIGITS.fullmatch(raw) or not 1 <= int(raw) <= MAX_ID:
        raise ParameterError("invalid_parameter", f"'{name}' must be a whole number from 1 to {MAX_ID}.")
    return int(raw)


def _parse_size(raw: str) -> int:
    if not _DIGITS.fullmatch(raw) or not 1 <= int(raw) <= MAX_NEXT_PAGE_SIZE:
        raise ParameterError("invalid_parameter", f"'size' must be a whole number from 1 to {MAX_NEXT_PAGE_SIZE}.")
    return int(raw)


class BearerAuthAndLatency:
    """ASGI middleware: delay every response by `latency_ms`, then insist on the bearer token."""

    def __init__(self, app: ASGIApp, token: str, latency_ms: int) -> None:
        self.app = app
        self._token = token.encode("utf-8")
        self._delay = max(0, latency_ms) / 1000

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self._delay:
            await asyncio.sleep(self._delay)
        problem = self._auth_problem(scope)
        if problem is not None:
            code, message, challenge = problem
            response = error_response(401, code, message, {"WWW-Authenticate": challenge})
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def _auth_problem(self, scope: Scope) -> tuple[str, str, str] | None:
        """None when the request carries the right token; else (code, message, challenge)."""
        values = [value for key, value in scope["headers"] if key == b"authorization"]
        realm = 'Bearer realm="iconcat"'
        if not values:
            return ("unauthorized", "Send 'Authorization: Bearer <token>'.", realm)
        scheme, _, credentials = values[0].strip().partition(b" ")
        if len(values) > 1 or scheme.lower() != b"bearer" or not credentials.strip():
            return ("unauthorized", "Use the Bearer scheme: 'Authorization: Bearer <token>'.", realm)
        # Constant-time comparison: response timing must not reveal how much of a guess was right.
        if not hmac.compare_digest(credentials.strip(), self._token):
            return (
                "invalid_token",
                "The access token was not accepted.",
                f'{realm}, error="invalid_token", error_description="The access token was not accepted"',
            )
        return None


def default_catalogue() -> ServedCatalogue[Any]:
    """The demo catalogue, imported when first served: its drawing code takes a quarter of a second to
    import, which serving icon sets from disk never needs. (Tests replace this to serve a variant.)"""
    from iconcat.demo.catalogue import default_catalogue as demo

    return demo()


def sized_catalogue(size: int) -> ServedCatalogue[Any]:
    """The demo catalogue's first `size` icons, then generated ones (`catalogue.sized_catalogue`)."""
    from iconcat.demo.catalogue import sized_catalogue as sized

    return sized(size)


def create_app(
    token: str = DEMO_TOKEN,
    page_size: int = DEFAULT_PAGE_SIZE,
    latency_ms: int = 0,
    icons: int | None = None,
    next_page_size: int | None = None,
    catalogue: ServedCatalogue[Any] | None = None,
) -> Starlette:
    """The catalogue service as an ASGI app (see the module docstring for its behaviour).

    `page_size` is the first page's size, with no upper bound (a test serves the whole catalogue on
    one page with 100,000). `next_page_size` is the size `meta.next` asks for the pages after it; None:
    `NEXT_PAGE_SIZE` (500) with the default first page, else `page_size` (a catalogue staged with pages
    of its own size, as tests and benchmarks stage paging, keeps that size throughout unless told).
    `icons` (1 to MAX_ICONS) serves a catalogue of that many icons instead of the demo's; `catalogue`
    serves that one instead (icon sets from disk; not with `icons`).
    """
    if not token:
        raise ValueError("the token must not be empty")
    if page_size < 1:
        raise ValueError("page_size must be at least 1")
    if next_page_size is None:
        next_page_size = NEXT_PAGE_SIZE if page_size == DEFAULT_PAGE_SIZE else page_size
    if next_page_size != page_size and not 1 <= next_page_size <= MAX_NEXT_PAGE_SIZE:
        raise ValueError(f"next_page_size must be from 1 to {MAX_NEXT_PAGE_SIZE:,} (the largest 'size')")
    if latency_ms < 0:
        raise ValueError("latency_ms must not be negative")
    if catalogue is not None and icons is not None:
        raise ValueError("give either a number of icons or a catalogue, not both")
    if catalogue is None:
        catalogue = default_catalogue() if icons is None else sized_catalogue(icons)
    served: ServedCatalogue[Any] = catalogue
    previews: BoundedLRU[bytes] = BoundedLRU(PREVIEWS_KEPT)
    answers = SearchAnswers(served, narrowed_kept=NARROWED_KEPT)

    async def search(request: Request) -> Response:
        """Icons whose names contain every word of `name`, best first, `page_size` per page."""
        name = _single_parameter(request, "name")
        if name is None:
            raise ParameterError("missing_parameter", "The 'name' parameter is required: /api/v1/search?name=arrow")
        if len(name) > MAX_QUERY_LENGTH:
            raise ParameterError("invalid_parameter", f"'name' must be at most {MAX_QUERY_LENGTH} characters.")
        raw_page = _single_parameter(request, "page")
        number = 1 if raw_page is None else _parse_id(raw_page, "page")
        raw_size = _single_parameter(request, "size")
        size = None if raw_size is None else _parse_size(raw_size)
        try:
            narrowing = parse_narrowing(request.query_params.getlist("narrow"))
        except ValueError as error:
            raise ParameterError("invalid_parameter", str(error)) from None
        start, count, size = page_window(number, size, page_size=page_size, next_page_size=next_page_size)
        base_url = str(request.base_url).rstrip("/")
        following = {"page": number + 1} | ({"size": size} if size is not None else {})
        next_url = str(request.url.include_query_params(**following))
        return await run_in_threadpool(answer, name, start, count, base_url, next_url, narrowing)

    def answer(
        name: str, start: int, count: int, base_url: str, next_url: str, narrowing: Narrowing | None
    ) -> Response:
        """One page of the search's answer, encoded (in a worker thread: see the module docstring)."""

        def thumbnail(icon: ServedIcon) -> str:
            return f"{base_url}/private/bundle_icons/{icon.id}/small"

        return JSONResponse(answers.document(name, start, count, narrowing, thumbnail=thumbnail, next_url=next_url))

    async def download(request: Request) -> Response:
        """One variant's file, streamed, with its type, length and file name."""
        variant_id = _parse_id(_single_parameter(request, "id"), "id")
        found = served.variant(variant_id)
        if found is None:
            return error_response(404, "not_found", f"No icon variant has id {variant_id}.")
        icon, variant = found
        try:
            body = await run_in_threadpool(served.file_bytes, icon, variant)
        except PictureFailed as error:
            return _picture_failed(error)
        headers = {
            "Content-Length": str(len(body)),
            "Content-Disposition": f'attachment; filename="{served.file_name(icon, variant)}"',
            "Cache-Control": "private, max-age=86400",
            "X-Content-Type-Options": "nosniff",
        }
        if variant.format == "svg":
            headers["Content-Security-Policy"] = "default-src 'none'"
            if served.current_colour is not None:
                headers["Iconcat-Current-Color"] = served.current_colour
        return StreamingResponse(_chunks(body), media_type=MEDIA_TYPES[variant.format], headers=headers)

    async def thumbnail(request: Request) -> Response:
        """The icon's small transparent PNG preview."""
        icon_id = _parse_id(request.path_params["icon_id"], "icon id")
        icon = served.icon(icon_id)
        if icon is None:
            return error_response(404, "not_found", f"No icon has id {icon_id}.")
        body = previews.get(icon.id)
        if body is None:
            try:
                body = await run_in_threadpool(served.thumbnail_bytes, icon)
            except PictureFailed as error:
                return _picture_failed(error)
            previews.put(icon.id, body)
        return Response(
            body,
            media_type="image/png",
            headers={"Cache-Control": "private, max-age=86400", "X-Content-Type-Options": "nosniff"},
        )

    async def sets(request: Request) -> Response:
        """Every set served (`iconcat.embedded.sets`): an extension a client that does not know it never asks."""
        return await run_in_threadpool(lambda: JSONResponse(sets_document(served)))

    async def parameter_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ParameterError)
        return error_response(400, exc.code, exc.message)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        codes = {404: "not_found", 405: "method_not_allowed"}
        messages = {404: "There is nothing at this address.", 405: "Only GET is supported here."}
        code = codes.get(exc.status_code, "http_error")
        message = messages.get(exc.status_code, str(exc.detail))
        return error_response(exc.status_code, code, message, dict(exc.headers or {}))

    async def server_error(request: Request, exc: Exception) -> Response:
        return error_response(500, "internal_error", "The catalogue failed to answer; try again.")

    app = Starlette(
        routes=[
            Route("/api/v1/search", search, methods=["GET"]),
            Route("/api/v1/download", download, methods=["GET"]),
            Route("/api/v1/sets", sets, methods=["GET"]),
            Route("/private/bundle_icons/{icon_id}/small", thumbnail, methods=["GET"]),
        ],
        exception_handlers={ParameterError: parameter_error, HTTPException: http_error, 500: server_error},
    )
    app.add_middleware(BearerAuthAndLatency, token=token, latency_ms=latency_ms)
    return app


def _picture_failed(error: PictureFailed) -> Response:
    return error_response(500, "picture_failed", f"This picture could not be drawn: {str(error).rstrip('.')}.")


async def _chunks(body: bytes) -> AsyncIterator[bytes]:
    for start in range(0, len(body), STREAM_CHUNK):
        yield body[start : start + STREAM_CHUNK]
