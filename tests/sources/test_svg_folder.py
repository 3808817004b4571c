"""A folder of SVG files → records: styles from sub-folders, names from files, the set's name and its
stable, unique prefix; broken files skipped with one line each."""

from __future__ import annotations

from pathlib import Path

import pytest

from iconcat.sources.discover import SvgFolderUnit, discover
from iconcat.sources.records import REGULAR, UNCATEGORISED, SourceIcon
from iconcat.sources.svg_folder import MAX_SVG_BYTES, svg_set_identity
from tests.support.iconsets import TWO_COLOURS, svg_text, write_json, write_svg

BILLION_LAUGHS = (
    b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
    + b"".join(b'<!ENTITY %c "%s">' % (98 + i, b"&%c;" % (97 + i) * 10) for i in range(9))
    + b']><svg viewBox="0 0 1 1">&j;</svg>'
)
"""A billion a's from a few hundred bytes: expat refuses the amplification, so it is one more broken file."""


def read_folder(folder: Path, name: str | None = None) -> tuple[SvgFolderUnit, dict[str, SourceIcon], list[str]]:
    (unit,) = discover([f"{name}={folder}" if name else str(folder)]).units
    assert isinstance(unit, SvgFolderUnit)
    warnings: list[str] = []
    _, icons = unit.read(warn=warnings.append)
    return unit, {icon.key: icon for icon in icons}, warnings


def test_style_folders_file_names_and_size_named_files(tmp_path: Path) -> None:
    root = tmp_path / "tabler" / "icons"
    write_svg(root / "outline" / "arrow-up.svg")
    write_svg(root / "filled" / "arrow-up.svg")
    write_svg(root / "solid" / "arrow_down.svg")
    write_svg(root / "brands" / "GitHub.svg")
    write_svg(root / "loose.svg")
    write_svg(root / "filled" / "3d_rotation" / "24px.svg")  # Material's layout: the folder names the icon
    write_svg(root / "outline" / "weather" / "cloud-rain.svg")  # a deeper folder is the category
    _, icons, warnings = read_folder(root)
    assert warnings == []
    assert {(key, icon.name, icon.style, icon.category) for key, icon in icons.items()} == {
        ("arrow-up-outline", "Arrow Up", "Outline", UNCATEGORISED),
        ("arrow-up-filled", "Arrow Up", "Filled", UNCATEGORISED),
        ("arrow-down-solid", "Arrow Down", "Solid", UNCATEGORISED),
        ("git-hub-brands", "Git Hub", "Brands", UNCATEGORISED),
        ("loose", "Loose", REGULAR, UNCATEGORISED),
        ("3d-rotation-filled", "3d Rotation", "Filled", UNCATEGORISED),
        ("cloud-rain-weather-outline", "Cloud Rain", "Outline", "Weather"),
    }


def test_links_to_folders_are_not_followed_but_the_folder_named_may_be_one(tmp_path: Path) -> None:
    write_svg(tmp_path / "set" / "outline" / "a.svg")
    write_svg(tmp_path / "elsewhere" / "secret.svg")
    (tmp_path / "set" / "outline" / "loop").symlink_to(tmp_path / "set")
    (tmp_path / "set" / "again").symlink_to(tmp_path / "set" / "outline")
    (tmp_path / "set" / "out").symlink_to(tmp_path / "elsewhere")
    _, icons, warnings = read_folder(tmp_path / "set")
    assert list(icons) == ["a-outline"]
    assert warnings == []
    (tmp_path / "linked").symlink_to(tmp_path / "set")
    assert list(read_folder(tmp_path / "linked")[1]) == ["a-outline"]


def test_a_size_folder_and_the_style_under_it_are_one_style(tmp_path: Path) -> None:
    root = tmp_path / "heroicons"
    write_svg(root / "24" / "outline" / "academic-cap.svg")
    write_svg(root / "20" / "solid" / "academic-cap.svg")
    _, icons, _ = read_folder(root)
    assert {(key, icon.name, icon.style) for key, icon in icons.items()} == {
        ("academic-cap-outline-24", "Academic Cap", "Outline 24"),
        ("academic-cap-solid-20", "Academic Cap", "Solid 20"),
    }


def test_the_svg_text_is_kept_as_read_and_sized_by_its_view_box(tmp_path: Path) -> None:
    wide = svg_text(48, 24, TWO_COLOURS)
    write_svg(tmp_path / "set" / "wide.svg", wide)
    write_svg(tmp_path / "set" / "sized.svg", svg_text(20, 10, view_box=False))
    write_svg(tmp_path / "set" / "px.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="32px" height="16px"/>')
    _, icons, _ = read_folder(tmp_path / "set")
    assert icons["wide"].svg == wide
    assert (icons["wide"].width, icons["wide"].height) == (48, 24)
    assert (icons["sized"].width, icons["sized"].height) == (20, 10)
    assert (icons["px"].width, icons["px"].height) == (32, 16)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"<svg><path></svg>", "not well-formed SVG"),
        (b'<html xmlns="http://www.w3.org/1999/xhtml"/>', "not an SVG document"),
        (b'<svg xmlns="http://www.w3.org/2000/svg"/>', "it has no viewBox or width and height"),
        (b'<svg viewBox="0 0 nan 1"/>', "it has no viewBox or width and height"),
        (b'<svg viewBox="0 0 1 1">\xff</svg>', "not UTF-8"),
        (b"<svg" + b" " * MAX_SVG_BYTES + b"/>", "larger than 4 MB"),
        (BILLION_LAUGHS, "not well-formed SVG (limit on input amplification factor"),
    ],
)
def test_a_broken_svg_is_skipped_with_one_line_and_the_rest_served(tmp_path: Path, content: bytes, reason: str) -> None:
    write_svg(tmp_path / "set" / "good.svg")
    (tmp_path / "set" / "bad.svg").write_bytes(content)
    _, icons, warnings = read_folder(tmp_path / "set")
    assert list(icons) == ["good"]
    assert len(warnings) == 1
    assert warnings[0].startswith(f"{tmp_path / 'set' / 'bad.svg'}: skipped, {reason}")


def test_set_names_from_name_equals_package_json_or_the_first_folder_name_that_is_not_generic(tmp_path: Path) -> None:
    write_svg(tmp_path / "feather" / "dist" / "icons" / "a.svg")
    assert read_folder(tmp_path / "feather" / "dist" / "icons")[0].name == "Feather"
    assert read_folder(tmp_path / "feather" / "dist" / "icons", name="My Feather")[0].name == "My Feather"

    modules = tmp_path / "node_modules"
    for package, folder in (
        ("@tabler/icons", "icons"),
        ("lucide-static", "icons"),
        ("@fortawesome/fontawesome-free", "svgs"),
    ):
        write_json(modules / package / "package.json", {"name": package, "version": "1.0.0"})
        write_svg(modules / package / folder / "a.svg")
    names = [
        discover([str(modules / package / folder)]).units[0].name
        for package, folder in (
            ("@tabler/icons", "icons"),
            ("lucide-static", "icons"),
            ("@fortawesome/fontawesome-free", "svgs"),
        )
    ]  # type: ignore[attr-defined]
    assert names == ["Tabler", "Lucide Static", "Fontawesome Free"]


def test_the_licence_and_author_come_from_the_package_json_that_names_the_set(tmp_path: Path) -> None:
    package = tmp_path / "node_modules" / "@fortawesome" / "fontawesome-free"
    manifest = {
        "name": "@fortawesome/fontawesome-free",
        "license": "(CC-BY-4.0 AND OFL-1.1 AND MIT)",
        "author": "The Font Awesome Team <hello@fontawesome.com> (https://fontawesome.com)",
    }
    write_json(package / "package.json", manifest)
    write_svg(package / "svgs" / "solid" / "house.svg")
    record, _ = read_folder(package / "svgs")[0].read()
    assert (record.license_spdx, record.author_name) == ("(CC-BY-4.0 AND OFL-1.1 AND MIT)", "The Font Awesome Team")
    write_json(
        tmp_path / "tabler" / "package.json",
        {"name": "@tabler/icons", "license": "MIT", "author": {"name": "Paweł Kuna", "url": "https://example.test"}},
    )
    write_svg(tmp_path / "tabler" / "icons" / "outline" / "a.svg")
    record, _ = read_folder(tmp_path / "tabler" / "icons")[0].read()
    assert (record.name, record.license_spdx, record.author_name, record.author_url) == (
        "Tabler",
        "MIT",
        "Paweł Kuna",
        "https://example.test",
    )
    write_svg(tmp_path / "loose" / "a.svg")
    record, _ = read_folder(tmp_path / "loose")[0].read()
    assert (record.name, record.license_spdx, record.author_name) == ("Loose", None, None)


def test_prefixes_are_unique_per_place_and_stable_whatever_else_is_served(tmp_path: Path) -> None:
    for project in ("one", "two"):
        write_json(
            tmp_path / project / "node_modules" / "@tabler" / "icons" / "package.json", {"name": "@tabler/icons"}
        )
        write_svg(tmp_path / project / "node_modules" / "@tabler" / "icons" / "icons" / "a.svg")
        write_svg(tmp_path / project / "node_modules" / "@tabler" / "icons" / "extra" / "a.svg")
    write_svg(tmp_path / "a" / "icons" / "x.svg")
    write_svg(tmp_path / "b" / "icons" / "x.svg")
    write_svg(tmp_path / "b" / "svgs" / "x.svg")
    tabler_one = str(tmp_path / "one" / "node_modules" / "@tabler" / "icons" / "icons")
    tabler_two = str(tmp_path / "two" / "node_modules" / "@tabler" / "icons" / "icons")
    extra = str(tmp_path / "one" / "node_modules" / "@tabler" / "icons" / "extra")
    others = [str(tmp_path / "a" / "icons"), str(tmp_path / "b" / "icons"), str(tmp_path / "b" / "svgs")]

    alone = {unit.label: unit.prefix for unit in discover([tabler_one]).units}  # type: ignore[attr-defined]
    together = {unit.label: unit.prefix for unit in discover([*others, extra, tabler_one]).units}  # type: ignore[attr-defined]
    assert together[tabler_one] == alone[tabler_one]  # other sets beside it change nothing
    assert together[tabler_one].startswith("tabler-")
    assert len(set(together.values())) == len(together)  # never shared, even by sets of one name
    # The same package folder in another project's node_modules: the same prefix (ids and favourites kept).
    assert discover([tabler_two]).units[0].prefix == alone[tabler_one]  # type: ignore[attr-defined]
    assert svg_set_identity(Path(tabler_one)).prefix == alone[tabler_one]
