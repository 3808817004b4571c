"""The sets view's samples found as icons, so that the one preview loader can draw them.

A `SetSummary` names its samples by the set's own names for them (`samples`): an Iconify set's keys
(`prefix:key` is each one's Iconify name), the demo's icon names, an SVG folder's keys. The loader
draws icons, so each set on screen has its samples found, once, in the background (an async worker
in the "set-samples" group on the browser screen, so what was found outlives the view and a second
visit draws at once):

- a catalogue that looks up Iconify names (sets from disk, Iconify's API): `icon_named(prefix:key)`
  for each sample, the set's samples at once;
- else one that lists a set without a word (the demo): the set listed (`set:"<name>"`, its first
  page, one request), its icons of the samples' names taken in their order, then its first others;
- else none: the view shows the samples' names.

A sample that cannot be found is left out (a failure leaves the set's names as words). Only the UI
thread touches the state; `found` is what the board reads.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from iconcat.browsing.sets_view import opening_words

if TYPE_CHECKING:  # pragma: no cover - typing only
    from textual.dom import DOMNode

    from iconcat.api import Icon, SetSummary
    from iconcat.catalogue import Catalogue

    from .catalogue_link import CatalogueLink

__all__ = ["MAX_SAMPLES", "SetSamples"]

MAX_SAMPLES = 6
"""Samples found of a set, at most (as many as a wide row shows)."""


class SetSamples:
    """Finds the samples' icons of the sets asked for, once each (see the module docstring)."""

    def __init__(self, owner: DOMNode, link: CatalogueLink) -> None:
        self._owner = owner
        self._link = link
        self._found: dict[int, tuple[Icon, ...]] = {}
        self._asked: set[int] = set()
        self._for: object = None
        self.listener: Callable[[], None] | None = None
        """Told when samples were found (the board on show draws them)."""

    def found(self, summary: SetSummary) -> tuple[Icon, ...] | None:
        """The icons of `summary`'s samples (none found: empty), or None while they are being found."""
        self._same_catalogue()
        return self._found.get(summary.id)

    def _same_catalogue(self) -> None:
        connection = self._link.connection
        if connection is not self._for:  # another catalogue: its sets' ids mean other sets
            self._for = connection
            self._found.clear()
            self._asked.clear()

    def want(self, sets: Sequence[SetSummary]) -> None:
        """Find the samples of those of `sets` not asked for yet (in the order given)."""
        self._same_catalogue()
        missing = [summary for summary in sets if summary.id not in self._asked]
        if not missing:
            return
        self._asked.update(summary.id for summary in missing)
        connection = self._for

        self._owner.run_worker(
            partial(self._find, missing, connection),  # type: ignore[arg-type]  # as in SearchRunner.start
            group="set-samples",
            exit_on_error=False,
            description="find the sets' samples",
        )

    async def _find(self, sets: list[SetSummary], connection: object) -> None:
        client = await self._link.ready()
        for summary in sets:
            icons: tuple[Icon, ...] = ()
            if client is not None:
                try:
                    icons = await self._samples_of(client, summary)
                except Exception:  # noqa: BLE001 - no sample pictures is no failure: the names are shown
                    icons = ()
            if connection is not self._link.connection:
                return  # another catalogue meanwhile
            self._found[summary.id] = icons
            if self.listener is not None:
                self.listener()

    async def _samples_of(self, client: Catalogue, summary: SetSummary) -> tuple[Icon, ...]:
        capabilities = self._link.connection.spec.capabilities
        samples = summary.samples[:MAX_SAMPLES]
        if capabilities.looks_up_iconify_names and summary.prefix:
            named = await asyncio.gather(
                *(client.icon_named(f"{summary.prefix}:{key}") for key in samples), return_exceptions=True
            )
            return tuple(icon for icon in named if icon is not None and not isinstance(icon, BaseException))
        if capabilities.lists_without_words:
            listed = await client.search("", narrow=(opening_words(summary),))
            by_name = {icon.name.casefold(): icon for icon in reversed(listed.icons)}
            chosen = [by_name[name.casefold()] for name in samples if name.casefold() in by_name]
            for icon in listed.icons:
                if len(chosen) >= MAX_SAMPLES:
                    break
                if icon not in chosen:
                    chosen.append(icon)
            return tuple(chosen[:MAX_SAMPLES])
        return ()
