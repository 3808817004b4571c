"""Where the app's Textual stylesheets are, in a wheel and in a source checkout.

The wheel carries the repository's `styles/` folder inside the package as `iconcat/styles`
(pyproject's force-include); an editable install runs from the source tree, where the folder sits at
the repository root, two levels above the package.
"""

from __future__ import annotations

from pathlib import Path, PurePath

import iconcat

__all__ = ["STYLESHEET_NAMES", "stylesheet_paths", "styles_folder"]

STYLESHEET_NAMES = ("iconcat.tcss",)
"""The stylesheets the app loads, in order."""


def styles_folder() -> Path:
    """The folder holding the stylesheets: the packaged copy first, then the source tree's."""
    package_dir = Path(iconcat.__file__).resolve().parent
    candidates = (package_dir / "styles", package_dir.parent.parent / "styles")
    for folder in candidates:
        if all((folder / name).is_file() for name in STYLESHEET_NAMES):
            return folder
    searched = ", ".join(str(folder) for folder in candidates)
    raise FileNotFoundError(f"iconcat's stylesheets are missing (looked in {searched}); reinstall iconcat")


def stylesheet_paths() -> list[str | PurePath]:
    """Absolute paths of the stylesheets, in load order."""
    folder = styles_folder()
    return [folder / name for name in STYLESHEET_NAMES]
