"""The demo catalogue's constants, apart so that naming them imports nothing else of the server."""

from __future__ import annotations

__all__ = ["DEMO_TOKEN"]

DEMO_TOKEN = "iconcat-demo"
"""The embedded catalogue's token unless told otherwise (it guards demo data: no secret)."""
