"""Catalogues named for a person: "the demo catalogue", "icons.example.com", and how to open one; and the
key each is known by.

The memory keeps a catalogue's favourites under its key (`catalogue_key`: the base URL as it was
configured; `DEMO_CATALOGUE`, `LOCAL_SETS`), defined here, where nothing heavy is imported, so that
choosing a catalogue costs no SQLite (`iconcat.memory` has the same names). A base URL may carry what
a person must never see printed, a user and password or a token in its query. A catalogue is named by
its host, port and path alone, sanitised; the option that opens it (`--base-url URL`) has the same
address without user, query or fragment (the token comes from the environment, the config file or
`iconcat login`, never the command line).

No Textual here: the browser's empty screen and `iconcat favourites` say the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlsplit

from iconcat.text import sanitize

__all__ = [
    "DEMO_CATALOGUE",
    "ICONIFY_PREFIX",
    "LOCAL_SETS",
    "catalogue_key",
    "iconify_key",
    "catalogue_label",
    "catalogue_option",
    "favourites_elsewhere_note",
]

DEMO_CATALOGUE = "demo"
"""The key of the embedded demo catalogue's memories (its address changes with every run)."""
LOCAL_SETS = "local"
"""The key of the memories of icon sets from disk (`--from`), one for all of them: their ids are stable
whatever sets are served beside them, and the embedded catalogue's address changes with every run."""


ICONIFY_PREFIX = "iconify:"
"""The start of the key of an Iconify API's memories: `iconify:<its URL>` (issue 33). Its icons have the
same ids as the same icons from disk, so a favourite names the same icon in every kind; the lists are
kept apart all the same, as every catalogue's are."""


def iconify_key(url: str) -> str:
    """The key an Iconify API's memories are kept under: `iconify:` and its URL, without a trailing slash."""
    return ICONIFY_PREFIX + url.strip().rstrip("/")


def catalogue_key(base_url: str) -> str:
    """The key a catalogue's memories are kept under: its base URL, without a trailing slash."""
    return base_url.strip().rstrip("/")


SHOWN_ELSEWHERE = 3
"""Other catalogues named in a note at most (the ones with the most favourites)."""


def _address(key: str) -> tuple[str, str]:
    """(scheme, host[:port]/path) of a catalogue's key, without user, password, query or fragment."""
    try:
        parts = urlsplit(key)
        host = parts.hostname or ""
        port = parts.port
    except ValueError:  # (a malformed port: the key as the memory holds it is no URL to show)
        return "", ""
    if not host:
        return "", ""
    if ":" in host:  # an IPv6 literal
        host = f"[{host}]"
    where = f"{host}:{port}" if port is not None else host
    return parts.scheme, (where + parts.path.rstrip("/"))


def catalogue_label(key: str) -> str:
    """How a person reads a catalogue's name: "the demo catalogue", else its host and path, sanitised."""
    if key == DEMO_CATALOGUE:
        return "the demo catalogue"
    if key == LOCAL_SETS:
        return "your icon sets from disk"
    if key.startswith(ICONIFY_PREFIX):
        _scheme, where = _address(key.removeprefix(ICONIFY_PREFIX))
        return f"Iconify's API at {sanitize(where, max_length=60)}" if where else "an Iconify API"
    _scheme, where = _address(key)
    return sanitize(where, max_length=60) if where else "another catalogue"


def catalogue_option(key: str) -> str:
    """The option that opens the catalogue: "--demo", or "--base-url https://host/path" ('' when its
    address cannot be shown)."""
    if key == DEMO_CATALOGUE:
        return "--demo"
    if key == LOCAL_SETS:
        return "--from PATH"
    option = "--base-url"
    if key.startswith(ICONIFY_PREFIX):
        option, key = "--iconify", key.removeprefix(ICONIFY_PREFIX)
    scheme, where = _address(key)
    if not where or scheme not in ("http", "https"):
        return ""
    return f"{option} {sanitize(f'{scheme}://{where}', max_length=100)}"


def favourites_elsewhere_note(here: str, elsewhere: Sequence[tuple[str, int]]) -> str:
    """ "no favourites in icons.example.com; 2 in the demo catalogue (--demo)": where the favourites
    are when the catalogue in use (`here`, a memory key) has none ('' when no other has any either)."""
    if not elsewhere:
        return ""
    named = []
    for key, count in elsewhere[:SHOWN_ELSEWHERE]:
        option = catalogue_option(key)
        named.append(f"{count:,} in {catalogue_label(key)}" + (f" ({option})" if option else ""))
    more = len(elsewhere) - SHOWN_ELSEWHERE
    if more > 0:
        named.append(f"and in {more} other catalogue{'s' if more > 1 else ''}")
    return f"no favourites in {catalogue_label(here)}; " + ", ".join(named)
