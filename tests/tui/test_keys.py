"""Keys, footer, help and command palette agree with each other and reach every action."""

from __future__ import annotations

import pytest
from textual import events
from textual.binding import Binding
from textual.command import CommandPalette
from textual.widgets import Footer, Input
from textual.widgets._footer import FooterKey

from iconcat.browsing.picking import PickRequest
from iconcat.config import THUMBNAIL_MODES
from iconcat.disk.saving import choices_for
from iconcat.tui.app import IconcatApp
from iconcat.tui.browser import BrowserScreen
from iconcat.tui.commands import BrowserCommands
from iconcat.tui.connection import Connection
from iconcat.tui.keys import COMMANDS, help_lines
from iconcat.tui.pictures import PICTURE_MODES
from iconcat.tui.screens import ConfirmQuit, ConnectScreen, HelpScreen, VariantPicker
from iconcat.tui.true_pixels import TRUE_PIXEL_MODES
from iconcat.tui.widgets import FacetPanel, Gallery, ResultsArea, ResultsList, SearchInput, Thumbnail
from iconcat.tui.widgets.detail_pane import MemberGallery
from iconcat.tui.widgets.ordered_input import OrderedInput
from tests.conftest import TEST_TOKEN
from tests.support.tui import SIZE, holding_downloads, search, wait_until

BOUND_CLASSES = (
    IconcatApp,
    BrowserScreen,
    ResultsList,
    SearchInput,
    VariantPicker,
    ConnectScreen,
    HelpScreen,
    ConfirmQuit,
    FacetPanel,
    Gallery,
    MemberGallery,
)


def test_every_binding_has_an_id_and_a_tooltip():
    for owner in BOUND_CLASSES:
        for binding in owner.BINDINGS:
            assert isinstance(binding, Binding), (owner, binding)
            assert binding.id and binding.tooltip, (owner.__name__, binding.key)


def test_bindings_palette_and_help_come_from_the_one_key_table():
    keyed = [command for command in COMMANDS if command.key is not None]
    owners = {"app": IconcatApp, "browser": BrowserScreen}
    for scope, owner in owners.items():
        assert [(binding.key, binding.action) for binding in owner.BINDINGS] == [
            (command.key, command.action) for command in keyed if command.scope == scope
        ], scope
    help_text = help_lines()
    for command in keyed:
        assert (command.shown_key, command.description) in help_text, command.action
    for command in COMMANDS:
        # Each action is its owner's, and only its owner's: the palette looks on the app first.
        assert callable(getattr(owners[command.scope], f"action_{command.action}", None)), command.action
        other = owners["browser" if command.scope == "app" else "app"]
        assert getattr(other, f"action_{command.action}", None) is None, command.action


def test_the_pictures_words_cover_every_thumbnails_setting():
    assert set(PICTURE_MODES) == {*THUMBNAIL_MODES, *TRUE_PIXEL_MODES}
    pictures = next(command for command in COMMANDS if command.action == "cycle_thumbnails")
    assert all(mode.label in pictures.description for mode in PICTURE_MODES.values())


async def test_the_palette_offers_every_command(make_app):
    app = make_app()
    async with app.run_test(size=SIZE):
        provider = BrowserCommands(app.screen)
        titles = [hit.display async for hit in provider.discover()]
        assert titles == [command.title for command in COMMANDS if command.in_palette]
    # Only a second key of a command listed already stays out (ctrl+q beside q: both are "Quit").
    listed = {command.title for command in COMMANDS if command.in_palette}
    assert all(command.title in listed for command in COMMANDS)


async def test_a_word_typed_over_the_results_becomes_a_search(make_app):
    # "cloud" used to open the connect screen (c) and type "loud" into its base-URL field; "star" switched
    # the pictures mode (t) and retried a download (r). Now the first letter that is no command moves to
    # the search box carrying itself, and the rest of the word follows it there.
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        results = app.query_one(ResultsList)
        for word in ("cloud", "star"):
            results.focus()
            await pilot.pause()
            box = app.query_one(SearchInput)
            box.value = ""
            await pilot.press(*word)
            assert box.value == word and app.focused is box
            assert not isinstance(app.screen, ConnectScreen)
            assert app.query_one(Thumbnail).mode == "half"
        await wait_until(pilot, lambda: app.browser.search_state.query == "star", "the typed word searched")


async def test_command_letters_stay_commands_over_the_results(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        app.query_one(ResultsList).focus()
        await pilot.press("t")
        assert app.query_one(Thumbnail).mode == "quadrant"
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")


async def test_the_connect_screen_has_a_key_no_word_can_type(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        await pilot.press("ctrl+o")
        await wait_until(pilot, lambda: isinstance(app.screen, ConnectScreen), "the connect screen")
    connect = next(command for command in COMMANDS if command.action == "connect")
    assert connect.key is not None and connect.key.startswith("ctrl+")


async def test_cancel_and_retry_with_nothing_to_act_on_say_so(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        app.query_one(ResultsList).focus()
        await pilot.press("x", "r")
        await pilot.pause()
        messages = [note.message for note in app._notifications]
        assert "No download is running." in messages
        assert "No failed or cancelled download to retry." in messages


async def test_the_palette_runs_a_browser_command(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette), "the command palette")
        await pilot.press(*"connect to")
        palette = app.screen
        await wait_until(pilot, lambda: palette.query_one("CommandList").option_count > 0, "matching commands")
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ConnectScreen), "the connect screen, from the palette")


async def test_footer_shows_the_keys_that_work_where_the_focus_is(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:

        def offered() -> set[str]:
            return {active.binding.action for active in app.screen.active_bindings.values()}

        assert isinstance(app.focused, Input)
        # Letters type into the search box, so their keys are not offered there; control keys are.
        assert not {"download", "help"} & offered()
        assert "connect" in offered()
        await search(pilot, "arrow")
        app.query_one(ResultsList).focus()
        await pilot.pause()
        assert {"download", "connect", "help", "quit", "focus_search"} <= offered()
        assert app.query_one(Footer).display


async def test_down_keys_arriving_together_leave_the_search_box_then_move(make_app):
    # A held or fast-typed ↓ reaches the app as several keys in one read from the terminal: the first
    # leaves the search box, the rest move through the results (none is swallowed by the search box
    # while the focus is still on its way).
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        results = app.query_one(ResultsList)
        assert isinstance(app.focused, Input) and results.highlighted == 0
        for _ in range(4):
            app.post_message(events.Key("down", None))
        await wait_until(pilot, lambda: results.highlighted == 3, "three rows down after four ↓ at once")
        assert app.focused is results


async def test_editing_keys_arriving_together_with_letters_keep_their_order(make_app):
    # Keys that come in one read from the terminal (a fast typist over SSH, a macro, `tmux send-keys`)
    # edit the search box in the order they came. Textual inserts a letter at once but runs a bound key
    # (Backspace, ←) only after it has bubbled up to the app, by when the letters behind it are in:
    # "arrow", five Backspaces and "star" gave "arro" (Textual issue #6605).
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        box = app.query_one(SearchInput)
        box.focus()
        box.value = "arrow"
        box.cursor_position = len(box.value)
        await pilot.pause()
        burst = [("backspace", None)] * 5 + [(letter, letter) for letter in "star"]
        burst += [("left", None), ("left", None), ("x", "x"), ("end", None), ("s", "s")]
        for key, character in burst:
            app.post_message(events.Key(key, character))
        await wait_until(pilot, lambda: len(box.value) == 6, "every key of the burst taken")
        await pilot.pause()
        assert box.value == "stxars"


async def test_every_text_field_takes_its_keys_in_order(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        fields = list(app.query(Input))
        app.action_connect()
        await wait_until(pilot, lambda: isinstance(app.focused, Input) and app.focused.screen is app.screen, "a field")
        assert isinstance(app.screen, ConnectScreen)
        fields += list(app.screen.query(Input))
    assert len(fields) >= 4  # the search box, and the connect screen's address, token and folder
    assert all(isinstance(field, OrderedInput) for field in fields), [type(field).__name__ for field in fields]


async def test_a_letter_arriving_with_the_down_key_that_leaves_the_search_box_acts_on_the_results(make_app):
    # ↓ then v in one read: ↓ leaves the search box, so v is a command over the results (the gallery),
    # not a letter typed into the search box it has left.
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        box = app.query_one(SearchInput)
        area = app.query_one(ResultsArea)
        assert app.focused is box and area.view == "list"
        app.post_message(events.Key("down", None))
        app.post_message(events.Key("v", "v"))
        await wait_until(pilot, lambda: area.view == "gallery", "the gallery, by v over the results")
        assert box.value == "arrow"


@pytest.mark.parametrize("burst", ["km", "kv", "down km"])
async def test_a_word_typed_over_the_results_in_one_read_keeps_every_letter(make_app, burst):
    # The first letter moves to the search box; the rest were already sent to the results, and are
    # the word's next letters there, command letters (v) included. "down km" starts in the search box.
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "arrow")
        box = app.query_one(SearchInput)
        keys = burst.split()
        if keys[0] == "down":
            keys.pop(0)
            app.post_message(events.Key("down", None))
        else:
            app.query_one(ResultsList).focus()
            await pilot.pause()
        for letter in keys[0]:
            app.post_message(events.Key(letter, letter))
        await wait_until(pilot, lambda: app.focused is box and box.value != "arrow", "typing in the search box")
        await pilot.pause()
        assert box.value == f"arrow{keys[0]}"


async def test_a_command_right_behind_enter_acts_on_the_results(make_app):
    # heart⏎v in one read: Enter searches "heart" and leaves the search box at once, so v switches
    # the view instead of making the search "heartv".
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        box = app.query_one(SearchInput)
        box.focus()
        await pilot.pause()
        area = app.query_one(ResultsArea)
        assert area.view == "list"
        for key, character in [*((letter, letter) for letter in "heart"), ("enter", None), ("v", "v")]:
            app.post_message(events.Key(key, character))
        await wait_until(pilot, lambda: area.view == "gallery", "the gallery, by v over the results")
        await wait_until(pilot, lambda: app.browser.search_state.query == "heart", "heart searched")
        assert box.value == "heart"


@pytest.mark.parametrize("view", ["list", "gallery", "members"])
@pytest.mark.parametrize("keys", [("enter", "enter"), ("d", "enter")])
async def test_a_second_enter_in_the_same_read_downloads_in_the_picker_the_first_opened(make_app, view, keys):
    # ⏎⏎ (or d⏎) in one read over the results: the first opens the variant picker, the second acts in
    # it and saves its default choice. It used to open a second picker over the first, saving nothing.
    app = make_app(view="list" if view == "members" else view, group=view == "members")
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "heart")
        if view == "members":
            app.browser.action_focus_members()
        else:
            app.browser.action_focus_results()
        await pilot.pause()
        icon = app.browser.highlighted_member()
        assert icon is not None
        for key in keys:
            app.post_message(events.Key(key, "d" if key == "d" else None))
        await wait_until(pilot, lambda: app.downloads and app.downloads[0].status.finished, "a download's end")
        await pilot.pause()
        assert [type(screen).__name__ for screen in app.screen_stack] == ["BrowserScreen"]
        [job] = app.downloads
        assert (job.icon.id, job.chosen) == (icon.id, choices_for(icon)[0])


@pytest.mark.parametrize("move_on", ["tab", "enter"])
async def test_keys_typed_fast_in_the_connect_screen_land_in_the_field_focused_when_each_is_read(make_app, move_on):
    # URL, Tab, "bad" in one read: Tab is the screen's binding, which Textual ran only once the key had
    # bubbled up to the app, after "bad" was typed into the address ("http://127.0.0.1:8001bad").
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.action_connect()
        await wait_until(pilot, lambda: isinstance(app.focused, Input) and app.focused.screen is app.screen, "a field")
        address, token = app.screen.query_one("#connect-base-url", Input), app.screen.query_one("#connect-token", Input)
        assert app.focused is address and not address.value and not token.value
        burst = [(letter, letter) for letter in "http://127.0.0.1:8001"]
        burst += [(move_on, None), *((letter, letter) for letter in "bad")]
        for key, character in burst:
            app.post_message(events.Key(key, character))
        await wait_until(pilot, lambda: len(address.value) + len(token.value) == 24, "every key of the burst taken")
        await pilot.pause()
        assert (address.value, token.value, app.focused) == ("http://127.0.0.1:8001", "bad", token)


async def _go_to(pilot, place: str) -> None:
    """Put the focus in `place`: the first screen's search box, the results or a dialog on top."""
    app = pilot.app
    if place == "search box":
        return  # where a fresh start puts it
    await search(pilot, "heart")
    app.browser.action_focus_results()
    await pilot.pause()
    opened = {"help": HelpScreen, "connect": ConnectScreen, "picker": VariantPicker, "palette": CommandPalette}
    if place in opened:
        await pilot.press({"help": "question_mark", "connect": "ctrl+o", "picker": "enter", "palette": "ctrl+p"}[place])
        await wait_until(pilot, lambda: isinstance(app.screen, opened[place]) and app.screen.is_mounted, place)
        await pilot.pause()


@pytest.mark.parametrize("place", ["search box", "results", "help", "connect", "picker", "palette"])
@pytest.mark.parametrize("key", ["ctrl+q", "ctrl+c"])
async def test_ctrl_q_and_ctrl_c_quit_from_every_screen_and_focus(make_app, place, key):
    # On a fresh start (focus in the search box) ctrl+q did nothing: the key rule switched off `quit`,
    # whose own key q types there. ctrl+q has an action of its own now, and Ctrl-C does the same.
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await _go_to(pilot, place)
        if place == "connect":
            assert isinstance(app.focused, Input)  # typing in a field: q would type, ctrl+q quits
        await pilot.press(key)
        await wait_until(pilot, lambda: not app.is_running, f"the app to quit by {key} from the {place}")
    assert app.return_code == 0


async def test_ctrl_q_asks_first_while_downloads_run_even_from_the_search_box(make_app, download_dir):
    with holding_downloads(TEST_TOKEN) as (held, slow):  # the download runs until the app quits
        app = make_app(Connection.service(slow.base_url, TEST_TOKEN, download_dir))
        async with app.run_test(size=SIZE) as pilot:
            await search(pilot, "heart")
            icon = app.query_one(ResultsList).icons[0]
            app.start_download(icon, icon.variants[0])
            await wait_until(pilot, lambda: held.in_flight == 1, "the download at the server")
            assert isinstance(app.focused, SearchInput)
            await pilot.press("ctrl+q")
            await wait_until(pilot, lambda: isinstance(app.screen, ConfirmQuit), "the quit question")
            await pilot.press("ctrl+q")  # asked again: the question stays, one of it
            await pilot.pause()
            assert [type(screen) for screen in app.screen_stack] == [BrowserScreen, ConfirmQuit]
            await pilot.press("y")
            await wait_until(pilot, lambda: not app.is_running, "the app to quit")
    assert app.return_code == 0
    assert list(download_dir.iterdir()) == []  # the download cancelled, no partial file left


@pytest.mark.parametrize("size", [SIZE, (80, 24)])
@pytest.mark.parametrize("place", ["search box", "results"])
async def test_the_footer_shows_the_quit_key_on_the_first_screen_and_at_80_by_24(make_app, size, place):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await _go_to(pilot, place)
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        [quit_key] = [key for key in footer.query(FooterKey) if key.action == "quit_anywhere"]
        assert (quit_key.key_display, quit_key.description) == ("^q", "Quit")
        palette = footer.query_one(".-command-palette", FooterKey)
        # Drawn whole, inside the screen and left of the palette's key (docked over the footer's right end).
        assert quit_key.region.width >= len("^q Quit") and quit_key.region.right <= palette.region.x, (
            quit_key.region,
            palette.region,
        )


@pytest.mark.parametrize(("before", "pick", "status"), [(True, False, 0), (False, True, 130)])
async def test_ctrl_c_is_each_apps_own_after_another_app_was_made(make_app, before, pick, status):
    # Browsing, Ctrl-C quits (0); picking, it interrupts (130). Textual's `bind` appended to a list of
    # bindings that every app shares, so a pick made earlier in the process took Ctrl-C of the browse after
    # it (ending it with 1), and the other way round.
    make_app(pick=PickRequest(fmt="svg") if before else None)
    app = make_app(pick=PickRequest(fmt="svg") if pick else None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+c")
        await wait_until(pilot, lambda: not app.is_running, "the app to end by Ctrl-C")
    assert app.return_code == status


async def test_two_enters_in_one_read_save_the_remembered_choice_the_picker_starts_on(make_app):
    # After an SVG is saved, the picker starts on SVG ("last used"): ⏎⏎ in one read saves the next
    # icon's SVG, the choice the second Enter meets, not the picker's first row (PNG 512).
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "heart")
        app.browser.action_focus_results()
        await pilot.pause()
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, VariantPicker) and app.screen.is_mounted, "the picker")
        first = app.browser.highlighted_member()
        assert first is not None
        svg_row = next(index for index, choice in enumerate(choices_for(first)) if choice.format == "svg")
        assert svg_row > 0
        await pilot.press(*["down"] * svg_row, "enter")
        await wait_until(pilot, lambda: app.downloads and app.downloads[0].status.finished, "the SVG saved")
        assert app.downloads[0].chosen.format == "svg"
        await pilot.press("down")
        await pilot.pause()
        second = app.browser.highlighted_member()
        assert second is not None and second.id != first.id
        for key in ("enter", "enter"):
            app.post_message(events.Key(key, None))
        await wait_until(pilot, lambda: len(app.downloads) == 2 and app.downloads[1].status.finished, "a second file")
        await pilot.pause()
        assert [type(screen).__name__ for screen in app.screen_stack] == ["BrowserScreen"]
        assert (app.downloads[1].icon.id, app.downloads[1].chosen.format) == (second.id, "svg")


@pytest.mark.parametrize("view", ["list", "gallery"])
async def test_a_command_letter_then_a_word_in_one_read_runs_the_command_then_types_the_word(make_app, view):
    # "vk" over the results in one read: v switches the view, then k starts a search with "k". Before,
    # k moved the focus to the search box first and v then did nothing there: the view stayed and the
    # search became "heartk".
    app = make_app(view=view)
    async with app.run_test(size=SIZE) as pilot:
        await search(pilot, "heart")
        app.browser.action_focus_results()
        await pilot.pause()
        area = app.query_one(ResultsArea)
        before = area.view
        for key in ("v", "k"):
            app.post_message(events.Key(key, key))
        box = app.query_one(SearchInput)
        await wait_until(pilot, lambda: box.value != "heart", "the k typed")
        await pilot.pause()
        assert area.view != before
        assert box.value == "heartk"  # (a letter over the results joins the words in the box)
        assert app.focused is box
