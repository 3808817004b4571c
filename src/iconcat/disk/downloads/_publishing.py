"""A finished temporary file given its name: the next free `name-N.ext` (or the file replaced, with
overwrite), identical bytes already there kept instead, and the leftovers of killed runs removed
(see the package's docstring for why each step is as it is)."""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Iterator
from os import PathLike
from pathlib import Path
from typing import NamedTuple

from ._names import safe_filename

__all__ = [
    "TEMP_PREFIX",
    "TEMP_SUFFIX",
    "SavedFile",
    "identical_files",
    "identical_in",
    "next_free_path",
    "publish_atomically",
    "publish_or_keep",
    "remove_leftovers",
]

TEMP_PREFIX = ".iconcat-"
TEMP_SUFFIX = ".part"
_TEMP_NAME = re.compile(r"^\.iconcat-(\d+)-[0-9a-f]{16}\.part$")
_MAX_COLLISIONS = 9999
_COMPARE_CHUNK = 64 * 1024
"""How much of two files `identical_files` reads at a time."""


class SavedFile(NamedTuple):
    """Where a saved file is, and whether it was already there (identical bytes: nothing new written)."""

    path: Path
    already: bool = False


def next_free_path(folder: Path, name: str) -> Path | None:
    """Where a file saved as `name` into `folder` (without overwrite) would land now, or None if nowhere.

    The same candidates `publish_atomically` tries, in the same order; a name is taken when anything is
    there, a dangling symlink included (what makes publishing's `os.link` fail). For showing a person
    the name before saving: one `lstat` per taken name, usually one in all.
    """
    for candidate in _candidates(safe_filename(name)):
        path = folder / candidate
        if not os.path.lexists(path):
            return path
    return None


def identical_files(first: str | PathLike[str], second: str | PathLike[str]) -> bool:
    """True when both are regular files (symlinks not followed) with the same bytes; False when either
    is missing, unreadable or something else. Sizes first, then 64 KiB at a time: never a whole file."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        with open(os.open(first, flags), "rb") as one, open(os.open(second, flags), "rb") as two:
            status_one, status_two = os.fstat(one.fileno()), os.fstat(two.fileno())
            if not (stat.S_ISREG(status_one.st_mode) and stat.S_ISREG(status_two.st_mode)):
                return False
            if status_one.st_size != status_two.st_size:
                return False
            while True:
                chunk = one.read(_COMPARE_CHUNK)  # buffered: all of it, unless the file ends
                if chunk != two.read(_COMPARE_CHUNK):
                    return False
                if not chunk:
                    return True
    except OSError:
        return False


def identical_in(temp: Path, folder: Path, name: str) -> Path | None:
    """The file among `name`, `name-1`… (up to the first free one) whose bytes are `temp`'s, else None.

    One `lstat` per taken name; only regular files of `temp`'s size are read.
    """
    try:
        size = os.stat(temp).st_size
    except OSError:
        return None
    for candidate in _candidates(name):
        path = folder / candidate
        try:
            status = os.lstat(path)
        except FileNotFoundError:
            return None  # the free name: the numbering stops here, so does the search
        except OSError:
            continue
        if stat.S_ISREG(status.st_mode) and status.st_size == size and identical_files(temp, path):
            return path
    return None


def _candidates(name: str) -> Iterator[str]:
    yield name
    stem, dot, extension = name.rpartition(".")
    if not dot or not stem:
        stem, dot, extension = name, "", ""
    for number in range(1, _MAX_COLLISIONS + 1):
        yield f"{stem}-{number}{dot}{extension}"


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some filesystems refuse fsync on folders; the file itself is already synced
    finally:
        os.close(fd)


def publish_atomically(temp: Path, folder: Path, name: str, *, overwrite: bool = False) -> Path:
    """Move the finished file `temp` to `folder/name` and return the final path.

    Without `overwrite`, an existing entry (even a dangling symlink) is never touched: the next free
    `name-N.ext` is used. With `overwrite`, the entry is replaced atomically (unless it is a folder).
    `temp` no longer exists afterwards.
    """
    return publish_or_keep(temp, folder, name, overwrite, False).path


def publish_or_keep(temp: Path, folder: Path, name: str, overwrite: bool, keep_identical: bool) -> SavedFile:
    """`publish_atomically`; with `keep_identical`, a taken name holding `temp`'s very bytes is the file:
    `temp` is removed and that file returned as `already` saved."""
    if overwrite:
        target = folder / name
        if target.is_dir() and not target.is_symlink():
            raise IsADirectoryError(errno.EISDIR, "a folder has that name", str(target))
        os.replace(temp, target)
        _fsync_folder(folder)
        return SavedFile(target)
    for candidate in _candidates(name):
        target = folder / candidate
        try:
            os.link(temp, target, follow_symlinks=False)
        except FileExistsError:
            if keep_identical and identical_files(temp, target):
                os.unlink(temp)
                return SavedFile(target, already=True)
            continue
        except OSError as error:
            if error.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
                raise
            if not _reserve(target):
                if keep_identical and identical_files(temp, target):
                    os.unlink(temp)
                    return SavedFile(target, already=True)
                continue
            os.replace(temp, target)
        else:
            os.unlink(temp)
        _fsync_folder(folder)
        return SavedFile(target)
    raise FileExistsError(errno.EEXIST, f"{_MAX_COLLISIONS} files named like this exist already", name)


def _reserve(target: Path) -> bool:
    """Claim `target` with an empty placeholder (filesystems without hard links); False if taken."""
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666)
    except FileExistsError:
        return False
    os.close(fd)
    return True


def remove_leftovers(folder: Path) -> list[Path]:
    """Delete temporary files left in `folder` by iconcat runs that were killed; return what went.

    Only files named exactly like ours (`.iconcat-<pid>-<16 hex>.part`, regular files, not symlinks)
    whose process is no longer alive are removed.
    """
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        match = _TEMP_NAME.match(entry.name)
        if not match or not entry.is_file(follow_symlinks=False):
            continue
        if _process_alive(int(match.group(1))):
            continue
        try:
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed


def _process_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's live process, or we cannot tell: leave the file alone
    return True
