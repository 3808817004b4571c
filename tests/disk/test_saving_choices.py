"""Download options (issue 14, item 7): file-name templates, smaller PNGs, identical bytes kept once.

`iconcat.disk.saving` against the embedded catalogue over loopback (and a misbehaving one where the
catalogue must lie): what a person can choose, what each file is named, what lands in the folder.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import os
import threading

import pytest
from PIL import Image, ImageChops, ImageStat

from iconcat.api import CatalogueClient, Icon, ProtocolError, Ref, Variant
from iconcat.disk.downloads import TEMP_PREFIX, FileSaver, identical_files
from iconcat.disk.saving import (
    DEFAULT_TEMPLATE,
    TEMPLATE_FIELDS,
    Choice,
    TemplateError,
    check_by_id_template,
    check_template,
    choices_for,
    distinct_templates,
    file_name,
    file_name_by_id,
    nearest_choice,
    save_choice,
)
from iconcat.imaging import ThumbnailError, resample_png
from tests.conftest import TEST_TOKEN
from tests.support.hostile import icon_entry
from tests.support.misbehaving import Reply
from tests.support.saving import demo_icon, png_512_of, red_square_png

PNG_512 = Variant(11, "png", 512)
PNG_256 = Variant(12, "png", 256)
SVG = Variant(13, "svg", None)
EPS = Variant(14, "eps", None)


def an_icon(name: str = "Arrow Up", style: str = "Bold", variants=(PNG_512, PNG_256, SVG, EPS), **refs: str) -> Icon:
    return Icon(
        id=1015,
        name=name,
        category=Ref(7, refs.get("category", "Arrows")),
        style=Ref(8, style),
        series=Ref(9, refs.get("series", "Essentials")),
        set=Ref(10, refs.get("set", "Core UI")),
        thumbnail="",
        variants=tuple(variants),
    )


def without_svg(icon: Icon) -> Icon:
    """`icon` as a catalogue that offers no SVG would list it."""
    return dataclasses.replace(icon, variants=tuple(variant for variant in icon.variants if variant.format != "svg"))


def premultiplied_downscale(data: bytes, size: int) -> Image.Image:
    """The reference: the source resized on premultiplied alpha with LANCZOS, by hand."""
    with Image.open(io.BytesIO(data)) as source:
        return source.convert("RGBA").convert("RGBa").resize((size, size), Image.Resampling.LANCZOS).convert("RGBA")


def seen_on(image: Image.Image, background: tuple[int, int, int]) -> Image.Image:
    """`image` as it looks on `background` (the colour of a fully transparent pixel does not show)."""
    return Image.alpha_composite(Image.new("RGBA", image.size, (*background, 255)), image.convert("RGBA")).convert(
        "RGB"
    )


# ----------------------------------------------------------------------------------- file names


def test_the_default_name_tells_styles_and_sets_apart():
    icon = an_icon()
    assert DEFAULT_TEMPLATE == "{name}-{style}-{set}-{size}"
    assert file_name(icon, Choice(PNG_512)) == "arrow-up-bold-core-ui-512.png"
    assert file_name(an_icon(style="Outline"), Choice(PNG_512)) == "arrow-up-outline-core-ui-512.png"
    assert file_name(an_icon(set="Tabler"), Choice(PNG_512)) == "arrow-up-bold-tabler-512.png"
    # A vector file has no size: the separator before it goes too.
    assert file_name(icon, Choice(SVG)) == "arrow-up-bold-core-ui.svg"
    assert file_name(icon, Choice(EPS)) == "arrow-up-bold-core-ui.eps"
    # A resampled PNG is named by the size saved, not the size it came from.
    assert file_name(icon, Choice(PNG_512, 64)) == "arrow-up-bold-core-ui-64.png"


def test_a_style_named_regular_is_left_out_of_names():
    regular = an_icon(style="Regular", set="Tabler")
    assert file_name(regular, Choice(PNG_512)) == "arrow-up-tabler-512.png"
    assert file_name(regular, Choice(SVG)) == "arrow-up-tabler.svg"
    assert file_name(regular, Choice(PNG_512), "{style}-{name}") == "arrow-up.png"
    # Only a style named so: "Regular Bold" tells something.
    assert file_name(an_icon(style="Regular Bold"), Choice(SVG)) == "arrow-up-regular-bold-core-ui.svg"


def test_the_iconify_fields_read_the_icons_iconify_name_and_are_empty_without_one():
    iconified = dataclasses.replace(an_icon(style="Regular", set="Tabler"), iconify="tabler:arrow-up")
    assert iconified.iconify_prefix == "tabler"
    assert file_name(iconified, Choice(SVG), "{iconify}") == "tabler-arrow-up.svg"
    assert file_name(iconified, Choice(PNG_512), "{prefix}_{name}") == "tabler_arrow-up.png"
    plain = an_icon()
    assert (plain.iconify, plain.iconify_prefix) == (None, "")
    assert file_name(plain, Choice(PNG_512), "{prefix}-{name}-{iconify}-{size}") == "arrow-up-512.png"
    assert file_name(plain, Choice(SVG), "{iconify}") == "icon-1015.svg"  # nothing left: the fallback


def test_every_field_is_filled_with_a_slug():
    icon = an_icon(name="Flèche Gauche!", style="Duo Tone", category="Arrows & Signs", series="Ess. 2", set="Core/UI")
    icon = dataclasses.replace(icon, iconify="core-ui:fleche-gauche")
    template = "{name}_{style}_{set}_{series}_{category}_{size}_{format}_{id}_{variant}_{prefix}_{iconify}"
    assert set(TEMPLATE_FIELDS) == set(template.replace("{", "").replace("}", "").split("_"))
    iconify = "core-ui_core-ui-fleche-gauche"
    assert file_name(icon, Choice(PNG_512), template) == (
        f"fleche-gauche_duo-tone_core-ui_ess-2_arrows-signs_512_png_1015_11_{iconify}.png"
    )
    assert file_name(icon, Choice(PNG_512, 32), template) == (
        f"fleche-gauche_duo-tone_core-ui_ess-2_arrows-signs_32_png_1015_11_{iconify}.png"
    )
    assert file_name(icon, Choice(SVG), template) == (
        f"fleche-gauche_duo-tone_core-ui_ess-2_arrows-signs_svg_1015_13_{iconify}.svg"
    )


def test_two_different_icons_of_one_batch_never_share_a_name():
    one, other = an_icon(), dataclasses.replace(an_icon(), id=2020)  # same name, style and set
    tabler = an_icon(set="Tabler")
    pairs = [(one, Choice(PNG_512)), (other, Choice(PNG_512)), (tabler, Choice(PNG_512))]
    templates = distinct_templates(pairs)
    names = [file_name(icon, choice, template) for (icon, choice), template in zip(pairs, templates, strict=True)]
    assert names == [
        "arrow-up-bold-core-ui-512-1015.png",
        "arrow-up-bold-core-ui-512-2020.png",
        "arrow-up-bold-tabler-512.png",
    ]
    # A template of the person's own is kept where it tells icons apart; `.{format}` stays last.
    assert distinct_templates(pairs, "{name}-{set}.{format}") == ["{name}-{set}-{id}.{format}"] * 2 + [
        "{name}-{set}.{format}"
    ]
    # The same icon twice is one icon: nothing added.
    assert distinct_templates([(one, Choice(PNG_512)), (one, Choice(SVG))]) == [DEFAULT_TEMPLATE] * 2


def iconified(iconify: str, name: str, style: str, icon_set: str, icon_id: int = 1015) -> Icon:
    """An icon with an Iconify name, as sets from disk give them (the style split off the key)."""
    return dataclasses.replace(an_icon(name=name, style=style, set=icon_set), id=icon_id, iconify=iconify)


def names_of(pairs: list[tuple[Icon, Choice]], template: str | None = None) -> list[str]:
    """The names a batch of `pairs` saves under (`distinct_templates`, then `file_name`)."""
    templates = distinct_templates(pairs, template)
    return [file_name(icon, choice, named) for (icon, choice), named in zip(pairs, templates, strict=True)]


MAIL = iconified("tabler:mail", "Mail", "Regular", "Tabler Icons", icon_id=1163930946749459)
MAIL_FILLED = iconified("tabler:mail-filled", "Mail", "Filled", "Tabler Icons", icon_id=1163930946749460)
ACCOUNT = iconified("mdi:account", "Account", "Regular", "Material Design Icons", icon_id=77)
ACCOUNT_OUTLINE = iconified("mdi:account-outline", "Account", "Outline", "Material Design Icons", icon_id=78)


def test_an_icon_with_an_iconify_name_is_named_after_it_by_default_and_a_vector_has_no_size():
    assert file_name(MAIL_FILLED, Choice(PNG_256)) == "tabler-mail-filled-256.png"
    assert file_name(MAIL_FILLED, Choice(PNG_512, 64)) == "tabler-mail-filled-64.png"
    assert file_name(ACCOUNT_OUTLINE, Choice(SVG)) == "mdi-account-outline.svg"
    assert file_name(ACCOUNT_OUTLINE, Choice(EPS)) == "mdi-account-outline.eps"
    # Without an Iconify name, the default is as it was (name, style, set, size).
    assert file_name(an_icon(), Choice(PNG_256)) == "arrow-up-bold-core-ui-256.png"
    assert file_name(an_icon(), Choice(SVG)) == "arrow-up-bold-core-ui.svg"


def test_name_is_the_display_name_its_style_apart_and_iconify_the_iconify_name():
    # mdi:account-outline is "Account" in the style "Outline": `{prefix}-{name}` leaves the style out.
    assert file_name(ACCOUNT_OUTLINE, Choice(SVG), "{prefix}-{name}") == "mdi-account.svg"
    assert file_name(ACCOUNT_OUTLINE, Choice(SVG), "{prefix}-{name}-{style}") == "mdi-account-outline.svg"
    assert file_name(ACCOUNT_OUTLINE, Choice(SVG), "{iconify}") == "mdi-account-outline.svg"


@pytest.mark.parametrize("template", [None, "{prefix}-{name}", "{name}"])
def test_two_icons_of_one_set_are_told_apart_without_their_ids_where_their_iconify_name_is_known(template):
    names = names_of([(MAIL, Choice(SVG)), (MAIL_FILLED, Choice(SVG))], template)
    assert len(set(names)) == 2
    assert not any(str(icon.id) in name for name in names for icon in (MAIL, MAIL_FILLED)), names
    if template == "{prefix}-{name}":
        assert names == ["tabler-mail.svg", "tabler-mail-filled.svg"]  # the style tells them apart
        both = [(ACCOUNT, Choice(SVG)), (ACCOUNT_OUTLINE, Choice(SVG))]
        assert names_of(both, template) == ["mdi-account.svg", "mdi-account-outline.svg"]


def test_icons_of_one_name_and_style_in_two_sets_are_told_apart_by_their_iconify_names():
    tabler = iconified("tabler:arrow-up", "Arrow Up", "Regular", "Tabler Icons", icon_id=5)
    lucide = iconified("lucide:arrow-up", "Arrow Up", "Regular", "Lucide", icon_id=6)
    pairs = [(tabler, Choice(SVG)), (lucide, Choice(SVG))]
    assert names_of(pairs, "{name}") == ["arrow-up-tabler-arrow-up.svg", "arrow-up-lucide-arrow-up.svg"]
    # Without an Iconify name on each, the id tells them apart, as before.
    plain = dataclasses.replace(lucide, iconify=None)
    assert names_of([(tabler, Choice(SVG)), (plain, Choice(SVG))], "{name}") == ["arrow-up-5.svg", "arrow-up-6.svg"]


@pytest.mark.parametrize(
    ("template", "png", "svg"),
    [
        ("{name}.{format}", "arrow-up.png", "arrow-up.svg"),  # the extension is never doubled
        ("{name}", "arrow-up.png", "arrow-up.svg"),  # ... and always there
        ("{size}-{name}", "512-arrow-up.png", "arrow-up.svg"),  # an empty field first takes the separator after it
        ("{name}{size}-{style}", "arrow-up512-bold.png", "arrow-up-bold.svg"),  # none before: the one after stays
        ("{name}-{style}-{size}-v{variant}", "arrow-up-bold-512-v11.png", "arrow-up-bold-v13.svg"),
        ("{{{name}}}", "{arrow-up}.png", "{arrow-up}.svg"),  # doubled braces are braces
        ("icon", "icon.png", "icon.svg"),
        (".{format}", "icon-1015.png", "icon-1015.svg"),  # nothing left: the fallback
    ],
)
def test_templates_fill_as_documented(template, png, svg):
    icon = an_icon()
    assert file_name(icon, Choice(PNG_512), template) == png
    assert file_name(icon, Choice(SVG), template) == svg


@pytest.mark.parametrize(
    ("template", "names"),
    [
        ("{nme}", ["{nme}", "{name}", "{variant}"]),
        ("{name}-{sise}", ["{sise}", "{size}"]),
        ("{", ["'{'", "{name}"]),
        ("}", ["'}'", "{name}"]),
        ("{name", ["'{name'", "{name}"]),
        ("{}", ["empty field {}", "{name}"]),
        ("{0}", ["{0}", "{name}"]),
        ("{name.upper}", ["{name.upper}"]),
        ("{size:03}", ["{size}", "no format"]),
        ("{name!r}", ["{name}", "no format"]),
        ("../{name}", ["'/'", "not a folder"]),
        ("..\\{name}", ["not a folder"]),
        ("   ", ["empty"]),
    ],
)
def test_a_bad_template_is_one_clear_line(template, names):
    with pytest.raises(TemplateError) as caught:
        check_template(template)
    message = str(caught.value)
    assert isinstance(caught.value, ValueError)
    assert "\n" not in message
    assert all(name in message for name in names), message
    with pytest.raises(TemplateError):
        file_name(an_icon(), Choice(PNG_512), template)


def test_a_good_template_comes_back_trimmed():
    assert check_template("  {name}-{size}\n") == "{name}-{size}"


@pytest.mark.parametrize(
    "name",
    ["../../etc/passwd", "..", "a/../../b", "C:\\Windows\\win.ini", "con", "\x00nul\x1b[31m", ".hidden", "/" * 300],
)
def test_hostile_names_stay_one_safe_path_component(name):
    for template in (DEFAULT_TEMPLATE, "..{name}..", "{name}{style}", ".{name}"):
        result = file_name(an_icon(name=name, style=name), Choice(PNG_512), template)
        assert "/" not in result and "\\" not in result and "\x00" not in result and "\x1b" not in result
        assert not result.startswith(".") and result.endswith(".png") and len(result.encode()) <= 120
        assert result.split(".")[0].upper() not in {"CON", "NUL"}


def test_a_long_name_is_cut_with_its_extension_kept():
    result = file_name(an_icon(name="word " * 100), Choice(SVG))
    assert result.endswith(".svg") and len(result.encode()) <= 120


async def test_a_template_cannot_write_outside_the_folder(catalogue, tmp_path):
    folder = tmp_path / "inside"
    async with CatalogueClient(catalogue.base_url, catalogue.token) as client:
        real = await demo_icon(client)
        # A name and style from a hostile service, and templates that try to climb out.
        icon = an_icon(name="../../../escaped", style="..", variants=real.variants)
        outcome = await save_choice(client, icon, Choice(png_512_of(icon)), folder, template="..{name}..{style}")
        for template in ("../{name}", "..\\{name}", "/tmp/{name}"):
            with pytest.raises(TemplateError):
                await save_choice(client, icon, Choice(png_512_of(icon)), folder, template=template)
    assert outcome.path.parent == folder
    assert [path.name for path in tmp_path.rglob("*")] == ["inside", outcome.path.name]


def test_by_id_templates_know_only_the_variant_and_format():
    assert file_name_by_id(500049, "png", "icon-{variant}") == "icon-500049.png"
    assert file_name_by_id(500049, "svg", "{variant}.{format}") == "500049.svg"
    assert check_by_id_template("{format}-{variant}") == "{format}-{variant}"
    with pytest.raises(TemplateError) as caught:
        check_by_id_template("{name}-{variant}-{size}")
    assert "{name} {size}" in str(caught.value) and "{variant}" in str(caught.value)


# ---------------------------------------------------------------------------- what can be chosen


def test_choices_are_the_variants_then_smaller_pngs_from_the_largest():
    icon = an_icon()
    labels = [choice.label for choice in choices_for(icon)]
    assert labels == [
        "PNG · 512 px",
        "PNG · 256 px",
        "SVG · vector",
        "EPS · vector",
        "PNG · 128 px (from SVG)",
        "PNG · 64 px (from SVG)",
        "PNG · 48 px (from SVG)",
        "PNG · 32 px (from SVG)",
        "PNG · 24 px (from SVG)",
        "PNG · 16 px (from SVG)",
    ]
    resampled = choices_for(icon)[4:]
    assert all(choice.variant is PNG_512 and choice.format == "png" for choice in resampled)
    assert all(choice.vector is SVG for choice in resampled)  # drawn from the SVG; the 512 is the fallback
    assert [choice.pixels for choice in resampled] == [128, 64, 48, 32, 24, 16]
    # Without an SVG, resampled from the largest PNG.
    no_svg = choices_for(an_icon(variants=(PNG_512, PNG_256, EPS)))[3:]
    assert [choice.label for choice in no_svg][:2] == ["PNG · 128 px (from 512)", "PNG · 64 px (from 512)"]
    assert all(choice.variant is PNG_512 and choice.vector is None for choice in no_svg)


def test_never_enlarged_and_never_offered_twice():
    only_256 = an_icon(variants=(Variant(21, "png", 256), SVG, Variant(22, "png", 64)))
    choices = choices_for(only_256)
    assert [choice.label for choice in choices] == [
        "PNG · 256 px",
        "SVG · vector",
        "PNG · 64 px",
        "PNG · 128 px (from SVG)",
        "PNG · 48 px (from SVG)",
        "PNG · 32 px (from SVG)",
        "PNG · 24 px (from SVG)",
        "PNG · 16 px (from SVG)",
    ]
    assert all((choice.pixels or 0) <= 256 for choice in choices)
    assert [choice.label for choice in choices_for(an_icon(variants=(SVG, EPS)))] == ["SVG · vector", "EPS · vector"]
    assert [c.label for c in choices_for(an_icon(variants=(Variant(23, "png", 16),)))] == ["PNG · 16 px"]


def test_the_nearest_choice_to_a_preference():
    icon = an_icon()
    assert nearest_choice(icon, "png", 512) == Choice(PNG_512)
    assert nearest_choice(icon, "PNG", 256) == Choice(PNG_256)
    assert nearest_choice(icon, "png", 64) == Choice(PNG_512, 64, SVG)
    assert nearest_choice(icon, "png", 100) == Choice(PNG_512, 100, SVG)  # any size below the largest
    assert nearest_choice(an_icon(variants=(PNG_512,)), "png", 64) == Choice(PNG_512, 64)
    assert nearest_choice(icon, "png", 1024) is None  # never enlarged
    assert nearest_choice(icon, "png", None) == Choice(PNG_512)
    assert nearest_choice(icon, "svg", 64) == Choice(SVG)
    assert nearest_choice(an_icon(variants=(SVG,)), "png", 64) is None
    assert nearest_choice(an_icon(variants=(PNG_512,)), "eps", None) is None
    jpegs = an_icon(variants=(Variant(31, "jpg", 100), Variant(32, "jpg", 300)))
    assert nearest_choice(jpegs, "jpg", 250) == Choice(Variant(32, "jpg", 300))
    assert nearest_choice(jpegs, "jpg", 200) == Choice(Variant(32, "jpg", 300))  # equally near: the larger


# ------------------------------------------------------------------------------------ resampling


def test_a_smaller_png_keeps_the_colour_of_its_edges():
    source = red_square_png()
    with Image.open(io.BytesIO(resample_png(source, 48))) as small:
        assert (small.format, small.mode, small.size) == ("PNG", "RGBA", (48, 48))
        pixels = [small.getpixel((x, y)) for x in range(48) for y in range(48)]
        edges = [pixel for pixel in pixels if 16 < pixel[3] < 240]
    assert edges, "the square's edge falls between pixels at this size"
    # Straight-alpha filtering would drag the transparent black in: a dark red fringe. Premultiplied, it stays red.
    for red, green, blue, _alpha in edges:
        assert red >= 200 and green <= 40 and blue <= 40, (red, green, blue)


def test_resampling_never_enlarges_and_refuses_what_is_not_a_png():
    source = red_square_png(64, 32)
    assert resample_png(source, 64) == source
    with pytest.raises(ThumbnailError, match="enlarged"):
        resample_png(source, 128)
    with pytest.raises(ThumbnailError, match="not a PNG"):
        resample_png(b"GIF89a" + bytes(100), 16)
    with pytest.raises(ThumbnailError, match="truncated|damaged"):
        resample_png(source[: len(source) // 2], 16)
    # A header that claims a picture beyond the cap is refused before a pixel is decoded.
    bomb = bytearray(source)
    bomb[16:24] = (100_000).to_bytes(4, "big") * 2
    with pytest.raises(ThumbnailError, match="too large"):
        resample_png(bytes(bomb), 16)


async def test_a_smaller_png_is_saved_at_its_size_and_looks_like_the_large_one(catalogue, tmp_path):
    async with CatalogueClient(catalogue.base_url, catalogue.token) as client:
        icon = without_svg(await demo_icon(client))  # (with one, it is drawn: tests/disk/test_saving_from_svg.py)
        large = await client.download(png_512_of(icon).id, tmp_path / "large")
        choice = next(choice for choice in choices_for(icon) if choice.label == "PNG · 64 px (from 512)")
        reports: list[tuple[int, int | None]] = []
        outcome = await save_choice(
            client, icon, choice, tmp_path / "small", progress=lambda done, total: reports.append((done, total))
        )
    assert not outcome.already
    assert outcome.path == tmp_path / "small" / file_name(icon, choice)
    assert outcome.path.name.endswith("-64.png")
    with Image.open(outcome.path) as small:
        small.load()
        assert (small.format, small.size, small.mode) == ("PNG", (64, 64), "RGBA")
        reference = premultiplied_downscale(large.read_bytes(), 64)
        for background in ((255, 255, 255), (0, 0, 0), (128, 128, 128)):
            difference = ImageChops.difference(seen_on(small, background), seen_on(reference, background))
            # The same picture, resampled with the same care: on average within a level of 255.
            assert max(ImageStat.Stat(difference).mean) < 1.0, (background, ImageStat.Stat(difference).mean)
        alpha = ImageChops.difference(small.getchannel("A"), reference.getchannel("A"))
        assert ImageStat.Stat(alpha).mean[0] < 1.0
    assert reports and reports[-1][0] == large.stat().st_size  # progress follows the large PNG's bytes
    assert [path.name for path in (tmp_path / "small").iterdir()] == [outcome.path.name]


async def test_identical_bytes_are_kept_once_and_other_bytes_get_a_number(catalogue, tmp_path):
    async with CatalogueClient(catalogue.base_url, catalogue.token) as client:
        icon = await demo_icon(client)
        for choice in (Choice(png_512_of(icon)), Choice(png_512_of(icon), 32)):
            first = await save_choice(client, icon, choice, tmp_path)
            again = await save_choice(client, icon, choice, tmp_path)
            assert (first.already, again.already) == (False, True)
            assert again.path == first.path
            saved = first.path.read_bytes()
            first.path.write_bytes(saved[:-1] + b"\x00")  # the same size, other bytes: not the same file
            other = await save_choice(client, icon, choice, tmp_path)
            assert not other.already and other.path.name == f"{first.path.stem}-1.png"
            assert other.path.read_bytes() == saved
            # The copy at `-1` is found on the way to a free name: no `-2`.
            assert (await save_choice(client, icon, choice, tmp_path)).path == other.path
    assert len(list(tmp_path.iterdir())) == 4
    assert not [path for path in tmp_path.iterdir() if path.name.startswith(TEMP_PREFIX)]


async def test_a_resample_cancelled_midway_leaves_nothing(catalogue, tmp_path, monkeypatch):
    import iconcat.imaging

    started, release = threading.Event(), threading.Event()
    real = iconcat.imaging.resample_png

    def slow_resample(data: bytes, size: int) -> bytes:
        started.set()
        release.wait(timeout=30)
        return real(data, size)

    monkeypatch.setattr(iconcat.imaging, "resample_png", slow_resample)
    folder = tmp_path / "icons"
    async with CatalogueClient(catalogue.base_url, catalogue.token) as client:
        icon = await demo_icon(client)
        task = asyncio.create_task(save_choice(client, icon, Choice(png_512_of(icon), 64), folder))
        while not started.is_set():
            await asyncio.sleep(0.01)
        task.cancel()
        release.set()
        with pytest.raises(asyncio.CancelledError):
            await task
    await asyncio.sleep(0)
    assert list(tmp_path.iterdir()) == [], "not even the folder"


async def test_a_catalogue_that_lies_about_the_size_gets_no_enlarged_copy(server, tmp_path):
    small_png = red_square_png(64, 32)
    entry = icon_entry(1, "zz liar", server.url("/thumbs/1.png"), variants=[{"id": 101, "format": "png", "size": 512}])
    server.on("/api/v1/search", Reply.json({"data": [entry], "meta": {"moreResultsAvailable": False}}))
    server.on("/api/v1/download", Reply.file(small_png, "image/png"))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        icon = (await client.search("zz")).icons[0]
        with pytest.raises(ProtocolError) as caught:
            await save_choice(client, icon, Choice(icon.variants[0], 128), tmp_path / "out")
    assert "enlarged" in str(caught.value) and "nothing was saved" in str(caught.value)
    assert not (tmp_path / "out").exists()


async def test_a_web_page_served_as_the_large_png_is_refused(server, tmp_path):
    entry = icon_entry(1, "zz page", server.url("/thumbs/1.png"), variants=[{"id": 101, "format": "png", "size": 512}])
    server.on("/api/v1/search", Reply.json({"data": [entry], "meta": {"moreResultsAvailable": False}}))
    server.on("/api/v1/download", Reply.file(b"<!doctype html><title>login</title>", "text/html"))
    async with CatalogueClient(server.base_url, TEST_TOKEN) as client:
        icon = (await client.search("zz")).icons[0]
        with pytest.raises(ProtocolError, match="web page"):
            await save_choice(client, icon, Choice(icon.variants[0], 64), tmp_path / "out")
        with pytest.raises(ProtocolError, match="larger than"):
            server.on("/api/v1/download", Reply.file(red_square_png(), "image/png", content_length=None))
            await client.fetch_variant(101, limit=1000)
    assert not (tmp_path / "out").exists()


# ------------------------------------------------------------------------- identical bytes, on disk


def test_a_symlink_to_identical_bytes_is_not_the_file(tmp_path):
    (tmp_path / "elsewhere.png").write_bytes(red_square_png(16, 8))
    os.symlink(tmp_path / "elsewhere.png", tmp_path / "a.png")
    with FileSaver(tmp_path, "a.png", keep_identical=True) as saver:
        saver.write(red_square_png(16, 8))
        path = saver.publish()
    assert path == tmp_path / "a-1.png" and not saver.already
    assert identical_files(tmp_path / "a-1.png", tmp_path / "elsewhere.png")
    assert not identical_files(tmp_path / "a.png", tmp_path / "elsewhere.png"), "symlinks are not followed"


def test_without_keep_identical_a_copy_is_still_made(tmp_path):
    data = red_square_png(16, 8)
    (tmp_path / "a.png").write_bytes(data)
    with FileSaver(tmp_path, "a.png") as saver:
        saver.write(data)
        assert saver.publish() == tmp_path / "a-1.png"
    with FileSaver(tmp_path, "a.png", keep_identical=True, overwrite=True) as saver:
        saver.write(data)
        assert saver.publish() == tmp_path / "a.png" and not saver.already
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a-1.png", "a.png"]


def test_large_files_are_compared_chunk_by_chunk(tmp_path):
    big = os.urandom(300_000)
    (tmp_path / "one").write_bytes(big)
    (tmp_path / "two").write_bytes(big)
    (tmp_path / "three").write_bytes(big[:-1] + bytes([big[-1] ^ 1]))
    assert identical_files(tmp_path / "one", tmp_path / "two")
    assert not identical_files(tmp_path / "one", tmp_path / "three")
    assert not identical_files(tmp_path / "one", tmp_path / "missing")
    assert not identical_files(tmp_path, tmp_path)
