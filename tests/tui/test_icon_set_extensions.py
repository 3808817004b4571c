"""Issue 24's optional extension fields, the whole way: icon sets from disk served by the embedded
catalogue (`create_app(catalogue=SourceCatalogue(…))`, over loopback) send `iconify`, `set.license`
and `set.author`; the client reads them, the detail pane shows the Iconify name and the licence (the
addresses in its tooltip), the copy menu offers the Iconify name, `{iconify}` names the file saved, and
`iconcat search --json` passes them through.
Hostile values (escape sequences, markup-like text, a `javascript:` address) show as plain text or not
at all. The demo, which sends none of them, keeps its pane and its menu as they were.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.widgets import Static

from iconcat.api import suggested_filename
from iconcat.sources.catalogue import SourceCatalogue
from iconcat.sources.index import open_index
from iconcat.tui.connection import Connection
from iconcat.tui.controllers.copy_controller import SNIPPET_LINES
from iconcat.tui.screens.copy_menu import CopyMenu
from iconcat.tui.widgets import ResultsList
from iconcat.tui.widgets.detail_pane import FIELD_LINES, wrap_name
from tests.conftest import TEST_TOKEN
from tests.support.cli import run_iconcat
from tests.support.source_units import FakeUnit, icon, stand_in_rasterise
from tests.support.tui import SIZE, search, serving, shown_text, wait_until
from tests.support.tui_steps import assert_plain, copy, download_highlighted

TABLER_LICENSE = "https://github.com/tabler/tabler-icons/blob/master/LICENSE"
EVIL_LICENCE = ("\x1b[31mMIT\x07", "[bold]Evil[/bold]", "javascript:alert(1)")
EVIL_AUTHOR = ("[link=https://x.example]Me[/link]\u202e", "https://x.example/me\x1b]8;;")


@pytest.fixture
def sets_catalogue(tmp_path: Path):
    tabler = FakeUnit(
        "tabler",
        [icon("arrow-up"), icon("arrow-down")],
        name="Tabler Icons",
        licence=("MIT", "MIT License", TABLER_LICENSE),
        author=("Paweł Kuna", "https://github.com/tabler/tabler-icons"),
    )
    evil = FakeUnit("evil", [icon("arrow-evil")], name="Evil", licence=EVIL_LICENCE, author=EVIL_AUTHOR)
    plain = FakeUnit("plain", [icon("arrow-plain")])  # a set that says neither licence nor author
    catalogue = SourceCatalogue(open_index(tmp_path / "cache", [tabler, evil, plain]), rasterise=stand_in_rasterise)
    with serving(token=TEST_TOKEN, catalogue=catalogue) as served:
        yield served


def highlight(pilot, iconify: str):
    results = pilot.app.query_one(ResultsList)
    results.focus()
    results.highlighted = next(i for i, found in enumerate(results.icons) if found.iconify == iconify)
    return results.icons[results.highlighted]


async def test_a_sets_licence_and_iconify_name_reach_the_pane_the_copy_menu_and_the_file_name(
    make_app, sets_catalogue, download_dir
) -> None:
    connection = Connection.service(sets_catalogue.base_url, TEST_TOKEN, download_dir, filename_template="{iconify}")
    app = make_app(connection)
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        chosen = highlight(pilot, "tabler:arrow-up")
        assert chosen.set.license is not None and chosen.set.license.url == TABLER_LICENSE
        await pilot.pause()
        fields = app.query_one("#detail-refs", Static)
        lines = shown_text(fields).splitlines()
        assert lines[4:] == ["Iconify  tabler:arrow-up", "Licence  MIT · by Paweł Kuna"]
        assert fields.size.height == FIELD_LINES + 2  # every line shown, none cut off by the fixed height
        tooltip = str(fields.tooltip)
        assert "MIT License (MIT)" in tooltip and TABLER_LICENSE in tooltip and "Paweł Kuna" in tooltip

        await copy(pilot, "iconify")
        assert app.clipboard == "tabler:arrow-up"
        # The snippets made of the Iconify name (`iconcat pick --as`), copied at once; a component named after it.
        await copy(pilot, "as-unocss")
        assert app.clipboard == "i-tabler-arrow-up"
        await copy(pilot, "as-tailwind")
        assert app.clipboard == "icon-[tabler--arrow-up]"
        await copy(pilot, "as-svelte")
        await wait_until(pilot, lambda: app.clipboard.startswith("<!-- TablerArrowUp -->"), "the Svelte component")
        assert "let props = $props();" in app.clipboard
        saved = await download_highlighted(pilot)
        assert saved.stem == "tabler-arrow-up"
        svg = next(variant for variant in chosen.variants if variant.format == "svg")
        assert suggested_filename(chosen, svg, "{prefix}-{name}-{style}") == "tabler-arrow-up.svg"  # "regular" left out

        highlight(pilot, "plain:arrow-plain")  # no licence, no author: the Iconify line alone
        await pilot.pause()
        assert shown_text(fields).splitlines()[4:] == ["Iconify  plain:arrow-plain"]
        assert fields.tooltip is None

        highlight(pilot, "evil:arrow-evil")
        await pilot.pause()
        text = shown_text(fields)
        assert not re.search("[\x00-\x1f\x7f-\x9f\u202a-\u202e]", text.replace("\n", ""))
        assert "Licence  " in text and "by [link=https://x.example]Me[/link]" in text  # literally, not a link
        for strip in fields.render_lines(fields.region.reset_offset):
            assert_plain(strip)
        tooltip = str(fields.tooltip)
        assert "[bold]Evil[/bold]" in tooltip and "javascript" not in tooltip  # no address but http(s)
        assert not re.search("[\x00-\x1f\x7f-\x9f\u202a-\u202e]", tooltip.replace("\n", ""))


def test_an_iconify_name_wraps_after_a_colon_or_hyphen_and_keeps_every_character():
    assert wrap_name("tabler:trash-filled", 15) == ["tabler:trash-", "filled"]
    assert wrap_name("mdi:cog-transfer-outline", 15) == ["mdi:cog-", "transfer-", "outline"]
    assert wrap_name("tabler:trash", 15) == ["tabler:trash"]  # whole where it fits
    assert wrap_name("mdi:abcdefghijklmnopqrstuvwxyz", 10) == ["mdi:", "abcdefghij", "klmnopqrst", "uvwxyz"]
    for width in range(1, 30):
        lines = wrap_name("mdi:cog-transfer-outline", width)
        assert "".join(lines) == "mdi:cog-transfer-outline" and all(cell_len(line) <= width for line in lines)


@pytest.mark.parametrize(
    ("size", "key"),
    [((120, 36), "trash-filled"), ((140, 40), "cog-transfer-outline"), ((80, 24), "cog-transfer-outline")],
)
async def test_the_detail_pane_never_cuts_an_iconify_name(make_app, tmp_path: Path, size, key) -> None:
    """ "tabler:trash-f…" at 120 columns, "mdi:cog-transf…" at 140: the name wraps instead, under its label,
    and the fields grow by the lines it takes (none cut off by their height)."""
    prefix = "tabler" if key == "trash-filled" else "mdi"
    unit = FakeUnit(prefix, [icon(key)], name="Icons", licence=("MIT", "MIT License", None))
    catalogue = SourceCatalogue(open_index(tmp_path / "cache", [unit]), rasterise=stand_in_rasterise)
    with serving(token=TEST_TOKEN, catalogue=catalogue) as served:
        app = make_app(Connection.service(served.base_url, TEST_TOKEN, tmp_path / "saved"))
        async with app.run_test(size=size) as pilot:
            await search(pilot, key.split("-")[0])
            highlight(pilot, f"{prefix}:{key}")
            await pilot.pause()
            await pilot.pause()
            fields = app.query_one("#detail-refs", Static)
            drawn = [strip.text.rstrip() for strip in fields.render_lines(fields.region.reset_offset)]
            iconify = [line for line in drawn[FIELD_LINES:] if not line.startswith("Licence")]
            assert len(iconify) > 1 and iconify[0].startswith("Iconify  "), drawn  # (it did not fit one line)
            assert all(line.startswith(" " * 9) for line in iconify[1:]), drawn  # under the first line's value
            assert "".join(line[9:] for line in iconify) == f"{prefix}:{key}", drawn
            assert "…" not in "".join(iconify)
            assert fields.size.height == FIELD_LINES + len(iconify) + 1 == len(drawn), drawn  # + the licence
            variants = app.query_one("#detail-variants-box")
            assert variants.max_scroll_y == 0, "the lines it takes are the variants' padding: nothing to scroll"


async def test_the_demo_shows_no_extension_lines_and_no_iconify_choice(make_app) -> None:
    """The demo sends no extension: four field lines, the stylesheet's height, the menu as before."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        pilot.app.query_one(ResultsList).focus()
        await pilot.pause()
        fields = app.query_one("#detail-refs", Static)
        assert len(shown_text(fields).splitlines()) == FIELD_LINES == fields.size.height
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, CopyMenu), "the copy menu")
        kinds = [choice.kind for choice in app.screen.choices]
        assert kinds[:5] == ["name", "icon-id", "variant-id", "path", "svg"] and "iconify" not in kinds
        # Then the snippets (`pick --as`): those made of an Iconify name shown greyed.
        greyed = {choice.kind for choice in app.screen.choices if not choice.available}
        assert kinds[5:] == [f"as-{kind}" for kind in SNIPPET_LINES] and {"as-unocss", "as-tailwind"} <= greyed


async def test_an_svg_folders_icon_shows_and_offers_no_iconify_name(make_app, tmp_path: Path) -> None:
    """An SVG folder's set has a prefix made up to keep its ids apart, which names nothing in Iconify:
    read from disk as `--from` reads it, its icon shows no Iconify line and the copy menu offers none
    (its licence and author lines stay); an IconifyJSON set's icon beside it has both."""
    from iconcat.sources.serving import open_sources
    from tests.support.iconsets import iconify_package, iconify_set, write_json, write_svg

    iconify_package(tmp_path / "tabler", iconify_set("tabler", {"mail": {}}), info={"name": "Tabler Icons"})
    write_json(tmp_path / "brand" / "package.json", {"name": "brand-icons", "license": "MIT", "author": "Ann"})
    write_svg(tmp_path / "brand" / "outline" / "mail.svg")
    catalogue = open_sources([str(tmp_path / "tabler"), str(tmp_path / "brand")], folder=tmp_path / "cache")
    with serving(token=TEST_TOKEN, catalogue=catalogue) as served:
        app = make_app(Connection.service(served.base_url, TEST_TOKEN, tmp_path / "saved"))
        async with app.run_test(size=SIZE) as pilot:
            await search(pilot, "mail")
            results = app.query_one(ResultsList)
            results.focus()
            by_set = {found.set.name: index for index, found in enumerate(results.icons)}
            assert set(by_set) == {"Tabler Icons", "Brand Icons"}
            fields = app.query_one("#detail-refs", Static)
            results.highlighted = by_set["Brand Icons"]
            await pilot.pause()
            assert results.highlighted_icon is not None and results.highlighted_icon.iconify is None
            assert shown_text(fields).splitlines()[4:] == ["Licence  MIT · by Ann"]
            await pilot.press("y")
            await wait_until(pilot, lambda: isinstance(app.screen, CopyMenu), "the copy menu")
            assert "iconify" not in [choice.kind for choice in app.screen.choices]
            await pilot.press("escape")
            await wait_until(pilot, lambda: not isinstance(app.screen, CopyMenu), "the menu closed")
            results.highlighted = by_set["Tabler Icons"]
            await pilot.pause()
            assert shown_text(fields).splitlines()[4:] == ["Iconify  tabler:mail"]


def test_search_json_carries_the_extensions_as_served(sets_catalogue) -> None:
    """`iconcat search --json` passes `set.license`, `set.author` and `iconify` through, with what the
    client kept of them (the `javascript:` address is not echoed); a set that says none gets none."""
    env = {"ICONCAT_BASE_URL": sets_catalogue.base_url, "ICONCAT_TOKEN": TEST_TOKEN}
    outcome = run_iconcat("search", "arrow", "--json", env=env)
    assert outcome.status == 0, outcome.stderr
    entries = {entry.get("iconify"): entry for entry in json.loads(outcome.stdout)["data"]}
    assert set(entries) == {"tabler:arrow-up", "tabler:arrow-down", "evil:arrow-evil", "plain:arrow-plain"}
    tabler = entries["tabler:arrow-up"]["set"]
    assert tabler["license"] == {"spdx": "MIT", "title": "MIT License", "url": TABLER_LICENSE}
    assert tabler["author"] == {"name": "Paweł Kuna", "url": "https://github.com/tabler/tabler-icons"}
    assert set(entries["plain:arrow-plain"]["set"]) == {"id", "name"}
    evil = entries["evil:arrow-evil"]["set"]
    assert evil["license"] == {"spdx": EVIL_LICENCE[0], "title": EVIL_LICENCE[1]}  # JSON-escaped on stdout
    assert "\x1b" not in outcome.stdout and "javascript" not in outcome.stdout
