"""`--from` arguments → units: the known layouts, the files passed over, the sentences for bad paths."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from iconcat.sources import discover as discover_module
from iconcat.sources.discover import IconifyUnit, SvgFolderUnit, discover
from iconcat.sources.errors import SourceError, UnreadableSet
from tests.support.iconsets import iconify_package, iconify_set, write_json, write_svg


def labels(paths: list[str]) -> list[str]:
    return [
        Path(unit.label).relative_to(paths[0].partition("=")[2] or paths[0]).as_posix()
        for unit in discover(paths).units
    ]


def collection(folder: Path, *prefixes: str) -> Path:
    """An `@iconify/json` package: json/<prefix>.json files, and collections.json and package.json beside."""
    for prefix in prefixes:
        write_json(folder / "json" / f"{prefix}.json", iconify_set(prefix, {"a": {}}, info={"name": prefix.title()}))
    write_json(folder / "collections.json", {prefix: {"name": prefix} for prefix in prefixes})
    write_json(folder / "package.json", {"name": "@iconify/json"})
    return folder


def test_the_known_layouts_under_a_folder_and_its_node_modules(tmp_path: Path) -> None:
    project = tmp_path / "project"
    modules = project / "node_modules"
    iconify_package(modules / "@iconify-json" / "tabler", iconify_set("tabler", {"a": {}}))
    iconify_package(modules / "@iconify-json" / "ph", iconify_set("ph", {"a": {}}))
    collection(modules / "@iconify" / "json", "mdi", "lucide")
    write_svg(modules / "@tabler" / "icons" / "icons" / "a.svg")  # SVG folders in node_modules are named, not found

    expected = [
        "node_modules/@iconify-json/ph/icons.json",
        "node_modules/@iconify-json/tabler/icons.json",
        "node_modules/@iconify/json/json/lucide.json",
        "node_modules/@iconify/json/json/mdi.json",
    ]
    assert labels([str(project)]) == expected
    assert labels([str(modules)]) == [line.removeprefix("node_modules/") for line in expected]
    assert labels([str(modules / "@iconify-json")]) == ["ph/icons.json", "tabler/icons.json"]
    assert labels([str(modules / "@iconify-json" / "ph")]) == ["icons.json"]
    assert labels([str(modules / "@iconify" / "json")]) == ["json/lucide.json", "json/mdi.json"]
    assert labels([str(modules / "@iconify" / "json" / "json")]) == ["lucide.json", "mdi.json"]
    assert all(isinstance(unit, IconifyUnit) for unit in discover([str(project)]).units)


def test_node_modules_is_never_walked_beyond_the_known_layouts(tmp_path: Path) -> None:
    modules = tmp_path / "node_modules"
    iconify_package(modules / "deep" / "node_modules" / "@iconify-json" / "x", iconify_set("x", {"a": {}}))
    write_svg(modules / "some-package" / "a.svg")
    with pytest.raises(SourceError, match=r"no @iconify-json/\* packages or @iconify/json here.*name that folder"):
        discover([str(modules)])


def test_a_project_folder_as_an_svg_folder_skips_its_node_modules_and_hidden_folders(tmp_path: Path) -> None:
    write_svg(tmp_path / "art" / "mine.svg")
    write_svg(tmp_path / "art" / "node_modules" / "pkg" / "theirs.svg")
    write_svg(tmp_path / "art" / ".git" / "blob.svg")
    (unit,) = discover([str(tmp_path / "art")]).units
    _, icons = unit.read()
    assert [icon.key for icon in icons] == ["mine"]


def test_the_set_json_files_beside_and_around_sets_are_passed_over_in_silence(tmp_path: Path) -> None:
    package = iconify_package(
        tmp_path / "@iconify-json" / "ph",
        iconify_set("ph", {"a": {}}),
        info={"name": "Phosphor"},
        metadata={"suffixes": {}},
    )
    folder = collection(tmp_path / "json-package", "mdi")
    discovery = discover([str(package.parent), str(folder)])
    assert [Path(unit.label).name for unit in discovery.units] == ["icons.json", "mdi.json"]
    assert discovery.warnings == ()
    for unit in discovery.units:
        record, icons = unit.read(warn=pytest.fail)
        assert len(list(icons)) == 1


def test_a_broken_set_file_raises_for_itself_and_the_others_are_served(tmp_path: Path) -> None:
    folder = collection(tmp_path / "json-package", "good", "other")
    (folder / "json" / "broken.json").write_text('{"prefix": "broken", "icons": {', encoding="utf-8")
    units = discover([str(folder)]).units
    served, failed = [], []
    for unit in units:
        try:
            record, icons = unit.read()
        except UnreadableSet as error:
            failed.append(f"{unit.label}: {error}")
        else:
            served.append(record.prefix)
            list(icons)
    assert served == ["good", "other"]
    assert len(failed) == 1 and failed[0].startswith(str(folder / "json" / "broken.json") + ": not JSON")


def test_a_file_named_directly_is_a_set_whatever_its_name(tmp_path: Path) -> None:
    named = write_json(tmp_path / "exported-by-hand.json", iconify_set("mine", {"a": {}}))
    (unit,) = discover([str(named)]).units
    assert unit.read()[0].prefix == "mine"
    not_a_set = write_json(tmp_path / "package.json", {"name": "x"})
    (unit,) = discover([str(not_a_set)]).units
    with pytest.raises(UnreadableSet, match="not an IconifyJSON set"):
        unit.read()
    assert unit.argument == str(not_a_set)  # the command can tell that argument held no icons


def test_a_set_found_twice_is_read_once_and_the_per_set_package_wins(tmp_path: Path) -> None:
    modules = tmp_path / "node_modules"
    iconify_package(modules / "@iconify-json" / "tabler", iconify_set("tabler", {"a": {}}))
    collection(modules / "@iconify" / "json", "tabler", "mdi")
    units = discover([str(tmp_path), str(modules), str(modules / "@iconify-json" / "tabler" / "icons.json")]).units
    assert [Path(unit.label).relative_to(tmp_path).as_posix() for unit in units] == [
        "node_modules/@iconify-json/tabler/icons.json",
        "node_modules/@iconify/json/json/mdi.json",
    ]


@pytest.mark.parametrize("make", ["missing", "empty", "no-icons", "nameless"])
def test_a_path_that_holds_nothing_to_serve_gets_a_sentence_saying_what_was_expected(tmp_path: Path, make: str) -> None:
    argument = str(tmp_path / "nothing")
    if make == "empty":
        (tmp_path / "nothing").mkdir()
    elif make == "no-icons":
        write_json(tmp_path / "nothing" / "package.json", {"name": "x"})
        (tmp_path / "nothing" / "readme.md").write_text("hi", encoding="utf-8")
    elif make == "nameless":
        argument = f"={tmp_path}"
    with pytest.raises(SourceError) as raised:
        discover([argument])
    message = str(raised.value)
    assert message.endswith(".") and "\n" not in message
    if make != "nameless":
        assert message.startswith(str(tmp_path / "nothing") + ": ")
        assert "expected an IconifyJSON file" in message and "a folder of SVG files" in message


def test_name_equals_path_names_an_svg_folder_and_says_when_it_is_not_used(tmp_path: Path) -> None:
    write_svg(tmp_path / "art" / "a.svg")
    (unit,) = discover([f"Brand Kit={tmp_path / 'art'}"]).units
    assert isinstance(unit, SvgFolderUnit) and unit.name == "Brand Kit"
    assert unit.read()[0].name == "Brand Kit"
    package = iconify_package(tmp_path / "pkg", iconify_set("ph", {"a": {}}))
    discovery = discover([f"Mine={package}"])
    assert len(discovery.units) == 1
    assert discovery.warnings == (f"Mine={package}: Mine is not used: an IconifyJSON set is named by its own info.",)
    odd = tmp_path / "a=b"  # an existing path with = in it is a path
    write_svg(odd / "x.svg")
    assert discover([str(odd)]).units[0].label == str(odd)


def test_an_svg_file_named_directly_is_a_set_of_one(tmp_path: Path) -> None:
    file = write_svg(tmp_path / "brand" / "logo.svg")
    (unit,) = discover([str(file)]).units
    record, icons = unit.read()
    assert [icon.name for icon in icons] == ["Logo"]
    assert record.name == "Brand"
    broken = tmp_path / "brand" / "broken.svg"
    broken.write_text("<svg", encoding="utf-8")
    (unit,) = discover([str(broken)]).units
    with pytest.raises(UnreadableSet, match=r"^not well-formed SVG \(.+\)$"):
        unit.read(warn=pytest.fail)


def test_fingerprints_change_with_the_files_a_set_is_read_from_and_only_then(tmp_path: Path) -> None:
    package = iconify_package(tmp_path / "pkg", iconify_set("ph", {"a": {}}), info={"name": "P"}, metadata={})
    svg = write_svg(tmp_path / "art" / "outline" / "a.svg")
    write_svg(tmp_path / "art" / "outline" / "b.svg")
    iconify_unit, svg_unit = discover([str(package), str(tmp_path / "art")]).units
    before = iconify_unit.fingerprint(), svg_unit.fingerprint()
    assert (iconify_unit.fingerprint(), svg_unit.fingerprint()) == before

    stat = package.with_name("metadata.json").stat()
    os.utime(package.with_name("metadata.json"), ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    assert iconify_unit.fingerprint() != before[0]

    svg.write_text(svg.read_text(encoding="utf-8") + " ", encoding="utf-8")
    after_edit = svg_unit.fingerprint()
    assert after_edit != before[1]
    write_svg(tmp_path / "art" / "filled" / "c.svg")
    assert svg_unit.fingerprint() != after_edit
    (tmp_path / "art" / "notes.txt").write_text("not an icon", encoding="utf-8")
    assert svg_unit.fingerprint() == discover([str(tmp_path / "art")]).units[0].fingerprint()


def test_every_spelling_of_a_set_s_place_has_one_key_and_one_fingerprint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    iconify_package(tmp_path / "proj" / "node_modules" / "@iconify-json" / "ph", iconify_set("ph", {"a": {}}), info={})
    write_svg(tmp_path / "proj" / "art" / "outline" / "a.svg")
    (tmp_path / "linked").symlink_to(tmp_path / "proj", target_is_directory=True)
    monkeypatch.chdir(tmp_path / "proj")
    spellings = [[".", "art"], [str(tmp_path / "proj"), str(tmp_path / "proj" / "art")]]
    spellings.append([str(tmp_path / "linked"), str(tmp_path / "linked" / "art")])
    found = [[(unit.key, unit.fingerprint()) for unit in discover(paths).units] for paths in spellings]
    assert len(found[0]) == 2 and found[0] == found[1] == found[2]


def test_a_set_whose_records_carry_package_categories_is_read_again_when_they_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = collection(tmp_path / "iconify-json", "tabler", "mdi")
    named = write_json(tmp_path / "mine.json", iconify_set("mine", {"a": {}}))
    units = discover([str(folder), str(named)]).units
    before = {Path(unit.label).name: unit.fingerprint() for unit in units}
    monkeypatch.setattr(discover_module, "categories_version", lambda: "other categories", raising=False)
    after = {Path(unit.label).name: unit.fingerprint() for unit in units}
    assert after["tabler.json"] != before["tabler.json"]
    assert after["mine.json"] != before["mine.json"]  # named directly: its prefix is known only once read
    assert after["mdi.json"] == before["mdi.json"]  # MDI's categories are its own
