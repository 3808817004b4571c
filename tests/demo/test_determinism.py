"""The demo catalogue is the same in every app instance and every process: same ids, same bytes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from iconcat.demo import catalogue as catalogue_module
from tests.support.server import serving, snapshot

REPOSITORY = Path(__file__).resolve().parents[2]
"""The probe imports `tests.support…`, so it runs from the repository root whatever pytest's folder."""


def test_two_app_instances_serve_the_same_catalogue() -> None:
    with serving(page_size=100_000) as first:
        a = snapshot(first)
    # Render again from scratch: the second instance must not merely replay the first one's cache.
    catalogue_module._render_file.cache_clear()
    with serving(page_size=100_000, token="other") as second:
        b = snapshot(second)
    assert len(a["icons"]) >= 1000
    assert a == b


def test_ids_and_files_do_not_depend_on_the_process(tmp_path) -> None:
    # A fresh interpreter with a different string-hash salt each time: nothing may depend on hash().
    program = (
        "import json, sys\n"
        "from tests.support.server import serving, snapshot\n"
        "with serving(page_size=100_000) as client:\n"
        "    json.dump(snapshot(client), sys.stdout)\n"
    )
    results = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        completed = subprocess.run(
            [sys.executable, "-c", program],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
            check=False,
            cwd=REPOSITORY,
        )
        assert completed.returncode == 0, completed.stderr
        results.append(json.loads(completed.stdout))
    assert results[0] == results[1]
    with serving(page_size=100_000) as here:
        assert json.loads(json.dumps(snapshot(here))) == results[0]
