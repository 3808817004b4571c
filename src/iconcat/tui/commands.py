"""The command palette's iconcat commands: every command of `keys.COMMANDS` (but second keys of one
listed already: `in_palette`), searchable by name."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.markup import escape

from .keys import COMMANDS, Command

__all__ = ["BrowserCommands"]

PALETTE_COMMANDS = tuple(command for command in COMMANDS if command.in_palette)
"""What the palette lists, in the order of `COMMANDS`."""


class BrowserCommands(Provider):
    """Offers every browser action; an action that cannot run now says so when chosen."""

    async def _run(self, action: str) -> None:
        await self.app.run_command(action)  # type: ignore[attr-defined]

    @staticmethod
    def _help(description: str, key: str) -> str:
        help_text = description[:1].upper() + description[1:]
        return f"{help_text}  ({key})" if key else help_text

    def _help_for(self, command: Command) -> str:
        if command.action == "cycle_thumbnails":  # what draws pictures now, and what the terminal offers
            browser = getattr(self.app, "browser", None)
            if browser is not None:
                # The palette reads help as markup: the summary quotes TERM and such, so escaped.
                return escape(f"{browser.drawing.summary()}  ({command.shown_key})")
        return self._help(command.description, command.shown_key)

    async def discover(self) -> Hits:
        for command in PALETTE_COMMANDS:
            help_text = self._help_for(command)
            yield DiscoveryHit(command.title, partial(self._run, command.action), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for command in PALETTE_COMMANDS:
            score = matcher.match(command.title)
            if score > 0:
                yield Hit(
                    score,
                    matcher.highlight(command.title),
                    partial(self._run, command.action),
                    text=command.title,
                    help=self._help_for(command),
                )
