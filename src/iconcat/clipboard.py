"""Copying text inside tmux: what tmux will do with it, giving it the text, and saying where it went.

Outside tmux the browser writes the clipboard escape itself (OSC 52, through Textual) and says
"Copied". Inside tmux (`TMUX` set) an application's OSC 52 reaches the terminal's clipboard only with
`set -g set-clipboard on`: tmux's default, `external`, and `off` drop it, and `y` said "Copied" while
nothing arrived anywhere. So inside tmux, tmux is asked first and then handed the text itself:

- `tmux display-message -p` gives the server's version, its `set-clipboard`, and the terminal of the
  client attached to this pane's session with its features (`clipboard`: tmux knows that terminal
  takes OSC 52). `tmux -V` gives the version when the server does not.
- tmux 3.2 and later: `tmux load-buffer -w -` puts the text in tmux's buffer (prefix ] pastes it),
  and `-w` has tmux send it on to the attached terminal's clipboard with OSC 52, under `external` and
  `on` alike. Under `off` (which asks tmux never to set the clipboard) `-w` is left out.
- Before 3.2 (no `-w`): with `set-clipboard on` the app's own OSC 52 is what to send (tmux makes a
  buffer of it and passes it on); otherwise `load-buffer -` fills tmux's buffer only.

`TmuxCopy.notice` is what the browser says: "Copied X." only when tmux sent the text on to a
terminal that takes it, else where it went ("to tmux's buffer") and what to set. Every tmux command
has a timeout (`TIMEOUT`) and runs in the caller's thread: the browser calls `copy_in_tmux` off its
UI thread. The text is the caller's, already clean (`iconcat.text.sanitize` and kin); what tmux says
of its client (a terminal name) is sanitised before it is shown.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .text import sanitize

__all__ = [
    "TIMEOUT",
    "CopyPlan",
    "TmuxCopy",
    "TmuxState",
    "copy_in_tmux",
    "inside_tmux",
    "parse_state",
    "plan_copy",
    "plan_without_send_on",
]

TIMEOUT = 2.0
"""Seconds each tmux command may take: a tmux that does not answer in that time is not waited for."""

STATE_FORMAT = "#{version}|#{set-clipboard}|#{client_termname}|#{client_termfeatures}"
"""What `display-message -p` is asked (an option's name in a format gives its value)."""

SET_CLIPBOARD_ON = "set -g set-clipboard on"

Runner = Callable[..., "subprocess.CompletedProcess[Any]"]


def inside_tmux(env: Mapping[str, str]) -> bool:
    """Whether the app runs in a tmux pane (tmux sets `TMUX` for the programs it starts)."""
    return bool(env.get("TMUX"))


@dataclass(frozen=True)
class TmuxState:
    """What tmux says of itself and of the terminal attached to it."""

    version: tuple[int, int] | None
    """The server's version (major, minor); None when it could not be read."""
    set_clipboard: str
    """"on", "external", "off", or "" when tmux did not say."""
    client: str
    """The attached client's terminal (`client_termname`), "" when none is attached."""
    features: frozenset[str]
    """That terminal's features as tmux knows them (`client_termfeatures`, tmux 3.2 and later)."""


def _version(text: str) -> tuple[int, int] | None:
    """(3, 3) from "3.3a", "tmux 3.3a", "next-3.4"; None when there is no version in it."""
    found = re.search(r"(\d+)\.(\d+)", text)
    return (int(found.group(1)), int(found.group(2))) if found else None


def parse_state(answer: str, fallback_version: str = "") -> TmuxState | None:
    """`STATE_FORMAT` as tmux answered it (None if it is not such an answer); the version from
    `fallback_version` (`tmux -V`) when the server gave none."""
    parts = answer.strip("\r\n").split("|")
    if len(parts) != 4:
        return None
    version, set_clipboard, client, features = (part.strip() for part in parts)
    return TmuxState(
        _version(version) or _version(fallback_version),
        set_clipboard.lower(),
        client,
        frozenset(feature for feature in features.split(",") if feature),
    )


@dataclass(frozen=True)
class CopyPlan:
    """How the text is given to tmux, and whether it then reaches a clipboard (`plan_copy`). tmux's
    buffer gets it every way (`load-buffer`, or tmux's own buffer of the app's OSC 52)."""

    load_buffer: bool
    """`tmux load-buffer -` with the text."""
    send_on: bool
    """... with `-w`: tmux sends it on to the attached terminal's clipboard."""
    app_osc52: bool
    """The app writes OSC 52 itself (tmux before 3.2 with `set-clipboard on` passes it on)."""
    reaches_clipboard: bool
    """tmux sends it to a terminal that takes it (as far as tmux knows)."""
    advice: str = ""
    """Why it does not, and what to set (empty when it does)."""


def plan_copy(state: TmuxState) -> CopyPlan:
    """How to copy with tmux in `state` (module docstring)."""
    client = sanitize(state.client, max_length=40)
    if state.version is not None and state.version < (3, 2):
        return plan_without_send_on(state, f"tmux {state.version[0]}.{state.version[1]}")
    # 3.2 and later, or a version unknown (-w is tried, then the buffer alone: `copy_in_tmux`).
    if state.set_clipboard == "off":
        return CopyPlan(True, False, False, False, f"tmux's set-clipboard is off; `{SET_CLIPBOARD_ON}` lets it through")
    if not client:
        return CopyPlan(True, True, False, False, "no terminal is attached to tmux")
    if "clipboard" not in state.features:
        advice = (
            f"tmux does not know that {client} takes the clipboard escape (OSC 52); "
            f"if it does, `set -as terminal-features ',{client}:clipboard'`"
        )
        return CopyPlan(True, True, False, False, advice)
    return CopyPlan(True, True, False, True)


def plan_without_send_on(state: TmuxState, which: str) -> CopyPlan:
    """The plan for a tmux without `load-buffer -w` (`which` names it): the app's OSC 52 under
    `set-clipboard on`, else tmux's buffer only."""
    if state.set_clipboard == "on":
        if not sanitize(state.client):
            return CopyPlan(False, False, True, False, "no terminal is attached to tmux")
        return CopyPlan(False, False, True, True)
    return CopyPlan(True, False, False, False, f"{which} passes a copy on only with `{SET_CLIPBOARD_ON}`")


@dataclass(frozen=True)
class TmuxCopy:
    """What became of a copy inside tmux."""

    where: str
    """"clipboard" (tmux sent it on), "buffer" (tmux's buffer only) or "unsure" (tmux could not be
    asked or given it: the app's OSC 52 was the last resort)."""
    app_osc52: bool
    """The caller must write OSC 52 itself (`CopyPlan.app_osc52`, or the last resort)."""
    advice: str = ""

    def notice(self, what: str) -> tuple[str, str, Literal["information", "warning"]]:
        """(title, message, severity) saying where `what` (e.g. "the name “Arrow Up”") went."""
        if self.where == "clipboard":
            return "Copied", f"Copied {what}.", "information"
        if self.where == "buffer":
            return (
                "Copied to tmux's buffer",
                f"Copied {what} to tmux's buffer (prefix ] pastes it), not to the clipboard: {self.advice}.",
                "warning",
            )
        return (
            "Copy",
            f"Sent {what} to the clipboard, but {self.advice}: through tmux it arrives only with `{SET_CLIPBOARD_ON}`.",
            "warning",
        )


def copy_in_tmux(
    text: str, env: Mapping[str, str], *, run: Runner = subprocess.run, timeout: float = TIMEOUT
) -> TmuxCopy:
    """Give `text` (clean already) to the tmux of `env` as `plan_copy` says, and say what became of it."""

    def tmux(*arguments: str, given: str | None = None) -> subprocess.CompletedProcess[Any] | None:
        try:
            return run(
                ["tmux", *arguments],
                input=given.encode("utf-8") if given is not None else None,
                capture_output=True,
                timeout=timeout,
                env=dict(env),
                check=False,
            )
        except (OSError, subprocess.SubprocessError):
            return None

    target = ["-t", env["TMUX_PANE"]] if env.get("TMUX_PANE") else []
    asked = tmux("display-message", "-p", *target, STATE_FORMAT)
    state = None
    if asked is not None and asked.returncode == 0:
        answer = asked.stdout.decode("utf-8", "replace")
        fallback = ""
        if not answer.split("|", 1)[0].strip():  # the server gave no version: the client's will do
            version = tmux("-V")
            fallback = version.stdout.decode("utf-8", "replace") if version is not None else ""
        state = parse_state(answer, fallback)
    if state is None:
        return TmuxCopy("unsure", True, "tmux did not answer")
    plan = plan_copy(state)
    if plan.load_buffer:
        loaded = tmux("load-buffer", *(["-w"] if plan.send_on else []), "-", given=text)
        if plan.send_on and (loaded is None or loaded.returncode != 0):
            # No -w after all (a version unknown, or a new client before an old server): as before 3.2.
            plan = plan_without_send_on(state, "this tmux (no `load-buffer -w`)")
            loaded = tmux("load-buffer", "-", given=text) if plan.load_buffer else None
        if plan.load_buffer and (loaded is None or loaded.returncode != 0):
            return TmuxCopy("unsure", True, "tmux did not take it into its buffer")
    return TmuxCopy("clipboard" if plan.reaches_clipboard else "buffer", plan.app_osc52, plan.advice)
