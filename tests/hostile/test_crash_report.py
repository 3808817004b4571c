"""Textual's crash report and its log file (TEXTUAL_LOG): no token, no escape sequence from the catalogue.

Textual's crash report prints every frame's local variables: the token must not be among them.

Nothing a service sends is known to crash the browser (the other hostile tests try hard), so the crash
is injected: a child process replaces one method of the app with one that raises, then runs the real
`iconcat browse` on a pseudo-terminal with the token in its settings. The report Textual prints is read
back as bytes: it must be there (else the test proves nothing) and must not hold the token.
"""

from __future__ import annotations

import sys
import textwrap

from tests.conftest import TEST_TOKEN
from tests.support.hostile import hostile_env, script_catalogue, walk_every_icon
from tests.support.pty import DOWN, ENTER, ESCAPE, PtyProcess

INJECTED = "injected failure for the crash report test"


def _run_with_fault(server, download_dir, patch: str, keys: list[str]) -> PtyProcess:
    """`iconcat browse zz` with `patch` applied first; type `keys` once results show."""
    script = textwrap.dedent(
        f"""
        import sys
        {patch}
        from iconcat.cli import main
        sys.exit(main(["browse", "zz"]))
        """
    )
    command = [sys.executable, "-c", script]
    with PtyProcess(command, env=hostile_env(server, download_dir), columns=140, rows=40) as terminal:
        terminal.wait_for("zz one", "the results")
        terminal.settle()
        for key in keys:
            terminal.send(key, pause=0.2)
            terminal.settle()
        terminal.wait_for(lambda t: t.process.poll() is not None, "the app to stop after the crash", timeout=30)
        terminal.finish()
    return terminal


def test_a_crash_while_browsing_reports_without_the_token(server, download_dir):
    script_catalogue(server, ["zz one", "zz two"])
    patch = textwrap.dedent(
        f"""
        from iconcat.tui.widgets import detail_pane
        def broken(self, icon):
            if icon is not None and icon.name == "zz two":
                raise RuntimeError({INJECTED!r})
        detail_pane.DetailPane.watch_icon = broken
        """
    ).replace("\n", "\n        ")
    terminal = _run_with_fault(server, download_dir, patch, [DOWN, DOWN])
    assert INJECTED in terminal.visible, "the crash report was printed (else this test proves nothing)"
    assert "locals" in terminal.visible or "self = " in terminal.visible or "icon = " in terminal.visible
    assert TEST_TOKEN not in terminal.text


def test_a_crash_in_the_connect_screen_reports_without_the_token(server, download_dir):
    script_catalogue(server, ["zz one"])
    patch = textwrap.dedent(
        f"""
        from iconcat.tui.screens import connect
        def broken(self, text, kind):
            raise RuntimeError({INJECTED!r})
        connect.ConnectScreen._say = broken
        """
    ).replace("\n", "\n        ")
    # Down to the results, c for the connect screen (it holds the configured token), ctrl+t to test.
    terminal = _run_with_fault(server, download_dir, patch, [DOWN, "\x0f", "\x14"])
    assert INJECTED in terminal.visible, "the crash report was printed (else this test proves nothing)"
    assert TEST_TOKEN not in terminal.text


def _browse_logging_to(log, server, download_dir) -> PtyProcess:
    """`iconcat browse zz` on a 140×40 terminal, Textual writing every message to `log` (TEXTUAL_LOG)."""
    env = {**hostile_env(server, download_dir), "TEXTUAL_LOG": str(log)}
    return PtyProcess.iconcat("browse", "zz", env=env, columns=140, rows=40)


def test_textuals_log_file_never_holds_the_token(server, download_dir, tmp_path):
    """Textual writes every message to TEXTUAL_LOG; open the connect screen (it holds the token) and test."""
    script_catalogue(server, ["zz one"])
    log = tmp_path / "textual.log"
    with _browse_logging_to(log, server, download_dir) as terminal:
        terminal.wait_for("zz one", "the results")
        terminal.settle()
        for key in (DOWN, "\x0f", "\x14", ESCAPE):  # results, connect screen (ctrl+o), ctrl+t test, close
            terminal.send(key, pause=0.2)
            terminal.settle()
        terminal.quit()
    text = log.read_text()
    assert "Input.Changed" in text, "Textual logged the messages (else this test proves nothing)"
    assert TEST_TOKEN not in text


def test_textuals_log_file_holds_no_escape_sequence_from_hostile_names(server, download_dir, tmp_path):
    """`cat textual.log` replays whatever bytes it holds on a terminal: names must be there escaped."""
    from tests.support.hostile import HOSTILE_NAMES

    script_catalogue(server, HOSTILE_NAMES)
    log = tmp_path / "textual.log"
    with _browse_logging_to(log, server, download_dir) as terminal:
        terminal.wait_for("zz [/", "the results")
        walk_every_icon(terminal, len(HOSTILE_NAMES), DOWN)
        terminal.send(ENTER)
        terminal.settle()
        terminal.send(ENTER)  # download the last one: its name reaches the downloads panel and a notification
        terminal.quit()
    text = log.read_text(encoding="utf-8", errors="replace")
    assert "IconHighlighted" in text or "Highlighted" in text, "Textual logged the messages (else this proves nothing)"
    for forbidden in ("\x1b", "\x9b", "\x9d", "\u202e", "\u2066", "\x07"):
        assert forbidden not in text, f"{forbidden!r} in the log file"
