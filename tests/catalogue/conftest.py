"""The catalogues the seam's tests run over: every adapter, on the demo and on small icon sets from disk.

- `service-demo`: the seed's interface over real HTTP to the embedded demo on a loopback port (the
  session's `catalogue`), through `ServiceCatalogue` (today's `CatalogueClient`).
- `service-sets`: the same over HTTP to the embedded catalogue serving `ICON_SETS` (pages of 2 icons, so
  a search of a few icons has several).
- `embedded-demo`, `embedded-sets`: the same catalogue objects in-process (`EmbeddedCatalogue`), the
  sets' pages staged alike.

The sets: one IconifyJSON package (with a licence, an author and Iconify names) and one folder of SVG
files, one of which the rasteriser refuses (nested past what it walks): its preview and PNGs cannot
be drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from iconcat.api import CatalogueClient
from iconcat.catalogue.embedded import EmbeddedCatalogue
from iconcat.catalogue.kinds import demo_spec, service_spec, sets_spec
from iconcat.catalogue.protocol import Catalogue
from iconcat.catalogue.service import ServiceCatalogue
from iconcat.server import start_catalogue
from iconcat.server.catalogue import default_catalogue
from iconcat.server.sources.serving import open_sources
from tests.conftest import TEST_TOKEN
from tests.support.hostile_svg import nested_too_deeply
from tests.support.iconsets import iconify_package, iconify_set, svg_text, write_svg

SETS_PAGE_SIZE = 2
"""Icons on each page of the sets' answers (in-process and over HTTP alike)."""
ARROWS = ("arrow-up", "arrow-down", "arrow-left", "arrow-right", "arrow-up-circle", "arrow-down-circle")
LICENCE = {"title": "MIT License", "spdx": "MIT", "url": "https://example.test/LICENSE"}
AUTHOR = {"name": "Test Author", "url": "https://example.test/author"}


@dataclass(frozen=True)
class IconSets:
    """The sets from disk: the `--from` arguments and the catalogue serving them."""

    arguments: tuple[str, ...]
    served: Any


@dataclass(frozen=True)
class Subject:
    """One adapter over one catalogue, made anew in each test's event loop (`make`)."""

    name: str
    make: Callable[[], Catalogue]
    query: str
    """A search of several pages."""
    undrawable: str | None = None
    """A search whose only icon's picture cannot be drawn (None: the catalogue has none)."""

    @property
    def in_process(self) -> bool:
        return self.name.startswith("embedded")


def write_icon_sets(folder: Path) -> tuple[str, ...]:
    """An IconifyJSON package of arrows and a house, and a folder of two SVGs, one undrawable."""
    icons: dict[str, dict[str, Any]] = {key: {} for key in ARROWS}
    icons["home"] = {}
    package = iconify_package(
        folder / "test-arrows",
        iconify_set("tarrow", icons, info={"name": "Test Arrows", "license": LICENCE, "author": AUTHOR}),
        info={"name": "Test Arrows", "license": LICENCE, "author": AUTHOR},
    )
    drawings = folder / "drawings"
    write_svg(drawings / "good-glyph.svg", svg_text())
    write_svg(drawings / "bad-glyph.svg", nested_too_deeply())
    return (str(package.parent), str(drawings))


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


def service(base_url: str, **client: Any) -> ServiceCatalogue:
    """The service adapter for `base_url` (`client`: options of its `CatalogueClient`)."""

    def make_client() -> CatalogueClient:
        return CatalogueClient(base_url, TEST_TOKEN, **client)

    return ServiceCatalogue(service_spec(base_url), base_url, TEST_TOKEN, make_client=make_client)


def embedded_demo(**options: Any) -> EmbeddedCatalogue:
    return EmbeddedCatalogue(demo_spec(), served=default_catalogue(), **options)


def embedded_sets(icon_sets: IconSets, **options: Any) -> EmbeddedCatalogue:
    options.setdefault("page_size", SETS_PAGE_SIZE)
    options.setdefault("next_page_size", SETS_PAGE_SIZE)
    return EmbeddedCatalogue(sets_spec(icon_sets.arguments), served=icon_sets.served, **options)


SUBJECTS = ["service-demo", "embedded-demo", "service-sets", "embedded-sets"]


@pytest.fixture(params=SUBJECTS)
def subject(request: pytest.FixtureRequest) -> Subject:
    """Each adapter in turn: the contract's assertions run over every one."""
    name = request.param
    if name.endswith("demo"):
        demo_url = request.getfixturevalue("catalogue").base_url
        make = (lambda: service(demo_url)) if name.startswith("service") else embedded_demo
        return Subject(name, make, query="arrow")
    sets: IconSets = request.getfixturevalue("icon_sets")
    if name.startswith("service"):
        sets_url = request.getfixturevalue("sets_server")
        return Subject(name, lambda: service(sets_url), query="arrow", undrawable="bad glyph")
    return Subject(name, lambda: embedded_sets(sets), query="arrow", undrawable="bad glyph")
