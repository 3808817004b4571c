"""Keys, footer, help and command palette agree with each other and reach every action."""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.command import CommandPalette
from textual.widgets import Footer, Input

from iconcat.tui import commands
from iconcat.tui.app import IconcatApp
from iconcat.tui.screens import ConfirmQuit, ConnectScreen, HelpScreen, VariantPicker
from iconcat.tui.screens.help import KEY_HELP
from iconcat.tui.widgets import ResultsList, SearchInput

from .support import wait_until
from .test_browser import SIZE, search

BOUND_CLASSES = (IconcatApp, ResultsList, SearchInput, VariantPicker, ConnectScreen, HelpScreen, ConfirmQuit)


def test_every_binding_has_an_id_and_a_tooltip():
    for owner in BOUND_CLASSES:
        for binding in owner.BINDINGS:
            assert isinstance(binding, Binding), (owner, binding)
            assert binding.id and binding.tooltip, (owner.__name__, binding.key)


def test_the_palette_and_the_help_cover_every_app_key():
    palette_actions = {action for _title, _help, action in commands.COMMANDS}
    help_keys = " ".join(key for key, _text in KEY_HELP).lower()
    for binding in IconcatApp.BINDINGS:
        assert binding.action in palette_actions, binding.action
        shown = binding.key_display or binding.key
        assert shown.split("/")[-1].lower() in help_keys, shown
    for action in palette_actions:
        assert callable(getattr(IconcatApp, f"action_{action}", None)), action


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
        # Letters type into the search box, so their keys are not offered there.
        assert not {"download", "connect", "help"} & offered()
        await search(pilot, "arrow")
        app.query_one(ResultsList).focus()
        await pilot.pause()
        assert {"download", "connect", "help", "quit", "focus_search"} <= offered()
        assert "cancel_download" not in offered()  # nothing to cancel
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
