"""Choose the download folder (ctrl+f in the variant picker, the bag and over the results; the palette's
"Download folder…").

An editable path, completed as it is typed with the existing folders (`iconcat.disk.folders.complete_folder`:
→ or tab takes the completion); Enter makes the folder ready (`iconcat.disk.folders.ready_folder`: created
if missing, checked writable at once, in a thread) and dismisses with it; the app then uses it for
this run and every later save, and says where it was saved. A folder that cannot be used keeps the
dialog open with the reason under the field and the text as typed: nothing is lost. Esc closes
without a change.

The line under the field says, before anything is typed, what Enter will do with the folder: saved in
the config file for later runs; saved, but `ICONCAT_DOWNLOAD_DIR` wins at the next start; or, under
`iconcat pick -o DIR`, used for this pick only and never saved (the caller's `note`).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Input, Label, Static

from iconcat.text import sanitize

from ..key_hints import KeyHints
from ..widgets.ordered_input import OrderedInput

__all__ = ["DownloadFolderScreen", "FolderInput", "FolderSuggester"]


class FolderSuggester(Suggester):
    """Completes the last part of a path with the first existing folder so named (read in a thread,
    never cached: folders come and go)."""

    def __init__(self) -> None:
        super().__init__(use_cache=False, case_sensitive=True)

    async def get_suggestion(self, value: str) -> str | None:
        from iconcat.disk.folders import complete_folder

        return await asyncio.to_thread(complete_folder, value)


class FolderInput(OrderedInput):
    """The path field: tab takes the completion shown (as → does at the end of the text)."""

    BINDINGS = [Binding("tab", "complete", "Complete", show=False)]

    def action_complete(self) -> None:
        """Take the completion shown, if any."""
        if self._suggestion and self.cursor_at_end:
            self.value = self._suggestion
            self.cursor_position = len(self.value)


class DownloadFolderScreen(ModalScreen["Path | None"]):
    """Edit the download folder; dismisses with the folder made ready, or None when closed."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="folder-close", tooltip="Close without changing the folder"),
    ]

    def __init__(self, current: Path, *, note: str) -> None:
        super().__init__()
        self.current = current
        self.note = note
        """What Enter does with the folder besides using it (saved where; the environment; this pick only)."""
        self._checking = False

    def compose(self) -> ComposeResult:
        with Vertical(id="folder-dialog"):
            yield Static(Content("Download folder"), id="folder-title", markup=False)
            yield Label(Content("Save files into"))
            yield FolderInput(
                sanitize(str(self.current), max_length=None),
                placeholder="~/icons",
                suggester=FolderSuggester(),
                id="folder-path",
            )
            yield Static(Content(self.note), id="folder-note", markup=False)
            yield Static("", id="folder-problem", markup=False)
            yield KeyHints("enter use this folder", "→ or tab complete", "esc close", id="folder-keys")

    def on_mount(self) -> None:
        field = self.query_one("#folder-path", FolderInput)
        field.focus()
        field.cursor_position = len(field.value)

    @on(Input.Submitted, "#folder-path")
    async def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        await self.use_folder(event.value)

    async def use_folder(self, text: str) -> None:
        """Make `text`'s folder ready and dismiss with it; or say why it cannot be, keeping the text."""
        from iconcat.disk.folders import FolderProblem, ready_folder

        if self._checking:
            return
        self._checking = True
        problem = self.query_one("#folder-problem", Static)
        problem.update(Content(""))
        problem.remove_class("-shown")
        reason: str | None = None
        try:
            folder = await asyncio.to_thread(ready_folder, text)
        except FolderProblem as error:
            reason = str(error)
        except Exception as error:  # noqa: BLE001 - whatever the disk says is shown, never a traceback
            from iconcat.failures import describe_failure

            reason = f"Cannot use this folder: {describe_failure(error)}"
        finally:
            self._checking = False
        if reason is not None:
            problem.update(Content(sanitize(reason, max_length=300)))
            problem.add_class("-shown")
            return
        self.dismiss(folder)

    def action_close(self) -> None:
        """Close without changing the folder."""
        self.dismiss(None)
