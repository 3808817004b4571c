"""Which pictures the terminal can draw: kitty graphics, sixel, or blocks (issue 13).

The decision is `decide(env, replies, tmux=..., grid=...)`, a pure function of the environment and of
the terminal's answers to one batched query, so every terminal family is a row of a table in the
tests. The impure edges are small and separate: `query_terminal` writes the query to a tty and
reads the answers with a deadline, `ask_tmux` asks tmux two questions, and `choose_mode` ties them
together once, before the app starts (Textual's input thread would swallow the answers afterwards).

The modes
---------
- "kitty": the kitty graphics protocol with Unicode placeholders (`iconcat.graphics.kitty`). The
  picture is sent once and drawn by ordinary text cells (U+10EEEE whose foreground colour is the
  image id), so Textual's own compositor places, scrolls and clips it. Only terminals that implement
  the *placeholders* qualify: kitty 0.28.0 and later, and Ghostty (1.0+). Kitty before 0.28 (Debian
  12 ships 0.26.5) answers the graphics query OK but draws each placeholder as an empty box, so its
  version, read from its XTVERSION answer (``kitty(0.26.5)``), must say 0.28 or later; a kitty that
  gives no version is not trusted either (kitty has answered XTVERSION for longer than it has had
  placeholders). Such a kitty gets blocks: the plain placements it does have stay on screen under
  the text and would have to be deleted and placed again on every scroll, dialog and resize: not
  worth it for releases kitty itself has long replaced. WezTerm and Konsole answer the kitty query but draw
  placeholders as missing glyphs (WezTerm's support is an open pull request, wezterm#7924; Konsole
  implements placements only), so they get sixel when they report it.
- "sixel": DEC sixel images (`iconcat.graphics.sixel`), for terminals that say so in their primary
  device attributes (attribute 4) and tell their cell size in pixels (a sixel is drawn at its size
  in pixels, so a guessed cell would spill over the neighbours): foot, WezTerm, Konsole 22.04+,
  iTerm2, Windows Terminal 1.22+, VS Code with `terminal.integrated.enableImages` (xterm.js's image
  addon then answers ``?62;4;9;22c``), mlterm, xterm started as a VT340 (`xterm -ti vt340`), Contour.
- "blocks": today's half/quadrant block renderer, everywhere else and on any doubt.

Environment hints (what each one means)
--------------------------------------
Hints name the terminal family; they never choose a mode alone, because they leak: `KITTY_WINDOW_ID`
is inherited by an xterm started from a kitty shell, `TERM=xterm-kitty` travels over ssh and mosh
(mosh answers DA1 itself and drops kitty's APC replies), and a tmux server keeps the environment of
the terminal that started it, not of the one attached now. So a hint is always confirmed by a reply.

- kitty: ``TERM=xterm-kitty`` (set by kitty; ssh carries TERM across) or ``KITTY_WINDOW_ID`` (set
  for the processes in kitty's windows, and inherited by anything they start).
- ghostty: ``TERM=xterm-ghostty``, ``TERM_PROGRAM=ghostty`` or ``GHOSTTY_RESOURCES_DIR``.
- wezterm: ``TERM_PROGRAM=WezTerm``, ``WEZTERM_EXECUTABLE`` or ``WEZTERM_PANE``.
- iterm2: ``TERM_PROGRAM=iTerm.app``, ``ITERM_SESSION_ID``, or ``LC_TERMINAL=iTerm2`` (ssh forwards
  ``LC_*`` by default, so this one crosses to remote hosts).
- foot: ``TERM=foot`` or ``TERM=foot-extra``.
- konsole: ``KONSOLE_VERSION``.
- windows-terminal: ``WT_SESSION`` (also inside WSL).
- vscode: ``TERM_PROGRAM=vscode`` (the integrated terminal, xterm.js).
- mlterm: ``TERM=mlterm`` or ``MLTERM``; xterm: ``XTERM_VERSION``.
- linux: ``TERM=linux``, the Linux console: nothing is asked (it would print the APC as text), nor
  of ``TERM=dumb`` or an unset TERM.
- tmux: ``TMUX`` or ``TERM_PROGRAM=tmux`` (below); zellij (``ZELLIJ``) and GNU screen (``STY``):
  blocks, nothing asked.

An XTVERSION answer names the family too, and outranks the environment: it is the terminal itself
speaking (through ssh as well), while the environment may be stale.

The query (one write; DA1 last)
------------------------------
``ESC [>0q`` XTVERSION: the terminal's own name and version (``ESC P >| kitty(0.35.2) ESC \\``),
the strongest identification there is, since it is the terminal itself answering, across ssh;
``ESC _Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA ESC \\`` kitty's graphics query (``ESC _Gi=31;OK ESC \\``);
``ESC [16t`` the cell size in pixels (``ESC [6;h;w t``); ``ESC [14t`` the text area in pixels
(``ESC [4;h;w t``, divided by the grid's columns and rows when 16t goes unanswered); and ``ESC [c``
primary device attributes, last: every VT-compatible terminal answers it and answers in order, so
its reply (``ESC [?62;4;22c``; 4 is sixel) marks the end of the others. No DA1 reply means silence,
a late answer or a broken one: blocks. The query is wrapped in save/restore cursor plus
erase-to-end-of-line, so a terminal that prints an APC it does not understand leaves no trace.

tmux
----
Inside tmux only kitty images are possible, and only through passthrough (``ESC Ptmux; … ESC \\``
with inner ESCs doubled), which tmux 3.3+ allows only with ``set -g allow-passthrough on`` (or
``all``). The placeholders themselves are plain text that tmux keeps in its grid, which is why kitty
works in tmux at all; sixel through tmux is left to blocks (tmux passes sixel only when it was built
with sixel support, and then redraws the images itself). `ask_tmux` runs
``tmux display-message -p '#{allow-passthrough}|#{client_termname}|#{client_termfeatures}|#{client_termtype}'``
and the pure function needs the first three to say yes: passthrough on, the attached client a
placeholder terminal (``xterm-kitty`` or ``xterm-ghostty``: the *current* client, not the stale
environment), and the ``RGB`` feature, without which tmux turns the 24-bit colours that carry image
ids into palette colours. The kitty query is then sent through passthrough, and its answer confirms
the outer terminal; tmux answers DA1 itself and before the outer terminal's reply arrives, so in tmux
the reader waits for the kitty reply too (or the deadline). Our XTVERSION is answered by tmux itself (``tmux 3.4``),
so the outer kitty's version comes from ``client_termtype``, the client's XTVERSION answer as tmux
3.3+ records it (``kitty(0.26.5)``, seen in tmux 3.3a attached from a real kitty 0.26.5): a kitty
before 0.28 gets blocks; an empty one (a tmux that did not learn it) is given the benefit of the
doubt, as before.

Colours
-------
Kitty placeholders carry the image id in a 24-bit foreground colour, so the app must write 24-bit
colours: Rich picks truecolour only when ``COLORTERM`` is ``truecolor``/``24bit`` (Textual's console
reads it when the App is created), and Textual's NO_COLOR filter turns colours grey. `decide` says
blocks under ``NO_COLOR``; `Detection.needs_truecolor` tells the caller to set
``COLORTERM=truecolor`` before creating the App when the terminal is known to support it but the
environment does not say so (common over ssh and in tmux).
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

__all__ = [
    "DEFAULT_CELL_SIZE",
    "MODES",
    "QUERY",
    "REQUESTS",
    "CellSize",
    "Detection",
    "Grid",
    "Mode",
    "Replies",
    "TmuxInfo",
    "ask_tmux",
    "choose_mode",
    "decide",
    "family_from_env",
    "parse_replies",
    "parse_tmux_answer",
    "placeholders_missing",
    "query_terminal",
    "query_timeout",
    "quiet_terminal",
    "should_query",
    "version_numbers",
]

Mode = Literal["kitty", "sixel", "blocks"]
MODES = ("auto", "kitty", "sixel", "blocks")
"""What `--graphics`, ``ICONCAT_GRAPHICS`` and the config's ``graphics`` accept."""

KITTY_QUERY_ID = 31
KITTY_QUERY = f"\x1b_Gi={KITTY_QUERY_ID},s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\"
"""Kitty's documented support query: a 1x1 RGB image that is checked, never stored (a=q)."""
XTVERSION = "\x1b[>0q"
CELL_SIZE_QUERY = "\x1b[16t"
WINDOW_PIXELS_QUERY = "\x1b[14t"
DA1 = "\x1b[c"
REQUESTS = (XTVERSION, KITTY_QUERY, CELL_SIZE_QUERY, WINDOW_PIXELS_QUERY, DA1)
"""The batched query in order; DA1 is last so its answer marks the end of the others."""
QUERY = "\x1b7" + "".join(REQUESTS) + "\x1b8\x1b[K"
"""What `query_terminal` writes: the requests inside save/restore cursor and erase-to-end-of-line, so
that a terminal printing what it does not understand leaves nothing on the line."""

PLACEHOLDER_TERMINALS = frozenset({"kitty", "ghostty"})
"""Families that draw kitty's Unicode placeholders, from some version on (`placeholders_missing`)."""
KITTY_PLACEHOLDERS_SINCE = (0, 28, 0)
"""The kitty release that added Unicode placeholders (kitty's changelog, 0.28.0)."""
PLACEHOLDER_CLIENT_TERMS = frozenset({"xterm-kitty", "xterm-ghostty"})
"""tmux's ``client_termname`` of those families (the TERM they set)."""
NO_QUERY_TERMS = frozenset({"", "dumb", "linux"})
"""TERMs we never query: no terminal, a dumb one, the Linux console (prints an APC as text)."""

LOCAL_TIMEOUT = 0.15
REMOTE_TIMEOUT = 0.4
"""Seconds to wait for the answers: a local terminal answers in a few milliseconds; over ssh the
answers make a round trip, so they get more time. A terminal that answers DA1 ends the wait at once,
so only a silent one costs the whole deadline."""


class CellSize(NamedTuple):
    """A terminal cell in pixels."""

    width: int
    height: int


DEFAULT_CELL_SIZE = CellSize(10, 20)
"""What to assume when the terminal does not say (the VT340's cell, as textual-image assumes)."""


class Grid(NamedTuple):
    """The terminal's size from TIOCGWINSZ: columns, rows, and the text area in pixels (0 when unknown)."""

    columns: int
    rows: int
    width: int = 0
    height: int = 0


@dataclass(frozen=True)
class Replies:
    """What the terminal answered, parsed (None: no answer to that request)."""

    attributes: tuple[int, ...] | None = None
    """Primary device attributes (DA1): 4 is sixel."""
    kitty: str | None = None
    """The message of kitty's answer to our query: "OK", or an error such as "ENOTSUPPORTED:…"."""
    cell_size: CellSize | None = None
    """From ``ESC [6;h;w t``."""
    window_pixels: tuple[int, int] | None = None
    """(width, height) from ``ESC [4;h;w t``."""
    version: str | None = None
    """XTVERSION's text, e.g. "kitty(0.35.2)"."""

    @property
    def sixel(self) -> bool:
        return self.attributes is not None and 4 in self.attributes

    @property
    def kitty_ok(self) -> bool:
        return self.kitty == "OK"


@dataclass(frozen=True)
class TmuxInfo:
    """What tmux says about the pane and the client attached to it (`ask_tmux`)."""

    passthrough: bool
    """``allow-passthrough`` is on (or all) for this pane."""
    client_term: str = ""
    """The attached client's TERM (``client_termname``): the terminal tmux itself draws on."""
    features: frozenset[str] = frozenset()
    """``client_termfeatures``; "RGB" means tmux passes 24-bit colours through."""
    client_version: str = ""
    """``client_termtype``: the attached terminal's XTVERSION answer as tmux recorded it
    (``kitty(0.26.5)``), empty when tmux does not know it."""


@dataclass(frozen=True)
class Detection:
    """The decision: the mode, the cell size when known, and why (one line for the help screen)."""

    mode: Mode
    reason: str
    cell_size: CellSize | None = None
    terminal: str | None = None
    """The family recognised ("kitty", "wezterm", …), None when unknown."""
    tmux: bool = False
    """Kitty sequences must be wrapped for tmux passthrough (`iconcat.graphics.kitty.wrap_for_tmux`)."""
    needs_truecolor: bool = False
    """Kitty mode, but the environment would make Rich write palette colours: set
    ``COLORTERM=truecolor`` in ``os.environ`` before creating the App (module docstring)."""


# --------------------------------------------------------------------------------------- parsing

_DA1 = re.compile(r"\x1b\[\?([0-9;]*)c")
_KITTY = re.compile(r"\x1b_G([^;\x1b]*);([^\x1b]*)\x1b\\")
_CELL = re.compile(r"\x1b\[6;(\d{1,5});(\d{1,5})t")
_WINDOW = re.compile(r"\x1b\[4;(\d{1,6});(\d{1,6})t")
_XTVERSION = re.compile(r"\x1bP>\|([^\x1b]{0,200})\x1b\\")

_CELL_LIMITS = (2, 512)
"""A cell outside this many pixels each way is a broken answer, not a real font."""


def parse_replies(text: str) -> Replies:
    """The answers found in `text` (anything else in it, such as stray keys, is ignored)."""
    attributes = None
    if (match := _DA1.search(text)) is not None:
        attributes = tuple(int(part) for part in match.group(1).split(";") if part.isdigit())
    kitty = None
    for match in _KITTY.finditer(text):
        keys = dict(pair.partition("=")[::2] for pair in match.group(1).split(","))
        if keys.get("i") == str(KITTY_QUERY_ID):
            kitty = match.group(2)
            break
    cell_size = None
    if (match := _CELL.search(text)) is not None:
        height, width = int(match.group(1)), int(match.group(2))
        if all(_CELL_LIMITS[0] <= side <= _CELL_LIMITS[1] for side in (width, height)):
            cell_size = CellSize(width, height)
    window = None
    if (match := _WINDOW.search(text)) is not None:
        height, width = int(match.group(1)), int(match.group(2))
        if width > 0 and height > 0:
            window = (width, height)
    version = None
    if (match := _XTVERSION.search(text)) is not None:
        version = match.group(1).strip()
    return Replies(attributes, kitty, cell_size, window, version)


_ENV_FAMILIES: tuple[tuple[str, str | None, str], ...] = (
    # (variable, value or None for "set at all", family); first match wins, most specific first.
    ("TERM", "xterm-kitty", "kitty"),
    ("TERM", "xterm-ghostty", "ghostty"),
    ("TERM_PROGRAM", "ghostty", "ghostty"),
    ("TERM_PROGRAM", "WezTerm", "wezterm"),
    ("TERM_PROGRAM", "iTerm.app", "iterm2"),
    ("TERM_PROGRAM", "vscode", "vscode"),
    ("TERM", "foot", "foot"),
    ("TERM", "foot-extra", "foot"),
    ("TERM", "mlterm", "mlterm"),
    ("TERM", "linux", "linux"),
    ("KITTY_WINDOW_ID", None, "kitty"),
    ("GHOSTTY_RESOURCES_DIR", None, "ghostty"),
    ("WEZTERM_EXECUTABLE", None, "wezterm"),
    ("WEZTERM_PANE", None, "wezterm"),
    ("ITERM_SESSION_ID", None, "iterm2"),
    ("LC_TERMINAL", "iTerm2", "iterm2"),
    ("KONSOLE_VERSION", None, "konsole"),
    ("WT_SESSION", None, "windows-terminal"),
    ("MLTERM", None, "mlterm"),
    ("XTERM_VERSION", None, "xterm"),
)

_VERSION_FAMILIES = (
    ("kitty", "kitty"),
    ("ghostty", "ghostty"),
    ("wezterm", "wezterm"),
    ("iterm2", "iterm2"),
    ("foot", "foot"),
    ("konsole", "konsole"),
    ("xterm(", "xterm"),
    ("mlterm", "mlterm"),
    ("contour", "contour"),
    ("tmux ", "tmux"),
)
"""XTVERSION texts (lower-cased prefixes or words) and their families."""


_RELEASE = re.compile(r"[( ]v?(\d{1,4}(?:\.\d{1,6}){1,3})")
"""A release number after "(" or a space: ``kitty(0.26.5)``, ``ghostty 1.1.3``, ``tmux 3.4``."""


def version_numbers(version: str | None) -> tuple[int, ...] | None:
    """The release in an XTVERSION text: ``kitty(0.26.5)`` and ``ghostty 1.1.3`` give (0, 26, 5) and
    (1, 1, 3); None when it names no release."""
    if not version or (match := _RELEASE.search(version)) is None:
        return None
    return tuple(int(part) for part in match.group(1).split("."))


def placeholders_missing(family: str | None, version: str | None, *, unknown_is_missing: bool = True) -> str:
    """Why `family` at `version` (its XTVERSION text) cannot draw kitty's Unicode placeholders though
    it is a placeholder family, or "" when it can (module docstring: kitty before 0.28 draws boxes).

    A kitty whose version is not known counts as too old unless `unknown_is_missing` is false (in tmux,
    where the outer terminal's version is known only if tmux recorded it)."""
    if family != "kitty":
        return ""
    release = version_numbers(version)
    since = ".".join(str(part) for part in KITTY_PLACEHOLDERS_SINCE)
    if release is None:
        if not unknown_is_missing:
            return ""
        return f"kitty did not say its version, and only kitty {since}+ draws Unicode placeholders"
    if release < KITTY_PLACEHOLDERS_SINCE:
        shown = ".".join(str(part) for part in release)
        return f"kitty {shown} has no Unicode placeholders (kitty {since}+ has; pictures would be boxes)"
    return ""


def family_from_env(env: Mapping[str, str]) -> str | None:
    """The terminal family the environment hints at (module docstring's table), or None."""
    for name, value, family in _ENV_FAMILIES:
        found = env.get(name)
        if found is not None and found != "" and (value is None or found == value):
            return family
    return None


def _family_from_version(version: str | None) -> str | None:
    if not version:
        return None
    text = version.lower()
    for needle, family in _VERSION_FAMILIES:
        if text.startswith(needle) or f" {needle}" in f" {text}":
            return family
    return None


def _multiplexer(env: Mapping[str, str], version_family: str | None) -> str | None:
    """ "tmux", "zellij", "screen" or None: the program between us and the terminal, if any."""
    if env.get("TMUX") or env.get("TERM_PROGRAM") == "tmux" or version_family == "tmux":
        return "tmux"
    if env.get("ZELLIJ") is not None:
        return "zellij"
    if env.get("STY") or (env.get("TERM", "").startswith("screen") and version_family is None):
        return "screen"
    return None


def _app_writes_truecolor(env: Mapping[str, str]) -> bool:
    """True when Rich, reading `env` as Textual's console does, writes 24-bit colours."""
    system = env.get("TEXTUAL_COLOR_SYSTEM", "auto").strip().lower()
    if system != "auto":
        return system == "truecolor"
    return env.get("COLORTERM", "").strip().lower() in ("truecolor", "24bit")


def _cell_size(replies: Replies, grid: Grid | None) -> CellSize | None:
    """The cell in pixels: the terminal's 16t answer, else its 14t answer or TIOCGWINSZ's pixels
    divided by the grid (whole pixels; a remainder is a border, not part of a cell)."""
    if replies.cell_size is not None:
        return replies.cell_size
    if grid is None or grid.columns <= 0 or grid.rows <= 0:
        return None
    for width, height in (replies.window_pixels or (0, 0), (grid.width, grid.height)):
        if width and height:
            cell = CellSize(width // grid.columns, height // grid.rows)
            if all(_CELL_LIMITS[0] <= side <= _CELL_LIMITS[1] for side in cell):
                return cell
    return None


def decide(
    env: Mapping[str, str],
    replies: str,
    *,
    tmux: TmuxInfo | None = None,
    grid: Grid | None = None,
) -> Detection:
    """The mode for `auto`: from the environment and the terminal's `replies` (module docstring).

    `tmux` is `ask_tmux`'s answer (None when not in tmux or when tmux could not be asked); `grid` the
    terminal's size, used to turn a window size in pixels into a cell size.
    """
    answers = parse_replies(replies)
    cell = _cell_size(answers, grid)
    version_family = _family_from_version(answers.version)
    env_family = family_from_env(env)
    multiplexer = _multiplexer(env, version_family)
    terminal = version_family if version_family not in (None, "tmux") else env_family

    def blocks(reason: str) -> Detection:
        return Detection("blocks", reason, cell, terminal, multiplexer == "tmux")

    if env.get("TERM", "") in NO_QUERY_TERMS:
        return blocks(f"TERM={env.get('TERM', '')!r}: no graphics asked of this terminal")
    if multiplexer in ("zellij", "screen"):
        return blocks(f"inside {multiplexer}: pictures drawn with blocks")
    # Textual's NO_COLOR filter greys every colour, the image ids of kitty placeholders included.
    kitty_blocked = ""
    if env.get("NO_COLOR"):
        kitty_blocked = "NO_COLOR is set: the colours that carry kitty image ids would be removed"
    if multiplexer == "tmux":
        return _inside_tmux(env, answers, tmux, cell, kitty_blocked)
    if answers.attributes is None:
        return blocks("the terminal did not answer the query in time (or answered wrongly)")

    too_old = placeholders_missing(terminal, answers.version if version_family == terminal else None)
    if terminal in PLACEHOLDER_TERMINALS and answers.kitty_ok and not kitty_blocked and not too_old:
        return Detection(
            "kitty",
            f"{terminal} answered the kitty graphics query",
            cell,
            terminal,
            needs_truecolor=not _app_writes_truecolor(env),
        )
    if answers.sixel and cell is not None:
        return Detection("sixel", f"{terminal or 'the terminal'} reports sixel (device attribute 4)", cell, terminal)
    if answers.sixel:
        # A sixel image is drawn at its size in pixels: with a guessed cell size it would spill over
        # its neighbours or leave a gap (kitty, which scales into its cells, has no such problem).
        return blocks(f"{terminal or 'the terminal'} reports sixel but not its cell size in pixels")
    if kitty_blocked and terminal in PLACEHOLDER_TERMINALS:
        return blocks(kitty_blocked)
    if terminal in PLACEHOLDER_TERMINALS and answers.kitty_ok:
        return blocks(too_old)
    if terminal in PLACEHOLDER_TERMINALS:
        return blocks(f"{terminal} hinted by the environment, but no kitty graphics answer (mosh or a relay?)")
    if answers.kitty_ok:
        return blocks(f"{terminal or 'the terminal'} answers kitty graphics but has no Unicode placeholders")
    return blocks(f"{terminal or 'the terminal'} reports neither kitty graphics nor sixel")


def _inside_tmux(
    env: Mapping[str, str], answers: Replies, tmux: TmuxInfo | None, cell: CellSize | None, kitty_blocked: str
) -> Detection:
    client = tmux.client_term if tmux is not None else ""
    terminal = {"xterm-kitty": "kitty", "xterm-ghostty": "ghostty"}.get(client) or None

    def blocks(reason: str) -> Detection:
        return Detection("blocks", "inside tmux: " + reason, cell, terminal, tmux=True)

    if tmux is None:
        return blocks("tmux could not be asked about passthrough")
    if not tmux.passthrough:
        return blocks("kitty images need `set -g allow-passthrough on`")
    if client not in PLACEHOLDER_CLIENT_TERMS:
        return blocks(f"the attached terminal ({client or 'unknown'}) draws no kitty placeholders")
    if "RGB" not in tmux.features:
        return blocks(f"tmux does not pass 24-bit colour to {client} (terminal-features ',{client}:RGB')")
    if kitty_blocked:
        return blocks(kitty_blocked)
    if not answers.kitty_ok:
        return blocks(f"{terminal} did not answer the kitty graphics query through passthrough")
    if too_old := placeholders_missing(terminal, tmux.client_version or None, unknown_is_missing=False):
        return blocks(too_old)
    return Detection(
        "kitty",
        f"inside tmux, {terminal} answered through passthrough",
        cell,
        terminal,
        tmux=True,
        needs_truecolor=not _app_writes_truecolor(env),
    )


# --------------------------------------------------------------------------------------- the edges


def should_query(env: Mapping[str, str]) -> bool:
    """False for terminals never queried (`NO_QUERY_TERMS`) and inside zellij or GNU screen."""
    return env.get("TERM", "") not in NO_QUERY_TERMS and _multiplexer(env, None) in (None, "tmux")


QUERY_TIMEOUT_VARIABLE = "ICONCAT_QUERY_TIMEOUT"
"""Seconds to wait instead (0.05 to 5): for a link slower than ssh's usual round trip, and for tests,
whose pretend terminal answers from a process the machine may not schedule within 150 ms. A terminal
that answers ends the wait at once, so a long deadline costs only a silent terminal."""


def query_timeout(env: Mapping[str, str]) -> float:
    """The deadline for the answers: longer over ssh (`REMOTE_TIMEOUT`), whose round trip they make;
    ``ICONCAT_QUERY_TIMEOUT`` when set to a number (kept within 0.05 to 5 seconds)."""
    try:
        chosen = float(env.get(QUERY_TIMEOUT_VARIABLE, ""))
    except ValueError:
        chosen = 0.0
    if chosen == chosen and chosen > 0:  # (a NaN compares unequal to itself)
        return min(max(chosen, 0.05), 5.0)
    return REMOTE_TIMEOUT if env.get("SSH_TTY") or env.get("SSH_CONNECTION") else LOCAL_TIMEOUT


def _complete(text: str, wait_for_kitty: bool) -> bool:
    """All the answers we wait for are in: DA1 (and in tmux kitty's, which tmux lets arrive after its
    own DA1 answer)."""
    if _DA1.search(text) is None:
        return False
    return not wait_for_kitty or parse_replies(text).kitty is not None


def query_terminal(fd: int, *, timeout: float = LOCAL_TIMEOUT, tmux_passthrough: bool = False) -> str:
    """Write the batched query to the terminal of `fd` and return what it answers within `timeout` seconds.

    `fd` is the terminal the app draws on (Textual draws on stderr; stdout may be a pipe). When it is
    not a tty nothing is written and "" comes back. The terminal is opened afresh by name (so `fd`
    may be write-only) and put in non-canonical, no-echo mode for the exchange; its settings are
    restored on every path, exceptions included. Reading stops at DA1's answer (with
    `tmux_passthrough`, once kitty's has come too: the kitty query goes through passthrough and
    tmux answers DA1 first) or at the deadline. Keys typed during the exchange are consumed.
    """
    if sys.platform == "win32" or not os.isatty(fd):
        return ""
    import termios
    import tty

    try:
        # Non-blocking, so that a terminal that stopped reading (scroll lock, XOFF) cannot hold the
        # write past the deadline; the flag belongs to this open only, not to Textual's stderr.
        terminal = os.open(os.ttyname(fd), os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError:
        return ""
    deadline = time.monotonic() + timeout
    received = bytearray()
    query = QUERY
    if tmux_passthrough:
        from .kitty import wrap_for_tmux

        query = query.replace(KITTY_QUERY, wrap_for_tmux(KITTY_QUERY))
    try:
        saved = termios.tcgetattr(terminal)
    except termios.error:
        os.close(terminal)
        return ""
    try:
        tty.setcbreak(terminal, termios.TCSANOW)
        data = query.encode("ascii")
        while data and time.monotonic() < deadline:
            try:
                data = data[os.write(terminal, data) :]
            except BlockingIOError:
                select.select([], [terminal], [], max(0.0, deadline - time.monotonic()))
        while time.monotonic() < deadline:
            readable, _, _ = select.select([terminal], [], [], max(0.0, deadline - time.monotonic()))
            if not readable:
                break
            try:
                chunk = os.read(terminal, 4096)
            except BlockingIOError:
                continue  # woken without data after all
            if not chunk:
                break
            received += chunk
            if _complete(received.decode("utf-8", "replace"), tmux_passthrough):
                break
    except OSError:
        pass  # the terminal went away mid-exchange: what came so far is all there is (blocks, likely)
    finally:
        try:
            termios.tcsetattr(terminal, termios.TCSANOW, saved)
        except termios.error:
            pass  # the terminal is gone; nothing left to restore
        os.close(terminal)
    return received.decode("utf-8", "replace")


@contextmanager
def quiet_terminal(fd: int) -> Iterator[list[Any] | None]:
    """Echo and line editing off on the terminal of `fd` for the block; yields its settings from before
    (None when `fd` is no terminal, and nothing is changed).

    The terminal answers the query on its own time: an answer that comes after `query_terminal`'s
    deadline and before the app puts the terminal in raw mode would be echoed by the terminal driver
    onto the screen the app is about to leave (``^[P>|kitty(0.35.2)^[\\…``, still there after it
    quits). Quiet until the app has taken over, the answer waits in the input, unechoed, for the app's
    reader to drop (`iconcat.tui.terminal_input`). The app's driver must restore the settings yielded
    here at its exit, not the quiet ones it finds at its start (`ReplyFilteringDriver`); the block
    restores them too when it ends, on every path.
    """
    if sys.platform == "win32" or fd < 0 or not os.isatty(fd):
        yield None
        return
    import termios

    try:
        saved = termios.tcgetattr(fd)
        quiet = [*saved]
        quiet[3] = saved[3] & ~(termios.ECHO | termios.ICANON)  # lflag
        quiet[6] = [*saved[6]]
        quiet[6][termios.VMIN], quiet[6][termios.VTIME] = 1, 0
        termios.tcsetattr(fd, termios.TCSANOW, quiet)
    except termios.error:
        yield None
        return
    try:
        yield saved
    finally:
        try:
            termios.tcsetattr(fd, termios.TCSANOW, saved)
        except termios.error:
            pass  # the terminal is gone


def parse_tmux_answer(text: str) -> TmuxInfo | None:
    """`TmuxInfo` from `TMUX_FORMAT`'s answer (None if garbled).

    tmux 3.3 prints the flag as 1/0, tmux 3.4+ as on/off/all. The client's type comes last, since it is
    the terminal's own text (it could hold a "|"); a three-part answer has none.
    """
    parts = text.strip("\r\n").split("|", 3)
    if len(parts) < 3:
        return None
    passthrough, client, features = parts[:3]
    return TmuxInfo(
        passthrough.strip().lower() in ("1", "on", "all"),
        client.strip(),
        frozenset(feature for feature in features.strip().split(",") if feature),
        parts[3].strip()[:200] if len(parts) == 4 else "",
    )


TMUX_FORMAT = "#{allow-passthrough}|#{client_termname}|#{client_termfeatures}|#{client_termtype}"


def ask_tmux(env: Mapping[str, str], timeout: float = 1.0) -> TmuxInfo | None:
    """Ask the tmux we run in (``TMUX``, ``TMUX_PANE``) about passthrough and its client; None if it can't be asked."""
    if not env.get("TMUX"):
        return None
    command = ["tmux", "display-message", "-p"]
    if env.get("TMUX_PANE"):
        command += ["-t", env["TMUX_PANE"]]
    try:
        done = subprocess.run(
            [*command, TMUX_FORMAT], capture_output=True, text=True, timeout=timeout, env=dict(env), check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return parse_tmux_answer(done.stdout) if done.returncode == 0 else None


def _grid(fd: int) -> Grid | None:
    """TIOCGWINSZ of `fd`: columns, rows and pixels (None when not a terminal)."""
    if sys.platform == "win32":
        return None
    import fcntl
    import struct
    import termios

    try:
        packed = fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8)
    except OSError:
        return None
    rows, columns, width, height = struct.unpack("HHHH", packed)
    return Grid(columns, rows, width, height)


def choose_mode(
    requested: str,
    env: Mapping[str, str],
    fd: int,
    *,
    query: Callable[..., str] = query_terminal,
    tmux: Callable[[Mapping[str, str]], TmuxInfo | None] = ask_tmux,
) -> Detection:
    """The mode to draw with: `requested` ("auto", "kitty", "sixel" or "blocks") decided on the
    terminal of `fd`, once, before the app starts.

    A forced "kitty" or "sixel" is obeyed (the query still runs for the cell size, and kitty in tmux
    is still wrapped for passthrough); "blocks" asks the terminal nothing.
    """
    if requested not in MODES:
        raise ValueError(f"graphics must be one of {', '.join(MODES)}, not {requested!r}")
    if requested == "blocks":
        return Detection("blocks", "asked for blocks")
    if requested == "auto" and not os.isatty(fd):
        return Detection("blocks", "not drawing on a terminal")
    in_tmux = bool(env.get("TMUX"))
    tmux_info = tmux(env) if in_tmux else None
    replies = ""
    if should_query(env):
        passthrough = in_tmux and tmux_info is not None and tmux_info.passthrough
        if in_tmux and requested == "auto" and not _tmux_may_show_kitty(tmux_info):
            replies = ""  # nothing the terminal says could change "blocks" here: spare the wait
        else:
            replies = query(fd, timeout=query_timeout(env), tmux_passthrough=passthrough)
    detection = decide(env, replies, tmux=tmux_info, grid=_grid(fd))
    if requested == "auto":
        return detection
    forced: Mode = "kitty" if requested == "kitty" else "sixel"
    return Detection(
        forced,
        f"asked for {requested}",
        detection.cell_size,
        detection.terminal,
        tmux=in_tmux,
        needs_truecolor=requested == "kitty" and not _app_writes_truecolor(env),
    )


def _tmux_may_show_kitty(info: TmuxInfo | None) -> bool:
    return (
        info is not None
        and info.passthrough
        and info.client_term in PLACEHOLDER_CLIENT_TERMS
        and "RGB" in info.features
    )
