"""Choosing the download folder inside the browser (issue 21, item 2): ctrl+f in the variant picker and
the bag, and the palette's "Download folder…"; completion of existing folders, created if missing,
checked at once, used from then on and saved in the config file (never under `pick -o DIR`).

The browser runs on the embedded demo catalogue over loopback, driven with Textual's pilot. Tests run
as root, whom permission bits never stop: the folder that cannot be used is one under a regular file.
"""

from __future__ import annotations

import stat
import tomllib

from textual.widgets import Input, Static

from iconcat.browsing.picking import PickRequest
from iconcat.config import config_path, load_settings, save_settings
from iconcat.tui.screens import BagScreen, DownloadFolderScreen, VariantPicker
from iconcat.tui.widgets import ResultsList
from iconcat.tui.widgets.ordered_input import OrderedInput
from tests.support.tui import SIZE, search, shown_text, wait_until


async def _open_picker(app, pilot, query: str = "arrow up") -> VariantPicker:
    await search(pilot, query)
    app.query_one(ResultsList).focus()
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker) and app.screen.is_mounted, "the picker")
    await pilot.pause()
    return app.screen


async def _open_folder_dialog(app, pilot, key: str = "ctrl+f") -> DownloadFolderScreen:
    await pilot.press(key)
    await wait_until(pilot, lambda: isinstance(app.screen, DownloadFolderScreen), "the folder dialog")
    await pilot.pause()
    return app.screen


async def _type_folder(pilot, screen: DownloadFolderScreen, text: str) -> None:
    """`text` in the field: its last few characters typed as keys (a pilot key press costs a frame)."""
    field = screen.query_one("#folder-path", Input)
    field.value = text[:-3]
    field.cursor_position = len(field.value)
    await pilot.press(*text[-3:])


def _saved_config() -> dict:
    return tomllib.loads(config_path().read_text(encoding="utf-8"))


async def test_the_picker_changes_the_folder_with_completion_creates_it_and_saves_it(make_app, download_dir):
    (download_dir / "brand-assets").mkdir()
    (download_dir / "brand-notes.txt").write_text("not a folder")
    target = download_dir / "brand-assets" / "new" / "icons"
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        picker = await _open_picker(app, pilot)
        dialog = await _open_folder_dialog(app, pilot)
        field = dialog.query_one("#folder-path", Input)
        assert isinstance(field, OrderedInput)  # every text field takes its keys in order
        assert field.value == str(download_dir)
        assert "saved in the config file for later runs" in shown_text(dialog.query_one("#folder-note", Static))
        # Completion: the existing folder, never the file of the same beginning.
        await _type_folder(pilot, dialog, f"{download_dir}/bra")
        await wait_until(pilot, lambda: field._suggestion == f"{download_dir}/brand-assets/", "the completion")
        await pilot.press("tab")
        assert field.value == f"{download_dir}/brand-assets/"
        await pilot.press(*"new/icons", "enter")
        await wait_until(pilot, lambda: app.screen is picker, "back in the picker")
        assert target.is_dir(), "created with its parents"
        assert app.connection.download_dir == target
        assert picker.folder == target
        assert shown_text(picker.query_one("#picker-target", Static)).startswith(f"Saves to {target}/")
        notes = [str(note.message) for note in app._notifications]
        assert f"Files go to {target}, saved in {config_path()}." in notes, notes
        # The choice made in the picker is saved there, and so is every later save.
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.downloads and app.downloads[-1].status.finished, "the download")
        assert app.downloads[-1].saved_path.parent == target, app.downloads[-1].error
        icon = app.query_one(ResultsList).icons[1]
        later = app.start_download(icon, icon.variants[0])
        await wait_until(pilot, lambda: later.status.finished, "a later download")
        assert later.saved_path.parent == target
    # Saved without a base URL (the demo catalogue), in a 0600 file in a 0700 folder.
    assert _saved_config() == {"download_dir": str(target)}
    assert stat.S_IMODE(config_path().stat().st_mode) == 0o600
    assert stat.S_IMODE(config_path().parent.stat().st_mode) == 0o700
    assert load_settings().download_dir == target


async def test_a_folder_that_cannot_be_made_says_why_and_nothing_is_lost(make_app, download_dir):
    """Root writes anywhere, so the folder that cannot be used lies under a regular file."""
    blocker = download_dir / "a-file"
    blocker.write_text("in the way")
    wanted = f"{blocker}/icons"
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "home")
        app.query_one(ResultsList).focus()
        dialog = await _open_folder_dialog(app, pilot)  # ctrl+f over the results
        await _type_folder(pilot, dialog, wanted)
        await pilot.press("enter")
        problem = dialog.query_one("#folder-problem", Static)
        await wait_until(pilot, lambda: problem.has_class("-shown"), "the reason")
        assert shown_text(problem) == f"Cannot make {wanted}: {blocker} is a file."
        assert app.screen is dialog and dialog.query_one("#folder-path", Input).value == wanted
        assert app.connection.download_dir == download_dir
        # A file where the folder would be: said so too.
        await _type_folder(pilot, dialog, str(blocker))
        await pilot.press("enter")
        await wait_until(pilot, lambda: shown_text(problem) == f"{blocker} is a file, not a folder.", "the reason")
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, DownloadFolderScreen), "closed")
        assert app.connection.download_dir == download_dir
    assert not config_path().exists()


async def test_the_bag_and_the_palette_change_the_folder_and_the_environment_is_said_to_win(
    make_app, download_dir, monkeypatch
):
    monkeypatch.setenv("ICONCAT_DOWNLOAD_DIR", str(download_dir))
    save_settings(base_url="https://icons.example.com", token="kept-token")  # other keys stay
    first, second = download_dir / "from-the-palette", download_dir / "from-the-bag"
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.browser.memory is not None, "the memory opened")
        await search(pilot, "heart")
        await app.run_command("download_folder")  # the palette's "Download folder…"
        await wait_until(pilot, lambda: isinstance(app.screen, DownloadFolderScreen), "the folder dialog")
        await pilot.pause()
        note = shown_text(app.screen.query_one("#folder-note", Static))
        assert note == "Saved in the config file, but ICONCAT_DOWNLOAD_DIR is set: it wins at the next start."
        await _type_folder(pilot, app.screen, str(first))
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.connection.download_dir == first, "the palette's folder")
        notes = [str(note.message) for note in app._notifications]
        assert any(n.endswith("ICONCAT_DOWNLOAD_DIR is set: it wins at the next start.") for n in notes), notes

        app.browser.bag.mark(app.query_one(ResultsList).icons[:2])
        app.query_one(ResultsList).focus()
        await pilot.press("b")
        await wait_until(pilot, lambda: isinstance(app.screen, BagScreen), "the bag")
        await pilot.pause()
        bag = app.screen
        assert shown_text(bag.query_one("#bag-folder", Static)) == f"Saves into {first}"
        dialog = await _open_folder_dialog(app, pilot)
        await _type_folder(pilot, dialog, str(second))
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is bag, "back in the bag")
        assert shown_text(bag.query_one("#bag-folder", Static)) == f"Saves into {second}"
        await pilot.press("d")
        await wait_until(pilot, lambda: app.browser.bag.batch is not None, "the batch")
        await wait_until(pilot, lambda: not app.browser.bag.running, "the batch ended", timeout=60)
        assert len(list(second.iterdir())) == 2 and not list(first.iterdir())
    saved = _saved_config()
    assert saved == {"base_url": "https://icons.example.com", "token": "kept-token", "download_dir": str(second)}
    assert load_settings().download_dir == download_dir  # the environment wins, as said


async def test_under_pick_with_a_folder_given_it_is_shown_changeable_for_the_run_and_never_saved(
    make_app, download_dir
):
    other = download_dir / "this-pick"
    app = make_app(pick=PickRequest(fmt="svg", folder_given=True))
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "home")
        app.query_one(ResultsList).focus()
        dialog = await _open_folder_dialog(app, pilot)
        note = shown_text(dialog.query_one("#folder-note", Static))
        assert note == "For this pick only: -o chose the folder, so it is not saved."
        await _type_folder(pilot, dialog, str(other))
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.connection.download_dir == other, "the folder for this pick")
        notes = [str(note.message) for note in app._notifications]
        assert f"Files go to {other} for this pick (not saved: -o chose the folder)." in notes
        await pilot.press("enter")  # the pick: one SVG, saved in the folder chosen
        await wait_until(pilot, lambda: app.picked, "the pick")
        assert app.picked[0].parent == other
    assert not config_path().exists()


async def test_the_folder_dialog_fits_80_by_24(make_app, download_dir):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_picker(app, pilot, "home")
        dialog = await _open_folder_dialog(app, pilot)
        box = dialog.query_one("#folder-dialog").region
        assert box.right <= 80 and box.bottom <= 24 and box.x >= 0 and box.y >= 0
        for part in ("#folder-path", "#folder-note", "#folder-keys"):
            region = dialog.query_one(part).region
            assert region.height >= 1 and box.contains_region(region), part


async def test_the_connect_screen_on_the_demo_saves_the_folder_without_a_base_url(make_app, download_dir):
    """ctrl+o used to refuse: "Enter the catalogue's base URL"; the demo has none to give."""
    from iconcat.tui.screens import ConnectScreen

    folder = download_dir / "from-connect"
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.action_connect()
        await wait_until(pilot, lambda: isinstance(app.screen, ConnectScreen), "the connect screen")
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#connect-base-url", Input).value == ""
        screen.query_one("#connect-folder", Input).value = str(folder)
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: not isinstance(app.screen, ConnectScreen), "saved and closed")
        assert app.connection.download_dir == folder and app.connection.is_demo
        assert folder.is_dir()
    assert _saved_config() == {"download_dir": str(folder)}


async def test_under_pick_with_a_folder_given_the_connect_screen_saves_the_connection_but_not_the_folder(
    make_app, catalogue, download_dir
):
    """`pick -o DIR`'s folder is the pick's own: saving a connection with ctrl+o then ctrl+s keeps it
    out of the config file too (it went in, beside the base URL and token)."""
    from iconcat.server import DEMO_TOKEN
    from iconcat.tui.screens import ConnectScreen

    app = make_app(pick=PickRequest(fmt="svg", folder_given=True))
    async with app.run_test(size=SIZE) as pilot:
        app.action_connect()
        await wait_until(pilot, lambda: isinstance(app.screen, ConnectScreen), "the connect screen")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#connect-base-url", Input).value = catalogue.base_url
        screen.query_one("#connect-token", Input).value = DEMO_TOKEN
        screen.query_one("#connect-folder", Input).value = str(download_dir / "this-pick")
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: not isinstance(app.screen, ConnectScreen), "saved and closed")
    saved = _saved_config()
    assert saved["base_url"] == catalogue.base_url
    assert "download_dir" not in saved


def test_saving_the_folder_alone_leaves_a_broken_config_file_as_it_is(download_dir):
    """A config file that cannot be read may still hold the base URL and token: saving a folder (ctrl+f)
    refuses and says why instead of replacing the file with the folder alone."""
    from iconcat.config import ConfigError, save_download_dir

    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('base_url = "https://icons.example.com"\ntoken = "kept" oops\n', encoding="utf-8")
    before = path.read_bytes()
    try:
        save_download_dir(download_dir)
    except ConfigError as error:
        assert str(config_path()) in str(error) or "config" in str(error).lower()
    else:
        raise AssertionError("a broken config file was replaced by the folder alone")
    assert path.read_bytes() == before
