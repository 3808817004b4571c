"""The detail pane says why the search found the highlighted icon when it was not plainly by its name
(`matched`, issue 31's extension): "Found by the tag delete", one line across the pane above the
variants, taken from their padding so the picture keeps its size as the highlight moves. Nothing for
an icon every word of which matched its name, nor for a catalogue that does not say or says nonsense.
A server of our own over loopback sends the reasons; their words show as plain text."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Static

from iconcat.tui.connection import Connection
from iconcat.tui.widgets import ResultsList
from tests.conftest import TEST_TOKEN
from tests.support.hostile import icon_entry
from tests.support.misbehaving import MisbehavingServer, Reply
from tests.support.tui import SIZE, search, shown_text, wait_until
from tests.support.tui_steps import assert_plain

REASONS: dict[str, Any] = {
    "Trash": [{"by": "tag", "word": "delete", "term": "delete"}],
    "Trash Can": [{"by": "synonym", "word": "bin", "term": "trash"}, {"by": "name", "word": "can", "term": "can"}],
    "Bin": [{"by": "name", "word": "bin", "term": "bin"}],
    "Cabinet": [{"by": "inside", "word": "bin", "term": "cabinet"}, {"by": "alias", "word": "box", "term": "cupboard"}],
    "Quiet": None,  # a catalogue that does not say
    "Garbled": [{"by": "vibes", "word": "bin", "term": "x"}, "tag", {"by": "tag", "word": 3, "term": "delete"}],
    "Evil": [{"by": "tag", "word": "x", "term": "[@click=app.quit]q[/] \x1b]52;x\x07[bold]b"}],
}
SAID = {
    "Trash": "Found by the tag delete",
    "Trash Can": "Found by trash, synonym of bin",
    "Cabinet": "Found by bin inside cabinet · the alias cupboard",
    "Evil": "Found by the tag [@click=app.quit]q[/] ]52;x[bold]b",
}


def entries() -> list[dict[str, Any]]:
    found = []
    for number, (name, reasons) in enumerate(REASONS.items(), start=1):
        entry = icon_entry(number, name, "")
        if reasons is not None:
            entry["matched"] = reasons
        found.append(entry)
    return found


@pytest.mark.parametrize("size", [SIZE, (80, 24)], ids=["120x36", "80x24"])
async def test_the_pane_says_why_an_icon_was_found_unless_by_its_name(make_app, download_dir, size) -> None:
    with MisbehavingServer() as server:
        server.on("/api/v1/search", Reply.json({"data": entries(), "meta": {"moreResultsAvailable": False}}))
        app = make_app(Connection.service(server.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=size) as pilot:
            await search(pilot, "bin delete")
            results = app.query_one(ResultsList)
            assert [icon.name for icon in results.icons] == list(REASONS)
            results.focus()
            pane = app.query_one("#detail")
            line = app.query_one("#detail-reason", Static)
            layouts = set()
            for index, icon in enumerate(results.icons):
                results.highlighted = index
                shows = lambda: pane.icon is not None and pane.icon.id == icon.id  # noqa: E731
                await wait_until(pilot, shows, f"{icon.name} in the pane")
                await pilot.pause()
                said = SAID.get(icon.name)
                if said is None:
                    assert not line.display, icon.name
                    continue
                assert line.display and shown_text(line) == said, icon.name
                assert str(line.tooltip) == said
                drawn = "".join(segment.text for segment in line.render_lines(line.region.reset_offset)[0])
                assert drawn.startswith(said[: min(len(said), line.size.width - 1)]), drawn  # (cut with "…" if narrow)
                assert_plain(line.render_lines(line.region.reset_offset)[0])
                assert line.region.height == 1 and pane.region.contains_region(line.region), "on screen, one line"
                thumbnail = app.query_one("#thumbnail")
                variants = app.query_one("#detail-variants-box")
                layouts.add((thumbnail.region, variants.region))
            assert len(layouts) == 1, "the picture and the variants box stay where they were"
            assert app.is_running
