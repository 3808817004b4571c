"""A file's name from the network made safe, the name a `Content-Disposition` proposes, and the
extension a content type means (see the package's docstring for the rules a safe name keeps)."""

from __future__ import annotations

import email.message
import re
import unicodedata
import urllib.parse

__all__ = ["MAX_NAME_BYTES", "extension_for_content_type", "filename_from_content_disposition", "safe_filename"]

MAX_NAME_BYTES = 120
"""Longest file name we write, in UTF-8 bytes; filesystems allow 255, and a suffix `-12` must fit."""

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
