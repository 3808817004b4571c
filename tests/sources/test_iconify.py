"""IconifyJSON files → records: a set file read with the info.json and metadata.json beside it, and
files that are no set. The mapping rules themselves are IconifyJSON's (`iconcat.iconify`):
tests/iconify/."""

from __future__ import annotations

from pathlib import Path

import pytest

from iconcat.iconify.tags import icon_category
from iconcat.sources.errors import UnreadableSet
from iconcat.sources.iconify import read_iconify
from iconcat.sources.records import OTHER_SERIES, UNCATEGORISED, SetRecord, SourceIcon
from tests.support.iconsets import iconify_package, iconify_set, write_json


def read(path: Path, **beside: Path) -> tuple[SetRecord, dict[str, SourceIcon]]:
    record, icons = read_iconify(path, **beside)
    return record, {icon.key: icon for icon in icons}


def read_package(folder: Path, data: dict, **files: object) -> tuple[SetRecord, dict[str, SourceIcon]]:
    """Read `data` as an @iconify-json package's icons.json, with `info`/`metadata` beside it when given."""
    icons_json = iconify_package(folder, data, info=files.get("info"), metadata=files.get("metadata"))  # type: ignore[arg-type]
    return read(
        icons_json, info_path=icons_json.with_name("info.json"), metadata_path=icons_json.with_name("metadata.json")
    )


def test_the_set_record_comes_from_info_inline_else_beside_and_names_its_file(tmp_path: Path) -> None:
    info = {
        "name": "Tabler Icons",
        "category": "UI 24px",
        "license": {"title": "MIT", "spdx": "MIT", "url": "https://example.test/LICENSE"},
        "author": {"name": "Paweł Kuna", "url": "https://example.test/tabler"},
    }
    inline = write_json(tmp_path / "json" / "tabler.json", iconify_set("tabler", {"a": {}}, info=info))
    record, _ = read(inline)
    assert record == SetRecord(
        "tabler",
        "Tabler Icons",
        "UI 24px",
        str(inline),
        "MIT",
        "MIT",
        "https://example.test/LICENSE",
        "Paweł Kuna",
        "https://example.test/tabler",
    )

    record, _ = read_package(tmp_path / "pkg", iconify_set("ph", {"a": {}}), info={"name": "Phosphor"})
    assert (record.name, record.series, record.license_spdx) == ("Phosphor", OTHER_SERIES, None)

    both = iconify_set("ph", {"a": {}}, info={"name": "Inline"})
    record, _ = read_package(tmp_path / "both", both, info={"name": "Beside"})
    assert record.name == "Inline"

    bare = write_json(tmp_path / "bare.json", iconify_set("bare", {"a": {}}))
    record, _ = read(bare)
    assert (record.name, record.series, record.source) == ("bare", OTHER_SERIES, str(bare))


def test_themes_and_categories_are_read_from_the_metadata_beside_the_set(tmp_path: Path) -> None:
    metadata = {"suffixes": {"bold": "Bold"}, "categories": {"Nature": ["acorn"]}}
    _, icons = read_package(tmp_path, iconify_set("ph", {"acorn": {}, "acorn-bold": {}}), metadata=metadata)
    assert (icons["acorn-bold"].name, icons["acorn-bold"].style, icons["acorn-bold"].category) == (
        "Acorn",
        "Bold",
        "Nature",
    )


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"{not json", "not JSON"),
        (b'{"name": "package"}', "not an IconifyJSON set"),
        (b"[1, 2]", "not an IconifyJSON set"),
        (b'{"prefix": "Bad Prefix", "icons": {}}', "prefix"),
        (b'{"prefix": "\xff"}', "not UTF-8"),
    ],
)
def test_a_file_that_is_not_a_readable_set_says_why(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / "broken.json"
    path.write_bytes(content)
    with pytest.raises(UnreadableSet, match=reason):
        read_iconify(path)


def test_a_broken_metadata_file_loses_only_itself_and_icons_left_out_are_one_line(tmp_path: Path) -> None:
    data = iconify_set("s", {"good": {}})
    data["icons"]["no-body"] = {"width": 24}
    data["icons"]["Upper"] = {"body": "<path/>"}
    package = iconify_package(tmp_path / "pkg", data)
    package.with_name("metadata.json").write_text("{broken", encoding="utf-8")
    warnings: list[str] = []
    _, read_icons = read_iconify(package, metadata_path=package.with_name("metadata.json"), warn=warnings.append)
    assert {icon.key for icon in read_icons} == {"good"}
    assert warnings == [f"{package}: 2 icons left out (no body, or a name that is not an Iconify name)"]

    warnings.clear()
    one = write_json(tmp_path / "one.json", iconify_set("one", {"good": {}, "Bad": {}}))
    assert [icon.key for icon in read_iconify(one, warn=warnings.append)[1]] == ["good"]
    assert warnings == [f"{one}: an icon left out (no body, or a name that is not an Iconify name)"]


def test_json_nested_too_deeply_for_the_parser_is_a_broken_file_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    with pytest.raises(UnreadableSet, match="nested too deeply"):
        read_iconify(path)


def test_a_set_without_categories_of_its_own_gets_its_packages_as_its_records_are_made(tmp_path: Path) -> None:
    # Tabler as @iconify-json/tabler ships it: no categories inline nor in metadata.json.
    tabler = iconify_set("tabler", {"trash": {}, "trash-filled": {}, "no-such-icon-here": {}})
    _, icons = read_package(tmp_path / "tabler", tabler, info={"name": "Tabler Icons"}, metadata={})
    assert icons["trash"].category == icon_category("tabler", "trash") == "System"
    assert icons["trash-filled"].category == "System"  # a style takes its base icon's
    assert icons["no-such-icon-here"].category == UNCATEGORISED
    # Phosphor as @iconify/json's json/ph.json, its weights as suffixes.
    phosphor = iconify_set("ph", {"trash": {}, "trash-bold": {}}, suffixes={"": "Regular", "bold": "Bold"})
    _, icons = read(write_json(tmp_path / "json" / "ph.json", phosphor))
    assert icons["trash-bold"].category == icons["trash"].category == icon_category("ph", "trash") != UNCATEGORISED


def test_a_sets_own_categories_win_and_sets_without_package_categories_keep_none(tmp_path: Path) -> None:
    own = iconify_set("tabler", {"trash": {}, "home": {}}, categories={"Mine": ["trash"]})
    _, icons = read(write_json(tmp_path / "tabler.json", own))
    assert (icons["trash"].category, icons["home"].category) == ("Mine", UNCATEGORISED)
    _, icons = read_package(
        tmp_path / "tabler", iconify_set("tabler", {"home": {}}), metadata={"categories": {"A": []}}
    )
    assert icons["home"].category == UNCATEGORISED  # categories of its own in metadata.json, though empty
    _, icons = read(write_json(tmp_path / "mdi.json", iconify_set("mdi", {"delete": {}})))
    assert icons["delete"].category == UNCATEGORISED
