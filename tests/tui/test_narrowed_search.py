"""Past the cap, the browser asks the catalogue to narrow by the filter words (`browsing.narrowing`).

The client's cap is lowered to 100 here (a client factory, as the app takes one), so the demo's 119
arrows pass it: `arrow set:core-ui` then shows every Core UI arrow, not those among the first 100.
"""

from __future__ import annotations

import pytest

from iconcat.api import CatalogueClient
from iconcat.browsing.filters import Filters, parse_query
from iconcat.browsing.narrowing import NarrowingSeen, wanted
from iconcat.browsing.status_line import fit_status
from iconcat.catalogue.service import ServiceCatalogue
from iconcat.tui.connection import Connection
from iconcat.tui.widgets import ResultsList
from tests.conftest import TEST_TOKEN
from tests.support.misbehaving import MisbehavingServer, Reply
from tests.support.tui import results_settled, search, serving, wait_until

CAP = 100
WIDE = (160, 36)


def small_cap(connection: Connection) -> ServiceCatalogue:
    """The service adapter over a client holding at most `CAP` icons."""

    def client() -> CatalogueClient:
        return CatalogueClient(connection.base_url, connection.token, max_icons_held=CAP)

    return ServiceCatalogue(connection.spec, connection.base_url, connection.token, make_client=client)


async def retype(pilot, text: str) -> None:
    """Replace the search box's text with `text` and wait until its filters are in force and settled."""
    app = pilot.app
    app.query_one("#search-input").value = text
    filters = parse_query(text).filters
    await wait_until(pilot, lambda: app.browser.filters == filters and results_settled(app), f"{text!r} settled")


def status_of(app) -> str:
    return app.browser.search_state.status


def asked(server) -> list[str]:
    return [request.target for request in server.requests_for("/api/v1/search")]


@pytest.fixture(scope="module")
def every_arrow():
    """Every arrow of the demo, in the catalogue's order, from one uncapped page."""
    import httpx

    with (
        serving(token=TEST_TOKEN, page_size=100_000) as server,
        httpx.Client(headers={"Authorization": f"Bearer {TEST_TOKEN}"}) as http,
    ):
        body = http.get(server.base_url + "/api/v1/search", params={"name": "arrow"}).json()
    return body["data"]


async def test_past_the_cap_a_filter_word_narrows_the_search_and_the_status_says_so(
    make_app, download_dir, every_arrow
):
    core = [entry["id"] for entry in every_arrow if entry["set"]["name"] == "Core UI"]
    assert len(every_arrow) > CAP and any(entry["set"]["name"] == "Core UI" for entry in every_arrow[CAP:]), (
        "some Core UI arrows lie beyond the cap"
    )
    with serving(token=TEST_TOKEN, page_size=12) as small_pages:
        connection = Connection.service(small_pages.base_url, TEST_TOKEN, download_dir)
        app = make_app(connection, catalogue_factory=small_cap)
        async with app.run_test(size=WIDE) as pilot:
            await search(pilot, "arrow set:core-ui")
            await wait_until(pilot, lambda: "all loaded" in app.browser.search_state.status, "every page in")
            assert [icon.id for icon in app.query_one(ResultsList).icons] == core
            assert app.browser.searches.result.narrowed == ("set:core-ui",)
            shown = f"{len(core)} of {len(core)} shown · set:core-ui"
            parts = app.browser.search_state.status_parts
            assert fit_status(parts, 200) == f"{shown} · narrowed by the catalogue · all loaded"  # (the tooltip)
            # Shorter, "all loaded" goes first (the equal counts say it), then the note says itself
            # shorter; at 80 columns (some 28 cells) the count and the filter stay.
            assert fit_status(parts, 60) == f"{shown} · narrowed by the catalogue"
            assert fit_status(parts, 45) == f"{shown} · narrowed"
            assert fit_status(parts, 28) == shown

            # Another word on top keeps the narrowed one: filtered here, no request.
            before = app.browser.searches.sequence
            await retype(pilot, "arrow set:core-ui style:filled")
            await pilot.pause()
            assert app.browser.searches.sequence == before
            kept = Filters.of(set="core-ui", style="filled").apply(app.browser.searches.result.icons)
            assert [icon.id for icon in app.query_one(ResultsList).icons] == [icon.id for icon in kept]

            # Changing the narrowed word asks again, narrowed by the new one.
            await retype(pilot, "arrow set:studio")
            await wait_until(pilot, lambda: app.browser.searches.narrow == ("set:studio",), "narrowed again")
            await wait_until(pilot, lambda: "all loaded" in app.browser.search_state.status, "every page in")
            studio = [entry["id"] for entry in every_arrow if entry["set"]["name"] == "Studio"]
            assert [icon.id for icon in app.query_one(ResultsList).icons] == studio


async def test_under_the_cap_nothing_is_narrowed_and_the_facets_count_every_set(make_app, download_dir):
    with serving(token=TEST_TOKEN, page_size=12) as small_pages:
        app = make_app(Connection.service(small_pages.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=WIDE) as pilot:
            await search(pilot, "arrow set:core-ui")
            await wait_until(pilot, lambda: "all loaded" in app.browser.search_state.status, "every page in")
            result = app.browser.searches.result
            assert app.browser.searches.narrow == () and result.narrowed is None
            assert {icon.set.name for icon in result.icons} > {"Core UI"}, "other sets' arrows held, for the facets"
            assert "narrowed" not in status_of(app)


async def test_a_catalogue_that_ignores_narrow_is_not_asked_again(make_app, download_dir):
    from tests.support.hostile import icon_entry

    icons = [icon_entry(number, f"Arrow {number}", "") for number in range(1, 6)]
    with MisbehavingServer() as server:
        server.on("/api/v1/search", Reply.json({"data": icons, "meta": {"moreResultsAvailable": False, "total": 500}}))
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir), catalogue_factory=small_cap)
        async with app.run_test(size=WIDE) as pilot:
            await search(pilot, "arrow set:core")
            await wait_until(pilot, lambda: len(asked(server)) == 2, "asked again, narrowed")
            # The answer read too, not only asked for: retyped before the app has seen that the narrowed
            # answer says nothing of narrowing, it would rightly narrow again (a race under load).
            await wait_until(pilot, lambda: app.browser.searches.seen.ignored, "the narrowing seen ignored")
            await retype(pilot, "arrow set:core-ui")
            await pilot.pause()
            targets = asked(server)
    assert "narrow" not in targets[0] and "narrow=set%3Acore" in targets[1]
    assert len(targets) == 2, "the catalogue did not narrow: not asked to again"


async def test_a_catalogue_that_does_not_count_its_matches_is_never_asked_to_narrow(make_app, download_dir):
    """Its pages reach the cap with a filter in force, but without `meta.total` it is not the embedded
    catalogue: a service that does not know `narrow` might refuse it, so it is never sent."""
    from urllib.parse import parse_qs, urlsplit

    from tests.support.hostile import icon_entry

    def page(request) -> Reply:
        number = int(parse_qs(urlsplit(request.target).query).get("page", ["1"])[0])
        icons = [icon_entry(n, f"Arrow {n}", "") for n in range(number * 60 - 59, number * 60 + 1)]
        meta = {"moreResultsAvailable": True, "next": f"/api/v1/search?name=arrow&page={number + 1}"}
        return Reply.json({"data": icons, "meta": meta})

    with MisbehavingServer() as server:
        server.on("/api/v1/search", page)
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir), catalogue_factory=small_cap)
        async with app.run_test(size=WIDE) as pilot:
            await search(pilot, "arrow set:s")
            await wait_until(pilot, lambda: app.browser.searches.result.icon_count >= CAP, "followed to the cap")
            await pilot.pause(0.3)
            targets = asked(server)
    assert len(targets) >= 2, "its pages were followed"
    assert not any("narrow" in target for target in targets)


@pytest.mark.parametrize(
    ("seen", "words", "expected"),
    [
        (NarrowingSeen(), "set:tabler", ()),  # under the cap: the filters do it all
        (NarrowingSeen(over_cap=True), "set:tabler format:svg", ("set:tabler",)),
        (NarrowingSeen(over_cap=True), "format:svg", ()),  # nothing to narrow by
        (NarrowingSeen(over_cap=True, narrowed=("set:tabler",)), "set:tabler style:filled", ("set:tabler",)),
        (NarrowingSeen(over_cap=True, narrowed=("set:tabler",)), "set:tabler,ph", ("set:ph,tabler",)),
        (
            NarrowingSeen(over_cap=True, narrowed=("style:regular",), narrowed_capped=True),
            "style:regular set:tabler",
            ("style:regular", "set:tabler"),
        ),
        (NarrowingSeen(over_cap=True, ignored=True), "set:tabler", ()),
    ],
)
def test_when_to_narrow(seen: NarrowingSeen, words: str, expected: tuple[str, ...]) -> None:
    assert wanted(parse_query(words).filters, seen) == expected
