"""`search --demo` and `download --demo`: the embedded catalogue in-process, right after install (8h).

The browser runs on the demo with no set-up; the commands for scripts now can too, and a fresh
machine's "no catalogue configured" says how.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from iconcat.config import config_path
from tests.support.cli import run_iconcat


def test_search_and_download_on_the_demo_with_nothing_configured(tmp_path):
    search = run_iconcat("search", "--demo", "arrow", "left", "--json")
    assert search.status == 0, search.stderr
    icons = json.loads(search.stdout)["data"]
    assert icons and all({"arrow", "left"} <= set(icon["name"].lower().split()) for icon in icons)
    variant_id = next(v["id"] for icon in icons for v in icon["variants"] if v["format"] == "png")

    table = run_iconcat("search", "arrow", "left", "--demo")
    assert table.status == 0 and str(variant_id) in table.stdout, "the table shows the same ids"

    download = run_iconcat("download", str(variant_id), "--demo", "-o", str(tmp_path))
    assert download.status == 0, download.stderr
    saved = Path(download.stdout.splitlines()[-1])
    assert saved.parent == tmp_path and saved.suffix == ".png"
    with Image.open(saved) as image:
        assert image.format == "PNG"
    assert not config_path().exists(), "--demo saves no settings"


def test_demo_wins_over_a_configured_catalogue(tmp_path):
    """As `browse --demo`: the demo whatever is configured (here, a catalogue that does not exist)."""
    env = {"ICONCAT_BASE_URL": "http://127.0.0.1:9", "ICONCAT_TOKEN": "not-the-demo-token"}
    outcome = run_iconcat("search", "heart", "--demo", "--json", env=env)
    assert outcome.status == 0, outcome.stderr
    assert json.loads(outcome.stdout)["data"]


def test_an_unknown_demo_variant_exits_4(tmp_path):
    outcome = run_iconcat("download", "--demo", "987654321", "-o", str(tmp_path))
    assert outcome.status == 4
    assert "not found" in outcome.error_line
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args", [["search", "arrow"], ["download", "500001"]])
def test_with_no_catalogue_the_hint_offers_the_demo(args, tmp_path):
    outcome = run_iconcat(*args, "-o", str(tmp_path)) if args[0] == "download" else run_iconcat(*args)
    assert outcome.status == 2
    line = outcome.error_line
    assert "no catalogue configured" in line and "iconcat login" in line and "--demo" in line
