"""A quick start: `iconcat --help` loads none of the heavy stacks, and `iconcat search` only what it needs.

Each case runs the real command line (`iconcat.cli.main`) in a fresh interpreter, through a small
wrapper that reports, at exit, which modules were imported and how many SSL contexts were made
(`ssl.SSLContext` constructions counted: httpx builds one per transport unless told otherwise).
No timing here: benchmarks/cli.py measures the time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

HEAVY = ("asyncio", "httpx", "textual", "PIL", "msgspec", "ssl", "rich", "rich_pixels", "starlette", "uvicorn")
"""Stacks `iconcat --help` must not import (msgspec: the fast decoder, for big answers only)."""

PROBE = r"""
import json, sys
counted = []
if sys.argv[1] == "count-ssl":
    import ssl

    original = ssl.SSLContext.__new__

    def counting(cls, *args, **kwargs):
        context = original(cls, *args, **kwargs)
        counted.append(context)
        return context

    ssl.SSLContext.__new__ = staticmethod(counting)
from iconcat.cli import main
try:
    status = main(sys.argv[2:])
except SystemExit as exit:
    status = exit.code
report = {
    "status": status,
    "modules": sorted(sys.modules),
    "contexts": [[int(c.verify_mode), c.check_hostname] for c in counted],
}
print("PROBE " + json.dumps(report), file=sys.stderr)
"""


def probe(*args: str, env: dict[str, str] | None = None, count_ssl: bool = False) -> dict:
    """Run `iconcat ARGS` in a fresh interpreter; its exit status, imported modules and SSL contexts."""
    completed = subprocess.run(
        [sys.executable, "-c", PROBE, "count-ssl" if count_ssl else "-", *args],
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    lines = [line for line in completed.stderr.splitlines() if line.startswith("PROBE ")]
    assert lines, completed.stderr
    report = json.loads(lines[-1].removeprefix("PROBE "))
    report["stdout"] = completed.stdout
    return report


def heavy_in(modules: list[str]) -> list[str]:
    return sorted({name.split(".")[0] for name in modules} & set(HEAVY))


@pytest.mark.parametrize("args", [["--help"], ["search", "--help"], ["browse", "--help"], ["--version"]])
def test_help_imports_none_of_the_heavy_stacks(args: list[str]) -> None:
    report = probe(*args)
    assert report["status"] == 0
    assert "iconcat.cli" in report["modules"] and "argparse" in report["modules"]  # the probe sees imports
    assert heavy_in(report["modules"]) == []


def test_the_probe_sees_a_heavy_import() -> None:
    """The same probe on a command that does import them (a search refused by the client, before any
    request: the query is too long): the check above could fail."""
    env = {"ICONCAT_BASE_URL": "http://127.0.0.1:9", "ICONCAT_TOKEN": "t"}
    report = probe("search", "x" * 600, env=env)
    assert report["status"] == 2
    assert {"asyncio", "httpx"} <= set(heavy_in(report["modules"]))


def test_search_on_plain_http_loads_only_what_it_needs(configured) -> None:
    report = probe("search", "arrow", env=configured, count_ssl=True)
    assert report["status"] == 0 and "Arrow" in report["stdout"]
    assert report["contexts"] == []
    loaded = {name.split(".")[0] for name in report["modules"]}
    assert "httpx" in loaded  # the search did go through httpx...
    assert "httpx._main" not in report["modules"]  # ...without its command-line tool
    assert {"click", "pygments", "textual", "PIL", "starlette", "uvicorn"} & loaded == set()
    assert "msgspec" not in loaded  # a page of 48 icons goes through the tolerant parser: no fast decoder
    assert "sqlite3" not in loaded  # choosing the catalogue names it and keys it, never opens the memory


@pytest.mark.parametrize("options", [["--demo"], ["--demo", "--all"]])
def test_search_on_the_demo_loads_no_server(options: list[str]) -> None:
    """In-process (issue 30): the demo's catalogue object is asked, no HTTP app, no uvicorn (they were
    loaded to serve it on a loopback port until session 35)."""
    report = probe("search", "arrow", *options)
    assert report["status"] == 0 and "Arrow" in report["stdout"]
    assert {"starlette", "uvicorn"} & {name.split(".")[0] for name in report["modules"]} == set()
    assert "iconcat.server.app" not in report["modules"] and "iconcat.catalogue.service" not in report["modules"]


@pytest.mark.parametrize("args", [["search", "arrow", "--demo"], ["sets", "--demo", "--json"]])
def test_the_in_process_catalogue_loads_no_http_stack(args: list[str]) -> None:
    """The demo and sets from disk are answered in-process: their commands never import httpx (100-130 ms
    of `iconcat sets --from`'s start until session 37: `iconcat.api` imported every module with the
    package, and the adapter took its file limits from the HTTP client's module)."""
    report = probe(*args)
    assert report["status"] == 0 and report["stdout"].strip()
    assert "iconcat.api._models" in report["modules"]  # the answers were read by the client's parser...
    assert "httpx" not in {name.split(".")[0] for name in report["modules"]}  # ...with no HTTP stack


def test_search_on_https_still_makes_a_verifying_context() -> None:
    """As before: the context is made with the client. (The search is then refused before any request,
    its query too long, so nothing needs to listen there.)"""
    env = {"ICONCAT_BASE_URL": "https://127.0.0.1:9", "ICONCAT_TOKEN": "t"}
    report = probe("search", "x" * 600, env=env, count_ssl=True)
    assert report["status"] == 2
    assert report["contexts"], "no SSL context for an https catalogue"
    assert all(context == [2, True] for context in report["contexts"])  # CERT_REQUIRED, hostname checked
