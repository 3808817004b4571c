"""The bag, exported: an SVG sprite, a zip of its files, or an Iconify JSON subset per set. No Textual.

    exported = await export_sprite(catalogue, icons, Path("icons.svg"))
    exported = await export_zip(catalogue, icons, ("png", 64), Path("icons.zip"), template=None)
    exported = await export_iconify_json(catalogue, icons, Path("iconify/"))
    exported.paths, exported.count, exported.left_out      # what was written, and what was not, why

Shared by the bag screen and `iconcat bag export`. Decisions:

- Every icon's SVG is its SVG variant's file, read through the seam (`VariantFiles.fetch_variant`, at
  most `MAX_SVG_BYTES`), and its box and body are read back out of it (`iconify.subset.read_svg`): no
  catalogue is asked for more than it already gives. An icon with no SVG, or whose SVG cannot be read
  (not UTF-8, not well-formed, no size), is left out and listed (`LeftOut`), never the export's end.
- Sprite: one `<symbol id="…" viewBox="…">` per icon, in the bag's order; the id is the Iconify name
  with a hyphen (`tabler-arrow-up`), else the name's slug and the icon's id (`arrow-up-1013`). The
  ids inside a body (a gradient's, a clip path's) are made the symbol's own (`tabler-x-a`, and every
  `#a`, `url(#a)` with them), as `@iconify/utils`' `replaceIDs` does: two icons whose bodies both say
  `id="a"` would otherwise paint with the first one's.
- Zip: exactly the files the bag's "download all" writes for the same preference (format and size:
  `saving.nearest_choice`) and names (`saving.distinct_templates`, `file_name`), the same bytes
  (the variant's file, or the PNG drawn or resampled as `save_choice` draws it: `resampled_bytes`);
  the icons that offer nothing close are left out and listed, as "download all" leaves them out. PNGs
  are stored, other files deflated, every entry dated 1980-01-01 so the same bag makes the same bytes
  (and exporting it again finds its zip already there).
- Iconify JSON: one `<prefix>.json` per set in the folder (`iconify.subset.subset_document`): its icons'
  bodies and boxes, `info` with the set's name, author and licence as the catalogue gave them. Icons
  without an Iconify name are left out and listed: Iconify's tools know an icon by it.
- Every file is written as every download is (`downloads.FileSaver`): whole or not at all, never
  overwriting unless asked (`overwrite`; else the next free `name-N`), identical bytes already there
  kept. The files are fetched before anything is published (the zip streams into its temporary file):
  a failure mid-way (a file the catalogue cannot give, a full disk, a cancellation) leaves nothing.
- Files are fetched `FETCHED_AT_ONCE` (4) at a time, as the bag's batch saves them, and taken in order.
"""

from __future__ import annotations

import asyncio
import json
import re
import zipfile
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from iconcat.disk.name_template import slug
from iconcat.iconify.subset import SvgIcon, SvgUnreadable, read_svg, set_info_document, subset_document

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.api import Icon
    from iconcat.catalogue import VariantFiles
    from iconcat.disk.saving import Choice

__all__ = [
    "FETCHED_AT_ONCE",
    "MAX_SVG_BYTES",
    "ExportFailed",
    "Exported",
    "LeftOut",
    "export_iconify_json",
    "export_sprite",
    "export_zip",
    "sprite_document",
    "symbol_id",
]

FETCHED_AT_ONCE = 4
"""Files asked of the catalogue at once (the bag's batch's limit)."""
MAX_SVG_BYTES = 8 * 1024 * 1024
"""The largest SVG read (the rasteriser's own cap: the biggest real icon bodies are about 900 KB)."""
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
"""Every zip entry's date: the same bag makes the same zip."""
SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"

Progress = Callable[[int, int], None]
"""Told (icons done, icons in all) as the files arrive."""
_T = TypeVar("_T")
_R = TypeVar("_R")
_ID_ATTRIBUTE = re.compile(r"""\sid\s*=\s*(?:"([^"]+)"|'([^']+)')""")


class ExportFailed(Exception):
    """The export could not be written; `str(error)` says why, for a person. Nothing was written."""


@dataclass(frozen=True)
class LeftOut:
    """An icon of the bag the export does not hold, and why (plain words, the icon's name not included)."""

    icon: Icon
    reason: str


@dataclass(frozen=True)
class Exported:
    """What an export wrote."""

    paths: tuple[Path, ...]
    """The files written (or found already there, the very same bytes), in order."""
    count: int
    """Icons the files hold."""
    left_out: tuple[LeftOut, ...] = ()
    already: tuple[Path, ...] = ()
    """Of `paths`, those that were already there with these bytes (nothing new written)."""


# ------------------------------------------------------------------------------------------- the sprite


def symbol_id(icon: Icon) -> str:
    """The icon's id in a sprite: its Iconify name with a hyphen (`tabler-arrow-up`), else its name's
    slug and its id (`arrow-up-1013`)."""
    if icon.iconify:
        return slug(icon.iconify)
    return f"{slug(icon.name) or 'icon'}-{icon.id}"


def own_ids(body: str, owner: str) -> str:
    """`body` with each id it defines (and every reference to it: `#a`, `url(#a)`, `"a"`) prefixed by
    `owner` (`@iconify/utils`' `replaceIDs`' rule, in one pass)."""
    ids = {match.group(1) or match.group(2) for match in _ID_ATTRIBUTE.finditer(body)}
    if not ids:
        return body
    alternatives = "|".join(re.escape(found) for found in sorted(ids, key=len, reverse=True))
    pattern = re.compile(f"""([#;"'])({alternatives})(["')]|\\.[a-z])""")
    return pattern.sub(lambda match: f"{match.group(1)}{owner}-{match.group(2)}{match.group(3)}", body)


def sprite_document(icons: Iterable[tuple[str, SvgIcon]]) -> str:
    """An SVG sprite: one `<symbol>` per (id, icon), with its viewBox, its ids its own (`own_ids`), its
    root's presentation attributes on a `<g>` and its other namespaces declared on the symbol."""
    symbols = []
    for identifier, icon in icons:
        namespaces = "".join(
            f' {name}="{_attribute(address)}"' for name, address in icon.namespaces if name != "xmlns:xlink"
        )
        body = own_ids(icon.wrapped_body, identifier)
        symbols.append(f'<symbol id="{_attribute(identifier)}" viewBox="{icon.view_box}"{namespaces}>{body}</symbol>')
    xlink = f' xmlns:xlink="{XLINK_NS}"' if any("xlink:" in symbol for symbol in symbols) else ""
    return f'<svg xmlns="{SVG_NS}"{xlink}>\n' + "".join(f"{symbol}\n" for symbol in symbols) + "</svg>\n"


def _attribute(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


async def export_sprite(
    client: VariantFiles,
    icons: Sequence[Icon],
    path: Path,
    *,
    overwrite: bool = False,
    progress: Progress | None = None,
) -> Exported:
    """Write `icons` as one SVG sprite at `path` (see the module docstring); `ExportFailed` when nothing
    could be written (no icon with an SVG, a file the catalogue cannot give, the disk)."""
    read, left_out = await _read_svgs(client, icons, progress)
    if not read:
        raise ExportFailed(_nothing_to_export("SVG sprite", icons, left_out))
    seen: set[str] = set()
    symbols: list[tuple[str, SvgIcon]] = []
    for icon, svg in read:
        identifier = symbol_id(icon)
        if identifier in seen:  # (an Iconify name spelt like another icon's name and id: told apart)
            identifier = f"{identifier}-{icon.id}"
        seen.add(identifier)
        symbols.append((identifier, svg))
    data = sprite_document(symbols).encode("utf-8")
    written, already = await _publish(path, data, "svg", overwrite)
    return Exported((written,), len(symbols), tuple(left_out), (written,) if already else ())


# ------------------------------------------------------------------------------------------- the zip


async def export_zip(
    client: VariantFiles,
    icons: Sequence[Icon],
    preference: tuple[str, int | None],
    path: Path,
    *,
    template: str | None = None,
    overwrite: bool = False,
    progress: Progress | None = None,
) -> Exported:
    """Write the files the bag's "download all" would save for `preference` and `template` into one zip at
    `path` (see the module docstring). A bad template raises `TemplateError`; `ExportFailed` otherwise."""
    from iconcat.disk.downloads import FileSaver, SaveError, publish_off_the_loop
    from iconcat.disk.saving import distinct_templates, file_name, nearest_choice

    fmt, size = preference
    planned: list[tuple[Icon, Choice]] = []
    left_out: list[LeftOut] = []
    for icon in icons:
        choice = nearest_choice(icon, fmt, size)
        if choice is None:
            left_out.append(LeftOut(icon, f"nothing close to {_preference_words(preference)}"))
        else:
            planned.append((icon, choice))
    if not planned:
        raise ExportFailed(_nothing_to_export("zip", icons, left_out))
    names = [
        file_name(icon, choice, named)
        for (icon, choice), named in zip(planned, distinct_templates(planned, template), strict=True)
    ]
    folder, name = _where(path)
    problem: str | None = None
    try:
        with FileSaver(folder, name, overwrite=overwrite, expected_format="zip", keep_identical=True) as saver:
            with zipfile.ZipFile(_Sink(saver.write), "w") as archive:
                files = _in_order(list(zip(planned, names, strict=True)), _file_bytes_of(client), progress)
                async for ((_icon, choice), entry_name), data in _failing_as_export(files):
                    entry = zipfile.ZipInfo(entry_name, date_time=ZIP_DATE)
                    entry.compress_type = zipfile.ZIP_STORED if choice.format == "png" else zipfile.ZIP_DEFLATED
                    entry.external_attr = 0o644 << 16
                    archive.writestr(entry, data)
            written = await publish_off_the_loop(saver)
            return Exported((written,), len(planned), tuple(left_out), (written,) if saver.already else ())
    except SaveError as error:
        problem = str(error)
    raise ExportFailed(problem)


class _Sink:
    """What `zipfile` writes into: the saver's `write`, the bytes counted (no seeking: entries carry
    their sizes after their data, which every unzipper reads)."""

    def __init__(self, write: Callable[[bytes], None]) -> None:
        self._write = write
        self._written = 0

    def write(self, data: bytes, /) -> int:
        self._write(bytes(data))
        self._written += len(data)
        return len(data)

    def tell(self) -> int:
        return self._written

    def flush(self) -> None:
        pass

    def close(self) -> None:
        pass  # (the saver publishes or removes the file)


def _file_bytes_of(client: VariantFiles) -> Callable[[tuple[tuple[Icon, Choice], str]], Awaitable[bytes]]:
    """What fetches the bytes "download all" saves for a planned (icon, choice) and its name."""
    from iconcat.disk.saving import resampled_bytes

    async def fetch(planned: tuple[tuple[Icon, Choice], str]) -> bytes:
        (icon, choice), _name = planned
        if choice.resampled:
            return await resampled_bytes(client, choice)
        data = (await client.fetch_variant(choice.variant.id)).data
        if choice.format != "svg":
            return data
        from iconcat.disk.svg_output import OutputOptions, svg_as_asked

        try:  # (with its set's attribution, as "download all" saves it: `saving.save_choice`)
            return svg_as_asked(data.decode("utf-8"), icon.set, OutputOptions()).text.encode("utf-8")
        except (UnicodeDecodeError, ValueError):
            return data

    return fetch


def _preference_words(preference: tuple[str, int | None]) -> str:
    fmt, size = preference
    return f"{fmt.upper()} · {size} px" if size is not None else f"{fmt.upper()} · vector"


# ------------------------------------------------------------------------------------------- Iconify JSON


async def export_iconify_json(
    client: VariantFiles,
    icons: Sequence[Icon],
    folder: Path,
    *,
    overwrite: bool = False,
    progress: Progress | None = None,
) -> Exported:
    """Write one Iconify JSON subset per set of `icons` into `folder`, `<prefix>.json` (see the module
    docstring); icons without an Iconify name are left out and listed."""
    named = [icon for icon in icons if icon.iconify]
    left_out = [LeftOut(icon, "no Iconify name") for icon in icons if not icon.iconify]
    read, unread = await _read_svgs(client, named, progress)
    left_out += unread
    if not read:
        raise ExportFailed(_nothing_to_export("Iconify JSON", icons, left_out))
    sets: dict[str, list[tuple[Icon, SvgIcon]]] = {}
    for icon, svg in read:
        sets.setdefault(icon.iconify_prefix, []).append((icon, svg))
    documents: list[tuple[str, bytes]] = []
    for prefix, members in sets.items():
        first = members[0][0].set
        licence, author = first.license, first.author
        info = set_info_document(
            first.name or prefix,
            license_title=licence.title if licence else None,
            license_spdx=licence.spdx if licence else None,
            license_url=licence.url if licence else None,
            author_name=author.name if author else None,
            author_url=author.url if author else None,
        )
        entries = [((icon.iconify or "").partition(":")[2], svg) for icon, svg in members]
        document = subset_document(prefix, info, dict(entries).items())
        text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
        documents.append((f"{prefix}.json", text.encode("utf-8")))
    paths: list[Path] = []
    already: list[Path] = []
    for name, data in documents:
        written, was_there = await _publish(folder / name, data, "json", overwrite)
        paths.append(written)
        if was_there:
            already.append(written)
    return Exported(tuple(paths), len(read), tuple(left_out), tuple(already))


# ------------------------------------------------------------------------------------------- shared


async def _read_svgs(
    client: VariantFiles, icons: Sequence[Icon], progress: Progress | None
) -> tuple[list[tuple[Icon, SvgIcon]], list[LeftOut]]:
    """Each icon's SVG read into its box and body, in order; those with none, or none readable, left out."""
    with_svg = []
    left_out: list[LeftOut] = []
    for icon in icons:
        variant = next((variant for variant in icon.variants if variant.format.lower() == "svg"), None)
        if variant is None:
            left_out.append(LeftOut(icon, "no SVG"))
        else:
            with_svg.append((icon, variant.id))

    async def fetch(pair: tuple[Icon, int]) -> bytes:
        return (await client.fetch_variant(pair[1], limit=MAX_SVG_BYTES)).data

    read: list[tuple[Icon, SvgIcon]] = []
    async for (icon, _variant), data in _failing_as_export(_in_order(with_svg, fetch, progress)):
        try:
            read.append((icon, read_svg(data.decode("utf-8"))))
        except UnicodeDecodeError:
            left_out.append(LeftOut(icon, "its SVG is not UTF-8 text"))
        except SvgUnreadable as error:
            left_out.append(LeftOut(icon, str(error)))
    order = {icon.id: index for index, icon in enumerate(icons)}
    left_out.sort(key=lambda left: order.get(left.icon.id, 0))
    return read, left_out


async def _in_order(
    items: Sequence[_T], fetch: Callable[[_T], Awaitable[_R]], progress: Progress | None
) -> AsyncIterator[tuple[_T, _R]]:
    """(item, what `fetch` gives for it), in the order of `items`, `FETCHED_AT_ONCE` fetched at once; the
    first failure is raised and the fetches still under way are cancelled."""
    window: deque[tuple[_T, asyncio.Task[_R]]] = deque()
    pending = iter(items)
    done = 0
    try:
        for item in pending:
            window.append((item, asyncio.ensure_future(fetch(item))))
            if len(window) >= FETCHED_AT_ONCE:
                break
        while window:
            item, task = window.popleft()
            result = await task
            for following in pending:
                window.append((following, asyncio.ensure_future(fetch(following))))
                break
            done += 1
            if progress is not None:
                progress(done, len(items))
            yield item, result
    finally:
        for _item, task in window:
            task.cancel()
        if window:
            await asyncio.gather(*(task for _item, task in window), return_exceptions=True)


async def _failing_as_export(pairs: AsyncIterator[tuple[_T, _R]]) -> AsyncIterator[tuple[_T, _R]]:
    """`pairs`, a catalogue's failure (a file it cannot give) raised as `ExportFailed` naming the icon."""
    from iconcat.api import CatalogueError
    from iconcat.failures import describe_failure

    iterator = aiter(pairs)
    while True:
        try:
            pair = await anext(iterator)
        except StopAsyncIteration:
            return
        except CatalogueError as error:
            raise ExportFailed(f"{describe_failure(error)}; nothing was written") from None
        yield pair


async def _publish(path: Path, data: bytes, expected: str, overwrite: bool) -> tuple[Path, bool]:
    """`data` written at `path` whole or not at all (`downloads.FileSaver`); (where, already there)."""
    from iconcat.disk.downloads import FileSaver, SaveError, publish_off_the_loop

    folder, name = _where(path)
    problem: str | None = None
    try:
        with FileSaver(
            folder, name, overwrite=overwrite, expected_format=expected, total=len(data), keep_identical=True
        ) as saver:
            saver.write(data)
            written = await publish_off_the_loop(saver)
            return written, saver.already
    except SaveError as error:
        problem = str(error)
    raise ExportFailed(problem)


def _where(path: Path) -> tuple[Path, str]:
    """(the folder, the file's name) of `path`, `~` read as the home folder."""
    path = Path(path).expanduser()
    return (path.parent, path.name)


def _nothing_to_export(what: str, icons: Sequence[Icon], left_out: Sequence[LeftOut]) -> str:
    if not icons:
        return "the bag is empty: nothing was written"
    reasons = sorted({left.reason for left in left_out})
    because = f" ({'; '.join(reasons[:3])})" if reasons else ""
    return f"no icon of the bag can go into the {what}{because}: nothing was written"
