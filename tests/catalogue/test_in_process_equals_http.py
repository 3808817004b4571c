"""An in-process catalogue answers what the same catalogue answers over HTTP, field by field.

The same catalogue object is asked both ways: through `ServiceCatalogue` (the client, over a loopback
socket to the embedded server) and through `EmbeddedCatalogue` (library calls). For each query every
page is followed, and each step's result must agree: the icons (every field but the thumbnail's
address: an in-process catalogue has none), whether more are available, the total, the narrowing
words, what was skipped, the pages fetched, why paging stopped; the cap of icons held too. The
previews and the files saved (their names and bytes) agree as well.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

import pytest

from iconcat.api import Icon, SearchResult
from iconcat.catalogue.protocol import Catalogue
from tests.support.catalogues import IconSets, embedded_demo, embedded_sets, service

DEMO_QUERIES: list[tuple[str, tuple[str, ...]]] = [
    ("arrow", ()),
    ("cloud rain", ()),
    ("Arrow  LEFT", ()),
    ("arrow", ("set:core",)),
    ("", ("style:filled", "set:core")),
    ("heart -circle", ()),
    ("nothing matches this", ()),
]
SETS_QUERIES: list[tuple[str, tuple[str, ...]]] = [
    ("arrow", ()),
    ("", ()),
    ("tarrow:arrow-left", ()),
    ("arrow", ("set:test arrows",)),
    ("glyph", ()),
]


def without_address(icon: Icon) -> Icon:
    return dataclasses.replace(icon, thumbnail="")


def outline(result: SearchResult) -> tuple[object, ...]:
    """Everything a front end reads of a result, the icons' preview addresses left out."""
    return (
        tuple(without_address(icon) for icon in result.icons),
        result.more_available,
        result.total,
        result.narrowed,
        result.skipped,
        len(result.pages_fetched),
        result.paging_stopped,
        result.can_load_more,
    )


async def every_page(catalogue: Catalogue, name: str, narrow: Sequence[str]) -> list[tuple[object, ...]]:
    result = await catalogue.search(name, narrow=narrow)
    steps = [outline(result)]
    while result.can_load_more:
        result = await catalogue.more(result)
        steps.append(outline(result))
    return steps


async def agree(over_http: Catalogue, in_process: Catalogue, queries: list[tuple[str, tuple[str, ...]]]) -> int:
    """Assert both answer every query alike, page by page; the number of pages compared."""
    compared = 0
    async with over_http, in_process:
        for name, narrow in queries:
            remote = await every_page(over_http, name, narrow)
            local = await every_page(in_process, name, narrow)
            assert local == remote, f"{name!r} narrowed by {narrow} differs"
            compared += len(remote)
    return compared


async def test_the_demo_in_process_answers_as_over_http(catalogue) -> None:
    pages = await agree(service(catalogue.base_url), embedded_demo(), DEMO_QUERIES)
    assert pages > len(DEMO_QUERIES)  # (some were followed past their first page)


async def test_sets_from_disk_in_process_answer_as_over_http(icon_sets: IconSets, sets_server: str) -> None:
    pages = await agree(service(sets_server), embedded_sets(icon_sets), SETS_QUERIES)
    assert pages > len(SETS_QUERIES)


async def test_their_licences_authors_and_iconify_names_agree(icon_sets: IconSets, sets_server: str) -> None:
    async with service(sets_server) as over_http, embedded_sets(icon_sets) as in_process:
        remote = (await over_http.search("arrow up")).icons
        local = (await in_process.search("arrow up")).icons
    assert [without_address(icon) for icon in remote] == list(local)
    first = local[0]
    assert first.iconify == "tarrow:arrow-up" and first.set.license is not None and first.set.author is not None
    assert (first.set.license.spdx, first.set.license.url) == ("MIT", "https://example.test/LICENSE")
    assert all(icon.thumbnail == "" for icon in local) and all(icon.thumbnail for icon in remote)


async def test_the_cap_of_icons_held_stops_both_alike(catalogue) -> None:
    # The whole demo (1,802 icons) held 100 at most: both stop at the cap and say so, the same way.
    pages = await agree(service(catalogue.base_url, max_icons_held=100), embedded_demo(max_icons_held=100), [("", ())])
    assert pages == 2
    async with embedded_demo(max_icons_held=100) as in_process:
        result = await in_process.more(await in_process.search(""))
    assert result.icon_count == 100 and result.more_available and "at most 100 icons" in (result.paging_stopped or "")


async def test_pages_of_another_size_agree(catalogue) -> None:
    # Staged pages, as create_app stages them: a first page of 7, then pages of 30.
    from iconcat.server import start_catalogue
    from tests.conftest import TEST_TOKEN

    with start_catalogue(token=TEST_TOKEN, page_size=7, next_page_size=30) as server:
        pages = await agree(
            service(server.base_url), embedded_demo(page_size=7, next_page_size=30), [("arrow", ()), ("star", ())]
        )
    assert pages > 4


@pytest.mark.parametrize("which", ["demo", "sets"])
async def test_previews_and_saved_files_agree(which: str, catalogue, icon_sets, sets_server, tmp_path: Path) -> None:
    if which == "demo":
        over_http, in_process, query = service(catalogue.base_url), embedded_demo(), "cloud"
    else:
        over_http, in_process, query = service(sets_server), embedded_sets(icon_sets), "arrow"
    async with over_http, in_process:
        icons = (await in_process.search(query)).icons[:2]
        for icon in (await over_http.search(query)).icons[:2]:
            assert await over_http.thumbnail(icon) == await in_process.thumbnail(icon)
        for icon in icons:
            for variant in icon.variants:
                remote = await over_http.download_file(variant.id, tmp_path / "http")
                local = await in_process.download_file(variant.id, tmp_path / "local")
                assert remote.path.name == local.path.name
                assert remote.path.read_bytes() == local.path.read_bytes()
                # In memory too, with the colour the catalogue paints an SVG's currentColor in (the
                # smaller PNGs the client draws from it must match the catalogue's own: --color).
                fetched_remote = await over_http.fetch_variant(variant.id)
                fetched_local = await in_process.fetch_variant(variant.id)
                assert fetched_local == fetched_remote
                if which == "sets" and variant.format == "svg":
                    assert fetched_local.current_colour is not None


def test_a_large_page_is_read_fast_into_what_the_tolerant_parser_reads(
    icon_sets: IconSets, monkeypatch: pytest.MonkeyPatch
) -> None:
    from iconcat.api import parse_search_result
    from iconcat.catalogue import embedded
    from iconcat.demo.catalogue import default_catalogue
    from iconcat.embedded.answers import SearchAnswers

    demo = SearchAnswers(default_catalogue()).document("", 0, 2000, None, thumbnail=lambda icon: "", next_url="n")
    assert len(demo["data"]) >= embedded.FAST_READ_FROM  # type: ignore[arg-type]
    assert embedded._read_answer(demo) == parse_search_result(demo)
    monkeypatch.setattr(embedded, "FAST_READ_FROM", 1)  # (the sets are small: read fast all the same)
    sets = SearchAnswers(icon_sets.served).document("", 0, 100, None, thumbnail=lambda icon: "", next_url="n")
    fast = embedded._read_answer(sets)
    assert fast == parse_search_result(sets) and any(icon.set.license for icon in fast.icons)
