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


def test_no_favourites_here_says_where_they_are_and_never_shows_credentials():
    # Favourites are kept per catalogue: after `iconcat login` to another, they seem gone.
    demo = Memory.open(DEMO_CATALOGUE)
    demo.toggle_favourite(icon("Star"))
    demo.toggle_favourite(icon("Moon"))
    demo.close()
    other = Memory.open("https://user:s3cret-token@icons.example.com/api/?token=s3cret-token")
    other.toggle_favourite(icon("Sun"))
    other.close()
    outcome = run_iconcat("favourites", env={"ICONCAT_BASE_URL": "http://127.0.0.1:9"})
    assert outcome.status == 0 and outcome.stdout == ""
    assert outcome.stderr.strip() == (
        "No favourites in 127.0.0.1:9; 2 in the demo catalogue (--demo), "
        "1 in icons.example.com/api (--base-url https://icons.example.com/api)."
    )
    assert "s3cret" not in outcome.stderr and "user" not in outcome.stderr
    as_json = run_iconcat("favourites", "--json", env={"ICONCAT_BASE_URL": "http://127.0.0.1:9"})
    assert json.loads(as_json.stdout)["data"] == [] and "2 in the demo catalogue" in as_json.stderr
    from_demo = run_iconcat("favourites", "--demo")
    assert "Star" in from_demo.stdout and "favourites in" not in from_demo.stderr


def test_favourites_and_recents_of_sets_from_disk_are_kept_where_the_browser_keeps_them(tmp_path):
    """Issue 29: under the key a browser over sets from disk keeps them (`Connection.memory_key`), listed by
    `--from PATH` after the command or before it, and not by `--demo`."""
    from iconcat.catalogue.kinds import sets_spec
    from iconcat.catalogue.local_sets import LocalSets
    from iconcat.tui.connection import Connection

    sets = LocalSets((str(tmp_path / "tabler"),))
    browser_over_sets = Connection(sets_spec(sets.arguments, title="Tabler Icons"), tmp_path, local=sets)
    from_disk = Memory.open(browser_over_sets.memory_key)
    from_disk.toggle_favourite(icon("Arrow Up"))
    from_disk.used(icon("Home"))
    from_disk.close()
    demo = Memory.open(DEMO_CATALOGUE)
    demo.toggle_favourite(icon("Star"))
    demo.close()
    folder = str(tmp_path / "sets")  # never read: every set from disk shares one list

    def names(*args: str) -> list[str]:
        outcome = run_iconcat(*args, "--json")
        assert outcome.status == 0, outcome.stderr
        return [entry["name"] for entry in json.loads(outcome.stdout)["data"]]

    assert names("favourites", "--from", folder) == names("--from", folder, "favourites") == ["Arrow Up"]
    assert names("recent", "--from", folder) == ["Home"]
    assert names("favourites", "--demo") == names("favourites") == ["Star"]
    assert names("favourites", "--from", folder, "--demo") == ["Star"], "--demo wins, as in the browser"
    assert "Arrow Up" in run_iconcat("favourites", env={"ICONCAT_FROM": folder}).stdout
