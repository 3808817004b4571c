"""What the search box and the results area should say: one value per state a person can meet."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from iconcat.text import sanitize

from .status_line import Priority, StatusPart, join_status

__all__ = ["refine_hint", "SearchPhase", "SearchState", "shown_words"]

SHOWN_WORDS_LENGTH = 40
"""The longest search quoted in the status ("searching home…") and notices: cut in the middle beyond."""


def shown_words(words: str) -> str:
    """Search words as the status and notices quote them: one sanitised line, cut in the middle with
    "…" past `SHOWN_WORDS_LENGTH` (both ends say the most)."""
    text = sanitize(words, max_length=None)
    if len(text) <= SHOWN_WORDS_LENGTH:
        return text
    head = (SHOWN_WORDS_LENGTH - 1) // 2
    return text[:head] + "…" + text[len(text) - (SHOWN_WORDS_LENGTH - 1 - head) :]


class SearchPhase(Enum):
    """The designed states of a search."""

    PROMPT = "prompt"
    """The box is empty: a friendly prompt, no request (the interface says nothing of an empty name)."""
    SEARCHING = "searching"
    """A request is in flight; earlier results of other words stay visible, dimmed, not to be acted on
    (`stale_results`)."""
    RESULTS = "results"
    """Icons found."""
    NO_RESULTS = "no-results"
    """The catalogue answered with nothing for this query."""
    UNREACHABLE = "unreachable"
    """The network failed (refused, timed out...): say so, keep the app alive, offer a retry."""
    REJECTED = "rejected"
    """The catalogue rejected the token: the connect screen is offered."""
    NOT_CONFIGURED = "not-configured"
    """The settings cannot make a client (no token, a malformed base URL): the connect screen is offered."""
    FAILED = "failed"
    """The catalogue answered but not usefully (server error, malformed reply, rate limit)."""
    REFUSED = "refused"
    """The catalogue refused this search itself (HTTP 400), or would (longer than it accepts): asking
    again cannot help, so no retry is offered; the search must change."""


@dataclass(frozen=True)
class SearchState:
    """A search's state: the phase, its query and what to show about it.

    Results themselves are not held here: the results list owns them, so comparing states stays cheap.
    """

    phase: SearchPhase = SearchPhase.PROMPT
    """Which designed state this is."""
    query: str = ""
    """The query this state is about (already stripped)."""
    count: int = 0
    """How many icons are listed (RESULTS)."""
    more_available: bool = False
    """The catalogue has more matches than it returned (RESULTS)."""
    skipped: int = 0
    """Malformed entries the client left out (RESULTS)."""
    message: str = ""
    """A sanitised explanation for a person (UNREACHABLE, REJECTED, NOT_CONFIGURED, FAILED)."""
    can_load_more: bool = False
    """The catalogue revealed its next page: moving past the last result loads it (RESULTS)."""
    loading_more: bool = False
    """The next page is on its way (RESULTS)."""
    hint: str = ""
    """Narrower searches built from the names loaded, when more exist than can be loaded (RESULTS)."""
    filters_text: str = ""
    """The filters in force over every result of the query, as typed canonically ("style:filled"), or ""."""
    shown: int = 0
    """How many of the `count` results the filters keep (RESULTS with filters)."""
    emptied_by: str = ""
    """Which filter left nothing, for a person (RESULTS with filters that keep none)."""
    groups: int = 0
    """How many names the shown results are grouped into (RESULTS grouped by name), or 0."""
    favourites: int | None = None
    """With an empty query: the results are the remembered icons, this many favourites first, then the
    recent ones (RESULTS); None for a search's results."""
    elsewhere: str = ""
    """This catalogue has no favourites and others have: where they are ("no favourites in
    icons.example.com; 2 in the demo catalogue (--demo)"), said on the empty screen (PROMPT, or RESULTS
    of recent icons alone); else ""."""
    following: bool = False
    """Every page of the query is being fetched, in the background, for the filters (RESULTS)."""
    total: int | None = None
    """How many icons the query matched, when the catalogue says (`meta.total`), else None."""
    all_loaded: bool = False
    """More than one page, and every one of them is in (RESULTS)."""
    capped: bool = False
    """Paging stopped at the client's cap (10,000 icons held): more exist than any count here sees."""
    narrowed: bool = False
    """The catalogue narrowed the answer by the filter words (`browsing.narrowing`): the counts are of
    the icons those words keep, not of the whole query (RESULTS)."""
    offline_from: str = ""
    """The catalogue could not be reached: the results are the last answer seen for this query, kept
    at this time ("14:02"; another day's with its date), and the status says so (RESULTS); else ""."""
    waiting_for: str = ""
    """What the search waits for before it can be asked, when that takes long, else "" (SEARCHING): so
    far only "the index", of icon sets from disk being indexed (`tui/controllers/local_build.py`)."""
    waiting_progress: str = ""
    """How far that has come ("40 of 243 sets"), or "" (SEARCHING)."""
    listing: bool = False
    """Filter words and no word: the catalogue lists what they select (`set:lucide`: every Lucide
    icon), and past the cap the status says to choose a category or style (RESULTS)."""
    cannot_list: bool = False
    """Filter words and no word over a catalogue that cannot list without a word (the seed's
    service): they filter the remembered icons, and the status says the catalogue cannot (RESULTS, or
    PROMPT when none are remembered)."""
    offers_sets: bool = False
    """The empty box over a catalogue that lists its sets: the screen offers the sets view (`ctrl+s`)
    beside the remembered icons, in one line (the prompt's words, or the status's hint)."""

    @property
    def filtered_out(self) -> bool:
        """True when there are results but the filters keep none of them."""
        return self.phase is SearchPhase.RESULTS and bool(self.filters_text) and self.shown == 0

    @property
    def is_problem(self) -> bool:
        """True when the search could not be made: the status and the results area say so in colour."""
        return self.phase in (
            SearchPhase.UNREACHABLE,
            SearchPhase.REJECTED,
            SearchPhase.NOT_CONFIGURED,
            SearchPhase.FAILED,
            SearchPhase.REFUSED,
        )

    @property
    def status(self) -> str:
        """The one-line status shown beside the search box, whole (the box shortens `status_parts`)."""
        return join_status(self.status_parts)

    @property
    def status_parts(self) -> tuple[StatusPart, ...]:
        """What the status says, part by part, each with its priority (`status_line`): a short box
        drops the hints first, then details, then counts; problems stay."""
        phase = self.phase
        if phase is SearchPhase.PROMPT:
            if self.cannot_list:
                return (self._cannot_list_part(),)
            return (StatusPart("type to search", Priority.HINT),)
        if phase is SearchPhase.SEARCHING:
            if self.waiting_for:
                return (self._waiting_part(),)
            return (
                StatusPart(f"searching {shown_words(self.query)}…" if self.query else "searching…", Priority.COUNT),
            )
        if phase is SearchPhase.NO_RESULTS:
            return (StatusPart("no icons", Priority.COUNT),)
        if phase is not SearchPhase.RESULTS:
            return (StatusPart(self._problem_status(), Priority.PROBLEM),)
        parts: list[StatusPart] = []
        if self.filters_text and self.following:  # "of" waits for every page: the count still grows
            parts.append(StatusPart(f"{self.shown:,} shown", Priority.COUNT))
        elif self.filters_text:
            parts.append(StatusPart(f"{self.shown:,} of {self.count:,} shown", Priority.COUNT))
        elif self.favourites is not None:
            favourites = self.favourites
            if not favourites and self.elsewhere:  # none here: say where they are (another catalogue)
                parts.append(StatusPart(self.elsewhere, Priority.COUNT))
            else:
                parts.append(StatusPart(f"★ {favourites:,} favourite{'' if favourites == 1 else 's'}", Priority.COUNT))
            parts.append(StatusPart(f"{self.count - favourites:,} recent", Priority.DETAIL))
            parts.append(StatusPart("type to search", Priority.HINT))
            if self.offers_sets and not self.filters_text:
                parts.append(StatusPart(SETS_OFFER_SHORT, Priority.HINT))
        else:
            parts.append(self._count_part())
        if self.groups:
            parts.append(StatusPart(f"{self.groups:,} {'name' if self.groups == 1 else 'names'}", Priority.DETAIL))
        if self.filters_text:
            parts.append(StatusPart(self.filters_text, Priority.DETAIL))
            if self.favourites is not None and self.cannot_list:
                parts.append(self._cannot_list_part())
            elif self.favourites is not None:  # filters typed alone filter the remembered icons
                parts.append(StatusPart("type a word to search the catalogue", Priority.HINT))
        if self.narrowed:
            # Why "273 of 273": before "all loaded", which goes first (the equal counts say it too).
            parts.append(StatusPart("narrowed by the catalogue", Priority.DETAIL, shorter=("narrowed",)))
        if self.following:
            parts.append(self._following_part())
        elif self.all_loaded:
            parts.append(StatusPart("all loaded", Priority.DETAIL))
        elif self.loading_more:
            parts.append(StatusPart("loading more…", Priority.HINT))
        elif self.can_load_more:
            parts.append(StatusPart("more: reach the last to load them", Priority.HINT))
        elif self.more_available and self.listing and self.capped and self.total is not None:
            parts.append(self._capped_listing_part())
        elif self.more_available:
            if self.filters_text:  # the filters could not see every result: say which they saw
                parts.append(self._filtered_few_part())
            parts.append(StatusPart(self._more_text(), Priority.HINT, shorter=self._shorter_more()))
        if self.skipped:
            parts.append(StatusPart(f"{self.skipped} unreadable left out", Priority.PROBLEM))
        if self.offline_from:
            parts.append(StatusPart(f"offline · from {self.offline_from}", Priority.PROBLEM))
        return tuple(parts)

    def _waiting_part(self) -> StatusPart:
        """ "arrow: waiting for the index (40 of 243 sets)…", said shorter in a short status line (the
        header says the build's progress too)."""
        waiting = f"waiting for {self.waiting_for}"
        words = f"{shown_words(self.query)}: " if self.query else ""
        shorter = (f"{words}{waiting}…", f"{waiting}…")
        if not self.waiting_progress:
            return StatusPart(shorter[0], Priority.COUNT, shorter=shorter[1:])
        return StatusPart(f"{words}{waiting} ({self.waiting_progress})…", Priority.COUNT, shorter=shorter)

    def _count_part(self) -> StatusPart:
        """ "48 icons", or "48 of 173" when the catalogue counted more matches than are loaded, said
        shorter ("48/173") rather than lose the total: at 80×24 (28 cells) it stays beside "1 in the bag",
        and the hints and details go before it."""
        count = f"{self.count:,}"
        if self.total is None or self.total <= self.count:
            return StatusPart(f"{count} {'icon' if self.count == 1 else 'icons'}", Priority.COUNT)
        total = f"{self.total:,}"
        return StatusPart(f"{count} of {total}", Priority.COUNT, shorter=(f"{count}/{total}",))

    def _following_part(self) -> StatusPart:
        """ "loading 96 of 119…" (the catalogue said how many), else "loading… 96 so far"."""
        count = f"{self.count:,}"
        if self.total is not None and self.total >= self.count:
            total = f"{self.total:,}"
            return StatusPart(f"loading {count} of {total}…", Priority.COUNT, shorter=(f"loading {count}/{total}…",))
        return StatusPart(f"loading… {count} so far", Priority.COUNT, shorter=(f"loading… {count}",))

    @staticmethod
    def _cannot_list_part() -> StatusPart:
        return StatusPart(
            "the catalogue lists nothing without a word: type one", Priority.HINT, shorter=("type a word to list",)
        )

    def _capped_listing_part(self) -> StatusPart:
        """ "first 10,000 of 19,876: choose a category or style": a set past the cap, listed (the filters
        panel's categories and styles narrow by the catalogue again, so every icon stays reachable)."""
        first = f"first {self.count:,} of {self.total or 0:,}"
        return StatusPart(f"{first}: choose a category or style", Priority.COUNT, shorter=(first,))

    def _filtered_few_part(self) -> StatusPart:
        """What the filters saw when they could not see every result: the cap's first 10,000, or the
        one page a catalogue that reveals no next page returned."""
        count = f"{self.count:,}"
        if self.capped:
            text = f"counts over the first {count} — refine the search"
        else:
            text = f"filters apply to the {count} the catalogue returned"
        return StatusPart(text, Priority.COUNT, shorter=(f"first {count} only",))

    def _more_text(self) -> str:
        if self.hint:
            return f"more results exist: refine your search (try: {self.hint})"
        return "more results exist: refine your search"

    def _shorter_more(self) -> tuple[str, ...]:
        """The "more exist" hint said shorter, a suggestion fewer at a time, for a short status line."""
        suggestions = self.hint.split(", ") if self.hint else []
        tries = tuple(f"more exist, try: {', '.join(suggestions[:count])}" for count in range(len(suggestions), 0, -1))
        return (*tries, "more: refine your search") if tries else ("more: refine your search",)

    def _problem_status(self) -> str:
        phase = self.phase
        if phase is SearchPhase.UNREACHABLE:
            return "catalogue unreachable"
        if phase is SearchPhase.REJECTED:
            return "token rejected"
        if phase is SearchPhase.NOT_CONFIGURED:
            return "connection settings needed"
        if phase is SearchPhase.REFUSED:
            return "search refused"
        return "search failed"

    @property
    def explanation(self) -> str:
        """What the results area says when it shows no list (empty for RESULTS, and for SEARCHING unless
        it waits for the index)."""
        if self.filtered_out:
            return f"{self.emptied_by}\n\nPress F to clear the filters, or f to choose others."
        phase = self.phase
        if phase is SearchPhase.SEARCHING and self.waiting_for:
            progress = f" ({self.waiting_progress})" if self.waiting_progress else ""
            return (
                f"Waiting for {self.waiting_for}{progress}: “{shown_words(self.query)}” is searched as soon "
                "as it is ready.\n\nIcon sets from disk are indexed on first use, and again when they change."
            )
        if phase is SearchPhase.PROMPT:
            prompt = "Type the name of an icon to search the catalogue: try “arrow”, “home” or “user”."
            if self.offers_sets:
                prompt += f"\n\n{SETS_OFFER}"
            if self.elsewhere:  # (favourites are kept per catalogue: after a change they seem gone)
                prompt += f"\n\n{self.elsewhere[:1].upper()}{self.elsewhere[1:]}."
            return prompt
        if phase is SearchPhase.NO_RESULTS:
            return (
                f"No icon is named like “{self.query}”.\n"
                "Every word must appear in the name: try fewer or shorter words."
            )
        if phase is SearchPhase.UNREACHABLE:
            return (
                f"{self.message}\n\nPress Enter in the search box (or ctrl+r) to try again, ctrl+o to connect to "
                "another catalogue, or run `iconcat browse --demo` for the demo catalogue."
            )
        if phase in (SearchPhase.REJECTED, SearchPhase.NOT_CONFIGURED):
            return f"{self.message}\n\nPress ctrl+o to enter a base URL and token."
        if phase is SearchPhase.FAILED:
            return f"{self.message}\n\nPress Enter in the search box (or ctrl+r) to try again."
        if phase is SearchPhase.REFUSED:
            return f"{self.message}\n\nThe same search would be refused again: change it."
        return ""


SETS_OFFER = "Or press ctrl+s to see every set, with samples, and open one."
"""The empty box's line offering the sets view (the prompt's, when nothing is remembered)."""
SETS_OFFER_SHORT = "ctrl+s: every set"
"""The same in the status, beside the remembered icons."""


def refine_hint(names: Sequence[str], query: str, count: int = 3) -> str:
    """A few narrower searches from the names at hand: "arrow up, arrow down, arrow left".

    Names that say more than the query, in the order the catalogue ranked them, each once
    (case-insensitively), sanitised: a person can type one of them to see the rest of its kind.
    """
    asked = query.strip().casefold()
    seen: set[str] = set()
    picked: list[str] = []
    for name in names:
        shown = sanitize(name, max_length=30).casefold()
        if shown and shown != asked and shown not in seen:
            seen.add(shown)
            picked.append(shown)
            if len(picked) == count:
                break
    return ", ".join(picked)
