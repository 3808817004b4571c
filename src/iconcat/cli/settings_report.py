"""`iconcat config`: every setting, its value and where it came from, and the catalogue they name.

    setting       value                        from
    base_url      https://icons.example.com    user file /home/me/.config/iconcat/config.toml
    token         set                          environment ICONCAT_TOKEN
    iconify       https://api.iconify.design   project file /work/app/.iconcat.toml
    …
    catalogue: Iconify (iconify, from project file /work/app/.iconcat.toml)

The token is never shown: only "set" or "not set". Values are sanitised (a project file is anyone's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from iconcat.cli.errors import EXIT_OK
from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.config import Settings

__all__ = ["SHOWN", "settings_rows", "show_settings"]

SHOWN = (
    "base_url",
    "token",
    "iconify",
    "from",
    "download_dir",
    "filename",
    "format",
    "size",
    "color",
    "timeout",
    "thumbnails",
    "view",
    "group",
    "graphics",
)
"""The settings shown, by config key, in this order (the catalogue's first)."""

_KIND_NAMES = {"service": "the service at", "iconify": "Iconify's API at", "sets": "icon sets from disk"}


def _value(settings: Settings, key: str) -> str:
    """How `key`'s value is shown: the token as "set" or "not set", a list joined, a switch on or off."""
    if key == "token":
        return "set" if settings.token else "not set"
    value = {
        "base_url": settings.base_url,
        "iconify": settings.iconify,
        "from": ", ".join(settings.sources) or None,
        "download_dir": settings.download_dir,
        "filename": settings.filename,
        "format": settings.file_format,
        "size": settings.size,
        "color": settings.colour,
        "timeout": f"{settings.timeout:g}",
        "thumbnails": settings.thumbnails,
        "view": settings.view,
        "group": "on" if settings.group else "off",
        "graphics": settings.graphics,
    }[key]
    return "-" if value is None else sanitize(str(value), max_length=200)


def settings_rows(settings: Settings) -> list[tuple[str, str, str]]:
    """(setting, value, where it came from) for each of `SHOWN`."""
    return [(key, _value(settings, key), sanitize(str(settings.origin(key)), max_length=None)) for key in SHOWN]


def catalogue_line(settings: Settings) -> str:
    """Which catalogue the settings name, and the setting that names it; or that none is named."""
    kind = settings.kind
    if kind is None:
        return "catalogue: none configured (the browser opens the demo; search and download ask for one)"
    key = {"service": "base_url", "iconify": "iconify", "sets": "from"}[kind]
    where = "" if kind == "sets" else f" {_value(settings, key)}"
    return f"catalogue: {_KIND_NAMES[kind]}{where} ({key}, from {sanitize(str(settings.origin(key)), max_length=None)})"


def show_settings(settings: Settings) -> int:
    """Print the settings' table on stdout, then the catalogue they name."""
    rows = [("setting", "value", "from"), *settings_rows(settings)]
    widths = [max(len(row[column]) for row in rows) for column in range(2)]
    for key, value, origin in rows:
        print(f"{key:<{widths[0]}}  {value:<{widths[1]}}  {origin}".rstrip())
    print(catalogue_line(settings))
    return EXIT_OK
