"""The choice's own refusal: no catalogue configured for a command that needs one.

A module of its own, imported only when a choice is refused: it subclasses `iconcat.api.SettingsError`,
and `iconcat.api` brings httpx, which `choose` must not import for a choice that succeeds (the browser
chooses before its first frame).
"""

from __future__ import annotations

from iconcat.api import SettingsError

__all__ = ["NoCatalogueConfigured"]


class NoCatalogueConfigured(SettingsError):
    """`search` or `download` with no base URL, no sets from disk and no `--demo`."""
