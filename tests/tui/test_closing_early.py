"""An app that closes as soon as it has scheduled the rest of its start (the client, the memory): the
work scheduled but never run leaves nothing behind, no "coroutine … was never awaited" warning."""

from __future__ import annotations

import gc
import warnings

from iconcat.tui.app import IconcatApp


async def test_the_start_scheduled_as_the_app_closes_leaves_no_coroutine_unawaited(make_app, monkeypatch) -> None:
    cancelled: list[str] = []
    scheduled = IconcatApp._after_first_frame

    async def schedule_then_close(self: IconcatApp, waited: bool = False) -> None:
        await scheduled(self, waited)
        # The app closing at this moment: its workers are cancelled before any of them has run a step.
        for worker in list(self.workers):
            if worker.group == "start":
                worker.cancel()
                cancelled.append(worker.name)
        self.exit(0)

    monkeypatch.setattr(IconcatApp, "_after_first_frame", schedule_then_close)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
        del app, pilot
        gc.collect()  # (an unawaited coroutine says so when it is collected)
    assert cancelled == ["open the catalogue"]
    assert [str(warning.message) for warning in caught if issubclass(warning.category, RuntimeWarning)] == []


async def test_a_connection_test_replaced_before_it_ran_leaves_no_coroutine_unawaited(
    make_app, connection, catalogue
) -> None:
    """ "Test" pressed twice in one moment: the second (exclusive) cancels the first before it ran."""
    from textual.widgets import Input

    from iconcat.tui.widgets.secret_input import SecretInput
    from tests.tui.test_secrets import answer, open_connect_screen

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
