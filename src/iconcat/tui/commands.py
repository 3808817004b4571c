"""The command palette's iconcat commands: every action of the browser, searchable by name."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

__all__ = ["BrowserCommands", "COMMANDS"]

COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("Search", "Put the cursor in the search box", "focus_search"),
    ("Search again", "Repeat the current search (after an error, or to refresh)", "search_again"),
    ("Results", "Move to the results list", "focus_results"),
    ("Download highlighted icon", "Choose a format and size and save the file", "download"),
    ("Cancel download", "Cancel the selected, or latest running, download", "cancel_download"),
    ("Retry download", "Retry the selected, or latest failed or cancelled, download", "retry_download"),
    ("Clear finished downloads", "Remove finished rows from the downloads panel", "clear_downloads"),
    ("Connect to a catalogue", "Base URL, token and download folder; test and save them", "connect"),
    ("Pictures: next drawing style", "Half blocks, quadrant blocks (sharper), or no pictures at all", "cycle_thumbnails"),
    ("Keys", "Show every key", "help"),
    ("Quit", "Leave iconcat (asks first while downloads run)", "quit"),
)
"""(title, help, app action) for each command."""


class BrowserCommands(Provider):
    """Offers every browser action; an action that cannot run now says so when chosen."""

    async def _run(self, action: str) -> None:
        await self.app.run_command(action)  # type: ignore[attr-defined]

    async def discover(self) -> Hits:
        for title, help_text, action in COMMANDS:
            yield DiscoveryHit(title, partial(self._run, action), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, action in COMMANDS:
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), partial(self._run, action), text=title, help=help_text)
