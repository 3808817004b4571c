"""Results of the search before: on show, dimmed, and not to be acted on while other words are searched.

While the answer for other search words is on its way (`iconcat serve --latency 1000`), the icons on
show are the previous query's. Keys that arrive together (`home ⏎ ↓ ⏎`) must not open, download,
bag or favourite one of them as if it were Home's: those commands (Enter and a double click, `d`,
`space`, `ctrl+a`, `*`) do nothing then but say "Wait for home's results". Moving through them, the
view, the filters and everything else still work: they change nothing of the icons.

Only other *search words* make results stale. Filter words never reach the service (the results at
hand are filtered again at once), and a search sent again for the same words (`ctrl+r`) brings the
same icons: neither dims nor blocks anything. Words compare as the service compares them: case and
spacing aside.

The words on their way are the search box's when they differ from the last search started (typing
has not settled, or Enter's message has not reached the screen yet: Enter and the keys behind it are
read in one go, and those keys act before the search Enter started is even asked for; the box's text
itself changes at once), else the search state's while its request is in flight.

Pure logic (no Textual), called by the browser screen.
"""

from __future__ import annotations

from .search_state import SearchPhase, SearchState, shown_words

__all__ = ["StaleResults", "same_words", "waiting_notice"]


def same_words(one: str, other: str) -> bool:
    """True when two searches ask the service the same (case and spacing aside)."""
    return one.casefold().split() == other.casefold().split()


def waiting_notice(words: str) -> str:
    """What a command on stale results says instead of acting."""
    return f"Wait for {shown_words(words)}'s results: the icons on show are from the search before."


class StaleResults:
    """Which search the icons on show answered, and whether another one is on its way."""

    def __init__(self) -> None:
        self.shown_words = ""
        """The search words the results on show answered ("" for the remembered icons)."""
        self._said: tuple[str, float] = ("", -1e9)

    def should_say(self, words: str, now: float, lasting: float) -> bool:
        """True unless "wait for `words`' results" was said less than `lasting` seconds ago (a toast
        still on screen): `home⏎↓⏎d*` says it once, not once per key."""
        said, when = self._said
        if said == words and now - when < lasting:
            return False
        self._said = (words, now)
        return True

    def showing(self, words: str) -> None:
        """The results of `words` are on show now."""
        self.shown_words = words

    def dimmed(self, state: SearchState) -> bool:
        """True while `state` is a search in flight for other words than the results on show."""
        return state.phase is SearchPhase.SEARCHING and not same_words(state.query, self.shown_words)

    def waiting_for(self, state: SearchState, box_words: str, last_asked: str) -> str:
        """The other search words whose results are on their way ('' when the results on show are current).

        `box_words`: the search box's words (filter words left out); `last_asked`: the words of the
        last search started. Words in the box that were not asked for yet will be, once typing settles.
        """
        if not same_words(box_words, last_asked):
            waiting = box_words
        elif state.phase is SearchPhase.SEARCHING:
            waiting = state.query
        else:
            return ""
        if not waiting.strip() or same_words(waiting, self.shown_words):
            return ""  # (an emptied box shows the remembered icons: no request is waited for)
        return waiting
