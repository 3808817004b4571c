"""The seam's contract: the same assertions over every adapter (`conftest.SUBJECTS`), over HTTP and in-process.

Search finds; `more` grows without repeats; a thumbnail is a PNG; a variant saved is the whole,
checked file (and the same bytes in memory); a missing preview is "no preview" as the browser reads it;
a failure is a `CatalogueError` of the kind the front ends handle (an unknown id is `NotFoundError`, a
request the catalogue refuses `RequestRefusedError`, a malformed id `SettingsError`); a lookup the kind
cannot do is `NotOffered`, one it can gives the search's icon.
"""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pytest
from PIL import Image

from iconcat.api import (
    PICTURE_FAILED,
    CatalogueError,
    NotFoundError,
    RequestRefusedError,
    ServiceError,
    SettingsError,
)
from iconcat.catalogue import NotOffered
from iconcat.disk.downloads import TEMP_PREFIX, check_content, check_ending
from tests.support.catalogues import Subject

UNKNOWN_ID = 999_999_999
"""An id no icon and no variant has, in the demo or in sets from disk."""


def is_no_preview(error: BaseException) -> bool:
    """What the browser shows as "no preview" (`CatalogueLink.fetch_preview`): a preview that is not
    there, or that the catalogue cannot draw."""
    return isinstance(error, NotFoundError) or (isinstance(error, ServiceError) and error.code == PICTURE_FAILED)


async def test_a_search_finds_icons_by_name(subject: Subject) -> None:
    async with subject.make() as catalogue:
        result = await catalogue.search(subject.query)
        capabilities = catalogue.spec.capabilities
    assert result.icons, "nothing found"
    # (By its name, or by a tag where the kind says so.)
    assert all(
        subject.query in icon.name.casefold() or {match.by for match in icon.matched} & {"tag", "synonym"}
        for icon in result.icons
    )
    assert any(subject.query in icon.name.casefold() for icon in result.icons)
    assert len({icon.id for icon in result.icons}) == len(result.icons)
    if capabilities.counts_matches:
        assert result.total is not None and result.total >= len(result.icons)


async def test_more_grows_the_result_without_repeats_to_every_match(subject: Subject) -> None:
    async with subject.make() as catalogue:
        result = await catalogue.search(subject.query)
        assert result.can_load_more, "the query has one page only: it checks nothing here"
        pages = [result]
        while result.can_load_more:
            result = await catalogue.more(result)
            pages.append(result)
    for before, after in zip(pages, pages[1:], strict=False):
        assert after.icon_count > before.icon_count
        assert after.icons[: before.icon_count] == before.icons  # (the pages so far, unchanged)
        assert len(after.pages_fetched) == len(before.pages_fetched) + 1
    ids = [icon.id for icon in result.icons]
    assert len(set(ids)) == len(ids)
    if catalogue.spec.capabilities.counts_matches:
        assert len(ids) == result.total
    assert not result.more_available and result.paging_stopped is None


async def test_more_of_a_result_without_a_next_page_is_the_result(subject: Subject) -> None:
    async with subject.make() as catalogue:
        result = await catalogue.search(subject.query + " up right")  # within one page
        assert not result.can_load_more
        assert await catalogue.more(result) is result


async def test_a_thumbnail_is_a_png(subject: Subject) -> None:
    async with subject.make() as catalogue:
        result = await catalogue.search(subject.query)
        preview = await catalogue.thumbnail(result.icons[0])
        again = await catalogue.thumbnail(result.icons[0])
    image = Image.open(io.BytesIO(preview))
    assert image.format == "PNG" and image.size[0] > 0
    assert again == preview


async def test_a_variant_saved_is_the_whole_checked_file_and_the_same_bytes_in_memory(
    subject: Subject, tmp_path: Path
) -> None:
    folder = tmp_path / "made" / "here"
    async with subject.make() as catalogue:
        icon = (await catalogue.search(subject.query)).icons[0]
        for variant in icon.variants:
            saved = await catalogue.download_file(variant.id, folder, keep_identical=True)
            fetched = await catalogue.fetch_variant(variant.id)
            again = await catalogue.download_file(variant.id, folder, keep_identical=True)
            body = saved.path.read_bytes()
            assert saved.path.parent == folder and not saved.already
            assert saved.path.suffix == f".{variant.format}" == f".{fetched.extension}"
            assert body == fetched.data
            check_content(variant.format, body[:4096])
            check_ending(variant.format, body[-1024:])
            assert again.already and again.path == saved.path
        named = await catalogue.download(icon.variants[0].id, folder, filename="../chosen name.png")
    assert named == folder / "chosen name.png"
    assert not [path for path in folder.iterdir() if path.name.startswith(TEMP_PREFIX)]


async def test_saving_reports_progress_to_the_whole_size(subject: Subject, tmp_path: Path) -> None:
    heard: list[tuple[int, int | None]] = []
    async with subject.make() as catalogue:
        variant = (await catalogue.search(subject.query)).icons[0].variants[0]
        saved = await catalogue.download_file(
            variant.id, tmp_path, progress=lambda done, total: heard.append((done, total))
        )
    size = saved.path.stat().st_size
    assert heard[0] == (0, size) and heard[-1] == (size, size)


async def test_an_icon_the_catalogue_does_not_know_has_no_preview(subject: Subject) -> None:
    async with subject.make() as catalogue:
        icon = (await catalogue.search(subject.query)).icons[0]
        # (Over HTTP the preview's address names the icon; in-process its id does.)
        address = icon.thumbnail.replace(f"/{icon.id}/", f"/{UNKNOWN_ID}/")
        stranger = dataclasses.replace(icon, id=UNKNOWN_ID, thumbnail=address)
        with pytest.raises(NotFoundError) as raised:
            await catalogue.thumbnail(stranger)
    assert is_no_preview(raised.value)


async def test_a_picture_the_catalogue_cannot_draw_is_no_preview_and_no_file(subject: Subject, tmp_path: Path) -> None:
    if subject.undrawable is None:
        pytest.skip("the demo draws every picture it has")
    async with subject.make() as catalogue:
        (icon,) = (await catalogue.search(subject.query.replace("arrow", subject.undrawable))).icons
        with pytest.raises(ServiceError) as raised:
            await catalogue.thumbnail(icon)
        assert is_no_preview(raised.value)
        png = next(variant for variant in icon.variants if variant.format == "png")
        with pytest.raises(ServiceError) as failed:
            await catalogue.download_file(png.id, tmp_path)
        assert failed.value.code == PICTURE_FAILED
    assert list(tmp_path.iterdir()) == []


async def test_unknown_and_malformed_ids_are_catalogue_errors(subject: Subject, tmp_path: Path) -> None:
    async with subject.make() as catalogue:
        with pytest.raises(NotFoundError):
            await catalogue.download_file(UNKNOWN_ID, tmp_path)
        with pytest.raises(NotFoundError):
            await catalogue.fetch_variant(UNKNOWN_ID)
        with pytest.raises(SettingsError):
            await catalogue.download_file(-1, tmp_path)
    assert list(tmp_path.iterdir()) == []


async def test_a_search_the_catalogue_refuses_is_refused(subject: Subject) -> None:
    async with subject.make() as catalogue:
        with pytest.raises(RequestRefusedError):
            await catalogue.search("arrow " * 50)  # (300 characters: the catalogues accept 200, iconcat sends 500)
        with pytest.raises(RequestRefusedError):
            await catalogue.search("arrow", narrow=["format:svg"])  # (no key a catalogue narrows by)
        with pytest.raises(SettingsError):
            await catalogue.search("arrow", narrow="set:core")  # type: ignore[arg-type]


async def test_narrowing_keeps_only_what_the_words_select_where_the_kind_narrows(subject: Subject) -> None:
    async with subject.make() as catalogue:
        whole = await catalogue.search(subject.query)
        wanted = whole.icons[0].set.name
        narrowed = await catalogue.search(subject.query, narrow=[f"set:{wanted}"])
        capabilities = catalogue.spec.capabilities
    if not capabilities.narrows:
        pytest.skip("the service promises no narrowing (the embedded one behind it narrows all the same)")
    assert "set" in capabilities.narrow_keys
    assert narrowed.narrowed is not None and narrowed.icons
    assert {icon.set.name for icon in narrowed.icons} == {wanted}


async def test_an_icon_is_looked_up_where_the_kind_can_and_refused_where_it_cannot(subject: Subject) -> None:
    async with subject.make() as catalogue:
        icon = (await catalogue.search(subject.query)).icons[0]
        if not catalogue.spec.capabilities.looks_up_ids:
            with pytest.raises(NotOffered):
                await catalogue.icon(icon.id)
            with pytest.raises(NotOffered):
                await catalogue.icon_of_variant(icon.variants[0].id)
            return
        found = await catalogue.icon(icon.id)
        by_variant = await catalogue.icon_of_variant(icon.variants[-1].id)
        assert await catalogue.icon(UNKNOWN_ID) is None
        assert await catalogue.icon_of_variant(UNKNOWN_ID) is None
    assert found == icon and by_variant == icon


async def test_every_failure_is_a_catalogue_error(subject: Subject, tmp_path: Path) -> None:
    async with subject.make() as catalogue:
        for call in (
            catalogue.download_file(UNKNOWN_ID, tmp_path),
            catalogue.search("x" * 600),
            catalogue.search("arrow", narrow=["colour:red"]),
        ):
            with pytest.raises(CatalogueError):
                await call
