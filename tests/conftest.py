"""Fixtures shared by every test: an isolated environment and a real catalogue over loopback."""

from __future__ import annotations

import os
from dataclasses import dataclass

import pytest

TEST_TOKEN = "test-token-5f1c9a"
"""The embedded catalogue's token in tests; assertions look for it in outputs that must not hold it."""


@pytest.fixture(autouse=True)
def isolated_environment(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Keep the developer's own settings, cache, token and tmux out of every test."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))  # the browser's memory
    for name in list(os.environ):
        if name.startswith("ICONCAT_"):
            monkeypatch.delenv(name)
    # Run from inside tmux, the browser would hand copies to the developer's tmux (`iconcat.clipboard`).
    monkeypatch.delenv("TMUX", raising=False)
    monkeypatch.delenv("TMUX_PANE", raising=False)


@dataclass(frozen=True)
class Catalogue:
    """A running embedded catalogue: where it is and the token it wants."""

    base_url: str
    token: str


@pytest.fixture(scope="session")
def catalogue():
    """The embedded catalogue served over loopback for the whole session (it is read-only)."""
    from iconcat.server import start_catalogue

    server = start_catalogue(token=TEST_TOKEN)
    try:
        yield Catalogue(base_url=server.base_url, token=TEST_TOKEN)
    finally:
        server.stop()
