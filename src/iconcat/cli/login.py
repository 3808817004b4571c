"""`iconcat login`: the base URL and token, checked with one search and saved."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from iconcat.cli.catalogue import run_async
from iconcat.cli.errors import EXIT_OK, UsageError
from iconcat.cli.output import print_warning
from iconcat.failures import describe_failure
from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import ConnectionCheck, Secret
    from iconcat.config import Settings


def login(settings: Settings, *, explicit_base_url: str | None, token_from_stdin: bool) -> int:
    """Ask for (or read) the base URL and token, check them with one search, and save them.

    Interactively the base URL is asked for with the configured one as the default (Enter keeps it),
    unless --base-url gave it; the token is read with hidden input, and asked again when the catalogue
    rejects it (`LOGIN_TRIES` in all, like sudo's password). With --token-stdin nothing is asked: the
    token is the first line of standard input, the base URL must already be known, and a rejected
    token exits 3 at once.

    The base URL goes through the client's parser before the token is asked for (a typo is caught
    before the token is typed). The check is the api's `check_connection`, the connect screen's too;
    the token stays in a `Secret` until the calls that need it (a traceback with locals shows a mask).
    """
    from iconcat.api import AuthError, Secret, check_connection, parse_base_url
    from iconcat.config import save_settings

    base_url = explicit_base_url or settings.base_url
    if token_from_stdin:
        if not base_url:
            raise UsageError("with --token-stdin, give the base URL with --base-url or ICONCAT_BASE_URL")
        parse_base_url(base_url)
        token = Secret(sys.stdin.readline().strip())
        if not token:
            raise UsageError("no token given")
        try:
            check = run_async(check_connection(base_url, token, settings.timeout, warn=print_warning))
        except AuthError as error:  # no second try: nobody is there to type one
            error.args = (f"{describe_failure(error)}: nothing was saved",)
            raise
    else:
        if not sys.stdin.isatty():
            raise UsageError("no terminal to ask for the token: pipe it in with `iconcat login --token-stdin`")
        if not explicit_base_url:
            default = f" [{sanitize(base_url)}]" if base_url else ""
            sys.stderr.write(f"Catalogue base URL{default}: ")
            sys.stderr.flush()
            base_url = sys.stdin.readline().strip() or base_url
        if not base_url:
            raise UsageError("no base URL given")
        parse_base_url(base_url)
        token, check = _ask_for_a_working_token(base_url, settings.timeout)
    path = save_settings(base_url=base_url, token=token.reveal())
    print(f"The token works. {check.summary} Saved to {path}")
    return EXIT_OK


LOGIN_TRIES = 3
"""Tokens `iconcat login` asks for at a terminal before giving up, as sudo asks for a password."""


def _ask_for_a_working_token(base_url: str, timeout: float) -> tuple[Secret, ConnectionCheck]:
    """Ask for the token (hidden) until the catalogue takes one, `LOGIN_TRIES` times at most.

    Only a rejected token is asked again (the URL is kept: it answered); any other failure (the
    catalogue unreachable, a malformed token) ends the command as it would have. After the last
    rejection the `AuthError` is raised, and exits 3.
    """
    import getpass

    from iconcat.api import AuthError, Secret, check_connection

    for attempt in range(1, LOGIN_TRIES + 1):
        token = Secret(getpass.getpass("Token (hidden): ").strip())
        if not token:
            raise UsageError("no token given")
        try:
            return token, run_async(check_connection(base_url, token, timeout, warn=print_warning))
        except AuthError as error:
            if attempt == LOGIN_TRIES:
                error.args = (f"{describe_failure(error)}, {LOGIN_TRIES} times: nothing was saved",)
                raise
            print(f"Sorry, {describe_failure(error)}: try again.", file=sys.stderr)
    raise AssertionError("unreachable")  # pragma: no cover - the loop returns or raises
