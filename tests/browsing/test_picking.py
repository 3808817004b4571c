"""What `iconcat pick` refuses at the start and which icons its browser dims (`browsing.picking`)."""

from __future__ import annotations

from iconcat.api import Icon, Ref, Variant
from iconcat.browsing.picking import PickRequest, dims_for, offers_nothing, refused_format


def an_icon(*variants: Variant) -> Icon:
    ref = Ref(1, "Core UI")
    return Icon(id=7, name="Bell", category=ref, style=ref, series=ref, set=ref, thumbnail="", variants=variants)


PNG_512, PNG_256, SVG, EPS = (
    Variant(1, "png", 512),
    Variant(2, "png", 256),
    Variant(3, "svg", None),
    Variant(4, "eps", None),
)


def test_an_icon_offers_nothing_when_it_has_no_file_of_the_format_or_size_asked():
    rasters = an_icon(PNG_512, PNG_256)
    assert offers_nothing(rasters, PickRequest(fmt="eps")) and offers_nothing(rasters, PickRequest(fmt="svg"))
    assert not offers_nothing(rasters, PickRequest(fmt="png"))
    assert not offers_nothing(rasters, PickRequest(size=64))  # a smaller PNG is made from the 512
    assert offers_nothing(an_icon(PNG_256), PickRequest(size=512))  # never enlarged
    # Several (the bag): any size below the largest PNG is made, as the bag saves it.
    assert not offers_nothing(rasters, PickRequest(size=100, multi=True))
    assert offers_nothing(an_icon(SVG), PickRequest(fmt="eps", multi=True))
    assert not offers_nothing(an_icon(SVG), PickRequest())  # nothing asked: everything fits


def test_dimming_is_worked_out_once_an_icon_and_not_at_all_when_nothing_is_asked():
    assert dims_for(PickRequest()) is None and dims_for(PickRequest(multi=True)) is None
    dims = dims_for(PickRequest(fmt="eps"))
    assert dims is not None
    assert dims(an_icon(SVG, PNG_512)) and not dims(an_icon(SVG, EPS))


def test_a_format_is_refused_only_where_the_catalogue_says_it_serves_none_of_it():
    said = refused_format("eps", ("svg", "png"), "the icon sets from disk")
    assert said == "--format eps: the icon sets from disk offer SVG and PNG files, never EPS; ask for one of those"
    assert refused_format("svg", ("svg", "png"), "the icon sets from disk") is None
    assert refused_format("eps", None, "the catalogue") is None  # a service: not known before its answers
    assert refused_format(None, ("svg",), "the icon sets from disk") is None


def test_a_snippet_made_of_an_iconify_name_is_offered_only_by_an_icon_with_one():
    import dataclasses

    from iconcat.browsing.picking import pick_choices, why_nothing_fits

    unnamed, named = an_icon(SVG), dataclasses.replace(an_icon(SVG), iconify="tabler:bell")
    for multi in (False, True):
        unocss = PickRequest(fmt="svg", multi=multi, snippet="unocss")
        assert offers_nothing(unnamed, unocss) and not offers_nothing(named, unocss)
        assert not offers_nothing(unnamed, PickRequest(fmt="svg", multi=multi, snippet="jsx"))
    assert pick_choices(unnamed, PickRequest(fmt="svg", snippet="tailwind")) == []
    assert why_nothing_fits(unnamed, PickRequest(fmt="svg", snippet="tailwind")).startswith(
        "Bell has no Iconify name, so it has no tailwind snippet"
    )
    assert PickRequest(fmt="svg", snippet="tsx").describe() == "as TSX"
