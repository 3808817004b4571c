"""Iconify's API as a catalogue (`IconifyApiCatalogue`) against Iconify's own API (3.1.1, on Node).

What the contract suite cannot say: the icons are the icons sets from disk make of the same files (the
same ids, names, styles, categories, sets: favourites carry across kinds); the SVG saved is the API's own
drawing; paging raises `limit` and stops honestly at the API's 999; `prefix:name` first; the tag table
adds icons by meaning; filter words narrow and, alone, list a set.
"""

from __future__ import annotations

import io
import socket
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest
from PIL import Image, ImageChops

from iconcat.api import NetworkError, NotFoundError
from iconcat.catalogue.embedded import EmbeddedCatalogue
from iconcat.catalogue.iconify_api import CHOOSE_A_SET, FIRST_999, MAX_LIMIT, IconifyApiCatalogue, NameBook
from iconcat.catalogue.kinds import sets_spec
from iconcat.disk.saving import choices_for, save_choice
from iconcat.imaging.svg_raster import rasterise
from iconcat.memory import Memory
from iconcat.sources.serving import open_sources
from tests.support.catalogues import iconify_catalogue
from tests.support.iconify_api import SETS, ApiServer


@pytest.fixture(scope="module")
def from_disk(iconify_api: ApiServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """The very files the API serves, read as sets from disk."""
    arguments = tuple(str(iconify_api.set_file(prefix)) for prefix in SETS)
    served = open_sources(arguments, folder=tmp_path_factory.mktemp("index"))
    try:
        yield arguments, served
    finally:
        served.index.close()


@pytest.fixture
async def api(iconify_api: ApiServer) -> AsyncIterator[IconifyApiCatalogue]:
    async with iconify_catalogue(iconify_api.base_url) as catalogue:
        yield catalogue


def disk_catalogue(from_disk: object) -> EmbeddedCatalogue:
    arguments, served = from_disk  # type: ignore[misc]
    return EmbeddedCatalogue(sets_spec(arguments), served=served)


async def test_its_icons_are_the_icons_sets_from_disk_make_of_the_same_files(
    api: IconifyApiCatalogue, from_disk: object
) -> None:
    found = await api.search("trash")
    found = await api.more(found) if found.can_load_more else found
    assert {icon.iconify_prefix for icon in found.icons} == set(SETS)
    async with disk_catalogue(from_disk) as disk:
        for icon in found.icons:
            assert icon.iconify is not None
            same = await disk.icon_named(icon.iconify)
            assert same == icon, icon.iconify  # id, name, style, category, series, set, variants
            assert same.set.license == icon.set.license and same.set.author == icon.set.author


async def test_the_svg_saved_for_tabler_trash_is_the_apis_own_drawing_and_a_64_px_png_is_drawn_from_it(
    api: IconifyApiCatalogue, iconify_api: ApiServer, tmp_path: Path
) -> None:
    icon = await api.icon_named("tabler:trash")
    assert icon is not None and icon.iconify == "tabler:trash"
    svg_variant = next(variant for variant in icon.variants if variant.format == "svg")
    saved = await api.download_file(svg_variant.id, tmp_path)
    own = httpx.get(f"{iconify_api.base_url}/tabler/trash.svg").text
    # (The API's document is 1em square: the rasteriser draws both at 96 px.)
    own = own.replace('width="1em" height="1em"', 'width="24" height="24"')
    ours, theirs = (
        Image.open(io.BytesIO(rasterise(text, 96))).convert("RGBA") for text in (saved.path.read_text(), own)
    )
    assert ImageChops.difference(ours, theirs).getbbox() is None
    assert ours.getbbox() is not None  # (something was drawn)
    choice = next(choice for choice in choices_for(icon) if choice.format == "png" and choice.size == 64)
    outcome = await save_choice(api, icon, choice, tmp_path)
    small = Image.open(outcome.path)
    assert small.size == (64, 64)
    drawn = Image.open(io.BytesIO(rasterise(saved.path.read_text(), 64))).convert("RGBA")
    assert ImageChops.difference(small.convert("RGBA"), drawn).getbbox() is None


async def test_paging_goes_to_the_apis_999_and_says_why_it_stops(api: IconifyApiCatalogue) -> None:
    result = await api.search("arrow")
    pages = 1
    while result.can_load_more:
        result = await api.more(result)
        pages += 1
    assert pages > 2
    assert result.more_available and result.paging_stopped == FIRST_999
    by_name = [icon for icon in result.icons if "arrow" in icon.name.casefold()]
    assert len(by_name) >= MAX_LIMIT - 10  # (the API's 999, a few the same icon by an alias)
    assert len({icon.id for icon in result.icons}) == result.icon_count


async def test_a_search_the_api_answers_whole_says_there_is_no_more(api: IconifyApiCatalogue) -> None:
    result = await api.search("chevron")
    while result.can_load_more:
        result = await api.more(result)
    assert not result.more_available and result.paging_stopped is None
    assert result.icon_count < MAX_LIMIT


async def test_an_iconify_name_finds_that_icon_first(api: IconifyApiCatalogue) -> None:
    result = await api.search("tabler:trash-x")
    assert result.icons[0].iconify == "tabler:trash-x"
    # (Then what its name's words find, as from disk: "trash x".)
    assert "tabler:trash-x-filled" in {icon.iconify for icon in result.icons[1:]}
    assert [icon.iconify for icon in result.icons].count("tabler:trash-x") == 1


async def test_the_tag_table_finds_by_meaning_before_the_apis_other_names(api: IconifyApiCatalogue) -> None:
    result = await api.search("delete")
    shown = [icon.iconify for icon in result.icons]
    assert {"tabler:trash", "lucide:trash", "ph:trash"} <= set(shown)
    trash = result.icons[shown.index("tabler:trash")]
    assert {(match.by, match.word) for match in trash.matched} == {("tag", "delete")}
    # The API alone finds only names holding "delete".
    assert any(icon.matched == () and "delete" in icon.name.casefold() for icon in result.icons)


async def test_filter_words_narrow_by_set_style_and_series(api: IconifyApiCatalogue) -> None:
    lucide = await api.search("trash", narrow=["set:lucide"])
    assert lucide.icons and {icon.iconify_prefix for icon in lucide.icons} == {"lucide"}
    assert lucide.narrowed == ("set:lucide",)
    filled = await api.search("trash", narrow=["style:fill,filled"])
    assert filled.icons and {icon.style.name for icon in filled.icons} == {"Fill", "Filled"}
    mixed = await api.search("trash", narrow=["series:UI Other / Mixed Grid"])
    assert {icon.iconify_prefix for icon in mixed.icons} == {"ph"}


async def test_filter_words_alone_list_a_whole_set(api: IconifyApiCatalogue, from_disk: object) -> None:
    result = await api.search("", narrow=["set:lucide"])
    while result.can_load_more:
        result = await api.more(result)
    async with disk_catalogue(from_disk) as disk:
        listed = await disk.search("", narrow=["set:lucide"])
        while listed.can_load_more:
            listed = await disk.more(listed)
    assert {icon.id for icon in result.icons} == {icon.id for icon in listed.icons}


class Recording(httpx.AsyncHTTPTransport):
    """The network, noting the paths and queries asked."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.asked.append(f"{request.url.path}?{request.url.query.decode()}")
        return await super().handle_async_request(request)


async def test_filter_words_alone_read_each_set_as_the_pages_reach_it(iconify_api: ApiServer) -> None:
    transport = Recording()
    async with iconify_catalogue(iconify_api.base_url, transport=transport) as catalogue:
        first = await catalogue.search("", narrow=["license:MIT"])  # (Phosphor and Tabler: Phosphor first)
        sets_read = [asked for asked in transport.asked if asked.startswith("/collection?")]
        result = first
        while result.can_load_more:
            result = await catalogue.more(result)
    assert [asked.split("&")[0] for asked in sets_read] == ["/collection?prefix=ph"]
    assert {icon.iconify_prefix for icon in first.icons} == {"ph"}
    assert {icon.iconify_prefix for icon in result.icons} == {"ph", "tabler"}


async def test_style_alone_asks_for_a_set_instead_of_reading_every_set(api: IconifyApiCatalogue) -> None:
    result = await api.search("", narrow=["style:fill"])
    assert result.icons == () and result.paging_stopped == CHOOSE_A_SET


async def test_its_sets_are_the_sets_from_disk_of_the_same_files(api: IconifyApiCatalogue, from_disk: object) -> None:
    listed = await api.sets()
    async with disk_catalogue(from_disk) as disk:
        on_disk = await disk.sets()
    shown = [(s.id, s.name, s.prefix, s.category, s.license, s.author, s.samples) for s in listed]
    assert shown == [(s.id, s.name, s.prefix, s.category, s.license, s.author, s.samples) for s in on_disk]
    assert dict(api.spec.iconify_sets) == {"tabler": "Tabler Icons", "lucide": "Lucide", "ph": "Phosphor"}
    # Counted as the API counts them (`/collections`' total: visible icons, no aliases); from disk the
    # count is what `set:<prefix>` lists, aliases included, so the two may differ by those.
    for here, there in zip(listed, on_disk, strict=True):
        assert here.icons is not None and there.icons is not None
        assert 0.9 * there.icons <= here.icons <= there.icons, (here.prefix, here.icons, there.icons)


async def test_an_icon_shown_is_looked_up_by_its_id_and_its_variants(api: IconifyApiCatalogue) -> None:
    icon = (await api.search("trash")).icons[0]
    assert await api.icon(icon.id) == icon
    assert await api.icon_of_variant(icon.variants[1].id) == icon
    assert await api.icon_named("tabler:no-such-icon") is None
    assert await api.icon_named("nosuchset:trash") is None


async def test_an_id_handed_out_is_answered_in_a_later_run(iconify_api: ApiServer, tmp_path: Path) -> None:
    async with iconify_catalogue(iconify_api.base_url) as first_run:
        icon = (await first_run.search("trash")).icons[0]
    svg = next(variant for variant in icon.variants if variant.format == "svg")
    async with iconify_catalogue(iconify_api.base_url) as later_run:  # (the same cache folder)
        assert await later_run.icon(icon.id) == icon
        assert await later_run.icon_of_variant(svg.id) == icon
        saved = await later_run.download_file(svg.id, tmp_path)
    assert saved.path.read_bytes().startswith(b"<svg")
    async with iconify_catalogue(iconify_api.base_url, names=NameBook(None)) as forgetful:
        assert await forgetful.icon(icon.id) is None
        with pytest.raises(NotFoundError, match="search for its icon first"):
            await forgetful.download_file(svg.id, tmp_path)


async def test_the_memory_keeps_its_answers_and_previews_for_when_it_cannot_be_reached(
    iconify_api: ApiServer, tmp_path: Path
) -> None:
    async with iconify_catalogue(iconify_api.base_url) as catalogue:
        result = await catalogue.search("trash")
        preview = await catalogue.thumbnail(result.icons[0])
        key = catalogue.spec.memory_key
    assert key == f"iconify:{iconify_api.base_url}"
    # (What the browser does with every answer and preview, whatever the kind: `ResultsController`.)
    memory = Memory.open(key, tmp_path / "memory.db")
    memory.keep_answer("trash", result.icons)
    memory.keep_preview(result.icons[0].id, preview)
    memory.close()
    with socket.socket() as closed:  # (a port nothing listens on: the API cannot be reached)
        closed.bind(("127.0.0.1", 0))
        gone = f"http://127.0.0.1:{closed.getsockname()[1]}"
    async with iconify_catalogue(gone) as unreachable:
        with pytest.raises(NetworkError):
            await unreachable.search("trash")
    memory = Memory.open(key, tmp_path / "memory.db")
    try:
        saved = memory.saved_answer("trash")
        kept_preview = memory.preview(result.icons[0].id)
    finally:
        memory.close()
    assert saved is not None and saved.icons == result.icons
    assert [(icon.iconify, icon.set.license, icon.set.author) for icon in saved.icons] == [
        (icon.iconify, icon.set.license, icon.set.author) for icon in result.icons
    ]
    assert kept_preview == preview
