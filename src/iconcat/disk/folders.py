"""The download folder a person types: made ready to save into, or the reason it cannot be; and
completing a folder's name as it is typed.

    folder = ready_folder("~/icons")     # the absolute folder, created if missing and checked writable
    complete_folder("/home/ana/Pic")     # "/home/ana/Pictures/": the first existing folder so named

No Textual here (the browser's download-folder dialog calls both from a thread). Decisions:

- `~` is expanded, and a relative path is taken from the current folder (where iconcat started): the
  absolute path is what is used, shown and saved.
- A missing folder is created, with its missing parents. It is writable when a file can be created in
  it: one empty file (`.iconcat-folder-check-*`) is created and removed at once. That catches what
  permission bits do not show (a read-only mount, an ACL), and it is honest for root too, whom
  `os.access` says yes to everywhere.
- The reasons are for a person and name the path: "… is a file, not a folder", "cannot make …:
  /a/b is a file", "no permission to write in …", "… is on a read-only file system".
- Completion lists only folders (symbolic links to folders too), hidden ones only once a "." is
  typed, in name order; the first that starts with what was typed is offered, with a trailing
  separator so the next level can follow. A folder that cannot be read offers nothing.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

__all__ = ["FolderProblem", "complete_folder", "ready_folder"]

_CHECK_PREFIX = ".iconcat-folder-check-"
_LISTED = 5000
"""Most entries of one folder looked at for a completion (a huge folder must not stall typing)."""


class FolderProblem(Exception):
    """The folder cannot be saved into; the message says which and why, fit to show a person."""


def absolute_folder(text: str, base: Path | None = None) -> Path:
    """`text` as an absolute path: `~` expanded, a relative path taken from `base` (the current folder)."""
    path = Path(os.path.expanduser(text.strip()))
    if not path.is_absolute():
        path = (base or Path.cwd()) / path
    return Path(os.path.normpath(path))


def ready_folder(text: str, base: Path | None = None) -> Path:
    """The folder `text` names (see `absolute_folder`), created if missing and checked writable;
    `FolderProblem` saying why not. Blocking: call it from a thread."""
    if not text.strip():
        raise FolderProblem("Type a folder, e.g. ~/icons.")
    folder = absolute_folder(text, base)
    if folder.exists() and not folder.is_dir():
        raise FolderProblem(f"{folder} is a file, not a folder.")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        in_the_way = _file_in_the_way(folder)
        where = f": {in_the_way} is a file" if in_the_way is not None else ""
        raise FolderProblem(f"Cannot make {folder}{where}.") from None
    except OSError as error:
        raise FolderProblem(_reason(f"Cannot make {folder}", folder, error)) from None
    try:
        descriptor, check = tempfile.mkstemp(prefix=_CHECK_PREFIX, dir=folder)
    except OSError as error:
        raise FolderProblem(_reason(f"Cannot save into {folder}", folder, error)) from None
    os.close(descriptor)
    try:
        os.unlink(check)
    except OSError:
        pass  # an empty hidden file left behind is no reason to refuse a folder that takes files
    return folder


def _file_in_the_way(folder: Path) -> Path | None:
    """The first part of `folder`'s path that exists and is no folder, if any."""
    for part in reversed([folder, *folder.parents]):
        if part.exists() and not part.is_dir():
            return part
    return None


def _reason(what: str, folder: Path, error: OSError) -> str:
    if error.errno in (errno.EACCES, errno.EPERM):
        return f"{what}: no permission to write there."
    if error.errno == errno.EROFS:
        return f"{what}: it is on a read-only file system."
    if error.errno == errno.ENOSPC:
        return f"{what}: the disk is full."
    return f"{what}: {error.strerror or error}."


def complete_folder(text: str) -> str | None:
    """`text` completed to the first existing folder whose name starts with its last part, ending in
    a separator; None when there is none (or nothing to complete). Blocking: call it from a thread."""
    if not text or text.endswith(os.sep):
        return None
    expanded = os.path.expanduser(text)
    head, partial = os.path.split(expanded)
    if not partial:
        return None
    names: list[str] = []
    try:
        with os.scandir(head or os.curdir) as entries:
            for count, entry in enumerate(entries):
                if count >= _LISTED:
                    break
                if not entry.name.startswith(partial) or entry.name == partial:
                    continue
                if entry.name.startswith(".") and not partial.startswith("."):
                    continue
                try:
                    if entry.is_dir():
                        names.append(entry.name)
                except OSError:
                    continue
    except OSError:
        return None
    if not names:
        return None
    return f"{text}{min(names)[len(partial) :]}{os.sep}"
