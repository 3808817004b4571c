"""Open a saved file (or its folder) with the platform's own opener: `xdg-open`, `open`, `start`.

Decisions:

- Only what the caller vouches for is opened: the browser passes the files its downloads wrote this
  session, and `open_path` checks again, at the moment of opening, that the path is still a regular
  file (or for a folder, a folder), not a symbolic link swapped in since, so a name in the catalogue
  can never make us open something else.
- No shell: the opener gets an argument list (`[opener, "/absolute/path"]`). The path is absolute, so
  it cannot be read as an option, and no character in it means anything to anyone but the opener.
- Never waits: the opener is started in a session of its own with no terminal (stdin, stdout and
  stderr to /dev/null: nothing it prints reaches the browser's screen), and a daemon thread reaps it
  when it ends. On Windows `os.startfile` (what `start` does) is called instead, with no console.
- A missing opener (`xdg-open` not installed: a server, a container) is an `OpenerMissing` whose
  message says what to install; an opener that cannot be started is an `OSError`.

No Textual here.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import threading
from pathlib import Path

__all__ = ["OpenerMissing", "open_path", "opener_command"]


class OpenerMissing(Exception):
    """This system has no opener we know to start."""


def opener_command(platform: str | None = None) -> list[str] | None:
    """The opener's command for `platform` (default: this one's; None on Windows, where
    `os.startfile` does it)."""
    platform = platform or sys.platform
    if platform.startswith("win"):
        return None
    if platform == "darwin":
        return ["open"]
    return ["xdg-open"]


def open_path(path: Path, *, folder: bool = False, platform: str | None = None) -> None:
    """Open `path` (a file we wrote; with `folder`, a folder) with the platform's opener; return at once.

    Raises `FileNotFoundError` when it is gone or is not what it should be (a link, a folder in place
    of the file), `OpenerMissing` when there is no opener, `OSError` when it cannot be started.
    """
    path = Path(os.path.abspath(path))
    try:
        # A file is taken as it is (a link swapped in for it is refused); a folder may be reached
        # through a link (a download folder that is one, as ~/Downloads sometimes is).
        mode = path.stat().st_mode if folder else path.lstat().st_mode
    except FileNotFoundError:
        raise FileNotFoundError(f"{path} is gone") from None
    wanted = stat.S_ISDIR(mode) if folder else stat.S_ISREG(mode)
    if not wanted:
        kind = "folder" if folder else "file"
        raise FileNotFoundError(f"{path} is no longer the {kind} that was saved")
    command = opener_command(platform)
    if command is None:
        startfile = getattr(os, "startfile", None)
        if startfile is None:  # pragma: no cover - only reached when pretending to be Windows elsewhere
            raise OpenerMissing("this system has no file opener")
        startfile(str(path))
        return
    executable = shutil.which(command[0])
    if executable is None:
        hint = "install xdg-utils" if command[0] == "xdg-open" else f"`{command[0]}` is not on PATH"
        raise OpenerMissing(f"no `{command[0]}` to open files with: {hint}")
    process = subprocess.Popen(  # an argument list, no shell; the path is one we wrote
        [executable, *command[1:], str(path)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        close_fds=True,
        start_new_session=True,  # no terminal of ours: the browser's keys and ctrl+c stay the browser's
    )
    threading.Thread(target=process.wait, name="iconcat-opener-reaper", daemon=True).start()
