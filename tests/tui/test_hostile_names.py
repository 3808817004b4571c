"""Names from a compromised catalogue (markup, escape sequences, controls) show literally and do nothing.

The catalogue is the real embedded server over loopback, with its data swapped for
`support.HostileCatalogue` (a subclass that renames a few icons) for the length of the test.
"""

from __future__ import annotations

from textual.widgets import Static

from iconcat.browsing.download_jobs import DownloadStatus
from iconcat.text import sanitize
from iconcat.tui.connection import Connection
from iconcat.tui.screens import VariantPicker
from iconcat.tui.widgets import DownloadRow, ResultsList
from tests.conftest import TEST_TOKEN
from tests.support.tui import (
    HOSTILE_NAMES,
    HOSTILE_SET,
    SIZE,
    HostileCatalogue,
    search,
    serving,
    shown_text,
    wait_until,
)
from tests.support.tui_steps import assert_plain


async def test_hostile_names_are_inert_everywhere(make_app, monkeypatch, download_dir):
    import iconcat.server.app as server_app

    monkeypatch.setattr(server_app, "default_catalogue", HostileCatalogue)
    with serving(token=TEST_TOKEN) as hostile:
        app = make_app(Connection.service(hostile.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await search(pilot, "zz")
            results = app.query_one(ResultsList)
            assert sorted(icon.name for icon in results.icons) == sorted(HOSTILE_NAMES)
            results.focus()
            for index, icon in enumerate(results.icons):
                results.highlighted = index
                await pilot.pause()
                line = results.render_line(index)
                assert line.text.startswith(sanitize(icon.name)[:20])  # the name column may end in "…"
                assert sanitize(HOSTILE_SET) in line.text
                assert_plain(line)
                if index != results.highlighted:
                    assert not any(segment.style and segment.style.bold for segment in line)
                name = shown_text(app.query_one("#detail-name", Static))
                assert name.startswith(sanitize(icon.name))
                assert f"{sanitize(HOSTILE_SET)}  #{icon.set.id}" in shown_text(app.query_one("#detail-refs", Static))
                for widget in app.query(Static):
                    for strip in widget.render_lines(widget.region.reset_offset):
                        assert_plain(strip)

            # Clicking the "[@click=app.quit]" row previews it, a double click chooses it; nothing quits.
            clicky = next(i for i, icon in enumerate(results.icons) if icon.name.startswith("[@click"))
            results.highlighted = 0
            results.scroll_to(y=0, animate=False)
            await pilot.pause()
            await pilot.click(ResultsList, offset=(4, clicky + 1))
            await pilot.pause()
            assert results.highlighted == clicky and app.is_running
            assert not isinstance(app.screen, VariantPicker)
            await pilot.click(ResultsList, offset=(4, clicky + 1), times=2)
            await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker), "the picker from a double click")
            assert app.is_running
            picker = app.screen
            assert shown_text(picker.query_one("#picker-title", Static)) == f"Download {sanitize(HOSTILE_NAMES[2])}"
            await pilot.press("enter")
            await wait_until(pilot, lambda: app.downloads and app.downloads[0].status.finished, "the download")
            job = app.downloads[0]
            assert job.status is DownloadStatus.DONE, job.error
            assert job.saved_path.parent == download_dir
            assert "[" not in job.saved_path.name and "\x1b" not in job.saved_path.name
            await pilot.pause()
            row = app.query_one(DownloadRow)
            for widget in row.query(Static):
                for strip in widget.render_lines(widget.region.reset_offset):
                    assert_plain(strip)
            assert app._notifications and all(note.markup is False for note in app._notifications)
            assert app.is_running
