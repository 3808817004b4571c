"""Copying (issue 14): `y`'s menu of what to copy of the highlighted icon, and the clipboard.

Decisions:

- The menu offers the name, the icon id, a variant's id (the catalogue's variant nearest the last
  choice in the variant picker: its format, the size closest to the one chosen; else the first), the
  file this session saved of the icon, and its SVG markup; what the icon lacks is shown, greyed.
- The clipboard is the terminal's (OSC 52, through Textual's `copy_to_clipboard`): text only,
  sanitised first (a path or markup passes `clipboard_text`), and a notice says what was copied.
- Inside tmux the text is handed to tmux instead (`iconcat.clipboard`: tmux drops an application's
  OSC 52 unless `set-clipboard` is on), in a worker of its own (the `"clipboard"` group, a newer copy
  cancelling an older one; tmux's commands have timeouts and run off the UI thread), and the notice
  says where it went: "Copied" only when tmux sent it on to a terminal that takes it, else "Copied
  to tmux's buffer" and what to set.
- The SVG markup is as a saved SVG would be: painted, sized and attributed as the session asks
  (`--color`, `--format svg --size N`, `--no-attribution`: `iconcat.disk.svg_output.svg_as_asked`).
- Snippets (`iconcat.snippets`, as `iconcat pick --as KIND` prints them): a line a kind after the SVG
  markup, `as-jsx` and so on (`SNIPPET_LINES`); those made of the SVG fetch it as the markup's line does
  and copy the snippet made of it, those made of the Iconify name (UnoCSS's, Tailwind's) copy it at
  once; shown greyed when the icon has no SVG, or no Iconify name.
- The SVG is fetched through the client's download, into a folder of its own removed after, in one
  worker of the screen (the `"copy"` group, a newer copy cancelling an older one): refused above
  `SVG_COPY_LIMIT` (stopped as soon as the bytes pass it) or when it is no UTF-8 text; a failure is a
  notice, never a crash.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from iconcat.clipboard import copy_in_tmux, inside_tmux
from iconcat.failures import describe_failure
from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from textual.widget import Widget

    from iconcat.api import Icon, Variant
    from iconcat.browsing.written_files import WrittenFiles

    from ..screens.copy_menu import CopyChoice
    from ..screens.variant_picker import VariantPreference
    from .catalogue_link import CatalogueLink

__all__ = ["SNIPPET_LINES", "SVG_COPY_LIMIT", "CopyController"]

SNIPPET_LINES = {
    "data-url": "data: URL",
    "jsx": "React JSX",
    "tsx": "React TSX",
    "vue": "Vue",
    "svelte": "Svelte",
    "css": "CSS class",
    "unocss": "UnoCSS",
    "tailwind": "Tailwind",
}
"""The snippets the menu offers (`as-KIND`), with their labels: every kind of `iconcat.snippets.KINDS`
but those it has already (the SVG markup, the Iconify name)."""

SVG_COPY_LIMIT = 1024 * 1024
"""The largest SVG markup `y` copies, in bytes: more is no icon a clipboard should carry."""


class _TooLarge(Exception):
    """The SVG being fetched for the clipboard passed `SVG_COPY_LIMIT`."""


def _refuse_large_svg(done: int, total: int | None) -> None:
    """The download's progress callback for the SVG copied: stop as soon as it is over the limit."""
    if done > SVG_COPY_LIMIT or (total or 0) > SVG_COPY_LIMIT:
        raise _TooLarge


def _svg_variant(icon: Icon) -> Variant | None:
    """`icon`'s SVG variant, if it has one."""
    return next((variant for variant in icon.variants if variant.format.strip().lower() == "svg"), None)


class CopyController:
    """The copy menu's choices and what they copy; see the module docstring."""

    def __init__(
        self,
        owner: Widget,
        link: CatalogueLink,
        written: WrittenFiles,
        variant_choice: Callable[[], VariantPreference | None],
    ) -> None:
        self._owner = owner
        """The screen the menu opens over, the SVG's worker runs on and the notices are said by."""
        self._link = link
        self._written = written
        self._variant_choice = variant_choice

    def open_menu(self, icon: Icon | None) -> None:
        """Copy `icon`'s name, id, a variant's id, the file saved of it or its SVG markup (a menu)."""
        if icon is None:
            self._owner.notify("Highlight an icon to copy its name, its id or its file.", markup=False)
            return
        from ..screens.copy_menu import CopyMenu

        self._owner.app.push_screen(CopyMenu(icon.name, self.choices(icon)), partial(self.copy, icon))

    def variant(self, icon: Icon) -> Variant | None:
        """The variant whose id `y` copies: the catalogue's variant nearest the last choice in the
        variant picker (its format, the size closest to the one chosen), else the first."""
        if not icon.variants:
            return None
        preference = self._variant_choice()
        if preference is None:
            return icon.variants[0]
        fmt, size = preference
        same = [variant for variant in icon.variants if variant.format.lower() == fmt]
        if not same:
            return icon.variants[0]
        if size is None:
            return same[0]
        return min(same, key=lambda variant: (abs((variant.size or 0) - size), variant.size or 0))

    def choices(self, icon: Icon) -> list[CopyChoice]:
        """The menu's lines for `icon`, each available or not."""
        from ..screens.copy_menu import CopyChoice

        variant = self.variant(icon)
        saved = self._written.last(icon.id)
        svg = _svg_variant(icon)
        shown_path = str(saved) if saved is not None else ""
        if len(shown_path) > 58:  # the end of a path says more than its start
            shown_path = "…" + shown_path[-57:]
        # The Iconify name ("tabler:arrow-up": what unplugin-icons and UnoCSS users write in code) only
        # when the catalogue gives one: with other catalogues the menu is as it was.
        iconify = [CopyChoice("iconify", "Iconify", icon.iconify)] if icon.iconify else []
        return [
            CopyChoice("name", "Name", icon.name),
            *iconify,
            CopyChoice("icon-id", "Icon id", str(icon.id)),
            CopyChoice(
                "variant-id",
                "Variant id",
                f"{variant.id} ({variant.label})" if variant is not None else "this icon has no variant",
                available=variant is not None,
            ),
            CopyChoice(
                "path",
                "Saved file",
                shown_path or "none saved of this icon in this session",
                available=saved is not None,
            ),
            CopyChoice(
                "svg",
                "SVG markup",
                "fetched from the catalogue" if svg is not None else "this icon has no SVG",
                available=svg is not None,
            ),
            *self._snippet_choices(icon, has_svg=svg is not None),
        ]

    @staticmethod
    def _snippet_choices(icon: Icon, *, has_svg: bool) -> list[CopyChoice]:
        """The menu's snippet lines for `icon` (`SNIPPET_LINES`), each with what it would copy."""
        from iconcat.snippets import NAME_KINDS, SnippetIcon, component_name, css_class, snippet

        from ..screens.copy_menu import CopyChoice

        named = SnippetIcon(icon.name, icon.iconify)
        component = component_name(named)
        details = {
            "data-url": "data:image/svg+xml,… of the SVG",
            "jsx": f"{component}.jsx, a React component",
            "tsx": f"{component}.tsx, a React component",
            "vue": f"{component}.vue, a single-file component",
            "svelte": f"{component}.svelte, a Svelte 5 component",
            "css": f".{css_class(named)}, a mask in currentColor",
        }
        lines = []
        for kind, label in SNIPPET_LINES.items():
            if kind in NAME_KINDS:
                available = icon.iconify is not None
                detail = snippet(kind, named) if available else "this icon has no Iconify name"
            else:
                available = has_svg
                detail = details[kind] if available else "this icon has no SVG"
            lines.append(CopyChoice(f"as-{kind}", label, detail, available=available))
        return lines

    def copy(self, icon: Icon, kind: str | None) -> None:
        """Copy what the copy menu chose (`kind`, None: nothing) of `icon` to the clipboard."""
        from ..screens.copy_menu import clipboard_text

        name = sanitize(icon.name, max_length=60)
        if kind == "name":
            self._to_clipboard(sanitize(icon.name, max_length=1000), f"the name “{name}”")
        elif kind == "iconify" and icon.iconify:
            # Well formed by the parser's check (`iconify_name`): lower-case words, hyphens and a colon.
            self._to_clipboard(icon.iconify, f"the Iconify name {icon.iconify}")
        elif kind == "icon-id":
            self._to_clipboard(str(icon.id), f"the icon id {icon.id} ({name})")
        elif kind == "variant-id":
            variant = self.variant(icon)
            if variant is not None:
                label = sanitize(variant.label, max_length=40)
                self._to_clipboard(str(variant.id), f"the variant id {variant.id} ({name}, {label})")
        elif kind == "path":
            saved = self._written.last(icon.id)
            if saved is not None:
                self._to_clipboard(clipboard_text(str(saved)), f"the path of {sanitize(saved.name, max_length=80)}")
        elif kind is not None and kind.startswith("as-") and kind[3:] in ("unocss", "tailwind") and icon.iconify:
            from iconcat.snippets import SnippetIcon, snippet

            made = snippet(kind[3:], SnippetIcon(icon.name, icon.iconify))
            self._to_clipboard(made, f"the {SNIPPET_LINES[kind[3:]]} class {made}")
        elif kind == "svg" or (kind is not None and kind.startswith("as-") and kind[3:] in SNIPPET_LINES):
            svg = _svg_variant(icon)
            if svg is not None:
                self._owner.run_worker(
                    partial(self._copy_svg, icon, svg, None if kind == "svg" else kind[3:]),  # type: ignore[arg-type]
                    group="copy",
                    exclusive=True,
                    exit_on_error=False,
                    description=f"fetch the SVG of icon {icon.id} to copy",
                )

    def _to_clipboard(self, text: str, what: str) -> None:
        """Send `text` (clean already) to the clipboard, and say what was copied (inside tmux: where)."""
        if inside_tmux(os.environ):
            self._owner.run_worker(
                partial(self._copy_in_tmux, text, what),  # type: ignore[arg-type]  # as SearchRunner's
                group="clipboard",
                exclusive=True,
                exit_on_error=False,
                description="hand the text copied to tmux",
            )
            return
        self._owner.app.copy_to_clipboard(text)
        self._owner.notify(f"Copied {what}.", title="Copied", markup=False)

    async def _copy_in_tmux(self, text: str, what: str) -> None:
        """Hand `text` to tmux (in a thread: tmux may be slow to answer), then say where it went."""
        copied = await asyncio.to_thread(copy_in_tmux, text, dict(os.environ))
        app = self._owner.app
        if copied.app_osc52:
            app.copy_to_clipboard(text)
        else:
            # Textual's record of the last copy (what its inputs paste), which `copy_to_clipboard`
            # would set along with an OSC 52 that must not be sent here (tmux has the text: with
            # `set-clipboard on` it would make a second buffer of it).
            app._clipboard = text
        title, message, severity = copied.notice(what)
        self._owner.notify(message, title=title, severity=severity, markup=False)

    async def _copy_svg(self, icon: Icon, variant: Variant, snippet_kind: str | None = None) -> None:
        """Fetch `variant` (an SVG) through the client's download, into a folder of its own that is
        removed after, and copy its markup (or the `snippet_kind` snippet made of it): refused above
        `SVG_COPY_LIMIT`, or when it is no text (or no SVG a snippet can be made of)."""
        import shutil
        import tempfile

        from ..screens.copy_menu import clipboard_text

        name = sanitize(icon.name, max_length=60)
        client = await self._link.ready()
        if client is None:
            problem = sanitize(self._link.problem, max_length=200)
            self._owner.notify(f"Can't fetch the SVG of {name}: {problem}", severity="error", markup=False)
            return
        folder = Path(await asyncio.to_thread(tempfile.mkdtemp, prefix="iconcat-copy-"))
        refused, data = "", b""
        try:
            path = await client.download(variant.id, folder, filename="copy.svg", progress=_refuse_large_svg)
            data = await asyncio.to_thread(path.read_bytes)
        except _TooLarge:
            refused = f"The SVG of {name} is larger than {SVG_COPY_LIMIT // 1024} KB: not copied."
        except Exception as error:  # noqa: BLE001 - a copy that fails is a notice, never a crash
            refused = f"Could not fetch the SVG of {name}: {describe_failure(error)}"
        finally:
            await asyncio.to_thread(shutil.rmtree, folder, True)
        if not refused and len(data) > SVG_COPY_LIMIT:  # (the callback saw it too: this is the last word)
            refused = f"The SVG of {name} is larger than {SVG_COPY_LIMIT // 1024} KB: not copied."
        if not refused:
            try:
                markup = data.decode("utf-8-sig")
            except UnicodeDecodeError:
                refused = f"The SVG of {name} is not UTF-8 text: not copied."
        uncoloured = False
        if not refused:  # (the snippets too are made of the SVG as the session asks it saved)
            markup, uncoloured = self._as_asked(icon, markup)
        if not refused and snippet_kind is not None:
            from iconcat.snippets import SnippetError, SnippetIcon, snippet

            try:
                made = snippet(snippet_kind, SnippetIcon(icon.name, icon.iconify, markup))
            except SnippetError as error:
                refused = f"No {SNIPPET_LINES[snippet_kind]} snippet: {error}"
            else:
                what = f"the {SNIPPET_LINES[snippet_kind]} snippet of “{name}”"
                self._to_clipboard(clipboard_text(made, multiline=True), what)
                return
        if refused:
            self._owner.notify(sanitize(refused, max_length=300), title="Copy", severity="warning", markup=False)
            return
        size = f"{len(markup.encode('utf-8')) / 1024:.1f} KB"
        what = (
            f"the SVG markup of “{name}” ({size}{'; it uses no currentColor: nothing coloured' if uncoloured else ''})"
        )
        self._to_clipboard(clipboard_text(markup, multiline=True), what)

    def _as_asked(self, icon: Icon, markup: str) -> tuple[str, bool]:
        """`markup` painted, sized and attributed as the connection asks of files saved (`svg_as_asked`),
        and whether a colour asked painted nothing; as fetched when it cannot be (no size to scale)."""
        from iconcat.disk.svg_output import OutputOptions, svg_as_asked

        output = getattr(getattr(self._link, "connection", None), "output", None)
        if not isinstance(output, OutputOptions):
            return markup, False
        try:
            asked = svg_as_asked(markup, icon.set, output)
        except ValueError:
            return markup, False
        return asked.text, asked.uncoloured
