"""A variant's bytes held in this process, saved or handed over as the HTTP client saves a download.

The in-process catalogue has the whole file in memory at once (drawn or read from its index); what
happens to it next is the client's path, step for step (`iconcat.api._client`'s `_save` and
`fetch_variant`): the same name (the one asked for, else `name_for(extension)`, else the catalogue's
own file name, else `variant-<id>.<ext>`, always made safe), the same `downloads.FileSaver` (a
temporary file beside the target, the content checked against its format, fsynced, linked into place
in one trip to a thread by `publish_off_the_loop`, never overwriting unless asked, identical bytes
kept), and the same errors (`SaveError` → `StorageError`, a body that is not its format →
`ProtocolError`, a file larger than the cap → `ProtocolError`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from iconcat.api import CatalogueError, FetchedFile, ProtocolError, save_failure
from iconcat.disk import downloads

__all__ = ["file_in_memory", "save_file"]


async def save_file(
    body: bytes,
    variant_id: int,
    extension: str,
    folder: Path,
    *,
    filename: str | None,
    name_for: Callable[[str], str] | None,
    proposed: str | None,
    overwrite: bool,
    keep_identical: bool,
    progress: downloads.Progress | None,
) -> downloads.SavedFile:
    """Save `body`, variant `variant_id`'s file of format `extension`, into `folder`, whole or not at all.

    `proposed` is the name the catalogue gives its file (what the HTTP face sends as
    `Content-Disposition`), used when neither `filename` nor `name_for` names it."""
    fallback = f"variant-{variant_id}.{extension}"
    if filename is None and name_for is not None:
        filename = name_for(extension)
    if filename is not None:
        name = downloads.safe_filename(filename, fallback=fallback)
    else:
        name = downloads.safe_filename(proposed, fallback=fallback) if proposed else fallback
    failure: CatalogueError
    try:
        with downloads.FileSaver(
            folder,
            name,
            overwrite=overwrite,
            expected_format=name.rpartition(".")[2] if "." in name else extension,
            total=len(body),
            progress=progress,
            keep_identical=keep_identical,
        ) as saver:
            saver.write(body)
            path = await downloads.publish_off_the_loop(saver)
            return downloads.SavedFile(path, saver.already)
    except (downloads.SaveError, downloads.ContentMismatchError) as error:
        failure = save_failure(error, variant_id)
    raise failure


def file_in_memory(
    body: bytes,
    variant_id: int,
    extension: str,
    cap: int,
    progress: downloads.Progress | None,
    current_colour: str | None = None,
) -> FetchedFile:
    """`body` handed over as `fetch_variant` hands a file: at most `cap` bytes, the format it claims,
    `progress` told of it (once at 0, once whole); `current_colour` what the catalogue paints an SVG's
    `currentColor` in its own PNGs (what the HTTP face sends as `Iconcat-Current-Color`)."""
    if len(body) > cap:
        raise ProtocolError(f"variant {variant_id}'s file is {len(body)} bytes, more than the {cap} accepted")
    if progress is not None:
        progress(0, len(body))
        if body:
            progress(len(body), len(body))
    problem: str | None = None
    try:
        downloads.check_content(extension, body[:4096])
        downloads.check_ending(extension, body[-1024:])
    except downloads.ContentMismatchError as error:
        problem = str(error)
    if problem is not None:
        raise ProtocolError(f"variant {variant_id}: {problem}")
    return FetchedFile(data=body, extension=extension, current_colour=current_colour)
