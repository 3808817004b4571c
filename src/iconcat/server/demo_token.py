"""The demo's token, apart so that naming it imports nothing else of the server."""

from __future__ import annotations

__all__ = ["DEMO_TOKEN"]

DEMO_TOKEN = "iconcat-demo"
"""The embedded catalogue's token unless told otherwise (it guards demo data: no secret)."""
