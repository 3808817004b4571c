"""`iconcat bag [--json]`, `iconcat bag clear` and `iconcat bag export`: the browser's bag, from the
command line.

The bag is kept per catalogue (`Memory`, under `CatalogueSpec.memory_key`), so each of them takes the
catalogue options and reads the bag of the catalogue they name, as `iconcat favourites` does: listing and
emptying it read and write the memory alone (the catalogue is never opened); exporting it opens the
catalogue, whose files it is made of (`iconcat.disk.bag_export`). An export prints the path of every file
it wrote on stdout (a script's), and on stderr how many icons they hold and which were left out, and why.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from iconcat.cli.errors import EXIT_OK, CommandFailure, UsageError
from iconcat.cli.output import print_note, print_table, print_warning, search_result_document

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon
    from iconcat.catalogue import CatalogueChoice
    from iconcat.disk.bag_export import Exported
    from iconcat.memory import Memory

__all__ = ["clear_bag", "export_bag", "show_bag"]

LEFT_OUT_NAMED = 20
"""Icons a line on what was left out names (the rest are counted)."""


def _memory(choice: CatalogueChoice) -> Memory:
    from iconcat.memory import Memory

    return Memory.open(choice.spec.memory_key)


def show_bag(choice: CatalogueChoice, *, as_json: bool) -> int:
    """Print the bag of the catalogue `choice` names, in the order its icons were put in it."""
    from iconcat.api import SearchResult

    memory = _memory(choice)
    try:
        icons = memory.bag()
    finally:
        memory.close()
    if memory.notice:
        print_warning(memory.notice)
    if as_json:
        import json

        document = search_result_document(SearchResult(icons=icons, more_available=False))
        print(json.dumps(document, indent=2, ensure_ascii=True))
    elif icons:
        print_table(icons)
        print(f"{len(icons)} icon{'s' if len(icons) != 1 else ''} in the bag", file=sys.stderr)
    else:
        said = f"The bag of {choice.spec.named} is empty: space over the browser's results puts an icon in it."
        print(said, file=sys.stderr)
    return EXIT_OK


def clear_bag(choice: CatalogueChoice) -> int:
    """Empty the bag of the catalogue `choice` names."""
    memory = _memory(choice)
    try:
        ids = memory.bag_ids()
        if ids:
            memory.unmark(ids)
        left = len(memory.bag_ids())
    finally:
        memory.close()
    if memory.notice:
        print_warning(memory.notice)
    if left:
        raise CommandFailure(f"the bag could not be emptied ({left} icons are still in it)")
    noun = "icon" if len(ids) == 1 else "icons"
    print_note(f"took {len(ids)} {noun} out of the bag" if ids else "the bag is empty already")
    return EXIT_OK


def export_bag(
    choice: CatalogueChoice,
    *,
    sprite: str | None,
    archive: str | None,
    iconify_json: str | None,
    file_format: str | None,
    size: int | None,
    template: str | None,
    overwrite: bool,
) -> int:
    """Write the bag as an SVG sprite, a zip of its files or an Iconify JSON subset per set (one of them)."""
    from iconcat.cli.catalogue import run_async

    if archive is None and (file_format is not None or size is not None):
        raise UsageError(
            "--format and --size choose the zip's files (`bag export --zip FILE`): a sprite and Iconify JSON "
            "are the icons' SVG"
        )
    memory = _memory(choice)
    try:
        icons = memory.bag()
        preference = _preference(memory, choice, file_format, size)
    finally:
        memory.close()
    if memory.notice:
        print_warning(memory.notice)
    if not icons:
        raise CommandFailure(f"the bag of {choice.spec.named} is empty: nothing was written")
    exported = run_async(_export(choice, icons, sprite, archive, iconify_json, preference, template, overwrite))
    for path in exported.paths:
        print(path.absolute())
    sys.stdout.flush()
    _tell(exported, "the SVG sprite" if sprite else "the zip" if archive else "Iconify JSON")
    return EXIT_OK


def _preference(
    memory: Memory, choice: CatalogueChoice, file_format: str | None, size: int | None
) -> tuple[str, int | None]:
    """The zip's format and size: those given, else the bag's (as the browser remembers it, else the
    catalogue's default, `CatalogueSpec.bag_default`)."""
    from iconcat.browsing.remembered import BAG_VARIANT, decode_variant

    remembered = decode_variant(memory.preference(BAG_VARIANT)) or choice.spec.bag_default
    if file_format is None:
        return remembered[0], size if size is not None else remembered[1]
    return file_format, size


async def _export(
    choice: CatalogueChoice,
    icons: tuple[Icon, ...],
    sprite: str | None,
    archive: str | None,
    iconify_json: str | None,
    preference: tuple[str, int | None],
    template: str | None,
    overwrite: bool,
) -> Exported:
    from iconcat.cli.catalogue import opened_catalogue
    from iconcat.disk.bag_export import ExportFailed, export_iconify_json, export_sprite, export_zip

    problem: str | None = None
    async with opened_catalogue(choice) as catalogue:
        try:
            if sprite is not None:
                return await export_sprite(catalogue, icons, Path(sprite), overwrite=overwrite)
            if archive is not None:
                return await export_zip(
                    catalogue, icons, preference, Path(archive), template=template, overwrite=overwrite
                )
            assert iconify_json is not None
            return await export_iconify_json(catalogue, icons, Path(iconify_json), overwrite=overwrite)
        except ExportFailed as error:
            problem = str(error)
    raise CommandFailure(problem)


def _tell(exported: Exported, what: str) -> None:
    """On stderr: how many icons went where, and those left out with why."""
    noun = "icon" if exported.count == 1 else "icons"
    if what == "Iconify JSON":
        count = len(exported.paths)
        what = f"{count} Iconify JSON file{'' if count == 1 else 's'} (one a set)"
    already = ", already there with the same bytes" if exported.already else ""
    print_note(f"{exported.count} {noun} of the bag in {what}{already}")
    reasons: dict[str, list[str]] = {}
    for left in exported.left_out:
        reasons.setdefault(left.reason, []).append(left.icon.iconify or left.icon.name or f"icon {left.icon.id}")
    for reason, names in reasons.items():
        more = f" and {len(names) - LEFT_OUT_NAMED} more" if len(names) > LEFT_OUT_NAMED else ""
        noun = "icon" if len(names) == 1 else "icons"
        print_warning(f"{len(names)} {noun} left out ({reason}): {', '.join(names[:LEFT_OUT_NAMED])}{more}")
