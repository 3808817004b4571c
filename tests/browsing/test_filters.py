"""Filter words in the search box, applying them, facet counts, and saying which filter left nothing.

Icons are built with the real dataclasses; the last tests run over the embedded catalogue's own search
answers, and compare the counts with a plain count written out the slow way.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from iconcat.api import Icon
from iconcat.api._models import parse_search_result
from iconcat.browsing.filters import (
    FACET_KEYS,
    FILTER_KEYS,
    FacetValue,
    Filters,
    ParsedQuery,
    explain_empty,
    facet_counts,
    parse_query,
    status_text,
)
from tests.support.icons import EPS, PNG256, PNG512, SVG, icon
from tests.support.server import serving


def names(icons: Iterable[Icon]) -> list[tuple[str, str, str]]:
    return [(i.name, i.style.name, i.set.name) for i in icons]


def facet(facets: dict, key: str) -> list[tuple[str, int, bool]]:
    return [tuple(value) for value in facets[key]]


# --- parsing ----------------------------------------------------------------------------------------


def test_the_issues_example_splits_into_one_service_word_and_four_filters():
    parsed = parse_query("arrow style:filled set:signal format:svg category:arrows")
    assert parsed.words == ("arrow",)
    assert parsed.service_text == "arrow"
    assert parsed.unknown == ()
    assert {key: parsed.filters.values(key) for key in parsed.filters.keys} == {
        "style": ("filled",),
        "set": ("signal",),
        "category": ("arrows",),
        "format": ("svg",),
    }


@pytest.mark.parametrize(
    ("text", "service"),
    [
        ("arrow style:filled", "arrow"),
        ("style:filled arrow up", "arrow up"),
        ("  arrow   style:Filled  up  ", "arrow up"),
        ("style:filled", ""),
        ("STYLE:FILLED arrow", "arrow"),
        ("arrow style:", "arrow"),
        ("arrow style:,", "arrow"),
        ("arrow foo:bar", "arrow"),
        ("arrow http://example.com/x", "arrow"),
        ("clock 10:30", "clock"),
        ("arrow :", "arrow"),
        ("arrow :x", "arrow"),
        ('arrow set:"core ui" up', "arrow up"),
        ('arrow set:"core ui', "arrow"),
        ("arrow size:512px format:png,svg series:line-pro", "arrow"),
        ('"arrow up"', '"arrow up"'),
    ],
)
def test_filter_words_never_reach_the_service(text, service):
    parsed = parse_query(text)
    assert parsed.service_text == service
    assert not any(":" in word for word in parsed.words)


def test_no_word_with_a_colon_is_ever_sent_whatever_is_typed():
    pieces = ["arrow", "up", "style:", "style:fil", "Set:core", 'set:"core ui"', 'set:"', "x:y", ":", "a:b:c", ",", '"']
    pieces += ["format:svg,png", "size:512", "size:vector", "http://x", "10:30", "catégorie:x", "style:\x1b[31m"]
    rng = random.Random(12)
    for _ in range(500):
        text = rng.choice(["", " ", "  "]).join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
        text = " ".join(text.split(" ")) if rng.random() < 0.5 else text
        parsed = parse_query(text)
        assert ":" not in parsed.service_text, text
        again = parse_query(parsed.text)
        assert again == parsed, text
        assert parse_query(again.text).text == again.text, text


def test_keys_and_values_are_case_insensitive():
    assert parse_query("STYLE:FILLED Set:Signal").filters == parse_query("style:filled set:signal").filters
    filters = parse_query("Style:FiLLed").filters
    assert filters.selects("style", "Filled") and filters.selects("style", "FILLED")


def test_a_value_prefix_is_enough_and_quotes_ask_for_the_whole_name():
    icons = [icon(style="Filled"), icon(style="Outline"), icon(style="Filled Rounded")]
    assert names(parse_query("style:fil").filters.apply(icons)) == names([icons[0], icons[2]])
    assert names(parse_query('style:"filled"').filters.apply(icons)) == names([icons[0]])
    assert parse_query("style:o").filters.apply(icons) == [icons[1]]
    assert parse_query("style:x").filters.apply(icons) == []


def test_spaces_hyphens_and_underscores_do_not_matter_in_values():
    icons = [icon(set="Core UI"), icon(set="Studio"), icon(set="Core")]
    for text in ("set:core-ui", "set:coreui", "set:core_ui", 'set:"core ui"', 'set:"Core  UI"'):
        assert parse_query(text).filters.apply(icons) == [icons[0]], text
    assert parse_query("set:core").filters.apply(icons) == [icons[0], icons[2]]
    assert parse_query('set:"core"').filters.apply(icons) == [icons[2]]


def test_an_open_quote_is_a_value_being_typed_and_already_filters():
    parsed = parse_query('arrow set:"core u')
    assert parsed.service_text == "arrow"
    assert parsed.filters == Filters.of(set="core-u")
    core, studio = icon(set="Core UI"), icon(set="Studio")
    assert parsed.filters.apply([core, studio]) == [core]


def test_commas_and_repeated_keys_give_alternatives():
    icons = [icon(style="Filled"), icon(style="Outline"), icon(style="Bold")]
    assert parse_query("style:filled,outline").filters.apply(icons) == icons[:2]
    assert parse_query("style:filled style:outline").filters == parse_query("style:outline,filled").filters
    assert parse_query('set:"a, b",studio').filters.values("set") == ('"a, b"', "studio")


@pytest.mark.parametrize("text", ["style:", "style:,", "style:,,", 'style:""', "style:-", "format: size:"])
def test_an_empty_value_is_ignored(text):
    parsed = parse_query(text)
    assert not parsed.filters
    assert parsed.words == () and parsed.unknown == ()
    assert parsed.text == ""


@pytest.mark.parametrize("word", ["foo:bar", "stlye:filled", "http://x", "10:30", ":x", "a:b:c", "colour:red"])
def test_a_word_with_an_unknown_key_is_reported_neither_sent_nor_applied(word):
    parsed = parse_query(f"arrow {word} style:filled")
    assert parsed.words == ("arrow",)
    assert parsed.unknown == (word,)
    assert parsed.filters == Filters.of(style="filled")
    key = word.partition(":")[0]
    assert parsed.notice == f"{key}: is not a filter (style, set, format, size, category, series, license)"
    assert parsed.text == f"arrow style:filled {word}"


def test_the_unknown_filter_notice_is_sanitised():
    parsed = parse_query("foo:\x1b]52;c;aGk=\x07 bar:\u202eevil")
    assert parsed.unknown
    assert all(ch.isprintable() for ch in parsed.notice)
    assert "\u202e" not in parsed.notice and "\x1b" not in parsed.notice
    assert parse_query("arrow").notice == ""


def test_sizes_are_numbers_or_vector():
    icons = [icon(files=[PNG512]), icon(files=[PNG256, SVG]), icon(files=[EPS]), icon(files=[("png", 5)])]
    assert parse_query("size:512").filters.apply(icons) == [icons[0]]
    assert parse_query("size:512px").filters == parse_query("size:512").filters
    assert parse_query("size:5").filters.apply(icons) == [icons[3]]  # a number is never a prefix of 512
    assert parse_query("size:vec").filters.apply(icons) == icons[1:3]
    assert parse_query("size:0512").filters.text == "size:512"


def test_the_canonical_text_orders_keys_sorts_values_and_parses_back():
    parsed = parse_query('format:SVG  arrow Set:"Core UI" foo:x style:outline,Filled up size:512PX')
    assert parsed.text == 'arrow up style:filled,outline set:"core ui" format:svg size:512 foo:x'
    assert parse_query(parsed.text) == parsed
    assert str(parsed) == parsed.text
    assert parsed.filters.text == 'style:filled,outline set:"core ui" format:svg size:512'
    assert parse_query("set:core ui").text == "ui set:core"  # unquoted, a space ends the value


def test_a_prefix_with_spaces_is_written_with_hyphens():
    assert parse_query('set:"core u').text == "set:core-u"
    assert Filters.of(set="Core UI").text == "set:core-ui"


def test_filters_are_values_equal_whatever_order_or_spelling():
    one = Filters.of(style="filled,outline", set="signal")
    two = Filters.of(set=["Signal"], style=["outline", "FILLED", "filled"])
    assert one == two and hash(one) == hash(two)
    assert len({one, two, Filters()}) == 2
    assert not Filters() and one
    with pytest.raises(ValueError, match="unknown filter key"):
        Filters.of(colour="red")
    with pytest.raises(AttributeError):
        one.terms = ()  # type: ignore[misc]


def test_the_parsed_query_takes_other_filters():
    parsed = parse_query("arrow up style:filled foo:bar")
    changed = parsed.with_filters(Filters.of(set="studio"))
    assert changed.text == "arrow up set:studio foo:bar"
    assert changed.service_text == parsed.service_text
    assert ParsedQuery().text == ""


# --- applying ---------------------------------------------------------------------------------------


@pytest.fixture
def shelf() -> list[Icon]:
    return [
        icon("Arrow Up", style="Filled", set="Core UI", files=[PNG512, SVG, EPS]),
        icon("Arrow Up", style="Outline", set="Core UI", files=[PNG512, SVG]),
        icon("Arrow Up", style="Filled", set="Signal", series="Pictograms", files=[PNG512, PNG256]),
        icon("Cloud", style="Filled", set="Studio", category="Weather", series="Line Pro", files=[PNG256, SVG]),
        icon("Cloud", style="Outline", set="Signal", category="Weather", series="Pictograms", files=[PNG256]),
        icon("Home", style="Bold", set="Studio", category="Navigation", series="Line Pro", files=[]),
    ]


def test_applying_keeps_the_order_and_ands_keys_ors_values(shelf):
    assert Filters().apply(shelf) == shelf and Filters().apply(shelf) is not shelf
    assert Filters.of(style="filled").apply(shelf) == [shelf[0], shelf[2], shelf[3]]
    assert Filters.of(style="filled", set="signal").apply(shelf) == [shelf[2]]
    assert Filters.of(style="filled,bold", set="studio").apply(shelf) == [shelf[3], shelf[5]]
    assert Filters.of(category="weather", series="line").apply(shelf) == [shelf[3]]
    assert Filters.of(style="filled").apply(iter(shelf)) == [shelf[0], shelf[2], shelf[3]]


def test_format_matches_any_file_and_an_icon_without_files_matches_none(shelf):
    assert Filters.of(format="svg").apply(shelf) == [shelf[0], shelf[1], shelf[3]]
    assert Filters.of(format="eps,png").apply(shelf) == shelf[:5]
    assert Filters.of(format="png").matches(shelf[4]) and not Filters.of(format="png").matches(shelf[5])


def test_format_and_size_hold_for_the_same_file(shelf):
    # shelf[3] has a 256 px PNG... no: a 256 px PNG and an SVG; shelf[0] has PNG 512 and SVG, no 256.
    assert Filters.of(format="png", size="256").apply(shelf) == [shelf[2], shelf[3], shelf[4]]
    assert Filters.of(format="svg", size="512").apply(shelf) == []  # an SVG has no pixel size
    assert Filters.of(format="svg", size="vector").apply(shelf) == [shelf[0], shelf[1], shelf[3]]
    assert Filters.of(format="eps,png", size="vector").apply(shelf) == [shelf[0]]


def test_ten_thousand_icons_are_filtered_without_trouble(shelf):
    many = shelf * 1700
    kept = Filters.of(style="filled", format="svg").apply(many)
    assert len(kept) == 2 * 1700 and kept[:2] == [shelf[0], shelf[3]]


def test_names_with_hostile_characters_still_select_themselves():
    odd = icon(set="Evil\x1b[2J Set\u202e", style="Fi\x00lled")
    plain = icon(set="Evil Set", style="Filled")
    chosen = Filters().toggle("set", odd.set.name).toggle("style", odd.style.name)
    assert chosen.apply([odd, plain]) == [odd]
    assert all(ch.isprintable() for ch in chosen.text)
    hidden = icon(set="Evil\u200b Set\u202e")  # invisible characters: sanitised, it reads as "Evil Set"
    assert Filters().toggle("set", hidden.set.name).apply([hidden, plain]) == [hidden, plain]


def test_a_very_long_name_selects_itself():
    long = icon(set="S" * 5000)
    assert Filters().toggle("set", long.set.name).apply([long, icon(set="S")]) == [long]


# --- choosing values from the panel -----------------------------------------------------------------


def test_toggling_chooses_a_prefix_when_it_is_unambiguous_else_the_exact_name():
    facet_names = ["iOS", "iOS Filled", "Material"]
    assert Filters().toggle("style", "Material", facet_names).text == "style:material"
    assert Filters().toggle("style", "iOS", facet_names).text == 'style:"ios"'
    assert Filters().toggle("style", "iOS Filled", facet_names).text == "style:ios-filled"
    assert Filters().toggle("style", "Material").text == 'style:"material"'  # not told the others: exact


def test_toggling_twice_gives_the_filters_back():
    start = Filters.of(set="signal")
    once = start.toggle("style", "Filled", ["Filled", "Outline"])
    assert once.selects("style", "Filled") and not once.selects("style", "Outline")
    assert once.toggle("style", "Filled", ["Filled", "Outline"]) == start


def test_unchoosing_a_value_a_prefix_chose_keeps_the_others_it_chose():
    filters = parse_query("style:f,outline").filters
    unchosen = filters.toggle("style", "Filled", ["Filled", "Flat", "Outline", "Bold"])
    assert not unchosen.selects("style", "Filled")
    assert unchosen.selects("style", "Flat") and unchosen.selects("style", "Outline")
    assert not unchosen.selects("style", "Bold")


def test_clearing_a_key_or_everything():
    filters = Filters.of(style="filled", set="signal")
    assert filters.without("style") == Filters.of(set="signal")
    assert filters.without() == Filters()
    assert filters.only("set") == Filters.of(set="signal")
    assert filters.with_values("set", []) == Filters.of(style="filled")
    assert filters.merged(Filters.of(style="bold")) == Filters.of(style="filled,bold", set="signal")


# --- counts -----------------------------------------------------------------------------------------


def test_counts_list_every_value_most_first_then_by_name(shelf):
    facets = facet_counts(shelf, Filters())
    assert list(facets) == list(FACET_KEYS) == list(FILTER_KEYS)
    assert facet(facets, "style") == [("Filled", 3, False), ("Outline", 2, False), ("Bold", 1, False)]
    assert facet(facets, "set") == [("Core UI", 2, False), ("Signal", 2, False), ("Studio", 2, False)]
    assert facet(facets, "format") == [("png", 5, False), ("svg", 3, False), ("eps", 1, False)]
    assert facet(facets, "size") == [("256", 3, False), ("512", 3, False), ("vector", 3, False)]
    assert isinstance(facets["style"][0], FacetValue) and facets["style"][0].count == 3


def test_a_keys_values_are_counted_over_what_the_other_keys_keep(shelf):
    facets = facet_counts(shelf, Filters.of(style="filled", set="signal"))
    # Styles among Signal icons: choosing Outline instead would give 1.
    assert facet(facets, "style") == [("Filled", 1, True), ("Outline", 1, False), ("Bold", 0, False)]
    # Sets among Filled icons.
    assert facet(facets, "set") == [("Core UI", 1, False), ("Signal", 1, True), ("Studio", 1, False)]
    # Other keys count over icons that both filters keep.
    assert facet(facets, "category") == [("Arrows", 1, False), ("Navigation", 0, False), ("Weather", 0, False)]
    assert facet(facets, "format") == [("png", 1, False), ("eps", 0, False), ("svg", 0, False)]


def test_format_and_size_counts_follow_each_other_per_file(shelf):
    facets = facet_counts(shelf, Filters.of(size="256"))
    assert facet(facets, "format") == [("png", 3, False), ("eps", 0, False), ("svg", 0, False)]
    assert facet(facets, "size")[0] == ("256", 3, True)  # sizes are counted as if no size were chosen
    facets = facet_counts(shelf, Filters.of(format="svg"))
    assert facet(facets, "size") == [("vector", 3, False), ("256", 0, False), ("512", 0, False)]
    assert facet(facets, "style") == [("Filled", 2, False), ("Outline", 1, False), ("Bold", 0, False)]


def test_a_chosen_value_present_nowhere_is_listed_so_it_can_be_unchosen(shelf):
    filters = parse_query('style:zzz,filled set:"nowhere"').filters
    facets = facet_counts(shelf, filters)
    assert ("zzz", 0, True) in facet(facets, "style")
    assert ("nowhere", 0, True) in facet(facets, "set")
    assert filters.toggle("style", "zzz").values("style") == ("filled",)
    assert not filters.toggle("set", "nowhere").values("set")


def test_counts_skip_unnamed_values_and_accept_few_keys():
    icons = [icon(style=""), icon(style=" - "), icon(style="Bold")]
    facets = facet_counts(icons, Filters(), keys=["style"])
    assert list(facets) == ["style"]
    assert facet(facets, "style") == [("Bold", 1, False)]
    assert facet_counts([], Filters.of(style="bold")) == {
        key: ([("bold", 0, True)] if key == "style" else []) for key in FACET_KEYS
    }


def test_sizes_of_equal_count_go_by_number_then_vector():
    icons = [icon(files=[("png", 1024), ("png", 64), SVG])]
    assert [v.name for v in facet_counts(icons, Filters())["size"]] == ["64", "1024", "vector"]


# --- explaining an empty result ---------------------------------------------------------------------


def example_results() -> list[Icon]:
    """48 results: 12 Filled (Core UI, Studio), the rest Outline or Bold; Signal has only Outline."""
    icons = [icon(f"Arrow {i}", style="Filled", set=("Core UI", "Studio")[i % 2]) for i in range(12)]
    icons += [icon(f"Arrow {i}", style="Outline", set="Signal") for i in range(20)]
    icons += [icon(f"Arrow {i}", style="Bold", set="Core UI") for i in range(16)]
    return icons


def test_the_filter_that_emptied_what_the_others_left_is_named():
    icons = example_results()
    text = explain_empty(icons, parse_query("style:filled set:signal").filters)
    assert text == (
        "no icon is style:filled and set:signal: set:signal leaves none of the 12 Filled icons"
        " (their sets: Core UI or Studio)"
    )


def test_a_filter_that_alone_keeps_nothing_is_named_first():
    icons = example_results()
    assert explain_empty(icons, parse_query("style:zzz").filters) == (
        "style:zzz matches none of the 48 icons (their styles: Outline, Bold or Filled)"
    )
    assert explain_empty(icons, parse_query("style:filled set:nope").filters) == (
        "no icon is style:filled and set:nope: set:nope matches none of the 48 icons"
        " (their sets: Core UI, Signal or Studio)"
    )


def test_the_explanation_names_only_the_chosen_files_of_what_was_left(shelf):
    text = explain_empty(shelf, Filters.of(format="eps", series="pictograms"))
    assert text.startswith("no icon is series:pictograms and format:eps: format:eps leaves none of the 2 ")
    # Format and size hold for the same file: the SVG icons have 512 px PNGs, but their SVGs are vector.
    assert explain_empty(shelf, Filters.of(format="svg", size="512")) == (
        "no icon is format:svg and size:512: size:512 leaves none of the 3 svg icons (their sizes: vector)"
    )
    assert explain_empty(shelf, Filters.of(format="svg", size="vector", category="navigation")) == (
        "no icon is category:navigation and format:svg and size:vector: format:svg leaves none of the 1 Navigation"
        " icon (their formats: none)"
    )
    assert explain_empty(shelf, Filters.of(format="svg,png", size="vector", style="bold,outline", set="signal")) == (
        "no icon is style:bold,outline and set:signal and format:png,svg and size:vector: size:vector leaves none"
        " of the 1 Outline, Signal, png icon (their sizes: 256 px)"
    )


def test_the_explanation_is_sanitised():
    icons = [icon(set="Bad\x1b[31mSet\u202e"), icon(set="Ok\nSet")]
    text = explain_empty(icons, parse_query("set:zz\x07z").filters)
    assert "\x1b" not in text and "\u202e" not in text and "\n" not in text and "\x07" not in text
    assert "Ok Set" in text


def test_nothing_to_explain_when_something_is_left_or_nothing_was_found(shelf):
    assert explain_empty(shelf, Filters.of(style="filled")) == ""
    assert explain_empty(shelf, Filters()) == ""
    assert explain_empty([], Filters.of(style="filled")) == "no icons to filter: the search found none"


# --- the status -------------------------------------------------------------------------------------


def test_the_status_says_how_many_are_shown_and_which_filters():
    assert status_text(12, 48, parse_query("arrow style:filled").filters) == "12 of 48 shown · style:filled"
    assert status_text(0, 2000, Filters.of(style="x", set="y")) == "0 of 2,000 shown · style:x set:y"
    assert status_text(48, 48, Filters()) == "48 icons"
    assert status_text(1, 1, Filters()) == "1 icon"
    long = status_text(1, 2, Filters.of(set=[f"s{i}" for i in range(50)]))
    assert len(long) < 120 and long.endswith("…")


# --- over the embedded catalogue --------------------------------------------------------------------


@pytest.fixture(scope="module")
def catalogue_icons() -> dict[str, tuple[Icon, ...]]:
    """The embedded catalogue's answers: "arrow" (one page, as the browser gets it) and every icon."""
    with serving() as client:
        arrow = parse_search_result(client.get("/api/v1/search", params={"name": "arrow"}).json()).icons
    with serving(page_size=100_000) as client:
        everything = parse_search_result(client.get("/api/v1/search", params={"name": ""}).json()).icons
    return {"arrow": arrow, "all": everything}


def slow_counts(icons, filters: Filters, key: str) -> dict[str, int]:
    """Icons per value of `key`, over the icons every other key keeps, written out the slow way."""
    others = filters.without(key)  # type: ignore[arg-type]
    counts: dict[str, int] = {}
    for item in icons:
        if key in ("style", "set", "category", "series"):
            if others.matches(item):
                name = getattr(item, key).name
                counts[name] = counts.get(name, 0) + 1
            continue
        if not others.without("format").without("size").matches(item):
            continue
        values = set()
        for variant in item.variants:
            fmt, size = variant.format, "vector" if variant.size is None else str(variant.size)
            if key == "format" and (not filters.values("size") or filters.selects("size", size)):
                values.add(fmt)
            if key == "size" and (not filters.values("format") or filters.selects("format", fmt)):
                values.add(size)
        for value in values:
            counts[value] = counts.get(value, 0) + 1
    return counts


def test_the_issues_example_over_the_catalogues_arrow_search(catalogue_icons):
    parsed = parse_query("arrow style:filled set:signal format:svg category:arrows")
    assert parsed.service_text == "arrow"
    icons = catalogue_icons["arrow"]
    assert len(icons) == 48
    assert parsed.filters.apply(icons) == []
    explanation = explain_empty(icons, parsed.filters)
    assert explanation.startswith("no icon is style:filled and set:signal and category:arrows and format:svg: ")
    assert "set:signal matches none of the 48 icons" in explanation  # Signal draws no arrows

    kept = parse_query("arrow style:filled format:svg").filters.apply(icons)
    assert kept and all(i.style.name == "Filled" and any(v.format == "svg" for v in i.variants) for i in kept)
    assert [i.id for i in kept] == [i.id for i in icons if i in kept]  # the service's order
    facets = facet_counts(icons, parse_query("style:filled").filters)
    style = {value.name: value for value in facets["style"]}
    assert style["Filled"].selected and style["Filled"].count == len(Filters.of(style="filled").apply(icons))
    assert sum(value.count for value in facets["style"]) == len(icons)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "style:filled",
        "style:filled,colour set:signal",
        "format:svg",
        "format:png size:256",
        "size:vector category:weather,devices",
        "series:pict style:outline format:eps",
        'set:"core ui" style:bold format:png,eps size:512',
    ],
)
def test_counts_over_the_whole_catalogue_agree_with_counting_the_slow_way(catalogue_icons, text):
    icons = catalogue_icons["all"]
    filters = parse_query(text).filters
    facets = facet_counts(icons, filters)
    for key in FACET_KEYS:
        expected = slow_counts(icons, filters, key)
        got = {value.name: value.count for value in facets[key] if value.count}
        assert got == expected, key
        assert all(value.selected == filters.selects(key, value.name) for value in facets[key])
    assert len(filters.apply(icons)) == sum(1 for i in icons if filters.matches(i))


@pytest.mark.parametrize(("text", "keys"), [("style:", ("style",)), ("arrow format: size:,", ("format", "size"))])
def test_a_key_with_no_value_is_kept_to_say_it_needs_one(text, keys):
    parsed = parse_query(text)
    assert parsed.empty == keys and not parsed.filters
    noun = "needs a value" if len(keys) == 1 else "need values"
    examples = {"style": "style:filled", "format": "format:svg", "size": "size:512"}
    assert parsed.notice == f"{', '.join(key + ':' for key in keys)} {noun} ({' '.join(examples[k] for k in keys)})"
    assert parse_query("style: style:filled").empty == ()  # a value given in another word


def test_several_unknown_keys_are_named_once_each():
    parsed = parse_query("colour:red colour:blue shape:round style:")
    assert parsed.notice == (
        "colour:, shape: are not filters (style, set, format, size, category, series, license)"
        " · style: needs a value (style:filled)"
    )


def test_a_style_led_by_a_size_is_selected_by_what_follows_it() -> None:
    """Fluent's styles are "20 Filled", "24 Regular": `style:filled` selects them as it selects
    "Filled" (until session 37 it selected none, so a set over the cap could not be narrowed by style)."""
    icons = [
        icon("Add", style="20 Filled"),
        icon("Add", style="24 Regular"),
        icon("Add", style="Filled"),
        icon("Add", style="2D"),
        icon("Add", style="24 Light"),
    ]

    def styles(words: str) -> list[str]:
        return [each.style.name for each in parse_query(words).filters.apply(icons)]

    assert styles("style:filled") == ["20 Filled", "Filled"]
    assert styles("style:fil,light") == ["20 Filled", "Filled", "24 Light"]
    assert styles("style:24") == ["24 Regular", "24 Light"]
    assert styles('style:"filled"') == ["Filled"], "quoted: exact"
    assert styles("style:d") == [], "2D is a name, not a size and a style"
