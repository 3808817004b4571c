"""The embedded catalogue's HTTP face (`iconcat serve`): the service's interface, served on the demo's
generated icons (`iconcat.demo`) or on icon sets from disk (`iconcat.sources`).

`create_app(token=..., page_size=..., latency_ms=..., icons=...)` returns the ASGI app; `start_catalogue()` serves
it on a free loopback port in a background thread (the tests; the browser answers its demo in-process).

Nothing heavy is imported with the package: Starlette and the catalogue load with `create_app` (and the
names from `.app`), uvicorn when a server starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .demo_token import DEMO_TOKEN

if TYPE_CHECKING:  # pragma: no cover - typing only
    from .app import DEFAULT_PAGE_SIZE, create_app
    from .background import BackgroundServer

__all__ = ["BackgroundServer", "DEFAULT_PAGE_SIZE", "DEMO_TOKEN", "create_app", "start_catalogue"]

_LAZY = {"DEFAULT_PAGE_SIZE": ".app", "create_app": ".app", "BackgroundServer": ".background"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def start_catalogue(
    *,
    token: str = DEMO_TOKEN,
    host: str = "127.0.0.1",
    port: int = 0,
    **options: Any,
) -> BackgroundServer:
    """Serve a new catalogue app (options as `create_app`) and return the running server."""
    from .app import create_app
    from .background import BackgroundServer

    return BackgroundServer(create_app(token=token, **options), host=host, port=port).start()
