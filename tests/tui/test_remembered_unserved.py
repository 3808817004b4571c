"""Remembered icons of sets from disk not served in this run: every set from disk shares one memory, so a
run over other sets lists them. They are decided before anything is asked: listed with "⊘", the detail
pane says which set to add with --from, and Enter, `d` and space say only that; no request is sent for
them (counted at the embedded catalogue), and no message names the catalogue's passing address."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from textual.widgets import Static

from iconcat.api import Icon
from iconcat.browsing.remembered import not_served
from iconcat.catalogue import CatalogueChoice
from iconcat.catalogue.local_sets import LocalSets
from iconcat.config import Settings
from iconcat.sources.catalogue import SourceCatalogue
from iconcat.tui import run_browser
from iconcat.tui.screens import VariantPicker
from iconcat.tui.widgets import Gallery, ResultsList
from iconcat.tui.widgets.marks import UNSERVED_MARK
from tests.support.iconsets import iconify_package, iconify_set
from tests.support.tui import shown_text, wait_until

SENTENCE = "Tabler Icons is not among the sets served: add --from with the file or folder that holds it."


@pytest.fixture
def sets(tmp_path: Path) -> dict[str, str]:
    """Two small `@iconify-json` packages: Tabler Icons (arrow-up, home) and Lucide (arrow-down, star)."""
    folders = {}
    for prefix, name, keys in (
        ("tabler", "Tabler Icons", ["arrow-up", "home"]),
        ("lucide", "Lucide", ["arrow-down", "star"]),
    ):
        folder = tmp_path / "sets" / prefix
        iconify_package(
            folder, iconify_set(prefix, {key: {} for key in keys}, width=24, height=24), info={"name": name}
        )
        folders[prefix] = str(folder)
    return folders


@pytest.fixture
def asked(monkeypatch) -> list[int]:
    """The icon and variant ids the embedded catalogue of sets from disk is asked for (previews, files)."""
    ids: list[int] = []
    icon, variant = SourceCatalogue.icon, SourceCatalogue.variant

    def asked_icon(self, icon_id):
        ids.append(icon_id)
        return icon(self, icon_id)

    def asked_variant(self, variant_id):
        ids.append(variant_id)
        return variant(self, variant_id)

    monkeypatch.setattr(SourceCatalogue, "icon", asked_icon)
    monkeypatch.setattr(SourceCatalogue, "variant", asked_variant)
    return ids


def notices(app) -> list[str]:
    return [str(note.message) for note in app._notifications]


def test_a_remembered_icon_of_a_set_not_served_now_is_listed_as_such_and_nothing_is_asked(
    headless_run, sets: dict[str, str], asked: list[int], tmp_path: Path
) -> None:
    remembered: dict[str, Icon] = {}

    async def remember(pilot):  # a run over both sets: a Tabler favourite, a Lucide recent
        browser = pilot.app.browser
        await wait_until(pilot, lambda: browser.memory is not None and browser.searches.result is not None, "results")
        found = {icon.name: icon for icon in browser.searches.result.icons}
        remembered.update(tabler=found["Arrow Up"], lucide=found["Arrow Down"])
        browser.remembering.toggle_favourite(remembered["tabler"])
        browser.remembering.used(remembered["lucide"])

    seen: dict[str, object] = {}

    async def only_lucide(pilot):  # then a run over Lucide alone, the search box empty
        app = pilot.app
        browser = app.browser
        await wait_until(pilot, lambda: browser.search_state.favourites is not None, "the remembered icons")
        results = browser.query_one(ResultsList)
        gallery = browser.query_one(Gallery)
        seen["listed"] = [icon.id for icon in browser.searches.result.icons]
        seen["marks"] = (results.marked, gallery.marked)
        browser.action_focus_results()
        browser.query_one("#results-area").highlight(remembered["tabler"])
        await pilot.pause()
        seen["detail"] = shown_text(browser.query_one("#detail-variants", Static))
        seen["dialogs"] = []
        for key in ("enter", "d", "space"):
            await pilot.press(key)
            await pilot.pause()
            seen["dialogs"].append(isinstance(app.screen, VariantPicker))
            if isinstance(app.screen, VariantPicker):  # (not so: it would download what it offers first)
                await pilot.press("enter")
                await wait_until(pilot, lambda: asked, "the download asked of the catalogue")
            if app.screen is not browser:
                await pilot.press("escape")
        seen["notices"] = notices(app)
        await pilot.press("ctrl+a")  # every icon shown into the bag: the ones that can be had
        await pilot.pause()
        seen["bag"] = browser.bag.ids
        seen["asked"] = list(asked)
        # The Lucide recent is served: Enter opens its variant picker as ever.
        browser.query_one("#results-area").highlight(remembered["lucide"])
        await pilot.pause()
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker), "the Lucide icon's variant picker")
        await pilot.press("escape")

    # One headless run for both (a second `headless_run` would wrap the first's and run its steps again).
    runs = [remember, only_lucide]
    headless_run(lambda pilot: runs.pop(0)(pilot))
    settings = Settings(base_url=None, token=None, download_dir=tmp_path / "downloads")
    # Pictures off in the first run: no preview of the Tabler icon is kept, the second run would have to ask.
    text_only = dataclasses.replace(settings, thumbnails="text")
    assert (
        run_browser(text_only, query="arrow", choice=CatalogueChoice.sets(LocalSets((sets["tabler"], sets["lucide"]))))
        == 0
    )
    del asked[:]
    assert run_browser(settings, choice=CatalogueChoice.sets(LocalSets((sets["lucide"],)))) == 0
    tabler, lucide = remembered["tabler"], remembered["lucide"]
    assert seen["listed"] == [tabler.id, lucide.id]
    for marks in seen["marks"]:
        assert marks.get(tabler.id, "").startswith(UNSERVED_MARK) and UNSERVED_MARK not in marks.get(lucide.id, "")
    assert SENTENCE in seen["detail"].replace("\n", " ")
    assert seen["dialogs"] == [False] * 3
    assert seen["bag"] == {lucide.id}, "space left it out, and so did ctrl+a"
    assert seen["notices"][-3:] == [SENTENCE] * 3, "Enter, d and space each say it, and only it"
    assert not any("http://" in notice or "not found" in notice for notice in seen["notices"])
    nothing_of_it = {tabler.id, *(variant.id for variant in tabler.variants)}
    assert nothing_of_it.isdisjoint(seen["asked"]), "no request for the icon whose set is not served"
    assert lucide.id in seen["asked"], "the served one's preview was asked as ever"


def test_the_reason_is_said_only_for_a_set_not_served_and_sanitised() -> None:
    from iconcat.api import Ref

    def icon(set_id: int, set_name: str) -> Icon:
        ref = Ref(1, "x")
        return Icon(7, "Arrow", ref, ref, ref, Ref(set_id, set_name), "", ())

    assert not_served(icon(5, "Lucide"), frozenset({5})) == ""
    assert not_served(icon(5, "Lucide"), None) == "", "not sets from disk: nothing to decide"
    hostile = not_served(icon(6, "\x1b[31mTabler\x1b]0;x\x07\n Icons"), frozenset({5}))
    assert hostile.endswith(" is not among the sets served: add --from with the file or folder that holds it.")
    assert hostile.isprintable(), "the set's name, from a file, goes through the sanitiser"
