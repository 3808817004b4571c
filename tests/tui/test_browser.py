"""The browser driven like a person would, against the embedded catalogue over loopback."""

from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path

import pytest
from textual import events
from textual.color import Color
from textual.geometry import Region
from textual.message import Message
from textual.widgets import Input, ProgressBar, Static

from iconcat.api import CatalogueClient
from iconcat.browsing.download_jobs import DownloadStatus
from iconcat.browsing.picking import PickRequest
from iconcat.browsing.search_state import SearchPhase
from iconcat.disk.saving import choices_for
from iconcat.text import sanitize
from iconcat.tui.connection import Connection
from iconcat.tui.controllers.download_controller import DownloadController
from iconcat.tui.screens import ConfirmQuit, ConnectScreen, HelpScreen, VariantPicker
from iconcat.tui.widgets import DetailPane, DownloadRow, ResultsList, Thumbnail
from tests.conftest import TEST_TOKEN
from tests.support.fixtures import HeldSaverStep
from tests.support.tui import (
    SIZE,
    HeldRequests,
    holding,
    holding_downloads,
    refusing_socket,
    results_settled,
    search,
    serving,
    shown_text,
    wait_until,
)


async def expected_search(catalogue, text: str):
    async with CatalogueClient(catalogue.base_url, catalogue.token) as client:
        return await client.search(text)


async def test_typing_lists_the_catalogues_results(make_app, catalogue):
    expected = await expected_search(catalogue, "arrow")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        status = app.query_one("#search-status", Static)
        assert shown_text(status) == "type to search"
        await search(pilot, "arrow")
        results = app.query_one(ResultsList)
        assert [icon.id for icon in results.icons] == [icon.id for icon in expected.icons]
        assert results.option_count == len(expected.icons)
        first_row = results.render_line(0).text
        assert expected.icons[0].name in first_row
        assert expected.icons[0].style.name in first_row
        assert shown_text(status).startswith(f"{len(expected.icons)} of {expected.total}")
        # The embedded catalogue reveals its next page: the status says how to load it.
        assert ("more: reach the last to load them" in shown_text(status)) == expected.can_load_more


async def test_searching_state_is_visible_and_a_stale_answer_never_lands(make_app, download_dir):
    # The first search is held at the server until the second has been answered.
    held = HeldRequests(TEST_TOKEN, "/api/v1/search", query="name=arrow")
    with holding(held) as slow:
        app = make_app(Connection.service(slow.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            seen_phases: list[SearchPhase] = []
            app.watch(app.browser, "search_state", lambda state: seen_phases.append(state.phase), init=False)
            app.browser.start_search("arrow", immediate=True)
            await wait_until(pilot, lambda: held.in_flight == 1, "the first search at the server")
            assert app.query_one("#search-status").has_class("-searching")
            assert shown_text(app.query_one("#search-status", Static)) == "searching arrow…"
            app.browser.start_search("heart", immediate=True)
            await wait_until(pilot, lambda: results_settled(app), "the second search's answer")
            held.release()
            await wait_until(pilot, lambda: held.in_flight == 0, "the first search answered by the server")
            await pilot.pause(0.3)  # time for that answer to land, had its search not been cancelled
            icons = app.query_one(ResultsList).icons
            assert icons and all("heart" in icon.name.lower() for icon in icons)
            assert app.browser.search_state.query == "heart"
            assert SearchPhase.SEARCHING in seen_phases


async def test_earlier_results_stay_on_show_faded_while_a_newer_search_runs(make_app, download_dir):
    held = HeldRequests(TEST_TOKEN, "/api/v1/search", query="name=heart")  # the newer search
    with holding(held) as slow:
        app = make_app(Connection.service(slow.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            app.browser.start_search("arrow", immediate=True)
            await wait_until(pilot, lambda: results_settled(app), "the first answer")
            results = app.query_one(ResultsList)
            name = sanitize(results.icons[1].name)

            def second_row():
                """The second row as painted (row 0 is the border)."""
                return results.render_lines(Region(0, 2, results.outer_size.width, 1))[0]

            def second_row_name_colours() -> tuple[Color, Color]:
                """(text, background) of the second row's name."""
                segment = next(segment for segment in second_row() if name in segment.text)
                return Color.from_rich_color(segment.style.color), Color.from_rich_color(segment.style.bgcolor)

            await wait_until(pilot, lambda: name in second_row().text, "the rows laid out")
            settled_text, background = second_row_name_colours()
            app.browser.start_search("heart", immediate=True)
            await wait_until(pilot, lambda: held.in_flight == 1, "the newer search at the server")
            await pilot.pause()
            assert app.browser.search_state.phase is SearchPhase.SEARCHING
            assert results.icons and results.stale  # the earlier rows stay listed...
            faded_text, faded_background = second_row_name_colours()
            assert faded_background == background
            # ...drawn blended towards the background by the stylesheet's text-opacity for stale rows.
            opacity = results.get_component_styles("results-list--stale").text_opacity
            assert 0 < opacity < 1
            expected = background.blend(settled_text, opacity)
            assert faded_text != settled_text
            assert all(abs(got - want) <= 2 for got, want in zip(faded_text.rgb, expected.rgb))
            held.release()
            await wait_until(pilot, lambda: results_settled(app), "the second answer")
            assert not results.stale


async def test_empty_box_shows_a_prompt_and_no_results_is_explained(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        message = app.query_one("#results-message", Static)
        assert "Type the name of an icon" in shown_text(message)
        await search(pilot, "qqqxyz")
        assert app.browser.search_state.phase is SearchPhase.NO_RESULTS
        assert "No icon is named like “qqqxyz”" in shown_text(message)
        assert message.display
        await pilot.press(*["backspace"] * 6)
        await wait_until(pilot, lambda: app.browser.search_state.phase is SearchPhase.PROMPT, "the prompt again")
        assert "Type the name of an icon" in shown_text(message)


async def test_moving_updates_detail_at_once_and_thumbnail_follows_then_is_cached(make_app):
    needed: dict[int, Message] = {}  # one entry per message (the hook sees it at every node it bubbles through)

    def record(message: Message) -> None:
        if isinstance(message, Thumbnail.Fetching):
            needed[id(message)] = message  # kept alive, so ids are not reused

    app = make_app()
    async with app.run_test(size=SIZE, message_hook=record) as pilot:
        await search(pilot, "arrow")
        results = app.query_one(ResultsList)
        thumbnail = app.query_one(Thumbnail)
        first, second = results.icons[0], results.icons[1]
        await wait_until(pilot, lambda: thumbnail.status == "shown", "the first preview drawn")
        results.focus()
        await pilot.press("down")
        detail = app.query_one(DetailPane)
        # The fields change at once, before any preview request could have been answered.
        assert detail.icon == second
        assert shown_text(app.query_one("#detail-name", Static)).startswith(second.name)
        refs = shown_text(app.query_one("#detail-refs", Static))
        for ref in (second.category, second.style, second.series, second.set):
            assert f"{ref.name}  #{ref.id}" in refs
        variants = shown_text(app.query_one("#detail-variants", Static))
        for variant in second.variants:
            assert variant.label in variants and f"#{variant.id}" in variants
        await wait_until(pilot, lambda: thumbnail.status == "shown" and thumbnail.icon == second, "second preview")
        rendered = "".join(strip.text for strip in thumbnail.render_lines(thumbnail.region.reset_offset))
        assert "▀" in rendered or "▄" in rendered  # half blocks: a picture, not a placeholder
        # Back to the first icon: drawn from the cache, no request.
        await pilot.press("up")
        assert thumbnail.status == "shown"
        requested = [message.icon.id for message in needed.values()]
        # One request each at most: the second may have come ahead of time, fetched as the first's neighbour.
        assert requested.count(first.id) == 1 and requested.count(second.id) <= 1


async def test_theme_change_and_resize_redraw_the_thumbnail(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "heart")
        thumbnail = app.query_one(Thumbnail)
        await wait_until(pilot, lambda: thumbnail.status == "shown", "the preview drawn")
        dark_key = thumbnail.render_key()
        app.theme = "textual-light"
        await wait_until(
            pilot,
            lambda: (
                thumbnail.render_key() != dark_key
                and thumbnail.status == "shown"
                and thumbnail.render_key() in app.browser.thumbnails.renders
            ),
            "the preview drawn on the light theme's surface",
        )
        assert thumbnail.render_key().background != dark_key.background
        await pilot.resize_terminal(80, 24)
        await wait_until(
            pilot,
            lambda: (
                thumbnail.render_key() is not None
                and thumbnail.render_key().columns < dark_key.columns
                and thumbnail.render_key() in app.browser.thumbnails.renders
                and thumbnail.status == "shown"
            ),
            "the preview drawn at the smaller size",
        )


async def test_picking_a_variant_downloads_it_with_progress(make_app, download_dir):
    progress_seen: list[tuple[DownloadStatus, int]] = []

    def record(message: Message) -> None:
        if isinstance(message, DownloadController.Progress):
            progress_seen.append((message.job.status, message.job.bytes_done))

    app = make_app()
    async with app.run_test(size=SIZE, message_hook=record) as pilot:
        await search(pilot, "arrow")
        results = app.query_one(ResultsList)
        results.focus()
        icon = results.highlighted_icon
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker), "the variant picker")
        picker = app.screen
        labels = [str(option.prompt) for option in picker.query_one("OptionList").options]
        # The icon's own variants first, then smaller PNGs (drawn from its SVG) below its largest.
        assert labels == [choice.label for choice in choices_for(icon)]
        assert labels[: len(icon.variants)] == [variant.label for variant in icon.variants]
        assert "PNG · 64 px (from SVG)" in labels
        assert str(download_dir) in shown_text(picker.query_one("#picker-target", Static))
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.downloads and app.downloads[0].status.finished, "the download's end")
        job = app.downloads[0]
        assert job.status is DownloadStatus.DONE, job.error
        saved = list(download_dir.iterdir())
        assert saved == [job.saved_path]
        assert saved[0].stat().st_size == job.bytes_done > 0
        await pilot.pause()
        row = app.query_one(DownloadRow)
        assert row.query_one(ProgressBar).percentage == 1.0
        # The row shows the path shortened to its width ("…/downloads/arrow-up-512.png"); the notice has it all.
        status = shown_text(row.query_one(".download-status", Static))
        assert status.startswith("done ") and str(job.saved_path).endswith(status.removeprefix("done ").lstrip("…"))
        # Reports of one download coalesce while queued (a newer replaces an older), so a small file on a
        # busy machine may show only its end; the last report is always the finished one.
        assert progress_seen and progress_seen[-1] == (DownloadStatus.DONE, job.bytes_done)
        # The notice names what was saved (issue 21: a remembered choice is never saved unseen).
        kind = f"{job.choice.format.upper()} {job.choice.pixels} px" if job.choice.pixels else job.choice.format.upper()
        assert any(note.message == f"saved {kind} as {job.saved_path}" for note in app._notifications)


async def test_the_picker_preselects_the_last_choice(make_app, download_dir):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "heart")
        results = app.query_one(ResultsList)
        results.focus()
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker), "the variant picker")
        await pilot.press("down", "enter")
        chosen = results.highlighted_icon.variants[1]
        await wait_until(pilot, lambda: app.downloads and app.downloads[0].status.finished, "the download's end")
        await pilot.press("down", "d")
        await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker), "the picker again")
        variant = app.screen.highlighted_variant
        assert (variant.format, variant.size) == (chosen.format, chosen.size)
        await pilot.press("escape")
        assert not isinstance(app.screen, VariantPicker)


async def test_a_rejected_token_opens_the_connect_screen_and_saving_reconnects(make_app, catalogue, download_dir):
    wrong = Connection.service(catalogue.base_url, "not-the-token", download_dir)
    app = make_app(wrong)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"arrow", "enter")
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, ConnectScreen) and app.screen.query("#connect-reason"),
            "the connect screen",
        )
        assert app.browser.search_state.phase is SearchPhase.REJECTED
        screen = app.screen
        reason = shown_text(screen.query_one("#connect-reason", Static))
        assert "rejected the token" in reason
        assert "iconcat login" not in reason  # the user is where a token is fixed: no other way named
        token_field = screen.query_one("#connect-token", Input)
        assert token_field.password
        token_field.value = catalogue.token
        token_field.focus()
        await pilot.press("ctrl+t")
        result = screen.query_one("#connect-result", Static)
        await wait_until(pilot, lambda: result.has_class("-ok") or result.has_class("-error"), "a test's answer")
        assert result.has_class("-ok"), shown_text(result)
        assert "The catalogue answered" in shown_text(result)
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: not isinstance(app.screen, ConnectScreen), "the connect screen closed")
        await wait_until(
            pilot, lambda: app.browser.search_state.phase is SearchPhase.RESULTS, "results on the new connection"
        )
        assert app.connection.token == catalogue.token
        from iconcat.config import config_path, load_settings

        assert stat.S_IMODE(os.stat(config_path()).st_mode) == 0o600
        settings = load_settings()
        assert settings.base_url == catalogue.base_url and settings.token == catalogue.token
        assert Path(settings.download_dir) == download_dir


async def test_missing_token_asks_for_connection_settings(make_app, catalogue, download_dir):
    app = make_app(Connection.service(catalogue.base_url, "", download_dir), query="arrow")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, ConnectScreen) and app.screen.query("#connect-reason"),
            "the connect screen",
        )
        reason = shown_text(app.screen.query_one("#connect-reason", Static))
        assert "the token is empty" in reason
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, ConnectScreen), "the connect screen closed")
        assert app.browser.search_state.phase is SearchPhase.NOT_CONFIGURED
        assert shown_text(app.query_one("#search-status", Static)) == "connection settings needed"
        assert "Press ctrl+o" in shown_text(app.query_one("#results-message", Static))


async def test_service_down_is_explained_the_app_stays_alive_and_recovers(make_app, download_dir):
    refusing = refusing_socket()
    port = refusing.getsockname()[1]
    down = Connection.service(f"http://127.0.0.1:{port}", TEST_TOKEN, download_dir)
    app = make_app(down)
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        assert app.browser.search_state.phase is SearchPhase.UNREACHABLE
        message = shown_text(app.query_one("#results-message", Static))
        assert message.startswith("Can't reach the catalogue") and f"127.0.0.1:{port}" in message
        assert "nothing is listening" in message  # a refused local port, said at once (not retried)
        assert "try again" in message and "ctrl+o" in message and "--demo" in message
        assert shown_text(app.query_one("#search-status", Static)) == "catalogue unreachable"
        # Still responsive: the help opens and closes.
        app.query_one(ResultsList).focus()
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help screen")
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, HelpScreen), "the help closed")
        # The catalogue comes up on that port: searching again works.
        refusing.close()
        with serving(token=TEST_TOKEN, port=port):
            await pilot.press("ctrl+r")
            await wait_until(
                pilot, lambda: app.browser.search_state.phase is SearchPhase.RESULTS, "results after recovery"
            )


async def test_quitting_with_a_running_download_asks_first(make_app, download_dir):
    with holding_downloads(TEST_TOKEN) as (held, slow):  # the download runs until the app quits
        app = make_app(Connection.service(slow.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await search(pilot, "heart")
            results = app.query_one(ResultsList)
            app.start_download(results.icons[0], results.icons[0].variants[0])
            await wait_until(pilot, lambda: held.in_flight == 1, "the download at the server")
            app.query_one(ResultsList).focus()
            await pilot.press("q")
            await wait_until(pilot, lambda: isinstance(app.screen, ConfirmQuit), "the quit question")
            await pilot.press("n")
            await wait_until(pilot, lambda: not isinstance(app.screen, ConfirmQuit), "back to browsing")
            assert app.is_running and app.downloads[0].status is DownloadStatus.RUNNING
            await pilot.press("q")
            await wait_until(pilot, lambda: isinstance(app.screen, ConfirmQuit), "the quit question again")
            await pilot.press("y")
            await wait_until(pilot, lambda: not app.is_running, "the app to quit")
        assert app.downloads[0].status is DownloadStatus.CANCELLED
        assert list(download_dir.iterdir()) == []  # no partial file left behind


async def test_cancel_then_retry_a_download(make_app, download_dir):
    with holding_downloads(TEST_TOKEN) as (held, slow):  # running until released: x always finds it running
        app = make_app(Connection.service(slow.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await search(pilot, "heart")
            results = app.query_one(ResultsList)
            results.focus()
            app.start_download(results.icons[0], results.icons[0].variants[0])
            await wait_until(pilot, lambda: held.in_flight == 1, "the download at the server")
            await pilot.press("x")
            await wait_until(pilot, lambda: app.downloads[0].status is DownloadStatus.CANCELLED, "the cancellation")
            row = app.query_one(DownloadRow)
            await pilot.pause()
            assert "cancelled" in shown_text(row.query_one(".download-status", Static))
            assert list(download_dir.iterdir()) == []
            held.release()
            await pilot.press("r")
            await wait_until(pilot, lambda: app.downloads[0].status is DownloadStatus.DONE, "the retried download")
            assert [path.name for path in download_dir.iterdir()] == [app.downloads[0].filename]
            assert len(app.query(DownloadRow)) == 1


async def test_a_cancel_too_late_to_stop_the_file_shows_it_saved(make_app, download_dir, monkeypatch):
    # x lands while the file is being published (linked to its name, the folder synced): the publish
    # ends first, so the row must say the file was saved, and where, not "cancelled".
    step = HeldSaverStep(monkeypatch, "publish")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "heart")
        results = app.query_one(ResultsList)
        results.focus()
        app.start_download(results.icons[0], results.icons[0].variants[0])
        await step.reached()
        await pilot.press("x")
        job = app.downloads[0]
        [worker] = [worker for worker in app.workers if worker.group == "download"]
        assert worker.is_cancelled and job.status is DownloadStatus.RUNNING  # x landed while publishing
        step.release()
        await wait_until(pilot, lambda: job.status.finished, "the download's end")
        assert job.status is DownloadStatus.DONE
        assert job.saved_path is not None and list(download_dir.iterdir()) == [job.saved_path]
        await pilot.pause()
        assert "cancelled" not in shown_text(app.query_one(DownloadRow).query_one(".download-status", Static))


@pytest.mark.parametrize(("key", "status"), [("escape", 1), ("ctrl+c", 130)])
async def test_leaving_a_pick_while_its_file_is_put_in_place_prints_nothing(make_app, monkeypatch, key, status):
    # Esc or Ctrl-C while the picked file is being published: the publish ends (the file is whole, its
    # row says saved), but the person left: the pick ends with their status, printing nothing.
    step = HeldSaverStep(monkeypatch, "publish")
    app = make_app(pick=PickRequest(fmt="svg"))
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "heart")
        app.browser.action_focus_results()
        await pilot.press("enter")  # one SVG: saved at once, and the pick would end with its path
        await step.reached()
        # Posted, not pressed, and waited for without the pilot: leaving waits for the held publish,
        # and the app takes no other message meanwhile.
        app.post_message(events.Key(key, None))
        for _ in range(1500):
            if app._leaving_pick:
                break
            await asyncio.sleep(0.01)
        step.release()
        await wait_until(pilot, lambda: not app.is_running, "the pick to end")
    assert (app.return_code, app.picked) == (status, [])
    assert app.downloads[0].status is DownloadStatus.DONE


async def test_a_new_search_never_cancels_a_download(make_app, download_dir):
    with serving(token=TEST_TOKEN, latency_ms=500) as slow:
        app = make_app(Connection.service(slow.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await search(pilot, "heart")
            icon = app.query_one(ResultsList).icons[0]
            app.start_download(icon, icon.variants[-1])
            app.browser.start_search("arrow", immediate=True)
            app.browser.start_search("home", immediate=True)
            await wait_until(pilot, lambda: app.downloads[0].status.finished, "the download's end")
            assert app.downloads[0].status is DownloadStatus.DONE


async def test_usable_at_80_by_24(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await search(pilot, "arrow")
        thumbnail = app.query_one(Thumbnail)
        await wait_until(pilot, lambda: thumbnail.status == "shown", "the preview drawn")
        screen = app.screen.region
        for selector in ("#results", "#detail-name", "#detail-refs", "#search-input", "Footer"):
            region = app.query_one(selector).region
            assert region.area > 0 and screen.contains_region(region), selector
        assert thumbnail.region.width <= 16
        assert app.query_one(ResultsList).highlighted_icon.name in app.query_one(ResultsList).render_line(0).text


async def test_a_narrow_list_keeps_the_set_column_while_names_are_short(make_app):
    # At 80×24 the list is about 36 cells wide: room for "Star", its style and its set, but not for
    # "Arrow Circle Right" cut to 14 cells and both columns; the style gives way first, then the set.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        results = app.query_one(ResultsList)
        await search(pilot, "star -circle")  # Star, and Home by its tag "start": short names only
        first = results.render_line(0).text
        assert "Star" in first and "Outline" in first and "Core UI" in first
        app.query_one("#search-input", Input).value = ""
        await search(pilot, "arrow circle")
        first = results.render_line(0).text
        assert "Arrow Circle" in first and "Core UI" in first and "Outline" not in first


async def test_x_cancels_the_focused_download_row_not_the_latest(make_app, download_dir):
    with holding_downloads(TEST_TOKEN) as (held, slow):  # both run until released
        app = make_app(Connection.service(slow.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await search(pilot, "heart")
            icon = app.query_one(ResultsList).icons[0]
            first = app.start_download(icon, icon.variants[0])
            second = app.start_download(icon, icon.variants[1])
            await wait_until(pilot, lambda: held.in_flight == 2, "both downloads at the server")
            app.query_one(f"#{first.row_id}", DownloadRow).focus()
            await pilot.press("x")
            await wait_until(pilot, lambda: first.status.finished, "the first download's end")
            held.release()
            await wait_until(pilot, lambda: first.status.finished and second.status.finished, "both downloads ended")
            assert first.status is DownloadStatus.CANCELLED
            assert second.status is DownloadStatus.DONE
            assert [path.name for path in download_dir.iterdir()] == [second.saved_path.name]


async def test_a_query_given_at_start_is_searched_once(make_app, download_dir):
    from textual.worker import Worker

    searches: dict[int, Worker] = {}

    def record(message: Message) -> None:
        if isinstance(message, Worker.StateChanged) and message.worker.group == "search":
            searches[id(message.worker)] = message.worker  # kept alive, so ids are not reused

    with serving(token=TEST_TOKEN, latency_ms=600) as slow:
        app = make_app(Connection.service(slow.base_url, TEST_TOKEN, download_dir), query="heart")
        async with app.run_test(size=SIZE, message_hook=record) as pilot:
            await wait_until(pilot, lambda: app.browser.search_state.phase is SearchPhase.RESULTS, "the results")
            await pilot.pause(0.3)  # past the search box's debounce
            assert len(searches) == 1
            assert all(worker.state.name == "SUCCESS" for worker in searches.values())


async def test_partial_files_of_a_killed_run_are_removed_at_start(make_app, download_dir):
    import subprocess
    import sys

    finished = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(finished.stdout)
    leftover = download_dir / f".iconcat-{dead_pid}-0123456789abcdef.part"
    leftover.write_bytes(b"half a file")
    unrelated = download_dir / "notes.txt"
    unrelated.write_text("mine")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: not leftover.exists(), "the leftover removed")
    assert unrelated.read_text() == "mine"
