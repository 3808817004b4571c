"""IconifyJSON → records: every mapping rule of issue 24 on small sets built here (docs/sources.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from iconcat.server.sources.errors import UnreadableSet
from iconcat.server.sources.iconify import MIN_STYLE_PAIRS, iconify_svg, read_iconify
from iconcat.server.sources.records import OTHER_SERIES, REGULAR, UNCATEGORISED, SourceIcon
from tests.support.iconsets import CIRCLE, TWO_COLOURS, iconify_package, iconify_set, write_json


def read(path: Path, **beside: Path) -> tuple[object, dict[str, SourceIcon]]:
    record, icons = read_iconify(path, **beside)
    return record, {icon.key: icon for icon in icons}


def read_set(tmp_path: Path, data: dict, **files: object) -> dict[str, SourceIcon]:
    """Read `data` as an @iconify-json package's icons.json, with `info`/`metadata` beside it when given."""
    icons_json = iconify_package(tmp_path / "pkg", data, info=files.get("info"), metadata=files.get("metadata"))  # type: ignore[arg-type]
    return read(
        icons_json, info_path=icons_json.with_name("info.json"), metadata_path=icons_json.with_name("metadata.json")
    )[1]


def test_set_name_series_licence_and_author_come_from_info(tmp_path: Path) -> None:
    info = {
        "name": "Tabler Icons",
        "category": "UI 24px",
        "license": {"title": "MIT", "spdx": "MIT", "url": "https://example.test/LICENSE"},
        "author": {"name": "Paweł Kuna", "url": "https://example.test/tabler"},
    }
    inline = write_json(tmp_path / "json" / "tabler.json", iconify_set("tabler", {"a": {}}, info=info))
    record, _ = read(inline)
    assert (record.prefix, record.name, record.series) == ("tabler", "Tabler Icons", "UI 24px")  # type: ignore[attr-defined]
    assert (record.license_spdx, record.license_title, record.license_url) == (
        "MIT",
        "MIT",
        "https://example.test/LICENSE",
    )  # type: ignore[attr-defined]
    assert (record.author_name, record.author_url) == ("Paweł Kuna", "https://example.test/tabler")  # type: ignore[attr-defined]

    package = iconify_package(tmp_path / "pkg", iconify_set("ph", {"a": {}}), info={"name": "Phosphor"})
    record, _ = read(package, info_path=package.with_name("info.json"))
    assert (record.name, record.series, record.license_spdx) == ("Phosphor", OTHER_SERIES, None)  # type: ignore[attr-defined]

    bare = write_json(tmp_path / "bare.json", iconify_set("bare", {"a": {}}))
    record, _ = read(bare)
    assert (record.name, record.series) == ("bare", OTHER_SERIES)  # type: ignore[attr-defined]


def test_names_are_keys_in_words_without_their_style(tmp_path: Path) -> None:
    names = {f"shape-{n}": {} for n in range(MIN_STYLE_PAIRS)} | {
        f"shape-{n}-filled": {} for n in range(MIN_STYLE_PAIRS)
    }
    icons = read_set(
        tmp_path, iconify_set("t", names | {"arrow-up-circle": {}, "arrow-up-circle-filled": {}, "3d-cube": {}})
    )
    assert (icons["arrow-up-circle-filled"].name, icons["arrow-up-circle-filled"].style) == (
        "Arrow Up Circle",
        "Filled",
    )
    assert (icons["arrow-up-circle"].name, icons["arrow-up-circle"].style) == ("Arrow Up Circle", REGULAR)
    assert icons["3d-cube"].name == "3d Cube"


def test_suffix_themes_inline_and_in_metadata_longest_first_with_the_empty_theme(tmp_path: Path) -> None:
    suffixes = {
        "": "Regular",
        "bold": "Bold",
        "fill": "Fill",
        "duotone": "Duotone",
        "24-filled": "24 Filled",
        "filled": "Filled",
    }
    keys = ["acorn", "acorn-bold", "acorn-fill", "acorn-duotone", "clock-24-filled", "clock-filled", "bold"]
    inline = read_set(tmp_path / "a", iconify_set("ph", {k: {} for k in keys}, suffixes=suffixes))
    beside = read_set(tmp_path / "b", iconify_set("ph", {k: {} for k in keys}), metadata={"suffixes": suffixes})
    for icons in (inline, beside):
        assert {(icons[k].name, icons[k].style) for k in keys[:4]} == {
            ("Acorn", "Regular"),
            ("Acorn", "Bold"),
            ("Acorn", "Fill"),
            ("Acorn", "Duotone"),
        }
        assert (icons["clock-24-filled"].name, icons["clock-24-filled"].style) == ("Clock", "24 Filled")
        assert (icons["clock-filled"].name, icons["clock-filled"].style) == ("Clock", "Filled")
        assert (icons["bold"].name, icons["bold"].style) == ("Bold", "Regular")  # a suffix alone is a name


def test_a_set_with_themes_but_no_empty_theme_calls_the_rest_regular_and_prefix_themes_count(tmp_path: Path) -> None:
    icons = read_set(
        tmp_path / "a",
        iconify_set(
            "ant",
            {"home-filled": {}, "home-outlined": {}, "alipay": {}},
            suffixes={"filled": "Filled", "outlined": "Outlined"},
        ),
    )
    assert (icons["alipay"].style, icons["home-outlined"].style, icons["home-outlined"].name) == (
        REGULAR,
        "Outlined",
        "Home",
    )
    icons = read_set(
        tmp_path / "b",
        iconify_set(
            "ic",
            {"baseline-add": {}, "outline-add": {}, "round-add": {}},
            prefixes={"baseline": "Baseline", "outline": "Outline", "round": "Round"},
        ),
    )
    assert {(i.name, i.style) for i in icons.values()} == {("Add", "Baseline"), ("Add", "Outline"), ("Add", "Round")}


def test_well_known_suffixes_mark_a_style_only_when_the_base_is_an_icon_and_the_set_uses_the_suffix(
    tmp_path: Path,
) -> None:
    # Tabler's shape: many `-filled` pairs; `brand-c-sharp` has no `brand-c`; one `-outline` pair is a name.
    tabler = {f"shape-{n}": {} for n in range(MIN_STYLE_PAIRS)} | {
        f"shape-{n}-filled": {} for n in range(MIN_STYLE_PAIRS)
    }
    tabler |= {"arrow-up": {}, "arrow-up-filled": {}, "brand-c-sharp": {}, "lonely": {}, "lonely-outline": {}}
    icons = read_set(tmp_path / "tabler", iconify_set("tabler", tabler))
    assert (icons["arrow-up-filled"].name, icons["arrow-up-filled"].style) == ("Arrow Up", "Filled")
    assert (icons["brand-c-sharp"].name, icons["brand-c-sharp"].style) == ("Brand C Sharp", REGULAR)
    assert (icons["lonely-outline"].name, icons["lonely-outline"].style) == ("Lonely Outline", REGULAR)

    # MDI's shape: thousands of `-outline` pairs, and `format-color-fill` beside a real `format-color`.
    mdi = {f"thing-{n}": {} for n in range(20)} | {f"thing-{n}-outline": {} for n in range(20)}
    mdi |= {"format-color": {}, "format-color-fill": {}, "skip": {}, "skip-fill": {}}
    icons = read_set(tmp_path / "mdi", iconify_set("mdi", mdi))
    assert (icons["thing-3-outline"].name, icons["thing-3-outline"].style) == ("Thing 3", "Outline")
    assert (icons["format-color-fill"].name, icons["format-color-fill"].style) == ("Format Color Fill", REGULAR)
    assert icons["skip-fill"].style == REGULAR


def test_the_well_known_rule_counts_alias_names_as_icons_of_the_set(tmp_path: Path) -> None:
    keys = {f"k{n}": {} for n in range(MIN_STYLE_PAIRS)} | {f"k{n}-solid": {} for n in range(MIN_STYLE_PAIRS)}
    icons = read_set(tmp_path, iconify_set("s", keys | {"house-solid": {}}, aliases={"house": {"parent": "k0"}}))
    assert (icons["house-solid"].name, icons["house-solid"].style) == ("House", "Solid")


def test_categories_inline_or_in_metadata_first_in_the_sets_order_else_uncategorised(tmp_path: Path) -> None:
    categories = {"Arrows": ["arrow-up", "home"], "Buildings": ["home", "shop"]}
    keys = {"arrow-up": {}, "home": {}, "shop": {}, "loose": {}}
    inline = read_set(tmp_path / "a", iconify_set("m", keys, categories=categories))
    beside = read_set(tmp_path / "b", iconify_set("m", keys), metadata={"categories": categories})
    for icons in (inline, beside):
        assert icons["home"].category == "Arrows"  # in two: the first in the set's own order, only that one
        assert icons["shop"].category == "Buildings"
        assert icons["loose"].category == UNCATEGORISED


def test_a_styled_icon_its_set_left_out_of_the_categories_takes_its_base_icons(tmp_path: Path) -> None:
    keys = {f"k{n}": {} for n in range(MIN_STYLE_PAIRS)} | {f"k{n}-outline": {} for n in range(MIN_STYLE_PAIRS)}
    icons = read_set(tmp_path, iconify_set("m", keys, categories={"Things": ["k1"]}))
    assert icons["k1-outline"].category == "Things"
    assert icons["k2-outline"].category == UNCATEGORISED


def test_plain_aliases_lead_to_their_icon_and_are_not_icons_of_their_own(tmp_path: Path) -> None:
    data = iconify_set(
        "s",
        {"house": {}},
        aliases={"home": {"parent": "house"}, "homestead": {"parent": "home"}, "orphan": {"parent": "nowhere"}},
    )
    icons = read_set(tmp_path, data)
    assert set(icons) == {"house"}
    assert icons["house"].aliases == ("home", "homestead")


def test_an_alias_with_its_own_transformation_or_box_is_an_icon_of_its_own(tmp_path: Path) -> None:
    data = iconify_set(
        "s",
        {"arrow-left": {"width": 24, "height": 24}},
        aliases={
            "arrow-right": {"parent": "arrow-left", "hFlip": True},
            "arrow-up": {"parent": "arrow-left", "rotate": 1},
            "arrow-wide": {"parent": "arrow-left", "width": 32},
            "arrow-same": {"parent": "arrow-left", "width": 24},  # says the parent's own box: the same glyph
            "arrow-east": {"parent": "arrow-right"},  # a plain alias of a listed alias
            "arrow-right-up": {"parent": "arrow-right", "rotate": 1},  # transformations add along the chain
            "arrow-back": {"parent": "arrow-right", "hFlip": True},  # flipped back: arrow-left's own glyph
        },
    )
    icons = read_set(tmp_path, data)
    assert set(icons) == {"arrow-left", "arrow-right", "arrow-up", "arrow-wide", "arrow-right-up", "arrow-back"}
    assert 'transform="rotate(90 12 12) translate(24 0) scale(-1 1)"' in icons["arrow-right-up"].svg
    assert "transform" not in icons["arrow-back"].svg
    assert icons["arrow-left"].aliases == ("arrow-same",)
    assert icons["arrow-right"].aliases == ("arrow-east",)
    assert icons["arrow-right"].name == "Arrow Right"
    assert 'transform="translate(24 0) scale(-1 1)"' in icons["arrow-right"].svg
    assert 'transform="rotate(90 12 12)"' in icons["arrow-up"].svg
    assert (icons["arrow-wide"].width, icons["arrow-wide"].height) == (32, 24)


def test_hidden_icons_are_produced_hidden_and_their_aliases_are_listed_in_their_place(tmp_path: Path) -> None:
    data = iconify_set(
        "ph",
        {"activity": {"hidden": True}, "pulse": {}},
        aliases={
            "heartbeat": {"parent": "activity"},
            "heart-rate": {"parent": "heartbeat"},
            "secret": {"parent": "pulse", "hidden": True},
        },
    )
    icons = read_set(tmp_path, data)
    assert icons["activity"].hidden is True
    assert icons["heartbeat"].hidden is False  # its parent is hidden: listed under the alias's name
    assert icons["heartbeat"].name == "Heartbeat"
    assert icons["heartbeat"].aliases == ("heart-rate",)
    assert icons["heartbeat"].svg == icons["activity"].svg
    assert icons["pulse"].aliases == ()  # a hidden plain alias leads nowhere
    assert "secret" not in icons


@pytest.mark.parametrize(
    ("transform", "expected_group", "size"),
    [
        ({"hFlip": True}, "translate(32 0) scale(-1 1)", (32, 16)),
        ({"vFlip": True}, "translate(0 16) scale(1 -1)", (32, 16)),
        ({"hFlip": True, "vFlip": True}, "rotate(180 16 8)", (32, 16)),
        ({"rotate": 1}, "rotate(90 8 8)", (16, 32)),
        ({"rotate": 2}, "rotate(180 16 8)", (32, 16)),
        ({"rotate": 3}, "rotate(-90 16 16)", (16, 32)),
        ({"rotate": 1, "hFlip": True}, "rotate(90 8 8) translate(32 0) scale(-1 1)", (16, 32)),
    ],
)
def test_rotate_and_flips_are_applied_as_iconify_defines_them(
    tmp_path: Path, transform: dict, expected_group: str, size: tuple[int, int]
) -> None:
    icons = read_set(tmp_path, iconify_set("s", {"wide": {"width": 32, "height": 16, **transform}}))
    icon = icons["wide"]
    width, height = size
    assert icon.svg == (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
        f'<g transform="{expected_group}">{CIRCLE}</g></svg>'
    )
    assert (icon.width, icon.height) == size


def test_a_flip_moves_an_offset_box_to_the_origin_and_a_quarter_turn_swaps_its_corner() -> None:
    assert iconify_svg("B", -2, -3, 24, 20, h_flip=True)[0] == (
        '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="20" viewBox="0 0 24 20">'
        '<g transform="translate(22 3) scale(-1 1)">B</g></svg>'
    )
    assert iconify_svg("B", -2, -3, 24, 20, rotate=1)[0] == (
        '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="24" viewBox="-3 -2 20 24">'
        '<g transform="rotate(90 7 7)">B</g></svg>'
    )
    assert iconify_svg("B", 0, 0, 15, 15, rotate=2)[0].count("rotate(180 7.5 7.5)") == 1


def test_definitions_stay_outside_a_transformed_group_as_iconify_keeps_them() -> None:
    body = '<defs><linearGradient id="g"/></defs><path fill="url(#g)" d="M0 0h4v4z"/>'
    assert iconify_svg(body, 0, 0, 16, 16, h_flip=True)[0] == (
        '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">'
        '<defs><linearGradient id="g"/></defs>'
        '<g transform="translate(16 0) scale(-1 1)"><path fill="url(#g)" d="M0 0h4v4z"/></g></svg>'
    )
    assert iconify_svg(body, 0, 0, 16, 16)[0].endswith(f'viewBox="0 0 16 16">{body}</svg>')  # untouched
    backwards = "</defs><defs><path/>"  # Iconify's own loop would never end on this
    assert iconify_svg(backwards, 0, 0, 16, 16, rotate=2)[0].count(backwards) == 1


def test_the_box_is_the_icons_own_else_the_sets_root_defaults_never_info_height(tmp_path: Path) -> None:
    data = iconify_set("ph", {"acorn": {}, "banner": {"width": 512, "height": 128}}, width=256, height=256)
    icons = read_set(tmp_path / "a", data, info={"name": "Phosphor", "height": 24})
    assert 'width="256" height="256" viewBox="0 0 256 256"' in icons["acorn"].svg
    assert (icons["acorn"].width, icons["acorn"].height) == (256, 256)
    assert 'width="512" height="128" viewBox="0 0 512 128"' in icons["banner"].svg  # non-square: its own box

    icons = read_set(
        tmp_path / "b", iconify_set("jam", {"a": {}, "b": {"left": 0}}, left=-2, top=-2, width=24, height=24)
    )
    assert 'viewBox="-2 -2 24 24"' in icons["a"].svg
    assert 'viewBox="0 -2 24 24"' in icons["b"].svg

    icons = read_set(tmp_path / "c", iconify_set("tiny", {"a": {}}), info={"height": 24})
    assert 'viewBox="0 0 16 16"' in icons["a"].svg  # Iconify's own default


def test_current_colour_and_several_colours_are_kept(tmp_path: Path) -> None:
    icons = read_set(tmp_path, iconify_set("s", {"mono": {}, "flag": {"body": TWO_COLOURS, "width": 24, "height": 24}}))
    assert 'fill="currentColor"' in icons["mono"].svg
    assert "#e53935" in icons["flag"].svg and "#1e88e5" in icons["flag"].svg
    assert "currentColor" not in icons["flag"].svg


def test_an_xlink_body_gets_its_namespace(tmp_path: Path) -> None:
    body = '<defs><path id="a" d="M0 0h4v4H0z"/></defs><use xlink:href="#a"/>'
    icons = read_set(tmp_path, iconify_set("s", {"linked": {"body": body}, "plain": {}}))
    assert 'xmlns:xlink="http://www.w3.org/1999/xlink"' in icons["linked"].svg
    assert "xmlns:xlink" not in icons["plain"].svg


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


def test_broken_entries_and_a_broken_metadata_file_lose_only_themselves(tmp_path: Path) -> None:
    data = iconify_set("s", {"good": {}})
    data["icons"]["no-body"] = {"width": 24}
    data["icons"]["not-an-entry"] = "oops"
    data["icons"]["../../etc/passwd"] = {"body": "<path/>"}
    data["icons"]["Upper"] = {"body": "<path/>"}
    data["aliases"] = {
        "loop-a": {"parent": "loop-b"},
        "loop-b": {"parent": "loop-a"},
        "fine": {"parent": "good"},
        "bad alias": {"parent": "good"},
    }
    package = iconify_package(tmp_path / "pkg", data)
    package.with_name("metadata.json").write_text("{broken", encoding="utf-8")
    warnings: list[str] = []
    record, read_icons = read_iconify(package, metadata_path=package.with_name("metadata.json"), warn=warnings.append)
    icons = {icon.key: icon for icon in read_icons}
    assert set(icons) == {"good"}
    assert icons["good"].aliases == ("fine",)
    assert warnings == [f"{package}: 5 icons left out (no body, or a name that is not an Iconify name)"]


def test_json_nested_too_deeply_for_the_parser_is_a_broken_file_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    with pytest.raises(UnreadableSet, match="nested too deeply"):
        read_iconify(path)
