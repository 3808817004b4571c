"""What only the in-process catalogue has to get right: its own next pages, opening once, its limits."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from iconcat.api import Match, RequestRefusedError, SearchResult
from iconcat.catalogue.embedded import EmbeddedCatalogue
from iconcat.catalogue.kinds import demo_spec
from iconcat.demo.catalogue import default_catalogue
from tests.support.catalogues import IconSets, embedded_demo, embedded_sets


async def test_a_next_page_of_another_catalogue_is_not_followed(icon_sets: IconSets) -> None:
    async with embedded_demo() as demo, embedded_sets(icon_sets) as sets:
        theirs = await sets.search("arrow")
        assert theirs.can_load_more
        kept = await demo.more(theirs)
        forged = await demo.more(SearchResult(icons=(), more_available=True, next_page="https://elsewhere.example/x"))
    assert kept.icons == theirs.icons and kept.next_page is None
    assert "not one of the demo catalogue's" in (kept.paging_stopped or "")
    assert forged.next_page is None and forged.paging_stopped


async def test_calls_before_open_wait_for_one_opening() -> None:
    builds: list[str] = []
    lock = threading.Lock()

    def build(progress: object, cancel: threading.Event) -> tuple[object, None]:
        with lock:
            builds.append(threading.current_thread().name)
        return default_catalogue(), None

    catalogue = EmbeddedCatalogue(demo_spec(), build=build)  # type: ignore[arg-type]
    async with catalogue:
        first, second, _opened = await asyncio.gather(
            catalogue.search("arrow"), catalogue.search("star"), catalogue.open()
        )
    assert len(builds) == 1 and first.icons and second.icons
    assert builds[0] != threading.current_thread().name  # (built in a worker thread, not on the loop)


async def test_the_query_limit_is_the_specs_and_refused_before_asking(icon_sets: IconSets) -> None:
    asked: list[str] = []

    class Counting(type(default_catalogue())):  # type: ignore[misc]
        def search_page(self, query: str, start: int, count: int):  # type: ignore[no-untyped-def]
            asked.append(query)
            return super().search_page(query, start, count)

    catalogue = EmbeddedCatalogue(demo_spec(), served=Counting())
    limit = catalogue.spec.query_limit
    assert limit == 200
    async with catalogue:
        assert (await catalogue.search("a" * limit)).icons == ()
        with pytest.raises(RequestRefusedError, match="at most 200: shorten it"):
            await catalogue.search("a" * (limit + 1))
    assert asked == ["a" * limit]


@pytest.mark.parametrize("page_size", [48, 500], ids=["tolerant parser", "fast decoder"])
async def test_the_reasons_an_answer_gives_reach_the_icons_in_process(
    monkeypatch: pytest.MonkeyPatch, page_size: int
) -> None:
    """Why each icon matched (`matched`, issue 31) travels as over HTTP: the in-process catalogue reads
    its answers' documents with the client's parsers (both, by page size), garbage left out alike."""
    import iconcat.embedded.answers as answers

    plain_entry = answers.icon_json

    def entry_with_reasons(icon: Any, thumbnail: str) -> dict[str, object]:
        entry = plain_entry(icon, thumbnail)
        said = [{"by": "tag", "word": "a", "term": icon.name}, {"by": "guess", "word": "a", "term": "x"}]
        entry["matched"] = said if icon.id % 2 else "garbage"
        return entry

    monkeypatch.setattr(answers, "icon_json", entry_with_reasons)
    async with embedded_demo(page_size=page_size) as demo:
        result = await demo.search("a")
    assert len(result.icons) == page_size
    for icon in result.icons:
        assert icon.matched == ((Match("tag", "a", icon.name),) if icon.id % 2 else ()), icon
    assert any(icon.matched for icon in result.icons) and any(not icon.matched for icon in result.icons)
