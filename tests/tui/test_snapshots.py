"""How the browser looks in its key states, compared with accepted SVG snapshots.

Deterministic on purpose: fixed terminal sizes, Textual's dark theme, no cursor blink, the demo label
in the header (not a port number), a relative download folder (not a temp path), and every wait is for
a state (results listed, preview drawn), never for time. Regenerate with `--snapshot-update`, then look.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from iconcat.browsing.download_jobs import DownloadStatus
from iconcat.browsing.search_state import SearchPhase
from iconcat.tui.app import IconcatApp
from iconcat.tui.connection import Connection
from iconcat.tui.screens import VariantPicker
from iconcat.tui.widgets import DetailPane, DownloadRow, Gallery, ResultsList, Thumbnail
from tests.support.tui import HostileCatalogue, demo_connection, gallery_tiles_drawn, no_blink_once_shown, wait_until

WIDE = (120, 36)
SMALL = (80, 24)


@pytest.fixture
def snapshot_connection(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Connection:
    """The demo catalogue (in-process, as `browse --demo` opens it), saving into ./downloads of a
    temporary working folder."""
    monkeypatch.chdir(tmp_path)
    return demo_connection(Path("downloads"))


def browser(connection: Connection, query: str | None = None, view: str = "list", group: bool = False) -> IconcatApp:
    app = IconcatApp(connection, query=query, view=view, group=group)
    app.theme = "textual-dark"
    return app


async def settled_with_preview(pilot) -> None:
    """Results listed and the highlighted icon's preview drawn."""
    await no_blink_once_shown(pilot)
    app = pilot.app
    await wait_until(pilot, lambda: app.browser.search_state.phase is SearchPhase.RESULTS, "results")
    thumbnail = app.query_one(Thumbnail)
    await wait_until(pilot, lambda: thumbnail.settled, "the preview drawn")


def test_first_start_shows_the_prompt(snap_compare, snapshot_connection):
    async def run_before(pilot) -> None:
        await no_blink_once_shown(pilot)

    assert snap_compare(browser(snapshot_connection), terminal_size=WIDE, run_before=run_before)


def test_results_with_detail_and_thumbnail(snap_compare, snapshot_connection):
    async def run_before(pilot) -> None:
        await settled_with_preview(pilot)
        pilot.app.query_one(ResultsList).focus()
        await pilot.press("down", "down")
        await wait_until(pilot, lambda: pilot.app.query_one(Thumbnail).settled, "the third preview")

    assert snap_compare(browser(snapshot_connection, "arrow"), terminal_size=WIDE, run_before=run_before)


def test_results_at_80_by_24(snap_compare, snapshot_connection):
    assert snap_compare(browser(snapshot_connection, "heart"), terminal_size=SMALL, run_before=settled_with_preview)


def test_variant_picker(snap_compare, snapshot_connection):
    async def run_before(pilot) -> None:
        await settled_with_preview(pilot)
        pilot.app.query_one(ResultsList).focus()
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, VariantPicker), "the picker")

    assert snap_compare(browser(snapshot_connection, "home"), terminal_size=WIDE, run_before=run_before)


def test_download_finished(snap_compare, snapshot_connection):
    async def run_before(pilot) -> None:
        await settled_with_preview(pilot)
        app = pilot.app
        # The results have focus: no text cursor in the search box to be caught mid-blink.
        app.query_one(ResultsList).focus()
        icon = app.query_one(ResultsList).highlighted_icon
        app.start_download(icon, icon.variants[0])
        await wait_until(pilot, lambda: app.downloads[0].status is DownloadStatus.DONE, "the download")
        # The row repaints from a message posted when the download ended: wait for it too.
        await wait_until(pilot, lambda: app.query_one(DownloadRow).has_class("-done"), "the row showing it done")
        # The notification comes from the `Finished` message, after the row's repaint: wait for it, then clear it.
        await wait_until(pilot, lambda: len(app._notifications) > 0, "the notification")
        app.clear_notifications()

    assert snap_compare(browser(snapshot_connection, "star"), terminal_size=WIDE, run_before=run_before)


def test_no_results(snap_compare, snapshot_connection):
    async def run_before(pilot) -> None:
        await no_blink_once_shown(pilot)
        await wait_until(pilot, lambda: pilot.app.browser.search_state.phase is SearchPhase.NO_RESULTS, "no results")

    assert snap_compare(browser(snapshot_connection, "qqqxyz"), terminal_size=WIDE, run_before=run_before)


def test_hostile_names_shown_literally(snap_compare, monkeypatch, tmp_path):
    monkeypatch.setattr("iconcat.catalogue.embedded.demo_catalogue", HostileCatalogue)
    monkeypatch.chdir(tmp_path)
    connection = demo_connection(Path("downloads"))
    assert snap_compare(browser(connection, "zz"), terminal_size=WIDE, run_before=settled_with_preview)


async def gallery_settled(pilot) -> None:
    """Results as tiles, every tile on screen drawn, and the detail's preview drawn."""
    await settled_with_preview(pilot)
    gallery = pilot.app.query_one(Gallery)
    await wait_until(pilot, lambda: gallery_tiles_drawn(gallery), "every tile's picture")


def test_gallery_at_120_by_36(snap_compare, snapshot_connection):
    assert snap_compare(
        browser(snapshot_connection, "arrow", view="gallery"), terminal_size=WIDE, run_before=gallery_settled
    )


def test_gallery_at_80_by_24(snap_compare, snapshot_connection):
    assert snap_compare(
        browser(snapshot_connection, "heart", view="gallery"), terminal_size=SMALL, run_before=gallery_settled
    )


def test_gallery_filtered(snap_compare, snapshot_connection):
    assert snap_compare(
        browser(snapshot_connection, "arrow style:filled", view="gallery"),
        terminal_size=WIDE,
        run_before=gallery_settled,
    )


def test_grouped(snap_compare, snapshot_connection):
    """Grouped by name: a row per name with its count, styles and sets; the group's members as tiles."""

    async def run_before(pilot) -> None:
        await settled_with_preview(pilot)
        members = pilot.app.query_one(DetailPane).members
        await wait_until(pilot, lambda: gallery_tiles_drawn(members), "every member's picture")

    assert snap_compare(browser(snapshot_connection, "arrow", group=True), terminal_size=WIDE, run_before=run_before)


def test_sets_view_at_80_by_24(snap_compare, snapshot_connection):
    from iconcat.tui.screens.sets import SetsScreen

    async def run_before(pilot) -> None:
        await no_blink_once_shown(pilot)
        app = pilot.app
        await wait_until(pilot, lambda: app.browser.link.is_ready, "the catalogue open")
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, SetsScreen) and app.screen.sets, "the sets listed")
        board = app.screen.board
        spec = board.render_spec()

        def drawn() -> bool:
            for index in board.sets_in_view():
                icons = board._samples(board.board_layout.entries[index])
                if not icons or any(board.loader.tile(spec.key(icon.id)) is None for icon in icons[:4]):
                    return False
            return True

        await wait_until(pilot, drawn, "the samples on screen drawn")
        await pilot.press("down")
        await pilot.pause()

    assert snap_compare(browser(snapshot_connection), terminal_size=SMALL, run_before=run_before)
