"""Each command takes, and its --help lists, only the options it uses (issue 11, 8i).

`--base-url` and `--timeout` say where a command connects: the commands that connect take them before
the command or after it; `serve` connects to nothing, so it neither lists nor accepts them.
"""

from __future__ import annotations

import re

import pytest

from iconcat import cli
from iconcat.cli import search, serve
from iconcat.cli.errors import EXIT_USAGE

CONNECTING = {"--base-url", "--timeout"}
SOURCES = {"--from", "--color"}
"""Icon sets from disk (issue 24): on the commands that serve them in-process, and before the command."""
ICONIFY = {"--iconify"}
"""Iconify's API (issue 33): on every command that opens a catalogue or reads its memory, and before the command."""
SAVING = {"--no-attribution"}
"""How the files saved are written (issue 34): on the commands that save."""
OPTIONS = {
    None: {"-h", "--help", "--version"} | CONNECTING | SOURCES | ICONIFY,
    "browse": {"-h", "--help", "--demo", "--thumbnails", "--view", "--group", "--no-group", "--graphics"}
    | CONNECTING
    | SOURCES
    | ICONIFY
    | SAVING,
    "search": {"-h", "--help", "--demo", "--json", "--all", "--limit"} | CONNECTING | SOURCES | ICONIFY,
    "sets": {"-h", "--help", "--demo", "--json"} | CONNECTING | SOURCES | ICONIFY,
    "favourites": {"-h", "--help", "--demo", "--from", "--json"} | CONNECTING | ICONIFY,
    "recent": {"-h", "--help", "--demo", "--from", "--json"} | CONNECTING | ICONIFY,
    "download": {"-h", "--help", "--demo", "-o", "--output", "--overwrite", "--name", "--format", "--size", "--as"}
    | CONNECTING
    | SOURCES
    | ICONIFY
    | SAVING,
    "serve": {"-h", "--help", "--demo", "--host", "--port", "--token", "--latency", "--page-size", "--icons"} | SOURCES,
    "login": {"-h", "--help", "--token-stdin"} | CONNECTING,
    "config": {"-h", "--help"},
}


def listed_options(help_text: str) -> set[str]:
    """The option strings of the help's option lines (`  -o DIR, --output DIR  help…`), not its prose."""
    found: set[str] = set()
    for line in help_text.splitlines():
        if re.match(r"  -", line):
            invocation = re.split(r"\s{2,}", line.strip())[0]
            found.update(re.findall(r"(?:^|[ ,])(--?[A-Za-z][\w-]*)", invocation))
    return found


@pytest.mark.parametrize("command", list(OPTIONS), ids=[str(name) for name in OPTIONS])
def test_each_commands_help_lists_exactly_its_options(command, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # one line per option, whatever the terminal
    with pytest.raises(SystemExit) as exited:
        cli.main([command, "--help"] if command else ["--help"])
    assert exited.value.code == 0
    assert listed_options(capsys.readouterr().out) == OPTIONS[command]


def test_the_help_parser_reads_wrapped_help_too():
    text = "options:\n  -o DIR, --output DIR\n                        folder to save into (--not-an-option)\n"
    assert listed_options(text) == {"-o", "--output"}


@pytest.mark.parametrize(
    "argv",
    [
        ["--base-url", "http://127.0.0.1:9", "--timeout", "7", "search", "arrow"],
        ["search", "arrow", "--base-url", "http://127.0.0.1:9", "--timeout", "7"],
        ["search", "--base-url", "http://127.0.0.1:9", "arrow", "--timeout", "7"],
        [
            "--base-url",
            "http://elsewhere.invalid",
            "search",
            "arrow",
            "--base-url",
            "http://127.0.0.1:9",
            "--timeout",
            "7",
        ],
    ],
    ids=["before", "after", "between", "after wins"],
)
def test_connection_options_go_before_or_after_the_command(argv, monkeypatch):
    seen = []
    monkeypatch.setattr(search, "search", lambda choice, query, **options: seen.append((choice, query)) or 0)
    monkeypatch.setenv("ICONCAT_TOKEN", "t0ken-1234")
    assert cli.main(argv) == 0
    [(choice, query)] = seen
    assert (choice.base_url, choice.timeout, str(query)) == ("http://127.0.0.1:9", 7.0, "arrow")


@pytest.mark.parametrize(
    ("argv", "flag"),
    [
        (["--base-url", "http://127.0.0.1:9", "serve"], "--base-url"),
        (["--timeout", "3", "serve"], "--timeout"),
        (["serve", "--base-url", "http://127.0.0.1:9"], "--base-url"),
        (["serve", "--timeout", "3"], "--timeout"),
    ],
)
def test_serve_refuses_the_options_that_mean_nothing_to_it(argv, flag, monkeypatch, capsys):
    monkeypatch.setattr(serve, "serve", lambda args: 99)  # never start a real server here
    try:
        status = cli.main(argv)
    except SystemExit as exited:  # argparse's own refusal (after the command: an unknown option)
        status = exited.code
    assert status == EXIT_USAGE
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("iconcat: error: ") and flag in line and "--help" in line
