"""Keyboard input without the terminal's late answers to our start-up query (issue 21, item 20).

The graphics query (`iconcat.graphics.detect`) waits 150 ms (400 over ssh) for the terminal's
answers; a terminal that answers later (a long ssh round trip) has its answers read by Textual, whose
parser knows none of them and types them into the search box (``^P>|kitty(0.35.2)^\\^_Gi=31;OK^\\``).
`ReplyFilteringParser` is Textual's parser with a filter in front: every escape sequence that is, or
may still become, an answer to our query (`iconcat.graphics.replies`) is held back while it grows,
dropped when whole, and handed to Textual's parser unchanged as soon as it cannot be one (so keys,
mouse reports, pastes, resizes and Textual's own mode reports reach it as before). The answer comes
too late to change the graphics mode: that was decided, with blocks on silence, before the app
started (docs/pictures.md).

Timing follows Textual's: a lone ESC (the Escape key) is held for Textual's own escape delay and
then handed over together with that delay's expiry, so Escape is reported no later than before. A
prefix no key starts with (``ESC P>``, ``ESC _G``, ``ESC [?``) is a broken answer if it stalls for
`REPLY_PATIENCE`, and is dropped.

Pinned to Textual 8.2 (``textual>=8.2,<8.3`` in pyproject.toml): the filter wraps
`XTermParser.parse` (a generator fed one character at a time through `Parser.feed`, interrupted by
`ParseTimeout` and `ParseEOF`), and `ReplyFilteringDriver.run_input_thread` is Textual 8.2's
`LinuxDriver.run_input_thread` with our parser in place of `XTermParser`. tests/tui/test_terminal_input.py
fails when an upgrade changes either. The driver also restores, at exit, the terminal's settings from
before the query rather than the quiet ones the launch keeps until Textual starts
(`iconcat.graphics.detect.quiet_terminal`: an answer arriving in between is not echoed).
"""

from __future__ import annotations

import os
import selectors
from codecs import getincrementaldecoder
from collections.abc import Generator
from typing import TYPE_CHECKING

from textual import constants
from textual._loop import loop_last
from textual._parser import ParseEOF, ParseError, ParseTimeout, Peek1, Read1, TokenCallback
from textual._xterm_parser import BRACKETED_PASTE_END, BRACKETED_PASTE_START, XTermParser
from textual.drivers.linux_driver import LinuxDriver

from iconcat.graphics.replies import certainly_reply, is_reply, may_be_reply

if TYPE_CHECKING:  # pragma: no cover - typing only
    from textual.driver import Driver
    from textual.message import Message

__all__ = ["REPLY_PATIENCE", "ReplyFilteringDriver", "ReplyFilteringParser", "input_driver"]

REPLY_PATIENCE = 1.0
"""Seconds an answer that has begun may pause before the rest of it (one write by the terminal, so in
practice it comes whole or in packets milliseconds apart)."""

_ESC = "\x1b"
_PASTE_MARK = len(BRACKETED_PASTE_START)


class ReplyFilteringParser(XTermParser):
    """Textual's input parser, minus the answers to our start-up query (module docstring)."""

    def parse(self, token_callback: TokenCallback[Message]) -> Generator[Read1 | Peek1, str, None]:
        textual = super().parse(token_callback)
        awaiting = next(textual)
        held = ""  # the beginning of what may be an answer, not yet handed on
        recent = ""  # the last characters handed on: where a bracketed paste starts and ends
        pasting = False  # inside a paste everything is the person's text: nothing is held or dropped

        def hand_on(text: str) -> None:
            nonlocal awaiting, recent, pasting
            for character in text:
                awaiting = textual.send(character)
                recent = (recent + character)[-_PASTE_MARK:]
                if recent == BRACKETED_PASTE_START:
                    pasting = True
                elif recent == BRACKETED_PASTE_END:
                    pasting = False

        while True:
            if held:
                patience = REPLY_PATIENCE if certainly_reply(held) else constants.ESCAPE_DELAY
                wanted: Read1 | Peek1 = self.read1(patience)
            else:
                wanted = awaiting
            try:
                character = yield wanted
            except ParseTimeout:
                if held and certainly_reply(held):
                    held = ""  # a broken answer: dropped, never typed
                    continue
                # Textual's own wait ran out, or ours did on what may be keys: Textual then sees the
                # same expiry it would have seen had it held them itself (a lone ESC is Escape now).
                hand_on(held)
                held = ""
                awaiting = textual.throw(ParseTimeout())
                continue
            except ParseEOF:
                hand_on(held)
                try:
                    textual.throw(ParseEOF())
                except StopIteration:
                    pass
                return
            if pasting or not (held or character == _ESC):
                hand_on(character)
                continue
            candidate = held + character
            if is_reply(candidate):
                held = ""
            elif may_be_reply(candidate):
                held = candidate
            else:
                hand_on(held)
                held = ""
                if character == _ESC and not pasting:
                    held = character  # it may begin the next answer
                else:
                    hand_on(character)


class ReplyFilteringDriver(LinuxDriver):
    """Textual's Linux driver, reading keys with `ReplyFilteringParser`, and restoring at exit the
    terminal's settings from before the start-up query."""

    def start_application_mode(self) -> None:
        """Textual's start; then the settings to restore at exit (and on Ctrl-Z) are the ones from before
        the query, not the quiet ones the launch left until now (`iconcat.graphics.detect.quiet_terminal`)."""
        super().start_application_mode()  # type: ignore[no-untyped-call]  # (untyped in Textual)
        settings = getattr(getattr(self._app, "pictures", None), "terminal_settings", None)
        if settings is not None and self.attrs_before is not None:
            self.attrs_before = settings

    def run_input_thread(self) -> None:
        """Textual 8.2's `LinuxDriver.run_input_thread`, with `ReplyFilteringParser` as the parser
        (the tests compare the original's source with the one this was copied from)."""
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)

        fileno = self.fileno
        EVENT_READ = selectors.EVENT_READ

        parser = ReplyFilteringParser(self._debug)
        feed = parser.feed
        tick = parser.tick

        utf8_decoder = getincrementaldecoder("utf-8")().decode
        decode = utf8_decoder
        read = os.read

        def process_selector_events(
            selector_events: list[tuple[selectors.SelectorKey, int]],
            final: bool = False,
        ) -> None:
            for last, (_selector_key, mask) in loop_last(selector_events):
                if mask & EVENT_READ:
                    unicode_data = decode(read(fileno, 1024 * 4), final=final and last)
                    if not unicode_data:
                        # This can occur if the stdin is piped
                        break
                    for event in feed(unicode_data):
                        self.process_message(event)
            for event in tick():
                self.process_message(event)

        try:
            while not self.exit_event.is_set():
                process_selector_events(selector.select(0.1))
            selector.unregister(self.fileno)
            process_selector_events(selector.select(0.1), final=True)

        finally:
            selector.close()
            try:
                for _event in feed(""):
                    pass
            except (EOFError, ParseError):
                pass


def input_driver(textual_choice: type[Driver]) -> type[Driver]:
    """The driver class to run the app with: ours where Textual would use its Linux driver (macOS
    too), Textual's own choice anywhere else (Windows, a driver named in ``TEXTUAL_DRIVER``)."""
    return ReplyFilteringDriver if textual_choice is LinuxDriver else textual_choice
