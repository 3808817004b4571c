"""Icon sets from disk in the browser: their catalogue opened inside the app, its progress in the header.

`browse --from` and `pick --from` start the app at once; the in-process catalogue of the sets
(`iconcat.catalogue`, kind "sets") is opened while the first frame is up (`catalogue.open(progress)`:
its index opened, built first when a set is new or changed, in a thread), as every catalogue is
opened after the first frame (`catalogue_link`). Meanwhile the header says how far it has come
("iconcat — indexing 120/243 sets · 18,000 icons/s · 6 s left", then "preparing the search"), and a
search typed meanwhile waits for it and says so in the status ("arrow: waiting for the index (120 of
243 sets)…": the link's `waiting_for`, followed by `search_runner`), then is asked as soon as the
catalogue is open. Quitting (ctrl+q, Ctrl-C, Esc in the picker) cancels the opening, and the
catalogue tells its build to stop: the index keeps the sets finished and rolls back the one in
progress (`open_index`), so the next start resumes. Once open, the header names the sets (the spec's
`label`, from their files), and the lines the readers would have printed on stderr (a set skipped and
why) are notices: stderr is the screen here.

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
from typing import TYPE_CHECKING

from iconcat.text import sanitize

if TYPE_CHECKING:  # pragma: no cover - typing only
    from iconcat.catalogue import Catalogue
    from iconcat.catalogue.local_sets import LocalSets
    from iconcat.sources.index import BuildProgress

    from ..app import IconcatApp
    from ..connection import Connection

__all__ = ["LocalBuild", "header_progress"]

REDRAW_EVERY = 0.2


def header_progress(progress: BuildProgress) -> str:
    """ "indexing 120/243 sets · 18,000 icons/s · 6 s left", or "… · preparing the search" at the end;
    "indexing 120/243 sets again (why) · …" when the index was of an older schema."""
    from iconcat.catalogue.local_sets import pace

    counted = f"indexing {progress.sets_done}/{progress.sets_total} sets"
    if progress.anew:  # every set read again: say why, or a restart looks like a lost index
        counted += f" again ({progress.anew})"
    return " · ".join([counted, *pace(progress)])


def waiting_progress(progress: BuildProgress) -> str:
    """How far the build has come, as a waiting search says it: "120 of 243 sets", then "preparing the search"."""
    if progress.sets_done < progress.sets_total:
        return f"{progress.sets_done} of {progress.sets_total} sets"
    return "preparing the search"


class LocalBuild:
    """One opening of `local`'s catalogue for one app: `catalogue` makes it (the link's factory), and
    `open(app, catalogue)` opens it from the app's loop (the link's opening)."""

    def __init__(self, local: LocalSets) -> None:
        self._local = local
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

    def catalogue(self, connection: Connection) -> Catalogue:
        """The sets' catalogue, unopened, the lines its readers say kept for the notices."""
        from iconcat.catalogue import open_catalogue

        return open_catalogue(connection.choice, warn=self._warnings.append)

    async def open(self, app: IconcatApp, catalogue: Catalogue) -> None:
        """Open `catalogue` (its index built or brought up to date, in a thread), its progress in `app`'s
        header; then the header names the sets."""
        work = asyncio.ensure_future(catalogue.open(self.told))
        before = app.sub_title
        unnamed = app.link.connection.label  # (the connection's: the catalogue names itself as it opens)
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
            work.cancel()  # the app is ending: the catalogue tells its build to stop (whole sets kept)
            raise
        finally:
            app.sub_title = before
            link.waiting_for = link.waiting_progress = ""
        from iconcat.sources.errors import SourceError

        try:
            work.result()
        except SourceError as error:
            self.failure = error
            app.exit(return_code=2)
            await asyncio.Event().wait()  # until the app, ending, cancels this: no screen opens meanwhile
            raise  # (never reached: typing only)
        spec = catalogue.spec  # (named by their files now)
        connection = app.link.connection
        app.link.connection = dataclasses.replace(connection, spec=spec, served_sets=_served_set_ids(catalogue))
        app.sub_title = before.replace(unnamed, spec.label, 1)
        for line in self._warnings:
            app.notify(sanitize(line, max_length=300), title="Icon sets", severity="warning", markup=False)

    def told(self, progress: BuildProgress) -> None:
        """The build's progress (from its thread): kept for the next redraw."""
        self._progress = progress
        self._line = header_progress(progress)


def _served_set_ids(catalogue: Catalogue) -> frozenset[int] | None:
    """The ids of the sets `catalogue` serves, read from disk in-process (the adapter the kind table names
    for sets from disk); None when it cannot say (a catalogue a test made)."""
    from iconcat.catalogue.embedded import EmbeddedCatalogue
    from iconcat.sources.catalogue import SourceCatalogue

    served = catalogue.served if isinstance(catalogue, EmbeddedCatalogue) else None
    return served.set_ids if isinstance(served, SourceCatalogue) else None
