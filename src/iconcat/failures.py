"""The one way a failure becomes the sentence a person reads: `describe_failure(error)`.

The browser, its dialogs and the command line all catch failures they did not foresee (a bug, a
library's surprise) as well as the ones they did. Every one of them shows the same kind of sentence:
what went wrong in words, never an exception's class name (which means nothing to a person), passed
through `sanitize` (an exception's text can quote a server string) and cut to one line.

Errors of the catalogue client (`iconcat.api.CatalogueError`) are already written for a person, so
their text is used as it is. A disk's own errors (`OSError`) are named by their errno, because
`strerror` is terse and locale-dependent and `str()` of one repeats errno numbers. Anything else shows
its message, or "an unexpected problem" when it has none. Imports nothing of `iconcat.api`:
`iconcat.disk.downloads` words its disk failures with `os_error_reason` too.
"""

from __future__ import annotations

import errno

from iconcat.text import sanitize

__all__ = ["describe_failure", "os_error_reason", "FAILURE_MAX_LENGTH"]

FAILURE_MAX_LENGTH = 300
"""Longest failure sentence shown: one line of a notification or a status, never a screenful."""

_OS_REASONS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is exhausted",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EROFS: "the filesystem is read-only",
    errno.ENOENT: "it does not exist",
    errno.ENOTDIR: "it is not a folder",
    errno.EISDIR: "a folder has that name",
    errno.EEXIST: "a file of that name exists already",
    errno.ENAMETOOLONG: "the name is too long",
}


def os_error_reason(error: OSError) -> str:
    """A short lower-case reason for a disk failure: "the disk is full", "permission denied"…"""
    if isinstance(error, TimeoutError):
        return "it took too long"
    reason = _OS_REASONS.get(error.errno or 0)
    if reason is not None:
        return reason
    # No strerror: an OSError made with a message of our own (errno set afterwards) says it in its args.
    said = error.strerror or (str(error.args[0]) if error.args and isinstance(error.args[0], str) else "")
    return sanitize(said, max_length=120) or "the system refused it"


def describe_failure(error: BaseException, *, max_length: int = FAILURE_MAX_LENGTH) -> str:
    """The sentence a person sees for `error`: plain, sanitised, never a class name, at most `max_length`."""
    if isinstance(error, OSError) and error.errno is not None:
        where = error.filename if error.filename is not None else None
        reason = os_error_reason(error)
        text = f"{where}: {reason}" if where is not None else reason
    elif isinstance(error, TimeoutError):
        text = "it took too long"
    else:
        text = str(error).strip() or "an unexpected problem (no details)"
    return sanitize(text, max_length=max_length) or "an unexpected problem (no details)"
