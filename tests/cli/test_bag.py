"""`iconcat bag [--json]`, `bag clear`, `bag export`: the browser's bag from the command line, through the
real entry point (`python -m iconcat.cli`), kept per catalogue as the browser keeps it."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import xml.etree.ElementTree as ElementTree
import zipfile
from pathlib import Path

from iconcat.api import Icon, Variant
from iconcat.browsing.remembered import BAG_VARIANT, encode_variant
from iconcat.catalogue import CatalogueChoice, open_catalogue
from iconcat.catalogue.local_sets import LocalSets
from iconcat.disk.saving import distinct_templates, file_name, nearest_choice
from iconcat.memory import DEMO_CATALOGUE, Memory
from tests.support.bag_sets import PREFIX, write_bag_sets
from tests.support.cli import run_iconcat
from tests.support.icons import icon

SVG = "{http://www.w3.org/2000/svg}"


def bag_of(key: str) -> Memory:
    return Memory.open(key)


async def found(choice: CatalogueChoice, query: str = "", count: int = 100) -> tuple[Icon, ...]:
    async with open_catalogue(choice) as catalogue:
        result = await catalogue.search(query)
        while result.can_load_more and result.icon_count < count:
            result = await catalogue.more(result)
        return result.icons[:count]


def fill_bag(choice: CatalogueChoice, icons: tuple[Icon, ...] | list[Icon]) -> None:
    memory = bag_of(choice.spec.memory_key)
    memory.mark(list(icons))
    memory.close()


def test_the_bag_is_listed_in_its_order_and_kept_per_catalogue() -> None:
    demo = bag_of(DEMO_CATALOGUE)
    demo.mark([icon("Star"), icon("Bell", style="Filled")])
    demo.close()
    elsewhere = bag_of("http://127.0.0.1:9/")
    elsewhere.mark([icon("Only There")])
    elsewhere.close()

    listed = run_iconcat("bag", "--json")
    assert listed.status == 0, listed.stderr
    assert [entry["name"] for entry in json.loads(listed.stdout)["data"]] == ["Star", "Bell"]
    assert json.loads(run_iconcat("bag", "--demo", "--json").stdout) == json.loads(listed.stdout)
    there = run_iconcat("bag", "--json", env={"ICONCAT_BASE_URL": "http://127.0.0.1:9"})
    assert [entry["name"] for entry in json.loads(there.stdout)["data"]] == ["Only There"]
    table = run_iconcat("bag")
    assert "Star" in table.stdout and "Bell" in table.stdout and "2 icons in the bag" in table.stderr


def test_clear_empties_that_catalogues_bag_only() -> None:
    demo = bag_of(DEMO_CATALOGUE)
    demo.mark([icon("Star"), icon("Moon")])
    demo.close()
    elsewhere = bag_of("http://127.0.0.1:9/")
    elsewhere.mark([icon("Only There")])
    elsewhere.close()

    cleared = run_iconcat("bag", "clear", "--demo")
    assert cleared.status == 0 and cleared.stdout == "" and cleared.error_line == "iconcat: took 2 icons out of the bag"
    assert bag_of(DEMO_CATALOGUE).bag() == ()
    assert [found.name for found in bag_of("http://127.0.0.1:9/").bag()] == ["Only There"]
    again = run_iconcat("bag", "clear")
    assert again.status == 0 and again.error_line == "iconcat: the bag is empty already"
    empty = run_iconcat("bag")
    assert empty.status == 0 and empty.stdout == "" and "is empty" in empty.stderr


def test_export_writes_a_sprite_of_sets_from_disk_and_prints_its_path(tmp_path: Path) -> None:
    arguments = write_bag_sets(tmp_path / "sets")
    choice = CatalogueChoice.sets(LocalSets(arguments))
    icons = asyncio.run(found(choice))
    fill_bag(choice, icons)
    options = [option for argument in arguments for option in ("--from", argument)]

    outcome = run_iconcat("bag", "export", "--sprite", str(tmp_path / "out" / "icons.svg"), *options)
    assert outcome.status == 0, outcome.stderr
    assert outcome.stdout == f"{tmp_path / 'out' / 'icons.svg'}\n"
    assert outcome.error_line == f"iconcat: {len(icons)} icons of the bag in the SVG sprite"
    symbols = [symbol.get("id") for symbol in ElementTree.parse(tmp_path / "out" / "icons.svg").iter(f"{SVG}symbol")]
    assert len(symbols) == len(icons) == 11 and f"{PREFIX}-turned" in symbols
    # Exported again: the same bytes are the same file.
    again = run_iconcat(*options, "bag", "export", "--sprite", str(tmp_path / "out" / "icons.svg"))
    assert again.status == 0 and again.stdout == outcome.stdout and "already there" in again.stderr
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == ["icons.svg"]


def test_export_writes_iconify_json_per_set_and_lists_the_icons_left_out(tmp_path: Path) -> None:
    arguments = write_bag_sets(tmp_path / "sets")
    choice = CatalogueChoice.sets(LocalSets(arguments))
    fill_bag(choice, asyncio.run(found(choice)))

    outcome = run_iconcat("bag", "export", "--iconify-json", str(tmp_path / "iconify"), "--from", arguments[0])
    assert outcome.status == 0, outcome.stderr
    assert outcome.stdout == f"{tmp_path / 'iconify' / f'{PREFIX}.json'}\n"
    note, left_out = outcome.stderr.splitlines()
    assert note == "iconcat: 9 icons of the bag in 1 Iconify JSON file (one a set)"
    assert left_out == "iconcat: warning: 2 icons left out (no Iconify name): Arrow Right, Square Glyph"
    document = json.loads((tmp_path / "iconify" / f"{PREFIX}.json").read_text(encoding="utf-8"))
    assert document["info"]["license"]["spdx"] == "MIT" and len(document["icons"]) == 9


def test_export_writes_a_zip_of_the_files_download_all_saves_named_as_it_names_them(tmp_path: Path) -> None:
    choice = CatalogueChoice.demo()
    icons = asyncio.run(found(choice, "arrow", 8))
    fill_bag(choice, icons)
    zipped = tmp_path / "bag.zip"

    outcome = run_iconcat("bag", "export", "--zip", str(zipped), "--format", "png", "--size", "64", "--demo")
    assert outcome.status == 0, outcome.stderr
    planned = [(icon, nearest_choice(icon, "png", 64)) for icon in icons]
    templates = distinct_templates(planned)
    names = [file_name(icon, choice, template) for (icon, choice), template in zip(planned, templates, strict=True)]
    with zipfile.ZipFile(zipped) as archive:
        assert archive.namelist() == names and all(name.endswith("-64.png") for name in names)
    # The bag's own preference (remembered by the browser) and the filename setting are the defaults.
    memory = bag_of(DEMO_CATALOGUE)
    memory.remember(BAG_VARIANT, encode_variant(("svg", None)))
    memory.close()
    named = run_iconcat("bag", "export", "--zip", str(tmp_path / "svg.zip"), env={"ICONCAT_FILENAME": "{name}-{id}"})
    assert named.status == 0, named.stderr
    with zipfile.ZipFile(tmp_path / "svg.zip") as archive:
        assert archive.namelist() == [f"{icon.name.lower().replace(' ', '-')}-{icon.id}.svg" for icon in icons]


def test_a_bag_the_catalogue_no_longer_has_a_file_of_writes_nothing(tmp_path: Path) -> None:
    choice = CatalogueChoice.demo()
    icons = list(asyncio.run(found(choice, "arrow", 3)))
    gone = dataclasses.replace(icons[0], id=999_999, variants=(Variant(999_999_999, "svg", None),))
    fill_bag(choice, [*icons, gone])
    for export in (["--zip", str(tmp_path / "bag.zip"), "--format", "svg"], ["--sprite", str(tmp_path / "i.svg")]):
        outcome = run_iconcat("bag", "export", *export)
        assert outcome.status == 1
        assert outcome.error_line.startswith("iconcat: error: variant 999999999 was not found")
        assert outcome.error_line.endswith("nothing was written")
    assert list(tmp_path.iterdir()) == []


def test_bad_export_requests_are_one_line_each_and_write_nothing(tmp_path: Path) -> None:
    sprite = str(tmp_path / "icons.svg")
    empty = run_iconcat("bag", "export", "--sprite", sprite)
    assert empty.status == 1 and empty.error_line == (
        "iconcat: error: the bag of the demo catalogue is empty: nothing was written"
    )
    fill_bag(CatalogueChoice.demo(), [icon("Star")])
    for argv, words in (
        (["bag", "export"], "one of the arguments --sprite --zip --iconify-json is required"),
        (["bag", "export", "--sprite", sprite, "--zip", "x.zip"], "not allowed with argument"),
        (["bag", "export", "--sprite", sprite, "--size", "64"], "--format and --size choose the zip's files"),
        (["--color", "red", "bag", "clear"], "`iconcat bag` takes no --color"),
        (["bag", "clear", "--color", "red"], "unrecognized arguments: --color"),
        (["bag", "export", "--zip", "x.zip", "--name", "{nope}"], "{nope}"),
    ):
        outcome = run_iconcat(*argv)
        assert outcome.status == 2, (argv, outcome.stderr)
        assert words in outcome.error_line, (argv, outcome.error_line)
    assert list(tmp_path.iterdir()) == []
