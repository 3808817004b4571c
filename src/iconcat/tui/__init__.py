"""The full-screen browser: search the catalogue, preview an icon, download the right file.

Only `run_browser` lives here, and it imports the app lazily: importing Textual costs a noticeable part
of a second, and `iconcat search`/`iconcat download` import this package's parent without needing it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.config import Settings

__all__ = ["run_browser"]


def run_browser(settings: Settings, *, query: str | None = None, demo: bool = False) -> int:
    """Run the browser until the person quits; return the process exit code.

    With `demo=True`, or when `settings` name no catalogue, the embedded demo catalogue is started on a
    free loopback port for the app's life and the header says "demo catalogue".
    """
    from .launch import run_browser as _run_browser

    return _run_browser(settings, query=query, demo=demo)
