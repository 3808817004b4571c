"""`iconcat browse` (the full-screen browser, the default command) and `iconcat pick` (the browser as a
picker, printing the saved files' paths). Textual is imported only here, and only when they run."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from iconcat.cli.errors import EXIT_FAILURE, EXIT_OK, UsageError
from iconcat.cli.output import print_error

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.catalogue import CatalogueChoice
    from iconcat.catalogue.local_sets import LocalSets
    from iconcat.config import Settings

NO_BROWSER = "the full-screen browser is not available in this build; use `iconcat search` and `iconcat download`"


def browse(
    settings: Settings,
    query: str | None,
    demo: bool,
    local: LocalSets | None = None,
    *,
    choice: CatalogueChoice | None = None,
) -> int:
    """The browser on `choice` (the catalogue `cli/entry.py` chose) when given, else as `demo` and
    `local` say (`iconcat.tui.launch.browser_connection`)."""
    try:
        # Imported here: Textual is slow to import, and search/download must not pay for it.
        from iconcat.tui import run_browser
    except ImportError:
        print_error(NO_BROWSER)
        return EXIT_FAILURE
    return run_browser(settings, query=query, demo=demo, local=local, choice=choice)


def formats_served(
    settings: Settings, demo: bool, local: LocalSets | None, choice: CatalogueChoice | None = None
) -> tuple[tuple[str, ...] | None, str]:
    """The formats the catalogue `pick` browses serves, when its kind says before any answer, and how
    it is named: sets from disk SVG and PNG (`embedded.refs.SOURCE_FORMATS`), the demo (`--demo`, or no
    base URL) every format; a service None, its formats known only from its answers. `choice` (the
    catalogue chosen, when the caller made it) decides the kind; else `demo` and `local` do.

    (The spec's `capabilities.formats` say the same, as a set: the order here is the one a refusal
    names them in.)"""
    if choice is not None:
        demo, local = choice.kind == "demo", choice.local
        if choice.kind == "service":
            return None, "the catalogue"
    if local is not None:
        from iconcat.embedded.refs import SOURCE_FORMATS  # light; the server package is imported to serve them

        return SOURCE_FORMATS, "the icon sets from disk"
    if demo or not settings.base_url:
        from iconcat.embedded.refs import MEDIA_TYPES

        return tuple(MEDIA_TYPES), "the demo catalogue's icons"
    return None, "the catalogue"


def pick(
    settings: Settings,
    args: argparse.Namespace,
    local: LocalSets | None = None,
    *,
    choice: CatalogueChoice | None = None,
) -> int:
    """The browser as a picker: the saved files' absolute paths on stdout, one per line, and nothing else
    (on `choice` when given, else as `--demo` and `local` say, as `browse`)."""
    import dataclasses
    from pathlib import Path

    if args.size is not None and args.format in ("svg", "eps"):
        raise UsageError(f"--size counts pixels: {args.format.upper()} is a vector format and has none")
    from iconcat.browsing.picking import refused_format

    refused = refused_format(args.format, *formats_served(settings, args.demo, local, choice))
    if refused is not None:
        raise UsageError(refused)
    if args.output:
        settings = dataclasses.replace(settings, download_dir=Path(args.output).expanduser())
    try:
        from iconcat.browsing.picking import PickRequest
        from iconcat.tui import run_picker
    except ImportError:
        print_error(NO_BROWSER)
        return EXIT_FAILURE
    request = PickRequest(
        fmt=args.format, size=args.size, multi=args.multi, template=settings.filename, folder_given=bool(args.output)
    )
    status, paths = run_picker(
        settings, request, query=" ".join(args.query) or None, demo=args.demo, local=local, choice=choice
    )
    if status == EXIT_OK:
        # Bytes, one path a line: what a script reads (names we wrote are safe; the folder is the user's).
        sys.stdout.buffer.write(b"".join(os.fsencode(os.path.abspath(path)) + b"\n" for path in paths))
        sys.stdout.flush()
    return status
