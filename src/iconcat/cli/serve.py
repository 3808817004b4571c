"""`iconcat serve`: the embedded catalogue, in the foreground, serving the demo or icon sets from disk.
It connects to nothing, so it takes no `--base-url` or `--timeout`."""

from __future__ import annotations

import argparse
from typing import Any

from iconcat.cli.errors import EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError
from iconcat.cli.output import print_error, print_warning, silence_stdout
from iconcat.text import sanitize


def serve(args: argparse.Namespace) -> int:
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
        catalogue = build_catalogue(local, TerminalProgress.on_stderr(), warn=print_warning)
        options.update(catalogue=catalogue, title=sanitize(sources_title(catalogue), max_length=80))
    try:
        run_forever(**options, announce=_announce)
    except OSError as error:
        print_error(str(error))
        return EXIT_FAILURE
    except ValueError as error:  # run_forever's word on a bad option (an empty token…)
        print_error(str(error))
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
        silence_stdout()
