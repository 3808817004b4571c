"""What to save of an icon, under which name, and saving it: shared by the picker, the bag and `pick`.

- A `Choice` is one file a person can ask for: a variant as the catalogue offers it, or a smaller PNG
  drawn from the icon's SVG ("PNG · 64 px (from SVG)") or, for an icon without one, resampled from its
  largest PNG ("PNG · 64 px (from 512)"). `choices_for(icon)` lists
  them; `nearest_choice(icon, format, size)` is the bag's per-icon answer to a variant preference.
- `file_name(icon, choice, template)` names the file from a template (the `filename` setting,
  `--name`), with fields `{name} {style} {set} {series} {category} {size} {format} {id} {variant}
  {prefix} {iconify}`.
- `save_choice(client, icon, choice, folder, …)` saves it and says where (`SaveOutcome`), or that a
  file with identical bytes was already there (`already`).

No Textual here (the browser's download controller and batches call it from their workers).

Decisions:

- Names: the template's grammar and rules are `iconcat.disk.name_template`'s (re-exported here:
  `check_template`, `TemplateError`, `DEFAULT_TEMPLATE`, `ICONIFY_TEMPLATE`, `TEMPLATE_FIELDS`); the
  fields are filled by `iconcat.api.suggested_filename`. The default is the icon's Iconify name and
  size where it has one (`{iconify}-{size}`: `tabler-mail-filled-256.png`, `mdi-account-outline.svg`),
  else `{name}-{style}-{set}-{size}`, which tells styles and sets apart
  (`arrow-up-bold-core-ui-512.png`; `arrow-up-tabler.svg`: an empty field takes its separator with it,
  and a style named "Regular" is left out); the extension is always appended from the format. Two
  different icons of one batch never get one name (`distinct_templates` adds their style, else their
  Iconify name, else their id where the template does not tell them apart): a numbered name (`-1`) is
  only ever for a file already in the folder. `check_template` is what the settings and the command
  line call to refuse a bad template early, in one line.
- Smaller PNGs: after the icon's own variants, the largest PNG variant (size N; the first of equals)
  offers each of `SMALLER_SIZES` below N that no PNG variant already has, largest first. Never
  enlarged: an icon whose largest PNG is 256 px offers no 512. `nearest_choice` may resample to any
  size below N (a `--size 100` asked for is a 100 px file).
- Smaller PNGs from the SVG: an icon with an SVG variant gets its smaller PNGs drawn from it at the
  size asked (`Choice.vector`), not downscaled from the large PNG, which blurs a 24 px icon's strokes
  into grey at 16 px. The SVG is fetched into memory (at most `svg_raster.MAX_SVG_BYTES`) and drawn by
  `iconcat.imaging.svg_raster.rasterise` (a remote catalogue's SVG is as untrusted as a folder's: the
  same sandboxed worker, sanitised first, 2 s at most), `currentColor` painted as the catalogue's own
  PNGs are: in the colour it says beside the SVG (`FetchedFile.current_colour`: sets from disk served
  with `--color` say it), when that is a colour `check_colour` accepts, else black. If anything about
  that fails (the SVG cannot be fetched, is not UTF-8, cannot be drawn), the PNG is resampled from the
  large one as before, without a word: the person asked for a 64 px PNG, and gets one. The offer is
  the same either way: sizes below the largest PNG.
- As asked (`OutputOptions`, `iconcat.disk.svg_output`): an SVG saved with a colour, a size or an
  attribution to add is fetched into memory (at most `svg_raster.MAX_SVG_BYTES`), changed by
  `svg_as_asked` and written whole; one with nothing to add is downloaded as it is served. With a
  colour, every PNG of an icon with an SVG (the catalogue's own sizes too) is drawn from the SVG in
  that colour; an icon without one, or whose SVG uses no `currentColor`, is saved in its own colours
  and the outcome says so (`SaveOutcome.uncoloured`: the caller's one line).
- Saving a resampled PNG: the large PNG is read into memory (`CatalogueClient.fetch_variant`, capped at
  `iconcat.imaging.resample.MAX_SOURCE_BYTES`, the most resampling accepts), decoded with the
  previews' safety (format allow-list, pixel cap) and resampled in a thread
  (`iconcat.imaging.resample_png`: premultiplied alpha, LANCZOS), then written through
  `downloads.FileSaver`, as every file: a temporary file in the folder, fsynced, linked into place.
  Cancelled at any point before the publication, nothing is left in the folder.
- Never overwriting; a file with the very same bytes already at the name (or at a `name-N` the
  numbering passes on its way to a free name) is the file asked for: nothing new is written and the
  outcome says `already` ("already saved as …").
- `iconcat download VARIANT_ID` knows a variant id, not its icon (the catalogue's interface has no way
  to look an icon up by a variant id): only `{variant}` and `{format}` can be filled
  (`BY_ID_FIELDS`, `file_name_by_id`). So it keeps the service's name unless `--name` is given, and
  its `--name` may use those two fields alone (any other is a usage error that says so); the
  `filename` setting is for the browser and `pick`, which know the icon, and `download` uses it only
  when it needs no more than those two fields.
- Errors: the client's `CatalogueError`s propagate (a disk's trouble is a `StorageError`; a large PNG
  that cannot be decoded or would be enlarged is a `ProtocolError` that says so).
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from iconcat.disk.name_template import (
    DEFAULT_TEMPLATE,
    ICONIFY_TEMPLATE,
    TEMPLATE_FIELDS,
    TemplateError,
    check_template,
    fill_template,
    template_fields,
)
from iconcat.disk.svg_output import OutputOptions

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon, Variant
    from iconcat.catalogue import VariantFiles

__all__ = [
    "BY_ID_FIELDS",
    "DEFAULT_TEMPLATE",
    "DISTINGUISHING_FIELDS",
    "ICONIFY_TEMPLATE",
    "SMALLER_SIZES",
    "TEMPLATE_FIELDS",
    "Choice",
    "SaveOutcome",
    "TemplateError",
    "check_by_id_template",
    "check_template",
    "choices_for",
    "distinct_templates",
    "file_name",
    "file_name_by_id",
    "nearest_choice",
    "resampled_bytes",
    "save_choice",
]

Progress = Callable[[int, "int | None"], None]
"""Called with (bytes done, total or None)."""

SMALLER_SIZES = (256, 128, 64, 48, 32, 24, 16)
"""Pixel sizes offered below the largest PNG, largest first."""

DISTINGUISHING_FIELDS = ("style", "iconify", "id")
"""What `distinct_templates` adds to tell apart two icons a template names alike, in this order."""

BY_ID_FIELDS = frozenset({"variant", "format"})
"""What a template can use when only a variant id is known (`iconcat download VARIANT_ID`)."""


@dataclass(frozen=True)
class Choice:
    """One file of an icon: `variant` as offered, or (with `size`) a PNG that size, drawn from `vector`
    when there is one, else resampled down from `variant`."""

    variant: Variant
    """The variant fetched from the catalogue."""
    size: int | None = None
    """Resample the (PNG) variant down to this many pixels; None: the variant's file as it is."""
    vector: Variant | None = None
    """The icon's SVG, drawn at `size` instead (`variant` is then the fallback); None: resample `variant`."""

    @property
    def format(self) -> str:
        return self.variant.format.lower()

    @property
    def pixels(self) -> int | None:
        """The size of the file saved (the resampled size, or the variant's)."""
        return self.size if self.size is not None else self.variant.size

    @property
    def resampled(self) -> bool:
        """True when the file is made here, smaller, from the variant's."""
        return self.size is not None

    @property
    def label(self) -> str:
        """For a person: "PNG · 512 px", "SVG · vector", "PNG · 64 px (from 512)"."""
        if self.size is None:
            return self.variant.label
        source = "SVG" if self.vector is not None else self.variant.size
        return f"{self.variant.format.upper()} · {self.size} px (from {source})"


@dataclass(frozen=True)
class SaveOutcome:
    """Where a saved file is."""

    path: Path
    already: bool = False
    """True when a file with identical bytes was already at the name: nothing new was written."""
    uncoloured: bool = False
    """True when a colour was asked (`OutputOptions.colour`) and the file is in the icon's own colours:
    nothing in its SVG uses `currentColor`, or it has no SVG to draw a PNG from."""


def _largest_png(icon: Icon) -> Variant | None:
    largest: Variant | None = None
    for variant in icon.variants:
        if variant.format.lower() != "png" or variant.size is None:
            continue
        if largest is None or largest.size is None or variant.size > largest.size:
            largest = variant
    return largest


def _svg(icon: Icon) -> Variant | None:
    return next((variant for variant in icon.variants if variant.format.lower() == "svg"), None)


def choices_for(icon: Icon) -> list[Choice]:
    """Every file a person can ask for of `icon`: its variants, then smaller PNGs (from its SVG when it
    has one, else from its largest PNG) below the largest PNG."""
    choices = [Choice(variant) for variant in icon.variants]
    largest = _largest_png(icon)
    if largest is not None and largest.size is not None:
        offered = {variant.size for variant in icon.variants if variant.format.lower() == "png"}
        vector = _svg(icon)
        choices += [
            Choice(largest, size, vector) for size in SMALLER_SIZES if size < largest.size and size not in offered
        ]
    return choices


def nearest_choice(icon: Icon, fmt: str, size: int | None) -> Choice | None:
    """The choice of `icon` nearest to (`fmt`, `size`), or None when it offers nothing close (no such
    format, and for PNG no PNG large enough to resample from).

    `size` None: the largest file of that format (a vector one as it is). A vector format ignores
    `size`. A PNG of exactly `size` is the icon's own when it has one, else one resampled from its
    largest PNG (any size below it, not only `SMALLER_SIZES`). Another raster format has no resampling:
    its nearest size, the larger of two equally near.
    """
    if size is not None and (type(size) is not int or size < 1):
        raise ValueError("a size is a whole number of pixels, at least 1")
    fmt = fmt.lower()
    same = [choice for choice in choices_for(icon) if choice.format == fmt and not choice.resampled]
    if not same:
        return None
    sized = [choice for choice in same if choice.pixels is not None]
    if not sized:
        return same[0]  # vector: one file whatever the size
    if size is None:
        return max(sized, key=lambda choice: choice.pixels or 0)
    exact = next((choice for choice in sized if choice.pixels == size), None)
    if exact is not None:
        return exact
    if fmt == "png":
        largest = _largest_png(icon)
        if largest is None or largest.size is None or largest.size < size:
            return None
        return Choice(largest, size, _svg(icon))
    return min(sized, key=lambda choice: (abs((choice.pixels or 0) - size), -(choice.pixels or 0)))


def file_name(icon: Icon, choice: Choice, template: str | None = None, *, size: int | None = None) -> str:
    """The file name for `choice` of `icon` from `template` (default: `default_template(icon)`); `size`
    fills `{size}` for an SVG saved at a size (`--format svg --size 64`: `tabler-trash-64.svg`).

    One safe path component ending in the format's extension (see `iconcat.disk.name_template`); a bad
    template raises `TemplateError`.
    """
    from iconcat.api import suggested_filename

    return suggested_filename(icon, choice.variant, template, size=size if size is not None else choice.pixels)


def distinct_templates(pairs: Sequence[tuple[Icon, Choice]], template: str | None = None) -> list[str]:
    """The template each of `pairs` is named with, so that two different icons of one batch never get
    one name: `template` (default: each icon's own, `default_template`), with what tells them apart
    added for the icons whose names it does not (`DISTINGUISHING_FIELDS`, the first that does): their
    style (Tabler's Mail and Mail Filled under `{prefix}-{name}`: `tabler-mail`, `tabler-mail-filled`),
    else their Iconify name when each has one, else their id (two "Arrow Up" of one style and set in
    the demo: `-1187`). A name taken by a file already in the folder is another matter: saving numbers
    it (`-1`), as it always did."""
    from iconcat.api import default_template

    chosen = check_template(template) if template is not None else None
    templates = [chosen if chosen is not None else default_template(icon) for icon, _choice in pairs]
    for field in DISTINGUISHING_FIELDS:
        clashes = _clashes(pairs, templates)
        if not clashes:
            break
        for indices in clashes:
            if field == "iconify" and any(pairs[index][0].iconify is None for index in indices):
                continue  # (an icon without one would be told apart by nothing)
            widened = {index: _with_field(templates[index], field) for index in indices}
            if field == "id" or not _clashes([pairs[index] for index in indices], list(widened.values())):
                for index, widened_template in widened.items():
                    templates[index] = widened_template
    return templates


def _clashes(pairs: Sequence[tuple[Icon, Choice]], templates: Sequence[str]) -> list[list[int]]:
    """The indices of `pairs` in groups, one a name that `templates` give to more than one icon (the
    same icon twice is one icon)."""
    named: dict[str, list[int]] = {}
    for index, ((icon, choice), template) in enumerate(zip(pairs, templates, strict=True)):
        named.setdefault(file_name(icon, choice, template), []).append(index)
    return [indices for indices in named.values() if len({pairs[index][0].id for index in indices}) > 1]


def _with_field(template: str, field: str) -> str:
    """`template` with `-{field}` at the end of the name (before a closing `.{format}`), unless it has it."""
    if field in template_fields(template):
        return template
    suffix = ".{format}"
    if template.endswith(suffix):
        return f"{template[: -len(suffix)]}-{{{field}}}{suffix}"
    return f"{template}-{{{field}}}"


def check_by_id_template(template: str) -> str:
    """`template` when it can name a file known by its variant id alone (`BY_ID_FIELDS`), else
    `TemplateError` saying which fields cannot be filled."""
    unknown = sorted(template_fields(template) - BY_ID_FIELDS, key=TEMPLATE_FIELDS.index)
    if unknown:
        listed = " ".join(f"{{{field}}}" for field in unknown)
        raise TemplateError(
            f"`iconcat download` knows a variant id, not its icon, so {listed} cannot be filled: its --name may "
            "use {variant} and {format} (`iconcat pick --name` names files after their icons)"
        )
    return check_template(template)


def file_name_by_id(variant_id: int, extension: str, template: str) -> str:
    """The file name `template` (`{variant}` and `{format}` only) gives variant `variant_id`'s file."""
    template = check_by_id_template(template)
    values = {"variant": str(variant_id), "format": extension}
    return fill_template(template, values, extension, fallback=f"variant-{variant_id}")


async def save_choice(
    client: VariantFiles,
    icon: Icon,
    choice: Choice,
    folder: Path,
    *,
    template: str | None = None,
    progress: Progress | None = None,
    output: OutputOptions | None = None,
    overwrite: bool = False,
) -> SaveOutcome:
    """Save `choice` of `icon` into `folder` as `output` asks (colour, SVG size, attribution: `iconcat.
    disk.svg_output`), never overwriting unless `overwrite`; identical bytes already there are kept.

    `progress` follows the bytes fetched from the catalogue. Raises the client's `CatalogueError`s.
    """
    output = output if output is not None else OutputOptions()
    folder = Path(folder).expanduser()  # noqa: ASYNC240 - reads $HOME, no disk I/O
    is_svg = choice.format == "svg" and not choice.resampled
    name = file_name(icon, choice, template, size=output.svg_size if is_svg else None)
    if is_svg and _changes_svg(icon, output):
        return await _svg_as_asked(client, icon, choice, folder, name, output, progress, overwrite)
    coloured = output.colour is not None and choice.format == "png"
    vector = (choice.vector or _svg(icon)) if coloured else choice.vector
    if not choice.resampled and not (coloured and vector is not None and choice.variant.size is not None):
        saved = await client.download_file(
            choice.variant.id,
            folder,
            filename=name,
            overwrite=overwrite,
            keep_identical=not overwrite,
            progress=progress,
        )
        return SaveOutcome(saved.path, already=saved.already, uncoloured=coloured)
    size = choice.pixels
    assert size is not None
    drawn = await _drawn_from_svg(client, vector, size, output.colour, progress) if vector is not None else None
    if drawn is None and not choice.resampled:  # (a colour asked, the SVG not drawn: the catalogue's own PNG)
        saved = await client.download_file(
            choice.variant.id, folder, filename=name, overwrite=overwrite, keep_identical=not overwrite
        )
        return SaveOutcome(saved.path, already=saved.already, uncoloured=True)
    if drawn is None:
        # (Imported here, as the resampling that follows would: Pillow is no cost for plain downloads.)
        from iconcat.imaging.resample import MAX_SOURCE_BYTES

        fetched = await client.fetch_variant(choice.variant.id, limit=MAX_SOURCE_BYTES, progress=progress)
        data = await _resampled(fetched.data, choice)
        outcome = await _publish(data, folder, name, overwrite=overwrite)
        return dataclasses.replace(outcome, uncoloured=coloured)
    data, painted = drawn
    outcome = await _publish(data, folder, name, overwrite=overwrite)
    return dataclasses.replace(outcome, uncoloured=coloured and not painted)


async def resampled_bytes(client: VariantFiles, choice: Choice, progress: Progress | None = None) -> bytes:
    """The PNG a resampled `choice` saves (drawn from the icon's SVG in the catalogue's colour, else
    resampled from its large PNG: see the module's docstring), in memory: what the bag's zip holds."""
    assert choice.size is not None
    drawn = await _drawn_from_svg(client, choice.vector, choice.size, None, progress) if choice.vector else None
    if drawn is not None:
        return drawn[0]
    from iconcat.imaging.resample import MAX_SOURCE_BYTES

    fetched = await client.fetch_variant(choice.variant.id, limit=MAX_SOURCE_BYTES, progress=progress)
    return await _resampled(fetched.data, choice)


def _changes_svg(icon: Icon, output: OutputOptions) -> bool:
    """Whether `output` asks anything of `icon`'s SVG (else it is saved as the catalogue serves it)."""
    from iconcat.disk.svg_output import attribution_comment

    wants_comment = output.attribution and attribution_comment(icon.set) is not None
    return output.colour is not None or output.svg_size is not None or wants_comment


async def _svg_as_asked(
    client: VariantFiles,
    icon: Icon,
    choice: Choice,
    folder: Path,
    name: str,
    output: OutputOptions,
    progress: Progress | None,
    overwrite: bool,
) -> SaveOutcome:
    """`choice` (an SVG) fetched into memory, painted, sized and attributed (`svg_as_asked`), then saved;
    a `ProtocolError` that says why when it is no UTF-8 text or cannot be sized (nothing is saved)."""
    from iconcat.api import ProtocolError
    from iconcat.disk.svg_output import SvgSizeError, svg_as_asked
    from iconcat.imaging.svg_raster import MAX_SVG_BYTES

    fetched = await client.fetch_variant(choice.variant.id, limit=MAX_SVG_BYTES, progress=progress)
    problem = ""
    try:
        asked = svg_as_asked(fetched.data.decode("utf-8"), icon.set, output)
    except UnicodeDecodeError:
        problem = "is not UTF-8 text"
    except SvgSizeError as error:
        problem = f"cannot be given a size: {str(error).removeprefix('the SVG ')}"
    if problem:
        raise ProtocolError(f"the SVG of variant {choice.variant.id} {problem}; nothing was saved")
    outcome = await _publish(asked.text.encode("utf-8"), folder, name, file_format="svg", overwrite=overwrite)
    return dataclasses.replace(outcome, uncoloured=asked.uncoloured)


async def _drawn_from_svg(
    client: VariantFiles, vector: Variant, size: int, colour: str | None, progress: Progress | None
) -> tuple[bytes, bool] | None:
    """`vector` (the icon's SVG) drawn as a `size` px PNG in `colour` (else the catalogue's), and whether
    `colour` painted anything; None when it cannot be drawn (the caller falls back: see the module's
    docstring)."""
    from iconcat.api import CatalogueError
    from iconcat.disk.svg_output import has_own_colour, uses_current_colour
    from iconcat.imaging.svg_raster import MAX_SVG_BYTES, RasterError, rasterise

    try:
        fetched = await client.fetch_variant(vector.id, limit=MAX_SVG_BYTES, progress=progress)
        text = fetched.data.decode("utf-8")
        paint = colour if colour is not None else _current_colour(fetched.current_colour)
        data = await asyncio.to_thread(functools.partial(rasterise, text, size, colour=paint))
    except (CatalogueError, UnicodeDecodeError, RasterError):
        return None
    return data, uses_current_colour(text) and not has_own_colour(text)


def _current_colour(said: str | None) -> str:
    """The colour to paint an SVG's `currentColor`: what its catalogue says its own PNGs paint it, when
    that is a colour the rasteriser can paint (`check_colour`: the catalogue's word is untrusted), else
    black, as the embedded catalogue's PNGs are by default."""
    from iconcat.imaging.svg_raster import check_colour

    if said is None:
        return "black"
    try:
        return check_colour(said)
    except ValueError:
        return "black"


async def _resampled(data: bytes, choice: Choice) -> bytes:
    """`data` (the large PNG) resampled to `choice.size`, in a thread; a `ProtocolError` when it cannot be."""
    from iconcat.api import ProtocolError
    from iconcat.imaging import ThumbnailError, resample_png

    assert choice.size is not None
    problem: str | None = None
    try:
        return await asyncio.to_thread(resample_png, data, choice.size)
    except ThumbnailError as error:
        problem = str(error).rstrip(".")
    raise ProtocolError(
        f"variant {choice.variant.id} (PNG · {choice.variant.size} px) cannot give a {choice.size} px copy: "
        f"{problem[:1].lower()}{problem[1:]}; nothing was saved"
    )


async def _publish(
    data: bytes, folder: Path, name: str, *, file_format: str = "png", overwrite: bool = False
) -> SaveOutcome:
    """Write `data` as `name` into `folder` as every download is written (`downloads.FileSaver`)."""
    from iconcat.api import StorageError
    from iconcat.disk.downloads import FileSaver, SaveError, publish_off_the_loop

    problem: str | None = None
    try:
        with FileSaver(
            folder, name, overwrite=overwrite, expected_format=file_format, total=len(data), keep_identical=True
        ) as saver:
            saver.write(data)
            path = await publish_off_the_loop(saver)  # (finished, identical bytes looked for, published)
            return SaveOutcome(path, already=saver.already)
    except SaveError as error:
        problem = str(error)
    raise StorageError(problem)
