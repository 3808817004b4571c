"""What the browser screen's results show of its searches: each answer put on screen, and what follows.

The searches run in `search_runner` (their answers come back as messages the screen routes here);
this puts them on screen, in one frame: filtered and grouped (`Arrangement.show`), the first icon's
detail (`Selection.follow`), the status, the stale guard told which words are on show. Then, what the
answer asks for:

- kept by the memory when it is the query's whole first page or its every page (`keep_answer`), for
  when the catalogue cannot be reached; an unreachable catalogue's state shows the answer kept last;
- every page followed while a filter is in force or the facet panel is open (`page_follower`), each
  batch added to the views (`Arrangement.extend`);
- asked again, narrowed by the catalogue, when it passes the cap under filter words the catalogue may
  narrow by (`browsing.narrowing`);
- an empty search box shows the remembered icons (favourites and recents), or else the prompt;
  filter words with no word list what they select from the catalogue (`SearchRunner.listing`: the
  words it narrows by, where its spec says it lists without a word), paged as any answer; over one
  that cannot, they filter the remembered icons and the status says it cannot list.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Protocol, TypeVar

from iconcat.browsing.search_state import SearchPhase, SearchState

from ..widgets import DetailPane, FacetPanel, ResultsArea

if TYPE_CHECKING:  # pragma: no cover - typing only
    from collections.abc import Callable

    from textual.notifications import SeverityLevel
    from textual.widget import Widget

    from iconcat.api import Icon, SearchResult
    from iconcat.browsing.filters import Filters

    from ..widgets import SearchInput
    from .arrangement import Arrangement
    from .memory_controller import MemoryController
    from .page_follower import PageFollower
    from .search_news import SearchNews
    from .search_runner import SearchRunner
    from .selection import Selection
    from .stale_guard import StaleGuard

__all__ = ["ResultsController", "ResultsScreen"]

_W = TypeVar("_W", bound="Widget")


class ResultsScreen(Protocol):
    """What the controller uses of the browser screen (`BrowserScreen` is one): named here rather than
    imported, so the screen and its controller do not import each other."""

    search_state: SearchState
    searches: SearchRunner
    arrangement: Arrangement
    remembering: MemoryController
    selection: Selection
    stale: StaleGuard

    @property
    def filters(self) -> Filters: ...

    @property
    def grouped(self) -> bool: ...

    def query_one(self, selector: type[_W]) -> _W: ...

    def query_one_optional(self, selector: type[_W]) -> _W | None: ...

    def notify(self, message: str, *, title: str = ..., severity: SeverityLevel = ..., markup: bool = ...) -> None: ...


class ResultsController:
    """Puts the searches' answers on the screen's results (see the module docstring)."""

    def __init__(self, screen: ResultsScreen, rejected: Callable[[str], object]) -> None:
        self._screen = screen
        self._rejected = rejected
        """Told why, when the catalogue refused the token (the app asks for another)."""

    def start(self, query: str, *, immediate: bool = False) -> None:
        """Search for `query` (the screen's `start_search`): its filter words are taken into force, and
        when only they changed, the results on show are filtered again, with no request."""
        screen = self._screen
        searches = screen.searches
        parsed = screen.arrangement.take_query(query)
        narrow = searches.narrowing(parsed.service_text, parsed.filters)
        state = searches.start(parsed.service_text, narrow=narrow, immediate=immediate)
        if state is None and not parsed.words and not narrow and screen.search_state.phase is SearchPhase.PROMPT:
            self.show_empty_query()  # filters alone and nothing remembered: the prompt says what they do
        elif state is None:
            self.refilter()
        elif state.phase is SearchPhase.PROMPT:
            self.show_empty_query()
        else:
            screen.search_state = state

    def read_again(self, box: SearchInput | None) -> None:
        """The box's words read again now the catalogue's Iconify prefixes are known, and searched again
        when they send other words (`tabler:trash` typed before sets from disk were indexed)."""
        if box is None or ":" not in box.value:
            return
        # The same words sent: the results on show are filtered again (`set:mdi` by prefix now), no request.
        words = self._screen.arrangement.parse(box.value).service_text
        self.start(box.value, immediate=words != self._screen.searches.last_query)

    def answered(self, message: SearchRunner.Answered) -> None:
        """A search ended (or says what it still waits for): its answer on screen, or its state."""
        screen = self._screen
        if not self._heard(message):
            return
        if message.result is not None:
            whole = not message.appended or not message.result.can_load_more  # the first page, and the whole
            if whole and not screen.searches.narrow:  # (a narrowed answer is not the query's: not kept)
                screen.remembering.keep_answer(message.query, message.result.icons)  # (for when it cannot be reached)
            self.show(message.result, message.state, keep_place=message.appended)
            if not self.narrow_again():
                self.follow_pages()
            return
        unreachable = message.state.phase is SearchPhase.UNREACHABLE  # then the last answer seen, offline
        if unreachable and self.show_remembered(screen.remembering.saved_answer(message.state)):
            return
        screen.search_state = message.state
        if message.state.phase is SearchPhase.REJECTED:
            self._rejected(message.state.message)

    def pages_arrived(self, message: PageFollower.Arrived) -> None:
        """More pages, followed for the filters: the views grow by them alone (`Arrangement.extend`)."""
        screen = self._screen
        results = screen.query_one_optional(ResultsArea)
        if results is None or not self._heard(message):
            return
        screen.search_state = screen.arrangement.extend(results, message.result, message.state)
        if screen.grouped:  # the highlighted group may have grown: its members in the detail too
            screen.selection.follow(results, screen.query_one(DetailPane))
        if message.complete and not screen.searches.narrow:  # kept once, whole (the first page was kept as it arrived)
            screen.remembering.keep_answer(message.query, message.result.icons)
        if message.complete:
            self.narrow_again()

    def _heard(self, message: SearchNews) -> bool:
        """True when `message` is news of the newest search (its notice shown); False: a newer one started."""
        screen = self._screen
        if message.sequence != screen.searches.sequence:
            return False
        if message.notice:
            screen.notify(message.notice, title="More results", severity="warning", markup=False)
        return True

    def narrow_again(self) -> bool:
        """Ask the same query again, narrowed otherwise, when the answer seen says it should be: it
        passes the cap under filter words the catalogue may narrow by (`browsing.narrowing`). True
        when that search started."""
        screen = self._screen
        searches = screen.searches
        narrow = searches.narrowing(searches.last_query, screen.filters)
        if narrow == searches.narrow:
            return False
        state = searches.start(searches.last_query, narrow=narrow, immediate=True)
        if state is not None:
            screen.search_state = state
        return True

    def follow_pages(self) -> None:
        """While a filter is in force or the facet panel is open, every page of the query is fetched."""
        screen = self._screen
        facets = screen.query_one_optional(FacetPanel)
        wanted = bool(screen.filters) or (facets is not None and facets.display)
        if wanted and screen.search_state.phase is SearchPhase.RESULTS and screen.searches.follower.follow():
            screen.search_state = replace(screen.search_state, following=True)

    def show(
        self, result: SearchResult, state: SearchState, *, keep_place: bool = False, select: Icon | None = None
    ) -> None:
        """Put an answer on screen, filtered (and grouped): the list, the first icon's detail, the count
        (one frame). `select`: highlight this icon (its group, grouped) when it is on show."""
        screen = self._screen
        # query_one_optional, not query(): it is cached while the DOM is unchanged, query() walks it all.
        results = screen.query_one_optional(ResultsArea)
        if results is None:  # answered while the app was closing
            return
        state = screen.arrangement.show(results, result, state, keep_place=keep_place)
        if state.favourites is not None and state.filters_text and not screen.searches.lists_without_words:
            state = replace(state, cannot_list=True)  # filters alone filter the remembered icons: say why
        if select is not None:
            results.highlight(select)
        screen.arrangement.show_facets(result)
        # The detail follows in the same frame (the list's highlight message would land a frame later).
        screen.selection.follow(results, screen.query_one(DetailPane), member=select)
        screen.stale.showing(state.query)
        screen.search_state = state

    def show_again(self, *, keep_place: bool = False, select: Icon | None = None) -> bool:
        """Arrange the results loaded again (the filters or the grouping changed, the search did not);
        False when no results are on show."""
        screen = self._screen
        result = screen.searches.result
        if result is None or screen.search_state.phase is not SearchPhase.RESULTS:
            return False
        state = screen.searches.state_again(result, screen.search_state)
        self.show(result, state, keep_place=keep_place, select=select)
        return True

    def refilter(self) -> None:
        """Filter the results loaded again (the filters changed, the search did not); follow every page."""
        if self.show_again(keep_place=True):
            self.follow_pages()

    def show_remembered(self, answer: tuple[SearchResult, SearchState] | None) -> bool:
        """Show an answer the memory kept (the remembered icons, or the last answer seen offline);
        False when it kept none."""
        if answer is None:
            return False
        result, state = answer
        self._screen.searches.result = result
        self.show(result, state)
        return True

    def show_empty_query(self) -> None:
        """The empty search box: the remembered icons (filters apply to them as to any), or else the prompt."""
        screen = self._screen
        offers_sets = screen.searches.lists_sets
        remembered = screen.remembering.remembered()
        if remembered is not None:
            remembered = (remembered[0], replace(remembered[1], offers_sets=offers_sets))
        if not self.show_remembered(remembered):
            screen.searches.result = None
            screen.query_one(ResultsArea).show_icons(())
            cannot_list = bool(screen.filters) and not screen.searches.lists_without_words
            screen.search_state = SearchState(
                elsewhere=screen.remembering.favourites_elsewhere(), cannot_list=cannot_list, offers_sets=offers_sets
            )

    def memory_opened(self) -> None:
        """The memory just opened: an empty box shows its icons, a first search that failed its answer kept."""
        screen = self._screen
        phase = screen.search_state.phase
        if not screen.searches.last_query and phase is SearchPhase.PROMPT:
            self.show_empty_query()
        elif phase is SearchPhase.UNREACHABLE:  # (the first search failed before this)
            self.show_remembered(screen.remembering.saved_answer(screen.search_state))

    def favourites_changed(self) -> None:
        """A favourite was marked or unmarked: the empty box's favourites show it."""
        screen = self._screen
        if not screen.searches.last_query and screen.search_state.favourites is not None:
            self.show_empty_query()
