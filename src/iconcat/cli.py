"""The `iconcat` command: browse, search, download, serve, login.

Exit status: 0 success; 1 the service, the network or the disk failed; 2 usage or configuration error;
3 the service rejected the token; 4 not found; 130 interrupted (Ctrl-C). A reader of stdout that went
away (`| head`) ends any command quietly with 0: it had what it wanted. Errors are one line on stderr,
`iconcat: error: <what failed>: <what to do>`, never a traceback (set ICONCAT_DEBUG=1 to get one for a
bug report) and never the token: the token is not accepted on the command line at all (process lists
show arguments), only from ICONCAT_TOKEN, the config file, `iconcat login` or standard input.

Everything the service sends reaches the terminal through `iconcat.text.sanitize` (the table) or as
ASCII-escaped JSON (`--json`), so a hostile name cannot move the cursor, retitle the window or write the
clipboard. A failure nobody foresaw is worded by `iconcat.failures.describe_failure`, as in the browser:
never an exception's class name.

Each command takes, and its --help lists, only the options it uses. `--base-url` and `--timeout` say
where a command connects and how long it waits: browse, search, download and login take them, before
the command (`iconcat --base-url URL search arrow`) or after it (`iconcat search arrow --base-url URL`);
`serve` connects to nothing and refuses them. `browse`, `search` and `download` take `--demo`: the
embedded demo catalogue, started in this process for the command's life, so they work right after
install with nothing set up (the demo's ids are stable, so `download --demo` takes what
`search --demo` prints).

`search` reads its words as the browser's search box does (`iconcat.browsing.filters`, one parser):
`key:value` words filter and are never sent as search words; those on style, set, category and series go
as the embedded catalogue's `narrow` extension (`server/narrowing.py`), so a catalogue that knows it
answers only the icons they keep and the cap counts those (`arrow set:tabler` over the whole
@iconify/json: all 273, not the 251 among the first 10,000 arrows), and the summary says "(the catalogue
narrowed by set:tabler)"; the filters still apply on top, so one that ignores it changes nothing. A
filter applies to every result of the query, so with a filter (or `--all`, or `--limit N`) every page
the catalogue reveals is followed, up to the client's 10,000 cap, and filtered as it arrives; the lines
under the table (stderr) say how many of how many seen match, that the counts are over the first 10,000
when the cap was hit, or that the filters apply to the page the catalogue returned when it reveals no
next one. With `--json` the same is in `meta` (`seen`, `total`, `filters`, `narrowed`, `limit`,
`pagingStopped`) beside the API's `moreResultsAvailable`.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import warnings
from collections.abc import Callable, Coroutine, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from iconcat import __version__
from iconcat.choices import GRAPHICS, THUMBNAIL_MODES, VIEWS
from iconcat.failures import describe_failure
from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import CatalogueClient, ConnectionCheck, Icon, SearchResult, Secret
    from iconcat.browsing.filters import ParsedQuery
    from iconcat.config import Settings
    from iconcat.local_sets import LocalSets

# Modules only some commands need (the settings, asyncio, json, pathlib, getpass, dataclasses, the
# client, the server) are imported inside them: `iconcat --help` imports little beyond argparse
# (tests/cli/test_quick_start.py holds that).

__all__ = ["main"]

_T = TypeVar("_T")

EXIT_OK, EXIT_FAILURE, EXIT_USAGE, EXIT_AUTH, EXIT_NOT_FOUND, EXIT_INTERRUPTED = 0, 1, 2, 3, 4, 130
NO_CATALOGUE_HINT = (
    "no catalogue configured: run `iconcat login`, or set ICONCAT_BASE_URL and ICONCAT_TOKEN; "
    "or add --demo to use the embedded demo catalogue"
)
CONNECTION_OPTIONS = {"base_url": "--base-url", "timeout": "--timeout"}
"""The options that say where a command connects (their `dest` and their flag): `serve` takes neither."""


class UsageError(Exception):
    """A command cannot run with what it was given (exit status 2)."""


class CommandFailure(Exception):
    """The command could not do its work for a reason outside the catalogue client (exit status 1)."""


# ------------------------------------------------------------------------------------------ parser


class _Parser(argparse.ArgumentParser):
    """argparse, with usage errors as the one line every other error is (and the way to get help)."""

    def error(self, message: str) -> NoReturn:
        _error(f"{message} (see `{self.prog} --help`)")
        raise SystemExit(EXIT_USAGE)


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        shown = sanitize(text, max_length=40)
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {shown!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError("must be a positive number of seconds")
    return value


def _name_template(text: str) -> str:
    """A file-name template, checked (`iconcat.saving.check_template`): a bad one is a one-line usage error."""
    from iconcat.name_template import TemplateError, check_template  # light: no Pillow, no httpx

    try:
        return check_template(text)
    except TemplateError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _by_id_template(text: str) -> str:
    """A file-name template `iconcat download` can fill from a variant id alone ({variant}, {format})."""
    from iconcat.saving import TemplateError, check_by_id_template

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
    # Icon sets from disk, served in-process as --demo serves the demo (`iconcat.local_sets`).
    sources = _Parser(add_help=False)
    sources.add_argument(
        "--from",
        dest="sources",
        metavar="PATH",
        action="append",
        default=argparse.SUPPRESS,
        help="serve the icon sets at PATH (repeatable; NAME=PATH names an SVG folder): an IconifyJSON file, "
        "@iconify/json, a project or its node_modules, or a folder of SVG files (default: ICONCAT_FROM, "
        "else the config file's from, when no base URL is set)",
    )
    sources.add_argument(
        "--color",
        dest="colour",
        metavar="CSS",
        default=argparse.SUPPRESS,
        help="paint the sets' currentColor in previews and PNGs with this CSS colour (default black)",
    )
    parser = _Parser(
        prog="iconcat",
        description="Browse, search and download icons from an icon catalogue, or from icon sets on disk.",
        parents=[connecting, sources],
        epilog=(
            "--base-url and --timeout apply to browse, search, download and login, before or after the "
            "command. The token comes from ICONCAT_TOKEN or the config file (`iconcat login`), never the "
            "command line. `iconcat --from node_modules/@iconify/json` browses the icon sets you have installed."
        ),
    )
    parser.add_argument("--version", action="version", version=f"iconcat {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    # What the browser shows, for `browse` and `pick` (the browser as a picker).
    browsing = _Parser(add_help=False)
    browsing.add_argument(
        "--thumbnails",
        choices=THUMBNAIL_MODES,
        default=None,
        help="draw pictures with half blocks (default), quadrant blocks (sharper), or not at all (text)",
    )
    browsing.add_argument(
        "--view",
        choices=VIEWS,
        default=None,
        help="lay results out as tiles of pictures (gallery, the default) or a text list",
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
        help="pictures in true pixels where the terminal draws kitty graphics (auto, the default: ask the "
        "terminal), always (kitty), or never (blocks)",
    )
    browse = commands.add_parser(
        "browse", parents=[connecting, demo, sources, browsing], help="the full-screen browser (the default)"
    )
    # Several words are one query, as in the search box: `iconcat browse cloud rain` needs no quotes.
    browse.add_argument("query", nargs="*", metavar="QUERY", help="search for these words at start")

    pick = commands.add_parser(
        "pick",
        parents=[connecting, demo, sources, browsing],
        help="the browser as a picker: prints the saved file's path",
        description=(
            "Open the browser; Enter on an icon saves its file and prints the absolute path on stdout "
            "(the browser draws on the terminal, never on stdout). Esc or q: exit 1, nothing printed; "
            "Ctrl-C: exit 130. Example: path=$(iconcat pick arrow --format svg)"
        ),
    )
    pick.add_argument("query", nargs="*", metavar="QUERY", help="search for these words at start")
    pick.add_argument("--format", choices=("png", "svg", "eps"), default=None, help="only files of this format")
    pick.add_argument(
        "--size",
        metavar="N",
        type=_bounded_int(1, 100_000, "--size"),
        default=None,
        help="PNG of N pixels (smaller ones are resampled from the largest PNG, never enlarged)",
    )
    pick.add_argument(
        "--multi",
        action="store_true",
        help="pick several: Enter or space puts icons in the bag, its 'download all' prints one path per line",
    )
    pick.add_argument("-o", "--output", metavar="DIR", help="folder to save into (default: the configured one)")
    pick.add_argument(
        "--name",
        metavar="TEMPLATE",
        type=_name_template,
        default=None,
        help="file-name template, default '{name}-{style}-{set}-{size}' (fields: name style set series category "
        "size format id variant prefix iconify)",
    )

    search = commands.add_parser(
        "search",
        parents=[connecting, demo, sources],
        help="one search, as a table or JSON",
        description=(
            "Search icons by name. key:value words filter the results as in the browser's search box and "
            "are never sent to the catalogue: keys style, set, category, series, format and size "
            "(style:filled set:core-ui format:svg size:512), a prefix is enough, commas give alternatives "
            "(style:filled,outline). With a filter, --all or --limit, "
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

    for name, what in (
        ("favourites", "the icons marked with * in the browser"),
        ("recent", "the icons last opened or downloaded"),
    ):
        remembered = commands.add_parser(
            name, parents=[connecting, demo], help=f"{what}, for the configured catalogue (or the demo's)"
        )
        remembered.add_argument("--json", action="store_true", help="print them as JSON (shaped like `search --json`)")

    download = commands.add_parser("download", parents=[connecting, demo, sources], help="save one variant's file")
    download.add_argument(
        "variant_id",
        metavar="VARIANT_ID",
        type=_bounded_int(0, 2**63 - 1, "VARIANT_ID"),
        help="a variant id, from `iconcat search` (with --demo, from `iconcat search --demo`)",
    )
    download.add_argument(
        "-o", "--output", metavar="DIR", help="folder to save into (default: the configured one, else .)"
    )
    download.add_argument("--overwrite", action="store_true", help="replace a file of the same name")
    download.add_argument(
        "--name",
        metavar="TEMPLATE",
        type=_by_id_template,
        default=None,
        help="file-name template with {variant} and {format}, e.g. 'icon-{variant}' (default: the service's "
        "name; a variant id knows no icon, so `iconcat pick --name` is the way to name files after icons)",
    )

    serve = commands.add_parser(
        "serve", parents=[sources], help="run the embedded catalogue: the demo, or icon sets from disk (--from)"
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

    login = commands.add_parser("login", parents=[connecting], help="save the base URL and token, after checking them")
    login.add_argument("--token-stdin", action="store_true", help="read the token from standard input")
    return parser


# -------------------------------------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    try:
        status = _run(argv)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        if not _stdout_gone():
            # Another pipe broke (stderr's reader went away mid-command): the work did not finish, and
            # nothing can be said about it where nobody reads. Not a success.
            return EXIT_FAILURE
        # The reader went away (`iconcat search x | head -n 0`): what it wanted it had, so the command
        # ends quietly with 0 (a `set -o pipefail` script must not fail because `head` had enough).
        _silence_stdout()
        return EXIT_OK
    try:
        # Output to a pipe is buffered: a reader that went away is found here, not by Python's own
        # flush at exit (which would print "Exception ignored" and exit 120).
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
    return status


def _stdout_gone() -> bool:
    """Whether stdout is a pipe whose reader went away (the kernel flags its write end with an error)."""
    import select

    try:
        poller = select.poll()
        poller.register(sys.stdout.fileno(), select.POLLOUT)
        return any(events & (select.POLLERR | select.POLLHUP) for _fd, events in poller.poll(0))
    except (OSError, ValueError, AttributeError):  # no stdout, or not a file: nothing to tell
        return False


def _silence_stdout() -> None:
    """Point stdout at the null device: its reader went away, and Python must not complain at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def _run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    command = args.command or "browse"
    try:
        if command == "serve":
            given = [flag for dest, flag in CONNECTION_OPTIONS.items() if dest in vars(args)]
            if given:  # only possible before the command (`iconcat --base-url URL serve`)
                raise UsageError(
                    f"`iconcat serve` takes no {' or '.join(given)}: it runs a catalogue and connects to none "
                    "(see `iconcat serve --help`)"
                )
            return _serve(args)
        from iconcat.config import load_settings

        settings = load_settings(
            base_url=getattr(args, "base_url", None),
            timeout=getattr(args, "timeout", None),
            thumbnails=getattr(args, "thumbnails", None),
            view=getattr(args, "view", None),
            group=getattr(args, "group", None),
            graphics=getattr(args, "graphics", None),
            # `--name` wins over ICONCAT_FILENAME and the config file, even a broken one. (Only pick's
            # and download's: `search NAME` has a `name` of its own, the words searched.)
            filename=args.name if command in ("pick", "download") else None,
            sources=getattr(args, "sources", None),
        )
        local = None
        if command in ("browse", "pick", "search", "download"):
            from iconcat.local_sets import choose_local_sets

            local = choose_local_sets(settings, colour=getattr(args, "colour", None), demo=getattr(args, "demo", False))
        elif "colour" in vars(args) or (command == "login" and "sources" in vars(args)):
            raise UsageError(f"`iconcat {command}` takes no --from or --color")
        if command == "browse":
            return _browse(
                settings, " ".join(getattr(args, "query", None) or []) or None, getattr(args, "demo", False), local
            )
        if command == "pick":
            return _pick(settings, args, local)
        if command == "search":
            return _search(
                settings,
                " ".join(args.name),
                as_json=args.json,
                demo=args.demo,
                every_page=args.all,
                limit=args.limit,
                local=local,
            )
        if command in ("favourites", "recent"):
            return _remembered(settings, command, as_json=args.json, demo=args.demo)
        if command == "download":
            return _download(
                settings,
                args.variant_id,
                args.output,
                overwrite=args.overwrite,
                demo=args.demo,
                name=args.name,
                local=local,
            )
        if command == "login":
            return _login(
                settings, explicit_base_url=getattr(args, "base_url", None), token_from_stdin=args.token_stdin
            )
        parser.error(f"unknown command {command}")
    except BrokenPipeError:
        raise
    except Exception as error:  # the one place errors become a line for a person
        if os.environ.get("ICONCAT_DEBUG"):
            raise
        return _report(error, command)


def _report(error: BaseException, command: str = "") -> int:
    """Print `error` as the one line a person reads (`describe_failure`'s words); return the exit status.

    A rejected token is worded by the client without a remedy (the browser's connect screen and
    `iconcat login` are where a token is fixed, and must not send the user to themselves): every
    other command adds the way to fix it here.
    """
    from iconcat.api import AuthError, CatalogueError, NotFoundError, RequestRefusedError, SettingsError
    from iconcat.config import ConfigError
    from iconcat.local_sets import LocalSetsError
    from iconcat.name_template import TemplateError
    from iconcat.server.sources.errors import SourceError

    usage = (UsageError, ConfigError, SettingsError, TemplateError, RequestRefusedError, LocalSetsError, SourceError)
    # A request the catalogue refused (400), or would refuse, is the user's to change: a usage error.
    if isinstance(error, usage):
        status = EXIT_USAGE
    elif isinstance(error, AuthError):
        status = EXIT_AUTH
    elif isinstance(error, NotFoundError):
        status = EXIT_NOT_FOUND
    elif isinstance(error, (CatalogueError, OSError, CommandFailure)):
        status = EXIT_FAILURE
    else:
        _error(f"unexpected failure: {describe_failure(error)}; please report it, with ICONCAT_DEBUG=1 for details")
        return EXIT_FAILURE
    sentence = describe_failure(error, max_length=600)
    if status == EXIT_AUTH and command != "login":
        sentence += ": check it, or run `iconcat login`"
    _error(sentence)
    return status


def _error(message: str) -> None:
    _to_stderr(f"iconcat: error: {sanitize(message, max_length=600)}")


def _warn(message: str) -> None:
    _to_stderr(f"iconcat: warning: {sanitize(message, max_length=600)}")


def _to_stderr(line: str) -> None:
    """A line for the person on stderr; when nobody reads stderr any more, the work goes on unsaid
    (the exit status still tells a script what happened)."""
    try:
        print(line, file=sys.stderr, flush=True)
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stderr.fileno())
        os.close(devnull)


def _run_async(work: Coroutine[Any, Any, _T]) -> _T:
    """`asyncio.run(work)`, asyncio imported here: `iconcat --help` and usage errors must not pay for it
    (importing asyncio takes longer than the rest of the command line put together)."""
    import asyncio

    return asyncio.run(work)


def _client(settings: Settings, *, demo: bool = False) -> CatalogueClient:
    """A `CatalogueClient` for the configured catalogue; its warnings are printed, not raised.

    With `demo` (the catalogue `_catalogue` started), the client knows the demo's query limit, so a
    search longer than it is refused before it is sent."""
    from iconcat.api import CatalogueClient

    if not settings.base_url:
        raise UsageError(NO_CATALOGUE_HINT)
    if not settings.token:
        raise UsageError("no token configured: set ICONCAT_TOKEN, or run `iconcat login`")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        query_limit = None
        if demo:
            from iconcat.server.app import MAX_QUERY_LENGTH  # already imported: the demo is running

            query_limit = MAX_QUERY_LENGTH
        client = CatalogueClient(settings.base_url, settings.token, timeout=settings.timeout, query_limit=query_limit)
    for warning in caught:
        _warn(str(warning.message))
    return client


@contextmanager
def _catalogue(settings: Settings, demo: bool, local: LocalSets | None = None) -> Iterator[Settings]:
    """`settings`; with --demo, the same settings pointed at the embedded demo catalogue; with `local`
    (sets from disk), at the embedded catalogue serving them, their index built first with a progress
    bar on stderr (`iconcat.local_sets`).

    The demo is started the way `browse --demo` starts it (`iconcat.server.start_catalogue` with its
    demo token, on a free loopback port in a background thread) and stopped when the command ends, so
    `search --demo` and `download --demo` need no set-up and no second terminal. Imported only with
    --demo: building the demo's data takes a moment.
    """
    if not demo and local is None:
        yield settings
        return
    import dataclasses

    from iconcat.api import CatalogueError
    from iconcat.server import DEMO_TOKEN, start_catalogue

    options: dict[str, Any] = {}
    named = "the demo catalogue"
    if local is not None:
        from iconcat.local_sets import TerminalProgress, build_catalogue

        options["catalogue"] = build_catalogue(local, TerminalProgress.on_stderr(), warn=_warn)
        named = "your icon sets"
    try:
        server = start_catalogue(token=DEMO_TOKEN, **options)
    except (OSError, RuntimeError) as error:
        raise CommandFailure(f"could not start {named}: {describe_failure(error)}") from None
    try:
        yield dataclasses.replace(settings, base_url=server.base_url, token=DEMO_TOKEN)
    except CatalogueError as error:
        # The embedded catalogue's port is thrown away with it: a message naming it would send the user nowhere.
        error.args = (_demo_named(str(error), server.base_url, named),)
        raise
    finally:
        server.stop()


def _demo_named(message: str, base_url: str, named: str = "the demo catalogue") -> str:
    """`message` with the embedded catalogue's passing address replaced by its name."""
    for address, name in (
        (f"the catalogue at {base_url}", named),
        (f" at {base_url}", f" in {named}"),
        (base_url, named),
    ):
        message = message.replace(address, name)
    return message


# ---------------------------------------------------------------------------------------- commands


def _browse(settings: Settings, query: str | None, demo: bool, local: LocalSets | None = None) -> int:
    try:
        # Imported here: Textual is slow to import, and search/download must not pay for it.
        from iconcat.tui import run_browser
    except ImportError:
        _error("the full-screen browser is not available in this build; use `iconcat search` and `iconcat download`")
        return EXIT_FAILURE
    return run_browser(settings, query=query, demo=demo, local=local)


def _pick(settings: Settings, args: argparse.Namespace, local: LocalSets | None = None) -> int:
    """The browser as a picker: the saved files' absolute paths on stdout, one per line, and nothing else."""
    import dataclasses
    from pathlib import Path

    if args.size is not None and args.format in ("svg", "eps"):
        raise UsageError(f"--size counts pixels: {args.format.upper()} is a vector format and has none")
    if args.output:
        settings = dataclasses.replace(settings, download_dir=Path(args.output).expanduser())
    try:
        from iconcat.browsing.picking import PickRequest
        from iconcat.tui import run_picker
    except ImportError:
        _error("the full-screen browser is not available in this build; use `iconcat search` and `iconcat download`")
        return EXIT_FAILURE
    request = PickRequest(
        fmt=args.format, size=args.size, multi=args.multi, template=settings.filename, folder_given=bool(args.output)
    )
    status, paths = run_picker(settings, request, query=" ".join(args.query) or None, demo=args.demo, local=local)
    if status == EXIT_OK:
        # Bytes, one path a line: what a script reads (names we wrote are safe; the folder is the user's).
        sys.stdout.buffer.write(b"".join(os.fsencode(os.path.abspath(path)) + b"\n" for path in paths))
        sys.stdout.flush()
    return status


def _search(
    settings: Settings,
    text: str,
    *,
    as_json: bool,
    demo: bool = False,
    every_page: bool = False,
    limit: int | None = None,
    local: LocalSets | None = None,
) -> int:
    """One search, as a table or JSON; `key:value` words filter it as in the browser.

    The text goes through the browser's own parser (`iconcat.browsing.filters.parse_query`): the plain
    words are sent, the filter words never are, and an unknown key or a key with no value is refused
    with the browser's words (exit 2). With a filter, `--all` or `--limit`, every page the catalogue
    reveals is followed (up to the client's 10,000 cap) and the filters apply to all of them, page by
    page as they arrive; `--limit N` stops once N icons pass the filters. Without any of them, one page,
    as before. What was seen is said honestly on stderr (`_search_summary`), and in `meta` with --json.
    """
    from iconcat.browsing.filters import parse_query

    query = parse_query(text)
    if query.notice:
        raise UsageError(query.notice)
    if not query.words:
        if query.filters:
            raise UsageError(
                "give at least one word to search: filters narrow what a search finds, "
                f"like `iconcat search arrow {sanitize(query.filters.text, max_length=80)}`"
            )
        raise UsageError("the search text is empty: give a word, like `iconcat search arrow`")
    follow = every_page or bool(query.filters) or limit is not None

    async def run(reachable: Settings) -> _Found:
        async with _client(reachable, demo=demo or local is not None) as client:
            return await _gather(client, query, follow=follow, limit=limit)

    with _catalogue(settings, demo, local) as reachable:
        found = _run_async(run(reachable))
    result = found.result
    if as_json:
        import json

        document = search_result_document(result, icons=found.icons)
        document["meta"]["moreResultsAvailable"] = found.more
        if follow:
            document["meta"].update(found.meta())
        print(json.dumps(document, indent=2, ensure_ascii=True), flush=True)
    else:
        if found.icons:
            _print_table(found.icons)
        for line in _search_summary(found):
            print(line, file=sys.stderr)
    if result.skipped:
        _warn(f"{result.skipped} malformed entr{'y' if result.skipped == 1 else 'ies'} in the answer left out")
    return EXIT_OK


class _Found:
    """What `search` found: the last result of the pages followed, and the icons it shows."""

    def __init__(self, result: SearchResult, icons: list[Icon], query: ParsedQuery, limit: int | None) -> None:
        self.result = result
        self.icons = icons
        self.query = query
        self.limit = limit
        self.limited = limit is not None and len(icons) >= limit and (result.can_load_more or len(icons) > limit)
        """True when --limit stopped the search before it saw everything that would pass."""
        if limit is not None:
            del self.icons[limit:]

    @property
    def seen(self) -> int:
        """How many icons the catalogue returned (the filters applied to these)."""
        return self.result.icon_count

    @property
    def narrowed(self) -> list[str]:
        """The filter words sent that the catalogue says it narrowed by (our spelling, not its text)."""
        said = self.result.narrowed or ()
        return [word for word in self.query.filters.narrow_words if word in said]

    @property
    def more(self) -> bool:
        """Whether more icons would pass than are shown: --limit cut, or the catalogue has more unseen."""
        return self.limited or self.result.more_available

    def meta(self) -> dict[str, Any]:
        """The --json `meta` of a search that followed pages: what was seen, and why it stopped."""
        meta: dict[str, Any] = {"seen": self.seen}
        if self.result.total is not None:
            meta["total"] = self.result.total
        if self.query.filters:
            meta["filters"] = self.query.filters.text
            meta["narrowed"] = self.narrowed
        if self.limit is not None:
            meta["limit"] = self.limit
        if self.result.paging_stopped:
            meta["pagingStopped"] = self.result.paging_stopped
        return meta


async def _gather(client: CatalogueClient, query: ParsedQuery, *, follow: bool, limit: int | None) -> _Found:
    """The first page, and with `follow` every next page, filtered as each arrives (at a page's cost:
    `icons_after`); stopping once `limit` icons pass the filters."""
    filters = query.filters
    # The catalogue may narrow by these words itself (the embedded one does): then every page holds
    # only icons that pass, and the 10,000 cap counts those. The filters still apply on top, so a
    # catalogue that ignores the words changes nothing.
    result = await client.search(query.service_text, narrow=filters.narrow_words)
    kept = filters.apply(result.icons) if filters else list(result.icons)
    progress = _PagingProgress()
    try:
        while follow and result.can_load_more and (limit is None or len(kept) < limit):
            before = result.icon_count
            progress(before, result.total)
            result = await client.more(result)
            added = result.icons_after(before)
            kept.extend(filters.apply(added) if filters else added)
    finally:
        progress.close()
    return _Found(result, kept, query, limit)


def _search_summary(found: _Found) -> list[str]:
    """The lines under the table (stderr): how many, of how many seen, and why the search stopped."""
    result, count, seen = found.result, len(found.icons), found.seen
    filters = found.query.filters
    chosen = sanitize(filters.text, max_length=80)
    stopped = sanitize(result.paging_stopped, max_length=400) if result.paging_stopped else None  # names a site
    unrevealed = result.more_available and not result.can_load_more and not stopped
    plural = f"{count:,} icon{'s' if count != 1 else ''}"
    lines: list[str] = []
    if filters:
        from iconcat.browsing.filters import explain_empty

        if not seen:
            lines.append("No icons match.")
        elif not count:
            lines.append(f"No icons match: {explain_empty(result.icons, filters)}.")
        elif found.limited:
            lines.append(f"{plural} that match {chosen} (--limit {found.limit}), from the first {seen:,} icons found")
        else:
            by = f" (the catalogue narrowed by {', '.join(found.narrowed)})" if found.narrowed else ""
            lines.append(f"{count:,} of {seen:,} match {chosen}{by}")
        if unrevealed:
            lines.append(
                f"filters apply to the {seen:,} the catalogue returned: it reveals no next page, "
                "so refine the search to see others"
            )
    elif not count:
        lines.append("No icons match.")
    elif found.limited:
        lines.append(f"the first {plural} (--limit {found.limit}); more match")
    elif result.can_load_more:
        shown = f"{count:,} of {result.total:,} icons" if result.total is not None else plural
        lines.append(f"{shown}; more match: --all fetches every page, or refine the search")
    elif unrevealed:
        lines.append(f"{plural}; more match: refine the search to see them")
    elif result.total is not None and result.total > count:  # the cap, or a next page refused
        lines.append(f"{count:,} of {result.total:,} icons")
    else:
        lines.append(plural)
    if stopped and not found.limited:
        of_total = f" of {result.total:,}" if result.total is not None else ""
        lines.append(f"counts over the first {seen:,}{of_total}: {stopped}" if filters else stopped)
    return lines


class _StderrLine:
    """One line of progress on stderr, written over itself, when stderr is a terminal (never in pipes
    or logs); `close` wipes it."""

    def __init__(self) -> None:
        self._enabled = sys.stderr.isatty()
        self._shown = False

    def _say(self, text: str) -> None:
        sys.stderr.write(f"\r{text}\x1b[K")
        sys.stderr.flush()
        self._shown = True

    def close(self) -> None:
        if self._shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


class _PagingProgress(_StderrLine):
    """ "fetching pages… 548 of 1,802 icons so far" while pages are followed, wiped before the table."""

    def __call__(self, held: int, total: int | None) -> None:
        if self._enabled:
            of_total = f" of {total:,}" if total is not None else ""
            self._say(f"fetching pages… {held:,}{of_total} icons so far")


def _remembered(settings: Settings, which: str, *, as_json: bool, demo: bool) -> int:
    """Print what the browser remembered for the catalogue it would open: favourites or recent icons.

    Read from the browser's memory alone (no request). With nothing configured, or with --demo, the
    demo catalogue's, as the browser keeps them."""
    from iconcat.api import SearchResult
    from iconcat.catalogue_names import favourites_elsewhere_note
    from iconcat.memory import DEMO_CATALOGUE, LOCAL_SETS, Memory

    if settings.local_sources and not demo:
        key = LOCAL_SETS  # (as the browser keeps them: one key for every set from disk)
    else:
        key = DEMO_CATALOGUE if demo or not settings.base_url else settings.base_url
    memory = Memory.open(key)
    try:
        icons = memory.favourites() if which == "favourites" else memory.recents()
        elsewhere = ""
        if not icons and which == "favourites":  # kept per catalogue: say where they are
            elsewhere = favourites_elsewhere_note(memory.catalogue, memory.favourites_elsewhere())
    finally:
        memory.close()
    if memory.notice:
        _warn(memory.notice)
    result = SearchResult(icons=icons, more_available=False)
    if as_json:
        import json

        print(json.dumps(search_result_document(result), indent=2, ensure_ascii=True))
    elif icons:
        _print_table(icons)
        print(f"{len(icons)} icon{'s' if len(icons) != 1 else ''}", file=sys.stderr)
    if elsewhere:
        print(f"{elsewhere[:1].upper()}{elsewhere[1:]}.", file=sys.stderr)
    elif not icons and not as_json:
        print(
            "No favourites yet: press * on an icon in the browser." if which == "favourites" else "Nothing yet.",
            file=sys.stderr,
        )
    return EXIT_OK


def search_result_document(result: Any, icons: Sequence[Icon] | None = None) -> dict[str, Any]:
    """The API's response shape (`data`, `meta.moreResultsAvailable`), rebuilt from the parsed models
    (`icons`, when given, instead of the result's: what the filters kept)."""

    from iconcat.api import extension_fields  # set.license, set.author, iconify: as served, when served

    def ref(value: Any) -> dict[str, Any]:
        return {"id": value.id, "name": value.name}

    return {
        "data": [
            {
                "id": icon.id,
                "name": icon.name,
                "category": ref(icon.category),
                "style": ref(icon.style),
                "series": ref(icon.series),
                "set": {**ref(icon.set), **on_set},
                "thumbnail": icon.thumbnail,
                "variants": [{"id": v.id, "format": v.format, "size": v.size} for v in icon.variants],
                **on_icon,
            }
            for icon in (result.icons if icons is None else icons)
            for on_set, on_icon in (extension_fields(icon),)
        ],
        "meta": {"moreResultsAvailable": result.more_available, "skipped": result.skipped},
    }


def _print_table(icons: Sequence[Icon]) -> None:
    """The icons as a table on stdout: id, name, style, set, variants (sanitised, wide characters counted)."""
    from rich.cells import cell_len, set_cell_size  # rich, not Textual: cheap, and knows wide characters

    header = ("ID", "NAME", "STYLE", "SET", "VARIANTS (id format size)")
    rows = [
        (
            str(icon.id),
            sanitize(icon.name, max_length=40),
            sanitize(icon.style.name, max_length=16),
            sanitize(icon.set.name, max_length=24),
            ", ".join(
                f"{v.id} {sanitize(v.format, max_length=8)}{f' {v.size}' if v.size is not None else ''}"
                for v in icon.variants
            )
            or "-",
        )
        for icon in icons
    ]
    widths = [max(cell_len(row[column]) for row in (header, *rows)) for column in range(len(header))]
    for row in (header, *rows):
        cells = [set_cell_size(text, width) for text, width in zip(row[:-1], widths[:-1])]
        print("  ".join([*cells, row[-1]]).rstrip())
    sys.stdout.flush()  # the table first: when its reader went away, nothing more is said (on stderr either)


class _ProgressLine(_StderrLine):
    """A download's progress ("downloading variant 500073:  71% 0.4 MB"), at most ten times a second."""

    def __init__(self, variant_id: int) -> None:
        super().__init__()
        self._variant_id = variant_id
        self._last = 0.0

    def __call__(self, done: int, total: int | None) -> None:
        now = time.monotonic()
        if not self._enabled or (now - self._last < 0.1 and done != total):
            return
        self._last = now
        share = f" {done * 100 // total:3d}%" if total else ""
        self._say(f"downloading variant {self._variant_id}:{share} {done / 1e6:.1f} MB")


def _download(
    settings: Settings,
    variant_id: int,
    output: str | None,
    *,
    overwrite: bool,
    demo: bool = False,
    name: str | None = None,
    local: LocalSets | None = None,
) -> int:
    """Save one variant's file; its path is the last line of stdout, whether saved now or already there.

    A variant id knows no icon: the file keeps the service's name, unless `name` (`--name`, checked by
    the parser to use only {variant} and {format}) or the `filename` setting, when it uses no more than
    those, names it. A file with identical bytes already at the name is not saved twice (without
    --overwrite): its path is printed, and a line on stderr says it was already there.
    """
    from pathlib import Path

    from iconcat.downloads import SavedFile

    folder = Path(output).expanduser() if output else settings.download_dir
    progress = _ProgressLine(variant_id)
    template = name if name is not None else _by_id_setting(settings.filename)

    def name_for(extension: str) -> str:
        from iconcat.saving import file_name_by_id

        assert template is not None
        return file_name_by_id(variant_id, extension, template)

    async def run(reachable: Settings) -> SavedFile:
        async with _client(reachable) as client:
            saved: SavedFile = await client.download_file(
                variant_id,
                folder,
                name_for=name_for if template is not None else None,
                overwrite=overwrite,
                keep_identical=not overwrite,
                progress=progress,
            )
        return saved

    from iconcat.api import NotFoundError

    try:
        with _catalogue(settings, demo, local) as reachable:
            saved = _run_async(run(reachable))
    except NotFoundError as error:
        hint = None if local is not None else _icon_not_variant(variant_id, settings, demo)
        if hint is not None:
            error.args = (hint,)
        raise
    finally:
        progress.close()
    path = os.path.abspath(saved.path)
    if saved.already:
        print(
            f"iconcat: already saved as {sanitize(path, max_length=None)} (the same bytes): nothing new written",
            file=sys.stderr,
        )
    print(path)
    return EXIT_OK


def _icon_not_variant(variant_id: int, settings: Settings, demo: bool) -> str | None:
    """What to say when `variant_id`, not found as a variant, is an icon's id that the catalogue is known
    to have: the icon's variants, to download one of them. Else None (the 404 is said as it is).

    The interface cannot look an icon up by id, so "known" means: in the demo's data (with --demo), or
    among the icons the browser remembers from this catalogue (the answers it kept, favourites, recents,
    the bag: `Memory.known_icon`). Variants are listed as the catalogue last described them.
    """
    variants: list[tuple[int, str, int | None]]
    if demo:
        from iconcat.server.catalogue import default_catalogue  # already imported: the demo ran

        record = default_catalogue().icon(variant_id)
        if record is None:
            return None
        name, variants = record.name, [(v.id, v.format, v.size) for v in record.variants]
    else:
        from iconcat.memory import Memory

        if not settings.base_url:
            return None
        memory = Memory.open(settings.base_url)
        try:
            icon = memory.known_icon(variant_id)
        finally:
            memory.close()
        if icon is None:
            return None
        name, variants = icon.name, [(v.id, v.format, v.size) for v in icon.variants]
    shown = sanitize(name, max_length=60)
    if not variants:
        return f"{variant_id} is an icon ({shown}), not a variant, and it has no files to download"
    listed = ", ".join(
        f"{vid} ({sanitize(fmt, max_length=8).upper()}{f' {size}' if size is not None else ''})"
        for vid, fmt, size in variants
    )
    return f"{variant_id} is an icon ({shown}); its variants are {listed}: download one of those"


def _by_id_setting(template: str | None) -> str | None:
    """The `filename` setting when a variant id alone can fill it ({variant}, {format}), else None: the
    setting names files after their icons, which `download` does not know."""
    if template is None:
        return None
    from iconcat.name_template import template_fields
    from iconcat.saving import BY_ID_FIELDS

    return template if template_fields(template) <= BY_ID_FIELDS else None


def _serve(args: argparse.Namespace) -> int:
    from iconcat.server.app import NEXT_PAGE_SIZE
    from iconcat.server.serve import run_forever  # imported here: the server's data takes a moment to build

    options: dict[str, Any] = {
        "host": args.host,
        "port": args.port,
        "page_size": args.page_size,
        "next_page_size": max(args.page_size, NEXT_PAGE_SIZE),
        "latency_ms": args.latency,
        "icons": args.icons,
    }
    if args.token is not None:
        options["token"] = args.token
    sources = getattr(args, "sources", None)
    colour = getattr(args, "colour", None)
    if sources and args.icons is not None:
        raise UsageError("give --icons or --from, not both: --icons sizes the demo catalogue")
    if sources or colour is not None:
        from iconcat.local_sets import LocalSets, LocalSetsError, TerminalProgress, build_catalogue, checked_colour
        from iconcat.server.sources.serving import sources_title

        if not sources:
            raise LocalSetsError("--color paints icon sets from disk: give --from PATH too")
        local = LocalSets(tuple(sources), checked_colour(colour))
        catalogue = build_catalogue(local, TerminalProgress.on_stderr(), warn=_warn)
        options.update(catalogue=catalogue, title=sanitize(sources_title(catalogue), max_length=80))
    try:
        run_forever(**options, announce=_announce)
    except OSError as error:
        _error(str(error))
        return EXIT_FAILURE
    except ValueError as error:  # run_forever's word on a bad option (an empty token…)
        _error(str(error))
        return EXIT_USAGE
    return EXIT_OK


def _announce(line: str) -> None:
    """Print one of `serve`'s lines; when nobody reads them any more, serve on without them.

    A script that read the base URL with `iconcat serve | head -1` still wants the server: its banner
    and its stopping lines are a courtesy, so a closed stdout silences them and stops nothing.
    """
    try:
        print(line, flush=True)
    except BrokenPipeError:
        _silence_stdout()


def _login(settings: Settings, *, explicit_base_url: str | None, token_from_stdin: bool) -> int:
    """Ask for (or read) the base URL and token, check them with one search, and save them.

    Interactively the base URL is asked for with the configured one as the default (Enter keeps it),
    unless --base-url gave it; the token is read with hidden input, and asked again when the catalogue
    rejects it (`LOGIN_TRIES` in all, like sudo's password). With --token-stdin nothing is asked: the
    token is the first line of standard input, the base URL must already be known, and a rejected
    token exits 3 at once.

    The base URL goes through the client's parser before the token is asked for (a typo is caught
    before the token is typed). The check is the api's `check_connection`, the connect screen's too;
    the token stays in a `Secret` until the calls that need it (a traceback with locals shows a mask).
    """
    from iconcat.api import AuthError, Secret, check_connection, parse_base_url
    from iconcat.config import save_settings

    base_url = explicit_base_url or settings.base_url
    if token_from_stdin:
        if not base_url:
            raise UsageError("with --token-stdin, give the base URL with --base-url or ICONCAT_BASE_URL")
        parse_base_url(base_url)
        token = Secret(sys.stdin.readline().strip())
        if not token:
            raise UsageError("no token given")
        try:
            check = _run_async(check_connection(base_url, token, settings.timeout, warn=_warn))
        except AuthError as error:  # no second try: nobody is there to type one
            error.args = (f"{describe_failure(error)}: nothing was saved",)
            raise
    else:
        if not sys.stdin.isatty():
            raise UsageError("no terminal to ask for the token: pipe it in with `iconcat login --token-stdin`")
        if not explicit_base_url:
            default = f" [{sanitize(base_url)}]" if base_url else ""
            sys.stderr.write(f"Catalogue base URL{default}: ")
            sys.stderr.flush()
            base_url = sys.stdin.readline().strip() or base_url
        if not base_url:
            raise UsageError("no base URL given")
        parse_base_url(base_url)
        token, check = _ask_for_a_working_token(base_url, settings.timeout)
    path = save_settings(base_url=base_url, token=token.reveal())
    print(f"The token works. {check.summary} Saved to {path}")
    return EXIT_OK


LOGIN_TRIES = 3
"""Tokens `iconcat login` asks for at a terminal before giving up, as sudo asks for a password."""


def _ask_for_a_working_token(base_url: str, timeout: float) -> tuple[Secret, ConnectionCheck]:
    """Ask for the token (hidden) until the catalogue takes one, `LOGIN_TRIES` times at most.

    Only a rejected token is asked again (the URL is kept: it answered); any other failure (the
    catalogue unreachable, a malformed token) ends the command as it would have. After the last
    rejection the `AuthError` is raised, and exits 3.
    """
    import getpass

    from iconcat.api import AuthError, Secret, check_connection

    for attempt in range(1, LOGIN_TRIES + 1):
        token = Secret(getpass.getpass("Token (hidden): ").strip())
        if not token:
            raise UsageError("no token given")
        try:
            return token, _run_async(check_connection(base_url, token, timeout, warn=_warn))
        except AuthError as error:
            if attempt == LOGIN_TRIES:
                error.args = (f"{describe_failure(error)}, {LOGIN_TRIES} times: nothing was saved",)
                raise
            print(f"Sorry, {describe_failure(error)}: try again.", file=sys.stderr)
    raise AssertionError("unreachable")  # pragma: no cover - the loop returns or raises


if __name__ == "__main__":
    sys.exit(main())
