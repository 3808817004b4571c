"""Import httpx without its command-line tool: the first thing `iconcat.api` does, before any of its
modules imports httpx.

httpx's `__init__` ends with `from ._main import main` inside `try/except ImportError`: its own `httpx`
command needs click, rich and pygments, and is imported whenever click is installed. click is, here:
uvicorn (the embedded catalogue's server) requires it. Measured: that import is ~50 ms of the ~130 ms
httpx takes to import, a quarter of `iconcat search`'s whole run, for a tool iconcat never runs.

Decision, after weighing the alternatives (dropping uvicorn for another server is not ours to do, and
would only move the click dependency; importing httpcore directly would lose httpx's transport and
error mapping): while httpx is imported, `sys.modules["httpx._main"]` is None, Python's documented way
to make one import fail with ImportError. httpx then defines the stub `main` it defines without click,
and nothing else changes (`main` is all `_main` provides). The entry is removed at once, so a later
`import httpx._main` (someone running httpx's tool in the same process) still works. When httpx was
already imported (a host program, the test suite's Starlette test client) this does nothing.
"""

from __future__ import annotations

import sys

__all__: list[str] = []

if "httpx" not in sys.modules and "httpx._main" not in sys.modules:
    sys.modules["httpx._main"] = None  # type: ignore[assignment]  # None blocks the import: see above
    try:
        import httpx  # noqa: F401 - imported for the side effect of being imported now, without _main
    finally:
        entry: object = sys.modules.get("httpx._main", sys)  # typed as a module, None in fact
        if entry is None:
            del sys.modules["httpx._main"]
