"""What can go wrong reading icon sets from disk, for a person to read.

SourceError      a `--from PATH` that holds nothing to serve: the command exits 2 with the message
UnreadableSet    one file that should be a set and cannot be read: skipped with one line, the rest served
"""

from __future__ import annotations

__all__ = ["SourceError", "UnreadableSet"]


class SourceError(Exception):
    """A `--from` argument that does not exist or holds no icons; the message says what was expected there."""


class UnreadableSet(Exception):
    """A file that should be an icon set (an `icons.json`, a file of `@iconify/json/json/`, a file named on
    the command line) and cannot be read. The message is the reason only ("not JSON: …"); the caller names
    the file."""
