"""The token never shows: not in the connect screen's messages (Textual logs them), nor in its reprs."""

from __future__ import annotations

from textual.message import Message
from textual.widgets import Input

from iconcat.tui.connection import Connection
from iconcat.tui.screens import ConnectScreen
from iconcat.tui.widgets.secret_input import Secret, SecretInput

from .support import wait_until
from .test_browser import SIZE

TOKEN = "s3cret-token-value"


async def test_the_token_field_never_puts_the_token_in_a_message_repr(make_app, catalogue, download_dir):
    seen: list[str] = []

    def record(message: Message) -> None:
        seen.append(repr(message))

    app = make_app(Connection(catalogue.base_url, TOKEN, download_dir))
    async with app.run_test(size=SIZE, message_hook=record) as pilot:
        app.query_one("#results").focus()
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, ConnectScreen) and app.screen.query("#connect-token"), "the connect screen")
        field = app.screen.query_one("#connect-token", SecretInput)
        assert field.password and field.value == TOKEN
        field.focus()
        await pilot.press("x", "enter")  # a Changed, a Submitted and a Blurred from the token field
        await pilot.press("ctrl+t")
        await wait_until(pilot, lambda: not app.screen.query_one("#connect-result").has_class("-busy"), "the test's answer")
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
