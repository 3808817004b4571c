"""`CatalogueClient`: the seed's interface over HTTP (its endpoints and reading their answers), on
`GuardedHttp` (`_http`: deadlines, retries, redirects, the token to one origin, address refusals,
size caps, errors in words), one connection pool for its life.

Decisions (the interface says nothing about limits or paging; the client survives, never assumes):

- Endpoints: `GET {base}/api/v1/search?name=…` (with the `narrow` extension: one parameter a word),
  `GET {base}/api/v1/download?id=…`, and the thumbnail at the address an icon gives (relative to the
  base URL, or absolute: on another origin it is fetched without the token).
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
- A search longer than the catalogue accepts is refused before it is sent when the limit is given
  (`query_limit`: the catalogue's spec says it for the embedded kinds, 200); a service that accepts
  less refuses it itself (a 400 in its own words, one round trip, never parsed for a number). The
  client's own cap, whatever the catalogue, is `MAX_QUERY_LENGTH`.
- The client does HTTP only; the disk is `iconcat.disk.downloads`'s (`FileSaver`: the folder, the temporary
  file, the content check, the atomic publication, the clean-up). Its `SaveError` becomes a
  `StorageError` with the same words, its `ContentMismatchError` a `ProtocolError`. `download_file` is
  `download` with more say: a name chosen once the file's format is known (`name_for`), and identical
  bytes already saved kept instead of a copy (`keep_identical`); it says which happened (`SavedFile`).
- `fetch_variant` reads a variant's file into memory instead (to resample a PNG), with the download's
  stall watchdog and content checks, capped at `limit` bytes (default `MAX_FETCH_BYTES`, 64 MiB).
  With it comes the colour the catalogue says it paints an SVG's `currentColor` in its own PNGs
  (`Iconcat-Current-Color`, an extension of the embedded catalogue's; `FetchedFile.current_colour`):
  as sent and unchecked (at most `MAX_COLOUR_HEADER` characters, else None): whoever paints with it
  checks it first (`iconcat.disk.saving`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import Callable, Generator, Sequence
from os import PathLike
from pathlib import Path

# httpx without its command-line tool: first, before httpx itself (see _quiet_httpx).
from . import _quiet_httpx  # noqa: F401

# isort: split

import httpx

from iconcat.disk import downloads

from ._auth import Origin
from ._errors import (
    CatalogueError,
    NetworkError,
    NotFoundError,
    ProtocolError,
    RequestRefusedError,
    SettingsError,
)
from ._files import MAX_FETCH_BYTES, MAX_ICONS_HELD, FetchedFile, save_failure
from ._http import GuardedHttp, Sink, clean_chain, declared_length
from ._models import Icon, SearchResult, UnreadableAnswer, tolerant_answer
from ._paging import cap_notice, merge_page, vet_next
from ._retry import RetryPolicy
from ._sets import SetsAnswer, parse_sets
from ._socket_reads import widen_socket_reads

__all__ = ["MAX_FETCH_BYTES", "MAX_ICONS_HELD", "MAX_QUERY_LENGTH", "CatalogueClient", "FetchedFile"]

MAX_JSON_BYTES = 8 * 1024 * 1024
MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024
MAX_DOWNLOAD_BYTES = 1024 * 1024 * 1024
MAX_COLOUR_HEADER = 64
"""Longest `Iconcat-Current-Color` kept (the longest CSS colour `svg_raster.check_colour` accepts)."""
MAX_QUERY_LENGTH = 500
"""Longest search text the client sends to any catalogue (a catalogue may accept less: `query_limit`)."""
FAST_DECODE_FROM = 64 * 1024
"""Answers of this many bytes or more (about 140 icons) go through the fast decoder (`_answer`, which
imports msgspec); smaller ones through the tolerant parser in one go (a millisecond): the same result
either way (tests/api/test_answer_parse.py), and a small search never imports msgspec."""


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
        body = cls(variant_id, downloads.extension_for_content_type(content_type), declared_length(response), encoded)
        if body.total is not None and body.total > cap:
            raise ProtocolError(f"variant {variant_id}'s file is {body.total} bytes, more than the {cap} accepted")
        return body

    def check_whole(self, written: int) -> None:
        """A body cut short of its declared length is a network failure (worth trying again)."""
        if self.declared is not None and not self.encoded and written != self.declared:
            raise NetworkError(
                f"variant {self.variant_id}'s file arrived incomplete ({written} of {self.declared} bytes): try again"
            )


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
        if type(max_icons_held) is not int or max_icons_held < 1:
            raise SettingsError("the most icons held must be a whole number of at least 1")
        self.max_icons_held = max_icons_held
        """Most icons one search's result holds across its pages."""
        if query_limit is not None and (type(query_limit) is not int or query_limit < 1):
            raise SettingsError("the query limit must be a whole number of at least 1")
        self.query_limit = min(query_limit, MAX_QUERY_LENGTH) if query_limit is not None else None
        """The longest search text the catalogue accepts, when known (the spec's, for the embedded
        kinds): a longer search is refused before it is sent."""
        self._limits = {"json": max_json_bytes, "thumbnail": max_thumbnail_bytes, "download": max_download_bytes}
        self._http = GuardedHttp(base_url, token, timeout=timeout, transport=transport, retry=retry, stacklevel=3)

    @property
    def timeout(self) -> float:
        """Deadline in seconds for each attempt at a request (see `_http`'s docstring)."""
        return self._http.timeout

    @property
    def retry(self) -> RetryPolicy:
        """When and how long to wait before trying again."""
        return self._http.retry

    @property
    def base_url(self) -> str:
        """The catalogue's base URL, normalised (no trailing slash)."""
        return str(self._http.base).rstrip("/")

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

    @clean_chain
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
        url = self._http.endpoint("/api/v1/search", {"name": name, "narrow": list(narrow)})
        page: SearchResult = await self._http.get(
            url,
            what="the search",
            accept="application/json",
            accept_encoding="gzip, deflate",
            read=self._read_search_result,
        )
        return merge_page(None, page, url, origin=self._http.origin, max_icons_held=self.max_icons_held)

    @clean_chain
    async def sets(self) -> SetsAnswer:
        """Every set the catalogue serves (`GET /api/v1/sets`, the embedded catalogue's extension).

        The seed's service has no such endpoint: `NotFoundError` (404) or a `ServiceError` with
        `status` 405, for the caller to read as "it does not list its sets". A body that is no sets
        answer is a `ProtocolError`; entries that do not fit are left out (`SetsAnswer.skipped`)."""
        url = self._http.endpoint("/api/v1/sets", {})
        answer: SetsAnswer = await self._http.get(
            url,
            what="the list of sets",
            accept="application/json",
            accept_encoding="gzip, deflate",
            read=self._read_sets,
        )
        return answer

    async def _read_sets(self, response: httpx.Response) -> SetsAnswer:
        origin = Origin.of(response.request.url)
        body = await self._http.read_capped(response, self._limits["json"], "the list of sets")
        if _is_web_page(response.headers.get("content-type")) or body.lstrip()[:1] == b"<":
            raise ProtocolError(f"the service at {origin} answered the list of sets with a web page, not JSON")
        try:
            document = json.loads(body.removeprefix(b"\xef\xbb\xbf"))
        except (ValueError, RecursionError):  # JSONDecodeError, UnicodeDecodeError, too many digits, too deep
            raise ProtocolError(f"the list of sets from {origin} is not valid JSON") from None
        try:
            return parse_sets(document)
        except ValueError as error:
            problem = str(error)
        raise ProtocolError(f"the list of sets from {origin} has the wrong shape ({problem})")

    @clean_chain
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
        target, refusal = vet_next(result.next_page, self._http.base, result.pages_fetched, origin=self._http.origin)
        if target is None:
            return dataclasses.replace(result, next_page=None, paging_stopped=refusal)
        page: SearchResult = await self._http.get(
            target,
            what="the next page of results",
            accept="application/json",
            accept_encoding="gzip, deflate",
            read=self._read_search_result,
        )
        return merge_page(result, page, target, origin=self._http.origin, max_icons_held=self.max_icons_held)

    @clean_chain
    async def thumbnail(self, icon: Icon | str) -> bytes:
        """The bytes of an icon's small preview image (not decoded: see `iconcat.imaging`)."""
        address = icon.thumbnail if isinstance(icon, Icon) else icon
        if not isinstance(address, str) or not address.strip():
            raise NotFoundError("this icon has no preview image")
        url = self._http.resolve(address, "the preview image")

        async def read(response: httpx.Response) -> bytes:
            if _is_web_page(response.headers.get("content-type")):
                raise ProtocolError(f"the preview at {Origin.of(url)} is a web page, not an image")
            return await self._http.read_capped(response, self._limits["thumbnail"], "the preview image")

        preview: bytes = await self._http.get(
            url, what="the preview image", accept="image/png,image/*;q=0.8", accept_encoding="identity", read=read
        )
        return preview

    @clean_chain
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
        nothing behind (see `iconcat.disk.downloads`); temporary files that killed iconcat runs left in the
        folder are removed first.
        """
        saved = await self.download_file(
            variant_id, dest_dir, filename=filename, overwrite=overwrite, progress=progress
        )
        return saved.path

    @clean_chain
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

    @clean_chain
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
        url = self._http.endpoint("/api/v1/download", {"id": str(variant_id)})
        response: httpx.Response = await self._http.get(
            url, what=f"variant {variant_id}", accept="*/*", accept_encoding="identity", read=None
        )
        widen_socket_reads(response)
        return response

    # ------------------------------------------------------------------------------- reading answers

    async def _read_search_result(self, response: httpx.Response) -> SearchResult:
        origin = Origin.of(response.request.url)
        if _is_web_page(response.headers.get("content-type")):
            raise ProtocolError(
                f"the service at {origin} answered with a web page, not JSON: check the base URL "
                "(a login page or a proxy may be in the way)"
            )
        body = await self._http.read_capped(response, self._limits["json"], "the search answer")
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
        except (downloads.SaveError, downloads.ContentMismatchError) as error:
            failure = save_failure(error, variant_id)
        raise failure

    async def _stream_into(self, sink: Sink, response: httpx.Response, limit: int, variant_id: int) -> None:
        """Feed variant `variant_id`'s body, decompressed and capped, to `sink`; abandon it when it stalls."""
        await self._http.stream_into(
            sink, response, limit, what=f"the download of variant {variant_id}", body=f"variant {variant_id}'s file"
        )


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
