"""Iconify names on the command line (issue 31 item 4), over small real-shaped IconifyJSON packages
(`tests.support.name_sets`): `iconcat search tabler:trash` lists that icon first, `set:ic` is Google's
Material Icons, an unknown `p:n` is said in the browser's words; `iconcat download tabler:trash`
saves the file asked (the bag's default, `--format`, `--size`); `iconcat pick tabler:trash` saves it
on Enter. Over the demo, a name is refused in one line before anything is opened."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from tests.support.cli import run_iconcat
from tests.support.name_sets import from_options, write_name_sets
from tests.support.pty import DOWN, PtyProcess

ENTER = "\r"


@pytest.fixture(scope="module")
def sets(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """`--from` for every name-set (indexed once, in the first test's cache: each test has its own)."""
    return from_options(write_name_sets(tmp_path_factory.mktemp("name-sets")))


def found(query: str, sets: list[str]) -> list[str]:
    outcome = run_iconcat("search", query, "--json", *sets)
    assert outcome.status == 0, outcome.stderr
    return [entry.get("iconify") for entry in json.loads(outcome.stdout)["data"]]


def test_search_lists_the_icon_named_first_then_the_rest_without_it(sets: list[str]) -> None:
    plain = found("trash", sets)
    assert plain.index("lucide:trash") < plain.index("tabler:trash")  # Lucide sorts first by itself
    named = found("tabler:trash", sets)
    assert named[0] == "tabler:trash"
    assert named[1:] == [name for name in plain if name != "tabler:trash"]
    assert found("mdi:house", sets)[0] == "mdi:home", "an alias's name finds its icon"


def test_search_selects_sets_by_prefix_and_reads_a_bare_prefix_as_set(sets: list[str]) -> None:
    assert {name.partition(":")[0] for name in found("home set:ic", sets)} == {"ic"}
    assert {name.partition(":")[0] for name in found("home set:mdi", sets)} == {"mdi"}
    assert {name.partition(":")[0] for name in found("home set:icomoon", sets)} == {"icomoon-free"}  # by name
    assert {name.partition(":")[0] for name in found("home ic:", sets)} == {"ic"}
    outcome = run_iconcat("search", "home ic:", *sets)
    every_home = len(found("home", sets))  # by name, alias, tag or synonym (house): however many that is
    assert outcome.stderr.splitlines()[-1] == f"1 of {every_home} match set:ic"


def test_a_word_that_is_neither_a_filter_nor_a_served_prefix_is_refused_in_the_browsers_words(sets) -> None:
    outcome = run_iconcat("search", "trash stlye:filled", *sets)
    assert outcome.status == 2 and outcome.stdout == ""
    assert said(outcome) == (
        "iconcat: error: stlye: is neither a filter nor a set served "
        "(style, set, format, size, category, series, license)"
    )
    demo = run_iconcat("search", "arrow tabler:trash", "--demo")
    assert demo.status == 2
    assert (
        demo.error_line
        == "iconcat: error: tabler: is not a filter (style, set, format, size, category, series, license)"
    )


def said(outcome) -> str:
    """The one line said on stderr, past the line about the index being built (each test has its cache)."""
    lines = [line for line in outcome.stderr.splitlines() if not line.startswith("iconcat: indexed ")]
    assert len(lines) == 1, outcome.stderr
    return lines[0]


def saved_file(outcome) -> Path:
    assert outcome.status == 0, outcome.stderr
    path = Path(outcome.stdout.strip())
    assert path.is_absolute() and path.is_file()
    return path


@pytest.mark.parametrize(
    ("options", "name", "pixels"),
    [
        ([], "tabler-trash.svg", None),  # the bag's default for sets from disk: the SVG
        (["--format", "svg"], "tabler-trash.svg", None),
        (["--format", "png"], "tabler-trash-512.png", 512),  # the largest PNG
        (["--size", "64"], "tabler-trash-64.png", 64),  # --size alone: a PNG of N px, drawn from the SVG
        (["--format", "png", "--size", "256"], "tabler-trash-256.png", 256),  # the catalogue's own
    ],
)
def test_download_saves_the_icon_named_as_asked(sets, tmp_path: Path, options, name, pixels) -> None:
    path = saved_file(run_iconcat("download", "tabler:trash", *options, "-o", str(tmp_path), *sets))
    assert path.name == name
    if pixels is None:
        assert path.read_bytes().lstrip().startswith(b"<svg")
    else:
        with Image.open(path) as image:
            assert (image.format, image.size) == ("PNG", (pixels, pixels))


def test_download_by_an_alias_and_twice_says_the_file_was_there(sets, tmp_path: Path) -> None:
    first = saved_file(run_iconcat("download", "mdi:house", "-o", str(tmp_path), *sets))
    assert first.name == "mdi-home.svg"
    again = run_iconcat("download", "mdi:house", "-o", str(tmp_path), *sets)
    assert saved_file(again) == first and "already saved as" in again.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["tabler:nothing"], "no icon is named tabler:nothing in your icon sets from disk"),
        (["tabler:trash", "--size", "2000"], "tabler:trash has no PNG of 2000 px"),
        (["Tabler:not a name"], "an Iconify name is prefix:name, like tabler:trash"),
    ],
)
def test_download_refuses_what_cannot_be_saved_in_one_line(sets, tmp_path: Path, args, words) -> None:
    outcome = run_iconcat("download", *args, "-o", str(tmp_path), *sets)
    assert outcome.status in (2, 4) and outcome.stdout == ""
    assert words in said(outcome) and "Traceback" not in outcome.stderr
    assert list(tmp_path.iterdir()) == []


def test_download_by_name_over_the_demo_is_refused_in_one_line(tmp_path: Path) -> None:
    outcome = run_iconcat("download", "tabler:trash", "--demo", "-o", str(tmp_path))
    assert outcome.status == 2 and outcome.stdout == ""
    assert outcome.stderr.strip().splitlines() == [
        "iconcat: error: the demo catalogue has no Iconify names, so tabler:trash names nothing there: download "
        "by variant id (from `iconcat search`), or name an icon of sets from disk (--from PATH)"
    ]
    assert list(tmp_path.iterdir()) == []


def test_download_by_variant_id_is_as_before_and_takes_no_format_or_size(tmp_path: Path) -> None:
    plain = saved_file(run_iconcat("download", "500001", "--demo", "-o", str(tmp_path)))
    assert plain.parent == tmp_path
    refused = run_iconcat("download", "500001", "--size", "64", "--demo", "-o", str(tmp_path / "x"))
    assert refused.status == 2 and "a variant id names one file already" in refused.error_line
    word = run_iconcat("download", "abc", "--demo")
    assert word.status == 2 and "VARIANT_ID must be a whole number" in word.error_line


def test_pick_with_an_iconify_name_saves_that_icon_on_enter(sets, tmp_path: Path) -> None:
    options = ("--format", "svg", "-o", str(tmp_path))
    terminal = PtyProcess.iconcat("pick", "tabler:trash", *sets, *options, stdout=subprocess.PIPE)
    # Once the sets are open the box's name is searched: its icon first, then the other trash cans.
    terminal.wait_for(lambda t: re.search(r"\d icons\b", t.visible) is not None, "the results' count")
    terminal.send(DOWN)
    terminal.send(ENTER)
    status = terminal.finish()
    assert terminal.process.stdout is not None
    with terminal.process.stdout as printed:
        out = printed.read()
    assert status == 0
    (saved,) = tmp_path.iterdir()
    assert saved.name == "tabler-trash.svg"
    assert out == os.fsencode(saved.resolve()) + b"\n"
