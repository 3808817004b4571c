"""`query_terminal` against a pseudo-terminal where the test plays the terminal: it reads the query,
answers (all at once, in pieces, partly, or never), and the function must return what was answered,
within its deadline, with the terminal's settings as they were. No timing is asserted: a function that
never returned would fail by the suite's timeout, and a silent terminal must still come back as blocks.
"""

from __future__ import annotations

import os
import select
import termios
import threading
from collections.abc import Iterator

import pytest

from iconcat.graphics import detect as detect_module
from iconcat.graphics.detect import QUERY, decide, query_terminal, quiet_terminal
from iconcat.graphics.kitty import wrap_for_tmux

KITTY_QUERY = "\x1b_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\"
KITTY_REPLIES = ["\x1bP>|kitty(0.35.2)\x1b\\\x1b_Gi=31;OK", "\x1b\\\x1b[6;20;10t", "\x1b[?62;c"]
GENEROUS = 10.0
"""A deadline no answering terminal comes near, so a loaded machine cannot turn an answer into silence."""


class PlayedTerminal:
    """The terminal side (the pty's master): collects what the program writes, and once the whole
    query is in, writes `answers` (each a separate write), then keeps collecting until stopped."""

    def __init__(self, master: int, answers: list[str], query: str = QUERY) -> None:
        self.master, self.answers, self.query = master, answers, query
        self.received = bytearray()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        answered = False
        while not self.stop.is_set():
            readable, _, _ = select.select([self.master], [], [], 0.02)
            if readable:
                try:
                    self.received += os.read(self.master, 4096)
                except OSError:
                    return
            if not answered and self.received.endswith(self.query.encode()):
                answered = True
                for answer in self.answers:
                    os.write(self.master, answer.encode())

    def finish(self) -> bytes:
        self.stop.set()
        self.thread.join(5)
        # What is left (an echo would be here) once the program is done.
        while select.select([self.master], [], [], 0)[0]:
            try:
                chunk = os.read(self.master, 4096)
            except OSError:
                break
            if not chunk:
                break
            self.received += chunk
        return bytes(self.received)


@pytest.fixture
def pty() -> Iterator[tuple[int, int]]:
    master, slave = os.openpty()
    try:
        yield master, slave
    finally:
        os.close(slave)
        os.close(master)


def test_a_kitty_terminal_answering_in_pieces(pty) -> None:
    master, slave = pty
    before = termios.tcgetattr(slave)
    terminal = PlayedTerminal(master, KITTY_REPLIES)
    replies = query_terminal(slave, timeout=GENEROUS)
    written = terminal.finish()
    assert replies == "".join(KITTY_REPLIES)
    # The query went out whole, and nothing came back as echo: the exchange ran without ECHO.
    assert written == QUERY.encode()
    assert termios.tcgetattr(slave) == before
    detection = decide({"TERM": "xterm-kitty", "COLORTERM": "truecolor"}, replies)
    assert (detection.mode, detection.cell_size) == ("kitty", (10, 20))


def test_a_silent_terminal_gives_blocks(pty) -> None:
    master, slave = pty
    before = termios.tcgetattr(slave)
    terminal = PlayedTerminal(master, [])
    replies = query_terminal(slave, timeout=0.2)
    terminal.finish()
    assert replies == ""
    assert termios.tcgetattr(slave) == before
    assert decide({"TERM": "xterm-kitty"}, replies).mode == "blocks"


def test_a_partial_answer_gives_blocks(pty) -> None:
    master, slave = pty
    terminal = PlayedTerminal(master, ["\x1b_Gi=31;OK\x1b\\", "\x1b[?62;"])  # DA1 never finished
    replies = query_terminal(slave, timeout=0.3)
    terminal.finish()
    assert replies == "\x1b_Gi=31;OK\x1b\\\x1b[?62;"
    assert decide({"TERM": "xterm-kitty"}, replies).mode == "blocks"


def test_in_tmux_the_kitty_query_goes_through_passthrough_and_its_late_answer_is_awaited(pty) -> None:
    master, slave = pty
    query = QUERY.replace(KITTY_QUERY, wrap_for_tmux(KITTY_QUERY))
    # tmux answers DA1 itself, before the outer terminal's kitty answer comes back.
    terminal = PlayedTerminal(master, ["\x1bP>|tmux 3.4\x1b\\\x1b[?1;2;4c", "\x1b_Gi=31;OK\x1b\\"], query=query)
    replies = query_terminal(slave, timeout=GENEROUS, tmux_passthrough=True)
    written = terminal.finish()
    assert written == query.encode()
    assert "\x1bPtmux;\x1b\x1b_Gi=31" in written.decode()
    assert replies.endswith("\x1b_Gi=31;OK\x1b\\")


def test_the_settings_are_restored_when_reading_fails(pty, monkeypatch) -> None:
    master, slave = pty
    before = termios.tcgetattr(slave)

    def broken_select(*args, **kwargs):
        raise RuntimeError("select broke")

    monkeypatch.setattr(detect_module.select, "select", broken_select)
    with pytest.raises(RuntimeError, match="select broke"):
        query_terminal(slave, timeout=GENEROUS)
    assert termios.tcgetattr(slave) == before


def test_no_query_is_written_where_there_is_no_terminal() -> None:
    read_end, write_end = os.pipe()
    try:
        assert query_terminal(write_end, timeout=GENEROUS) == ""
        assert select.select([read_end], [], [], 0)[0] == []  # nothing written into the pipe
    finally:
        os.close(read_end)
        os.close(write_end)


def test_answers_after_the_deadline_are_not_echoed_while_the_terminal_is_quiet(pty) -> None:
    """Between the query's deadline and the app's raw mode, a late answer must not be echoed onto the
    screen; the settings come back whole when the block ends."""
    master, slave = pty
    before = termios.tcgetattr(slave)
    assert before[3] & termios.ECHO
    with quiet_terminal(slave) as saved:
        assert saved == before
        assert not termios.tcgetattr(slave)[3] & termios.ECHO
        terminal = PlayedTerminal(master, [])  # silent within the deadline
        assert query_terminal(slave, timeout=0.2) == ""
        written = terminal.finish()
        assert not termios.tcgetattr(slave)[3] & termios.ECHO, "still quiet after the query"
        os.write(master, KITTY_REPLIES[0].encode())  # the late answer
        late = b""
        while select.select([master], [], [], 0.2)[0]:
            late += os.read(master, 4096)
        assert late == b"", "the late answer was echoed"
        assert os.read(slave, 4096).decode() == KITTY_REPLIES[0], "it waits in the input for the app"
    assert written == QUERY.encode()
    assert termios.tcgetattr(slave) == before


def test_quiet_terminal_changes_nothing_where_there_is_no_terminal() -> None:
    read_end, write_end = os.pipe()
    try:
        with quiet_terminal(write_end) as saved:
            assert saved is None
        with quiet_terminal(-1) as saved:
            assert saved is None
    finally:
        os.close(read_end)
        os.close(write_end)
