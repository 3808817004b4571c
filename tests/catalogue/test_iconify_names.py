"""Iconify names through the catalogue seam (issue 31 item 4), over small real-shaped IconifyJSON sets
(`tests.support.name_sets`): `prefix:name` answers that icon first, then the rest of the query's
answer without it, in-process and over HTTP alike (both answer through `embedded.answers`); `set:V`
narrows by prefix where a served set has it, else by name; the spec says the prefixes served once
open; `icon_named` looks an icon up (an alias's name too); the demo and the seed's service have none."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from iconcat.catalogue.embedded import EmbeddedCatalogue
from iconcat.catalogue.kinds import sets_spec
from iconcat.catalogue.protocol import Catalogue, NotOffered
from iconcat.server import start_catalogue
from iconcat.sources.serving import open_sources
from tests.conftest import TEST_TOKEN
from tests.support.catalogues import IconSets, embedded_demo, service
from tests.support.name_sets import SERVED, write_name_sets


@pytest.fixture(scope="module")
def name_sets(tmp_path_factory: pytest.TempPathFactory) -> Iterator[IconSets]:
    folder = tmp_path_factory.mktemp("name-sets")
    arguments = write_name_sets(folder / "sets")
    served = open_sources(arguments, folder=folder / "cache")
    try:
        yield IconSets(arguments, served)
    finally:
        served.index.close()


@pytest.fixture(scope="module")
def name_sets_url(name_sets: IconSets) -> Iterator[str]:
    """The same catalogue object over loopback HTTP (`iconcat serve`'s app), pages of 2 icons."""
    with start_catalogue(token=TEST_TOKEN, catalogue=name_sets.served, page_size=2, next_page_size=2) as server:
        yield server.base_url


def in_process(sets: IconSets) -> EmbeddedCatalogue:
    return EmbeddedCatalogue(sets_spec(sets.arguments), served=sets.served, page_size=2, next_page_size=2)


async def names_found(catalogue: Catalogue, query: str, narrow: tuple[str, ...] = ()) -> list[str | None]:
    """The Iconify names of every icon the query answers, every page followed."""
    async with catalogue:
        result = await catalogue.search(query, narrow=narrow)
        while result.can_load_more:
            result = await catalogue.more(result)
        return [icon.iconify for icon in result.icons]


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("tabler:trash", ["tabler:trash"]),
        ("TABLER:Trash", ["tabler:trash"]),
        ("mdi:house", ["mdi:home"]),  # an alias's name: its icon
        ("lucide:trash-2 tabler:trash-x", ["lucide:trash-2", "tabler:trash-x"]),  # in the order typed
    ],
)
async def test_an_iconify_name_is_first_then_the_rest_without_it_in_process_and_over_http(
    name_sets: IconSets, name_sets_url: str, query: str, first: list[str]
) -> None:
    here = await names_found(in_process(name_sets), query)
    over_http = await names_found(service(name_sets_url), query)
    assert here == over_http, "both answer through embedded.answers"
    assert here[: len(first)] == first
    assert len(here) == len(set(here)), "the icon named is not repeated"
    in_words = " ".join(word.partition(":")[2].replace("-", " ") for word in query.lower().split())
    rest = await names_found(in_process(name_sets), in_words)
    assert here[len(first) :] == [name for name in rest if name not in first], "then what its name in words finds"


async def test_tabler_trash_comes_before_lucides_which_sorts_first_otherwise(name_sets: IconSets) -> None:
    plain = await names_found(in_process(name_sets), "trash")
    assert plain.index("lucide:trash") < plain.index("tabler:trash"), "(the fixture's premise)"
    named = await names_found(in_process(name_sets), "tabler:trash")
    assert named[0] == "tabler:trash" and named.index("lucide:trash") == 1


async def test_a_name_no_icon_has_adds_nothing_and_narrowing_words_apply_to_the_icon_named(
    name_sets: IconSets,
) -> None:
    assert await names_found(in_process(name_sets), "tabler:nothing-here") == []
    narrowed = await names_found(in_process(name_sets), "tabler:trash", ("set:lucide",))
    assert narrowed == ["lucide:trash", "lucide:trash-2"], "the Tabler icon named is not Lucide's: narrowed away"


@pytest.mark.parametrize(
    ("query", "narrow", "sets"),
    [
        ("home", "set:ic", {"ic"}),  # by prefix: Google's Material Icons, not IcoMoon nor Icons8
        ("home", "set:mdi", {"mdi"}),
        ("house", "set:fa6-solid", {"fa6-solid"}),
        ("home", "set:icomoon", {"icomoon-free"}),  # no such prefix: by name, as before
        ("home", "set:material", {"mdi", "ic"}),
    ],
)
async def test_narrowing_by_set_takes_the_prefix_first_in_process_and_over_http(
    name_sets: IconSets, name_sets_url: str, query: str, narrow: str, sets: set[str]
) -> None:
    here = await names_found(in_process(name_sets), query, (narrow,))
    assert {name.partition(":")[0] for name in here if name} == sets
    assert await names_found(service(name_sets_url), query, (narrow,)) == here


async def test_the_spec_says_the_prefixes_served_once_open_and_icon_named_looks_one_up(name_sets: IconSets) -> None:
    catalogue = in_process(name_sets)
    assert catalogue.spec.capabilities.looks_up_iconify_names
    assert catalogue.spec.iconify_sets == (), "not before it is open"
    async with catalogue:
        await catalogue.open()
        assert catalogue.spec.served_prefixes == SERVED
        found = await catalogue.icon_named("mdi:house")
        assert found is not None and found.iconify == "mdi:home"
        assert (await catalogue.icon_named("tabler:trash")).iconify == "tabler:trash"
        assert await catalogue.icon_named("tabler:nope") is None
        assert await catalogue.icon_named("ph:acorn") is None, "no Phosphor served"


async def test_the_demo_and_the_service_have_no_iconify_names(catalogue, tmp_path: Path) -> None:
    demo = embedded_demo()
    assert not demo.spec.capabilities.looks_up_iconify_names
    async with demo:
        await demo.open()
        assert demo.spec.iconify_sets == ()
        with pytest.raises(NotOffered):
            await demo.icon_named("tabler:trash")
    remote = service(catalogue.base_url)
    async with remote:
        with pytest.raises(NotOffered, match="has no Iconify names"):
            await remote.icon_named("tabler:trash")
