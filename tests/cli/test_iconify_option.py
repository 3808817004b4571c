"""`--iconify [URL]` (issue 33 item 1): Iconify's API (https://api.iconify.design, or a self-hosted one) on
browse, pick, search, download, sets and the memory's commands. It takes a value only when the next word
is a URL (or as `--iconify=URL`), so `iconcat --iconify arrow` searches "arrow"; a URL that is no
http(s) one is a one-line usage error, and so are two kinds named as flags. Nothing here opens the API
(its adapter is another module's): the parse, the choice and the refusals are checked.
"""

from __future__ import annotations

import json

import pytest

from iconcat.catalogue.kinds import ICONIFY_DEFAULT_URL
from iconcat.choices import ICONIFY_URL
from iconcat.cli.parser import build_parser
from iconcat.memory import Memory
from tests.support.cli import run_iconcat
from tests.support.icons import icon

SELF_HOSTED = "https://icons.example.org"


def test_the_parsers_default_url_is_the_kind_tables() -> None:
    assert ICONIFY_URL == ICONIFY_DEFAULT_URL


PARSED = [
    (["--iconify", "arrow"], "browse", ICONIFY_URL, ["arrow"]),
    (["--iconify", SELF_HOSTED + "/", "arrow"], "browse", SELF_HOSTED, ["arrow"]),
    ([f"--iconify={SELF_HOSTED}", "arrow", "up"], "browse", SELF_HOSTED, ["arrow", "up"]),
    (["arrow", "--iconify"], "browse", ICONIFY_URL, ["arrow"]),
    (["--iconify"], "browse", ICONIFY_URL, []),
    (["browse", "--icon", "cloud"], "browse", ICONIFY_URL, ["cloud"]),  # a prefix, as argparse takes
    (["--iconify", "search", "arrow"], "search", ICONIFY_URL, ["arrow"]),
    (["search", "--iconify", "arrow"], "search", ICONIFY_URL, ["arrow"]),
    (["search", "arrow", "--iconify", "http://localhost:3000"], "search", "http://localhost:3000", ["arrow"]),
    (["pick", "--iconify", "trash"], "pick", ICONIFY_URL, ["trash"]),
    (["download", "--iconify", "tabler:trash"], "download", ICONIFY_URL, "tabler:trash"),
    (["sets", "--iconify"], "sets", ICONIFY_URL, None),
    (["favourites", "--iconify"], "favourites", ICONIFY_URL, None),
    (["recent", "--iconify", SELF_HOSTED], "recent", SELF_HOSTED, None),
    (["--", "--iconify"], "browse", None, ["--iconify"]),
]


@pytest.mark.parametrize(("argv", "command", "url", "words"), PARSED, ids=[" ".join(case[0]) for case in PARSED])
def test_iconify_takes_a_value_only_when_it_is_a_url(argv, command, url, words) -> None:
    args = build_parser().parse_args(argv)
    assert (args.command, getattr(args, "iconify", None)) == (command, url)
    if words is not None:
        said = getattr(args, "query", None) or getattr(args, "name", None) or getattr(args, "variant_id", None)
        assert (said or []) == words


USAGE = {
    "ftp url": (["--iconify", "ftp://icons.example.org", "arrow"], "the Iconify API's URL must be an http://"),
    "not a url": (["--iconify=icons.example.org", "arrow"], "the Iconify API's URL must be an http://"),
    "no host": (["search", "a", "--iconify=https://"], "the Iconify API's URL must name a host"),
    "with from": (["search", "a", "--iconify", "--from", "sets"], "give --iconify or --from, not both"),
    "with base url": (["search", "a", "--base-url", SELF_HOSTED, "--iconify"], "give --base-url or --iconify"),
    "with demo": (["search", "a", "--demo", "--iconify"], "give --demo or --iconify, not both"),
    "on serve": (["--iconify", "serve"], "`iconcat serve` takes no --iconify"),
    "on login": (["--iconify", "login"], "`iconcat login` takes no --iconify"),
}


@pytest.mark.parametrize("case", USAGE)
def test_a_bad_iconify_option_is_one_line_and_exit_2(case: str) -> None:
    argv, said = USAGE[case]
    outcome = run_iconcat(*argv)
    assert outcome.status == 2 and outcome.stdout == ""
    assert outcome.error_line.startswith("iconcat: error: ") and said in outcome.error_line


@pytest.mark.parametrize("value", ["ftp://icons.example.org", "icons.example.org", "https://"])
def test_a_bad_iconcat_iconify_is_one_line_naming_the_variable(value: str) -> None:
    outcome = run_iconcat("search", "arrow", env={"ICONCAT_ICONIFY": value})
    assert outcome.status == 2
    assert outcome.error_line.startswith("iconcat: error: the iconify setting from ICONCAT_ICONIFY must ")


def test_iconcat_iconify_is_the_default_and_a_flag_of_another_kind_wins() -> None:
    outcome = run_iconcat("config", env={"ICONCAT_ICONIFY": SELF_HOSTED + "/"})
    assert outcome.stdout.splitlines()[-1] == (
        f"catalogue: Iconify's API at {SELF_HOSTED} (iconify, from environment ICONCAT_ICONIFY)"
    )
    # the flag's layer is higher: --demo's search runs, Iconify's API never asked
    assert run_iconcat("search", "arrow", "--demo", env={"ICONCAT_ICONIFY": SELF_HOSTED}).status == 0


@pytest.mark.parametrize("which", ["favourites", "recent"])
def test_the_memory_commands_read_the_iconify_apis_own_memory(which: str) -> None:
    for key, name in ((f"iconify:{ICONIFY_URL}", "From Iconify"), (f"iconify:{SELF_HOSTED}", "Self Hosted")):
        memory = Memory.open(key)
        memory.toggle_favourite(icon(name))
        memory.used(icon(name))
        memory.close()
    for argv, expected in (([], "From Iconify"), ([SELF_HOSTED], "Self Hosted")):
        outcome = run_iconcat(which, "--json", "--iconify", *argv)
        assert outcome.status == 0, outcome.stderr
        assert [entry["name"] for entry in json.loads(outcome.stdout)["data"]] == [expected]
    # and the environment's, as the browser keeps it
    outcome = run_iconcat(which, "--json", env={"ICONCAT_ICONIFY": SELF_HOSTED})
    assert [entry["name"] for entry in json.loads(outcome.stdout)["data"]] == ["Self Hosted"]
