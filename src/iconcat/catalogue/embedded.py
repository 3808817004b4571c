"""The embedded catalogue in-process: the demo and icon sets from disk, answered by library calls.

No socket, no uvicorn thread, no HTTP: a search, a next page, a preview or a variant's file is asked
of the catalogue object itself (`iconcat.demo.catalogue.Catalogue` for the demo,
`iconcat.sources.catalogue.SourceCatalogue` for sets from disk) in a worker thread
(`asyncio.to_thread`: search, SQLite and drawing never block the event loop, as they did not when a
server thread answered them). `iconcat serve` stays the HTTP face of the same objects.

The answers are the HTTP answers, built once: a page is the document `iconcat.embedded.answers` makes
for the HTTP app (the same records as JSON entries, the same page sizes, `meta.total`, `narrow`,
`meta.narrowed`), read by the client's own parser (`iconcat.api.parse_search_result`) and grown page
by page by the client's own rules (`iconcat.api._paging.grown_result`: the cap of icons held, the
stops, `total`, `narrowed`). So the icons, the paging and the counts equal those of the same search
over HTTP, field by field, with one difference: an in-process catalogue has no address, so an icon's
`thumbnail` is "" (its preview is `thumbnail(icon)`, by id).

- A next page is named by a string of this catalogue's own (`SearchResult.next_page`, opaque to the
  front ends as a URL is): the query, the page, its size and the narrowing words. A result from
  another catalogue is not followed (`paging_stopped` says so).
- A search longer than `spec.query_limit` (200) is refused before it is asked (`RequestRefusedError`,
  the client's words); narrowing words the catalogue cannot read are refused with the server's words.
- Previews are kept once drawn (`PREVIEWS_KEPT`, as the HTTP app keeps them); an icon unknown to the
  catalogue has no preview (`NotFoundError`); one it cannot draw (an SVG from disk, broken or too
  slow) is a `ServiceError` with `code` `PICTURE_FAILED`, as over HTTP.
- Files are saved through `files.save_file` (`iconcat.disk.downloads`: whole or not at all, exactly the
  client's path); an unknown variant is `NotFoundError`.
- `open(progress)`: the demo builds its search index, sets from disk their index (built first when a
  set is new or changed: `serving.open_sources`, `progress` called from the building thread); a
  cancelled `open` stops the build, the sets finished kept. Every other call opens when needed.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self
from urllib.parse import parse_qs, urlencode

from iconcat.api import (
    MAX_FETCH_BYTES,
    MAX_ICONS_HELD,
    PICTURE_FAILED,
    Icon,
    NotFoundError,
    RequestRefusedError,
    SearchResult,
    ServiceError,
    SettingsError,
    parse_search_result,
)
from iconcat.api._paging import cap_notice, grown_result
from iconcat.embedded.answers import DEFAULT_PAGE_SIZE, NEXT_PAGE_SIZE, SearchAnswers, ServedCatalogue, page_window
from iconcat.embedded.narrowing import Narrowing, parse_narrowing
from iconcat.embedded.refs import MEDIA_TYPES, PictureFailed
from iconcat.lru import BoundedLRU

from . import files
from .protocol import BuildProgressCallback, NotOffered

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import FetchedFile, SetSummary
    from iconcat.catalogue.local_sets import LocalSets
    from iconcat.disk.downloads import Progress, SavedFile

    from .choose import CatalogueChoice
    from .spec import CatalogueSpec

__all__ = ["PREVIEWS_KEPT", "EmbeddedCatalogue", "demo_catalogue", "from_choice"]

PREVIEWS_KEPT = 2048
"""Previews drawn before that are answered without a worker thread (a few KB each: a few MB)."""
MAX_DOWNLOAD_BYTES = 1024 * 1024 * 1024
"""The client's cap on one file (`fetch_variant` takes no more, whatever `limit` says)."""

Build = Callable[[BuildProgressCallback | None, threading.Event], tuple[ServedCatalogue[Any], str | None]]
"""Opens a catalogue to serve in a thread: (progress, cancel) → (the catalogue, its title or None)."""

_instances = itertools.count(1)


def demo_catalogue() -> ServedCatalogue[Any]:
    """The demo catalogue, imported when first opened (its drawing code takes a quarter of a second).
    (Tests replace this to stage another, as they replace `iconcat.server.app.default_catalogue`.)"""
    from iconcat.demo.catalogue import default_catalogue

    return default_catalogue()


def _demo_build(progress: BuildProgressCallback | None, cancel: threading.Event) -> tuple[ServedCatalogue[Any], None]:
    """The demo, imported, made and its search index built (in `open`'s thread: never on the loop)."""
    served = demo_catalogue()
    served.prepare()
    return served, None


class _Page:
    """Where a page of a search is: its query, number, size asked and narrowing words."""

    __slots__ = ("name", "narrow", "number", "size")

    def __init__(self, name: str, number: int, size: int | None, narrow: tuple[str, ...]) -> None:
        self.name, self.number, self.size, self.narrow = name, number, size, narrow


class EmbeddedCatalogue:
    """A served catalogue answered in-process (see the module docstring).

    Give `served` (a catalogue already made: tests, benchmarks, the demo) or `build` (run in a thread
    by `open`: sets from disk, whose index may take a while); `page_size` and `next_page_size` stage
    paging as `create_app`'s do; `owns` closes `served`'s index with the catalogue.
    """

    def __init__(
        self,
        spec: CatalogueSpec,
        *,
        served: ServedCatalogue[Any] | None = None,
        build: Build | None = None,
        page_size: int = DEFAULT_PAGE_SIZE,
        next_page_size: int | None = None,
        max_icons_held: int = MAX_ICONS_HELD,
        owns: bool = False,
    ) -> None:
        if (served is None) == (build is None):
            raise ValueError("give either a served catalogue or a way to build one")
        if page_size < 1:
            raise ValueError("page_size must be at least 1")
        if type(max_icons_held) is not int or max_icons_held < 1:
            raise SettingsError("the most icons held must be a whole number of at least 1")
        self._spec = spec
        self._served = served
        self._build = build
        self._page_size = page_size
        self._next_page_size = (
            next_page_size
            if next_page_size is not None
            else (NEXT_PAGE_SIZE if page_size == DEFAULT_PAGE_SIZE else page_size)
        )
        self.max_icons_held = max_icons_held
        """Most icons one search's result holds across its pages."""
        self._owns = owns
        self._answers: SearchAnswers | None = None
        self._opening: asyncio.Lock | None = None
        self._previews: BoundedLRU[bytes] = BoundedLRU(PREVIEWS_KEPT)
        self._prefix = f"iconcat-in-process:{next(_instances)}/search?"
        """What this catalogue's next pages start with (`next_page`)."""

    def __repr__(self) -> str:
        return f"EmbeddedCatalogue(kind={self._spec.kind!r}, label={self._spec.label!r})"

    @property
    def spec(self) -> CatalogueSpec:
        return self._spec

    @property
    def served(self) -> ServedCatalogue[Any] | None:
        """The catalogue object answering (None until opened, for one that is built)."""
        return self._served

    # ------------------------------------------------------------------------------------- opening

    @property
    def is_open(self) -> bool:
        """`open` has finished: calls answer without waiting for a build."""
        return self._answers_made()

    def _answers_made(self) -> bool:
        # (A method, not the property: mypy keeps a property's value narrowed across an await.)
        return self._answers is not None

    async def open(self, progress: BuildProgressCallback | None = None) -> None:
        """Build (sets from disk) or prepare (the demo's search index) in a thread; once."""
        if self._answers_made():
            return
        if self._opening is None:
            self._opening = asyncio.Lock()
        async with self._opening:
            if self._answers_made():  # (opened by another call while this one waited)
                return
            if self._served is None:
                assert self._build is not None
                served, title = await _cancellable(self._build, progress)
                self._served, self._owns = served, True
                if title is not None:
                    from .kinds import sets_label

                    # (Named by their files once read: the option that reopens them stays as it was.)
                    self._spec = replace(self._spec, label=sets_label(title))
            else:
                await asyncio.to_thread(self._served.prepare)
            assert self._served is not None
            if self._spec.capabilities.looks_up_iconify_names:
                served_sets = tuple(sorted(self._served.iconify_sets.items()))
                self._spec = replace(self._spec, iconify_sets=served_sets)
            self._answers = SearchAnswers(self._served)

    async def _ready(self) -> SearchAnswers:
        if self._answers is None:
            await self.open()
        assert self._answers is not None
        return self._answers

    # -------------------------------------------------------------------------------------- search

    async def search(self, name: str, narrow: Sequence[str] = ()) -> SearchResult:
        if not isinstance(name, str):
            raise SettingsError("the search text must be a string")
        if isinstance(narrow, str) or not all(isinstance(word, str) for word in narrow):
            raise SettingsError("the narrowing words must be a sequence of strings")
        limit = self._spec.query_limit
        if limit is not None and len(name) > limit:
            raise RequestRefusedError(
                f"the search is {len(name):,} characters long, and the catalogue accepts at most {limit}: shorten it"
            )
        narrowing = self._narrowing(narrow)
        answers = await self._ready()
        where = _Page(name, 1, None, tuple(narrow))
        page, key = await asyncio.to_thread(self._page, answers, where, narrowing)
        return grown_result(None, page, key, self._follow, max_icons_held=self.max_icons_held)

    async def more(self, result: SearchResult) -> SearchResult:
        if not isinstance(result, SearchResult):
            raise SettingsError("more() continues a SearchResult that search() or more() returned")
        if result.next_page is None:
            return result
        if result.icon_count >= self.max_icons_held:
            return replace(result, next_page=None, paging_stopped=cap_notice(self.max_icons_held))
        where = self._read_next(result.next_page)
        if where is None:
            stopped = f"the next page is not one of {self._spec.named}'s: not followed; refine the search to see others"
            return replace(result, next_page=None, paging_stopped=stopped)
        narrowing = self._narrowing(where.narrow)
        answers = await self._ready()
        page, key = await asyncio.to_thread(self._page, answers, where, narrowing)
        return grown_result(result, page, key, self._follow, max_icons_held=self.max_icons_held)

    def _narrowing(self, narrow: Sequence[str]) -> Narrowing | None:
        problem: str | None = None
        try:
            return parse_narrowing(list(narrow))
        except ValueError as error:
            problem = str(error)
        raise RequestRefusedError(f"{self._spec.named} refused the search: it said “{problem}”")

    def _page(self, answers: SearchAnswers, where: _Page, narrowing: Narrowing | None) -> tuple[SearchResult, str]:
        """One page as the client reads it (in a worker thread), and the key it is known by."""
        start, count, size = page_window(
            where.number, where.size, page_size=self._page_size, next_page_size=self._next_page_size
        )
        following = _Page(where.name, where.number + 1, size, where.narrow)
        document = answers.document(
            where.name, start, count, narrowing, thumbnail=_no_address, next_url=self._name_of(following)
        )
        return _read_answer(document), self._name_of(where)

    def _name_of(self, where: _Page) -> str:
        fields: list[tuple[str, object]] = [("name", where.name), ("page", where.number)]
        if where.size is not None:
            fields.append(("size", where.size))
        fields += [("narrow", word) for word in where.narrow]
        return self._prefix + urlencode(fields)

    def _read_next(self, next_page: str) -> _Page | None:
        """The page `next_page` names, when it is one of this catalogue's; else None."""
        if not next_page.startswith(self._prefix):
            return None
        fields = parse_qs(next_page[len(self._prefix) :], keep_blank_values=True)
        try:
            (name,) = fields["name"]
            (number,) = fields["page"]
            sizes = fields.get("size", [])
            size = int(sizes[0]) if sizes else None
            return _Page(name, int(number), size, tuple(fields.get("narrow", [])))
        except (KeyError, ValueError):
            return None

    @staticmethod
    def _follow(raw: str, fetched: tuple[str, ...]) -> tuple[str | None, str | None]:
        if raw in fetched:  # (never, from this catalogue: the rule is the client's)
            return None, "the next page points back to a page already fetched (a loop), so paging stopped"
        return raw, None

    # ----------------------------------------------------------------------------------- previews

    async def thumbnail(self, icon: Icon) -> bytes:
        if not isinstance(icon, Icon):
            raise NotFoundError("this icon has no preview image")
        kept = self._previews.get(icon.id)
        if kept is not None:
            return kept
        await self._ready()
        body = await asyncio.to_thread(self._preview, icon.id)
        self._previews.put(icon.id, body)
        return body

    def _preview(self, icon_id: int) -> bytes:
        """The preview's bytes (in a worker thread)."""
        served = self._serving()
        record = served.icon(icon_id)
        if record is None:
            raise NotFoundError(f"{self._spec.named} has no preview for icon {icon_id}")
        try:
            return served.thumbnail_bytes(record)
        except PictureFailed as error:
            raise self._undrawn("the preview image", error) from None

    def _undrawn(self, what: str, error: PictureFailed) -> ServiceError:
        reason = str(error).rstrip(".")
        return ServiceError(
            f"{what} from {self._spec.named}: this picture could not be drawn: {reason}", code=PICTURE_FAILED
        )

    # -------------------------------------------------------------------------------------- files

    async def download(
        self,
        variant_id: int,
        dest_dir: str | PathLike[str],
        filename: str | None = None,
        overwrite: bool = False,
        progress: Progress | None = None,
    ) -> Path:
        saved = await self.download_file(
            variant_id, dest_dir, filename=filename, overwrite=overwrite, progress=progress
        )
        return saved.path

    async def download_file(
        self,
        variant_id: int,
        dest_dir: str | PathLike[str],
        *,
        filename: str | None = None,
        name_for: Callable[[str], str] | None = None,
        overwrite: bool = False,
        keep_identical: bool = False,
        progress: Progress | None = None,
    ) -> SavedFile:
        _check_variant_id(variant_id)
        folder = Path(dest_dir).expanduser()  # noqa: ASYNC240 - reads $HOME, no disk I/O
        await self._ready()
        body, extension, proposed = await asyncio.to_thread(self._file, variant_id)
        return await files.save_file(
            body,
            variant_id,
            extension,
            folder,
            filename=filename,
            name_for=name_for,
            proposed=proposed,
            overwrite=overwrite,
            keep_identical=keep_identical,
            progress=progress,
        )

    async def fetch_variant(
        self, variant_id: int, *, limit: int | None = None, progress: Progress | None = None
    ) -> FetchedFile:
        _check_variant_id(variant_id)
        cap = min(limit if limit is not None else MAX_FETCH_BYTES, MAX_DOWNLOAD_BYTES)
        await self._ready()
        body, extension, _proposed = await asyncio.to_thread(self._file, variant_id)
        # As the HTTP face's Iconcat-Current-Color: smaller PNGs drawn from this SVG by the client
        # (saving.py) paint currentColor as the catalogue's own PNGs do (--color).
        colour = self._serving().current_colour if extension == "svg" else None
        return files.file_in_memory(body, variant_id, extension, cap, progress, colour)

    def _file(self, variant_id: int) -> tuple[bytes, str, str]:
        """(the variant's bytes, its extension, the catalogue's name for it), in a worker thread."""
        from iconcat.disk.downloads import extension_for_content_type

        served = self._serving()
        found = served.variant(variant_id)
        if found is None:
            raise NotFoundError(f"variant {variant_id} was not found in {self._spec.named}")
        icon, variant = found
        try:
            body = served.file_bytes(icon, variant)
        except PictureFailed as error:
            raise self._undrawn(f"variant {variant_id}", error) from None
        return body, extension_for_content_type(MEDIA_TYPES[variant.format]), served.file_name(icon, variant)

    # ------------------------------------------------------------------------------------- lookups

    async def icon(self, icon_id: int) -> Icon | None:
        await self._ready()
        return await asyncio.to_thread(self._icon, icon_id, False)

    async def icon_of_variant(self, variant_id: int) -> Icon | None:
        await self._ready()
        return await asyncio.to_thread(self._icon, variant_id, True)

    def _icon(self, wanted: int, by_variant: bool) -> Icon | None:
        from iconcat.embedded.answers import icon_json

        served = self._serving()
        if by_variant:
            found = served.variant(wanted)
            record = None if found is None else found[0]
        else:
            record = served.icon(wanted)
        if record is None:
            return None
        icons = parse_search_result({"data": [icon_json(record, "")]}).icons
        return icons[0] if icons else None

    async def icon_named(self, name: str) -> Icon | None:
        if not isinstance(name, str):
            raise SettingsError("an Iconify name is a string, like tabler:trash")
        if not self._spec.capabilities.looks_up_iconify_names:
            raise NotOffered(f"{self._spec.named} has no Iconify names: download its icons by variant id")
        await self._ready()
        return await asyncio.to_thread(self._icon_named, name)

    def _icon_named(self, name: str) -> Icon | None:
        from iconcat.embedded.answers import icon_json, iconify_words

        served = self._serving()
        names, _rest = iconify_words(name.strip(), served.iconify_sets)
        if len(names) != 1:
            return None
        found = served.search_named("", names, None)
        records, _more = found.page(0, 1)
        if not records or records[0].iconify is None:
            return None
        icons = parse_search_result({"data": [icon_json(records[0], "")]}).icons
        return icons[0] if icons else None

    # ---------------------------------------------------------------------------------------- sets

    async def sets(self) -> tuple[SetSummary, ...]:
        """Every set served, read from the document `GET /api/v1/sets` answers (`iconcat.embedded.sets`)
        by the client's own parser, so in-process and over HTTP list the same sets."""
        if not self._spec.capabilities.lists_sets:
            raise NotOffered(f"{self._spec.named} does not list its sets")
        await self._ready()
        return await asyncio.to_thread(self._sets)

    def _sets(self) -> tuple[SetSummary, ...]:
        from iconcat.api import parse_sets
        from iconcat.embedded.sets import sets_document

        return parse_sets(sets_document(self._serving())).sets

    def _serving(self) -> ServedCatalogue[Any]:
        assert self._served is not None, "opened first"
        return self._served

    # -------------------------------------------------------------------------------------- close

    async def aclose(self) -> None:
        """Close the index of sets from disk this catalogue opened (the demo holds nothing open)."""
        served, self._answers = self._served, None
        index = getattr(served, "index", None) if self._owns else None
        if index is not None:
            index.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()


FAST_READ_FROM = 140
"""Pages of this many icons or more are read by the client's fast decoder (`iconcat.api._answer`, from
the document encoded by msgspec), as the client reads an answer of `FAST_DECODE_FROM` bytes (about 140
icons) or more; smaller ones by its tolerant parser straight from the document. The same result
either way (tests/api/test_answer_parse.py), and a page of 500 costs a few milliseconds, not 50."""


def _read_answer(document: dict[str, object]) -> SearchResult:
    """`document` (an answer as the HTTP app would send it) read as the client reads that answer."""
    data = document["data"]
    if isinstance(data, list) and len(data) >= FAST_READ_FROM:
        import msgspec

        from iconcat.api._answer import parse_search_answer

        try:
            body = msgspec.json.encode(document)
        except (msgspec.EncodeError, UnicodeEncodeError, OverflowError):  # (text from disk no JSON can hold)
            body = None
        if body is not None:
            return parse_search_answer(body)
    return parse_search_result(document)


def _no_address(icon: object) -> str:
    """An in-process catalogue's preview has no address (issue 29 item 11): `thumbnail(icon)` gets it."""
    return ""


def _check_variant_id(variant_id: int) -> None:
    if type(variant_id) is not int or variant_id < 0:
        raise SettingsError("a variant id is a whole number, like 1042")


async def _cancellable(build: Build, progress: BuildProgressCallback | None) -> tuple[ServedCatalogue[Any], str | None]:
    """`build` run in a thread; cancelled, the thread is told to stop (the sets finished are kept)."""
    cancel = threading.Event()
    work = asyncio.ensure_future(asyncio.to_thread(build, progress, cancel))
    # Cancelled, the build ends with IndexCancelled that nobody awaits: retrieved here, or asyncio
    # would print it with its traceback.
    work.add_done_callback(lambda done: done.cancelled() or done.exception())
    try:
        return await asyncio.shield(work)
    except asyncio.CancelledError:
        cancel.set()
        raise


def sets_builder(local: LocalSets, warn: Callable[[str], None] | None) -> Build:
    """How `local`'s sets are opened to serve (`serving.open_sources`) and named (`sources_title`)."""

    def build(progress: BuildProgressCallback | None, cancel: threading.Event) -> tuple[ServedCatalogue[Any], str]:
        from iconcat.sources.serving import open_sources, sources_title

        catalogue = open_sources(local.arguments, colour=local.colour, progress=progress, warn=warn, cancel=cancel)
        return catalogue, sources_title(catalogue)

    return build


def from_choice(choice: CatalogueChoice, *, warn: Callable[[str], None] | None = None) -> EmbeddedCatalogue:
    """The demo or the sets from disk `choice` names (`open_catalogue`'s way to these kinds)."""
    if choice.spec.kind == "sets":
        assert choice.local is not None
        return EmbeddedCatalogue(choice.spec, build=sets_builder(choice.local, warn))
    return EmbeddedCatalogue(choice.spec, build=_demo_build)
