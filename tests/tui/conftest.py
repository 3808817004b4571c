"""Fixtures for the browser's tests: an app on the demo catalogue (in-process), downloads into a temp folder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from iconcat.tui.app import IconcatApp
from iconcat.tui.connection import Connection
from tests.support.tui import demo_connection


@pytest.fixture
def download_dir(tmp_path: Path) -> Path:
    """An empty download folder."""
    folder = tmp_path / "downloads"
    folder.mkdir()
    return folder


@pytest.fixture
def connection(download_dir: Path) -> Connection:
    """The demo catalogue, answered in-process as `iconcat browse --demo` answers it (no socket): a
    test that stages another demo replaces `iconcat.catalogue.embedded.demo_catalogue`."""
    return demo_connection(download_dir)


@pytest.fixture
def make_app(connection: Connection) -> Callable[..., IconcatApp]:
    """Build an app on `connection` (or another), with Textual's default dark theme."""

    def make(conn: Connection | None = None, **options) -> IconcatApp:
        # The list view unless a test asks for the gallery: most browser tests read rows.
        options.setdefault("view", "list")
        app = IconcatApp(conn or connection, **options)
        app.theme = "textual-dark"
        return app

    return make


@pytest.fixture
def headless_run(monkeypatch):
    """Make `IconcatApp.run` headless (120x36), steered by `steer(pilot)`: `headless_run(steer)` returns
    the list of apps it ran (for tests of the real start path, `launch.run_browser` and kin)."""
    ran: list[IconcatApp] = []

    def install(steer):
        original_run = IconcatApp.run

        def run(self, **_options):
            ran.append(self)

            async def auto_pilot(pilot):
                await steer(pilot)
                pilot.app.exit(0)

            return original_run(self, headless=True, size=(120, 36), auto_pilot=auto_pilot)

        monkeypatch.setattr(IconcatApp, "run", run)
        return ran

    return install
