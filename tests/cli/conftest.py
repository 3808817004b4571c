"""Fixtures for the command-line tests (running the command: `tests.support.cli.run_iconcat`)."""

from __future__ import annotations

import pytest


@pytest.fixture
def configured(catalogue) -> dict[str, str]:
    """Environment pointing the command at the embedded catalogue."""
    return {"ICONCAT_BASE_URL": catalogue.base_url, "ICONCAT_TOKEN": catalogue.token}
