"""Iconify's own @iconify/utils loading an Iconify JSON file (`iconify_utils_check.mjs` beside this file),
from the pinned Node tools `scripts/node_tools.sh DIR` installs and `ICONCAT_NODE_TOOLS` names.

The variable is read when this module is imported, at collection: every test's environment is emptied
of `ICONCAT_*` variables before it runs (`tests/conftest.py`)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.support.iconify_api import old_node

NODE_TOOLS = os.environ.get("ICONCAT_NODE_TOOLS")
CHECK = Path(__file__).with_name("iconify_utils_check.mjs")


def utils_or_skip() -> Path:
    """The node_modules folder holding @iconify/utils; the test skips, saying why, without it."""
    if not NODE_TOOLS:
        pytest.skip("ICONCAT_NODE_TOOLS is not set (scripts/node_tools.sh DIR installs @iconify/utils there)")
    if shutil.which("node") is None:
        pytest.skip("Node is not installed")
    too_old = old_node()
    if too_old is not None:
        pytest.skip(too_old)
    modules = Path(NODE_TOOLS) / "node_modules"
    if not (modules / "@iconify" / "utils").is_dir():
        pytest.skip(f"@iconify/utils is not installed in {NODE_TOOLS}")
    return modules


def loaded_by_iconify_utils(path: Path) -> dict[str, Any]:
    """What @iconify/utils makes of the Iconify JSON file at `path`: {"prefix", "info" (as
    `convertIconSetInfo` reads it), "icons": {name: {"viewBox", "body", "xlink"}}} (`iconToSVG`'s)."""
    modules = utils_or_skip()
    checked = subprocess.run(
        ["node", str(CHECK), str(path)],
        env={**os.environ, "NODE_PATH": str(modules)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr
    answer: dict[str, Any] = json.loads(checked.stdout)
    return answer
