"""The seed's service over HTTP behind the seam: `iconcat.api.CatalogueClient`, wrapped with its spec.

Every call goes to the client as it is: the seed's endpoints and reading their answers
(`iconcat.api._client`), on the guarded HTTP every catalogue over HTTP shares (`iconcat.api._http`:
deadlines, caps, retries, redirects, token rules, errors and their words). The endpoints stay in
`api/`, not here: `CatalogueClient` is the library the product publishes (`from iconcat.api import
CatalogueClient`), and nothing below the seam may import it (docs/architecture.md). The client is
made when the catalogue is opened (or first used), not before: importing the HTTP stack waits until a
front end needs it, and the warnings it gives (plain http to another machine) go to `warn` when one
is given, else are issued as warnings. What the interface cannot do (look an icon up) is `NotOffered`;
so is `sets()` from a service without the embedded catalogue's `/api/v1/sets` (the seed's: 404 or 405).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING, Self

from .protocol import BuildProgressCallback, NotOffered, VariantFiles

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import CatalogueClient, FetchedFile, Icon, SearchResult, SetSummary
    from iconcat.disk.downloads import Progress, SavedFile

    from .choose import CatalogueChoice
    from .spec import CatalogueSpec

__all__ = ["ServiceCatalogue", "from_choice"]


class ServiceCatalogue:
    """A catalogue reached over HTTP through one `CatalogueClient` (one connection pool) for its life.

    `make_client` replaces how the client is made (a test's in-process transport); by default one for
    `base_url` and `token` with `timeout`."""

    def __init__(
        self,
        spec: CatalogueSpec,
        base_url: str,
        token: str,
        *,
        timeout: float = 30.0,
        warn: Callable[[str], None] | None = None,
        make_client: Callable[[], CatalogueClient] | None = None,
    ) -> None:
        self._spec = spec
        self._base_url = base_url
        self._token = token
        self._timeout = timeout
        self._warn = warn
        self._make_client = make_client
        self._client: CatalogueClient | None = None

    def __repr__(self) -> str:
        return f"ServiceCatalogue(base_url={self._base_url!r}, token='********')"

    @property
    def spec(self) -> CatalogueSpec:
        return self._spec

    @property
    def max_icons_held(self) -> int:
        from iconcat.api import MAX_ICONS_HELD

        return self._client.max_icons_held if self._client is not None else MAX_ICONS_HELD

    @property
    def client(self) -> CatalogueClient:
        """The client, made now if not yet (a `SettingsError` when the base URL or token cannot be used)."""
        if self._client is None:
            self._client = self._new_client()
        return self._client

    def _new_client(self) -> CatalogueClient:
        from iconcat.api import CatalogueClient

        def make() -> CatalogueClient:
            if self._make_client is not None:
                return self._make_client()
            return CatalogueClient(
                self._base_url, self._token, timeout=self._timeout, query_limit=self._spec.query_limit
            )

        if self._warn is None:
            return make()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            client = make()
        for warning in caught:
            self._warn(str(warning.message))
        return client

    async def open(self, progress: BuildProgressCallback | None = None) -> None:
        """Make the client (nothing is built first: `progress` is never called)."""
        self.client  # noqa: B018 - made for its errors and warnings, now

    async def search(self, name: str, narrow: Sequence[str] = ()) -> SearchResult:
        return await self.client.search(name, narrow=narrow)

    async def more(self, result: SearchResult) -> SearchResult:
        return await self.client.more(result)

    async def thumbnail(self, icon: Icon) -> bytes:
        return await self.client.thumbnail(icon)

    async def download(
        self,
        variant_id: int,
        dest_dir: str | PathLike[str],
        filename: str | None = None,
        overwrite: bool = False,
        progress: Progress | None = None,
    ) -> Path:
        return await self.client.download(
            variant_id, dest_dir, filename=filename, overwrite=overwrite, progress=progress
        )

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
        files: VariantFiles = self.client  # (the client is one: saving takes either)
        return await files.download_file(
            variant_id,
            dest_dir,
            filename=filename,
            name_for=name_for,
            overwrite=overwrite,
            keep_identical=keep_identical,
            progress=progress,
        )

    async def fetch_variant(
        self, variant_id: int, *, limit: int | None = None, progress: Progress | None = None
    ) -> FetchedFile:
        return await self.client.fetch_variant(variant_id, limit=limit, progress=progress)

    async def icon(self, icon_id: int) -> Icon | None:
        raise NotOffered(f"{self._spec.named} cannot look an icon up by its id (its interface has no way to)")

    async def icon_of_variant(self, variant_id: int) -> Icon | None:
        raise NotOffered(f"{self._spec.named} cannot look an icon up by a variant's id (its interface has no way to)")

    async def icon_named(self, name: str) -> Icon | None:
        raise NotOffered(f"{self._spec.named} has no Iconify names: download its icons by variant id")

    async def sets(self) -> tuple[SetSummary, ...]:
        """The sets, when the service answers the embedded catalogue's `/api/v1/sets`; the seed's has no
        such endpoint (404, or 405): `NotOffered`, saying so."""
        from iconcat.api import NotFoundError, ServiceError

        try:
            answer = await self.client.sets()
        except NotFoundError:
            raise NotOffered(f"{self._spec.named} does not list its sets") from None
        except ServiceError as error:
            if error.status != 405:
                raise
            raise NotOffered(f"{self._spec.named} does not list its sets") from None
        return answer.sets

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()


def from_choice(choice: CatalogueChoice, *, warn: Callable[[str], None] | None = None) -> ServiceCatalogue:
    """The service `choice` names (`open_catalogue`'s way to this kind)."""
    assert choice.base_url is not None
    return ServiceCatalogue(choice.spec, choice.base_url, choice.token, timeout=choice.timeout, warn=warn)
