"""`--from PATH`: the commands serve icon sets from disk in-process (issue 24), chosen by flag, environment
or config file; a bad PATH or colour is a sentence and exit 2; the index is built once, with one line
said about it when stderr is no terminal."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import termios
from pathlib import Path

import pytest

from iconcat.config import load_settings
from tests.support.cli import run_iconcat
from tests.support.iconsets import iconify_package, iconify_set, write_json
from tests.support.pty import PtyProcess

SUFFIXES = {"": "Regular", "filled": "Filled"}


def package(folder: Path, prefix: str, name: str, keys: list[str]) -> Path:
    """An `@iconify-json/<prefix>` package named `name`, styled by a `-filled` suffix theme."""
    iconify_package(
        folder / prefix,
        iconify_set(prefix, {key: {} for key in keys}, suffixes=SUFFIXES, width=24, height=24),
        info={"name": name, "category": "UI 24px", "license": {"spdx": "MIT", "title": "MIT"}},
    )
    return folder / prefix


@pytest.fixture
def sets(tmp_path: Path) -> dict[str, Path]:
    return {
        "tabler": package(tmp_path / "sets", "tabler", "Tabler Icons", ["arrow-up", "arrow-up-filled", "home"]),
        "ph": package(tmp_path / "sets", "ph", "Phosphor", ["acorn", "acorn-filled"]),
    }


def search_json(*args: str, env: dict[str, str] | None = None) -> list[dict]:
    outcome = run_iconcat("search", *args, "--json", env=env)
    assert outcome.status == 0, outcome.stderr
    return json.loads(outcome.stdout)["data"]


def names_and_sets(found: list[dict]) -> set[tuple[str, str, str]]:
    return {(entry["name"], entry["style"]["name"], entry["set"]["name"]) for entry in found}


def test_search_from_a_package_finds_its_icons_with_their_styles(sets: dict[str, Path]) -> None:
    found = search_json("arrow", "--from", str(sets["tabler"]))
    assert names_and_sets(found) == {("Arrow Up", "Regular", "Tabler Icons"), ("Arrow Up", "Filled", "Tabler Icons")}
    filled = search_json("arrow style:filled", "--from", str(sets["tabler"]), "--from", str(sets["ph"]))
    assert names_and_sets(filled) == {("Arrow Up", "Filled", "Tabler Icons")}


def test_the_index_is_said_once_when_stderr_is_no_terminal_and_not_again(sets: dict[str, Path]) -> None:
    first = run_iconcat("search", "acorn", "--from", str(sets["ph"]))
    assert first.status == 0
    assert "iconcat: indexed 1 icon set (2 icons)" in first.stderr
    assert "\r" not in first.stderr and "\x1b" not in first.stderr  # no bar where no terminal reads
    again = run_iconcat("search", "acorn", "--from", str(sets["ph"]))
    assert again.status == 0 and "indexed" not in again.stderr


def test_the_flag_wins_over_the_environment_which_wins_over_the_config_file(sets: dict[str, Path]) -> None:
    config = Path(os.environ["XDG_CONFIG_HOME"]) / "iconcat" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(f"from = [{json.dumps(str(sets['ph']))}]\n", encoding="utf-8")
    assert {entry["set"]["name"] for entry in search_json("a")} == {"Phosphor"}
    environment = {"ICONCAT_FROM": os.pathsep.join([str(sets["tabler"]), str(sets["tabler"])])}
    assert {entry["set"]["name"] for entry in search_json("a", env=environment)} == {"Tabler Icons"}
    flagged = search_json("a", "--from", str(sets["ph"]), env=environment)
    assert {entry["set"]["name"] for entry in flagged} == {"Phosphor"}


def test_a_base_url_wins_over_configured_sets_but_not_over_the_flag(sets: dict[str, Path], catalogue) -> None:
    environment = {"ICONCAT_FROM": str(sets["tabler"]), "ICONCAT_BASE_URL": catalogue.base_url}
    environment["ICONCAT_TOKEN"] = catalogue.token
    configured = search_json("arrow", env=environment)
    assert configured and "Tabler Icons" not in {entry["set"]["name"] for entry in configured}
    assert {entry["set"]["name"] for entry in search_json("arrow", "--from", str(sets["tabler"]), env=environment)} == {
        "Tabler Icons"
    }


def test_settings_keep_the_sources_and_where_they_came_from(
    sets: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ICONCAT_FROM", f"{sets['ph']}{os.pathsep}{os.pathsep}{sets['tabler']}")
    from_env = load_settings()
    assert from_env.sources == (str(sets["ph"]), str(sets["tabler"])) and not from_env.sources_from_flag
    monkeypatch.setenv("ICONCAT_BASE_URL", "https://icons.example.com")
    assert load_settings().local_sources == ()
    assert load_settings(sources=["x"]).local_sources == ("x",)


BAD = {
    "no such path": (lambda sets, broken: ["--from", "/no/such/folder"], "/no/such/folder: no such file or folder"),
    "not a colour": (lambda sets, broken: ["--from", str(sets["tabler"]), "--color", "nocolour"], "not a CSS colour"),
    "colour alone": (lambda sets, broken: ["--color", "teal"], "--color paints icon sets from disk: give --from PATH"),
    "demo and from": (lambda sets, broken: ["--demo", "--from", str(sets["tabler"])], "not both"),
    "broken file": (lambda sets, broken: ["--from", str(broken)], "nothing else to serve there"),
}


@pytest.mark.parametrize("case", BAD)
def test_a_bad_path_or_colour_is_one_sentence_and_exit_2(sets: dict[str, Path], tmp_path: Path, case: str) -> None:
    options, said = BAD[case]
    broken = write_json(tmp_path / "broken.json", {"not": "a set"})
    outcome = run_iconcat("search", "arrow", *options(sets, broken))  # (run_iconcat: never a traceback)
    assert outcome.status == 2, outcome.stderr
    assert outcome.error_line.startswith("iconcat: error: ") and said in outcome.error_line


def test_download_from_a_package_saves_its_svg_and_a_png_in_the_colour_asked(
    sets: dict[str, Path], tmp_path: Path
) -> None:
    (home,) = search_json("home", "--from", str(sets["tabler"]))
    by_format = {variant["format"] + str(variant.get("size") or ""): variant["id"] for variant in home["variants"]}
    saved = run_iconcat("download", str(by_format["svg"]), "--from", str(sets["tabler"]), "-o", str(tmp_path / "out"))
    assert saved.status == 0, saved.stderr
    assert Path(saved.stdout.strip()).read_text(encoding="utf-8").startswith("<svg")
    png = run_iconcat(
        "download", str(by_format["png256"]), "--from", str(sets["tabler"]), "--color", "#ff0000", "-o", str(tmp_path)
    )
    assert png.status == 0, png.stderr
    from PIL import Image

    with Image.open(png.stdout.strip()) as picture:
        assert picture.size == (256, 256)
        colours = {colour for _count, colour in picture.convert("RGBA").getcolors(256 * 256) if colour[3] == 255}
    assert colours == {(255, 0, 0, 255)}  # currentColor painted as asked


def font_awesome_svgs() -> Path:
    import importlib.util

    spec = importlib.util.find_spec("fontawesomefree")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("Font Awesome Free comes with the test extra")
    root = Path(next(iter(spec.submodule_search_locations)))
    return root / "static" / "fontawesomefree" / "js-packages" / "@fortawesome" / "fontawesome-free" / "svgs"


def test_a_real_set_font_awesome_free_is_searched_and_downloaded(tmp_path: Path) -> None:
    svgs = str(font_awesome_svgs())
    found = search_json("house style:solid", "--from", svgs)
    house = next(entry for entry in found if entry["name"] == "House")
    assert (house["style"]["name"], house["set"]["name"]) == ("Solid", "Fontawesome Free")
    assert {entry["style"]["name"] for entry in found} == {"Solid"}
    variants = {variant["format"] + str(variant.get("size") or ""): variant["id"] for variant in house["variants"]}
    svg = run_iconcat("download", str(variants["svg"]), "--from", svgs, "-o", str(tmp_path))
    png = run_iconcat("download", str(variants["png512"]), "--from", svgs, "-o", str(tmp_path))
    assert svg.status == 0 and png.status == 0, svg.stderr + png.stderr
    assert Path(svg.stdout.strip()).read_text(encoding="utf-8").startswith("<svg")
    assert Path(png.stdout.strip()).read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def unreadable_sets(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """Arguments whose every set turns out unreadable only once read (`discover` finds them fine)."""
    only_broken = tmp_path / "only-broken"
    only_broken.mkdir()
    (only_broken / "icons.json").write_text("{not json", encoding="utf-8")
    named = write_json(tmp_path / "named.json", {"not": "a set"})
    return {
        "a folder holding only a broken icons.json": (only_broken, f"{only_broken / 'icons.json'}: not JSON"),
        "a named file that is no set": (named, f"{named}: not an IconifyJSON set"),
    }


def on_this_terminal() -> None:
    """In the child: make the pty (its stdin) the controlling terminal, as a login shell's is."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


@pytest.mark.parametrize("command", ["browse", "pick"])
def test_browse_and_pick_on_sets_all_unreadable_close_and_say_why_with_exit_2(tmp_path: Path, command: str) -> None:
    for case, (path, said) in unreadable_sets(tmp_path).items():
        # stderr a file (`2>log`): the app draws on the terminal, and the sentence goes to stderr after it.
        log_path = tmp_path / f"{command}-{len(case)}.log"
        log = os.open(log_path, os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            run = PtyProcess.iconcat(
                command, "--from", str(path), stdout=subprocess.PIPE, stderr=log, preexec_fn=on_this_terminal
            )
        finally:
            os.close(log)
        with run:
            status = run.finish()
            out = run.process.stdout.read()
        err = log_path.read_text(encoding="utf-8")
        assert status == 2, (case, err, run.visible[-500:])
        assert err.startswith(f"iconcat: error: {said}") and err.endswith("nothing else to serve there.\n"), case
        assert err.count("\n") == 1 and out == b"", case  # one sentence, no traceback; no path picked
        assert "Connect to a catalogue" not in run.visible, case  # the app closed, no screen opened first
        # stderr the terminal: the app's screen is given back first (alternate screen left), then the sentence.
        with PtyProcess.iconcat(command, "--from", str(path), columns=80, rows=24) as run:
            assert run.finish() == 2, case
        left_app = run.text.rfind("\x1b[?1049l")
        assert left_app != -1 and run.text.find(f"iconcat: error: {said}", left_app) != -1, run.visible[-500:]
        assert "Traceback" not in run.text and "Connect to a catalogue" not in run.visible, case


@pytest.mark.parametrize(("columns_variable", "width"), [("", 80), ("30", 30)])
def test_the_bar_on_a_terminal_of_0_columns_is_cut_to_columns_else_80(
    sets: dict[str, Path], tmp_path: Path, columns_variable: str, width: int
) -> None:
    cache = {"ICONCAT_CACHE_DIR": str(tmp_path / f"cache-{width}"), "COLUMNS": columns_variable}
    with PtyProcess.iconcat("search", "acorn", "--from", str(sets["ph"]), columns=0, env=cache) as run:
        assert run.finish() == 0, run.visible[-500:]
    drawn = [line for line in run.text.replace("\r\n", "\n").split("\r\x1b[K") if line.startswith("Indexing")]
    full = "Indexing icon sets " + "─" * 20 + " 0/1 sets"
    assert drawn and drawn[0] == full[: width - 1], drawn  # not "Indexing i": 0 columns is no width
