"""Saving a downloaded file safely: its folder, its name, its temporary file, its content, its publication.

The network side (requests, statuses, streaming) is the client's (`iconcat.api`): it hands the bytes
to a `FileSaver` and turns a `SaveError` into its own error. This package only knows bytes and files,
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

The package's modules, re-exported here: `_names` (a safe name, a `Content-Disposition`'s, a content
type's extension), `_content` (the format checks), `_publishing` (a name given atomically, identical
bytes kept, leftovers removed) and `_saver` (`FileSaver` and its temporary file, the folder, the
disk's failures in words).
"""

from __future__ import annotations

from ._content import ContentMismatchError, check_content, check_ending
from ._names import MAX_NAME_BYTES, extension_for_content_type, filename_from_content_disposition, safe_filename
from ._publishing import (
    TEMP_PREFIX,
    TEMP_SUFFIX,
    SavedFile,
    identical_files,
    next_free_path,
    publish_atomically,
    remove_leftovers,
)
from ._saver import FileSaver, Progress, SavedThenCancelled, SaveError, publish_off_the_loop

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
