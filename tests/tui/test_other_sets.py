"""`G`: the highlighted icon's name in the other sets served, as the detail pane's tiles grouped by set
(not its own set, not other names the search finds), said when there are none or the catalogue serves
one set only; Esc goes back to where `G` was pressed; at 80×24 it fits."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from iconcat.catalogue import CatalogueChoice
from iconcat.catalogue.local_sets import LocalSets
from iconcat.tui.connection import Connection
from iconcat.tui.controllers.other_sets import OtherSets
from iconcat.tui.screens import VariantPicker
from iconcat.tui.widgets import DetailPane, ResultsArea
from tests.support.iconsets import iconify_package, iconify_set
from tests.support.tui import search, shown_text, wait_until

SETS = {
    "tabler": ("Tabler Icons", {"heart": {}, "heart-broken": {}, "home": {}}),
    "ph": ("Phosphor", {"heart": {}, "heart-fill": {}, "acorn": {}}),  # Heart in two styles (its suffixes)
    "lucide": ("Lucide", {"heart": {}, "heart-crack": {}}),
}
SUFFIXES = {"ph": {"": "Regular", "fill": "Fill"}}


def a_set(prefix: str, icons: dict) -> dict:
    return iconify_set(prefix, icons, **({"suffixes": SUFFIXES[prefix]} if prefix in SUFFIXES else {}))


def sets_connection(tmp_path: Path, download_dir: Path, prefixes: tuple[str, ...] = tuple(SETS)) -> Connection:
    """The browser on small IconifyJSON packages from disk (in-process), one a prefix of `SETS`."""
    folders = []
    for prefix in prefixes:
        name, icons = SETS[prefix]
        folders.append(str(iconify_package(tmp_path / prefix, a_set(prefix, icons), info={"name": name}).parent))
    return Connection.chosen(CatalogueChoice.sets(LocalSets(tuple(folders))), download_dir)


def notices(app) -> list[str]:
    return [str(note.message) for note in app._notifications]


async def highlight(pilot, name: str, set_name: str) -> None:
    """Search for `name` and highlight its icon of `set_name`, the results focused."""
    app = pilot.app
    await search(pilot, name.casefold())
    area = app.query_one(ResultsArea)
    (index,) = [i for i, icon in enumerate(area.active.icons) if icon.name == name and icon.set.name == set_name]
    area.active.focus()
    area.active.highlighted = index
    detail = app.query_one(DetailPane)
    await wait_until(pilot, lambda: detail.icon is not None and detail.icon.set.name == set_name, "the detail")


@pytest.mark.parametrize("size", [(120, 36), (80, 24)])
async def test_G_shows_the_name_in_the_other_sets_grouped_by_set_and_esc_goes_back(
    make_app, tmp_path: Path, download_dir: Path, size: tuple[int, int]
) -> None:
    app = make_app(sets_connection(tmp_path, download_dir))
    async with app.run_test(size=size) as pilot:
        await highlight(pilot, "Heart", "Tabler Icons")
        detail = app.query_one(DetailPane)
        results = app.query_one(ResultsArea).active
        anchor = detail.icon
        await pilot.press("G")
        await wait_until(pilot, lambda: detail.showing_other_sets, "the other sets")
        members = detail.members
        shown = [(icon.set.name, icon.name) for icon in members.icons]
        # Every Heart of the other sets, set by set; not Tabler's own, not "Heart Broken" nor "Heart Crack".
        assert sorted(shown) == sorted([("Phosphor", "Heart"), ("Phosphor", "Heart"), ("Lucide", "Heart")])
        sets_in_order = [set_name for set_name, _ in shown]
        assert sets_in_order == sorted(sets_in_order, key=sets_in_order.index)  # each set's tiles together
        title = shown_text(detail.query_one("#detail-members-title", Static))
        phosphor_first = sets_in_order[0] == "Phosphor"
        sets_words = "Phosphor 2 · Lucide 1" if phosphor_first else "Lucide 1 · Phosphor 2"
        assert title == f"Heart in 2 other sets · {sets_words}"
        assert members.has_focus and detail.icon is members.highlighted_icon and detail.icon.set.name != "Tabler Icons"
        # It fits: the tiles, the title and the fields are on screen, inside the pane.
        box = detail.query_one("#detail-members-box")
        assert box.display and members.region.height > 0 and members.region.bottom <= detail.region.bottom
        assert detail.region.right <= size[0] and detail.region.bottom <= size[1]
        assert app.browser.highlighted_member() is detail.icon  # d, y, * are about the tile highlighted
        await pilot.press("right")  # the next tile: d is about it, not the icon G was pressed on
        await wait_until(pilot, lambda: detail.icon is members.icons[1], "the next tile in the detail")
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker), "the picker by d")
        assert app.screen.icon is members.icons[1]
        await pilot.press("escape")  # (the picker closed: back on the tiles)
        await wait_until(pilot, lambda: members.has_focus, "back on the tiles")
        await pilot.press("escape")
        await pilot.pause()
        assert not detail.showing_other_sets and not box.display
        assert detail.icon == anchor and results.has_focus


async def test_G_says_when_no_other_set_has_the_name(make_app, tmp_path: Path, download_dir: Path) -> None:
    app = make_app(sets_connection(tmp_path, download_dir))
    async with app.run_test(size=(120, 36)) as pilot:
        await highlight(pilot, "Home", "Tabler Icons")
        await pilot.press("G")
        await wait_until(pilot, lambda: "Home is in no other set served." in notices(app), "the notice")
        assert not app.query_one(DetailPane).showing_other_sets


async def test_G_over_one_set_says_there_is_no_other_to_look_in(make_app, tmp_path: Path, download_dir: Path) -> None:
    app = make_app(sets_connection(tmp_path, download_dir, ("tabler",)))
    async with app.run_test(size=(120, 36)) as pilot:
        await highlight(pilot, "Heart", "Tabler Icons")
        await pilot.press("G")
        await pilot.pause()
        said = "Heart is in no other set: this catalogue serves one set only (Tabler Icons)."
        assert said in notices(app) and not app.query_one(DetailPane).showing_other_sets


async def test_an_answer_for_an_icon_no_longer_shown_is_dropped(make_app, tmp_path: Path, download_dir: Path) -> None:
    app = make_app(sets_connection(tmp_path, download_dir))
    async with app.run_test(size=(120, 36)) as pilot:
        await highlight(pilot, "Heart", "Tabler Icons")
        detail = app.query_one(DetailPane)
        others = tuple(icon for icon in app.query_one(ResultsArea).active.icons if icon.set.name == "Lucide")
        shown = detail.icon
        moved_from = next(icon for icon in app.query_one(ResultsArea).active.icons if icon.id != shown.id)
        app.browser.other_sets.found(OtherSets.Found(moved_from, others))  # G's answer, for the icon before
        await pilot.pause()
        assert not detail.showing_other_sets and detail.icon is shown
        app.browser.other_sets.found(OtherSets.Found(shown, others))  # (the same answer for the icon shown)
        await pilot.pause()
        assert detail.showing_other_sets


async def test_G_on_a_groups_member_then_esc_gives_the_group_back(make_app, tmp_path: Path, download_dir: Path) -> None:
    app = make_app(sets_connection(tmp_path, download_dir))
    async with app.run_test(size=(120, 36)) as pilot:
        await highlight(pilot, "Heart", "Tabler Icons")
        await pilot.press("g")
        detail = app.query_one(DetailPane)
        await wait_until(pilot, lambda: detail.group is not None and detail.group.name == "Heart", "the group")
        group, members = detail.group, detail.members
        await pilot.press("tab")
        await wait_until(pilot, lambda: members.has_focus, "the members")
        fill = ("Phosphor", "Fill")
        (phosphor,) = [i for i, icon in enumerate(group.members) if (icon.set.name, icon.style.name) == fill]
        members.highlighted = phosphor
        await wait_until(pilot, lambda: detail.icon is group.members[phosphor], "Phosphor's Heart in the detail")
        await pilot.press("G")
        await wait_until(pilot, lambda: detail.showing_other_sets, "the other sets")
        assert {icon.set.name for icon in members.icons} == {"Tabler Icons", "Lucide"}  # not Phosphor's own
        await pilot.press("escape")
        await pilot.pause()
        assert not detail.showing_other_sets and members.has_focus
        assert detail.group is group and members.icons == group.members and detail.icon is group.members[phosphor]
        assert shown_text(detail.query_one("#detail-members-title", Static)) == group.summary
