"""`--as KIND` (`iconcat.snippets`): `iconcat pick --as KIND` prints the icon chosen as KIND on stdout
instead of saving a file; `iconcat download ICON --as KIND -o DIR` writes it as a file named for KIND
(`TablerTrash.tsx`).

Decisions:

- `pick --as` runs the picker as `pick --format svg` does, into a folder of its own (a temporary one,
  removed after; the picker's folder dialog may not save it as the configured folder), and makes the
  snippets of the SVGs saved there and of the icons picked (their Iconify names). `--format`,
  `--size`, `-o` and `--name` have nothing to choose there: refused, each in one line.
- A kind made of an Iconify name (`iconify`, `unocss`, `tailwind`) over a catalogue without them (the
  demo, the seed's service: `capabilities.iconify_names`) is refused before the browser opens; over
  sets from disk, an icon of an SVG folder has none: dimmed in the picker, said on Enter. Picked all
  the same (`--multi`), the snippets of the others are printed and each icon without one is said on
  stderr, exit 1.
- `download --as` takes an Iconify name (`tabler:trash`) or a variant id of an SVG (the catalogues
  that look variants up, the demo and sets from disk, name the component after its icon; the seed's
  service knows no icon of a variant id: `Variant500073`). The file is written whole or not at all, as
  every download (`downloads.FileSaver`), never over another file unless `--overwrite`.
- The SVG is read into memory, at most `MAX_SNIPPET_SVG` bytes; it must be UTF-8.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from iconcat.cli.errors import EXIT_FAILURE, EXIT_OK, CommandFailure, UsageError
from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    import argparse

    from iconcat.api import Icon, Ref
    from iconcat.catalogue import CatalogueChoice
    from iconcat.config import Settings
    from iconcat.disk.svg_output import OutputOptions
    from iconcat.snippets import SnippetIcon

MAX_SNIPPET_SVG = 1024 * 1024
"""The largest SVG made into a snippet, in bytes (the `y` menu's limit for SVG markup too)."""


def markup_for_snippet(markup: str, icon_set: Ref | None = None, options: OutputOptions | None = None) -> str:
    """The SVG a snippet is made of, from the catalogue's markup: as `options` ask (`--color` written in,
    the attribution: `iconcat.disk.svg_output.svg_as_asked`), else as served. `pick --as` hands none:
    the picker saved its SVGs as asked already."""
    if options is None:
        return markup
    from iconcat.disk.svg_output import svg_as_asked

    try:
        return svg_as_asked(markup, icon_set, options).text
    except ValueError:  # (no size to scale by: the markup as served)
        return markup


def _refuse_name_kind(kind: str, choice: CatalogueChoice) -> None:
    """A kind made of an Iconify name is refused over a catalogue whose icons have none."""
    from iconcat.snippets import NAME_KINDS

    if kind in NAME_KINDS and not choice.spec.capabilities.iconify_names:
        raise UsageError(
            f"{choice.spec.named} has no Iconify names, so --as {kind} has nothing to write: take svg, "
            "data-url, jsx, tsx, vue, svelte or css (or pick from sets from disk, --from PATH)"
        )


def _markup_of(data: bytes, icon_name: str, icon_set: Ref | None = None, options: OutputOptions | None = None) -> str:
    """`data` (an SVG file) as text, as `options` ask; `CommandFailure` when it is too large or not UTF-8."""
    shown = sanitize(icon_name, max_length=60)
    if len(data) > MAX_SNIPPET_SVG:
        raise CommandFailure(f"the SVG of {shown} is larger than {MAX_SNIPPET_SVG // 1024} KB: no snippet made")
    try:
        return markup_for_snippet(data.decode("utf-8-sig"), icon_set, options)
    except UnicodeDecodeError:
        raise CommandFailure(f"the SVG of {shown} is not UTF-8 text: no snippet made") from None


def pick_as(
    settings: Settings, args: argparse.Namespace, *, choice: CatalogueChoice, output: OutputOptions | None = None
) -> int:
    """`iconcat pick --as KIND`: the picker, then the snippets of the icons picked on stdout (see the
    module's docstring), their SVGs saved as `output` asks (`--color`)."""
    import dataclasses
    import shutil
    import tempfile

    from iconcat.browsing.picking import PickRequest, refused_format
    from iconcat.cli.browser import NO_BROWSER, formats_served
    from iconcat.cli.output import print_error

    kind = args.snippet
    given = [option for option, value in (("--format", args.format), ("--size", args.size)) if value is not None]
    given += [option for option, value in (("-o", args.output), ("--name", args.name)) if value]
    if given:
        raise UsageError(
            f"--as prints the snippet made of the icon's SVG and saves no file: {' and '.join(given)} "
            f"{'has' if len(given) == 1 else 'have'} nothing to choose "
            "(`iconcat download ICON --as KIND -o DIR` writes a file)"
        )
    _refuse_name_kind(kind, choice)
    refused = refused_format("svg", *formats_served(choice))
    if refused is not None:
        raise UsageError(f"--as {kind} needs the icons' SVG: {refused.partition(': ')[2]}")
    try:
        from iconcat.tui import run_picker
    except ImportError:
        print_error(NO_BROWSER)
        return EXIT_FAILURE
    folder = Path(tempfile.mkdtemp(prefix="iconcat-pick-"))
    try:
        icons: list[Icon] = []
        request = PickRequest(fmt="svg", multi=args.multi, folder_given=True, snippet=kind)
        status, paths = run_picker(
            dataclasses.replace(settings, download_dir=folder, filename=None),
            request,
            query=" ".join(args.query) or None,
            choice=choice,
            output=output,
            icons=icons,
        )
        if status != EXIT_OK:
            return status
        made = [_snippet_icon(icon, path) for icon, path in zip(icons, paths, strict=True)]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return _print_snippets(kind, made)


def _snippet_icon(icon: Icon, path: Path) -> SnippetIcon:
    """What a snippet of `icon` is made of: its names, and the SVG saved of it at `path`."""
    from iconcat.snippets import SnippetIcon

    return SnippetIcon(icon.name, icon.iconify, _markup_of(path.read_bytes(), icon.name))


def _print_snippets(kind: str, made: list[SnippetIcon]) -> int:
    """Print the snippets of `made` on stdout; each icon that has none said on stderr (exit 1)."""
    from iconcat.cli.output import print_error
    from iconcat.snippets import SnippetError, snippet, snippets

    kept: list[SnippetIcon] = []
    status = EXIT_OK
    for icon in made:
        try:
            snippet(kind, icon)
        except SnippetError as error:
            print_error(str(error))
            status = EXIT_FAILURE
        else:
            kept.append(icon)
    if kept:
        text = snippets(kind, kept)
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        sys.stdout.flush()
    return status


def download_as(
    settings: Settings,
    choice: CatalogueChoice,
    target: int | str,
    output: str | None,
    *,
    kind: str,
    overwrite: bool,
    asked: OutputOptions | None = None,
) -> int:
    """`iconcat download ICON --as KIND`: the icon's SVG (as `asked` says: `--color`) as a file of KIND in
    the folder (`output`, else the configured one); its path on stdout (see the module's docstring)."""
    from iconcat.api import NotFoundError
    from iconcat.cli.catalogue import opened_catalogue, run_async
    from iconcat.snippets import SnippetError, SnippetIcon, file_name, snippet

    _refuse_name_kind(kind, choice)
    if isinstance(target, str) and not choice.spec.capabilities.looks_up_iconify_names:
        shown = sanitize(target, max_length=100)
        raise UsageError(
            f"{choice.spec.named} has no Iconify names, so {shown} names nothing there: give a variant id "
            "of an SVG (from `iconcat search`), or name an icon of sets from disk (--from PATH)"
        )
    folder = Path(output).expanduser() if output else settings.download_dir

    async def fetched() -> SnippetIcon:
        named: Icon | None
        async with opened_catalogue(choice) as catalogue:
            if isinstance(target, str):
                icon = await catalogue.icon_named(target)
                if icon is None:
                    raise NotFoundError(
                        f"no icon is named {sanitize(target, max_length=100)} in {catalogue.spec.named}"
                    )
                svg = next((variant for variant in icon.variants if variant.format.lower() == "svg"), None)
                if svg is None:
                    raise CommandFailure(f"{sanitize(icon.name, max_length=60)} has no SVG to make a {kind} of")
                variant_id, named = svg.id, icon
            else:
                variant_id = target
                named = await catalogue.icon_of_variant(target) if catalogue.spec.capabilities.looks_up_ids else None
                if named is not None and not any(
                    variant.id == target and variant.format.lower() == "svg" for variant in named.variants
                ):
                    raise UsageError(f"variant {target} is no SVG: --as {kind} is made of an icon's SVG")
            data = (await catalogue.fetch_variant(variant_id, limit=MAX_SNIPPET_SVG + 1)).data
        if named is None:
            return SnippetIcon(f"variant {variant_id}", None, _markup_of(data, f"variant {variant_id}", None, asked))
        return SnippetIcon(named.name, named.iconify, _markup_of(data, named.name, named.set, asked))

    from iconcat.disk.downloads import FileSaver, SaveError

    icon = run_async(fetched())
    try:
        text = snippet(kind, icon)
    except SnippetError as error:
        raise CommandFailure(str(error)) from None
    name = file_name(kind, icon)
    try:
        with FileSaver(folder, name, overwrite=overwrite, expected_format="", keep_identical=not overwrite) as saver:
            saver.write(text.encode("utf-8"))
            path = saver.publish()
            already = saver.already
    except SaveError as error:
        raise CommandFailure(str(error)) from None
    shown = os.path.abspath(path)
    if already:
        print(
            f"iconcat: already saved as {sanitize(shown, max_length=None)} (the same bytes): nothing new written",
            file=sys.stderr,
        )
    print(shown)
    return EXIT_OK
