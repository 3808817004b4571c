"""The files this session wrote: the only paths `o` and `O` ever open, and the path `y` copies.

The app adds each download that finished saving (`IconcatApp.note_written`); anything else that
saves files (a batch of downloads) adds them the same way. Nothing from the catalogue or from the disk
is ever added: a path is here because our own saving returned it.

No Textual here.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["WrittenFiles"]


class WrittenFiles:
    """Paths written this session, in the order they were written (a file written again moves last)."""

    def __init__(self) -> None:
        self._icons: dict[Path, int | None] = {}

    def add(self, path: Path, icon_id: int | None = None) -> None:
        """`path` was just written (the file of icon `icon_id`, when it is one's)."""
        path = Path(path).absolute()
        self._icons.pop(path, None)
        self._icons[path] = icon_id

    def last(self, icon_id: int | None = None) -> Path | None:
        """The path written last (of icon `icon_id`'s files, when given), or None."""
        for path, icon in reversed(self._icons.items()):
            if icon_id is None or icon == icon_id:
                return path
        return None

    def __contains__(self, path: object) -> bool:
        return isinstance(path, Path) and path.absolute() in self._icons

    def __len__(self) -> int:
        return len(self._icons)
