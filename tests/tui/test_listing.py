"""Filter words and no word in the search box list what they select from the catalogue
(`SearchRunner.listing`): `set:core-ui` alone is every Core UI icon of the demo, paged as any answer;
past the client's cap (lowered to 100 here) the status says to choose a category or style, and
choosing one narrows by the catalogue; over the seed's service, which cannot list without a word, the
status says so and nothing is asked."""

from __future__ import annotations

from iconcat.catalogue.embedded import EmbeddedCatalogue
from iconcat.catalogue.kinds import demo_spec
from iconcat.demo.catalogue import default_catalogue
from iconcat.tui.connection import Connection
from iconcat.tui.widgets import ResultsList
from tests.conftest import TEST_TOKEN
from tests.support.misbehaving import MisbehavingServer, Reply
from tests.support.tui import results_settled, wait_until

CAP = 100
WIDE = (160, 36)


def demo_icons(set_name: str, style: str | None = None) -> list[int]:
    return [
        icon.id
        for icon in default_catalogue().search("")
        if icon.set_ref.name == set_name and (style is None or icon.style_ref.name == style)
    ]


def small_cap(connection: Connection) -> EmbeddedCatalogue:
    """The demo in-process, its client holding at most `CAP` icons of an answer."""
    return EmbeddedCatalogue(demo_spec(), served=default_catalogue(), max_icons_held=CAP)


async def type_filters(pilot, text: str, settled) -> None:
    """Replace the box's text with `text` and wait until `settled()` holds and the results have."""
    app = pilot.app
    app.query_one("#search-input").value = text
    await wait_until(pilot, lambda: settled() and results_settled(app), f"{text!r} settled")


def listed(app) -> list[int]:
    return [icon.id for icon in app.query_one(ResultsList).icons]


async def test_a_set_alone_lists_every_icon_of_it_narrowed_by_the_catalogue(make_app) -> None:
    core = demo_icons("Core UI")
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await type_filters(pilot, "set:core-ui", lambda: "all loaded" in app.browser.search_state.status)
        assert listed(app) == core
        assert app.browser.searches.result.narrowed == ("set:core-ui",)
        status = app.browser.search_state.status
        assert status.startswith(f"{len(core)} of {len(core)} shown · set:core-ui · narrowed by the catalogue")
        await type_filters(pilot, "", lambda: app.browser.search_state.status == "type to search")
        assert listed(app) == [], "the empty box shows what is remembered (nothing here), not the set"


async def test_a_set_past_the_cap_says_to_choose_a_style_which_narrows_by_the_catalogue(make_app) -> None:
    core, filled = demo_icons("Core UI"), demo_icons("Core UI", "Filled")
    assert len(core) > CAP > len(filled)
    app = make_app(catalogue_factory=small_cap)
    async with app.run_test(size=WIDE) as pilot:
        first = f"first {CAP} of {len(core)}: choose a category or style"
        await type_filters(pilot, "set:core-ui", lambda: first in app.browser.search_state.status)
        assert listed(app) == core[:CAP]
        await type_filters(pilot, 'set:core-ui style:"filled"', lambda: "all loaded" in app.browser.search_state.status)
        assert listed(app) == filled, "every Filled icon of the set, past the first 100 of it too"
        assert app.browser.searches.result.narrowed == ('style:"filled"', "set:core-ui")
        assert "choose" not in app.browser.search_state.status


async def test_over_the_seeds_service_filters_alone_say_it_cannot_list_and_ask_nothing(make_app, download_dir) -> None:
    with MisbehavingServer() as server:
        server.on("/api/v1/search", Reply.json({"data": [], "meta": {"moreResultsAvailable": False}}))
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=WIDE) as pilot:
            await type_filters(pilot, "set:core-ui", lambda: "without a word" in app.browser.search_state.status)
            assert app.browser.search_state.status == "the catalogue lists nothing without a word: type one"
        assert server.requests_for("/api/v1/search") == []
