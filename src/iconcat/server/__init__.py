"""The embedded catalogue: the service's interface, served on generated icons.

`create_app(token=..., page_size=..., latency_ms=..., icons=...)` returns the ASGI app; `start_catalogue()` serves
it on a free loopback port in a background thread (the browser's demo mode, the tests).
"""

from __future__ import annotations

from typing import Any

from .app import DEFAULT_PAGE_SIZE, DEMO_TOKEN, create_app
from .background import BackgroundServer

__all__ = ["BackgroundServer", "DEFAULT_PAGE_SIZE", "DEMO_TOKEN", "create_app", "start_catalogue"]


def start_catalogue(
    *, token: str = DEMO_TOKEN, host: str = "127.0.0.1", port: int = 0, **options: Any
) -> BackgroundServer:
    """Serve a new catalogue app (options as `create_app`) and return the running server."""
    return BackgroundServer(create_app(token=token, **options), host=host, port=port).start()
