"""The bag's exports (`s` in the bag): an SVG sprite, a zip of its files, Iconify JSON per set.

What it shows: how many icons; the folder the files go to (the bag's download folder); the three
exports, each with the name it writes (`EXPORT_NAMES`) and what it holds; under them, once one has run,
where it went and how many icons it holds, the icons it left out and why (no SVG, no Iconify name,
nothing close to the bag's format), or why nothing was written.

Keys: `enter` (or a click) runs the highlighted export, `esc` closes. Decisions: the export runs as this
screen's worker (`bag-export` group, one at a time): closing the screen while it runs cancels it, and
then nothing is written (every file is published whole or not at all: `iconcat.disk.bag_export`). A
file already there is never overwritten (the next free `name-N`; the same bytes are kept). Names and
reasons come from the catalogue: sanitised, shown as plain Content.
"""

from __future__ import annotations

from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from iconcat.text import sanitize

from ..controllers.bag_controller import EXPORT_NAMES, BagController, preference_label
from ..key_hints import KeyHints

__all__ = ["BagExportScreen", "exported_text"]

LEFT_OUT_NAMED = 20
"""Icons a line on what was left out names (the rest are counted)."""


def exported_text(exported: object) -> str:
    """What an export wrote, for a person: where, how many icons, and each reason icons were left out."""
    from iconcat.disk.bag_export import Exported

    assert isinstance(exported, Exported)
    noun = "icon" if exported.count == 1 else "icons"
    where = ", ".join(sanitize(str(path), max_length=None) for path in exported.paths)
    already = " (already there, the same bytes)" if exported.already and exported.already == exported.paths else ""
    lines = [f"✓ {exported.count} {noun} in {where}{already}"]
    reasons: dict[str, list[str]] = {}
    for left in exported.left_out:
        name = left.icon.iconify or left.icon.name or f"icon {left.icon.id}"
        reasons.setdefault(sanitize(left.reason, max_length=80), []).append(sanitize(name, max_length=60))
    for reason, names in reasons.items():
        more = f" and {len(names) - LEFT_OUT_NAMED} more" if len(names) > LEFT_OUT_NAMED else ""
        lines.append(f"  Left out, {reason} ({len(names)}): {', '.join(names[:LEFT_OUT_NAMED])}{more}")
    return "\n".join(lines)


class BagExportScreen(ModalScreen[None]):
    """The bag's three exports and what the last one wrote; see the module docstring."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="bag-export-close", tooltip="Close (an export under way is cancelled)"),
    ]

    def __init__(self, bag: BagController, folder: Path) -> None:
        super().__init__()
        self.bag = bag
        self.folder = folder
        self.running = False
        """True while an export runs."""

    def compose(self) -> ComposeResult:
        count = len(self.bag)
        preference = preference_label(self.bag.preference)
        with Vertical(id="bag-export-dialog"):
            title = f"Export the bag · {count} icon{'' if count == 1 else 's'}"
            yield Static(Content(title), id="bag-export-title", markup=False)
            yield Static(
                Content.assemble(("Into ", "dim"), sanitize(str(self.folder), max_length=None)),
                id="bag-export-folder",
                markup=False,
            )
            yield OptionList(
                Option(
                    Content(f"SVG sprite · {EXPORT_NAMES['sprite']}: one <symbol> per icon, for <use href>"),
                    id="sprite",
                ),
                Option(
                    Content(f"Zip · {EXPORT_NAMES['zip']}: the files 'download all' saves ({preference})"), id="zip"
                ),
                Option(
                    Content(f"Iconify JSON · {EXPORT_NAMES['iconify']}/<prefix>.json: one subset per set"),
                    id="iconify",
                ),
                id="bag-export-kinds",
                markup=False,
            )
            with VerticalScroll(id="bag-export-outcome-box"):
                yield Static("", id="bag-export-outcome", markup=False)
            yield KeyHints("enter export", "esc close", id="bag-export-keys")

    def on_mount(self) -> None:
        self.query_one("#bag-export-kinds", OptionList).focus()

    def action_close(self) -> None:
        """Close; an export under way is cancelled and writes nothing."""
        self.dismiss(None)

    @on(OptionList.OptionSelected, "#bag-export-kinds")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.running:
            self.notify("An export is under way.", markup=False)
            return
        if event.option.id is not None:
            self._export(event.option.id)

    @work(group="bag-export", exclusive=True, exit_on_error=False, description="export the bag")
    async def _export(self, kind: str) -> None:
        from iconcat.disk.bag_export import ExportFailed

        outcome = self.query_one("#bag-export-outcome", Static)
        outcome.set_class(False, "-failed")
        outcome.update(Content("Exporting…"))

        def progress(done: int, count: int) -> None:
            outcome.update(Content(f"Exporting… {done} of {count} files read"))

        self.running = True
        try:
            exported = await self.bag.export(kind, self.folder, progress)
        except ExportFailed as error:
            outcome.set_class(True, "-failed")
            said = sanitize(str(error), max_length=400)
            outcome.update(Content(f"✗ {said[:1].upper()}{said[1:]}."))
            return
        finally:
            self.running = False
        outcome.update(Content(exported_text(exported)))
