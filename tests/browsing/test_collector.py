"""The collector's policy while a search answer arrives (`iconcat.browsing.collector`): automatic collections
wait, nested pauses end with the last, and big answers are frozen out of the collector's sight.

`gc.freeze` is replaced by a recorder here: a real freeze would keep every object of the test run out
of later collections, other tests' included.
"""

from __future__ import annotations

import gc

import pytest

from iconcat.browsing import collector
from iconcat.browsing.collector import FREEZE_FROM, answer_arriving


@pytest.fixture
def freezes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    recorded: list[int] = []
    monkeypatch.setattr(gc, "freeze", lambda: recorded.append(1))
    assert gc.isenabled()
    yield recorded
    assert gc.isenabled(), "the collector was left off"


def test_collections_wait_while_an_answer_arrives(freezes) -> None:
    with answer_arriving():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_overlapping_searches_resume_collections_when_the_last_ends(freezes) -> None:
    first = answer_arriving()
    second = answer_arriving()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)  # the older search, cancelled by the newer one, ends first
    assert not gc.isenabled()
    second.__exit__(None, None, None)
    assert gc.isenabled()


def test_a_failed_search_resumes_collections(freezes) -> None:
    with pytest.raises(RuntimeError), answer_arriving():
        raise RuntimeError("the search failed")
    assert gc.isenabled()


def test_collections_stay_off_when_they_were_off(freezes) -> None:
    gc.disable()
    try:
        with answer_arriving():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_big_answers_are_frozen_small_ones_not(freezes) -> None:
    with answer_arriving() as arrival:
        arrival.decoded(48)
    assert freezes == []
    with answer_arriving() as arrival:
        arrival.decoded(FREEZE_FROM)
    assert freezes == [1]
    assert collector._pauses == 0
