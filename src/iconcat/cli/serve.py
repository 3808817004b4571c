"""`iconcat serve`: the embedded catalogue, in the foreground, serving the demo or icon sets from disk.
It connects to nothing, so it takes no `--base-url` or `--timeout`.

Which icons it serves, as the other commands choose (`iconcat.catalogue.local_sets.choose_local_sets`), except
that a base URL, which says where the other commands connect, changes nothing here:
- `--from PATH` (before or after `serve`): those sets. With `--demo` or `--icons`: refused (which one?).
- `--demo`, or `--icons N` (which sizes the demo): the demo, whatever ICONCAT_FROM or `from` say.
- else `ICONCAT_FROM`, else the config file's `from`: those sets, with a line on stderr saying where
  they were configured and that `--demo` serves the demo (stdout stays the banner a script reads the
  base URL from);
- else the demo.
The banner names the sets served ("iconcat: Tabler Icons, Phosphor: 6,012 icons at URL"), counting the
icons a search lists, as every count does (hidden icons and plain aliases are not; docs/sources.md).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
from typing import TYPE_CHECKING, Any

from iconcat.cli.errors import EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError
from iconcat.cli.output import print_error, print_note, print_warning, silence_stdout
from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.catalogue.local_sets import LocalSets
    from iconcat.config import Settings


def serve(args: argparse.Namespace) -> int:
    from iconcat.config import load_settings

    settings = load_settings(sources=getattr(args, "sources", None))
    if settings.sources_from_flag and args.icons is not None:
        raise UsageError("give --icons or --from, not both: --icons sizes the demo catalogue")
    local = _sets_to_serve(settings, getattr(args, "colour", None), demo=args.demo or args.icons is not None)

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
    if local is not None:
        from iconcat.catalogue.local_sets import TerminalProgress, build_catalogue
        from iconcat.sources.serving import sources_title

        if not settings.sources_from_flag:
            configured = "ICONCAT_FROM" if os.environ.get("ICONCAT_FROM", "").strip() else "the config file's from"
            print_note(f"serving the icon sets {configured} names (`iconcat serve --demo` serves the demo)")
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


def _sets_to_serve(settings: Settings, colour: str | None, *, demo: bool) -> LocalSets | None:
    """The sets from disk to serve (None: the demo), chosen as every command chooses them, the base URL
    left out: it says where the commands that connect go, and `serve` connects nowhere."""
    from iconcat.catalogue.local_sets import choose_local_sets

    return choose_local_sets(dataclasses.replace(settings, base_url=None), colour=colour, demo=demo)


def _announce(line: str) -> None:
    """Print one of `serve`'s lines; when nobody reads them any more, serve on without them.

    A script that read the base URL with `iconcat serve | head -1` still wants the server: its banner
    and its stopping lines are a courtesy, so a closed stdout silences them and stops nothing.
    """
    try:
        print(line, flush=True)
    except BrokenPipeError:
        silence_stdout()
