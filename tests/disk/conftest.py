"""Fixtures for the disk side's tests: a misbehaving server to download from, and fake time."""

from __future__ import annotations

import pytest

from tests.support.fixtures import FakeTime
from tests.support.misbehaving import MisbehavingServer


@pytest.fixture
def server():
    """A misbehaving server: the catalogue a download comes from."""
    with MisbehavingServer() as running:
        yield running


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime()
