"""Icon sets from disk in the browser: their index built inside the app, its progress in the header.

`browse --from` and `pick --from` start the app at once; the index is opened (built first when a set
is new or changed) in a thread while the first frame is up, as the demo catalogue starts serving
(`launch`'s `prepare`). Meanwhile the header says how far it has come ("iconcat — indexing 120/243
sets · 18,000 icons/s · 6 s left", then "preparing the search"), and a search typed meanwhile waits
for it and says so in the status ("arrow: waiting for the index (120 of 243 sets)…": the link's
`waiting_for`, followed by `search_runner`), then is asked as soon as the sets are served.
Quitting (ctrl+q, Ctrl-C, Esc in the picker) cancels the build: the task is cancelled, the cancel flag
set, and the index keeps the sets finished and rolls back the one in progress (`open_index`), so the
next start resumes. Once built, the header names the sets, and the lines the readers would have printed
on stderr (a set skipped and why) are notices: stderr is the screen here.

A PATH that does not exist or holds no icons is found before the app starts (`discover` is quick), so
the command exits 2 with its sentence. A PATH whose every set turns out unreadable (a folder holding
only a broken `icons.json`, a named file that is no set) is only known once read: then the app closes
and `launch` raises the same `SourceError` once the terminal is given back, so `browse` and `pick` exit
2 with the sentence on stderr as `search` and `download` do (not the connect screen: no other catalogue
was asked for, and no setting there can mend a file).
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from typing import TYPE_CHECKING, Any

from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.local_sets import LocalSets
    from iconcat.sources.index import BuildProgress

    from .app import IconcatApp

__all__ = ["PLACEHOLDER", "LocalBuild", "header_progress"]

PLACEHOLDER = "icon sets from disk"
"""The header's name for the sets until they are read (their names come from their files)."""
REDRAW_EVERY = 0.2


def header_progress(progress: BuildProgress) -> str:
    """ "indexing 120/243 sets · 18,000 icons/s · 6 s left", or "… · preparing the search" at the end."""
    from iconcat.local_sets import pace

    return " · ".join([f"indexing {progress.sets_done}/{progress.sets_total} sets", *pace(progress)])


def waiting_progress(progress: BuildProgress) -> str:
    """How far the build has come, as a waiting search says it: "120 of 243 sets", then "preparing the search"."""
    if progress.sets_done < progress.sets_total:
        return f"{progress.sets_done} of {progress.sets_total} sets"
    return "preparing the search"


class LocalBuild:
    """One build of `local`'s index for one app: run it with `serve_options(app)` from the app's loop."""

    def __init__(self, local: LocalSets) -> None:
        self._local = local
        self.cancel = threading.Event()
        self._line = ""
        self._progress: BuildProgress | None = None
        self._warnings: list[str] = []
        self.failure: Exception | None = None
        """Why the sets cannot be served (`SourceError`: an argument's every set unreadable), once the
        build has found it and closed the app; raised again by `launch` after the app."""

    def check(self) -> None:
        """Raise `SourceError` now for an argument that does not exist or holds no icons (before the app)."""
        from iconcat.sources.discover import discover

        discover(self._local.arguments)

    async def serve_options(self, app: IconcatApp) -> dict[str, Any]:
        """Build (or open) the index in a thread, its progress in `app`'s header; the options that serve it."""
        work = asyncio.ensure_future(asyncio.to_thread(self._build))
        # Cancelled by quitting, the build ends with IndexCancelled that nobody awaits: retrieved here, or
        # asyncio would print it with its traceback on the terminal after the app.
        work.add_done_callback(lambda done: done.cancelled() or done.exception())
        before = app.sub_title
        link = app.link
        link.waiting_for = "the index"
        try:
            while not work.done():
                if self._line:
                    app.sub_title = self._line
                if self._progress is not None:
                    link.waiting_progress = waiting_progress(self._progress)
                await asyncio.wait({work}, timeout=REDRAW_EVERY)
        except asyncio.CancelledError:
            self.cancel.set()  # the app is ending: the thread stops within a few hundred icons
            raise
        finally:
            app.sub_title = before
            link.waiting_for = link.waiting_progress = ""
        from iconcat.sources.errors import SourceError

        try:
            catalogue, title = work.result()
        except SourceError as error:
            self.failure = error
            app.exit(return_code=2)
            await asyncio.Event().wait()  # until the app, ending, cancels this: no screen opens meanwhile
            raise  # (never reached: typing only)
        app.link.connection = dataclasses.replace(app.link.connection, local_sets=title, served_sets=catalogue.set_ids)
        app.sub_title = before.replace(PLACEHOLDER, title, 1)
        for line in self._warnings:
            app.notify(sanitize(line, max_length=300), title="Icon sets", severity="warning", markup=False)
        return {"catalogue": catalogue}

    def _build(self) -> tuple[Any, str]:
        from iconcat.sources.serving import open_sources, sources_title

        def progress(done: BuildProgress) -> None:
            self._progress = done
            self._line = header_progress(done)

        catalogue = open_sources(
            self._local.arguments,
            colour=self._local.colour,
            progress=progress,
            warn=self._warnings.append,
            cancel=self.cancel,
        )
        return catalogue, sanitize(sources_title(catalogue), max_length=60)
