"""Saving a downloaded file safely: its folder, its name, its temporary file, its content, its publication.

The network side (requests, statuses, streaming) is the client's (`iconcat.api`): it hands the bytes
to a `FileSaver` and turns a `SaveError` into its own error. This module only knows bytes and files,
and imports neither httpx, Textual nor anything of `iconcat.api` (the client depends on it, not the
other way round).

    with FileSaver(folder, "arrow-left-512.png", total=size, progress=report) as saver:
        for chunk in chunks:
            saver.write(chunk)
        saver.finish()          # blocking (fsync): async code runs it in a thread
        path = saver.publish()

Decisions, for a user who must never lose a file nor find half of one:

- The folder is made (parents too) when missing; folders made for a download that then fails are
  removed again if still empty.
- A name from the network is reduced to one safe path component (`safe_filename`): no separators, no
  `..`, no NUL, control or bidi characters, no leading dots (hidden files), no trailing dots or spaces,
  no Windows reserved names (`CON`, `NUL`, `COM1`…), at most 120 bytes of UTF-8 with the extension kept.
- Bytes go to a temporary file *in the target folder* (so publishing is a rename on one filesystem),
  named `.iconcat-<pid>-<random>.part`: hidden, recognisable, and carrying the writer's process id so
  `remove_leftovers` deletes only the leftovers of iconcat runs that are no longer alive, never another
  program's files nor a download still running.
- The bytes are checked against the format they claim (`check_content`, `check_ending`): an error page
  served as an icon, or a file cut short, is never saved.
- The file is flushed and fsynced, then published with `os.link(temp, target)`, which is atomic and fails
  if `target` exists (a file, a directory or a symlink, dangling or not: symlinks are never followed); on
  that failure `name-1.ext`, `name-2.ext`… are tried. With `overwrite`, `os.replace` swaps the file in
  atomically (a symlink at the target is replaced, not followed). Filesystems without hard links fall
  back to reserving the name with `O_CREAT | O_EXCL` and replacing that placeholder.
- With `keep_identical` (what the browser, `iconcat download` and `iconcat pick` ask for), a file with
  the very same bytes already at the name, or at any `name-N.ext` the numbering passes on its way to a
  free name, is the file: nothing is published, the temporary file goes, `FileSaver.already` is True
  and `publish` returns the existing path. Only regular files count (a symlink is never followed); the
  sizes are compared first, then the contents in 64 KiB chunks, so no file is read whole into memory
  (`identical_files`). `overwrite` is not affected.
- Anything that goes wrong, cancellation included, removes the temporary file: the folder is left as it
  was. A disk's failure is a `SaveError` whose message says, for a person, which folder and why.
"""

from __future__ import annotations

import asyncio
import contextlib
import email.message
import errno
import os
import re
import secrets
import stat
import threading
import unicodedata
import urllib.parse
from collections.abc import Callable, Iterator
from os import PathLike
from pathlib import Path
from types import TracebackType
from typing import NamedTuple, Self

from iconcat.failures import os_error_reason

__all__ = [
    "MAX_NAME_BYTES",
    "TEMP_PREFIX",
    "TEMP_SUFFIX",
    "ContentMismatchError",
    "FileSaver",
    "Progress",
    "SaveError",
    "SavedFile",
    "SavedThenCancelled",
    "check_content",
    "check_ending",
    "extension_for_content_type",
    "filename_from_content_disposition",
    "identical_files",
    "next_free_path",
    "publish_atomically",
    "publish_off_the_loop",
    "remove_leftovers",
    "safe_filename",
]

Progress = Callable[[int, "int | None"], None]
"""Called with (bytes written so far, total expected or None when the service did not say)."""

TEMP_PREFIX = ".iconcat-"
TEMP_SUFFIX = ".part"
MAX_NAME_BYTES = 120
"""Longest file name we write, in UTF-8 bytes; filesystems allow 255, and a suffix `-12` must fit."""
_MAX_COLLISIONS = 9999
_WRITEBACK_EVERY = 8 * 1024 * 1024
_SNIFF_BYTES = 4096
"""How much of a file's start `check_content` looks at."""
_COMPARE_CHUNK = 64 * 1024
"""How much of two files `identical_files` reads at a time."""
_TAIL_BYTES = 1024
"""How much of a file's end `check_ending` looks at."""

_WINDOWS_RESERVED = {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"} | {
    f"{stem}{digit}" for stem in ("COM", "LPT") for digit in "0123456789¹²³"
}
_CONTENT_TYPE_EXTENSIONS = {
    "image/png": "png",
    "image/svg+xml": "svg",
    "application/postscript": "eps",
    "application/eps": "eps",
    "application/x-eps": "eps",
    "image/eps": "eps",
    "image/x-eps": "eps",
    "image/jpeg": "jpg",
    "image/gif": "gif",
    "image/webp": "webp",
    "application/pdf": "pdf",
    "image/x-icon": "ico",
    "image/vnd.microsoft.icon": "ico",
}
_TEMP_NAME = re.compile(r"^\.iconcat-(\d+)-[0-9a-f]{16}\.part$")


class SavedFile(NamedTuple):
    """Where a saved file is, and whether it was already there (identical bytes: nothing new written)."""

    path: Path
    already: bool = False


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


class ContentMismatchError(ValueError):
    """The bytes are not the format they claim to be (an error page served as an icon)."""


# ---------------------------------------------------------------------------------------------- names


def _visible(char: str) -> bool:
    category = unicodedata.category(char)
    # Cc: controls (NUL included); Cf: bidi overrides, zero-width marks; Cs/Cn: surrogates, unassigned;
    # Zl/Zp: line and paragraph separators.
    return category not in {"Cc", "Cf", "Cs", "Cn", "Zl", "Zp"}


def _truncate_utf8(text: str, limit: int) -> str:
    encoded = text.encode("utf-8")
    if len(encoded) <= limit:
        return text
    return encoded[:limit].decode("utf-8", errors="ignore")


def safe_filename(name: str | None, *, fallback: str = "download") -> str:
    """Reduce `name` (from the network, or a person) to one safe path component.

    Only the last component of any path survives (`../../etc/passwd` → `passwd`, `C:\\x\\y.png` →
    `y.png`); see the module docstring for the rest. When nothing usable is left, `fallback` (itself
    made safe) is returned.
    """
    text = unicodedata.normalize("NFC", name or "")
    text = re.sub(r"[\t\n\r\v\f\u2028\u2029]+", " ", text)  # line breaks separate words: keep a space
    text = "".join(char for char in text if _visible(char))
    text = re.split(r"[/\\]", text)[-1]
    text = text.replace(":", "-")  # drive letters and NTFS alternate streams
    text = " ".join(text.split())  # runs of whitespace, tabs → one space
    text = text.lstrip(". ").rstrip(". ")
    stem, dot, extension = text.rpartition(".")
    if not dot:
        stem, extension = text, ""
    extension = _truncate_utf8(extension, 16) if re.fullmatch(r"[A-Za-z0-9]{1,16}", extension) else ""
    if not extension and dot:
        stem = text  # "a.b c" has no real extension: keep it whole
    if stem.split(".")[0].upper().rstrip() in _WINDOWS_RESERVED:
        stem = f"_{stem}"
    suffix = f".{extension}" if extension else ""
    stem = _truncate_utf8(stem, MAX_NAME_BYTES - len(suffix.encode())).rstrip(". ")
    if not stem:
        return fallback if fallback == "download" else safe_filename(fallback)
    return stem + suffix


def filename_from_content_disposition(header: str | None) -> str | None:
    """The file name a `Content-Disposition` header proposes (RFC 6266: `filename*` first), unsanitised."""
    if not header or len(header) > 4096:
        return None
    message = email.message.Message()
    try:
        message["content-disposition"] = header
        name = message.get_filename()
    except Exception:  # noqa: BLE001 - a malformed header is the same as none
        return None
    if name is None:
        # email's parser does not decode a lone filename*=UTF-8''… in every form; do it by hand.
        match = re.search(r"filename\*\s*=\s*([^;]+)", header, flags=re.IGNORECASE)
        if match:
            charset, _, encoded = match.group(1).strip().partition("''")
            try:
                name = urllib.parse.unquote(encoded, encoding=charset or "utf-8", errors="replace")
            except LookupError:
                name = urllib.parse.unquote(encoded)
    return name or None


def extension_for_content_type(content_type: str | None) -> str:
    """A file extension for a MIME type ("image/png" → "png"), "bin" when unknown."""
    if not content_type:
        return "bin"
    mime = content_type.split(";", 1)[0].strip().lower()
    return _CONTENT_TYPE_EXTENSIONS.get(mime, "bin")


# -------------------------------------------------------------------------------------------- content

_HTML_START = re.compile(rb"^\s*<(!doctype\s+html|html|head|body)\b", re.IGNORECASE)


def check_content(extension: str, head: bytes) -> None:
    """Raise `ContentMismatchError` when `head` (the file's first bytes) is clearly not `extension`.

    Known formats are checked by signature (PNG's magic bytes, `<svg`/`<?xml` for SVG, `%!PS` for EPS);
    any file that starts like an HTML page is refused, whatever its name: that is an error or login page
    served with status 200, not an icon.
    """
    extension = extension.lower()
    stripped = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if _HTML_START.match(stripped):
        raise ContentMismatchError("the service sent a web page instead of the file")
    if extension == "png":
        ok = head.startswith(b"\x89PNG\r\n\x1a\n")
    elif extension == "svg":
        lowered = stripped[:4096].lower()
        ok = lowered.startswith((b"<svg", b"<?xml", b"<!--", b"<!doctype svg")) and (
            b"<svg" in lowered or len(head) >= 4096 or lowered.startswith(b"<svg")
        )
    elif extension == "eps":
        ok = head.startswith((b"%!PS", b"\xc5\xd0\xd3\xc6"))
    else:
        ok = True
    if not ok:
        raise ContentMismatchError(f"the file the service sent is not a valid {extension.upper()} file")


def check_ending(extension: str, tail: bytes) -> None:
    """Raise `ContentMismatchError` when a file of a format with a known ending stops short of it.

    A server that declares a shorter `Content-Length` than the file it has, or a truncated file served
    whole, passes every length check; PNG's `IEND` chunk and SVG's closing `</svg>` catch it.
    """
    extension = extension.lower()
    # Looked for in the last KiB rather than at the very end: some tools append a newline or a comment.
    if extension == "png":
        ok = b"IEND\xaeB`\x82" in tail
    elif extension == "svg":
        ok = b"</svg>" in tail.lower()
    else:
        ok = True
    if not ok:
        raise ContentMismatchError(f"the {extension.upper()} file the service sent is incomplete")


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
            self._head += chunk[: _SNIFF_BYTES - len(self._head)]
            if len(self._head) >= _SNIFF_BYTES:
                check_content(self.expected_format, bytes(self._head))
                self._head_checked = True
        try:
            partial.write(chunk)
        except OSError as error:
            raise SaveError(_write_failure(error, self.folder)) from None
        self._tail = (self._tail + chunk[-_TAIL_BYTES:])[-_TAIL_BYTES:]
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
            self._identical = _identical_in(partial.path, self.folder, self.name)
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
            saved = _publish(partial.path, self.folder, self.name, self.overwrite, self.keep_identical)
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


def _identical_in(temp: Path, folder: Path, name: str) -> Path | None:
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
    return _publish(temp, folder, name, overwrite, False).path


def _publish(temp: Path, folder: Path, name: str, overwrite: bool, keep_identical: bool) -> SavedFile:
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


_swept_folders: set[str] = set()
"""Folders `FileSaver` has swept for leftovers in this process (absolute paths)."""


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
