"""`browse` is the default command (issue 29, item 3): `iconcat [BROWSE OPTIONS] [QUERY]` is exactly
`iconcat browse …`; a first word that is a command's name is that command (`iconcat browse bag` is how
to search for one); every option's help names all its values (item 15)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from iconcat import cli
from iconcat.cli import browser, search
from iconcat.cli.errors import EXIT_USAGE
from iconcat.cli.parser import build_parser
from tests.support.iconsets import iconify_package, iconify_set


def command_parsers() -> dict[str, argparse.ArgumentParser]:
    """The parser's own table of commands (its subparsers' choices), each command's parser by its name."""
    parser = build_parser()
    return next(action.choices for action in parser._actions if isinstance(action, argparse._SubParsersAction))


Call = tuple[Any, str | None, str, Any]
"""What `browser.browse` was given: the settings, the first search, and of the catalogue chosen its kind
and its sets from disk."""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The current folder: a project with one Iconify set installed, as `--from .` serves it."""
    iconify_package(tmp_path / "node_modules" / "@iconify-json" / "tabler", iconify_set("tabler", {"arrow-up": {}}))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def browsed(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> Call:
    """What the real entry point hands the browser for `iconcat ARGV` (the browser itself not run)."""
    calls: list[Call] = []
    monkeypatch.setattr(
        browser,
        "browse",
        lambda settings, query, *, choice, output: calls.append((settings, query, choice.kind, choice.local)) or 0,
    )
    assert cli.main(argv) == 0
    [call] = calls
    return call


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--demo"], lambda settings, query, kind, local: kind == "demo" and query is None),
        (["arrow"], lambda settings, query, kind, local: query == "arrow" and kind == "demo"),  # (none configured)
        (["--graphics", "sixel"], lambda settings, query, kind, local: settings.graphics == "sixel"),
        (
            ["--from", ".", "--view", "list"],
            lambda settings, query, kind, local: local.arguments == (".",) and settings.view == "list",
        ),
        (
            ["--timeout", "5", "cloud", "rain", "--thumbnails=text"],
            lambda settings, query, kind, local: (
                (settings.timeout, query, settings.thumbnails) == (5, "cloud rain", "text")
            ),
        ),
        (["--thumb", "quadrant"], lambda settings, query, kind, local: settings.thumbnails == "quadrant"),
        (["--", "-x"], lambda settings, query, kind, local: query == "-x"),
    ],
    ids=["demo", "query", "graphics", "from and view", "values and words", "abbreviated", "after --"],
)
def test_browse_options_and_a_query_need_no_browse(
    argv: list[str], expected: Callable[..., bool], project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    without = browsed(monkeypatch, argv)
    assert without == browsed(monkeypatch, ["browse", *argv]), "the same options as `iconcat browse …`"
    assert expected(*without)


def test_a_first_word_that_names_a_command_is_that_command(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[Any, Any]] = []
    monkeypatch.setattr(search, "search", lambda choice, query, **options: seen.append((choice, query)) or 0)
    monkeypatch.setenv("ICONCAT_TOKEN", "t0ken-1234")
    assert cli.main(["search", "arrow", "--demo"]) == 0
    assert cli.main(["--base-url", "http://127.0.0.1:9", "--timeout", "7", "search", "arrow"]) == 0
    assert [str(query) for _choice, query in seen] == ["arrow", "arrow"]
    assert seen[0][0].kind == "demo"
    assert (seen[1][0].base_url, seen[1][0].timeout) == ("http://127.0.0.1:9", 7.0)


@pytest.mark.parametrize("name", [*command_parsers(), "bag"])
def test_browse_before_a_commands_name_searches_for_it(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert browsed(monkeypatch, ["browse", name])[1] == name


@pytest.mark.parametrize("name", [name for name in command_parsers() if name != "browse"])
def test_every_command_in_the_parsers_table_is_taken_as_that_command(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """From the parser's own table: a command added to it is a command, not a search, with no other list."""
    with pytest.raises(SystemExit) as exited:
        cli.main([name, "--help"])
    assert exited.value.code == 0
    assert capsys.readouterr().out.startswith(f"usage: iconcat {name} ")


def test_a_bad_value_is_blamed_in_browses_words(capsys: pytest.CaptureFixture[str]) -> None:
    lines = []
    for argv in (["--graphics", "iterm"], ["browse", "--graphics", "iterm"]):
        with pytest.raises(SystemExit) as exited:
            cli.main(argv)
        assert exited.value.code == EXIT_USAGE
        [line] = capsys.readouterr().err.splitlines()
        lines.append(line)
    assert lines[0] == lines[1]
    assert lines[0].startswith("iconcat: error: argument --graphics: invalid choice: 'iterm'")
    assert lines[0].endswith("(see `iconcat browse --help`)")


def test_an_unknown_option_is_named_not_the_query(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main(["--bogus", "arrow"])
    assert exited.value.code == EXIT_USAGE
    assert "unrecognized arguments: --bogus" in capsys.readouterr().err


def test_the_help_says_browse_is_the_default(capsys: pytest.CaptureFixture[str], monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    for argv in (["--help"], ["--demo", "--help"]):
        with pytest.raises(SystemExit):
            cli.main(argv)
        out = capsys.readouterr().out
        assert "iconcat [BROWSE OPTIONS] [QUERY ...]" in out and "`iconcat browse bag` searches for 'bag'" in out
        assert all(f"    {name} " in out for name in command_parsers())
    with pytest.raises(SystemExit) as exited:
        cli.main(["--version"])
    assert exited.value.code == 0


def test_every_options_help_names_all_its_values() -> None:
    """Item 15: the values are in the help sentence itself (argparse's `{a,b,c}` beside it is no sentence)."""
    checked = set()
    for name, command in [("", build_parser()), *command_parsers().items()]:
        for action in command._actions:
            if not action.option_strings or not action.choices:
                continue
            missing = [value for value in action.choices if not re.search(rf"\b{re.escape(value)}\b", action.help)]
            assert missing == [], f"`iconcat {name} {action.option_strings[-1]}`'s help does not name {missing}"
            checked.add(action.option_strings[-1])
    assert {"--thumbnails", "--view", "--graphics", "--format"} <= checked
