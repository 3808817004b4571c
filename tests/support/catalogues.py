"""The catalogues the seam's tests run over (`tests/catalogue`): small icon sets on disk, and each adapter.

- `write_icon_sets(folder)`: one IconifyJSON package (with a licence, an author and Iconify names) and
  one folder of SVG files, one of which the rasteriser refuses (nested past what it walks): its
  preview and PNGs cannot be drawn.
- `service(base_url)`: the seed's interface over real HTTP through `ServiceCatalogue` (today's
  `CatalogueClient`); `embedded_demo()`, `embedded_sets(sets)`: the same catalogue objects in-process
  (`EmbeddedCatalogue`), the sets' pages staged at `SETS_PAGE_SIZE` as their server's are.
- `Subject`: one adapter over one catalogue, for the contract's fixture.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from iconcat.api import CatalogueClient
from iconcat.catalogue.embedded import EmbeddedCatalogue
from iconcat.catalogue.iconify_api import IconifyApiCatalogue
from iconcat.catalogue.kinds import demo_spec, iconify_spec, service_spec, sets_spec
from iconcat.catalogue.protocol import Catalogue
from iconcat.catalogue.service import ServiceCatalogue
from iconcat.demo.catalogue import default_catalogue
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


def service(base_url: str, **client: Any) -> ServiceCatalogue:
    """The service adapter for `base_url` (`client`: options of its `CatalogueClient`)."""

    def make_client() -> CatalogueClient:
        return CatalogueClient(base_url, TEST_TOKEN, **client)

    return ServiceCatalogue(service_spec(base_url), base_url, TEST_TOKEN, make_client=make_client)


def iconify_catalogue(base_url: str, **options: Any) -> IconifyApiCatalogue:
    """The Iconify API adapter for the API at `base_url`."""
    return IconifyApiCatalogue(iconify_spec(base_url), base_url, **options)


def embedded_demo(**options: Any) -> EmbeddedCatalogue:
    return EmbeddedCatalogue(demo_spec(), served=default_catalogue(), **options)


def embedded_sets(icon_sets: IconSets, **options: Any) -> EmbeddedCatalogue:
    options.setdefault("page_size", SETS_PAGE_SIZE)
    options.setdefault("next_page_size", SETS_PAGE_SIZE)
    return EmbeddedCatalogue(sets_spec(icon_sets.arguments), served=icon_sets.served, **options)
