"""Whether a file's bytes are the format they claim: its start (`check_content`) and its end
(`check_ending`), so that an error page served as an icon, or a file cut short, is never saved."""

from __future__ import annotations

import re

__all__ = ["SNIFF_BYTES", "TAIL_BYTES", "ContentMismatchError", "check_content", "check_ending"]

SNIFF_BYTES = 4096
"""How much of a file's start `check_content` looks at."""
TAIL_BYTES = 1024
"""How much of a file's end `check_ending` looks at."""


class ContentMismatchError(ValueError):
    """The bytes are not the format they claim to be (an error page served as an icon)."""


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
