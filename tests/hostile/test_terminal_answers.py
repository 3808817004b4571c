"""The terminal's answers to the start-up query, played on a real pseudo-terminal (issue 21, items 20, 21).

The real `iconcat browse` runs on a pty; the test is the terminal: it sees the batched query among the
bytes the app writes, and answers as a given terminal would, at once or late (after the app has
started, as over an ssh link with a long round trip). What the person then sees, and what the search
sends to the catalogue, must hold only what the person typed; the help screen (`?`) says which
pictures were chosen and why.
"""

from __future__ import annotations

import fcntl
import os
import re
import termios
import time

from iconcat.graphics.detect import QUERY
from tests.support.hostile import PICKER_SHOWN, hostile_env, script_catalogue
from tests.support.pty import DOWN, ESCAPE, PtyProcess, visible_text

PATIENT = {"ICONCAT_QUERY_TIMEOUT": "5"}
"""For tests whose answers must arrive in time: the deadline long (the answers end the wait at once)."""
KITTY_ANSWERS = "\x1b_Gi=31;OK\x1b\\" + "\x1b[6;20;10t" + "\x1b[4;480;800t" + "\x1b[?62;c"
"""kitty's answers to the query after its XTVERSION (kitty's DA1 is ``?62;c``: no sixel)."""


def xtversion(name: str) -> str:
    return f"\x1bP>|{name}\x1b\\"


KITTY_HINTS = {"TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"}


def _asked(terminal: PtyProcess) -> bool:
    return QUERY.encode() in terminal.output


def _searched(server) -> list[str]:
    return [request.query.get("name", [""])[0] for request in server.requests_for("/api/v1/search")]


def _help(terminal: PtyProcess) -> str:
    """What the help screen shows (opened from the results, where `?` is a key, not a letter), as one
    line of words: its lines joined, the dialog's borders and scroll bar left out."""
    terminal.send(DOWN)  # from the search box to the results
    terminal.settle()
    terminal.send("?")
    terminal.wait_for(PICKER_SHOWN, "the help screen")
    terminal.settle()
    mark = terminal.mark()
    terminal.send("\x1b[F")  # End: the line about pictures closes the help
    terminal.wait_for(lambda t: "This terminal:" in _words(t.since(mark)), "the help screen's line about pictures")
    terminal.settle()
    return _words(terminal.since(mark))


def _words(output: str) -> str:
    """The words `output` shows, as one line (borders, scroll bars and line ends left out)."""
    return " ".join(re.sub(r"[^\x20-\x7e]", " ", visible_text(output)).split())


def test_late_answers_are_not_typed_into_the_search_box(server, download_dir):
    """Item 20: kitty's answers arrive after the query's deadline, when the app reads keys: dropped."""
    script_catalogue(server, ["zz one", "zz two"])
    env = {**hostile_env(server, download_dir), **KITTY_HINTS}
    with PtyProcess.iconcat("browse", env=env, columns=160, rows=40) as terminal:
        terminal.wait_for(_asked, "the start-up query")
        # Not answered in time: the app starts (blocks) and reads the keyboard; only then the answers.
        terminal.wait_for("Search", "the first screen")
        terminal.settle()
        mark = terminal.mark()
        terminal.send(xtversion("kitty(0.35.2)") + KITTY_ANSWERS)
        terminal.type("zz")
        terminal.wait_for("zz two", "the results of the search for zz")
        terminal.settle()
        assert _searched(server), "a search was sent"
        assert all(name in ("z", "zz") for name in _searched(server)), _searched(server)
        assert _searched(server)[-1] == "zz"
        shown = visible_text(terminal.since(mark))  # (the query itself was written before)
        assert "kitty(0.35.2)" not in shown and "Gi=31" not in shown and "62;c" not in shown
        help_text = _help(terminal)
        assert "This terminal: blocks" in help_text, "a late answer does not change the choice made at start"
        assert "did not answer the query in time" in help_text
        terminal.send(ESCAPE)  # the help screen closed
        status = terminal.quit()
    assert status == 0, terminal.visible[-2000:]
    assert "Traceback" not in terminal.text


def test_answers_between_the_deadline_and_the_app_are_neither_echoed_nor_typed(server, download_dir):
    """Item 20: answers that miss the query's deadline by a little arrive before Textual reads the
    keyboard; the terminal stays quiet until then (no echo on the screen the app leaves), and the app
    restores the terminal's own settings at exit, echo included."""
    script_catalogue(server, ["zz one", "zz two"])
    env = {**hostile_env(server, download_dir), **KITTY_HINTS}
    terminal = PtyProcess.iconcat("browse", env=env, columns=160, rows=40)
    device = os.open(terminal.terminal_name, os.O_RDWR | os.O_NOCTTY)  # to read its settings at the end
    try:
        terminal.wait_for(_asked, "the start-up query")
        time.sleep(0.16)  # just past the 150 ms deadline: Textual is still starting (not asserted on)
        terminal.send(xtversion("kitty(0.35.2)") + KITTY_ANSWERS)
        terminal.wait_for("Search", "the first screen")
        terminal.settle()
        terminal.type("zz")
        terminal.wait_for("zz two", "the results of the search for zz")
        terminal.settle()
        assert all(name in ("z", "zz") for name in _searched(server)), _searched(server)
        terminal.send(DOWN)
        terminal.settle()
        terminal.send("q")
        terminal.wait_for(lambda t: t.process.poll() is not None, "the app's end")
        settings_after = termios.tcgetattr(device)
        status = terminal.finish()
    finally:
        terminal.close()
        os.close(device)
    assert status == 0, terminal.visible[-2000:]
    output = terminal.text
    assert "kitty(0.35.2)" not in output and "^[" not in output, "the answer was echoed"
    assert settings_after[3] & termios.ECHO and settings_after[3] & termios.ICANON, "the terminal's settings are back"


def test_kitty_before_0_28_draws_blocks_and_help_says_why(server, download_dir):
    """Item 21: Debian's kitty 0.26.5 answers the graphics query OK but has no Unicode placeholders."""
    script_catalogue(server, ["zz one", "zz two"])
    # The answer is sent as soon as the query is read, but this test's process may not run within the
    # 150 ms deadline on a loaded machine: a long deadline (ended at once by the answer) removes the race.
    env = {**hostile_env(server, download_dir), **KITTY_HINTS, "ICONCAT_VIEW": "gallery", **PATIENT}
    with PtyProcess.iconcat("browse", "zz", env=env, columns=160, rows=40) as terminal:
        terminal.wait_for(_asked, "the start-up query")
        terminal.send(xtversion("kitty(0.26.5)") + KITTY_ANSWERS)  # at once: within the (long) deadline
        terminal.wait_for("zz two", "the results")
        terminal.settle()
        help_text = _help(terminal)
        assert "This terminal: blocks" in help_text
        assert "kitty 0.26.5 has no Unicode placeholders" in help_text
        terminal.send(ESCAPE)
        status = terminal.quit()
    assert status == 0, terminal.visible[-2000:]
    output = terminal.text
    assert "\x1b_Ga=T" not in output, "no picture was sent to kitty"
    assert "\U0010eeee" not in output, "no placeholder cell was drawn (kitty 0.26.5 shows each as a box)"


def _on_this_terminal() -> None:
    """In the child: make the pty (its stdin) the controlling terminal, as a login shell's is."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def test_with_stderr_redirected_the_terminal_drawn_on_is_asked(server, download_dir, tmp_path):
    """Item 21: `iconcat browse 2>log` draws on the terminal (`on_the_terminal`), so that terminal is asked."""
    script_catalogue(server, ["zz one", "zz two"])
    env = {**hostile_env(server, download_dir), **KITTY_HINTS, **PATIENT}
    log = os.open(tmp_path / "log", os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        terminal = PtyProcess.iconcat(
            "browse", "zz", env=env, columns=160, rows=40, stderr=log, preexec_fn=_on_this_terminal
        )
    finally:
        os.close(log)
    with terminal:
        terminal.wait_for(_asked, "the start-up query, on the terminal though stderr is a file")
        terminal.send(xtversion("kitty(0.35.2)") + KITTY_ANSWERS)
        terminal.wait_for("zz two", "the results")
        terminal.settle()
        help_text = _help(terminal)
        assert "not drawing on a terminal" not in help_text
        assert "This terminal: true pixels (kitty graphics)" in help_text
        assert "kitty answered the kitty graphics query" in help_text
        terminal.send(ESCAPE)
        status = terminal.quit()
    assert status == 0, terminal.visible[-2000:]
    assert "Traceback" not in (tmp_path / "log").read_text()
