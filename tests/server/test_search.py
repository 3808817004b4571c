"""Search: case-insensitive, every word must occur, best matches first, capped with a truthful meta."""

from __future__ import annotations

import httpx
import pytest

from tests.conftest import TEST_TOKEN
from tests.support.server import auth, serving


@pytest.fixture
def client(catalogue):
    with httpx.Client(base_url=catalogue.base_url, headers=auth(TEST_TOKEN), timeout=30) as client:
        yield client


@pytest.fixture(scope="module")
def uncapped():
    """A catalogue whose page holds every icon, to see whole result lists."""
    with serving(page_size=100_000) as client:
        yield client


def search(client: httpx.Client, name: str) -> dict:
    response = client.get("/api/v1/search", params={"name": name})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/json"
    return response.json()


def names(body: dict) -> list[str]:
    return [icon["name"] for icon in body["data"]]


def ids(icons: list[dict]) -> list[int]:
    return [icon["id"] for icon in icons]


def expected_rank(icon: dict, query: str) -> int:
    """The rank the rule gives (docs/sources.md), read from the icon's `matched`: 0 the name is the
    query; else its weakest word's, 1 a name word … 8 inside a word."""
    if icon["name"].casefold() == " ".join(query.casefold().split()):
        return 0
    ranks = []
    for match in icon["matched"]:
        whole = match["word"] in match["term"].split()
        by = match["by"]
        ranks.append(
            {"name": 1 if whole else 5, "alias": 2 if whole else 6, "tag": 3 if whole else 7}.get(by)
            or {"synonym": 4, "inside": 8}[by]
        )
    return max(ranks)


def test_response_has_the_spec_shape(client, catalogue) -> None:
    body = search(client, "arrow")
    assert set(body) == {"data", "meta"}
    assert isinstance(body["meta"]["moreResultsAvailable"], bool)
    for icon in body["data"]:
        assert set(icon) == {"id", "name", "category", "style", "series", "set", "thumbnail", "variants", "matched"}
        assert icon["matched"] and {"by", "word", "term"} == set(icon["matched"][0]), "the extension: why it matched"
        assert isinstance(icon["id"], int) and isinstance(icon["name"], str)
        for ref in ("category", "style", "series", "set"):
            assert set(icon[ref]) == {"id", "name"}
            assert isinstance(icon[ref]["id"], int) and icon[ref]["name"]
        assert icon["thumbnail"] == f"{catalogue.base_url}/private/bundle_icons/{icon['id']}/small"
        assert icon["variants"]
        for variant in icon["variants"]:
            assert set(variant) == {"id", "format", "size"}
            assert variant["format"] in {"png", "svg", "eps"}
            if variant["format"] == "png":
                assert variant["size"] in {512, 256}
            else:
                assert variant["size"] is None


def test_case_does_not_matter(client) -> None:
    lower, upper, mixed = (search(client, q) for q in ("cloud rain", "CLOUD RAIN", "cLoUd RaIn"))
    assert lower["data"] and lower == upper == mixed


def test_every_word_must_occur_in_any_order(uncapped) -> None:
    body = search(uncapped, "rain cloud")
    assert body["data"]
    assert {"Cloud Rain"} == set(names(body))
    assert ids(search(uncapped, "cloud rain")["data"]) == ids(body["data"]), "the same icons (each says its words)"
    # Words match inside names too ("rrow" is in "Arrow"), but all of them must.
    assert set(names(search(uncapped, "rrow circ"))) == {"Arrow Circle Left", "Arrow Circle Right"}
    assert search(uncapped, "arrow zebra")["data"] == []


def test_extra_spaces_are_ignored(client) -> None:
    assert search(client, "  arrow   left ") == search(client, "arrow left")


def test_best_matches_come_first(uncapped) -> None:
    # "lock": the exact name, then a name that merely contains it ("Unlock").
    assert names(search(uncapped, "lock")) == sorted(names(search(uncapped, "lock")), key=lambda n: n != "Lock")
    assert names(search(uncapped, "lock"))[0] == "Lock" and names(search(uncapped, "lock"))[-1] == "Unlock"
    # "cloud": exact, then the names it starts ("Cloud Rain"), then a later word ("Cloud" in nothing else).
    cloud = names(search(uncapped, "cloud"))
    assert cloud[0] == "Cloud" and cloud.index("Cloud Lightning") > max(i for i, n in enumerate(cloud) if n == "Cloud")
    # "up": a whole word of the name (Arrow Up) before a word it starts (Upload).
    up = names(search(uncapped, "up"))
    assert up.index("Arrow Up") < up.index("Upload")


def test_within_a_rank_the_closer_name_comes_first(uncapped) -> None:
    # All seven arrow glyphs start with "arrow"; the alphabet alone would open with "Arrow Circle Left".
    arrows = list(dict.fromkeys(names(search(uncapped, "arrow"))))
    assert arrows[0] == "Arrow Up"
    assert arrows.index("Arrow Left") < arrows.index("Arrow Circle Left")
    assert arrows.index("Arrow Up Right") < arrows.index("Arrow Circle Right")


@pytest.mark.parametrize("query", ["arrow", "cloud", "up", "lock", "e", "arrow left", "on"])
def test_order_is_rank_then_length_then_name_then_id(uncapped, query: str) -> None:
    icons = search(uncapped, query)["data"]
    assert icons
    keys = [(expected_rank(i, query), len(i["name"]), i["name"].casefold(), i["id"]) for i in icons]
    assert keys == sorted(keys)
    # Every result says how each word matched it.
    for icon in icons:
        assert [match["word"] for match in icon["matched"]] == query.split()


def test_results_are_capped_at_the_page_size_with_a_truthful_meta(client, uncapped) -> None:
    everything = search(uncapped, "arrow")["data"]
    assert len(everything) > 48
    page = search(client, "arrow")
    assert len(page["data"]) == 48
    assert page["meta"]["moreResultsAvailable"] is True
    assert ids(page["data"]) == ids(everything[:48])


def test_more_results_flag_at_the_boundary(uncapped) -> None:
    matches = len(search(uncapped, "arrow left")["data"])
    with serving(page_size=matches) as exact:
        body = search(exact, "arrow left")
        assert len(body["data"]) == matches and body["meta"]["moreResultsAvailable"] is False
    with serving(page_size=matches - 1) as short:
        body = search(short, "arrow left")
        assert len(body["data"]) == matches - 1 and body["meta"]["moreResultsAvailable"] is True


def test_no_results(client) -> None:
    assert search(client, "xylophone") == {"data": [], "meta": {"moreResultsAvailable": False, "total": 0}}
    assert search(client, "☃")["data"] == []


@pytest.mark.parametrize("query", ["", "   "])
def test_an_empty_query_browses_the_catalogue(client, uncapped, query: str) -> None:
    body = search(client, query)
    assert len(body["data"]) == 48 and body["meta"]["moreResultsAvailable"] is True
    everything = search(uncapped, query)["data"]
    assert ids(body["data"]) == ids(everything[:48])
    assert [(i["name"].casefold(), i["id"]) for i in everything] == sorted(
        (i["name"].casefold(), i["id"]) for i in everything
    )


def test_missing_name_is_a_400(client) -> None:
    response = client.get("/api/v1/search")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "missing_parameter"


def test_repeated_or_overlong_name_is_a_400(client) -> None:
    repeated = client.get("/api/v1/search?name=arrow&name=cloud")
    assert repeated.status_code == 400 and repeated.json()["error"]["code"] == "invalid_parameter"
    overlong = client.get("/api/v1/search", params={"name": "a" * 201})
    assert overlong.status_code == 400 and overlong.json()["error"]["code"] == "invalid_parameter"
    assert client.get("/api/v1/search", params={"name": "a" * 200}).status_code == 200


def test_catalogue_size_and_taxonomy(uncapped) -> None:
    icons = search(uncapped, "")["data"]
    assert len(icons) >= 1000
    assert len({icon["name"] for icon in icons}) >= 40
    assert len({icon["id"] for icon in icons}) == len(icons)
    variant_ids = [v["id"] for icon in icons for v in icon["variants"]]
    assert len(set(variant_ids)) == len(variant_ids)
    assert not set(variant_ids) & {icon["id"] for icon in icons}, "variant ids must not look like icon ids"
    styles = {icon["style"]["name"] for icon in icons}
    assert {"Outline", "Filled", "Duotone", "Colour"} <= styles
    assert {"Arrows", "Weather", "Commerce", "Communication", "Files"} <= {icon["category"]["name"] for icon in icons}
    # One name per id for every reference kind: the taxonomy is consistent.
    for ref in ("category", "style", "series", "set"):
        pairs = {(icon[ref]["id"], icon[ref]["name"]) for icon in icons}
        assert len({i for i, _ in pairs}) == len(pairs) == len({n for _, n in pairs})
    # A set belongs to exactly one series.
    series_of_set: dict[str, set[str]] = {}
    for icon in icons:
        series_of_set.setdefault(icon["set"]["name"], set()).add(icon["series"]["name"])
    assert all(len(series) == 1 for series in series_of_set.values())
    # Not every icon offers every variant.
    offers = [{(v["format"], v["size"]) for v in icon["variants"]} for icon in icons]
    assert any(("eps", None) not in o for o in offers) and any(("eps", None) in o for o in offers)
    assert any(("png", 256) not in o for o in offers) and any(("png", 256) in o for o in offers)
