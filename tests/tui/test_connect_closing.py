"""The connect screen shown as the app closes (its reason arrives from the worker that opens the
catalogue, which may be as the person quits) closes with it: no traceback."""

from __future__ import annotations

from iconcat.tui.screens import ConnectScreen


async def test_the_connect_screen_pushed_as_the_app_closes_is_no_error(make_app):
    for _ in range(5):  # the race's window is a frame wide: a few tries make it certain without the fix
        app = make_app()
        async with app.run_test(size=(80, 24)):
            app.push_screen(ConnectScreen(app.connection, reason="the token has a control character"))
        assert app.return_code in (0, None)
