"""Fixtures for the client's tests: misbehaving servers (two origins) and fake time."""

from __future__ import annotations

import pytest

from tests.support.fixtures import FakeTime
from tests.support.misbehaving import MisbehavingServer


@pytest.fixture
def server():
    """A misbehaving server: the catalogue's origin in most tests."""
    with MisbehavingServer() as running:
        yield running


@pytest.fixture
def other_server():
    """A second misbehaving server: another origin (another port), where the token must never go."""
    with MisbehavingServer() as running:
        yield running


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime()
