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
  without a set (in `pick`, it leaves as it always has), and the next `ctrl+s` opens it with an empty
  box, the set last highlighted still highlighted.
- The samples' icons are found by `set_samples.SetSamples` and drawn by the screen's one preview loader
  (`PictureController.watch`: its arrivals reach the view's board).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeVar

from iconcat.browsing.sets_view import opening_words, still_open
from iconcat.failures import describe_failure
from iconcat.text import sanitize

from ..screens.sets import SetsScreen
from ..widgets import FacetPanel, SearchInput
from .set_samples import SetSamples

if TYPE_CHECKING:  # pragma: no cover - typing only
    from collections.abc import Sequence

    from textual.screen import Screen
    from textual.widget import Widget

    from iconcat.api import Icon, SetSummary

    from .arrangement import Arrangement
    from .catalogue_link import CatalogueLink
    from .picture_controller import PictureController
    from .search_runner import SearchRunner

__all__ = ["FACETS_WITH_A_SET", "SetsController", "SetsHost"]

FACETS_WITH_A_SET = 100
"""Columns from which opening a set opens the facet panel too."""

_W = TypeVar("_W", bound="Widget")


class SetsHost(Protocol):
    """What opening a set uses of the browser screen (`BrowserScreen` is one), named here so that the
    screen and its controller do not import each other."""

    arrangement: Arrangement
    searches: SearchRunner

    def query_one(self, selector: type[_W]) -> _W: ...

    def start_search(self, query: str, *, immediate: bool = False) -> None: ...

    def action_focus_results(self) -> None: ...


class SetsController:
    """Opens the sets view, opens a set from it, and goes back to it (see the module docstring)."""

    def __init__(self, screen: Screen[None], host: SetsHost, link: CatalogueLink, drawing: PictureController) -> None:
        self._screen = screen
        self._host = host
        """The same screen, as what opening a set uses of it."""
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
            view.show_sets(self.sets)  # (shown once the view is composed)
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
        """Esc in the view: the browser as it was, and Esc over it no longer comes back here. The set
        highlighted is kept for the next `ctrl+s`, not the words typed: a view opened afresh starts with
        an empty box, so what a person types then is what narrows it (kept, "luc" then "mdi" read
        "lucmdi" and showed no set). Coming back from a set opened from it keeps both (`chosen`)."""
        del typed
        self._view_gone("", highlighted)
        self._returns = False

    def chosen(self, summary: SetSummary, typed: str) -> None:
        """Enter on `summary`: every icon of it in the results (see the module docstring)."""
        self._view_gone(typed, summary.id)
        self.opened = summary
        self._returns = True
        self._name_in_header(summary)
        self._show_set(opening_words(summary))

    def _show_set(self, words: str) -> None:
        """Every icon of the set: `words` in the box, searched now, the facet panel open on its
        categories and styles (on a screen `FACETS_WITH_A_SET` columns wide or more), the results focused."""
        screen = self._host
        box = screen.query_one(SearchInput)
        box.value = words
        box.cursor_position = len(words)
        facets = screen.query_one(FacetPanel)
        # Narrower, the panel leaves the gallery a column of tiles or none (80×24): `f` opens it.
        if not facets.display and self._screen.size.width >= FACETS_WITH_A_SET:
            screen.arrangement.toggle_facets(screen.searches.result)
        screen.start_search(words, immediate=True)
        screen.action_focus_results()

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
