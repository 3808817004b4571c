"""The terminal's late answers to the start-up query are never typed (issue 21, item 20).

`ReplyFilteringParser` is fed what a terminal sends, as Textual's driver feeds it, and must give the
events Textual's own parser gives minus the answers to our query: the answers whole, split at any
byte, between keys; and everything else (keys, Escape, mouse, pastes, resizes, mode reports) exactly
as Textual's parser gives it. The pin tests fail when a Textual upgrade changes what the filter and
the driver rely on. The whole app on a pseudo-terminal is in tests/hostile/test_terminal_answers.py.
"""

from __future__ import annotations

import hashlib
import inspect

import pytest
import textual
import textual._parser as textual_parser
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver

from iconcat.graphics.replies import certainly_reply, is_reply, may_be_reply
from iconcat.tui.app import IconcatApp
from iconcat.tui.connection import Connection
from iconcat.tui.terminal_input import ReplyFilteringDriver, ReplyFilteringParser, input_driver

KITTY_LATE = "\x1bP>|kitty(0.35.2)\x1b\\" + "\x1b_Gi=31;OK\x1b\\" + "\x1b[6;20;10t" + "\x1b[4;480;800t" + "\x1b[?62;c"
"""kitty's answers to the whole query, as they arrive 1.5 s late over a slow ssh link."""
OTHER_ANSWERS = (
    "\x1bP>|XTerm(390)\x07",  # BEL as the terminator
    "\x1b_Gi=31;ENOTSUPPORTED:no graphics\x1b\\",
    "\x1b[?61;4;6;7;14;21;22;23;24;28;32;42;52c",  # Windows Terminal: longer than Textual's 32-character search
    "\x1b[?1;2c",
)


def events(parser_class: type[XTermParser], chunks: list[str], *, pause_between: bool = False) -> list[tuple]:
    """What `parser_class` makes of `chunks`, each one read; with `pause_between`, a long pause after
    each (Textual's escape delay runs out: a lone ESC is Escape)."""
    parser = parser_class()
    found = []
    for chunk in chunks:
        found += parser.feed(chunk)
        if pause_between:
            found += _after_a_pause(parser)
    found += _after_a_pause(parser)
    fields = ("key", "character", "text")
    return [(type(event).__name__, *(getattr(event, name, None) for name in fields)) for event in found]


def _after_a_pause(parser: XTermParser) -> list:
    """`tick()` as the driver calls it, once the parser's wait has run out (its clock moved on, not slept)."""
    clock = textual_parser.get_time
    textual_parser.get_time = lambda: clock() + 60.0
    try:
        return list(parser.tick())
    finally:
        textual_parser.get_time = clock


def typed(parser_class: type[XTermParser], chunks: list[str], **options) -> str:
    """The characters the keys of `chunks` type."""
    return "".join(character or "" for kind, _key, character, _text in events(parser_class, chunks, **options))


def test_textual_alone_types_the_late_answers():
    # The bug, shown on Textual's own parser: the answers become keys before the person's word.
    assert typed(XTermParser, [KITTY_LATE + "home"]).startswith("^P>|kitty(0.35.2)^\\^_Gi=31;OK^\\")


def test_late_answers_are_dropped_and_the_word_typed_after_them_kept():
    assert typed(ReplyFilteringParser, [KITTY_LATE + "home"]) == "home"
    assert events(ReplyFilteringParser, [KITTY_LATE + "home"]) == events(XTermParser, ["home"])
    # Between the person's keys, and each answer alone.
    assert typed(ReplyFilteringParser, ["ho", KITTY_LATE, "me"]) == "home"
    for answer in OTHER_ANSWERS:
        assert typed(ReplyFilteringParser, ["a" + answer + "b"]) == "ab", repr(answer)


@pytest.mark.parametrize("cut", range(1, len(KITTY_LATE)))
def test_answers_split_at_any_byte_are_still_dropped(cut):
    # A slow link delivers one write in packets: every split point, read by read (no pause between).
    assert typed(ReplyFilteringParser, ["x" + KITTY_LATE[:cut], KITTY_LATE[cut:] + "y"]) == "xy"


@pytest.mark.parametrize(
    "chunks",
    [
        ["\x1b"],  # Escape
        ["\x1b\x1b"],
        ["\x1bP"],  # Alt+Shift+P: the start of a DCS, then nothing
        ["\x1b_"],
        ["\x1b["],
        ["\x1b[A", "\x1b[B"],
        ["\x1b[6;5~"],  # Ctrl+PageDown: begins like the cell-size answer
        ["\x1b[4~"],
        ["\x1b[1;5A"],
        ["\x1b[<0;10;5M", "\x1b[<0;10;5m"],  # mouse
        ["\x1b[200~pasted \x1b[6;20;10t text\x1b[201~"],  # a paste is the person's, whatever it holds
        ["\x1b[?2026;2$y"],  # Textual's own mode report: its answer, not ours
        ["\x1b[48;24;80;480;800t"],  # in-band resize
        ["\x1b[I", "\x1b[O"],  # focus in, out
        ["\x1b", "[6;5~"],
        ["q\x1bOP"],
    ],
)
def test_everything_else_reaches_textual_as_before(chunks):
    for pause_between in (False, True):
        assert events(ReplyFilteringParser, chunks, pause_between=pause_between) == events(
            XTermParser, chunks, pause_between=pause_between
        )


def test_a_stalled_answer_is_dropped_not_typed():
    # The rest of an answer that never comes: after the patience, the beginning is thrown away.
    assert typed(ReplyFilteringParser, ["\x1bP>|kitty(0.3", "a"], pause_between=True) == "a"
    assert typed(ReplyFilteringParser, ["\x1b_Gi=31;O", "a"], pause_between=True) == "a"


def test_the_reply_grammar():
    assert all(is_reply(answer) for answer in OTHER_ANSWERS)
    assert is_reply("\x1b[6;20;10t") and is_reply("\x1b[4;480;800t") and is_reply("\x1b[?62;c")
    assert not is_reply("\x1b[48;24;80;480;800t") and not is_reply("\x1b[?2026;2$y") and not is_reply("\x1b[6;5~")
    assert may_be_reply("\x1b") and may_be_reply("\x1b[6;5") and may_be_reply("\x1bP>|kitty(0.35.2)\x1b")
    assert not may_be_reply("\x1b[6;5~") and not may_be_reply("\x1bPq") and not may_be_reply("\x1b[2")
    assert certainly_reply("\x1bP>|") and certainly_reply("\x1b_G") and not certainly_reply("\x1b[6;")


# ----------------------------------------------------------------------------- the pins on Textual

RUN_INPUT_THREAD_SHA256 = "d796af6d69db337d6fa6bd463984f7d17188d991dbb22f60efb92a8a9619507c"
"""Textual 8.2's `LinuxDriver.run_input_thread`, which `ReplyFilteringDriver.run_input_thread` copies."""


def test_pinned_to_the_textual_minor_version_it_was_written_for():
    assert textual.__version__.startswith("8.2."), "re-check iconcat.tui.terminal_input against this Textual"
    source = inspect.getsource(LinuxDriver.run_input_thread)
    assert hashlib.sha256(source.encode()).hexdigest() == RUN_INPUT_THREAD_SHA256, (
        "Textual's LinuxDriver.run_input_thread changed: copy it again into ReplyFilteringDriver.run_input_thread"
    )
    assert "XTermParser(self._debug)" in source
    # The filter wraps XTermParser.parse: a generator on `token_callback`, fed one character per
    # `send` (it never peeks, or the filter would see characters twice), and the exceptions it takes.
    assert list(inspect.signature(XTermParser.parse).parameters) == ["self", "token_callback"]
    assert "peek1" not in inspect.getsource(XTermParser.parse)
    assert list(inspect.signature(XTermParser.__init__).parameters) == ["self", "debug"]
    assert issubclass(textual_parser.ParseTimeout, textual_parser.ParseError)
    assert textual_parser.Read1(0.1).timeout == 0.1
    assert "ParseTimeout" in inspect.getsource(textual_parser.Parser.tick)


def test_the_app_reads_keys_through_the_filtering_driver(tmp_path):
    from textual.drivers.headless_driver import HeadlessDriver

    assert input_driver(LinuxDriver) is ReplyFilteringDriver
    assert input_driver(HeadlessDriver) is HeadlessDriver  # any other choice (TEXTUAL_DRIVER) is left alone
    app = IconcatApp(Connection.service("http://127.0.0.1:9", "token", tmp_path))
    assert app.driver_class is ReplyFilteringDriver


def test_the_driver_restores_the_settings_from_before_the_query(monkeypatch):
    """The launch left the terminal quiet (echo off) until Textual's start; Textual saves what it finds
    to restore at exit and on a suspend: the driver makes that the settings from before the query."""
    from types import SimpleNamespace

    monkeypatch.setattr(LinuxDriver, "start_application_mode", lambda self: setattr(self, "attrs_before", ["quiet"]))
    driver = ReplyFilteringDriver.__new__(ReplyFilteringDriver)  # (no signal handlers, no terminal)
    driver._app = SimpleNamespace(pictures=SimpleNamespace(terminal_settings=["before the query"]))  # type: ignore[assignment]
    driver.start_application_mode()
    assert driver.attrs_before == ["before the query"]
    driver._app = SimpleNamespace(pictures=SimpleNamespace(terminal_settings=None))  # type: ignore[assignment]
    driver.start_application_mode()
    assert driver.attrs_before == ["quiet"], "nothing known from before: Textual's own choice"
