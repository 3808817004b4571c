"""`license:` filter words: each SPDX id of a set's licence expression, by the prefix rule, one rule
(`iconcat.filter_rule`) for the browser's filters, its facet panel and the catalogue's `narrow`."""

from __future__ import annotations

from iconcat.browsing.filters import facet_counts, parse_query
from iconcat.filter_rule import compile_values, license_ids, license_selected, normal_value
from tests.support.icons import icon


def test_an_expression_is_each_of_its_ids_and_no_id_is_unknown() -> None:
    assert license_ids("MIT OR Apache-2.0") == ("MIT", "Apache-2.0")
    assert license_ids("(GPL-2.0-only WITH Classpath-exception-2.0) AND MIT") == ("GPL-2.0-only", "MIT")
    assert license_ids(None) == license_ids("") == license_ids(" OR ") == ("unknown",)
    assert license_ids("MIT\x1b[31m") == ("MIT[31m",), "untrusted text is sanitised"


def test_a_value_selects_an_id_by_prefix_in_any_case() -> None:
    def picks(value: str, spdx: str | None) -> bool:
        return license_selected(compile_values([normal_value(value) or ""]), spdx)

    assert picks("cc-by", "CC-BY-SA-4.0") and picks("cc-by", "CC-BY-NC-4.0") and picks("CC-BY", "CC-BY-4.0")
    assert picks("apache-2.0", "MIT OR Apache-2.0") and not picks("apache-2.0", "MIT")
    assert picks('"mit"', "MIT") and not picks('"cc-by"', "CC-BY-SA-4.0"), "quoted: exact"
    assert picks("unknown", None) and not picks("unknown", "MIT")


def test_the_browsers_filters_and_facets_count_each_id() -> None:
    icons = [
        icon("A", set="Alpha", license="MIT"),
        icon("B", set="Beta", license="MIT OR Apache-2.0"),
        icon("C", set="Gamma", license="CC-BY-SA-4.0"),
        icon("D", set="Delta"),
    ]
    keep = parse_query("license:mit").filters.apply
    assert [i.name for i in keep(icons)] == ["A", "B"]
    assert [i.name for i in parse_query("license:cc-by,unknown").filters.apply(icons)] == ["C", "D"]
    counts = {value.name: value.count for value in facet_counts(icons, parse_query("").filters)["license"]}
    assert counts == {"MIT": 2, "Apache-2.0": 1, "CC-BY-SA-4.0": 1, "unknown": 1}
    chosen = facet_counts(icons, parse_query("set:alpha license:apache").filters)["license"]
    assert {(v.name, v.count, v.selected) for v in chosen} == {
        ("MIT", 1, False),
        ("Apache-2.0", 0, True),
        ("CC-BY-SA-4.0", 0, False),
        ("unknown", 0, False),
    }, "counted over the other keys' filters, the chosen id marked"
    assert parse_query("license:mit").filters.narrow_words == ("license:mit",), "the catalogue narrows by it"


def test_no_licence_anywhere_leaves_the_facet_out_until_one_is_chosen() -> None:
    icons = [icon("A"), icon("B")]
    assert facet_counts(icons, parse_query("").filters)["license"] == []
    assert [v.name for v in facet_counts(icons, parse_query("license:unknown").filters)["license"]] == ["unknown"]
