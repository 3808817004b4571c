"""The frameworks' own tools over a snippet (`snippet_check.mjs` beside this file, run by Node): esbuild
for JSX and TSX, @vue/compiler-sfc for Vue, svelte/compiler for Svelte, PostCSS for CSS, from the pinned tools in
$ICONCAT_NODE_TOOLS (`scripts/node_tools.sh`). A test that needs them skips, saying why, without Node,
without the variable, or without the tool there."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.support.iconify_api import old_node

HELPER = Path(__file__).with_name("snippet_check.mjs")
TOOL_PACKAGES = {"jsx": "esbuild", "tsx": "esbuild", "vue": "@vue/compiler-sfc", "svelte": "svelte", "css": "postcss"}
"""The package that checks each kind (PostCSS comes with @vue/compiler-sfc)."""
NODE_TOOLS = os.environ.get("ICONCAT_NODE_TOOLS")
"""Read when the tests are collected: every test's own environment has no ICONCAT_ variable (`tests/conftest.py`)."""
TIMEOUT = 60.0
"""Seconds a tool may take (esbuild and the compilers answer in well under one: this catches a hang)."""


def skip_without_tool(kind: str) -> None:
    """Skip the test, saying why, when the tool that checks `kind` cannot run here."""
    folder = NODE_TOOLS
    if not folder:
        pytest.skip("ICONCAT_NODE_TOOLS is not set (scripts/node_tools.sh DIR installs the Node tools)")
    if shutil.which("node") is None:
        pytest.skip("Node is not installed: the framework's own tools cannot check the snippet")
    too_old = old_node()
    if too_old is not None:
        pytest.skip(too_old)
    package = TOOL_PACKAGES[kind]
    if not (Path(folder) / "node_modules" / package / "package.json").is_file():
        pytest.skip(f"{package} is not installed in ICONCAT_NODE_TOOLS={folder}")


def check_with_tool(kind: str, source: str) -> dict[str, Any]:
    """What the framework's tool makes of `source` (see `snippet_check.mjs`); an assertion error with
    the tool's words when it refuses it."""
    skip_without_tool(kind)
    done = subprocess.run(
        ["node", str(HELPER)],
        input=json.dumps({"kind": kind, "source": source}),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
        env={**os.environ, "ICONCAT_NODE_TOOLS": str(NODE_TOOLS)},
    )
    assert done.returncode == 0, f"the {kind} tool refused the snippet:\n{done.stderr}\n{source}"
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def check_many_with_tool(kind: str, sources: list[str]) -> list[dict[str, Any]]:
    """What the framework's tool makes of each of `sources`, in one run of Node (a refusal is
    `{"refused": "…"}`)."""
    skip_without_tool(kind)
    done = subprocess.run(
        ["node", str(HELPER)],
        input=json.dumps({"kind": kind, "sources": sources}),
        capture_output=True,
        text=True,
        timeout=TIMEOUT * 4,
        check=False,
        env={**os.environ, "ICONCAT_NODE_TOOLS": str(NODE_TOOLS)},
    )
    assert done.returncode == 0, f"the {kind} tool failed:\n{done.stderr}"
    answers: list[dict[str, Any]] = json.loads(done.stdout)
    return answers


def pinned_icons(every: int = 40) -> list[tuple[str, str]]:
    """(Iconify name, SVG) of every `every`th icon of the pinned real sets ($ICONCAT_NODE_TOOLS/icons:
    Tabler, Lucide, Phosphor), built as `@iconify/utils` builds them; the test skips without them."""
    from iconcat.iconify.svg import entry_box, iconify_svg, root_box

    folder = Path(NODE_TOOLS) / "icons" if NODE_TOOLS else None
    if folder is None or not folder.is_dir():
        pytest.skip("ICONCAT_NODE_TOOLS is not set, or holds no icons/ (scripts/node_tools.sh DIR)")
    found = []
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        root = root_box(data)
        for name in sorted(data["icons"])[::every]:
            entry = data["icons"][name]
            found.append((f"{data['prefix']}:{name}", iconify_svg(entry["body"], *entry_box(entry, root))[0]))
    return found
