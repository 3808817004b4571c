"""The palette's "Screenshot": an SVG of the screen, saved where the person can find it, or why not.

Textual's own command saves into the user's Downloads folder and, when that fails (no such folder
on a server, a read-only home), says only "Failed to save screenshot". iconcat's saves into the
download folder (where its icons go, the current folder by default; made if missing, as for icons)
and says the full path it wrote, or the path it tried and the reason ("…: permission denied").
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from iconcat.failures import os_error_reason
from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from textual.app import App

__all__ = ["save_screenshot", "write_screenshot"]


def write_screenshot(svg: str, folder: Path, filename: str) -> Path:
    """Write `svg` as `folder`/`filename` (the folder made if missing); the path, or OSError."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / filename
    # Written beside and linked into place: a failure leaves no half-written picture, and a file already
    # at that name is never replaced (the next free name, "-1", "-2"…, is taken instead).
    partial = folder / f".{filename}.part"
    try:
        partial.write_text(svg, encoding="utf-8")
        stem, suffix = os.path.splitext(filename)
        for number in range(1000):
            path = folder / (filename if number == 0 else f"{stem}-{number}{suffix}")
            try:
                os.link(partial, path)
                break
            except FileExistsError:
                continue
        else:
            raise FileExistsError(errno.EEXIST, "a thousand screenshots of that name are there already", str(path))
    finally:
        partial.unlink(missing_ok=True)
    return path.resolve()


def save_screenshot(app: App[Any], folder: Path, filename: str | None = None) -> Path | None:
    """Save an SVG of `app`'s screen into `folder` and notify where it went, or where it was to go and why not."""
    from textual._files import generate_datetime_filename

    name = filename or generate_datetime_filename(app.title, ".svg")
    target = folder / name
    try:
        path = write_screenshot(app.export_screenshot(), folder, name)
    except OSError as error:
        reason = os_error_reason(error)
        if error.filename is not None and Path(error.filename) not in (target, folder / f".{name}.part"):
            reason = f"{sanitize(error.filename)}: {reason}"  # a parent folder was the trouble: say which
        app.notify(
            f"Could not save the screenshot to {sanitize(str(target), max_length=None)}: {reason}",
            title="Screenshot",
            severity="error",
            markup=False,
        )
        return None
    app.notify(f"Saved the screenshot to {sanitize(str(path), max_length=None)}", title="Screenshot", markup=False)
    return path
