"""The browser's footer: Textual's, recomposed only when the keys it shows change."""

from __future__ import annotations

from textual import events
from textual.screen import Screen
from textual.widgets import Footer

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
        self.compact = event.size.width < self.COMPACT_BELOW

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
