"""`main`: the command chosen and run, and every error turned into one line and an exit status."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from iconcat.cli import bag, browser, download, login, remembered, search, serve, sets
from iconcat.cli.errors import (
    EXIT_AUTH,
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_NOT_FOUND,
    EXIT_OK,
    EXIT_USAGE,
    CommandFailure,
    UsageError,
)
from iconcat.cli.output import print_error, silence_stdout
from iconcat.cli.parser import CONNECTION_OPTIONS, DEFAULT_COMMAND, build_parser
from iconcat.cli.saving_options import output_options
from iconcat.failures import describe_failure

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.catalogue import CatalogueChoice
    from iconcat.config import Settings


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
        silence_stdout()
        return EXIT_OK
    try:
        # Output to a pipe is buffered: a reader that went away is found here, not by Python's own
        # flush at exit (which would print "Exception ignored" and exit 120).
        sys.stdout.flush()
    except BrokenPipeError:
        silence_stdout()
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


def _run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    command: str = args.command or DEFAULT_COMMAND  # (always named: the parser puts browse first when none is)
    try:
        if command == "serve":
            given = [
                flag for dest, flag in {**CONNECTION_OPTIONS, "iconify": "--iconify"}.items() if dest in vars(args)
            ]
            if given:  # only possible before the command (`iconcat --base-url URL serve`)
                raise UsageError(
                    f"`iconcat serve` takes no {' or '.join(given)}: it runs a catalogue and connects to none "
                    "(see `iconcat serve --help`)"
                )
            return serve.serve(args)
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
            filename=args.name if command in ("pick", "download") or _exporting(args) else None,
            sources=getattr(args, "sources", None),
            iconify=getattr(args, "iconify", None),
        )
        if command not in ("browse", "pick", "search", "download", "sets", "config") and not _exporting(args):
            # Given before the command, as the top level takes them (favourites and recent take --from
            # and --iconify too).
            refused = ["--color"] if "colour" in vars(args) else []
            if command == "login":
                refused[:0] = [
                    flag for dest, flag in (("sources", "--from"), ("iconify", "--iconify")) if dest in vars(args)
                ]
            if refused:
                raise UsageError(f"`iconcat {command}` takes no {' or '.join(refused)}")
        if command == "config":
            from iconcat.cli.settings_report import show_settings

            return show_settings(settings)
        if command == "login":
            return login.login(
                settings, explicit_base_url=getattr(args, "base_url", None), token_from_stdin=args.token_stdin
            )
        # Words that cannot be searched are said before whether a catalogue is configured, as they always were.
        query = search.read_query(" ".join(args.name)) if command == "search" else None
        choice = _choose(settings, command, args)
        output = output_options(command, args, choice.local)
        if command == "browse":
            first_search = " ".join(getattr(args, "query", None) or []) or None
            return browser.browse(settings, first_search, choice=choice, output=output)
        if command == "pick" and args.snippet is not None:
            from iconcat.cli.snippets import pick_as

            return pick_as(settings, args, choice=choice, output=output)
        if command == "pick":
            return browser.pick(settings, args, choice=choice, output=output)
        if command == "search":
            assert query is not None
            return search.search(choice, query, as_json=args.json, every_page=args.all, limit=args.limit)
        if command == "sets":
            return sets.sets(choice, as_json=args.json)
        if command in ("favourites", "recent"):
            return remembered.show_remembered(choice, command, as_json=args.json)
        if command == "bag":
            return _bag(args, choice, settings)
        if command == "download" and args.snippet is not None:
            from iconcat.cli.snippets import download_as

            if args.format is not None or args.size is not None or args.name is not None:
                raise UsageError(
                    "--as makes the file of the icon's SVG, named for its kind: leave --format, --size and --name out"
                )
            return download_as(
                settings,
                choice,
                args.variant_id,
                args.output,
                kind=args.snippet,
                overwrite=args.overwrite,
                asked=output,
            )
        if command == "download" and isinstance(args.variant_id, str):
            return download.download_named(
                settings,
                choice,
                args.variant_id,
                args.output,
                file_format=args.format,
                size=args.size,
                overwrite=args.overwrite,
                name=args.name,
                asked=output,
            )
        if command == "download":
            if args.format is not None or args.size is not None:
                raise UsageError(
                    "--format and --size choose among an icon's files (`download tabler:trash --size 64`): "
                    "a variant id names one file already"
                )
            if output.colour is not None and choice.local is None:
                raise UsageError(
                    "--color writes a colour into an icon's files as they are saved, and a variant id names no "
                    "icon: name it by its Iconify name (`download tabler:trash --color teal`), or use `iconcat pick`"
                )
            return download.download(
                settings, choice, args.variant_id, args.output, overwrite=args.overwrite, name=args.name
            )
        parser.error(f"unknown command {command}")
    except BrokenPipeError:
        raise
    except Exception as error:  # the one place errors become a line for a person
        if os.environ.get("ICONCAT_DEBUG"):
            raise
        return _report(error, command)


def _exporting(args: argparse.Namespace) -> bool:
    """`iconcat bag export`: it opens the catalogue, as the browser does, and names files (`--name`)."""
    return getattr(args, "bag_action", None) == "export"


def _bag(args: argparse.Namespace, choice: CatalogueChoice, settings: Settings) -> int:
    """`iconcat bag`, `bag clear`, `bag export`."""
    action = getattr(args, "bag_action", None)
    if action is not None and getattr(args, "json", False):
        raise UsageError(f"`iconcat bag {action}` takes no --json: `iconcat bag --json` lists the bag")
    if action == "clear":
        return bag.clear_bag(choice)
    if action == "export":
        return bag.export_bag(
            choice,
            sprite=args.sprite,
            archive=args.archive,
            iconify_json=args.iconify_json,
            file_format=args.format,
            size=args.size,
            template=settings.filename if args.archive is not None else None,
            overwrite=args.overwrite,
        )
    return bag.show_bag(choice, as_json=args.json)


def _choose(settings: Settings, command: str, args: argparse.Namespace) -> CatalogueChoice:
    """The one catalogue this run talks to (`iconcat.catalogue.choose_catalogue`: the highest layer naming
    a kind wins, flag > environment > project file > config file, and in one layer a base URL beats
    `iconify` beats `from`; two kinds as flags refused; `--demo`; `search` and `download` with nothing
    configured stop with the hint)."""
    from iconcat.catalogue import CatalogueFlags, choose_catalogue
    from iconcat.cli.saving_options import catalogue_colour

    colour = catalogue_colour(settings, command, args)  # (`bag export --color` paints sets from disk only)
    if _exporting(args):
        command = "browse"  # the catalogue the browser keeps that bag under, opened as the browser opens it
    flags = CatalogueFlags(command, demo=getattr(args, "demo", False), colour=colour)
    return choose_catalogue(settings, flags)


def _report(error: BaseException, command: str = "") -> int:
    """Print `error` as the one line a person reads (`describe_failure`'s words); return the exit status.

    A rejected token is worded by the client without a remedy (the browser's connect screen and
    `iconcat login` are where a token is fixed, and must not send the user to themselves): every
    other command adds the way to fix it here.
    """
    from iconcat.api import AuthError, CatalogueError, NotFoundError, RequestRefusedError, SettingsError
    from iconcat.catalogue.choose import ConflictingKinds
    from iconcat.catalogue.local_sets import LocalSetsError
    from iconcat.config import ConfigError
    from iconcat.disk.name_template import TemplateError
    from iconcat.sources.errors import SourceError

    usage = (
        UsageError,
        ConfigError,
        SettingsError,
        TemplateError,
        RequestRefusedError,
        LocalSetsError,
        SourceError,
        ConflictingKinds,
    )
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
        print_error(
            f"unexpected failure: {describe_failure(error)}; please report it, with ICONCAT_DEBUG=1 for details"
        )
        return EXIT_FAILURE
    sentence = describe_failure(error, max_length=600)
    if status == EXIT_AUTH and command != "login":
        sentence += ": check it, or run `iconcat login`"
    print_error(sentence)
    return status
