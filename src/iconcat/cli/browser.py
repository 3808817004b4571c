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
    from iconcat.config import Settings
    from iconcat.disk.svg_output import OutputOptions

NO_BROWSER = "the full-screen browser is not available in this build; use `iconcat search` and `iconcat download`"


def browse(
    settings: Settings, query: str | None, *, choice: CatalogueChoice, output: OutputOptions | None = None
) -> int:
    """The browser on `choice`, the catalogue `cli/entry.py` chose (`iconcat.catalogue.choose_catalogue`),
    saving files as `output` asks (`--color`, `--no-attribution`)."""
    try:
        # Imported here: Textual is slow to import, and search/download must not pay for it.
        from iconcat.tui import run_browser
    except ImportError:
        print_error(NO_BROWSER)
        return EXIT_FAILURE
    return run_browser(settings, query=query, choice=choice, output=output)


FORMATS_NAMED = {"sets": "the icon sets from disk", "demo": "the demo catalogue's icons"}
"""How a refusal names the icons of a kind whose spec says its formats ("the catalogue" otherwise)."""
FORMATS_IN_ORDER = ("svg", "png", "eps")
"""The order a refusal names formats in: an original first ("SVG and PNG")."""


def formats_served(choice: CatalogueChoice) -> tuple[tuple[str, ...] | None, str]:
    """The formats the catalogue `pick` browses serves, when its spec says before any answer
    (`capabilities.formats`: sets from disk SVG and PNG, the demo every format; a service None, its
    formats known only from its answers), in the order a refusal names them, and how its icons are
    named."""
    formats = choice.spec.capabilities.formats
    if formats is None:
        return None, "the catalogue"
    ordered = tuple(name for name in FORMATS_IN_ORDER if name in formats)
    ordered += tuple(sorted(formats - set(ordered)))
    return ordered, FORMATS_NAMED.get(choice.kind, "the catalogue's icons")


def pick(
    settings: Settings, args: argparse.Namespace, *, choice: CatalogueChoice, output: OutputOptions | None = None
) -> int:
    """The browser as a picker on `choice` (as `browse`): the saved files' absolute paths on stdout, one
    per line, and nothing else (`--as KIND` is `cli.snippets.pick_as`'s). `--format svg --size N` is an
    SVG N wide or high (`output.svg_size`)."""
    import dataclasses
    from pathlib import Path

    from iconcat.cli.saving_defaults import saved_format

    saving = saved_format(args.format, args.size, settings)
    if saving.size is not None and saving.file_format == "eps":
        raise UsageError(f"--size counts pixels: {saving.file_format.upper()} is a vector format and has none")
    from iconcat.browsing.picking import refused_format

    refused = refused_format(saving.file_format, *formats_served(choice))
    if refused is not None:
        # (said of the setting when the format came from one: `--format eps: …` would name no flag given)
        if saving.format_named != "--format":
            refused = refused.replace(
                f"--format {saving.file_format}", f"{saving.format_named} ({saving.file_format})", 1
            )
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
        fmt=saving.file_format,
        size=saving.size,
        multi=args.multi,
        template=settings.filename,
        folder_given=bool(args.output),
    )
    status, paths = run_picker(settings, request, query=" ".join(args.query) or None, choice=choice, output=output)
    if status == EXIT_OK:
        # Bytes, one path a line: what a script reads (names we wrote are safe; the folder is the user's).
        sys.stdout.buffer.write(b"".join(os.fsencode(os.path.abspath(path)) + b"\n" for path in paths))
        sys.stdout.flush()
    return status
