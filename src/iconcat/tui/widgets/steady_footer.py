"""The browser's footer: Textual's, recomposed only when the keys it shows change, and never cut off."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey  # the footer's own parts (Textual is pinned)

KEPT_TO_THE_LAST = ("quit_anywhere",)
"""Actions whose key stays when the footer is too narrow for every key: a newcomer must always see
how to leave. (The command palette's key is docked apart and always stays.)"""
DROPPED_FIRST = ("bigger_tiles", "open_sets")
"""Actions whose key goes first when the footer is too narrow, wherever it stands: a help to find
(`+` tiles, `^s` the sets, which `?`, the palette and the empty box's prompt say too), never at the
cost of a key to get about (`? Keys`)."""


def keys_that_fit(keys: Sequence[tuple[str, str, str]], room: int) -> list[int]:
    """Which of `keys` (action, key shown, description) to show, in order, in `room` cells of a compact
    footer (each key: its display, a space, its description, a space after): all when they fit; else
    those of `DROPPED_FIRST` are left out first, then the rightmost, never one of `KEPT_TO_THE_LAST`."""
    widths = [cell_len(shown) + (1 + cell_len(label) if label else 0) + 1 for _, shown, label in keys]
    kept = list(range(len(keys)))
    first = [number for number in range(len(keys)) if keys[number][0] in DROPPED_FIRST]
    rest = [number for number in range(len(keys)) if keys[number][0] not in DROPPED_FIRST]
    for number in [*first, *reversed(rest)]:
        if sum(widths[n] for n in kept) <= room:
            break
        if keys[number][0] not in KEPT_TO_THE_LAST:
            kept.remove(number)
    return kept


__all__ = ["SteadyFooter"]


class SteadyFooter(Footer):
    """Textual's footer, recomposed only when the keys it shows change.

    Textual recomposes it whenever the bindings might have changed (every focus move): two recomposes
    and layouts of 6-12 ms each on `v`, the slowest frames of the switch. The keys shown are compared
    first (key, label, how the key is shown, enabled, tooltip), and the same keys cost nothing.
    """

    _shown: tuple[tuple[object, ...], ...] | None = None

    COMPACT_BELOW = 110
    """Narrower than this (the app's "-narrow" screens, 80×24), the keys are drawn compact (one space
    less each): at 80 columns over the results, every key shown fits, ^q Quit and ? Keys too."""

    def on_resize(self, event: events.Resize) -> None:
        was_compact, self.compact = self.compact, event.size.width < self.COMPACT_BELOW
        if (self.compact or was_compact) and event.size.width != self._laid_out_for:
            # The keys that fit depend on the width; widened past compact, those left out come back.
            self.refresh(recompose=True)

    _laid_out_for = 0

    def compose(self) -> ComposeResult:
        """Textual's keys; when compact and too many for the width, the rightmost left out first
        (at 80 columns over the facet panel, "^o Connect" was cut to "^o C"). Still in the palette."""
        parts = list(super().compose())  # (no binding groups here: Footer yields plain keys)
        self._laid_out_for = self.size.width
        if not self.compact or not self.size.width:
            yield from parts
            return
        docked = [part for part in parts if isinstance(part, FooterKey) and part.has_class("-command-palette")]
        keys = [part for part in parts if isinstance(part, FooterKey) and part not in docked]
        if len(keys) != len(parts) - len(docked):
            yield from parts  # something other than keys: shown as Textual made it
            return
        room = self.size.width - sum(cell_len(key.key_display) + cell_len(key.description) + 2 for key in docked)
        kept = keys_that_fit([(key.action, key.key_display, key.description) for key in keys], room)
        yield from (keys[number] for number in kept)
        yield from docked

    def bindings_changed(self, screen: Screen[object]) -> None:
        shown = tuple(
            (key, active.binding.description, active.binding.key_display, active.enabled, active.tooltip)
            for key, active in screen.active_bindings.items()
            if active.binding.show
        )
        if shown == self._shown:
            return
        if screen.app.app_focus:  # (without focus Textual does not recompose: then nothing is shown yet)
            self._shown = shown
        super().bindings_changed(screen)
