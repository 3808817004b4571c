"""Small icon sets on disk for the readers' tests: IconifyJSON files and folders of SVG files, built in
each test (the real sets never come in at test time)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

CIRCLE = '<circle cx="12" cy="12" r="9" fill="currentColor"/>'
TWO_COLOURS = '<path fill="#e53935" d="M0 0h12v24H0z"/><path fill="#1e88e5" d="M12 0h12v24H12z"/>'


def iconify_set(prefix: str, icons: dict[str, dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """An IconifyJSON set: `icons` maps each key to its entry (a body is filled in when missing)."""
    data: dict[str, Any] = {"prefix": prefix, "icons": {}}
    for key, entry in icons.items():
        data["icons"][key] = {"body": CIRCLE, **entry}
    data.update(extra)
    return data


def write_json(path: Path, data: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def iconify_package(
    folder: Path, data: dict[str, Any], info: dict[str, Any] | None = None, metadata: Any = None
) -> Path:
    """An `@iconify-json/<prefix>` package as npm unpacks it: icons.json, info.json, metadata.json, and the
    files that are not sets (package.json, chars.json)."""
    write_json(folder / "icons.json", data)
    if info is not None:
        write_json(folder / "info.json", info)
    if metadata is not None:
        write_json(folder / "metadata.json", metadata)
    write_json(folder / "package.json", {"name": f"@iconify-json/{data['prefix']}", "version": "1.0.0"})
    write_json(folder / "chars.json", {"e000": next(iter(data["icons"]), "x")})
    return folder / "icons.json"


def svg_text(width: float = 24, height: float = 24, body: str = CIRCLE, view_box: bool = True) -> str:
    box = f' viewBox="0 0 {width} {height}"' if view_box else f' width="{width}" height="{height}"'
    return f'<svg xmlns="http://www.w3.org/2000/svg"{box}>{body}</svg>'


def write_svg(path: Path, text: str | None = None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text if text is not None else svg_text(), encoding="utf-8")
    return path
