"""Changing the download folder from inside the browser: what is said, and what is saved.

The dialog is `screens.DownloadFolderScreen`; the app opens it (`IconcatApp.choose_download_folder`)
from ctrl+f (over the results, in the variant picker, in the bag) and the palette's "Download folder…",
and hands the folder chosen to `FolderChoice.use`, which makes it the folder of this run and of every
later save (the connection's), and writes it to the config file (`iconcat.config.save_download_dir`:
no base URL needed, so the demo catalogue's browser saves one too). Decisions:

- `iconcat pick -o DIR`: the folder was given for this pick: shown, changeable for the run, never saved.
- `ICONCAT_DOWNLOAD_DIR` set: the folder is saved all the same (the config file is where a person's
  choice lives), and the dialog and the notice say that the environment wins at the next start.
- A config file that cannot be written leaves the folder in use for this run, and says why it was not
  saved.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from iconcat.text import sanitize

__all__ = ["ENVIRONMENT", "FolderChoice"]

ENVIRONMENT = "ICONCAT_DOWNLOAD_DIR"


@dataclass(frozen=True)
class FolderChoice:
    """Whether and where a folder chosen is remembered."""

    for_this_run_only: bool = False
    """True under `iconcat pick -o DIR`: the folder is never saved."""

    def _environment_set(self, environ: Mapping[str, str] | None = None) -> bool:
        return bool((os.environ if environ is None else environ).get(ENVIRONMENT, "").strip())

    def note(self, environ: Mapping[str, str] | None = None) -> str:
        """What the dialog says Enter will do with the folder, besides using it from now on."""
        if self.for_this_run_only:
            return "For this pick only: -o chose the folder, so it is not saved."
        if self._environment_set(environ):
            return f"Saved in the config file, but {ENVIRONMENT} is set: it wins at the next start."
        return "Used from now on, and saved in the config file for later runs."

    def use(self, folder: Path, environ: Mapping[str, str] | None = None) -> tuple[str, bool]:
        """Remember `folder` as this choice allows; (what to tell a person, True when all went well)."""
        shown = sanitize(str(folder), max_length=None)
        if self.for_this_run_only:
            return f"Files go to {shown} for this pick (not saved: -o chose the folder).", True
        from iconcat.config import save_download_dir

        problem: str | None = None
        try:
            saved_in = save_download_dir(folder)
        except Exception as error:  # noqa: BLE001 - a ConfigError, or the disk's: said, never a traceback
            from iconcat.failures import describe_failure

            problem = describe_failure(error)
        if problem is not None:
            return sanitize(f"Files go to {shown} for this run; not saved for later: {problem}", max_length=None), False
        message = f"Files go to {shown}, saved in {sanitize(str(saved_in), max_length=None)}."
        if self._environment_set(environ):
            message += f" {ENVIRONMENT} is set: it wins at the next start."
        return message, True
