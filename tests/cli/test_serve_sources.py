"""`iconcat serve` serves the icon sets `ICONCAT_FROM` or the config file's `from` name, as the other
commands do (flag > environment > config file); a base URL, which only says where the commands that
connect go, does not hide them; `--demo`, or `--icons N` (which sizes the demo), serves the demo
whatever is configured. Each case runs the real command on a free port and searches it over loopback."""

from __future__ import annotations

import json
import os
from pathlib import Path

import httpx
import pytest

from iconcat.server import DEMO_TOKEN
from tests.support.cli import run_iconcat, serving_iconcat
from tests.support.iconsets import iconify_package, iconify_set


@pytest.fixture
def sets(tmp_path: Path) -> dict[str, str]:
    """Two small `@iconify-json` packages: Tabler Icons (arrow-up, home) and Phosphor (acorn)."""
    folders = {}
    for prefix, name, keys in (("tabler", "Tabler Icons", ["arrow-up", "home"]), ("ph", "Phosphor", ["acorn"])):
        folder = tmp_path / "sets" / prefix
        icons = iconify_set(prefix, {key: {} for key in keys}, width=24, height=24)
        iconify_package(folder, icons, info={"name": name})
        folders[prefix] = str(folder)
    return folders


def configure_from(*paths: str) -> None:
    """The config file's `from` (the test's own config folder: tests/conftest.py points XDG_CONFIG_HOME there)."""
    config = Path(os.environ["XDG_CONFIG_HOME"]) / "iconcat" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(f"from = {json.dumps(list(paths))}\n", encoding="utf-8")


def served_sets(base_url: str, word: str) -> set[tuple[str, str]]:
    """(name, set) of every icon the server finds for `word`."""
    answer = httpx.get(
        f"{base_url}/api/v1/search", params={"name": word}, headers={"Authorization": f"Bearer {DEMO_TOKEN}"}
    )
    assert answer.status_code == 200, answer.text
    return {(icon["name"], icon["set"]["name"]) for icon in answer.json()["data"]}


def test_serve_serves_the_sets_in_the_environment_and_says_so(sets) -> None:
    # A base URL is set too: it says where `search` connects, and `serve` connects nowhere.
    environment = {"ICONCAT_FROM": sets["tabler"], "ICONCAT_BASE_URL": "http://127.0.0.1:9"}
    with serving_iconcat(env=environment) as server:
        assert server.banner.startswith("iconcat: Tabler Icons: 2 icons at http://127.0.0.1:")
        assert served_sets(server.base_url, "arrow") == {("Arrow Up", "Tabler Icons")}
    assert server.status == 0
    assert "iconcat: serving the icon sets ICONCAT_FROM names (`iconcat serve --demo` serves the demo)" in (
        server.stderr.splitlines()
    )


def test_serve_serves_the_config_files_sets_unless_the_environment_or_the_flag_names_others(sets) -> None:
    configure_from(sets["ph"])
    with serving_iconcat() as server:
        assert served_sets(server.base_url, "acorn") == {("Acorn", "Phosphor")}
    assert "the icon sets the config file's from names" in server.stderr
    with serving_iconcat(env={"ICONCAT_FROM": sets["tabler"]}) as server:
        assert served_sets(server.base_url, "a") == {("Arrow Up", "Tabler Icons")}
    with serving_iconcat("--from", sets["ph"], env={"ICONCAT_FROM": sets["tabler"]}) as server:
        assert served_sets(server.base_url, "a") == {("Acorn", "Phosphor")}
    assert "serving the icon sets" not in server.stderr  # asked for on the command line: nothing to explain


@pytest.mark.parametrize(
    ("args", "icons"), [(["--demo"], "1,802"), (["--icons", "30"], "30")], ids=["--demo", "--icons"]
)
def test_demo_or_icons_serve_the_demo_whatever_is_configured(sets, args: list[str], icons: str) -> None:
    configure_from(sets["ph"])
    with serving_iconcat(*args, env={"ICONCAT_FROM": sets["tabler"]}) as server:
        assert server.banner.startswith(f"iconcat demo catalogue: {icons} icons at http://")
        assert "Tabler Icons" not in {set_name for _, set_name in served_sets(server.base_url, "arrow")}
    assert "serving the icon sets" not in server.stderr


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--demo", "--from", "SETS"], "give --demo or --from, not both"),
        (["--icons", "30", "--from", "SETS"], "give --icons or --from, not both"),
        (["--demo", "--color", "red"], "--color paints icon sets from disk (--from PATH), not the demo's icons"),
        (["--color", "red"], "--color paints icon sets from disk: give --from PATH too"),
    ],
)
def test_serve_refuses_what_cannot_both_be_served(sets, args: list[str], said: str) -> None:
    outcome = run_iconcat("serve", "--port", "0", *[sets["ph"] if word == "SETS" else word for word in args])
    assert outcome.status == 2
    assert said in outcome.error_line


def test_serve_search_and_the_build_state_one_count_of_icons_hidden_ones_and_plain_aliases_left_out(
    tmp_path: Path,
) -> None:
    icons = {"shape-square": {}, "shape-circle": {}, "shape-old": {"hidden": True}, "shape-gone": {"hidden": True}}
    aliases = {
        "shape-box": {"parent": "shape-square"},  # another name for Shape Square: not an icon of its own
        "shape-flipped": {"parent": "shape-circle", "hFlip": True},  # its own glyph: an icon
        "shape-new": {"parent": "shape-gone"},  # takes its hidden icon's place: an icon
        "shape-retired": {"parent": "shape-square", "hidden": True},  # leads nowhere
    }
    folder = tmp_path / "shapes"
    iconify_package(folder, iconify_set("shp", icons, aliases=aliases, width=24, height=24), info={"name": "Shapes"})
    listed = {"Shape Square", "Shape Circle", "Shape Flipped", "Shape New"}
    with serving_iconcat("--from", str(folder), env={"ICONCAT_CACHE_DIR": str(tmp_path / "served")}) as server:
        served = httpx.get(
            f"{server.base_url}/api/v1/search",
            params={"name": "shape"},
            headers={"Authorization": f"Bearer {DEMO_TOKEN}"},
        ).json()
    assert {icon["name"] for icon in served["data"]} == listed and served["meta"]["total"] == len(listed)
    assert server.banner.startswith(f"iconcat: Shapes: {len(listed)} icons at http://"), server.banner
    assert f"iconcat: indexed 1 icon set ({len(listed)} icons) in " in server.stderr
    found = run_iconcat("search", "shape", "--from", str(folder), env={"ICONCAT_CACHE_DIR": str(tmp_path / "searched")})
    assert found.status == 0, found.stderr
    assert f"iconcat: indexed 1 icon set ({len(listed)} icons) in " in found.stderr
    assert found.stderr.splitlines()[-1] == f"{len(listed)} icons" and found.stdout.count("  Shapes  ") == len(listed)
