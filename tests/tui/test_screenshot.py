"""The palette's Screenshot says where it saved the picture, or where it tried and why not (issue 21)."""

from __future__ import annotations

import dataclasses

from textual.command import CommandPalette

from tests.support.tui import SIZE, wait_until


async def run_screenshot_command(app, pilot) -> str:
    """Choose Screenshot in the palette; the notification that follows."""
    await pilot.press("ctrl+p")
    await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette), "the command palette")
    palette = app.screen
    await pilot.press(*"screenshot")
    await wait_until(pilot, lambda: palette.query_one("CommandList").option_count > 0, "matching commands")
    await pilot.press("down", "enter")
    await wait_until(pilot, lambda: any(n.title == "Screenshot" for n in app._notifications), "the screenshot's word")
    return next(str(note.message) for note in app._notifications if note.title == "Screenshot")


async def test_the_screenshot_goes_to_the_download_folder_and_says_its_path(make_app, download_dir):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        said = await run_screenshot_command(app, pilot)
    saved = list(download_dir.glob("*.svg"))
    assert len(saved) == 1 and saved[0].read_text(encoding="utf-8").startswith("<svg")
    assert said == f"Saved the screenshot to {saved[0].resolve()}"


async def test_a_screenshot_that_cannot_be_saved_says_where_it_tried_and_why(make_app, connection, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    app = make_app(dataclasses.replace(connection, download_dir=blocker / "shots"))
    async with app.run_test(size=SIZE) as pilot:
        said = await run_screenshot_command(app, pilot)
    assert said.startswith(f"Could not save the screenshot to {blocker / 'shots'}/"), said
    assert said.endswith("it is not a folder"), said  # the reason, not just "failed"
    note = next(note for note in app._notifications if note.title == "Screenshot")
    assert note.severity == "error"


def test_a_screenshot_never_replaces_a_file_of_the_same_name(tmp_path):
    from iconcat.tui.screenshots import write_screenshot

    (tmp_path / "iconcat.svg").write_text("someone's own picture")
    path = write_screenshot("<svg/>", tmp_path, "iconcat.svg")
    assert path == (tmp_path / "iconcat-1.svg").resolve()
    assert (tmp_path / "iconcat.svg").read_text() == "someone's own picture"
    assert path.read_text() == "<svg/>"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["iconcat-1.svg", "iconcat.svg"]  # no .part left
