"""`FileSaver`: one file saved into its folder whole or not at all (the folder made, a temporary file
beside the target, its bytes checked as they arrive, fsynced, published, or removed on any failure),
and `publish_off_the_loop` (the blocking end of it in one thread). See the package's docstring."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import secrets
import threading
from collections.abc import Callable
from os import PathLike
from pathlib import Path
from types import TracebackType
from typing import Self

from iconcat.failures import os_error_reason

from ._content import SNIFF_BYTES, TAIL_BYTES, check_content, check_ending
from ._names import safe_filename
from ._publishing import TEMP_PREFIX, TEMP_SUFFIX, SavedFile, identical_in, publish_or_keep, remove_leftovers

__all__ = ["FileSaver", "Progress", "SaveError", "SavedThenCancelled", "publish_off_the_loop"]

Progress = Callable[[int, "int | None"], None]
"""Called with (bytes written so far, total expected or None when the service did not say)."""

_WRITEBACK_EVERY = 8 * 1024 * 1024
_swept_folders: set[str] = set()
"""Folders `FileSaver` has swept for leftovers in this process (absolute paths)."""


class SavedThenCancelled(asyncio.CancelledError):
    """A cancellation that came once the file was being published: the publish ended first, so the
    file is whole at `saved.path`. Still a cancellation (a `CancelledError`, raised on), but one whose
    catcher can tell the person the truth: the file was saved, not cancelled."""

    def __init__(self, saved: SavedFile) -> None:
        super().__init__()
        self.saved = saved


class SaveError(Exception):
    """The file could not be saved into its folder; `str(error)` says where and why, for a person.

    Raised instead of the disk's `OSError`, whose text is terse, locale-dependent and repeats errno
    numbers; the temporary file is already gone when it is raised.
    """


# ------------------------------------------------------------------------------------------- writing


class FileSaver:
    """Saves one file into `folder` as `name`, whole or not at all: a context manager.

    Entering makes the folder when missing, removes the leftovers of killed runs and opens the temporary
    file beside the target. `write` appends bytes, checks the file's start against `expected_format`
    and reports `progress`; `finish` checks its end and flushes it to the disk; `publish` gives it its
    name (the next free `name-N.ext` unless `overwrite`) and returns the path. Leaving the block
    without publishing, by an exception, a cancellation or a return, removes the temporary file and
    the folders entering made. Disk failures raise `SaveError`, bytes that are not `expected_format`
    raise `ContentMismatchError`; either way nothing is left behind. With `keep_identical`, a file of the
    same bytes already at the name (or a `name-N` on the way to a free one) is kept instead of a copy:
    `publish` returns its path and `already` is True (`look_for_identical` does the reading, blocking:
    async code runs it in a thread before `publish`).

    `name` is made safe again (`safe_filename`) in case a caller forgot. `expected_format` is an
    extension ("png", "svg", "eps"; others are not checked) and defaults to the name's. `total` is the
    size expected, passed on to `progress`.
    """

    def __init__(
        self,
        folder: str | PathLike[str],
        name: str,
        *,
        overwrite: bool = False,
        expected_format: str | None = None,
        total: int | None = None,
        progress: Progress | None = None,
        keep_identical: bool = False,
    ) -> None:
        self.folder = Path(folder)
        """Where the file is written and published."""
        self.name = safe_filename(name)
        """The name asked for (a `name-N` variant of it is used when taken and not `overwrite`)."""
        self.overwrite = overwrite
        """Replace a file of that name instead of choosing the next free one."""
        if expected_format is None:
            expected_format = self.name.rpartition(".")[2] if "." in self.name else ""
        self.expected_format = expected_format
        """The extension the bytes must match ("" or an unknown one: not checked)."""
        self.total = total
        """The size expected, when known (for `progress`)."""
        self.published: Path | None = None
        """The final path, once `publish` succeeded."""
        self.keep_identical = keep_identical and not overwrite
        """Keep a file of identical bytes already at the name instead of publishing a copy."""
        self.already = False
        """True once `publish` found the same bytes already saved (`published` is that file)."""
        self._identical: Path | None = None
        self._looked = False
        self._progress = progress
        self._created: list[Path] = []
        self._partial: _PartialFile | None = None
        self._head = bytearray()
        self._head_checked = False
        self._tail = b""

    @property
    def written(self) -> int:
        """Bytes written so far."""
        return self._partial.written if self._partial is not None else 0

    def __enter__(self) -> Self:
        self._created = _make_folder(self.folder)
        # Temporary files of iconcat runs that were killed mid-download (their process is gone): ours to
        # clean, and this is the moment someone is looking at this folder. Once per folder and process:
        # the sweep reads the whole folder, and a bag of 100 files would read it 100 times (on the event
        # loop, where this runs); leftovers come from runs killed before, and those are swept by then.
        folder_key = os.path.abspath(self.folder)
        if folder_key not in _swept_folders:
            remove_leftovers(self.folder)
            _swept_folders.add(folder_key)
        try:
            self._partial = _PartialFile(self.folder)
        except OSError as error:
            _remove_created(self._created)
            raise SaveError(_open_failure(error, self.folder)) from None
        if self._progress is not None:
            self._progress(0, self.total)
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        if self.published is None:
            self.abort()

    def write(self, chunk: bytes) -> None:
        """Append `chunk`; raise `ContentMismatchError` as soon as the file's start shows the wrong format."""
        if not chunk:
            return
        partial = self._opened()
        if not self._head_checked:
            self._head += chunk[: SNIFF_BYTES - len(self._head)]
            if len(self._head) >= SNIFF_BYTES:
                check_content(self.expected_format, bytes(self._head))
                self._head_checked = True
        try:
            partial.write(chunk)
        except OSError as error:
            raise SaveError(_write_failure(error, self.folder)) from None
        self._tail = (self._tail + chunk[-TAIL_BYTES:])[-TAIL_BYTES:]
        if self._progress is not None:
            self._progress(partial.written, self.total)

    def finish(self) -> None:
        """Check the whole file's format, then flush it to the disk and close it.

        Blocking (an fsync can take a while on a slow disk): async code runs it in a thread.
        """
        partial = self._opened()
        if not self._head_checked:
            check_content(self.expected_format, bytes(self._head))
            self._head_checked = True
        check_ending(self.expected_format, self._tail)
        try:
            partial.finish()
        except OSError as error:
            raise SaveError(_write_failure(error, self.folder)) from None

    def look_for_identical(self) -> Path | None:
        """With `keep_identical`: the file of identical bytes already at the name (or a `name-N` on the way
        to a free one), else None; `finish` first if not done. Blocking (it may read files); `publish`
        calls it when it was not called before."""
        partial = self._opened()
        if not partial.finished:
            self.finish()
        if self.keep_identical and not self._looked:
            self._identical = identical_in(partial.path, self.folder, self.name)
            self._looked = True
        return self._identical

    def publish(self) -> Path:
        """Give the file its name (see `publish_atomically`) and return its path; `finish` first if not done.

        With `keep_identical` and the same bytes already saved, nothing is published: the temporary file
        is removed, `already` becomes True and the existing file's path is returned.
        """
        partial = self._opened()
        if not partial.finished:
            self.finish()
        identical = self.look_for_identical()
        if identical is not None:
            self.published = identical
            self.already = True
            partial.discard()
            return identical
        try:
            # Identical bytes are looked for again on the way: another download of the same file may
            # have published it since (two at once), and then this one is the same file.
            saved = publish_or_keep(partial.path, self.folder, self.name, self.overwrite, self.keep_identical)
            self.published, self.already = saved
        except FileExistsError as error:
            reason = "too many files with that name exist already" if error.filename == self.name else None
            raise SaveError(_write_failure(error, self.folder, reason)) from None
        except OSError as error:
            raise SaveError(_write_failure(error, self.folder)) from None
        return self.published

    def abort(self) -> None:
        """Remove the temporary file and the folders entering made (if empty); safe to call twice."""
        if self._partial is not None:
            self._partial.discard()
        _remove_created(self._created)
        self._created = []

    def _opened(self) -> _PartialFile:
        if self._partial is None:
            raise RuntimeError("a FileSaver is used inside its `with` block")
        return self._partial


def _make_folder(folder: Path) -> list[Path]:
    """Make sure `folder` exists; return the folders this call made, outermost first.

    `os.path`'s tests, unlike `Path`'s, never raise (a parent that cannot be searched reads as missing,
    and `mkdir` then says why).
    """
    if os.path.isdir(folder):
        return []
    if os.path.lexists(folder):
        raise SaveError(f"cannot save into {folder}: it is not a folder")
    missing = [folder, *(parent for parent in folder.parents if not os.path.lexists(parent))]
    missing.reverse()
    try:
        folder.mkdir(parents=True)
    except FileExistsError:
        if os.path.isdir(folder):
            return []  # made meanwhile by someone else: theirs, not ours to remove
        raise SaveError(f"cannot save into {folder}: it is not a folder") from None
    except OSError as error:
        _remove_created(missing)  # the parents made before the failure
        raise SaveError(_folder_failure(error, folder)) from None
    return missing


def _remove_created(created: list[Path]) -> None:
    """Remove the folders a failed download made, deepest first, as long as they are empty."""
    for folder in reversed(created):
        try:
            folder.rmdir()
        except FileNotFoundError:
            continue
        except OSError:
            return


_REFUSED = (errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOENT)
"""What creating an entry in an existing folder answers when the folder does not take new files.

ENOENT included: /proc and /sys, which exist, answer "no such file" to a file being created in them.
"""


def _not_writable(error: OSError) -> str:
    if error.errno == errno.ENOENT:
        return "it does not take new files"
    return os_error_reason(error)


def _nearest_existing(path: Path) -> Path | None:
    return next((parent for parent in path.parents if os.path.lexists(parent)), None)


def _folder_failure(error: OSError, folder: Path) -> str:
    """Why `folder` could not be made: name the existing folder that refused, if one did."""
    existing = _nearest_existing(folder)
    if existing is not None and not os.path.isdir(existing):
        return f"cannot make the folder {folder}: {existing} is not a folder; nothing was saved"
    if existing is not None and error.errno in _REFUSED:
        return (
            f"cannot make the folder {folder}: {existing} exists but is not writable "
            f"({_not_writable(error)}); nothing was saved"
        )
    return f"cannot make the folder {folder}: {os_error_reason(error)}; nothing was saved"


def _open_failure(error: OSError, folder: Path) -> str:
    """Why the temporary file could not be made in `folder` (which exists: `_make_folder` saw to it)."""
    if error.errno in _REFUSED and os.path.isdir(folder):
        return f"cannot save into {folder}: it exists but is not writable ({_not_writable(error)}); nothing was saved"
    return _write_failure(error, folder)


def _write_failure(error: OSError, folder: Path, reason: str | None = None) -> str:
    return f"could not save the file in {folder}: {reason or os_error_reason(error)}; nothing was saved"


class _PartialFile:
    """A temporary file beside its target, filled chunk by chunk, then published whole or removed."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / f"{TEMP_PREFIX}{os.getpid()}-{secrets.token_hex(8)}{TEMP_SUFFIX}"
        """The temporary file."""
        # O_EXCL: never open something already there (a symlink planted under our name included).
        # 0o666 & umask, as any file a user saves; O_NOFOLLOW where the platform has it.
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
        self._fd: int | None = os.open(self.path, flags, 0o666)
        self.written = 0
        """Bytes written so far."""
        self.finished = False
        """Flushed to the disk and closed."""
        self._unhinted_from = 0

    def write(self, chunk: bytes) -> None:
        """Append `chunk`."""
        assert self._fd is not None, "the file is closed"
        view = memoryview(chunk)
        while view:
            done = os.write(self._fd, view)
            view = view[done:]
        self.written += len(chunk)
        if self.written - self._unhinted_from >= _WRITEBACK_EVERY:
            self._start_writeback()

    def _start_writeback(self) -> None:
        """Ask the kernel to start writing what we wrote so far, without waiting for it.

        The file is fsynced before it is published; started early, the disk writes while the network
        still reads, and the final fsync has little left to do. On Linux, POSIX_FADV_DONTNEED starts
        writeback of dirty pages (and drops the clean ones from the cache: a downloaded file is not
        read back). Elsewhere it is a hint.
        """
        advise = getattr(os, "posix_fadvise", None)
        if advise is not None and self._fd is not None:
            try:
                advise(self._fd, self._unhinted_from, self.written - self._unhinted_from, os.POSIX_FADV_DONTNEED)
            except OSError:
                pass
        self._unhinted_from = self.written

    def finish(self) -> None:
        """Flush the bytes to the disk (before the file gets its name) and close it."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
            self.finished = True

    def discard(self) -> None:
        """Close and remove the temporary file (safe to call twice, and after publishing)."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass


async def publish_off_the_loop(saver: FileSaver) -> Path:
    """`saver.finish()` then `saver.publish()`, in one thread: the fsyncs and the link block for
    milliseconds, four downloads at once (the bag) would take turns at them on the event loop, and
    one trip to a thread instead of two is a file saved sooner.

    Cancelled while the file is still being finished, nothing is published (the thread sees the
    cancel before it links, and the saver's exit removes the temporary file) and the cancellation goes
    on at once. Cancelled once the publish has begun, the publish still ends (the file is then whole at
    its name, never half there), however often cancelled, before the cancellation goes on, as
    `SavedThenCancelled` when it succeeded; the saver's exit never removes a temporary file the thread
    is still linking.
    """
    lock = threading.Lock()
    state = {"cancelled": False, "publishing": False}

    def finish_and_publish() -> Path | None:
        saver.finish()
        with lock:
            if state["cancelled"]:
                return None
            state["publishing"] = True
        return saver.publish()

    work = asyncio.ensure_future(asyncio.to_thread(finish_and_publish))
    try:
        path = await asyncio.shield(work)
    except asyncio.CancelledError:
        with lock:
            state["cancelled"] = True
            publishing = state["publishing"]
        if publishing:
            while not work.done():
                # A second cancel (quitting after a cancel) must not cut this wait short either: the
                # saver's exit would then abort while the thread links.
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.wait([work])
            if not work.cancelled() and work.exception() is None and (published := work.result()) is not None:
                raise SavedThenCancelled(SavedFile(published, saver.already)) from None
        else:  # (finishing: the thread stops before linking; its failure, if any, is nobody's news)
            work.add_done_callback(lambda done: done.cancelled() or done.exception())
        raise
    assert path is not None  # (only a cancelled call gets None, and it raised above)
    return path
