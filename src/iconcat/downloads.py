"""Saving a downloaded file safely: its name, its temporary file, its publication, its content check.

The network side (requests, statuses, streaming) is the client's (`iconcat.api`); this module only
knows bytes and files, and imports neither httpx nor Textual.

Decisions, for a user who must never lose a file nor find half of one:

- A name from the network is reduced to one safe path component (`safe_filename`): no separators, no
  `..`, no NUL, control or bidi characters, no leading dots (hidden files), no trailing dots or spaces,
  no Windows reserved names (`CON`, `NUL`, `COM1`…), at most 120 bytes of UTF-8 with the extension kept.
- Bytes go to a temporary file *in the target folder* (so publishing is a rename on one filesystem),
  named `.iconcat-<pid>-<random>.part`: hidden, recognisable, and carrying the writer's process id so
  `remove_leftovers` deletes only the leftovers of iconcat runs that are no longer alive, never another
  program's files nor a download still running.
- The file is flushed and fsynced, then published with `os.link(temp, target)`, which is atomic and fails
  if `target` exists (a file, a directory or a symlink, dangling or not: symlinks are never followed); on
  that failure `name-1.ext`, `name-2.ext`… are tried. With `overwrite`, `os.replace` swaps the file in
  atomically (a symlink at the target is replaced, not followed). Filesystems without hard links fall
  back to reserving the name with `O_CREAT | O_EXCL` and replacing that placeholder.
- Anything that goes wrong, cancellation included, removes the temporary file: the folder is left as it
  was.
"""

from __future__ import annotations

import email.message
import errno
import os
import re
import secrets
import unicodedata
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from iconcat.api import Icon, Variant

__all__ = [
    "ContentMismatchError",
    "MAX_NAME_BYTES",
    "PartialFile",
    "Progress",
    "TEMP_PREFIX",
    "TEMP_SUFFIX",
    "check_content",
    "check_ending",
    "extension_for_content_type",
    "filename_from_content_disposition",
    "publish_atomically",
    "remove_leftovers",
    "safe_filename",
    "suggested_filename",
]

Progress = Callable[[int, "int | None"], None]
"""Called with (bytes written so far, total expected or None when the service did not say)."""

TEMP_PREFIX = ".iconcat-"
TEMP_SUFFIX = ".part"
MAX_NAME_BYTES = 120
"""Longest file name we write, in UTF-8 bytes; filesystems allow 255, and a suffix `-12` must fit."""
_MAX_COLLISIONS = 9999
_WRITEBACK_EVERY = 8 * 1024 * 1024

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
    except Exception:  # a malformed header is the same as none
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


def _slug(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    text = "".join(char for char in text if not unicodedata.combining(char))
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def suggested_filename(icon: "Icon", variant: "Variant") -> str:
    """The file name for `variant` of `icon`: "arrow-left-512.png", "arrow-left.svg" (already safe)."""
    stem = _slug(icon.name) or f"icon-{icon.id}"
    if variant.size is not None:
        stem = f"{stem}-{variant.size}"
    extension = _slug(variant.format) or "bin"
    return safe_filename(f"{stem}.{extension}", fallback=f"variant-{variant.id}.{extension}")


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


class PartialFile:
    """A temporary file beside its target, filled chunk by chunk, then published whole or removed."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        """Where the file is written and published."""
        self.path = folder / f"{TEMP_PREFIX}{os.getpid()}-{secrets.token_hex(8)}{TEMP_SUFFIX}"
        """The temporary file."""
        # O_EXCL: never open something already there (a symlink planted under our name included).
        # 0o666 & umask, as any file a user saves; O_NOFOLLOW where the platform has it.
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
        self._fd: int | None = os.open(self.path, flags, 0o666)
        self.written = 0
        """Bytes written so far."""
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
        still reads, and the final fsync has little left to do (a 100 MB download's fsync went from
        ~30 ms to a few ms). On Linux, POSIX_FADV_DONTNEED starts writeback of dirty pages (and drops
        the clean ones from the cache: a downloaded file is not read back). Elsewhere it is a hint.
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

    def publish(self, name: str, *, overwrite: bool = False) -> Path:
        """Give the finished file its name in the folder; see `publish_atomically`."""
        self.finish()
        return publish_atomically(self.path, self.folder, name, overwrite=overwrite)

    def discard(self) -> None:
        """Close and remove the temporary file (safe to call twice, and after publish)."""
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


def _candidates(name: str):
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
    if overwrite:
        target = folder / name
        if target.is_dir() and not target.is_symlink():
            raise IsADirectoryError(errno.EISDIR, "a folder has that name", str(target))
        os.replace(temp, target)
        _fsync_folder(folder)
        return target
    for candidate in _candidates(name):
        target = folder / candidate
        try:
            os.link(temp, target, follow_symlinks=False)
        except FileExistsError:
            continue
        except OSError as error:
            if error.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
                raise
            if not _reserve(target):
                continue
            os.replace(temp, target)
        else:
            os.unlink(temp)
        _fsync_folder(folder)
        return target
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
