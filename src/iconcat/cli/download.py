"""`iconcat download`: one variant's file, saved; its path on stdout.

`iconcat download VARIANT_ID` saves that variant's file. `iconcat download tabler:trash` looks the icon
up by its Iconify name (`Catalogue.icon_named`, behind `capabilities.looks_up_iconify_names`: sets
from disk; an alias's name finds its icon) and saves the file of it asked for as the bag and `pick`
would: with neither `--format` nor `--size`, the bag's default (`spec.bag_default`: the SVG for sets
from disk), `--format png` the largest PNG, `--size N` (with `--format png` or alone) a PNG of N px
(the catalogue's own, or drawn from the SVG: `saving.nearest_choice`, `saving.save_choice`), named
as `pick` names it (`--name`, else the `filename` setting, else `{iconify}-{size}`:
`tabler-trash.svg`). A catalogue without Iconify names (the demo, the seed's service) is said in one
line, exit 2, before it is opened.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING

from iconcat.cli.catalogue import opened_catalogue, run_async
from iconcat.cli.errors import EXIT_OK, UsageError
from iconcat.cli.output import StderrLine
from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon
    from iconcat.catalogue import Catalogue, CatalogueChoice
    from iconcat.config import Settings
    from iconcat.disk.svg_output import OutputOptions


class _ProgressLine(StderrLine):
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


def download(
    settings: Settings,
    choice: CatalogueChoice,
    variant_id: int,
    output: str | None,
    *,
    overwrite: bool,
    name: str | None = None,
) -> int:
    """Save one variant's file from the catalogue `choice` names; its path is the last line of stdout,
    whether saved now or already there.

    A variant id knows no icon: the file keeps the service's name, unless `name` (`--name`, checked by
    the parser to use only {variant} and {format}) or the `filename` setting, when it uses no more than
    those, names it. A file with identical bytes already at the name is not saved twice (without
    --overwrite): its path is printed, and a line on stderr says it was already there.
    """
    from pathlib import Path

    from iconcat.api import NotFoundError
    from iconcat.disk.downloads import SavedFile

    folder = Path(output).expanduser() if output else settings.download_dir
    progress = _ProgressLine(variant_id)
    template = name if name is not None else _by_id_setting(settings.filename)

    def name_for(extension: str) -> str:
        from iconcat.disk.saving import file_name_by_id

        assert template is not None
        return file_name_by_id(variant_id, extension, template)

    async def run() -> SavedFile:
        async with opened_catalogue(choice) as catalogue:
            try:
                saved: SavedFile = await catalogue.download_file(
                    variant_id,
                    folder,
                    name_for=name_for if template is not None else None,
                    overwrite=overwrite,
                    keep_identical=not overwrite,
                    progress=progress,
                )
            except NotFoundError as error:
                hint = await _icon_not_variant(variant_id, catalogue)
                if hint is not None:
                    error.args = (hint,)
                raise
        return saved

    try:
        saved = run_async(run())
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


def download_named(
    settings: Settings,
    choice: CatalogueChoice,
    iconify: str,
    output: str | None,
    *,
    file_format: str | None,
    size: int | None,
    overwrite: bool,
    name: str | None = None,
    asked: OutputOptions | None = None,
) -> int:
    """Save the file of the icon named `iconify` ("tabler:trash") that `file_format` and `size` ask for
    (the module docstring), as `asked` says (colour, SVG size, attribution); its path is the last line
    of stdout, whether saved now or already there."""
    from pathlib import Path

    from iconcat.api import NotFoundError
    from iconcat.disk.saving import SaveOutcome, nearest_choice, save_choice

    spec = choice.spec
    shown = sanitize(iconify, max_length=100)
    if not spec.capabilities.looks_up_iconify_names:
        raise UsageError(
            f"{spec.named} has no Iconify names, so {shown} names nothing there: download by variant id "
            "(from `iconcat search`), or name an icon of sets from disk (--from PATH)"
        )
    from iconcat.cli.saving_defaults import saved_format

    saving = saved_format(file_format, size, settings)
    file_format, size = saving.file_format, saving.size
    if file_format not in (None, "svg", "png"):  # (only a setting can say so: --format takes svg or png)
        raise UsageError(f"{saving.format_named} is {file_format}: `iconcat download` saves svg or png (give --format)")
    # (`--format svg --size N`: the SVG's width and height, `asked.svg_size`; the choice is the SVG.)
    wanted_format, wanted_size = (
        spec.bag_default if file_format is None and size is None else (file_format or "png", size)
    )
    folder = Path(output).expanduser() if output else settings.download_dir
    template = name if name is not None else settings.filename

    async def run() -> SaveOutcome:
        async with opened_catalogue(choice) as catalogue:
            icon = await catalogue.icon_named(iconify)
            if icon is None:
                raise NotFoundError(f"no icon is named {shown} in {catalogue.spec.named}")
            picked = nearest_choice(icon, wanted_format, wanted_size)
            if picked is None:
                what = f"{wanted_format.upper()}{f' of {wanted_size} px' if wanted_size else ''}"
                offered = ", ".join(dict.fromkeys(sanitize(v.label, max_length=30) for v in icon.variants))
                raise UsageError(f"{shown} has no {what} (its files: {offered}; PNGs are never enlarged)")
            progress = _ProgressLine(picked.variant.id)
            try:
                return await save_choice(
                    catalogue,
                    icon,
                    picked,
                    folder,
                    template=template,
                    progress=progress,
                    output=asked,
                    overwrite=overwrite,
                )
            finally:
                progress.close()

    outcome = run_async(run())
    path = os.path.abspath(outcome.path)
    if outcome.uncoloured:
        print(f"iconcat: {shown} uses no currentColor: nothing was coloured, saved in its own colours", file=sys.stderr)
    if outcome.already:
        print(
            f"iconcat: already saved as {sanitize(path, max_length=None)} (the same bytes): nothing new written",
            file=sys.stderr,
        )
    print(path)
    return EXIT_OK


async def _icon_not_variant(variant_id: int, catalogue: Catalogue) -> str | None:
    """What to say when `variant_id`, not found as a variant, is an icon's id that the catalogue is known
    to have: the icon's variants, to download one of them. Else None (the 404 is said as it is).

    A catalogue that looks icons up by id (the demo, sets from disk: `capabilities.looks_up_ids`) is
    asked; of one that cannot (the seed's interface), "known" means among the icons the browser
    remembers from it (the answers it kept, favourites, recents, the bag: `Memory.known_icon`), its
    variants as the catalogue last described them.
    """
    icon: Icon | None
    if catalogue.spec.capabilities.looks_up_ids:
        icon = await catalogue.icon(variant_id)
    else:
        from iconcat.memory import Memory

        memory = Memory.open(catalogue.spec.memory_key)
        try:
            icon = memory.known_icon(variant_id)
        finally:
            memory.close()
    if icon is None:
        return None
    shown = sanitize(icon.name, max_length=60)
    if not icon.variants:
        return f"{variant_id} is an icon ({shown}), not a variant, and it has no files to download"
    listed = ", ".join(
        f"{v.id} ({sanitize(v.format, max_length=8).upper()}{f' {v.size}' if v.size is not None else ''})"
        for v in icon.variants
    )
    return f"{variant_id} is an icon ({shown}); its variants are {listed}: download one of those"


def _by_id_setting(template: str | None) -> str | None:
    """The `filename` setting when a variant id alone can fill it ({variant}, {format}), else None: the
    setting names files after their icons, which `download` does not know."""
    if template is None:
        return None
    from iconcat.disk.name_template import template_fields
    from iconcat.disk.saving import BY_ID_FIELDS

    return template if template_fields(template) <= BY_ID_FIELDS else None
