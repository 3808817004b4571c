"""The full-screen browser: search the catalogue, preview an icon, download the right file.

Only `run_browser` and `run_picker` live here, and they import the app lazily: importing Textual costs a noticeable part
of a second, and `iconcat search`/`iconcat download` import this package's parent without needing it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - typing only
    from pathlib import Path

    from iconcat.api import Icon
    from iconcat.browsing.picking import PickRequest
    from iconcat.catalogue import CatalogueChoice
    from iconcat.config import Settings
    from iconcat.disk.svg_output import OutputOptions

__all__ = ["run_browser", "run_picker"]


def run_browser(
    settings: Settings,
    *,
    query: str | None = None,
    choice: CatalogueChoice | None = None,
    output: OutputOptions | None = None,
) -> int:
    """Run the browser until the person quits; return the process exit code.

    On `choice` (`iconcat.catalogue.choose_catalogue`'s, or `CatalogueChoice.demo()`,
    `CatalogueChoice.sets(local)`) when given, its spec naming it in the header; else on the service
    `settings` configure, or the embedded demo catalogue when they name none. The demo and sets from
    disk are answered in-process: no socket, no server thread. Files are saved as `output` asks
    (`iconcat.disk.svg_output.OutputOptions`).
    """
    from .launch import run_browser as _run_browser

    return _run_browser(settings, query=query, choice=choice, output=output)


def run_picker(
    settings: Settings,
    request: PickRequest,
    *,
    query: str | None = None,
    choice: CatalogueChoice | None = None,
    output: OutputOptions | None = None,
    icons: list[Icon] | None = None,
) -> tuple[int, list[Path]]:
    """Run the browser as a picker (`iconcat pick`): the exit status (0 picked, 1 left, 130
    interrupted) and the absolute paths of the files picked, for the caller to print; on `choice` as
    `run_browser`. `icons`, when given, gets the icons picked, in the paths' order (`pick --as`)."""
    from .launch import run_picker as _run_picker

    return _run_picker(settings, request, query=query, choice=choice, output=output, icons=icons)
