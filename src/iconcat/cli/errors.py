"""The command line's exit statuses, and the failures of its own that choose one."""

from __future__ import annotations

EXIT_OK, EXIT_FAILURE, EXIT_USAGE, EXIT_AUTH, EXIT_NOT_FOUND, EXIT_INTERRUPTED = 0, 1, 2, 3, 4, 130


class UsageError(Exception):
    """A command cannot run with what it was given (exit status 2)."""


class CommandFailure(Exception):
    """The command could not do its work for a reason outside the catalogue client (exit status 1)."""
