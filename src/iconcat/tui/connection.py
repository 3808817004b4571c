"""Which catalogue the browser talks to, and how it is named on screen."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from iconcat.text import sanitize

__all__ = ["Connection", "DEMO_LABEL"]

DEMO_LABEL = "demo catalogue"
"""What the header says when the embedded demo catalogue is in use."""


@dataclass(frozen=True)
class Connection:
    """A catalogue to browse: where it is, the token it wants, and where downloads go."""

    base_url: str
    """The catalogue's base URL, e.g. `https://icons.example.com`."""
    token: str = field(repr=False)
    """The bearer token; never shown, never in a repr."""
    download_dir: Path
    """The folder downloaded files are saved into."""
    timeout: float = 30.0
    """Deadline in seconds for each whole request."""
    is_demo: bool = False
    """True when this is the embedded demo catalogue started by the browser itself."""
    local_sets: str | None = None
    """The sets from disk this embedded catalogue serves, as the header names them ("Tabler Icons,
    Phosphor", "243 icon sets"; sanitised when made), with `is_demo` (embedded, a new port each run);
    None: not sets from disk."""
    served_sets: frozenset[int] | None = None
    """The ids of the sets from disk served (an icon's `set.id`), once their index is open; None: not
    known (not sets from disk, or not read yet), and then every remembered icon is taken as served.
    Remembered icons of every set from disk share one memory (`memory_key`): this tells the ones this
    run cannot ask for (`iconcat.browsing.remembered.not_served`)."""
    filename_template: str | None = None
    """The file-name template saved files are named with (the `filename` setting, checked); None: each
    icon's default (`iconcat.api.default_template`)."""

    @property
    def label(self) -> str:
        """Short name for the header: "demo catalogue", the sets from disk served, or the catalogue's host
        (and port)."""
        if self.local_sets is not None:
            return self.local_sets
        if self.is_demo:
            return DEMO_LABEL
        return catalogue_host(self.base_url)

    @property
    def memory_key(self) -> str:
        """What the browser's memories are kept under: one key for the demo, one for every set from disk
        (their ids are stable whatever is served beside them), else the base URL."""
        from iconcat.memory import DEMO_CATALOGUE, LOCAL_SETS

        if self.local_sets is not None:
            return LOCAL_SETS
        return DEMO_CATALOGUE if self.is_demo else self.base_url


def catalogue_host(base_url: str) -> str:
    """The host[:port] of `base_url`, without any userinfo, safe to show."""
    try:
        parts = urlsplit(base_url)
        host = parts.hostname or ""
        port = parts.port
    except ValueError:
        return sanitize(base_url, max_length=60)
    shown = f"[{host}]" if ":" in host else host
    if port is not None:
        shown = f"{shown}:{port}"
    return sanitize(shown or base_url, max_length=60)
