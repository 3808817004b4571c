"""One IconifyJSON document → icons: every mapping rule of issue 24 on small sets built here
(docs/sources.md), read by `iconcat.iconify.icons.read_icons` as any catalogue of Iconify's icons reads
them (sets from disk, Iconify's API). The files around a set (info.json, metadata.json beside it, a
file that is no set) are the disk reader's: tests/sources/test_iconify.py."""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from iconcat.iconify.icons import not_a_set, read_icons
from iconcat.iconify.sets import UNCATEGORISED
from iconcat.iconify.styles import MIN_STYLE_PAIRS, REGULAR
from tests.support.iconsets import CIRCLE, TWO_COLOURS, iconify_set


class Made(NamedTuple):
    """What `read_icons` hands its constructor, in its order."""

    key: str
    name: str
    style: str
    category: str
    svg: str
    width: float
    height: float
    aliases: tuple[str, ...]
    hidden: bool


def read(
    data: dict[str, Any], metadata: dict[str, Any] | None = None, left_out: list[int] | None = None
) -> dict[str, Made]:
    counted = left_out if left_out is not None else []
    return {icon.key: icon for icon in read_icons(data, metadata or {}, Made, counted.append)}


def test_names_are_keys_in_words_without_their_style() -> None:
    names = {f"shape-{n}": {} for n in range(MIN_STYLE_PAIRS)} | {
        f"shape-{n}-filled": {} for n in range(MIN_STYLE_PAIRS)
    }
    icons = read(iconify_set("t", names | {"arrow-up-circle": {}, "arrow-up-circle-filled": {}, "3d-cube": {}}))
    assert (icons["arrow-up-circle-filled"].name, icons["arrow-up-circle-filled"].style) == (
        "Arrow Up Circle",
        "Filled",
    )
    assert (icons["arrow-up-circle"].name, icons["arrow-up-circle"].style) == ("Arrow Up Circle", REGULAR)
    assert icons["3d-cube"].name == "3d Cube"


def test_suffix_themes_in_the_set_and_in_its_metadata_longest_first_with_the_empty_theme() -> None:
    suffixes = {
        "": "Regular",
        "bold": "Bold",
        "fill": "Fill",
        "duotone": "Duotone",
        "24-filled": "24 Filled",
        "filled": "Filled",
    }
    keys = ["acorn", "acorn-bold", "acorn-fill", "acorn-duotone", "clock-24-filled", "clock-filled", "bold"]
    inline = read(iconify_set("ph", {k: {} for k in keys}, suffixes=suffixes))
    beside = read(iconify_set("ph", {k: {} for k in keys}), metadata={"suffixes": suffixes})
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


def test_a_set_with_themes_but_no_empty_theme_calls_the_rest_regular_and_prefix_themes_count() -> None:
    icons = read(
        iconify_set(
            "ant",
            {"home-filled": {}, "home-outlined": {}, "alipay": {}},
            suffixes={"filled": "Filled", "outlined": "Outlined"},
        )
    )
    assert (icons["alipay"].style, icons["home-outlined"].style, icons["home-outlined"].name) == (
        REGULAR,
        "Outlined",
        "Home",
    )
    icons = read(
        iconify_set(
            "ic",
            {"baseline-add": {}, "outline-add": {}, "round-add": {}},
            prefixes={"baseline": "Baseline", "outline": "Outline", "round": "Round"},
        )
    )
    assert {(i.name, i.style) for i in icons.values()} == {("Add", "Baseline"), ("Add", "Outline"), ("Add", "Round")}


def test_well_known_suffixes_mark_a_style_only_when_the_base_is_an_icon_and_the_set_uses_the_suffix() -> None:
    # Tabler's shape: many `-filled` pairs; `brand-c-sharp` has no `brand-c`; one `-outline` pair is a name.
    tabler = {f"shape-{n}": {} for n in range(MIN_STYLE_PAIRS)} | {
        f"shape-{n}-filled": {} for n in range(MIN_STYLE_PAIRS)
    }
    tabler |= {"arrow-up": {}, "arrow-up-filled": {}, "brand-c-sharp": {}, "lonely": {}, "lonely-outline": {}}
    icons = read(iconify_set("tabler", tabler))
    assert (icons["arrow-up-filled"].name, icons["arrow-up-filled"].style) == ("Arrow Up", "Filled")
    assert (icons["brand-c-sharp"].name, icons["brand-c-sharp"].style) == ("Brand C Sharp", REGULAR)
    assert (icons["lonely-outline"].name, icons["lonely-outline"].style) == ("Lonely Outline", REGULAR)

    # MDI's shape: thousands of `-outline` pairs, and `format-color-fill` beside a real `format-color`.
    mdi = {f"thing-{n}": {} for n in range(20)} | {f"thing-{n}-outline": {} for n in range(20)}
    mdi |= {"format-color": {}, "format-color-fill": {}, "skip": {}, "skip-fill": {}}
    icons = read(iconify_set("mdi", mdi))
    assert (icons["thing-3-outline"].name, icons["thing-3-outline"].style) == ("Thing 3", "Outline")
    assert (icons["format-color-fill"].name, icons["format-color-fill"].style) == ("Format Color Fill", REGULAR)
    assert icons["skip-fill"].style == REGULAR


def test_the_well_known_rule_counts_alias_names_as_icons_of_the_set() -> None:
    keys = {f"k{n}": {} for n in range(MIN_STYLE_PAIRS)} | {f"k{n}-solid": {} for n in range(MIN_STYLE_PAIRS)}
    icons = read(iconify_set("s", keys | {"house-solid": {}}, aliases={"house": {"parent": "k0"}}))
    assert (icons["house-solid"].name, icons["house-solid"].style) == ("House", "Solid")


def test_categories_in_the_set_or_its_metadata_first_in_the_sets_order_else_uncategorised() -> None:
    categories = {"Arrows": ["arrow-up", "home"], "Buildings": ["home", "shop"]}
    keys = {"arrow-up": {}, "home": {}, "shop": {}, "loose": {}}
    inline = read(iconify_set("m", keys, categories=categories))
    beside = read(iconify_set("m", keys), metadata={"categories": categories})
    for icons in (inline, beside):
        assert icons["home"].category == "Arrows"  # in two: the first in the set's own order, only that one
        assert icons["shop"].category == "Buildings"
        assert icons["loose"].category == UNCATEGORISED


def test_a_styled_icon_its_set_left_out_of_the_categories_takes_its_base_icons() -> None:
    keys = {f"k{n}": {} for n in range(MIN_STYLE_PAIRS)} | {f"k{n}-outline": {} for n in range(MIN_STYLE_PAIRS)}
    icons = read(iconify_set("m", keys, categories={"Things": ["k1"]}))
    assert icons["k1-outline"].category == "Things"
    assert icons["k2-outline"].category == UNCATEGORISED


def test_plain_aliases_lead_to_their_icon_and_are_not_icons_of_their_own() -> None:
    data = iconify_set(
        "s",
        {"house": {}},
        aliases={"home": {"parent": "house"}, "homestead": {"parent": "home"}, "orphan": {"parent": "nowhere"}},
    )
    icons = read(data)
    assert set(icons) == {"house"}
    assert icons["house"].aliases == ("home", "homestead")


def test_an_alias_with_its_own_transformation_or_box_is_an_icon_of_its_own() -> None:
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
    icons = read(data)
    assert set(icons) == {"arrow-left", "arrow-right", "arrow-up", "arrow-wide", "arrow-right-up", "arrow-back"}
    assert 'transform="rotate(90 12 12) translate(24 0) scale(-1 1)"' in icons["arrow-right-up"].svg
    assert "transform" not in icons["arrow-back"].svg
    assert icons["arrow-left"].aliases == ("arrow-same",)
    assert icons["arrow-right"].aliases == ("arrow-east",)
    assert icons["arrow-right"].name == "Arrow Right"
    assert 'transform="translate(24 0) scale(-1 1)"' in icons["arrow-right"].svg
    assert 'transform="rotate(90 12 12)"' in icons["arrow-up"].svg
    assert (icons["arrow-wide"].width, icons["arrow-wide"].height) == (32, 24)


def test_hidden_icons_are_made_hidden_and_their_aliases_are_listed_in_their_place() -> None:
    data = iconify_set(
        "ph",
        {"activity": {"hidden": True}, "pulse": {}},
        aliases={
            "heartbeat": {"parent": "activity"},
            "heart-rate": {"parent": "heartbeat"},
            "secret": {"parent": "pulse", "hidden": True},
        },
    )
    icons = read(data)
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
    transform: dict, expected_group: str, size: tuple[int, int]
) -> None:
    icon = read(iconify_set("s", {"wide": {"width": 32, "height": 16, **transform}}))["wide"]
    width, height = size
    assert icon.svg == (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
        f'<g transform="{expected_group}">{CIRCLE}</g></svg>'
    )
    assert (icon.width, icon.height) == size


def test_the_box_is_the_icons_own_else_the_sets_root_defaults_never_info_height() -> None:
    data = iconify_set("ph", {"acorn": {}, "banner": {"width": 512, "height": 128}}, width=256, height=256)
    icons = read(data | {"info": {"name": "Phosphor", "height": 24}})
    assert 'width="256" height="256" viewBox="0 0 256 256"' in icons["acorn"].svg
    assert (icons["acorn"].width, icons["acorn"].height) == (256, 256)
    assert 'width="512" height="128" viewBox="0 0 512 128"' in icons["banner"].svg  # non-square: its own box

    icons = read(iconify_set("jam", {"a": {}, "b": {"left": 0}}, left=-2, top=-2, width=24, height=24))
    assert 'viewBox="-2 -2 24 24"' in icons["a"].svg
    assert 'viewBox="0 -2 24 24"' in icons["b"].svg

    icons = read(iconify_set("tiny", {"a": {}}, info={"height": 24}))
    assert 'viewBox="0 0 16 16"' in icons["a"].svg  # Iconify's own default


def test_current_colour_and_several_colours_are_kept() -> None:
    icons = read(iconify_set("s", {"mono": {}, "flag": {"body": TWO_COLOURS, "width": 24, "height": 24}}))
    assert 'fill="currentColor"' in icons["mono"].svg
    assert "#e53935" in icons["flag"].svg and "#1e88e5" in icons["flag"].svg
    assert "currentColor" not in icons["flag"].svg


def test_an_xlink_body_gets_its_namespace() -> None:
    body = '<defs><path id="a" d="M0 0h4v4H0z"/></defs><use xlink:href="#a"/>'
    icons = read(iconify_set("s", {"linked": {"body": body}, "plain": {}}))
    assert 'xmlns:xlink="http://www.w3.org/1999/xlink"' in icons["linked"].svg
    assert "xmlns:xlink" not in icons["plain"].svg


def test_broken_entries_lose_only_themselves_and_are_counted_once_at_the_end() -> None:
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
    left_out: list[int] = []
    icons = read(data, left_out=left_out)
    assert set(icons) == {"good"}
    assert icons["good"].aliases == ("fine",)
    assert left_out == [5]  # the loop is dropped as Iconify drops it, not counted as left out


def test_a_complete_set_leaves_nothing_out_and_says_nothing() -> None:
    left_out: list[int] = []
    assert set(read(iconify_set("s", {"a": {}, "b-2": {}}), left_out=left_out)) == {"a", "b-2"}
    assert left_out == []


@pytest.mark.parametrize(
    ("document", "reason"),
    [
        ({"name": "package"}, "not an IconifyJSON set"),
        ([1, 2], "not an IconifyJSON set"),
        ({"prefix": "tabler", "icons": []}, "not an IconifyJSON set"),
        ({"prefix": "Bad Prefix", "icons": {}}, "its prefix is not an Iconify prefix"),
        ({"prefix": 7, "icons": {}}, "its prefix is not an Iconify prefix"),
    ],
)
def test_a_document_that_is_no_set_says_why(document: object, reason: str) -> None:
    problem = not_a_set(document)
    assert problem is not None and problem.startswith(reason)


def test_a_set_is_a_set() -> None:
    assert not_a_set(iconify_set("tabler", {"a": {}})) is None


@pytest.mark.parametrize("few", [("arrow-bold", "arrow-fill"), ("arrow-light",), ("box",), ("odd-thin",)])
def test_a_few_icons_read_with_the_whole_sets_names_get_the_styles_they_have_in_the_whole_set(
    few: tuple[str, ...],
) -> None:
    """An API's answer holds a page's icons, not the set: with `every_name`, their styles are the set's."""
    bases = [f"glyph-{number}" for number in range(MIN_STYLE_PAIRS + 2)] + ["arrow", "box", "odd"]
    keys = [*bases, *(f"{base}-bold" for base in bases), *(f"{base}-fill" for base in bases[:MIN_STYLE_PAIRS])]
    keys += ["arrow-fill", "arrow-light", "box-light", "odd-thin"]  # ("-light" twice, "-thin" once: names)
    whole = {key: icon.style for key, icon in read(iconify_set("x", {key: {} for key in keys})).items()}
    part = iconify_set("x", {key: {} for key in few})
    made = read_icons(part, {}, Made, lambda count: None, every_name=set(keys))
    assert {icon.key: icon.style for icon in made} == {key: whole[key] for key in few}
    assert whole["arrow-bold"] == "Bold" and whole["arrow-fill"] == "Fill" and whole["arrow-light"] == REGULAR
