"""`describe_failure`: every failure becomes a sentence for a person, never an exception's class name."""

from __future__ import annotations

import errno

import pytest

from iconcat.api import NetworkError, StorageError
from iconcat.failures import describe_failure


class SurpriseFromALibrary(Exception):
    pass


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        (NetworkError("the catalogue did not answer: try again"), "the catalogue did not answer: try again"),
        (StorageError("could not save the file: the disk is full"), "could not save the file: the disk is full"),
        (PermissionError(errno.EACCES, "Permission denied", "/srv/icons"), "/srv/icons: permission denied"),
        (OSError(errno.ENOSPC, "No space left on device"), "the disk is full"),
        (TimeoutError(), "it took too long"),
        (SurpriseFromALibrary(), "an unexpected problem (no details)"),
        (SurpriseFromALibrary("the value was 3"), "the value was 3"),
    ],
)
def test_a_failure_reads_as_words(error: BaseException, expected: str) -> None:
    described = describe_failure(error)
    assert described == expected
    assert type(error).__name__ not in described


def test_an_oserror_with_our_own_message_keeps_it() -> None:
    error = OSError("port 8000 is in use")
    error.errno = errno.EADDRINUSE
    assert describe_failure(error) == "port 8000 is in use"


def test_text_from_anywhere_is_sanitised_and_cut() -> None:
    described = describe_failure(ValueError("\x1b]52;c;aGk=\x07name\n" + "x" * 1000), max_length=80)
    assert "\x1b" not in described and "\x07" not in described and "\n" not in described
    assert len(described) <= 80 and described.endswith("…")
