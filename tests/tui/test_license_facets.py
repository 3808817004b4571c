"""The filters panel counts each SPDX id of the sets' licences ("MIT OR Apache-2.0" under both, a set
with none under "unknown"), and choosing one filters by `license:`, over sets served over HTTP."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from iconcat.sources.catalogue import SourceCatalogue
from iconcat.sources.index import open_index
from iconcat.tui.connection import Connection
from iconcat.tui.widgets import ResultsList
from iconcat.tui.widgets.facet_panel import FacetPanel
from tests.conftest import TEST_TOKEN
from tests.support.source_units import FakeUnit, icon, stand_in_rasterise
from tests.support.tui import SIZE, search, serving, wait_until


@pytest.fixture
def licensed_sets(tmp_path: Path):
    units = [
        FakeUnit("mit", [icon("arrow-up"), icon("arrow-down")], name="Mit Set", licence=("MIT", None, None)),
        FakeUnit("dual", [icon("arrow-left")], name="Dual Set", licence=("MIT OR Apache-2.0", None, None)),
        FakeUnit("plain", [icon("arrow-plain")], name="Plain Set"),
    ]
    catalogue = SourceCatalogue(open_index(tmp_path / "cache", units), rasterise=stand_in_rasterise)
    with serving(token=TEST_TOKEN, catalogue=catalogue) as served:
        yield served


def section(panel: FacetPanel, heading: str) -> list[str]:
    """The rows of one key's section, as drawn ("○ MIT  3")."""
    rows = [str(option.prompt) for option in panel.options]
    start = next(index for index, row in enumerate(rows) if row.startswith(heading))
    found = []
    for row in rows[start + 1 :]:
        if not row.startswith(("○", "●")):
            break
        found.append(row)
    return found


async def test_the_panel_counts_each_licence_id_and_unknown_and_chooses_by_license(
    make_app, licensed_sets, download_dir
) -> None:
    app = make_app(Connection.service(licensed_sets.base_url, TEST_TOKEN, download_dir))
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        app.query_one(ResultsList).focus()
        await pilot.press("f")
        panel = app.query_one(FacetPanel)
        await wait_until(pilot, lambda: any(str(o.prompt).startswith("License") for o in panel.options), "licences")
        assert section(panel, "License") == ["○ MIT  3", "○ Apache-2.0  1", "○ unknown  1"]
        app.query_one("#search-input", Input).value = "arrow license:apache"
        await wait_until(pilot, lambda: len(app.query_one(ResultsList).icons) == 1, "filtered by licence")
        assert app.query_one(ResultsList).icons[0].iconify == "dual:arrow-left"
        await wait_until(pilot, lambda: section(panel, "License")[1].startswith("●"), "the chosen id marked")
        assert section(panel, "License") == ["○ MIT  3", "● Apache-2.0  1", "○ unknown  1"], "over the other keys"
