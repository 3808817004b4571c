"""The mode decision for `--graphics auto`: a table of terminal families, each with the environment it
sets and the answers it gives to the batched query (`iconcat.graphics.detect`).

The canned answers are shaped as each terminal documents or is recorded answering (kitty's DA1 is
``?62;c``; xterm.js reports ``?62;4;9;22c`` once its image addon is on; Windows Terminal 1.22 adds 4;
tmux answers DA1 itself, before the outer terminal's kitty answer comes back through passthrough…).
The decision must follow from them alone: no terminal is consulted here.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import uuid

import pytest

from iconcat.graphics.detect import (
    QUERY,
    REQUESTS,
    CellSize,
    Detection,
    Grid,
    TmuxInfo,
    ask_tmux,
    choose_mode,
    decide,
    family_from_env,
    parse_replies,
    parse_tmux_answer,
    placeholders_missing,
    query_timeout,
    should_query,
    version_numbers,
)

KITTY_OK = "\x1b_Gi=31;OK\x1b\\"
KITTY_ENOTSUP = "\x1b_Gi=31;ENOTSUPPORTED:no graphics\x1b\\"
CELL_10x20 = "\x1b[6;20;10t"
TRUECOLOR = {"COLORTERM": "truecolor"}


def xtversion(name: str) -> str:
    return f"\x1bP>|{name}\x1b\\"


KITTY_TMUX = TmuxInfo(passthrough=True, client_term="xterm-kitty", features=frozenset({"RGB", "title"}))

# (name, environment, replies, tmux, expected mode, expected family or None)
TABLE = [
    (
        "kitty",
        {"TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1", **TRUECOLOR},
        xtversion("kitty(0.35.2)") + KITTY_OK + CELL_10x20 + "\x1b[4;480;800t" + "\x1b[?62;c",
        None,
        "kitty",
        "kitty",
    ),
    (
        "kitty 0.28.0, the first with Unicode placeholders",
        {"TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1", **TRUECOLOR},
        xtversion("kitty(0.28.0)") + KITTY_OK + CELL_10x20 + "\x1b[?62;c",
        None,
        "kitty",
        "kitty",
    ),
    (
        "kitty 0.26.5 (Debian 12): answers the graphics query OK but has no placeholders",
        {"TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1", **TRUECOLOR},
        xtversion("kitty(0.26.5)") + KITTY_OK + CELL_10x20 + "\x1b[4;480;800t" + "\x1b[?62;c",
        None,
        "blocks",
        "kitty",
    ),
    (
        "kitty that gives no version: placeholders unproven",
        {"TERM": "xterm-kitty", **TRUECOLOR},
        KITTY_OK + CELL_10x20 + "\x1b[?62;c",
        None,
        "blocks",
        "kitty",
    ),
    (
        "kitty over ssh (only TERM crosses; the terminal still answers)",
        {"TERM": "xterm-kitty", "SSH_TTY": "/dev/pts/3", **TRUECOLOR},
        xtversion("kitty(0.35.2)") + KITTY_OK + "\x1b[?62;c",
        None,
        "kitty",
        "kitty",
    ),
    (
        "ghostty",
        {"TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty", **TRUECOLOR},
        xtversion("ghostty 1.1.3") + KITTY_OK + CELL_10x20 + "\x1b[?62;22c",
        None,
        "kitty",
        "ghostty",
    ),
    (
        "ghostty with a plain TERM, known by TERM_PROGRAM",
        {"TERM": "xterm-256color", "TERM_PROGRAM": "ghostty", **TRUECOLOR},
        KITTY_OK + "\x1b[?62;22c",
        None,
        "kitty",
        "ghostty",
    ),
    (
        "wezterm: answers kitty, draws no placeholders, reports sixel",
        {"TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm", **TRUECOLOR},
        xtversion("WezTerm 20240203-110809-5046fc22") + KITTY_OK + CELL_10x20 + "\x1b[?65;4;6;18;22c",
        None,
        "sixel",
        "wezterm",
    ),
    (
        "iTerm2",
        {"TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app", "ITERM_SESSION_ID": "w0t0p0:1", **TRUECOLOR},
        xtversion("iTerm2 3.5.0") + CELL_10x20 + "\x1b[?62;4c",
        None,
        "sixel",
        "iterm2",
    ),
    (
        "foot",
        {"TERM": "foot", **TRUECOLOR},
        xtversion("foot(1.16.2)") + CELL_10x20 + "\x1b[?62;4;22;28c",
        None,
        "sixel",
        "foot",
    ),
    (
        "konsole: kitty without placeholders, and sixel",
        {"TERM": "xterm-256color", "KONSOLE_VERSION": "230805", **TRUECOLOR},
        KITTY_OK + CELL_10x20 + "\x1b[?62;1;4c",
        None,
        "sixel",
        "konsole",
    ),
    (
        "Windows Terminal 1.22+",
        {"TERM": "xterm-256color", "WT_SESSION": "7f1c…", **TRUECOLOR},
        "\x1b[4;480;800t\x1b[?61;4;6;7;14;21;22;23;24;28;32;42;52c",
        None,
        "sixel",
        "windows-terminal",
    ),
    (
        "Windows Terminal before 1.22: no sixel",
        {"TERM": "xterm-256color", "WT_SESSION": "7f1c…", **TRUECOLOR},
        "\x1b[?61;6;7;14;21;22;23;24;28;32;42c",
        None,
        "blocks",
        "windows-terminal",
    ),
    (
        "VS Code with images on",
        {"TERM": "xterm-256color", "TERM_PROGRAM": "vscode", **TRUECOLOR},
        CELL_10x20 + "\x1b[?62;4;9;22c",
        None,
        "sixel",
        "vscode",
    ),
    (
        "VS Code with images off",
        {"TERM": "xterm-256color", "TERM_PROGRAM": "vscode", **TRUECOLOR},
        "\x1b[?1;2c",
        None,
        "blocks",
        "vscode",
    ),
    (
        "xterm -ti vt340",
        {"TERM": "xterm", "XTERM_VERSION": "XTerm(390)"},
        xtversion("XTerm(390)") + CELL_10x20 + "\x1b[?63;1;2;4;6;9;15;16;22;28c",
        None,
        "sixel",
        "xterm",
    ),
    (
        "xterm without sixel",
        {"TERM": "xterm-256color", "XTERM_VERSION": "XTerm(390)"},
        xtversion("XTerm(390)") + "\x1b[?64;1;2;6;9;15;16;17;18;21;22;28c",
        None,
        "blocks",
        "xterm",
    ),
    (
        "mlterm",
        {"TERM": "mlterm", "MLTERM": "3.9.3"},
        CELL_10x20 + "\x1b[?63;1;2;3;4;7;29c",
        None,
        "sixel",
        "mlterm",
    ),
    (
        "a terminal that reports sixel but not its cell size",
        {"TERM": "xterm-256color", "TERM_PROGRAM": "vscode"},
        "\x1b[?62;4;9;22c",
        None,
        "blocks",
        "vscode",
    ),
    (
        "an unknown terminal that reports sixel",
        {"TERM": "xterm-256color"},
        xtversion("contour 0.4.3") + CELL_10x20 + "\x1b[?64;4;22c",
        None,
        "sixel",
        "contour",
    ),
    (
        "tmux with passthrough in kitty: DA1 (from tmux) before kitty's answer",
        {"TERM": "tmux-256color", "TERM_PROGRAM": "tmux", "TMUX": "/tmp/tmux-1000/default,42,0", **TRUECOLOR},
        xtversion("tmux 3.4") + "\x1b[?1;2;4c" + KITTY_OK,
        KITTY_TMUX,
        "kitty",
        "kitty",
    ),
    (
        "tmux with passthrough in kitty 0.35 (tmux recorded its XTVERSION)",
        {"TERM": "tmux-256color", "TMUX": "/tmp/tmux-1000/default,42,0", **TRUECOLOR},
        xtversion("tmux 3.4") + "\x1b[?1;2;4c" + KITTY_OK,
        TmuxInfo(True, "xterm-kitty", frozenset({"RGB"}), "kitty(0.35.2)"),
        "kitty",
        "kitty",
    ),
    (
        "tmux with passthrough in kitty 0.26.5 (tmux recorded its XTVERSION)",
        {"TERM": "tmux-256color", "TMUX": "/tmp/tmux-1000/default,42,0", **TRUECOLOR},
        xtversion("tmux 3.4") + "\x1b[?1;2;4c" + KITTY_OK,
        TmuxInfo(True, "xterm-kitty", frozenset({"RGB"}), "kitty(0.26.5)"),
        "blocks",
        "kitty",
    ),
    (
        "tmux without passthrough",
        {"TERM": "tmux-256color", "TMUX": "/tmp/tmux-1000/default,42,0"},
        xtversion("tmux 3.4") + "\x1b[?1;2;4c",
        TmuxInfo(passthrough=False, client_term="xterm-kitty", features=frozenset({"RGB"})),
        "blocks",
        "kitty",
    ),
    (
        "tmux with passthrough in a terminal without placeholders (stale KITTY_WINDOW_ID ignored)",
        {"TERM": "tmux-256color", "TMUX": "/tmp/tmux-1000/default,42,0", "KITTY_WINDOW_ID": "4"},
        "\x1b[?1;2;4c" + KITTY_OK,
        TmuxInfo(passthrough=True, client_term="xterm-256color", features=frozenset({"RGB"})),
        "blocks",
        None,
    ),
    (
        "tmux that downgrades 24-bit colour",
        {"TERM": "tmux-256color", "TMUX": "/tmp/tmux-1000/default,42,0"},
        "\x1b[?1;2;4c" + KITTY_OK,
        TmuxInfo(passthrough=True, client_term="xterm-kitty", features=frozenset({"title"})),
        "blocks",
        "kitty",
    ),
    (
        "tmux reporting sixel itself: still blocks",
        {"TERM": "tmux-256color", "TMUX": "/tmp/tmux-1000/default,42,0"},
        "\x1b[?1;2;4c",
        TmuxInfo(passthrough=True, client_term="foot", features=frozenset({"RGB"})),
        "blocks",
        None,
    ),
    (
        "tmux that could not be asked",
        {"TERM": "tmux-256color", "TMUX": "/tmp/tmux-1000/default,42,0"},
        "\x1b[?1;2;4c" + KITTY_OK,
        None,
        "blocks",
        None,
    ),
    (
        "the Linux console",
        {"TERM": "linux"},
        "\x1b[?6c",
        None,
        "blocks",
        "linux",
    ),
    (
        "zellij",
        {"TERM": "xterm-256color", "ZELLIJ": "0"},
        KITTY_OK + "\x1b[?62;4c",
        None,
        "blocks",
        None,
    ),
    (
        "silence",
        {"TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1", **TRUECOLOR},
        "",
        None,
        "blocks",
        "kitty",
    ),
    (
        "partial: kitty answered, DA1 cut off before its final byte",
        {"TERM": "xterm-kitty", **TRUECOLOR},
        KITTY_OK + "\x1b[?62;",
        None,
        "blocks",
        "kitty",
    ),
    (
        "late: DA1 came, kitty's answer did not (mosh answers DA1 itself and drops APC)",
        {"TERM": "xterm-kitty", **TRUECOLOR},
        "\x1b[?62;c",
        None,
        "blocks",
        "kitty",
    ),
    (
        "KITTY_WINDOW_ID leaked into an xterm started from kitty",
        {"TERM": "xterm-256color", "KITTY_WINDOW_ID": "3", "XTERM_VERSION": "XTerm(390)"},
        xtversion("XTerm(390)") + "\x1b[?64;1;2;6;9;15;16;17;18;21;22;28c",
        None,
        "blocks",
        "xterm",
    ),
    (
        "garbage: stray keys, a kitty answer for another id, a DA2 answer",
        {"TERM": "xterm-kitty", **TRUECOLOR},
        "abc\x1b[A\x1b_Gi=32;OK\x1b\\\x1b[>1;4000;0c",
        None,
        "blocks",
        "kitty",
    ),
    (
        "kitty refusing the query",
        {"TERM": "xterm-kitty", **TRUECOLOR},
        KITTY_ENOTSUP + "\x1b[?62;c",
        None,
        "blocks",
        "kitty",
    ),
    (
        "an unknown terminal answering kitty without sixel: placeholders unproven",
        {"TERM": "xterm-256color"},
        KITTY_OK + "\x1b[?62;22c",
        None,
        "blocks",
        None,
    ),
    (
        "kitty under NO_COLOR (Textual would grey the ids)",
        {"TERM": "xterm-kitty", "NO_COLOR": "1", **TRUECOLOR},
        KITTY_OK + "\x1b[?62;c",
        None,
        "blocks",
        "kitty",
    ),
    (
        "dumb terminal",
        {"TERM": "dumb"},
        "\x1b[?62;4c",
        None,
        "blocks",
        None,
    ),
]


@pytest.mark.parametrize(("name", "env", "replies", "tmux", "mode", "family"), TABLE, ids=[row[0] for row in TABLE])
def test_detection_table(name, env, replies, tmux, mode, family) -> None:
    detection = decide(env, replies, tmux=tmux, grid=Grid(80, 24))
    assert (detection.mode, detection.terminal) == (mode, family), detection.reason
    assert detection.reason  # one line the help screen can show
    assert detection.tmux == ("TMUX" in env)


def test_every_mode_and_family_of_the_table_is_reachable() -> None:
    # The table covers what the issue names; a row that decided nothing new would not show here.
    assert {row[4] for row in TABLE} == {"kitty", "sixel", "blocks"}
    families = {row[5] for row in TABLE}
    expected = {"kitty", "ghostty", "wezterm", "iterm2", "foot", "konsole", "windows-terminal", "vscode", "xterm"}
    assert expected | {"mlterm", "linux"} <= families


def test_the_reasons_say_what_to_change() -> None:
    tmux_env = {"TERM": "tmux-256color", "TMUX": "/tmp/x,1,0"}
    off = TmuxInfo(passthrough=False, client_term="xterm-kitty", features=frozenset({"RGB"}))
    assert "allow-passthrough on" in decide(tmux_env, "\x1b[?1;2c", tmux=off).reason
    no_rgb = TmuxInfo(passthrough=True, client_term="xterm-kitty", features=frozenset())
    assert "RGB" in decide(tmux_env, "\x1b[?1;2c" + KITTY_OK, tmux=no_rgb).reason
    assert "did not answer" in decide({"TERM": "xterm"}, "").reason
    assert "cell size" in decide({"TERM": "foot"}, "\x1b[?62;4c").reason


def test_cell_size_comes_from_16t_then_14t_then_the_grid() -> None:
    env = {"TERM": "foot"}
    assert decide(env, "\x1b[6;18;9t\x1b[4;480;800t\x1b[?62;4c").cell_size == CellSize(9, 18)
    # No 16t answer: the text area in pixels over the grid.
    assert decide(env, "\x1b[4;480;800t\x1b[?62;4c", grid=Grid(80, 24)).cell_size == CellSize(10, 20)
    # Neither answer: TIOCGWINSZ's pixels.
    assert decide(env, "\x1b[?62;4c", grid=Grid(100, 50, 800, 800)).cell_size == CellSize(8, 16)
    # Nothing to go on.
    assert decide(env, "\x1b[?62;4c", grid=Grid(80, 24)).cell_size is None
    assert decide(env, "\x1b[?62;4c").cell_size is None


def test_absurd_cell_sizes_are_refused() -> None:
    assert parse_replies("\x1b[6;0;0t").cell_size is None
    assert parse_replies("\x1b[6;20000;10t").cell_size is None
    assert parse_replies("\x1b[6;20;10t").cell_size == CellSize(10, 20)


def test_parse_replies_reads_each_answer_and_nothing_else() -> None:
    replies = parse_replies(
        "x" + xtversion("kitty(0.35.2)") + KITTY_OK + "\x1b[6;20;10t" + "\x1b[4;480;800t" + "\x1b[?62;4;22c" + "y"
    )
    assert replies.version == "kitty(0.35.2)"
    assert replies.kitty == "OK" and replies.kitty_ok
    assert replies.cell_size == CellSize(10, 20)
    assert replies.window_pixels == (800, 480)
    assert replies.attributes == (62, 4, 22) and replies.sixel
    empty = parse_replies("")
    assert (empty.attributes, empty.kitty, empty.cell_size, empty.version) == (None, None, None, None)
    assert not empty.sixel and not empty.kitty_ok
    assert not parse_replies("\x1b[?64;14;42c").sixel  # 14 and 42 are not 4


def test_kitty_needs_truecolour_from_the_app() -> None:
    replies = xtversion("kitty(0.35.2)") + KITTY_OK + "\x1b[?62;c"
    assert decide({"TERM": "xterm-kitty", "COLORTERM": "truecolor"}, replies).needs_truecolor is False
    # Over ssh COLORTERM is usually lost: Rich would write palette colours, so the caller must set it.
    assert decide({"TERM": "xterm-kitty"}, replies).needs_truecolor is True
    assert decide({"TERM": "xterm-kitty", "TEXTUAL_COLOR_SYSTEM": "truecolor"}, replies).needs_truecolor is False
    assert decide({"TERM": "foot"}, "\x1b[?62;4c").needs_truecolor is False  # sixel carries no ids


def test_the_query_asks_everything_once_with_da1_last() -> None:
    assert [QUERY.index(request) for request in REQUESTS] == sorted(QUERY.index(request) for request in REQUESTS)
    assert QUERY.count("\x1b[c") == 1 and QUERY.rindex("\x1b[c") > QUERY.index("\x1b_G")
    assert "\x1b_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\" in QUERY
    assert QUERY.startswith("\x1b7") and QUERY.endswith("\x1b8\x1b[K")


def test_environment_hints() -> None:
    assert family_from_env({"TERM": "xterm-kitty"}) == "kitty"
    assert family_from_env({"KITTY_WINDOW_ID": "2"}) == "kitty"
    assert family_from_env({"TERM": "foot-extra"}) == "foot"
    assert family_from_env({"LC_TERMINAL": "iTerm2"}) == "iterm2"
    assert family_from_env({"WEZTERM_PANE": "0"}) == "wezterm"
    assert family_from_env({"GHOSTTY_RESOURCES_DIR": "/usr/share/ghostty"}) == "ghostty"
    assert family_from_env({"TERM": "xterm-256color", "KITTY_WINDOW_ID": ""}) is None
    assert family_from_env({"TERM": "xterm-256color"}) is None


def test_which_terminals_are_queried_and_for_how_long() -> None:
    assert should_query({"TERM": "xterm-256color"})
    assert should_query({"TERM": "tmux-256color", "TMUX": "/tmp/x,1,0"})
    for env in (
        {"TERM": "linux"},
        {"TERM": "dumb"},
        {},
        {"TERM": "xterm", "ZELLIJ": "0"},
        {"TERM": "screen", "STY": "1"},
    ):
        assert not should_query(env), env
    assert query_timeout({"SSH_CONNECTION": "1.2.3.4 5 6.7.8.9 22"}) > query_timeout({})


def test_the_query_deadline_can_be_set_within_bounds():
    assert query_timeout({"ICONCAT_QUERY_TIMEOUT": "2"}) == 2.0
    assert query_timeout({"ICONCAT_QUERY_TIMEOUT": "600"}) == 5.0
    assert query_timeout({"ICONCAT_QUERY_TIMEOUT": "0.001"}) == 0.05
    for unusable in ("", "soon", "nan", "-1", "0"):
        assert query_timeout({"ICONCAT_QUERY_TIMEOUT": unusable}) == query_timeout({})


def test_tmux_answers_are_parsed() -> None:
    assert parse_tmux_answer("1|xterm-kitty|RGB,title\n") == TmuxInfo(True, "xterm-kitty", frozenset({"RGB", "title"}))
    assert parse_tmux_answer("on|xterm-ghostty|RGB").passthrough  # type: ignore[union-attr]
    assert parse_tmux_answer("all|xterm-ghostty|RGB").passthrough  # type: ignore[union-attr]
    assert parse_tmux_answer("off|xterm-kitty|RGB") == TmuxInfo(False, "xterm-kitty", frozenset({"RGB"}))
    assert parse_tmux_answer("0||") == TmuxInfo(False, "", frozenset())
    assert parse_tmux_answer("no server running") is None
    # tmux 3.3+ also gives the client's XTVERSION answer (the terminal's own text: it may hold a "|").
    assert parse_tmux_answer("on|xterm-kitty|RGB|kitty(0.26.5)\n") == TmuxInfo(
        True, "xterm-kitty", frozenset({"RGB"}), "kitty(0.26.5)"
    )
    assert parse_tmux_answer("on|xterm-kitty|RGB|odd|name").client_version == "odd|name"  # type: ignore[union-attr]


def test_kitty_versions_with_and_without_placeholders() -> None:
    assert version_numbers("kitty(0.26.5)") == (0, 26, 5)
    assert version_numbers("ghostty 1.1.3") == (1, 1, 3)
    assert version_numbers("XTerm(390)") is None and version_numbers(None) is None
    for old in ("kitty(0.26.5)", "kitty(0.27.1)", "kitty", None):
        assert placeholders_missing("kitty", old), old
    for new in ("kitty(0.28.0)", "kitty(0.35.2)", "kitty(1.0)"):
        assert placeholders_missing("kitty", new) == "", new
    assert placeholders_missing("kitty", None, unknown_is_missing=False) == ""
    assert placeholders_missing("ghostty", None) == ""  # every Ghostty release draws them
    # What the help screen says for Debian's kitty: which version, and from which one they exist.
    reason = decide({"TERM": "xterm-kitty", **TRUECOLOR}, xtversion("kitty(0.26.5)") + KITTY_OK + "\x1b[?62;c").reason
    assert "kitty 0.26.5" in reason and "0.28" in reason and "placeholders" in reason


def test_choose_mode_on_a_pipe_asks_nothing_and_draws_blocks() -> None:
    read_end, write_end = os.pipe()
    try:
        detection = choose_mode("auto", {"TERM": "xterm-kitty", "COLORTERM": "truecolor"}, write_end)
        assert (detection.mode, detection.reason) == ("blocks", "not drawing on a terminal")
    finally:
        os.close(read_end)
        os.close(write_end)


@pytest.fixture
def tty_fd():
    """A terminal's file descriptor (a pty's), for `choose_mode` to see a tty; the fakes answer for it."""
    master, slave = os.openpty()
    try:
        yield slave
    finally:
        os.close(slave)
        os.close(master)


class FakeTerminal:
    """Stands in for `query_terminal` and `ask_tmux` in `choose_mode`, recording what it was asked."""

    def __init__(self, replies: str, tmux: TmuxInfo | None = None) -> None:
        self.replies, self.tmux_info = replies, tmux
        self.queries: list[dict] = []
        self.tmux_asked = 0

    def query(self, fd: int, **options) -> str:
        self.queries.append(options)
        return self.replies

    def tmux(self, env) -> TmuxInfo | None:
        self.tmux_asked += 1
        return self.tmux_info


def test_choose_mode_auto_decides_on_the_answers(tty_fd) -> None:
    fake = FakeTerminal(xtversion("foot(1.16)") + CELL_10x20 + "\x1b[?62;4c")
    detection = choose_mode("auto", {"TERM": "foot"}, tty_fd, query=fake.query, tmux=fake.tmux)
    assert (detection.mode, detection.cell_size) == ("sixel", CellSize(10, 20))
    assert fake.queries == [{"timeout": 0.15, "tmux_passthrough": False}] and fake.tmux_asked == 0


def test_choose_mode_blocks_asks_nothing() -> None:
    fake = FakeTerminal(KITTY_OK + "\x1b[?62;c")
    assert choose_mode("blocks", {"TERM": "xterm-kitty"}, 99, query=fake.query, tmux=fake.tmux) == Detection(
        "blocks", "asked for blocks"
    )
    assert fake.queries == [] and fake.tmux_asked == 0


def test_a_forced_mode_is_obeyed_and_still_learns_the_cell_size() -> None:
    fake = FakeTerminal("\x1b[6;16;8t\x1b[?1;2c")  # a terminal that reports neither protocol
    detection = choose_mode("kitty", {"TERM": "xterm"}, 99, query=fake.query, tmux=fake.tmux)
    assert (detection.mode, detection.cell_size, detection.needs_truecolor) == ("kitty", CellSize(8, 16), True)
    assert choose_mode("sixel", {"TERM": "xterm"}, 99, query=fake.query, tmux=fake.tmux).mode == "sixel"
    with pytest.raises(ValueError, match="graphics must be one of"):
        choose_mode("pixels", {"TERM": "xterm"}, 99, query=fake.query, tmux=fake.tmux)


def test_choose_mode_in_tmux_wraps_the_query_only_when_passthrough_is_on(tty_fd) -> None:
    env = {"TERM": "tmux-256color", "TMUX": "/tmp/x,1,0", **TRUECOLOR}
    fake = FakeTerminal("\x1b[?1;2;4c" + KITTY_OK, KITTY_TMUX)
    detection = choose_mode("auto", env, tty_fd, query=fake.query, tmux=fake.tmux)
    assert (detection.mode, detection.tmux) == ("kitty", True)
    assert fake.queries == [{"timeout": 0.15, "tmux_passthrough": True}]
    # Passthrough off: nothing the terminal could say would change "blocks", so it is not asked.
    fake_off = FakeTerminal("\x1b[?1;2;4c", TmuxInfo(False, "xterm-kitty", frozenset({"RGB"})))
    detection = choose_mode("auto", env, tty_fd, query=fake_off.query, tmux=fake_off.tmux)
    assert detection.mode == "blocks" and "allow-passthrough" in detection.reason
    assert fake_off.queries == []


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux to ask a real tmux server")
def test_ask_tmux_asks_a_real_tmux_server() -> None:
    # A private server (its own socket name), started and killed by this test only.
    socket = f"iconcat-test-{uuid.uuid4().hex[:8]}"
    tmux = ["tmux", "-L", socket, "-f", "/dev/null"]
    subprocess.run([*tmux, "new-session", "-d", "-s", "t", "sleep 60"], check=True, timeout=10)
    try:
        path = subprocess.run(
            [*tmux, "display-message", "-p", "-t", "t", "#{socket_path}|#{pane_id}"],
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        ).stdout.strip()
        socket_path, pane = path.split("|")
        env = {"TMUX": f"{socket_path},1,0", "TMUX_PANE": pane, "PATH": os.environ.get("PATH", "")}
        first = ask_tmux(env)
        assert first is not None and first.passthrough is False
        subprocess.run([*tmux, "set", "-g", "allow-passthrough", "on"], check=True, timeout=10)
        second = ask_tmux(env)
        assert second is not None and second.passthrough is True
        assert second.client_term == ""  # detached: no client attached, so no placeholder terminal
        assert second.client_version == ""  # (tmux 3.3+ answers client_termtype: empty with no client)
        assert decide({"TERM": "tmux-256color", **env}, KITTY_OK + "\x1b[?1;2c", tmux=second).mode == "blocks"
    finally:
        subprocess.run([*tmux, "kill-server"], timeout=10, check=False)
    assert ask_tmux({}) is None  # not in tmux: nothing asked
