"""Iconify's own API server (`@iconify/api` 3.1.1 on Node) on a loopback port, for the Iconify API kind's tests.

`start_iconify_api(folder)` copies the pinned sets of `$ICONCAT_NODE_TOOLS/icons` (`scripts/node_tools.sh`:
Tabler, Lucide, Phosphor, each its `@iconify-json` package's `icons.json`) into `folder/icons/`, gives each
the `info` its package's `info.json` has (the pinned files carry none, and the API lists and searches
only the sets that have it: `SET_INFO`), and runs the API there with `ICONIFY_SOURCE=none` (those sets
alone, nothing fetched) on a free loopback port, until the sets are served. `skip_reason()` says why the
tests cannot run (no variable, no Node, no API), for `pytest.skip`.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

__all__ = ["MIN_NODE", "SET_INFO", "SETS", "ApiServer", "node_version", "old_node", "skip_reason", "start_iconify_api"]

SETS = ("tabler", "lucide", "ph")
SET_INFO: dict[str, dict[str, object]] = {
    "tabler": {
        "name": "Tabler Icons",
        "author": {"name": "Paweł Kuna", "url": "https://github.com/tabler/tabler-icons"},
        "license": {"title": "MIT", "spdx": "MIT", "url": "https://github.com/tabler/tabler-icons/blob/master/LICENSE"},
        "samples": ["alien", "device-desktop", "photo", "chevron-right", "check", "square-root"],
        "height": 24,
        "category": "UI 24px",
        "palette": False,
    },
    "lucide": {
        "name": "Lucide",
        "author": {"name": "Lucide Contributors", "url": "https://github.com/lucide-icons/lucide"},
        "license": {"title": "ISC", "spdx": "ISC", "url": "https://github.com/lucide-icons/lucide/blob/main/LICENSE"},
        "samples": ["circle-check", "award", "house", "check", "mountain", "chevron-up"],
        "height": 24,
        "category": "UI 24px",
        "palette": False,
    },
    "ph": {
        "name": "Phosphor",
        "author": {"name": "Phosphor Icons", "url": "https://github.com/phosphor-icons/core"},
        "license": {"title": "MIT", "spdx": "MIT", "url": "https://github.com/phosphor-icons/core/blob/main/LICENSE"},
        "samples": ["folder-open-duotone", "check-square-offset-thin", "pencil-line-fill", "check-thin"],
        "height": 24,
        "category": "UI Other / Mixed Grid",
        "palette": False,
    },
}
"""What each package's `info.json` says (the API's `/collections` answers it)."""
STARTUP_SECONDS = 90.0
NODE_TOOLS = os.environ.get("ICONCAT_NODE_TOOLS")
"""Read when the tests are collected: every test's own environment has no ICONCAT_ variable (`tests/conftest.py`)."""


MIN_NODE = (18, 0)
"""The oldest Node the pinned tools run on (esbuild and svelte say 18 in their `engines`, the API 16.15;
this project runs them on 20): an older one (a distribution's nodejs) skips the tests, saying so."""


@functools.cache
def node_version() -> tuple[int, ...] | None:
    """`node --version` as numbers (20, 20, 2), or None when it does not say."""
    try:
        said = subprocess.run(["node", "--version"], capture_output=True, text=True, timeout=30).stdout
        return tuple(int(part) for part in said.strip().lstrip("v").split(".")[:3])
    except (OSError, ValueError, subprocess.SubprocessError):
        return None


def old_node() -> str | None:
    """Why the Node on PATH is too old for the pinned tools (`MIN_NODE`), or None when it is not."""
    version = node_version()
    if version is not None and version >= MIN_NODE:
        return None
    shown = "of an unknown version" if version is None else ".".join(map(str, version))
    return f"node {shown} is older than the pinned Node tools run on ({'.'.join(map(str, MIN_NODE))}+)"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _tools() -> Path | None:
    return Path(NODE_TOOLS) if NODE_TOOLS else None


def _api_script(tools: Path) -> Path:
    return tools / "node_modules" / "@iconify" / "api" / "lib" / "index.js"


def skip_reason() -> str | None:
    """Why Iconify's API cannot be started here, or None when it can."""
    tools = _tools()
    if tools is None:
        return "ICONCAT_NODE_TOOLS is not set (scripts/node_tools.sh DIR installs @iconify/api 3.1.1 there)"
    if shutil.which("node") is None:
        return "node is not on PATH (Iconify's API runs on Node)"
    too_old = old_node()
    if too_old is not None:
        return too_old
    if not _api_script(tools).is_file():
        return f"@iconify/api is not installed in {tools} (scripts/node_tools.sh {tools})"
    missing = [name for name in SETS if not (tools / "icons" / f"{name}.json").is_file()]
    if missing:
        return f"the pinned sets {', '.join(missing)} are not in {tools}/icons (scripts/node_tools.sh {tools})"
    return None


class ApiServer:
    """A running API: its base URL and the folder of the sets it serves (as sets from disk read them)."""

    def __init__(self, base_url: str, icons: Path) -> None:
        self.base_url = base_url
        self.icons = icons

    def set_file(self, prefix: str) -> Path:
        return self.icons / f"{prefix}.json"


@contextmanager
def start_iconify_api(folder: Path) -> Iterator[ApiServer]:
    """The API serving the pinned sets from `folder/icons` on a free loopback port (see the module docstring)."""
    tools = _tools()
    assert tools is not None and skip_reason() is None, skip_reason()
    icons = folder / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    for prefix in SETS:
        document = json.loads((tools / "icons" / f"{prefix}.json").read_bytes())
        document["info"] = {**SET_INFO[prefix], "total": len(document.get("icons", {}))}
        (icons / f"{prefix}.json").write_text(json.dumps(document), encoding="utf-8")
    port = _free_port()
    env = {**os.environ, "ICONIFY_SOURCE": "none", "HOST": "127.0.0.1", "PORT": str(port), "LOG": "false"}
    env.pop("GITHUB_TOKEN", None)
    process = subprocess.Popen(
        ["node", "--expose-gc", str(_api_script(tools))],
        cwd=folder,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base_url = f"http://127.0.0.1:{port}"
    try:
        _wait_for_sets(base_url, process)
        yield ApiServer(base_url, icons)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_for_sets(base_url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"Iconify's API exited at start (status {process.returncode})")
        try:
            served = httpx.get(f"{base_url}/collections", timeout=2.0).json()
            if isinstance(served, dict) and set(SETS) <= set(served):
                return
        except (httpx.HTTPError, ValueError):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"Iconify's API did not serve the sets within {STARTUP_SECONDS:g} s")
