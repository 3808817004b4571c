"""What `pick` and `download` save when `--format` or `--size` is not given: the `format` and `size`
settings (`ICONCAT_FORMAT`, `ICONCAT_SIZE`, a project's or the config file's `format` and `size`).

A setting is a default, never a request: it fills only what the flags leave, and never makes a
command line that works without it fail for a contradiction it brings. So the `format` setting is not
used when `--size` is given (a size asks for a PNG) unless it is `png`, and the `size` setting is a
PNG's: it is used only when the format (given or set) is PNG or none. A format no command can save
(`eps` for `download`) is said in one line naming where it came from, as `--format` would be refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.config import Settings

__all__ = ["SavedFormat", "saved_format"]


@dataclass(frozen=True)
class SavedFormat:
    """The format and size to save, and how a refusal names the format ("--format", or the setting and
    where it came from)."""

    file_format: str | None
    size: int | None
    format_named: str = "--format"


def saved_format(file_format: str | None, size: int | None, settings: Settings) -> SavedFormat:
    """`--format` and `--size` (None: not given) with the settings' defaults, by the module's rules."""
    named = "--format"
    if file_format is None and settings.file_format is not None and (size is None or settings.file_format == "png"):
        file_format = settings.file_format
        named = f"the format setting from {settings.origin('format')}"
    if size is None and settings.size is not None and file_format in (None, "png"):
        size = settings.size
    return SavedFormat(file_format, size, named)
