"""The catalogues the seam's tests run over: every adapter, on the demo and on small icon sets from disk.

- `service-demo`: the seed's interface over real HTTP to the embedded demo on a loopback port (the
  session's `catalogue`), through `ServiceCatalogue` (today's `CatalogueClient`).
- `service-sets`: the same over HTTP to the embedded catalogue serving the sets of
  `tests.support.catalogues.write_icon_sets` (pages of 2 icons, so a search of a few has several).
- `embedded-demo`, `embedded-sets`: the same catalogue objects in-process (`EmbeddedCatalogue`), the
  sets' pages staged alike.
- `iconify-api`: Iconify's own API (`@iconify/api` 3.1.1 on Node, `tests.support.iconify_api`) through
  `IconifyApiCatalogue`; skipped, saying why, without `ICONCAT_NODE_TOOLS` or Node.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from iconcat.server import start_catalogue
from iconcat.sources.serving import open_sources
from tests.conftest import TEST_TOKEN
from tests.support.catalogues import (
    SETS_PAGE_SIZE,
    IconSets,
    Subject,
    embedded_demo,
    embedded_sets,
    iconify_catalogue,
    service,
    write_icon_sets,
)
from tests.support.iconify_api import ApiServer, skip_reason, start_iconify_api


@pytest.fixture(scope="session")
def icon_sets(tmp_path_factory: pytest.TempPathFactory) -> Iterator[IconSets]:
    folder = tmp_path_factory.mktemp("icon-sets")
    arguments = write_icon_sets(folder)
    served = open_sources(arguments, folder=folder / "cache")
    try:
        yield IconSets(arguments, served)
    finally:
        served.index.close()


@pytest.fixture(scope="session")
def sets_server(icon_sets: IconSets) -> Iterator[str]:
    """The base URL of the embedded catalogue serving `icon_sets` over loopback."""
    with start_catalogue(
        token=TEST_TOKEN, catalogue=icon_sets.served, page_size=SETS_PAGE_SIZE, next_page_size=SETS_PAGE_SIZE
    ) as server:
        yield server.base_url


@pytest.fixture(scope="session")
def iconify_api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ApiServer]:
    """Iconify's own API (3.1.1, on Node) serving the pinned Tabler, Lucide and Phosphor on loopback."""
    reason = skip_reason()
    if reason is not None:
        pytest.skip(reason)
    with start_iconify_api(tmp_path_factory.mktemp("iconify-api")) as server:
        yield server


SUBJECTS = ["service-demo", "embedded-demo", "service-sets", "embedded-sets", "iconify-api"]


@pytest.fixture(params=SUBJECTS)
def subject(request: pytest.FixtureRequest) -> Subject:
    """Each adapter in turn: the contract's assertions run over every one."""
    name = request.param
    if name == "iconify-api":
        api_url = request.getfixturevalue("iconify_api").base_url
        return Subject(name, lambda: iconify_catalogue(api_url), query="chevron")
    if name.endswith("demo"):
        demo_url = request.getfixturevalue("catalogue").base_url
        make = (lambda: service(demo_url)) if name.startswith("service") else embedded_demo
        return Subject(name, make, query="arrow")
    sets: IconSets = request.getfixturevalue("icon_sets")
    if name.startswith("service"):
        sets_url = request.getfixturevalue("sets_server")
        return Subject(name, lambda: service(sets_url), query="arrow", undrawable="bad glyph")
    return Subject(name, lambda: embedded_sets(sets), query="arrow", undrawable="bad glyph")
