"""The connect screen offers the kind of catalogue (issue 33 item 1): a catalogue service (base URL and
token) or Iconify's API (a URL alone: no token is ever sent to it). Saving Iconify's API makes the
config file name it (`iconify`, its base URL taken out, the token kept) and hands the app a Connection
of that kind. The switch itself is recorded, not run: opening Iconify's API is its adapter's (another
module's), and no test reaches the internet.
"""

from __future__ import annotations

from textual.widgets import Input, Static

from iconcat.catalogue.kinds import ICONIFY_DEFAULT_URL, iconify_spec
from iconcat.config import config_path, load_settings, save_settings
from iconcat.tui.connection import Connection
from iconcat.tui.screens import ConnectScreen
from tests.conftest import TEST_TOKEN
from tests.support.tui import SIZE, shown_text, wait_until

SELF_HOSTED = "https://icons.example.org"


def recording_switches(app) -> list[Connection]:
    """The connections the app is asked to switch to, recorded instead of opened."""
    switched: list[Connection] = []

    async def record(connection: Connection) -> None:
        switched.append(connection)

    app.switch_connection = record
    return switched


async def open_connect_screen(app, pilot) -> ConnectScreen:
    await pilot.press("ctrl+o")
    await wait_until(pilot, lambda: isinstance(app.screen, ConnectScreen), "the connect screen")
    return app.screen


async def test_choosing_iconifys_api_hides_the_token_and_saving_names_it_in_the_config_file(make_app) -> None:
    save_settings(base_url="https://icons.example.com", token=TEST_TOKEN)  # the user's service, till now
    app = make_app()
    switched = recording_switches(app)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_connect_screen(app, pilot)
        token, label = screen.query_one("#connect-token", Input), screen.query_one("#connect-token-label")
        url = screen.query_one("#connect-base-url", Input)
        assert token.display and label.display and url.value == ""
        await pilot.click("#connect-kind-iconify")
        await wait_until(pilot, lambda: not token.display, "the token field hidden")
        assert not label.display and url.value == ICONIFY_DEFAULT_URL
        assert shown_text(screen.query_one("#connect-base-url-label", Static)) == "Iconify API URL"

        url.value = "ftp://icons.example.org"
        await pilot.press("ctrl+s")
        result = screen.query_one("#connect-result", Static)
        assert result.has_class("-error") and "must be an http:// or https:// URL" in shown_text(result)
        assert app.screen is screen and switched == []

        url.value = SELF_HOSTED + "/"
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: switched, "the switch to Iconify's API")
    (connection,) = switched
    assert (connection.spec.kind, connection.base_url, connection.token) == ("iconify", SELF_HOSTED, "")
    assert connection.memory_key == f"iconify:{SELF_HOSTED}"
    settings = load_settings()
    assert (settings.kind, settings.iconify, settings.base_url) == ("iconify", SELF_HOSTED, None)
    assert settings.token == TEST_TOKEN  # kept for going back; never sent to Iconify's API
    assert "base_url" not in config_path().read_text(encoding="utf-8")


async def test_going_back_to_a_service_shows_the_token_and_clears_iconifys_own_url(make_app) -> None:
    app = make_app()
    recording_switches(app)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_connect_screen(app, pilot)
        await pilot.click("#connect-kind-iconify")
        token, url = screen.query_one("#connect-token", Input), screen.query_one("#connect-base-url", Input)
        await wait_until(pilot, lambda: not token.display, "the token field hidden")
        await pilot.click("#connect-kind-service")
        await wait_until(pilot, lambda: token.display, "the token field shown again")
        assert url.value == "" and shown_text(screen.query_one("#connect-base-url-label", Static)) == "Base URL"


async def test_an_iconify_connection_opens_the_screen_on_its_kind_and_url(make_app, download_dir) -> None:
    """(Pushed over the demo's browser: an app on Iconify's API would open it, and that is its adapter's.)"""
    app = make_app()
    recording_switches(app)
    async with app.run_test(size=SIZE) as pilot:
        current = Connection(iconify_spec(SELF_HOSTED), download_dir, base_url=SELF_HOSTED)
        app.push_screen(ConnectScreen(current))
        await wait_until(pilot, lambda: isinstance(app.screen, ConnectScreen), "the connect screen")
        screen = app.screen
        await wait_until(pilot, lambda: screen.query("#connect-token"), "the form composed")
        await pilot.pause()
        assert screen.iconify_chosen and not screen.query_one("#connect-token", Input).display
        assert screen.query_one("#connect-base-url", Input).value == SELF_HOSTED
