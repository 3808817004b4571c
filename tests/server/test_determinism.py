"""The demo catalogue is the same in every app instance and every process: same ids, same bytes."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

from iconcat.server import catalogue as catalogue_module

from .support import serving

PROBE_QUERIES = ["", "arrow", "cloud rain", "settings"]
REPOSITORY = Path(__file__).resolve().parents[2]
"""The probe imports `tests.server…`, so it runs from the repository root whatever pytest's folder."""


def snapshot(client) -> dict:
    """Ids of every icon and variant, and digests of a few files in each format, fetched over HTTP."""
    listing = client.get("/api/v1/search", params={"name": ""}).json()["data"]
    files = {}
    for name in ("Settings", "Cloud Rain", "Calendar"):
        icon = next(i for i in listing if i["name"] == name and i["set"]["name"] == "Core UI" and i["style"]["name"] == "Colour")
        for v in icon["variants"]:
            body = client.get("/api/v1/download", params={"id": v["id"]}).content
            files[v["id"]] = hashlib.sha256(body).hexdigest()
        files[f"thumb-{icon['id']}"] = hashlib.sha256(client.get(icon["thumbnail"]).content).hexdigest()
    return {
        "icons": [(i["id"], i["name"], i["style"]["name"], i["set"]["name"], [v["id"] for v in i["variants"]]) for i in listing],
        "searches": {q: [i["id"] for i in client.get("/api/v1/search", params={"name": q}).json()["data"]] for q in PROBE_QUERIES},
        "files": files,
    }


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
        "from tests.server.support import serving\n"
        "from tests.server.test_determinism import snapshot\n"
        "with serving(page_size=100_000) as client:\n"
        "    json.dump(snapshot(client), sys.stdout)\n"
    )
    results = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        completed = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, env=env,
                                   timeout=120, check=False, cwd=REPOSITORY)
        assert completed.returncode == 0, completed.stderr
        results.append(json.loads(completed.stdout))
    assert results[0] == results[1]
    with serving(page_size=100_000) as here:
        assert json.loads(json.dumps(snapshot(here))) == results[0]
