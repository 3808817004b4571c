"""`Catalogue`: what every front end asks of a catalogue, whatever its kind.

    catalogue = open_catalogue(choose_catalogue(settings, CatalogueFlags("search")))
    async with catalogue:
        await catalogue.open(progress)            # an index built first, for the kinds that have one
        result = await catalogue.search("arrow", narrow=("set:tabler",))
        while result.can_load_more:
            result = await catalogue.more(result)
        png = await catalogue.thumbnail(result.icons[0])
        saved = await catalogue.download_file(variant_id, folder, keep_identical=True)

The methods are the ones the browser, `iconcat search`/`download`/`pick`, saving and the bag call on
`CatalogueClient` today, with the same arguments, the same models (`iconcat.api`'s `Icon`,
`SearchResult`, `FetchedFile`, `downloads.SavedFile`) and the same errors (the `CatalogueError` tree),
so a front end switches to the seam without changing what it does with the answers:

- `search(name, narrow=())`, `more(result)`: the first page, then the next; paging, the cap of icons
  held (`max_icons_held`), `total` and `narrowed` as `CatalogueClient` documents them.
- `thumbnail(icon)`: the small preview's PNG bytes. A missing preview is `NotFoundError`; one the
  catalogue cannot draw is a `ServiceError` whose `code` is `PICTURE_FAILED` (both: "no preview").
- `download(...)`, `download_file(...)`, `fetch_variant(...)`: a variant's file saved whole or not at
  all (`iconcat.disk.downloads`'s rules), or read into memory, checked alike.
- `icon(id)`, `icon_of_variant(id)`: an icon looked up, behind `capabilities.looks_up_ids`; None when
  nothing has that id; `NotOffered` from a kind that cannot look up.
- `icon_named("tabler:trash")`: an icon looked up by its Iconify name (an alias's too), behind
  `capabilities.looks_up_iconify_names`; None when no served set has it; `NotOffered` otherwise.
- `sets()`: every set it serves (`iconcat.api.SetSummary`: prefix, name, the count `set:<prefix>`
  lists, category, licence, author, samples), behind `capabilities.lists_sets`; `NotOffered` from a
  kind that cannot say (the seed's service: no `/api/v1/sets`).
- `open(progress)`: ready the catalogue (the index of sets from disk built or brought up to date,
  `progress` called from the building thread as it goes); every other method opens it when needed,
  so calling it is only for progress and for when the wait happens.
- `aclose()` (and `async with`): every connection, thread-local database handle and pool closed.

`VariantFiles` is the part saving needs (`iconcat.disk.saving.save_choice`, the bag's batch), which
`CatalogueClient` also has, so they can take either while the front ends move over.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, Self

from iconcat.api import RequestRefusedError

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import FetchedFile, Icon, SearchResult, SetSummary
    from iconcat.disk.downloads import Progress, SavedFile
    from iconcat.sources.index import BuildProgress

    from .spec import CatalogueSpec

__all__ = ["BuildProgressCallback", "Catalogue", "NotOffered", "VariantFiles"]

BuildProgressCallback = Callable[["BuildProgress"], None]
"""Told how an index build goes (`open(progress)`), from the thread that builds it."""


class NotOffered(RequestRefusedError):
    """The catalogue's kind cannot do what was asked (its spec's flag says so): asking again cannot help."""


class VariantFiles(Protocol):
    """A variant's file, saved or in memory: what saving one asks of a catalogue (or a `CatalogueClient`,
    whose methods are awaitables, not coroutine functions: hence the plain `def`s)."""

    def download_file(
        self,
        variant_id: int,
        dest_dir: str | PathLike[str],
        *,
        filename: str | None = None,
        name_for: Callable[[str], str] | None = None,
        overwrite: bool = False,
        keep_identical: bool = False,
        progress: Progress | None = None,
    ) -> Awaitable[SavedFile]:
        """Save the variant's file into `dest_dir` (see `CatalogueClient.download_file`)."""
        ...

    def fetch_variant(
        self, variant_id: int, *, limit: int | None = None, progress: Progress | None = None
    ) -> Awaitable[FetchedFile]:
        """The variant's file in memory, at most `limit` bytes (see `CatalogueClient.fetch_variant`)."""
        ...


class Catalogue(VariantFiles, Protocol):
    """One catalogue of any kind, as the front ends use it (see the module docstring)."""

    @property
    def spec(self) -> CatalogueSpec:
        """What it is and can do (its label may change once opened: sets from disk are named then)."""
        ...

    @property
    def max_icons_held(self) -> int:
        """Most icons one search's result holds across its pages."""
        ...

    async def open(self, progress: BuildProgressCallback | None = None) -> None:
        """Ready it: build or bring up to date what it needs first; nothing for kinds that need nothing."""
        ...

    async def search(self, name: str, narrow: Sequence[str] = ()) -> SearchResult:
        """The first page of the icons matching `name`, narrowed by `narrow` where the kind narrows."""
        ...

    async def more(self, result: SearchResult) -> SearchResult:
        """`result` and its next page, as one new result (`result` itself when there is none)."""
        ...

    async def thumbnail(self, icon: Icon) -> bytes:
        """The icon's small preview, PNG bytes (not decoded)."""
        ...

    async def download(
        self,
        variant_id: int,
        dest_dir: str | PathLike[str],
        filename: str | None = None,
        overwrite: bool = False,
        progress: Progress | None = None,
    ) -> Path:
        """Save the variant's file into `dest_dir` and return its path."""
        ...

    async def icon(self, icon_id: int) -> Icon | None:
        """The icon with this id, or None (behind `capabilities.looks_up_ids`)."""
        ...

    async def icon_of_variant(self, variant_id: int) -> Icon | None:
        """The icon one of whose variants has this id, or None (behind `capabilities.looks_up_ids`)."""
        ...

    async def icon_named(self, name: str) -> Icon | None:
        """The icon whose Iconify name (or an alias's) is `name`, or None (behind
        `capabilities.looks_up_iconify_names`)."""
        ...

    async def sets(self) -> tuple[SetSummary, ...]:
        """Every set it serves, in its order (the embedded catalogue's: by name), behind
        `capabilities.lists_sets`; `NotOffered` when it cannot say."""
        ...

    async def aclose(self) -> None:
        """Close it; it cannot be used afterwards."""
        ...

    async def __aenter__(self) -> Self: ...

    async def __aexit__(self, *exc_info: object) -> None: ...
