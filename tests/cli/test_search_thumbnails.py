"""`iconcat search --json` gives a `thumbnail` only where its address outlives the command: from a catalogue
it connects to (here a real `iconcat serve`, whose previews answer), never from one it asks in-process
(`--demo`, `--from`), whose icons have no address (before session 35: a port that closed as the command
ended)."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from iconcat.server import DEMO_TOKEN
from tests.support.cli import run_iconcat, serving_iconcat
from tests.support.iconsets import iconify_package, iconify_set
from tests.support.server import png_header


@pytest.fixture
def tabler(tmp_path: Path) -> str:
    """A small `@iconify-json/tabler` package: arrow-up, arrow-down."""
    folder = tmp_path / "tabler"
    iconify_package(folder, iconify_set("tabler", {"arrow-up": {}, "arrow-down": {}}, width=24, height=24))
    return str(folder)


def searched(*args: str, env: dict[str, str] | None = None) -> list[dict]:
    outcome = run_iconcat("search", *args, "--json", env=env)
    assert outcome.status == 0, outcome.stderr
    found = json.loads(outcome.stdout)["data"]
    assert found
    return found


@pytest.mark.parametrize("every_page", [False, True], ids=["one page", "every page"])
def test_an_in_process_catalogue_gives_no_thumbnail(tabler: str, every_page: bool) -> None:
    more = ["--all"] if every_page else []
    for found in (searched("arrow", "--demo", *more), searched("arrow", "--from", tabler, *more)):
        assert all("thumbnail" not in icon for icon in found)
        assert all(icon["variants"] and icon["set"]["name"] for icon in found), "the rest as before"


def test_a_catalogue_connected_to_gives_thumbnails_that_answer(tabler: str) -> None:
    with serving_iconcat("--from", tabler) as server:
        found = searched("arrow", env={"ICONCAT_BASE_URL": server.base_url, "ICONCAT_TOKEN": DEMO_TOKEN})
        assert {icon["name"] for icon in found} == {"Arrow Up", "Arrow Down"}
        for icon in found:
            preview = httpx.get(icon["thumbnail"], headers={"Authorization": f"Bearer {DEMO_TOKEN}"})
            assert preview.status_code == 200 and png_header(preview.content)[:2] == (128, 128)
