"""The argument parser. Each command takes, and its --help lists, only the options it uses.

`--base-url` and `--timeout` say where a command connects and how long it waits: browse, search,
download and login take them, before the command (`iconcat --base-url URL search arrow`) or after it
(`iconcat search arrow --base-url URL`); `serve` connects to nothing and refuses them. A bad value is
a one-line usage error (exit 2) that says where help is.

`browse` is the default command: a command line whose first word (past the options and their values)
names no command is browse's (`iconcat --demo arrow` is `iconcat browse --demo arrow`), parsed by
browse's own parser so that it works, and fails, exactly as `iconcat browse …` does.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import NoReturn

from iconcat import __version__
from iconcat.choices import (
    FILE_FORMATS,
    GRAPHICS,
    ICONIFY_URL,
    SNIPPET_FILE_KINDS,
    SNIPPET_KINDS,
    THUMBNAIL_MODES,
    VIEWS,
)
from iconcat.cli.errors import EXIT_USAGE
from iconcat.cli.output import print_error
from iconcat.text import sanitize

CONNECTION_OPTIONS = {"base_url": "--base-url", "timeout": "--timeout"}
"""The options that say where a command connects (their `dest` and their flag): `serve` takes neither."""

DEFAULT_COMMAND = "browse"
"""The command a command line that names none runs."""


class _Parser(argparse.ArgumentParser):
    """argparse, with usage errors as the one line every other error is (and the way to get help)."""

    def error(self, message: str) -> NoReturn:
        print_error(f"{message} (see `{self.prog} --help`)")
        raise SystemExit(EXIT_USAGE)


class _CommandLine(_Parser):
    """The top level: a command named by the first word, else `browse` (`DEFAULT_COMMAND`)."""

    commands: Mapping[str, argparse.ArgumentParser]
    """Each command's parser by its name: the subparsers' own table (filled by `build_parser`)."""

    def parse_known_args(  # type: ignore[override]  # (typeshed overloads it on the namespace's type)
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        argv = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(self.with_command(self.with_iconify_values(argv)), namespace)

    def with_iconify_values(self, argv: list[str]) -> list[str]:
        """`argv`, with every `--iconify` written `--iconify=URL`: the URL that follows it when the next
        word is one (it holds `://`: an address that is no http(s) one is then refused as a URL, not
        searched), else Iconify's own (`ICONIFY_URL`). So `iconcat --iconify arrow` searches "arrow"
        and `iconcat --iconify https://icons.example.org arrow` asks that API. After `--` nothing changes."""
        written: list[str] = []
        index = 0
        while index < len(argv):
            word = argv[index]
            if word == "--":
                written.extend(argv[index:])
                break
            index += 1
            action = _option(self, word) if word.startswith("--") and "=" not in word else None
            if action is None or action.dest != "iconify":
                written.append(word)
            elif index < len(argv) and "://" in argv[index]:
                written.append(f"--iconify={argv[index]}")
                index += 1
            else:
                written.append(f"--iconify={ICONIFY_URL}")
        return written

    def with_command(self, argv: list[str]) -> list[str]:
        """`argv`, with `browse` put first when it names no command.

        The first word that is neither an option nor an option's value decides: a command's name is that
        command (so `iconcat browse bag` is the way to search for one), any other word is browse's query.
        With no such word it is browse too, except for the top level's own `--help` and `--version`.
        After `--` every word is the query (`iconcat -- -x` searches "-x")."""
        browse = self.commands[DEFAULT_COMMAND]
        index = 0
        while index < len(argv):
            word = argv[index]
            if word == "--":
                break
            if word.startswith("-") and word != "-":
                own = _option(self, word)
                if own is not None and own.dest in ("help", "version"):
                    return argv
                action = _option(browse, word)
                # (An option browse does not know is taken as a flag: argparse refuses it in its own words.)
                index += 1 if action is None or "=" in word else 1 + _values_taken(action)
                continue
            if word in self.commands:
                return argv
            break
        return [DEFAULT_COMMAND, *argv]


def _option(parser: argparse.ArgumentParser, word: str) -> argparse.Action | None:
    """The option `word` (`--flag`, `--flag=value`, or a unique prefix of a long flag, as argparse
    accepts) names in `parser`, or None."""
    flag = word.split("=", 1)[0]
    actions = parser._option_string_actions
    if flag in actions:
        return actions[flag]
    if flag.startswith("--") and parser.allow_abbrev:
        matches = {id(action): action for name, action in actions.items() if name.startswith(flag)}
        if len(matches) == 1:
            return next(iter(matches.values()))
    return None


def _values_taken(action: argparse.Action) -> int:
    """How many of the following words `action` takes as its values (every option here takes 0 or 1:
    None is one value; the variable counts, which no option here has, are taken as one)."""
    return action.nargs if isinstance(action.nargs, int) else 1


def _one_of(values: Sequence[str], said: dict[str, str]) -> str:
    """Every one of `values` (an option's choices, so that a value is named in its help the day it is
    added), each followed by what `said` says of it in brackets, the last after "or"."""
    named = [f"{value} ({said[value]})" if value in said else value for value in values]
    return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} or {named[-1]}"


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        shown = sanitize(text, max_length=40)
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {shown!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError("must be a positive number of seconds")
    return value


def _iconify_url(text: str) -> str:
    """`--iconify`'s URL, checked (an http:// or https:// address with a host): else a one-line usage error."""
    from iconcat.config import iconify_url_problem

    problem = iconify_url_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(f"the Iconify API's URL {problem}")
    return text.strip().rstrip("/")


def _iconify_option() -> _Parser:
    """`--iconify [URL]`, as a parent parser: the commands that open a catalogue, and the memory's."""
    iconify = _Parser(add_help=False)
    iconify.add_argument(
        "--iconify",
        metavar="URL",
        nargs="?",
        const=ICONIFY_URL,
        type=_iconify_url,
        default=argparse.SUPPRESS,
        help=f"use Iconify's API: {ICONIFY_URL}, or the one at URL (http:// or https://, a self-hosted one); "
        "no token is sent to it (default: ICONCAT_ICONIFY, else a project's or the config file's iconify)",
    )
    return iconify


def _name_template(text: str) -> str:
    """A file-name template, checked (`iconcat.disk.saving.check_template`): a bad one is a one-line usage error."""
    from iconcat.disk.name_template import TemplateError, check_template  # light: no Pillow, no httpx

    try:
        return check_template(text)
    except TemplateError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _by_id_template(text: str) -> str:
    """A file-name template `iconcat download` can fill from a variant id alone ({variant}, {format})."""
    from iconcat.disk.saving import TemplateError, check_by_id_template

    template = _name_template(text)
    try:
        return check_by_id_template(template)
    except TemplateError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _bounded_int(low: int, high: int, what: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} must be between {low} and {high}")
        return value

    return parse


def _variant_or_iconify_name(text: str) -> int | str:
    """`download`'s argument: a variant id (as ever), or an Iconify name (`tabler:trash`, any case)."""
    if ":" not in text:
        return _bounded_int(0, 2**63 - 1, "VARIANT_ID")(text)
    from iconcat.iconify.names import iconify_name

    name = iconify_name(text.strip().casefold())
    if name is None:
        raise argparse.ArgumentTypeError("an Iconify name is prefix:name, like tabler:trash")
    return name


def _at_least_one(what: str, counts: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = 0
        if value < 1:
            raise argparse.ArgumentTypeError(
                f"{what} counts the {counts}: give a whole number of 1 or more, not {text!r}"
            )
        return value

    return parse


def _sources_options(default: str) -> _Parser:
    """`--from` and `--color`, as a parent parser; `default` says where the sets come from without them."""
    sources = _Parser(add_help=False)
    sources.add_argument(
        "--from",
        dest="sources",
        metavar="PATH",
        action="append",
        default=argparse.SUPPRESS,
        help="serve the icon sets at PATH (repeatable; NAME=PATH names an SVG folder): an IconifyJSON file, "
        f"@iconify/json, a project or its node_modules, or a folder of SVG files (default: {default})",
    )
    sources.add_argument(
        "--color",
        dest="colour",
        metavar="CSS",
        default=argparse.SUPPRESS,
        help="the colour of what is saved: currentColor written into SVGs and painted in PNGs of every size "
        "(a CSS colour; sets from disk are previewed in it too, default black)",
    )
    return sources


def _saving_options() -> _Parser:
    """What the commands that save files take besides `--color`: `--no-attribution`."""
    saving = _Parser(add_help=False)
    saving.add_argument(
        "--no-attribution",
        dest="attribution",
        action="store_false",
        help="leave out the one-line comment naming the set, author and licence in SVGs of licensed sets",
    )
    return saving


def build_parser() -> argparse.ArgumentParser:
    """The argument parser: each command takes, and its --help lists, only the options it uses.

    The connection options (`--base-url`, `--timeout`) are a parent parser given to the top level (so
    they may come before the command, and `iconcat --base-url URL` alone browses) and to each command
    that connects; their default is SUPPRESS so a command's parser never overwrites a value given
    before the command. `serve` does not get them: its --help does not list them, after it they are
    unknown options, and before it `_run` refuses them (they would be silently ignored).
    """
    connecting = _Parser(add_help=False)
    connecting.add_argument(
        "--base-url",
        metavar="URL",
        default=argparse.SUPPRESS,
        help="the catalogue's base URL (default: ICONCAT_BASE_URL, else the config file)",
    )
    connecting.add_argument(
        "--timeout",
        metavar="SECONDS",
        type=_positive_float,
        default=argparse.SUPPRESS,
        help="deadline for each whole request (default 30)",
    )
    demo = _Parser(add_help=False)
    demo.add_argument(
        "--demo",
        action="store_true",
        help="use the embedded demo catalogue (started here, no set-up needed), whatever is configured",
    )
    # Icon sets from disk, served in-process as --demo serves the demo (`iconcat.catalogue.local_sets`).
    sources = _sources_options("ICONCAT_FROM, else a project's or the config file's from, unless another kind is set")
    iconify = _iconify_option()
    parser = _CommandLine(
        prog="iconcat",
        usage="%(prog)s [--base-url URL] [--timeout SECONDS] COMMAND [OPTIONS]\n"
        "       %(prog)s [BROWSE OPTIONS] [QUERY ...]",
        description=(
            "Browse, search and download icons from an icon catalogue, or from icon sets on disk. With no "
            "command, or with browse's options or a query first, it is browse: `iconcat arrow --demo` is "
            "`iconcat browse arrow --demo`. A first word that is a command's name is that command: "
            "`iconcat browse bag` searches for 'bag'."
        ),
        parents=[connecting, sources, iconify],
        epilog=(
            "--base-url and --timeout apply to browse, search, download and login, before or after the "
            "command. The token comes from ICONCAT_TOKEN or the config file (`iconcat login`), never the "
            "command line. `iconcat --from node_modules/@iconify/json` browses the icon sets you have installed; "
            "`iconcat --iconify arrow` searches Iconify's API. A project's .iconcat.toml (here or in a parent "
            "folder) sets its own defaults; `iconcat config` shows each setting and where it came from."
        ),
    )
    parser.add_argument("--version", action="version", version=f"iconcat {__version__}")
    # (prog: the commands are `iconcat NAME`, not named after the top level's two-line usage)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser, prog=parser.prog)
    parser.commands = commands.choices  # filled by each add_parser below

    # What the browser shows, for `browse` and `pick` (the browser as a picker).
    browsing = _Parser(add_help=False)
    browsing.add_argument(
        "--thumbnails",
        choices=THUMBNAIL_MODES,
        default=None,
        help="how pictures are drawn: "
        + _one_of(
            THUMBNAIL_MODES,
            {"half": "in half blocks, the default", "quadrant": "in quadrant blocks: sharper", "text": "not at all"},
        ),
    )
    browsing.add_argument(
        "--view",
        choices=VIEWS,
        default=None,
        help="lay results out as "
        + _one_of(VIEWS, {"gallery": "tiles of pictures, the default", "list": "a text list"}),
    )
    browsing.add_argument(
        "--group",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="start with the results grouped by name, each name once (g toggles it; default off)",
    )
    browsing.add_argument(
        "--graphics",
        choices=GRAPHICS,
        default=None,
        help="pictures in true pixels: "
        + _one_of(
            GRAPHICS,
            {
                "auto": "the default: ask the terminal; kitty graphics, else sixel, else blocks",
                "kitty": "always kitty graphics",
                "sixel": "always sixel",
                "blocks": "never: pictures in blocks",
            },
        ),
    )
    saving = _saving_options()
    browse = commands.add_parser(
        DEFAULT_COMMAND,
        parents=[connecting, demo, sources, iconify, browsing, saving],
        help="the full-screen browser (the default: `iconcat [BROWSE OPTIONS] [QUERY]`)",
    )
    # Several words are one query, as in the search box: `iconcat browse cloud rain` needs no quotes.
    browse.add_argument(
        "query",
        nargs="*",
        metavar="QUERY",
        help="search for these words at start (`browse` may be left out, unless the first word is a command's name)",
    )

    pick = commands.add_parser(
        "pick",
        parents=[connecting, demo, sources, iconify, browsing, saving],
        help="the browser as a picker: prints the saved file's path",
        description=(
            "Open the browser; Enter on an icon saves its file and prints the absolute path on stdout "
            "(the browser draws on the terminal, never on stdout). Esc or q: exit 1, nothing printed; "
            "Ctrl-C: exit 130. Example: path=$(iconcat pick arrow --format svg)"
        ),
    )
    pick.add_argument("query", nargs="*", metavar="QUERY", help="search for these words at start")
    pick.add_argument(
        "--format", choices=FILE_FORMATS, default=None, help=f"only files of this format: {_one_of(FILE_FORMATS, {})}"
    )
    pick.add_argument(
        "--size",
        metavar="N",
        type=_bounded_int(1, 100_000, "--size"),
        default=None,
        help="PNG of N pixels (smaller ones drawn from the SVG or resampled from the largest PNG, never enlarged); "
        "with --format svg, the SVG's width and height (its larger side)",
    )
    pick.add_argument(
        "--multi",
        action="store_true",
        help="pick several: Enter or space puts icons in the bag, its 'download all' prints one path per line",
    )
    pick.add_argument("-o", "--output", metavar="DIR", help="folder to save into (default: the configured one)")
    pick.add_argument(
        "--as",
        dest="snippet",
        metavar="KIND",
        choices=SNIPPET_KINDS,
        default=None,
        help="print the icon as KIND on stdout instead of saving a file: "
        f"{', '.join(SNIPPET_KINDS)} (with --multi one each, blank-line separated; css one stylesheet)",
    )
    pick.add_argument(
        "--name",
        metavar="TEMPLATE",
        type=_name_template,
        default=None,
        help="file-name template, default '{iconify}-{size}' with an Iconify name, else '{name}-{style}-{set}-{size}' "
        "({name} is the display name, its style apart; fields: name style set series category "
        "size format id variant prefix iconify)",
    )

    search = commands.add_parser(
        "search",
        parents=[connecting, demo, sources, iconify],
        help="one search, as a table or JSON",
        description=(
            "Search icons by name. key:value words filter the results as in the browser's search box and "
            "are never sent to the catalogue: keys style, set, category, series, license, format and size "
            "(style:filled set:core-ui license:mit format:svg size:512), a prefix is enough, commas give "
            "alternatives (style:filled,outline); alone, with no word, they list what they select "
            "(set:mdi: every icon of the set, from the demo or sets from disk). With a filter, --all or --limit, "
            "every page the catalogue reveals is fetched (up to 10,000 icons) and filtered; without, its "
            "first page. Example: iconcat search 'arrow style:filled' --demo"
        ),
    )
    search.add_argument(
        "name",
        nargs="+",
        metavar="NAME",
        help="words that must all occur in the icon's name, and key:value filter words",
    )
    search.add_argument("--json", action="store_true", help="print the answer as JSON (shaped like the API's)")
    search.add_argument(
        "--all", action="store_true", help="fetch every page of the answer (up to 10,000 icons), not the first"
    )
    search.add_argument(
        "--limit",
        metavar="N",
        type=_at_least_one("--limit", "icons to print"),
        default=None,
        help="stop at N icons, counted after the filters (fetching pages until then)",
    )

    sets = commands.add_parser(
        "sets",
        parents=[connecting, demo, sources, iconify],
        help="every set the catalogue serves: prefix, name, icons, category, licence, author",
        description=(
            "List the icon sets the catalogue serves, with each one's Iconify prefix, name, icon count (what "
            "a search of set:PREFIX lists), category, licence, author and a few sample icons. A catalogue "
            "that does not list its sets (the seed's service) is said so, and the sets seen in the results "
            "the browser remembers of it are listed instead. Example: iconcat sets --from node_modules/@iconify/json"
        ),
    )
    sets.add_argument("--json", action="store_true", help='print them as one JSON object, {"data": [...]}')

    for name, what in (
        ("favourites", "the icons marked with * in the browser"),
        ("recent", "the icons last opened or downloaded"),
    ):
        remembered = commands.add_parser(
            name, parents=[connecting, demo, iconify], help=f"{what}, for the configured catalogue (or the demo's)"
        )
        remembered.add_argument(
            "--from",
            dest="sources",
            metavar="PATH",
            action="append",
            default=argparse.SUPPRESS,
            help="those of icon sets from disk, as `browse --from PATH` keeps them: one list for every set from "
            "disk, so PATH is not read",
        )
        remembered.add_argument("--json", action="store_true", help="print them as JSON (shaped like `search --json`)")

    # The bag (issue 34): listed, emptied, exported. It is kept per catalogue, so `bag` and each of its
    # actions take the catalogue options, before the action or after it: defaults SUPPRESSed, so an
    # action's parser never overwrites what was given before it (`iconcat bag --demo clear`).
    bag_catalogue = _Parser(add_help=False)
    bag_catalogue.add_argument("--demo", action="store_true", default=argparse.SUPPRESS, help="the demo's bag")
    bag_catalogue.add_argument(
        "--from",
        dest="sources",
        metavar="PATH",
        action="append",
        default=argparse.SUPPRESS,
        help="the bag of icon sets from disk (one bag for every set from disk; PATH is read only to export it)",
    )
    bag = commands.add_parser(
        "bag",
        parents=[connecting, bag_catalogue, iconify],
        help="the icons put in the bag in the browser: listed, emptied (clear) or exported (export)",
        description=(
            "List the bag of the configured catalogue (or the demo's, or of sets from disk with --from), "
            "in the order its icons were put in it; `bag clear` empties it; `bag export` writes it as an "
            "SVG sprite, a zip of its files or an Iconify JSON subset per set. Example: iconcat bag export "
            "--sprite icons.svg"
        ),
    )
    bag.add_argument("--json", action="store_true", help="print the bag as JSON (shaped like `search --json`)")
    bag_actions = bag.add_subparsers(dest="bag_action", metavar="ACTION", parser_class=_Parser, prog="iconcat bag")
    bag_actions.add_parser(
        "clear",
        parents=[connecting, bag_catalogue, iconify],
        help="empty the bag (the files saved stay where they are)",
    )
    export = bag_actions.add_parser(
        "export",
        parents=[connecting, bag_catalogue, iconify],
        help="write the bag as an SVG sprite, a zip of its files or Iconify JSON",
        description=(
            "Write the bag as one file, whole or not at all, never over another file unless --overwrite "
            "(the next free name-N instead; the same bytes already there are kept): an SVG sprite, one "
            "<symbol id='prefix-name'> per icon (name-id without an Iconify name); a zip of the files "
            "'download all' saves (the bag's format and size, or --format and --size; names as --name or "
            "the filename setting); or one Iconify JSON file per set in DIR, <prefix>.json, which Iconify's "
            "tools load (icons without an Iconify name are left out and listed). Prints the paths written."
        ),
    )
    written = export.add_mutually_exclusive_group(required=True)
    written.add_argument("--sprite", metavar="FILE", help="an SVG sprite of the icons' SVG")
    written.add_argument("--zip", dest="archive", metavar="FILE", help="a zip of the bag's files")
    written.add_argument("--iconify-json", metavar="DIR", help="one Iconify JSON subset per set, DIR/<prefix>.json")
    export.add_argument(
        "--format", choices=FILE_FORMATS, default=None, help="with --zip: the files' format (default: the bag's)"
    )
    export.add_argument(
        "--size",
        metavar="N",
        type=_bounded_int(1, 100_000, "--size"),
        default=None,
        help="with --zip: PNGs of N pixels (default: the bag's)",
    )
    export.add_argument(
        "--name",
        metavar="TEMPLATE",
        type=_name_template,
        default=None,
        help="with --zip: the files' name template, as `pick --name` (default: the filename setting)",
    )
    export.add_argument(
        "--color",
        dest="colour",
        metavar="CSS",
        default=argparse.SUPPRESS,
        help="with --zip: paint PNGs drawn from sets from disk in this CSS colour (default black)",
    )
    export.add_argument("--overwrite", action="store_true", help="replace a file of the same name")

    download = commands.add_parser(
        "download",
        parents=[connecting, demo, sources, iconify, saving],
        help="save one variant's file, or an icon's by its Iconify name",
    )
    download.add_argument(
        "variant_id",
        metavar="VARIANT_ID",
        type=_variant_or_iconify_name,
        help="a variant id, from `iconcat search` (with --demo, from `iconcat search --demo`), or an icon's "
        "Iconify name from sets on disk (tabler:trash)",
    )
    download.add_argument(
        "--format",
        choices=("svg", "png"),
        default=None,
        help="with an Iconify name: the file's format, svg or png (default: the bag's, svg for sets from disk)",
    )
    download.add_argument(
        "--size",
        metavar="N",
        type=_bounded_int(1, 100_000, "--size"),
        default=None,
        help="with an Iconify name: a PNG of N pixels (drawn from the SVG); with --format svg, the SVG's width "
        "and height (its larger side)",
    )
    download.add_argument(
        "-o", "--output", metavar="DIR", help="folder to save into (default: the configured one, else .)"
    )
    download.add_argument("--overwrite", action="store_true", help="replace a file of the same name")
    download.add_argument(
        "--as",
        dest="snippet",
        metavar="KIND",
        choices=SNIPPET_FILE_KINDS,
        default=None,
        help=f"write the icon's SVG as a file of KIND: {', '.join(SNIPPET_FILE_KINDS)} (TablerTrash.tsx, "
        "tabler-trash.css)",
    )
    download.add_argument(
        "--name",
        metavar="TEMPLATE",
        type=_by_id_template,
        default=None,
        help="file-name template with {variant} and {format}, e.g. 'icon-{variant}' (default: the service's "
        "name; a variant id knows no icon, so `iconcat pick --name` is the way to name files after icons)",
    )

    serve = commands.add_parser(
        "serve",
        # A base URL says where the other commands connect; serve connects nowhere, so it never hides `from`.
        parents=[_sources_options("ICONCAT_FROM, else the config file's from, else the demo")],
        help="run the embedded catalogue: the demo, or icon sets from disk (--from, ICONCAT_FROM, from)",
    )
    serve.add_argument(
        "--demo", action="store_true", help="serve the demo catalogue, whatever ICONCAT_FROM or from say"
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=_bounded_int(0, 65535, "--port"), default=8000, help="default 8000")
    serve.add_argument("--token", default=None, help="the demo server's own token (no secret; default iconcat-demo)")
    serve.add_argument(
        "--latency",
        metavar="MS",
        type=_bounded_int(0, 60_000, "--latency"),
        default=0,
        help="delay every answer by MS milliseconds",
    )
    serve.add_argument(
        "--page-size",
        metavar="N",
        type=_bounded_int(1, 10_000, "--page-size"),
        default=48,
        help="icons on a search's first page (default 48); the next pages, which the answer's meta.next "
        "leads to, hold 500, or N when N is larger",
    )
    serve.add_argument(
        "--icons",
        metavar="N",
        # The server's MAX_ICONS, written out: importing the server here would slow every command's start.
        type=_bounded_int(1, 1_000_000, "--icons"),
        default=None,
        help="serve N icons, from 1 to 1,000,000: the demo's, then generated ones (default: the demo's 1,802)",
    )

    commands.add_parser(
        "config",
        help="each setting, its value and where it came from (flag, environment, project file, config file)",
        description=(
            "Show every setting, its value (the token only as set or not) and where it came from: a flag, the "
            "environment, the project file (.iconcat.toml, in this folder or a parent) or your config file, "
            "else the default; and which catalogue the commands would open. See docs/configuration.md."
        ),
    )

    login = commands.add_parser("login", parents=[connecting], help="save the base URL and token, after checking them")
    login.add_argument("--token-stdin", action="store_true", help="read the token from standard input")
    return parser
