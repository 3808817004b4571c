"""Iconify names in the browser's search box (issue 31 item 4), through the real start path over small
real-shaped IconifyJSON packages (`tests.support.name_sets`) in-process: the catalogue says the prefixes
it serves once open, and then `tabler:trash` finds that icon first, `set:ic` keeps Google's Material
Icons, a bare `ic:` is `set:ic`, and a word that is neither says so. A name typed before the sets are
open (the command line's query) is searched once they are."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from iconcat.catalogue.choose import CatalogueChoice
from iconcat.catalogue.local_sets import LocalSets
from iconcat.config import Settings
from iconcat.tui import run_browser
from tests.support.name_sets import write_name_sets
from tests.support.tui import results_settled, shown_text, wait_until


async def typed(pilot, text: str, words: str, filters: str = "") -> None:
    """`text` typed into the search box; waits for the answer to `words` (what the box sends) under
    `filters` (the filters in force, as their canonical text)."""
    app = pilot.app
    box = app.query_one("#search-input", Input)
    box.focus()
    box.value = ""
    await pilot.press(*text)
    browser = app.browser
    await wait_until(
        pilot,
        lambda: (browser.search_state.query, browser.filters.text) == (words, filters) and results_settled(app),
        f"results for {text!r}",
    )


def shown(browser) -> set[str | None]:
    return {icon.iconify for icon in browser.query_one("#results-area").shown_icons}


def test_iconify_names_and_prefixes_in_the_search_box(headless_run, tmp_path: Path) -> None:
    seen: dict[str, object] = {}

    async def steer(pilot) -> None:
        browser = pilot.app.browser
        # The query given at start, searched once the sets are open (it was a notice before then).
        await wait_until(
            pilot, lambda: browser.searches.last_query == "tabler:trash" and results_settled(pilot.app), "the name"
        )
        await wait_until(pilot, lambda: browser.searches.result is not None, "its answer")
        seen["first"] = [icon.iconify for icon in browser.searches.result.icons]
        await typed(pilot, "trash", "trash")
        seen["plain"] = [icon.iconify for icon in browser.searches.result.icons]
        await typed(pilot, "home set:ic", "home", "set:ic")
        seen["set:ic"] = shown(browser)
        await typed(pilot, "home stlye:x", "home")
        seen["note"] = browser.query_one("#search-bar").filter_note
        seen["status"] = shown_text(browser.query_one("#search-status", Static))
        await typed(pilot, "home ic:", "home", "set:ic")
        seen["ic:"] = shown(browser)

    headless_run(steer)
    settings = Settings(base_url=None, token=None, download_dir=tmp_path / "downloads")
    paths = write_name_sets(tmp_path / "sets")
    assert run_browser(settings, query="tabler:trash", choice=CatalogueChoice.sets(LocalSets(paths))) == 0
    assert seen["plain"].index("lucide:trash") < seen["plain"].index("tabler:trash")  # Lucide sorts first alone
    assert seen["first"] == ["tabler:trash", *(name for name in seen["plain"] if name != "tabler:trash")]
    assert seen["set:ic"] == {"ic:baseline-home"}, "Google's Material Icons, not IcoMoon nor Icons8"
    assert seen["ic:"] == seen["set:ic"]
    assert (
        seen["note"]
        == "stlye: is neither a filter nor a set served (style, set, format, size, category, series, license)"
    )
    assert str(seen["status"]).startswith("stlye: is neither a filter nor a set served")
