"""Fixtures of the hostile suite: misbehaving servers (two origins), fake time, a watched folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.fixtures import FakeTime
from tests.support.misbehaving import MisbehavingServer


@pytest.fixture
def server():
    """A misbehaving server: the catalogue's origin."""
    with MisbehavingServer() as running:
        yield running


@pytest.fixture
def other_server():
    """Another origin (another port), where the token must never go."""
    with MisbehavingServer() as running:
        yield running


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime()


@pytest.fixture
def download_dir(tmp_path: Path) -> Path:
    """The download folder, holding a file of the user's own; its parent is compared before and after."""
    folder = tmp_path / "downloads"
    folder.mkdir()
    (folder / "mine.png").write_bytes(b"the user's own file")
    return folder
