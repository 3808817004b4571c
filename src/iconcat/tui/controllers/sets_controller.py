"""The sets view's keys and state on the browser screen: `ctrl+s` opens it, Enter opens a set, Esc back.

- `ctrl+s` (or the palette's "Sets") opens the view (`screens.sets.SetsScreen`) at once; the sets are
  asked of the catalogue once (`Catalogue.sets()`, an async worker on the browser screen) and kept
  until another catalogue is browsed. A catalogue that cannot list them (the seed's service:
  `capabilities.lists_sets` false) is said so in one line, and nothing opens.
- Enter on a set opens it as typing its words does (`browsing.sets_view.opening_words`: `set:lucide`
  alone lists every icon of it, paged as any answer, `SearchRunner.listing`): the words go in the search
  box (a person can add a word), the facet panel shows the set's categories and styles with their
  counts (every page followed while it is open), the results get the focus and the header names the set.
- While the search box still holds those words, the set is open: Esc over the results goes back to
  the view as it was left (the same words typed in it, the same set highlighted), in `pick` too
  (`IconcatApp.action_leave_pick` passes Esc on while `returns_on_escape`). Other words close it: the
  header no longer names it. Esc in the view closes it for good: the next Esc does what it does
  without a set (in `pick`, it leaves as it always has).
- The samples' icons are found by `set_samples.SetSamples` and drawn by the screen's one preview loader
  (`PictureController.watch`: its arrivals reach the view's board).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from iconcat.browsing.sets_view import opening_words, still_open
from iconcat.failures import describe_failure
from iconcat.text import sanitize

from ..screens.sets import SetsScreen
from .set_samples import SetSamples

if TYPE_CHECKING:  # pragma: no cover - typing only
    from collections.abc import Callable, Sequence

    from textual.screen import Screen

    from iconcat.api import Icon, SetSummary

    from .catalogue_link import CatalogueLink
    from .picture_controller import PictureController

__all__ = ["SetsController"]


class SetsController:
    """Opens the sets view, opens a set from it, and goes back to it (see the module docstring)."""

    def __init__(
        self, screen: Screen[None], link: CatalogueLink, drawing: PictureController, open_set: Callable[[str], None]
    ) -> None:
        self._screen = screen
        self._open_set = open_set
        """Shows every icon of a set, given the search box's words for it (the browser's `open_set`)."""
        self._link = link
        self._drawing = drawing
        self.samples_finder = SetSamples(screen, link)
        self.sets: tuple[SetSummary, ...] | None = None
        """The catalogue's sets once asked (kept while it is browsed)."""
        self._sets_for: object = None
        self._loading = False
        self.view: SetsScreen | None = None
        """The view while it is open."""
        self.opened: SetSummary | None = None
        """The set opened from the view, while the search box still holds its words."""
        self._typed = ""
        self._highlighted: int | None = None
        self._header_before: str | None = None
        self._returns = False
        """Esc over the set opened goes back to the view: not once the view was closed by Esc (then Esc
        does what it does without a set, `pick`'s leaving included)."""

    @property
    def returns_on_escape(self) -> bool:
        """Esc goes back to the sets (a set opened from the view is on show)."""
        return self.opened is not None and self._returns and self.view is None

    # ----------------------------------------------------------------- opening the view

    def open_view(self) -> None:
        """Open the sets view (`ctrl+s`), or say in one line why there is none."""
        connection = self._link.connection
        if not connection.spec.capabilities.lists_sets:
            self._screen.notify(
                f"{connection.spec.named[:1].upper()}{connection.spec.named[1:]} does not list its sets: "
                "search, or type set:NAME to filter by one.",
                title="Sets",
                markup=False,
            )
            return
        if self.view is not None:
            return
        if self._sets_for is not connection:  # another catalogue: its own sets
            self.sets, self._sets_for = None, connection
            self._typed, self._highlighted = "", None
        view = SetsScreen(
            self, self._drawing.previews, mode=self._drawing.mode, typed=self._typed, keep=self._highlighted
        )
        self.view = view
        self._drawing.watch(view.previews_changed)
        self.samples_finder.listener = view.samples_found
        self._screen.app.push_screen(view)
        if self.sets is not None:
            view.call_after_refresh(view.show_sets, self.sets)
        elif not self._loading:
            self._loading = True
            self._screen.run_worker(
                self._load,  # type: ignore[arg-type]  # as in SearchRunner.start
                group="sets",
                exit_on_error=False,
                description="list the sets",
            )

    async def _load(self) -> None:
        connection = self._link.connection
        problem = ""
        sets: tuple[SetSummary, ...] | None = None
        try:
            client = await self._link.ready()
            if client is None:
                problem = sanitize(self._link.problem or "No catalogue is open.", max_length=300)
            else:
                sets = await client.sets()
        except Exception as error:  # noqa: BLE001 - any failure is a line in the view, never a traceback
            problem = sanitize(f"The sets could not be listed: {describe_failure(error)}", max_length=300)
        finally:
            self._loading = False
        if connection is not self._link.connection:
            return
        self.sets = sets
        view = self.view
        if view is not None and view.is_attached:
            if sets is not None:
                view.show_sets(sets)
            else:
                view.show_problem(problem)

    # ----------------------------------------------------------------- what the view asks

    def samples(self, summary: SetSummary) -> Sequence[Icon] | None:
        """The icons of `summary`'s samples, once found (None while they are being found)."""
        return self.samples_finder.found(summary)

    def want_samples(self, sets: Sequence[SetSummary]) -> None:
        """The view shows `sets`: find their samples."""
        self.samples_finder.want(sets)

    def _view_gone(self, typed: str, highlighted: int | None) -> None:
        if self.view is not None:
            self._drawing.unwatch(self.view.previews_changed)
        self.view = None
        self.samples_finder.listener = None
        self._typed, self._highlighted = typed, highlighted

    def closed(self, typed: str, highlighted: int | None) -> None:
        """Esc in the view: the browser as it was (what was typed and highlighted kept for next time),
        and Esc over it no longer comes back here."""
        self._view_gone(typed, highlighted)
        self._returns = False

    def chosen(self, summary: SetSummary, typed: str) -> None:
        """Enter on `summary`: every icon of it in the results (see the module docstring)."""
        self._view_gone(typed, summary.id)
        self.opened = summary
        self._returns = True
        self._name_in_header(summary)
        self._open_set(opening_words(summary))

    # ----------------------------------------------------------------- a set open

    def back(self) -> bool:
        """Esc over a set opened from the view: the view again, as it was left. False: no set open."""
        if not self.returns_on_escape:
            return False
        self.open_view()
        return True

    def query_changed(self, query: str) -> None:
        """The search box says `query` now: a set opened stays open while it holds the set's words."""
        if self.opened is not None and not still_open(self.opened, query):
            self.opened = None
            self._name_in_header(None)

    def _name_in_header(self, summary: SetSummary | None) -> None:
        app = self._screen.app
        if summary is None:
            if self._header_before is not None:
                app.sub_title = self._header_before
                self._header_before = None
            return
        if self._header_before is None:
            self._header_before = app.sub_title
        app.sub_title = f"{self._header_before} · set {summary.name}"
