"""Copying inside tmux (`iconcat.clipboard`): against a real tmux server of the test's own, with and
without a terminal attached, under each `set-clipboard`; and what is decided for tmux before 3.2."""

from __future__ import annotations

import base64

import pytest

from iconcat.clipboard import TmuxState, copy_in_tmux, inside_tmux, parse_state, plan_copy
from tests.support.tmux import attached, tmux_server

TEXT = "tabler:arrow-up — Arrow Up"


@pytest.fixture
def server():
    with tmux_server() as running:
        yield running


def osc52(text: str) -> bytes:
    """The clipboard escape tmux writes to its terminal for `text` (tmux 3.2+: no selection named)."""
    return b"\x1b]52;;" + base64.b64encode(text.encode())


@pytest.mark.parametrize("setting", ["off", "external", "on"])
def test_with_no_terminal_attached_the_text_is_in_tmuxs_buffer_and_the_notice_says_so(server, setting):
    server.set_clipboard(setting)
    copied = copy_in_tmux(TEXT, server.env)
    assert server.buffer() == TEXT
    assert (copied.where, copied.app_osc52) == ("buffer", False)
    title, message, severity = copied.notice("the name “Arrow Up”")
    assert title == "Copied to tmux's buffer" and severity == "warning"
    assert message.startswith("Copied the name “Arrow Up” to tmux's buffer (prefix ] pastes it), not to the clipboard")
    if setting == "off":
        assert "set-clipboard is off; `set -g set-clipboard on`" in message
    else:
        assert "no terminal is attached to tmux" in message


@pytest.mark.parametrize("setting", ["external", "on"])
def test_tmux_sends_the_text_on_to_the_attached_terminals_clipboard(server, setting):
    server.set_clipboard(setting)
    with attached(server) as terminal:
        copied = copy_in_tmux(TEXT, server.env)
        assert copied.where == "clipboard" and not copied.app_osc52
        assert copied.notice("the name “Arrow Up”")[:2] == ("Copied", "Copied the name “Arrow Up”.")
        terminal.wait_for(osc52(TEXT))  # what tmux wrote to the terminal it is attached to
    assert server.buffer() == TEXT


def test_with_set_clipboard_off_tmux_keeps_it_to_its_buffer_and_the_notice_says_what_to_set(server):
    server.set_clipboard("off")
    with attached(server):
        copied = copy_in_tmux(TEXT, server.env)
    assert copied.where == "buffer" and server.buffer() == TEXT
    assert "`set -g set-clipboard on`" in copied.notice("the name “Arrow Up”")[1]


def test_a_terminal_tmux_does_not_know_to_take_the_clipboard_is_named_with_the_setting(server):
    server.set_clipboard("external")
    with attached(server, term="screen"):  # tmux's defaults give screen* no clipboard feature
        copied = copy_in_tmux(TEXT, server.env)
    assert copied.where == "buffer" and server.buffer() == TEXT
    assert "if it does, `set -as terminal-features ',screen:clipboard'`" in copied.notice("it")[1]


def test_a_tmux_that_does_not_answer_leaves_the_apps_own_escape_and_says_it_is_unsure(server, tmp_path):
    env = {**server.env, "TMUX": f"{tmp_path / 'no-server'},1,0"}
    copied = copy_in_tmux(TEXT, env)
    assert copied.where == "unsure" and copied.app_osc52
    title, message, _ = copied.notice("the name “Arrow Up”")
    assert "tmux did not answer" in message and "`set -g set-clipboard on`" in message
    assert server.buffer() == ""  # (its own server was never given it)


def test_inside_tmux_is_told_by_tmux_variable():
    assert inside_tmux({"TMUX": "/tmp/tmux-0/default,1,0"}) and not inside_tmux({"TERM": "tmux-256color"})


def test_what_tmux_says_is_read_with_its_version_from_either_place():
    state = parse_state("3.3a|external|xterm-256color|256,RGB,clipboard,title\n")
    assert state == TmuxState((3, 3), "external", "xterm-256color", frozenset({"256", "RGB", "clipboard", "title"}))
    assert parse_state("|on||", "tmux 3.1c\n").version == (3, 1)
    assert parse_state("not an answer") is None


def test_before_3_2_the_apps_escape_is_used_with_set_clipboard_on_and_the_buffer_otherwise():
    on = plan_copy(TmuxState((3, 1), "on", "xterm-256color", frozenset()))
    assert (on.load_buffer, on.app_osc52, on.reaches_clipboard) == (False, True, True)
    external = plan_copy(TmuxState((3, 1), "external", "xterm-256color", frozenset()))
    assert (external.load_buffer, external.send_on, external.reaches_clipboard) == (True, False, False)
    assert external.advice == "tmux 3.1 passes a copy on only with `set -g set-clipboard on`"


def test_the_terminal_name_tmux_gives_is_shown_clean():
    plan = plan_copy(TmuxState((3, 3), "on", "evil\x1b]52;c;aGk=\x07term", frozenset()))
    assert "\x1b" not in plan.advice and "\x07" not in plan.advice
