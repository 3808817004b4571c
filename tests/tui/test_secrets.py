"""The connect screen: the token never shows (not in its messages, which Textual logs, nor in reprs), and
the screen asks the api's own questions (its base-URL parser, its connection check) and words failures
as everywhere else (`describe_failure`, never a class name)."""

from __future__ import annotations

import gc
import warnings

import pytest
from textual.message import Message
from textual.widgets import Input, Static

import iconcat.api
import iconcat.config
from iconcat.api import Secret
from iconcat.config import config_path
from iconcat.tui.connection import Connection
from iconcat.tui.screens import ConnectScreen
from iconcat.tui.widgets import secret_input
from iconcat.tui.widgets.secret_input import SecretInput
from tests.support.tui import SIZE, shown_text, wait_until

TOKEN = "s3cret-token-value"


async def test_the_token_field_never_puts_the_token_in_a_message_repr(make_app, catalogue, download_dir):
    seen: list[str] = []

    def record(message: Message) -> None:
        seen.append(repr(message))

    app = make_app(Connection.service(catalogue.base_url, TOKEN, download_dir))
    async with app.run_test(size=SIZE, message_hook=record) as pilot:
        app.query_one("#results").focus()
        await pilot.press("ctrl+o")
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, ConnectScreen) and app.screen.query("#connect-token"),
            "the connect screen",
        )
        field = app.screen.query_one("#connect-token", SecretInput)
        assert field.password and field.value == TOKEN
        field.focus()
        await pilot.press("x", "enter")  # a Changed, a Submitted and a Blurred from the token field
        await pilot.press("ctrl+t")
        await wait_until(
            pilot, lambda: not app.screen.query_one("#connect-result").has_class("-busy"), "the test's answer"
        )
        form = app.screen._values()
        assert TOKEN not in repr(form)
        assert form.token.reveal() == "x"  # focusing selected the old token; typing replaced it
    assert any("SecretInput.Changed" in text for text in seen), "the field's messages were recorded"
    assert not any(TOKEN in text for text in seen)


def test_secret_masks_itself():
    secret = Secret(TOKEN)
    assert TOKEN not in repr(secret) and TOKEN not in str(secret) and TOKEN not in f"{secret}"
    assert secret.reveal() == TOKEN and secret and not Secret("")
    assert issubclass(SecretInput.Changed, Input.Changed)


async def test_the_fields_secret_is_the_clients_one_secret(make_app, connection):
    """One `Secret` class: the client's (`iconcat.api.Secret`); the widget keeps no copy of its own."""
    assert not hasattr(secret_input, "Secret")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_connect_screen(app, pilot, connection)
        field = screen.query_one("#connect-token", SecretInput)
        field.value = f" {TOKEN} "
        secret = field.secret
        assert type(secret) is iconcat.api.Secret
        assert secret.reveal() == TOKEN, "stripped, as a pasted token's spaces should be"
        assert TOKEN not in repr(secret) and TOKEN not in str(secret)
        assert TOKEN not in repr(screen._values())


async def open_connect_screen(app, pilot, connection: Connection) -> ConnectScreen:
    """Push a connect screen for `connection` and wait until its fields are there."""
    app.push_screen(ConnectScreen(connection))
    await wait_until(
        pilot,
        lambda: isinstance(app.screen, ConnectScreen) and app.screen.query("#connect-result"),
        "the connect screen",
    )
    return app.screen


async def answer(pilot, screen: ConnectScreen) -> Static:
    """The result line, once it holds an answer (not "Testing…")."""
    result = screen.query_one("#connect-result", Static)
    await wait_until(pilot, lambda: result.has_class("-ok") or result.has_class("-error"), "the screen's answer")
    return result


@pytest.mark.parametrize(
    ("base_url", "words"),
    [
        ("https://icons.example.com/?page=2", "query"),
        ("https://icons example.com", "host name"),
        ("icons.example.com", "https://"),
    ],
    ids=["a query", "a space in the host", "no scheme"],
)
async def test_the_form_refuses_what_the_client_would_and_says_why_in_the_parsers_words(
    make_app, connection, base_url, words
):
    """The screen's check is the client's parser: a URL the client refuses is never saved."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_connect_screen(app, pilot, connection)
        screen.query_one("#connect-base-url", Input).value = base_url
        screen.query_one("#connect-token", SecretInput).value = TOKEN
        screen.action_save()
        result = await answer(pilot, screen)
        assert result.has_class("-error") and isinstance(app.screen, ConnectScreen)
        text = shown_text(result)
    with pytest.raises(iconcat.api.SettingsError) as refused:
        iconcat.api.parse_base_url(base_url)
    assert words in text and str(refused.value)[1:] in text, "the parser's own sentence"
    assert text[:1].isupper() and text.endswith(".")
    assert not config_path().exists()


async def test_an_unforeseen_failure_of_the_test_is_described_not_named(make_app, connection, monkeypatch):
    async def broken(*_args, **_options):
        raise RuntimeError("the resolver fell over")

    # Wherever the screen finds its check (the api's, or a module-level name of its own).
    monkeypatch.setattr(iconcat.api, "check_connection", broken, raising=False)
    monkeypatch.setattr("iconcat.tui.screens.connect.check_connection", broken, raising=False)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_connect_screen(app, pilot, connection)
        screen.query_one("#connect-base-url", Input).value = "http://127.0.0.1:9"
        screen.query_one("#connect-token", SecretInput).value = TOKEN
        screen.action_test()
        text = shown_text(await answer(pilot, screen))
    assert text == "Not working: the resolver fell over"


async def test_an_unforeseen_failure_to_save_is_described_not_named(make_app, connection, monkeypatch):
    def broken(**_options):
        raise LookupError("the keyring is locked")

    monkeypatch.setattr(iconcat.config, "save_settings", broken)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_connect_screen(app, pilot, connection)
        screen.query_one("#connect-base-url", Input).value = "http://127.0.0.1:9"
        screen.query_one("#connect-token", SecretInput).value = TOKEN
        screen.action_save()
        text = shown_text(await answer(pilot, screen))
        assert isinstance(app.screen, ConnectScreen)
    assert text == "Could not save: the keyring is locked"


async def test_the_test_runs_the_one_connection_check(make_app, connection, catalogue, monkeypatch):
    """ "Test" is `iconcat.api.check_connection` (as `iconcat login`), with the token still wrapped."""
    calls: list[tuple[str, object, float]] = []
    real = iconcat.api.check_connection

    async def spy(base_url, token, timeout, **options):
        calls.append((base_url, token, timeout))
        return await real(base_url, token, timeout, **options)

    monkeypatch.setattr(iconcat.api, "check_connection", spy)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_connect_screen(app, pilot, connection)
        screen.query_one("#connect-base-url", Input).value = catalogue.base_url
        screen.query_one("#connect-token", SecretInput).value = catalogue.token
        screen.action_test()
        result = await answer(pilot, screen)
        assert result.has_class("-ok"), shown_text(result)
        assert shown_text(result).startswith("The catalogue answered: ")
    [(base_url, token, timeout)] = calls
    assert base_url == catalogue.base_url and timeout == connection.timeout
    assert isinstance(token, Secret) and token.reveal() == catalogue.token


async def test_a_connection_test_replaced_before_it_ran_leaves_no_coroutine_unawaited(
    make_app, connection, catalogue
) -> None:
    """ "Test" pressed twice in one moment: the second (exclusive) cancels the first before it ran."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_connect_screen(app, pilot, connection)
            screen.query_one("#connect-base-url", Input).value = catalogue.base_url
            screen.query_one("#connect-token", SecretInput).value = catalogue.token
            screen.action_test()
            screen.action_test()
            await answer(pilot, screen)
        del app, pilot, screen
        gc.collect()  # (an unawaited coroutine says so when it is collected)
    assert [str(warning.message) for warning in caught if issubclass(warning.category, RuntimeWarning)] == []
