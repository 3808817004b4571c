"""What the browser shows for a filtered query once every page is in: the browser's half of issue 23's
"the browser and `search` agree on every filtered count" (`tests.support.cli.cli_filtered_ids` is the
command line's half)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.widgets import Static

from iconcat.tui.app import IconcatApp
from iconcat.tui.connection import Connection
from iconcat.tui.widgets import ResultsArea
from tests.support.tui import results_settled, search, shown_text, wait_until

WIDE = (160, 36)
"""Wide enough that the status line is shown whole (a narrow one drops its details first)."""

_SHOWN = re.compile(r"^([\d,]+)(?: of [\d,]+)? shown\b")
"""The status's count of icons on show while filters are in force ("21 of 119 shown · …")."""


@dataclass(frozen=True)
class BrowserAnswer:
    """What the browser showed for a query once it settled."""

    ids: tuple[int, ...]
    """The ids of the icons on show, in order (grouped by name: every member of every group)."""
    status: str
    """The status line as shown (a long one shortened to its box: details dropped before counts)."""
    whole_status: str
    """The status line whole, as the browser's state says it."""

    @property
    def counted(self) -> int:
        """The number of icons the status says are on show ("21 of 119 shown" → 21)."""
        found = _SHOWN.match(self.status)
        assert found, f"no count of icons shown in the status {self.status!r}"
        return int(found.group(1).replace(",", ""))


async def browser_filtered(query: str, base_url: str, token: str, download_dir: Path, **options: Any) -> BrowserAnswer:
    """Type `query` (filter words included) into a browser on the catalogue at `base_url`, wait until
    its answer is on screen and no page is being followed any more, and read what it shows.

    `options` go to `IconcatApp` (`group=True`, `view="gallery"`…; the list view by default). The wait
    ends when the browser stops fetching, whatever it fetched: a browser that filtered the first page
    alone is read as it stands, so a comparison with the command line fails rather than waits.
    """
    options.setdefault("view", "list")
    app = IconcatApp(Connection.service(base_url, token, download_dir), **options)
    async with app.run_test(size=WIDE) as pilot:
        await search(pilot, query)
        status = app.query_one("#search-status", Static)
        # The last batch of pages is handed over by a message, after the follower stops: wait for it.
        await wait_until(
            pilot,
            lambda: results_settled(app) and "loading" not in shown_text(status),
            f"every page of {query!r} in",
        )
        shown = tuple(icon.id for icon in app.query_one(ResultsArea).shown_icons)
        return BrowserAnswer(shown, shown_text(status), app.browser.search_state.status)
