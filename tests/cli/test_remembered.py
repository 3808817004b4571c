"""`iconcat favourites` and `iconcat recent`: what the browser remembered, for scripts (issue 14)."""

from __future__ import annotations

import dataclasses
import json

from iconcat.memory import DEMO_CATALOGUE, Memory
from tests.support.cli import run_iconcat
from tests.support.icons import icon

HOSTILE = "zz \x1b]52;c;cGF3bmVk\x07 [bold]star\u202e"


def test_favourites_and_recents_of_the_demo_and_of_a_configured_catalogue():
    demo = Memory.open(DEMO_CATALOGUE)
    star, used = icon("Star"), icon("Bell", style="Filled")
    demo.toggle_favourite(star)
    demo.used(used)
    demo.close()
    configured = Memory.open("http://127.0.0.1:9/")
    configured.toggle_favourite(icon("Only There"))
    configured.close()

    listed = run_iconcat("favourites", "--json")
    assert listed.status == 0, listed.stderr
    assert [entry["name"] for entry in json.loads(listed.stdout)["data"]] == ["Star"]
    assert [entry["name"] for entry in json.loads(run_iconcat("recent", "--json", "--demo").stdout)["data"]] == ["Bell"]
    elsewhere = run_iconcat("favourites", "--json", env={"ICONCAT_BASE_URL": "http://127.0.0.1:9"})
    assert [entry["name"] for entry in json.loads(elsewhere.stdout)["data"]] == ["Only There"]
    table = run_iconcat("favourites")
    assert "Star" in table.stdout and str(star.id) in table.stdout


def test_nothing_remembered_says_so_on_stderr_and_prints_nothing():
    outcome = run_iconcat("recent")
    assert outcome.status == 0 and outcome.stdout == "" and "Nothing yet" in outcome.stderr


def test_hostile_names_stay_inert_in_both_forms():
    memory = Memory.open(DEMO_CATALOGUE)
    memory.toggle_favourite(dataclasses.replace(icon("x"), name=HOSTILE))
    memory.close()
    as_json = run_iconcat("favourites", "--json")
    assert "\x1b" not in as_json.stdout and "\u202e" not in as_json.stdout  # escaped by ensure_ascii
    assert json.loads(as_json.stdout)["data"][0]["name"] == HOSTILE  # the data itself kept exactly
    table = run_iconcat("favourites")
    assert "\x1b" not in table.stdout and "\u202e" not in table.stdout and "\x07" not in table.stdout
