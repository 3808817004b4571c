"""The client against the embedded catalogue over loopback: the happy path, end to end."""

from __future__ import annotations

import asyncio

import pytest
from PIL import Image

from iconcat.api import AuthError, CatalogueClient, NotFoundError, SearchResult, suggested_filename
from tests.conftest import TEST_TOKEN
from tests.support.fixtures import assert_token_absent, snapshot


async def test_search_returns_typed_icons_best_match_first(catalogue):
    async with CatalogueClient(catalogue.base_url, catalogue.token) as client:
        result = await client.search("arrow left")
    assert isinstance(result, SearchResult)
    assert result.skipped == 0
    assert result.icons, "the demo catalogue has arrows"
    for icon in result.icons:
        assert "arrow" in icon.name.lower() and "left" in icon.name.lower()
        assert icon.variants and all(v.format in {"png", "svg", "eps"} for v in icon.variants)
        assert all((v.size is None) == (v.format != "png") for v in icon.variants)
    assert len({icon.id for icon in result.icons}) == len(result.icons)


async def test_search_reports_more_results_when_the_page_is_full(catalogue):
    async with CatalogueClient(catalogue.base_url, catalogue.token) as client:
        broad = await client.search("a")
        narrow = await client.search("arrow left circle")
    assert broad.more_available is True
    assert narrow.more_available is False


async def test_thumbnail_is_a_png_of_the_icon(catalogue):
    async with CatalogueClient(catalogue.base_url, catalogue.token) as client:
        icon = (await client.search("star")).icons[0]
        data = await client.thumbnail(icon)
        by_url = await client.thumbnail(icon.thumbnail)
    assert data == by_url
    assert data.startswith(b"\x89PNG\r\n\x1a\n")


async def test_every_variant_downloads_as_a_valid_file_named_from_its_icon(catalogue, tmp_path):
    async with CatalogueClient(catalogue.base_url, catalogue.token) as client:
        icon = (await client.search("arrow left")).icons[0]
        for variant in icon.variants:
            expected = suggested_filename(icon, variant)
            path = await client.download(variant.id, tmp_path, filename=expected)
            assert path == tmp_path / expected
            data = path.read_bytes()
            if variant.format == "png":
                with Image.open(path) as image:
                    assert image.size == (variant.size, variant.size)
            elif variant.format == "svg":
                assert b"<svg" in data
            else:
                assert data.startswith(b"%!PS")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(suggested_filename(icon, v) for v in icon.variants)


async def test_a_second_download_never_clobbers_the_first(catalogue, tmp_path):
    progress: list[tuple[int, int | None]] = []
    async with CatalogueClient(catalogue.base_url, catalogue.token) as client:
        variant = (await client.search("arrow left")).icons[0].variants[0]
        first = await client.download(variant.id, tmp_path)
        original = first.read_bytes()
        first.write_bytes(b"my edited copy")
        second = await client.download(variant.id, tmp_path, progress=lambda d, t: progress.append((d, t)))
        third = await client.download(variant.id, tmp_path)
    assert first.read_bytes() == b"my edited copy"
    assert second.name == first.stem + "-1" + first.suffix
    assert third.name == first.stem + "-2" + first.suffix
    assert second.read_bytes() == original == third.read_bytes()
    assert progress[0] == (0, len(original)) and progress[-1] == (len(original), len(original))
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")], "no temporary file left"


async def test_overwrite_replaces_the_existing_file(catalogue, tmp_path):
    async with CatalogueClient(catalogue.base_url, catalogue.token) as client:
        variant = (await client.search("arrow left")).icons[0].variants[0]
        first = await client.download(variant.id, tmp_path)
        original = first.read_bytes()
        first.write_bytes(b"stale")
        again = await client.download(variant.id, tmp_path, overwrite=True)
    assert again == first and first.read_bytes() == original
    assert [p.name for p in tmp_path.iterdir()] == [first.name]


async def test_download_creates_a_missing_folder(catalogue, tmp_path):
    target = tmp_path / "new" / "icons"
    async with CatalogueClient(catalogue.base_url, catalogue.token) as client:
        variant = (await client.search("arrow left")).icons[0].variants[0]
        path = await client.download(variant.id, target)
    assert path.parent == target and path.is_file()


async def test_a_wrong_token_is_an_auth_error_that_never_shows_the_token(catalogue):
    async with CatalogueClient(catalogue.base_url, TEST_TOKEN + "-wrong") as client:
        with pytest.raises(AuthError) as caught:
            await client.search("arrow")
    assert caught.value.status == 401
    assert "rejected the token" in str(caught.value)
    assert_token_absent(TEST_TOKEN, caught.value)


async def test_unknown_variant_is_not_found_and_leaves_the_folder_alone(catalogue, tmp_path):
    (tmp_path / "keep.txt").write_text("mine")
    before = snapshot(tmp_path)
    async with CatalogueClient(catalogue.base_url, catalogue.token) as client:
        with pytest.raises(NotFoundError) as caught:
            await client.download(987654321, tmp_path)
    assert "987654321" in str(caught.value)
    assert snapshot(tmp_path) == before


async def test_concurrent_downloads_of_one_name_get_distinct_files(catalogue, tmp_path):
    async with CatalogueClient(catalogue.base_url, catalogue.token) as client:
        variant = (await client.search("arrow left")).icons[0].variants[0]
        paths = await asyncio.gather(*(client.download(variant.id, tmp_path) for _ in range(5)))
    assert len(set(paths)) == 5
    contents = {path.read_bytes() for path in paths}
    assert len(contents) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in paths)
