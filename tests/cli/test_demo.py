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


NO_CATALOGUE_COMMANDS = [["search", "arrow"], ["download", "500001", "-o", "."]]


def failed_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The one line `iconcat ARGV` prints when it fails with a usage error, run in this process."""
    from iconcat.cli import main

    assert main(argv) == 2
    [line] = capsys.readouterr().err.splitlines()
    return line


@pytest.mark.parametrize("argv", NO_CATALOGUE_COMMANDS, ids=["search", "download"])
def test_with_no_catalogue_the_hint_names_from(argv, tmp_path, monkeypatch, capsys):
    """Issue 29: --from is a way to a catalogue too; an empty @iconify-json scope holds no set to offer."""
    (tmp_path / "node_modules" / "@iconify-json" / "tabler").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    line = failed_line(argv, capsys)
    assert "no catalogue configured" in line and "--from PATH" in line and "--demo" in line
    assert "iconcat login" in line and "--from ." not in line


@pytest.mark.parametrize("argv", NO_CATALOGUE_COMMANDS, ids=["search", "download"])
@pytest.mark.parametrize(
    ("installed", "named"),
    [
        ("node_modules/@iconify-json/tabler/icons.json", "node_modules/@iconify-json"),
        ("node_modules/@iconify/json/json/tabler.json", "node_modules/@iconify/json"),
    ],
    ids=["packages", "collection"],
)
def test_in_a_folder_with_iconify_sets_the_hint_gives_the_from_to_type(
    argv, installed, named, tmp_path, monkeypatch, capsys
):
    from tests.support.iconsets import iconify_set, write_json

    write_json(tmp_path / installed, iconify_set("tabler", {"arrow-up": {}, "arrow-down": {}}))
    monkeypatch.chdir(tmp_path)
    line = failed_line(argv, capsys)
    assert f"this folder holds icon sets ({named}): add --from . to use them" in line
    assert "--demo" in line and "iconcat login" in line

    from iconcat.cli import main

    assert main(["search", "arrow", "--json", "--from", "."]) == 0, "the --from it gives serves those sets"
    assert {icon["name"] for icon in json.loads(capsys.readouterr().out)["data"]} == {"Arrow Up", "Arrow Down"}
