"""Indexed icon sets served over HTTP through `create_app(catalogue=…)`: paging, totals, the extension
fields, the variants and the SVG answer's headers."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest

from iconcat.embedded.refs import SOURCE_FORMATS
from iconcat.iconify.ids import ICON_ID_BASE, icon_hash
from iconcat.sources.catalogue import SourceCatalogue
from iconcat.sources.index import open_index
from tests.support.server import png_header, serving
from tests.support.source_units import FakeUnit, icon, stand_in_rasterise

PAGE = 3


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory):
    arrows = [icon(f"arrow-{way}") for way in ("up", "down", "left", "right", "up-circle", "down-circle", "left-bar")]
    tabler = FakeUnit(
        "tabler",
        [*arrows, icon("home", aliases=("house",)), icon("old-arrow", hidden=True)],
        name="Tabler Icons",
        licence=("MIT", "MIT License", "https://github.com/tabler/tabler-icons/blob/master/LICENSE"),
        author=("Paweł Kuna", "https://github.com/tabler/tabler-icons"),
    )
    plain = FakeUnit("plain", [icon("arrow-thing")])
    index = open_index(tmp_path_factory.mktemp("cache"), [tabler, plain])
    # The raster worker is another part's: a stand-in draws blank PNGs of the asked size.
    catalogue = SourceCatalogue(index, rasterise=stand_in_rasterise)
    with serving(page_size=PAGE, catalogue=catalogue) as served:
        yield served


def search(client: httpx.Client, name: str, **params: str) -> dict:
    response = client.get("/api/v1/search", params={"name": name, **params})
    assert response.status_code == 200, response.text
    return response.json()


def test_paging_walks_every_match_once_with_the_total_on_every_page(client) -> None:
    body = search(client, "arrow")
    seen = [entry["iconify"] for entry in body["data"]]
    totals = {body["meta"]["total"]}
    while body["meta"]["moreResultsAvailable"]:
        body = client.get(body["meta"]["next"]).json()
        seen += [entry["iconify"] for entry in body["data"]]
        totals.add(body["meta"]["total"])
    assert totals == {8} and len(seen) == 8 == len(set(seen)), "7 Tabler arrows and one plain; not the hidden one"
    assert seen == [  # the demo's rule: all start with "arrow"; shorter names first, then the alphabet
        "tabler:arrow-up",
        "tabler:arrow-down",
        "tabler:arrow-left",
        "tabler:arrow-right",
        "plain:arrow-thing",
        "tabler:arrow-left-bar",
        "tabler:arrow-up-circle",
        "tabler:arrow-down-circle",
    ]
    assert search(client, "hous")["data"][0]["iconify"] == "tabler:home", "an alias name finds its icon"


def test_an_icon_carries_its_iconify_name_licence_and_author(client) -> None:
    entry = search(client, "home")["data"][0]
    assert entry["name"] == "Home" and entry["iconify"] == "tabler:home"
    assert entry["set"]["name"] == "Tabler Icons"
    assert entry["set"]["license"] == {
        "spdx": "MIT",
        "title": "MIT License",
        "url": "https://github.com/tabler/tabler-icons/blob/master/LICENSE",
    }
    assert entry["set"]["author"] == {"name": "Paweł Kuna", "url": "https://github.com/tabler/tabler-icons"}
    assert {(v["format"], v["size"]) for v in entry["variants"]} == {("png", 512), ("png", 256), ("svg", None)}
    assert {v["format"] for v in entry["variants"]} == set(SOURCE_FORMATS), "what `pick --format` is told"
    bare = search(client, "arrow thing")["data"][0]
    assert "license" not in bare["set"] and "author" not in bare["set"], "absent, not null, when the set says nothing"
    assert entry["id"] > 2**31 and entry["id"] < 2**53


def test_the_svg_answer_is_an_attachment_that_runs_nothing(client) -> None:
    entry = search(client, "home")["data"][0]
    svg = next(v for v in entry["variants"] if v["format"] == "svg")
    response = client.get("/api/v1/download", params={"id": svg["id"]})
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/svg+xml"
    assert response.headers["content-disposition"] == 'attachment; filename="home.svg"'
    assert response.headers["content-security-policy"] == "default-src 'none'"
    assert response.headers["iconcat-current-color"] == "black"  # what its PNGs paint currentColor
    assert response.text.startswith("<svg") and "<title>home</title>" in response.text


def test_png_variants_and_the_preview_come_from_the_rasteriser(client) -> None:
    entry = search(client, "home")["data"][0]
    for variant in entry["variants"]:
        if variant["format"] == "png":
            response = client.get("/api/v1/download", params={"id": variant["id"]})
            assert response.status_code == 200 and response.headers["content-type"] == "image/png"
            assert png_header(response.content)[:2] == (variant["size"], variant["size"])
            assert response.headers["content-disposition"] == f'attachment; filename="home-{variant["size"]}.png"'
    preview = client.get(entry["thumbnail"])
    assert preview.status_code == 200 and png_header(preview.content)[:2] == (128, 128)


def test_unknown_ids_are_404_and_an_icon_id_is_no_variant_id(client) -> None:
    entry = search(client, "home")["data"][0]
    for unknown in (1, entry["id"], entry["id"] + 1, 2**53 - 1):
        assert client.get("/api/v1/download", params={"id": unknown}).status_code == 404
    assert client.get(f"/private/bundle_icons/{2**53 - 1}/small").status_code == 404


def test_a_hidden_icon_is_still_served_by_id(tmp_path: Path) -> None:
    unit = FakeUnit("mdi", [icon("old", hidden=True), icon("new")])
    index = open_index(tmp_path, [unit])
    catalogue = SourceCatalogue(index, rasterise=stand_in_rasterise)
    old_id = ICON_ID_BASE + icon_hash("mdi:old")
    with serving(catalogue=catalogue) as served:
        assert [entry["iconify"] for entry in search(served, "")["data"]] == ["mdi:new"]
        assert served.get(f"/private/bundle_icons/{old_id}/small").status_code == 200
        record = catalogue.icon(old_id)
        assert record is not None
        svg = next(v for v in record.variants if v.format == "svg")
        assert served.get("/api/v1/download", params={"id": svg.id}).status_code == 200


def test_a_page_of_every_icon_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    connect = sqlite3.connect

    def connect_as_older_sqlite(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        # SQLite before 3.32 (and builds that keep its default) takes 999 parameters per statement.
        connection = connect(*args, **kwargs)
        connection.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, 999)
        return connection

    monkeypatch.setattr(sqlite3, "connect", connect_as_older_sqlite)
    many = FakeUnit("many", [icon(f"glyph-{number}") for number in range(1200)])
    catalogue = SourceCatalogue(open_index(tmp_path, [many]), rasterise=stand_in_rasterise)
    with serving(catalogue=catalogue, page_size=100_000) as served:
        body = search(served, "glyph")
    assert len(body["data"]) == 1200 == body["meta"]["total"], "more icons than SQLite takes parameters at once"
    assert len({entry["id"] for entry in body["data"]}) == 1200


class CountingRasteriser:
    """The stand-in rasteriser, counting what it draws: (the SVG's title, size) → times drawn."""

    def __init__(self) -> None:
        self.drawn: dict[tuple[str, int], int] = {}

    def __call__(self, svg: str, size: int) -> bytes:
        title = svg.split("<title>", 1)[1].split("</title>", 1)[0]
        self.drawn[(title, size)] = self.drawn.get((title, size), 0) + 1
        return stand_in_rasterise(svg, size)


def png_512(client: httpx.Client, entry: dict) -> bytes:
    variant = next(v for v in entry["variants"] if v["format"] == "png" and v["size"] == 512)
    response = client.get("/api/v1/download", params={"id": variant["id"]})
    assert response.status_code == 200 and response.headers["content-type"] == "image/png"
    return response.content


def test_a_png_asked_again_is_not_drawn_again_however_many_small_ones_came_between(tmp_path: Path) -> None:
    drawn = CountingRasteriser()
    many = FakeUnit("many", [icon(f"glyph-{number}") for number in range(300)])
    catalogue = SourceCatalogue(open_index(tmp_path, [many]), rasterise=drawn)
    with serving(catalogue=catalogue, page_size=1000) as served:
        entries = search(served, "glyph")["data"]
        first = [png_512(served, entry) for entry in entries]
        again = [png_512(served, entry) for entry in entries]
    assert again == first
    # 300 small PNGs fit the cache's bytes: none was drawn twice (a cache bounded by count would have
    # let the first ones go).
    assert len(drawn.drawn) == 300 and set(drawn.drawn.values()) == {1}


def test_the_pngs_kept_are_bounded_by_their_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import iconcat.sources.catalogue as catalogue_module

    one = len(stand_in_rasterise("", 512))
    monkeypatch.setattr(catalogue_module, "FILES_KEPT_BYTES", 2 * one)
    drawn = CountingRasteriser()
    unit = FakeUnit("few", [icon(f"glyph-{number}") for number in range(3)])
    catalogue = SourceCatalogue(open_index(tmp_path, [unit]), rasterise=drawn)
    with serving(catalogue=catalogue) as served:
        entries = search(served, "glyph")["data"]
        for entry in entries:
            png_512(served, entry)
        png_512(served, entries[2])  # kept
        png_512(served, entries[0])  # let go for the third: drawn again
    titles = [entry["iconify"].split(":")[1] for entry in entries]
    assert [drawn.drawn[(title, 512)] for title in titles] == [2, 1, 1]


def test_only_an_iconify_set_gives_its_icons_an_iconify_name(tmp_path: Path) -> None:
    """An SVG folder's prefix is made up (`svg_prefix`: its name and a hash of its place) to keep its ids
    apart; it names nothing in Iconify, so its icons carry no `iconify`, while their ids stay those of
    that prefix (favourites and the bag refer to them)."""
    from iconcat.sources.serving import open_sources
    from iconcat.sources.svg_folder import svg_set_identity
    from tests.support.iconsets import iconify_package, iconify_set, write_svg

    iconify_package(tmp_path / "tabler", iconify_set("tabler", {"mail": {}}), info={"name": "Tabler Icons"})
    write_svg(tmp_path / "brand" / "outline" / "mail.svg")
    catalogue = open_sources([str(tmp_path / "tabler"), str(tmp_path / "brand")], folder=tmp_path / "cache")
    made_up = svg_set_identity(tmp_path / "brand").prefix
    with serving(catalogue=catalogue) as served:
        entries = {entry["set"]["name"]: entry for entry in search(served, "mail")["data"]}
    assert set(entries) == {"Tabler Icons", "Brand"}
    assert entries["Tabler Icons"]["iconify"] == "tabler:mail"
    assert "iconify" not in entries["Brand"], "no Iconify name made up for an SVG file"
    assert entries["Brand"]["id"] == ICON_ID_BASE + icon_hash(f"{made_up}:mail-outline"), "its id is as it was"


MEANING_TAGS = {("tabler", "trash"): ("delete", "garbage can"), ("tabler", "cog"): ("settings",)}
MEANING_SYNONYMS = {"bin": ("trash", "garbage"), "gear": ("cog", "settings")}


@pytest.fixture(scope="module")
def meaningful(tmp_path_factory: pytest.TempPathFactory) -> SourceCatalogue:
    from iconcat.embedded.search import Meaning

    tabler = FakeUnit("tabler", [icon("trash"), icon("cog"), icon("binary"), icon("gearbox"), icon("cabin")])
    untagged = FakeUnit("lucide", [icon("trash-2"), icon("recycle", aliases=("bin",))])
    meaning = Meaning(
        tags_of=lambda prefix, key: MEANING_TAGS.get((prefix, key), ()),
        synonyms_of=lambda word: MEANING_SYNONYMS.get(word, ()),
        signature="test tags 1",
    )
    index = open_index(tmp_path_factory.mktemp("meaning"), [tabler, untagged], meaning=meaning)
    return SourceCatalogue(index, rasterise=stand_in_rasterise)


EXPECTED_BIN = [
    ("lucide:recycle", [{"by": "alias", "word": "bin", "term": "bin"}]),
    ("tabler:trash", [{"by": "synonym", "word": "bin", "term": "trash"}]),
    ("lucide:trash-2", [{"by": "synonym", "word": "bin", "term": "trash"}]),
    ("tabler:binary", [{"by": "name", "word": "bin", "term": "binary"}]),
    ("tabler:cabin", [{"by": "inside", "word": "bin", "term": "cabin"}]),
]


def test_each_icon_says_why_it_matched_over_http(meaningful: SourceCatalogue) -> None:
    with serving(page_size=2, catalogue=meaningful) as client:
        got: list[tuple[str, list[dict[str, str]]]] = []
        body = client.get("/api/v1/search", params={"name": "bin"}).json()
        while True:
            got += [(entry["iconify"], entry["matched"]) for entry in body["data"]]
            assert body["meta"]["total"] == len(EXPECTED_BIN)
            if not body["meta"]["moreResultsAvailable"]:
                break
            body = client.get(body["meta"]["next"]).json()
        assert got == EXPECTED_BIN, "the trash cans (a synonym) before Binary (a name's start) and Cabin (inside)"
        first = search(client, "delete garb")["data"]
        assert [(entry["iconify"], entry["matched"]) for entry in first] == [
            (
                "tabler:trash",
                [
                    {"by": "tag", "word": "delete", "term": "delete"},
                    {"by": "tag", "word": "garb", "term": "garbage can"},
                ],
            )
        ]
        narrowed = search(client, "gear", narrow="set:tabler")["data"]
        assert [(entry["iconify"], entry["matched"][0]["by"]) for entry in narrowed] == [
            ("tabler:cog", "synonym"),
            ("tabler:gearbox", "name"),
        ], "narrowed pages say it too"


async def test_the_in_process_catalogue_gets_the_same_documents(
    meaningful: SourceCatalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    from iconcat.catalogue import embedded
    from iconcat.catalogue.kinds import sets_spec

    documents: list[dict] = []
    read_answer = embedded._read_answer

    def recorded(document: dict):  # type: ignore[no-untyped-def]
        documents.append(document)
        return read_answer(document)

    monkeypatch.setattr(embedded, "_read_answer", recorded)
    catalogue = embedded.EmbeddedCatalogue(sets_spec(["/x"]), served=meaningful, page_size=10)
    async with catalogue:
        await catalogue.open()
        result = await catalogue.search("bin")
    assert [icon.name for icon in result.icons] == ["Recycle", "Trash", "Trash 2", "Binary", "Cabin"]
    assert [(entry["iconify"], entry["matched"]) for entry in documents[-1]["data"]] == EXPECTED_BIN
