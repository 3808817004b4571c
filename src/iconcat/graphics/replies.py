"""The terminal's answers to our start-up query, recognised in the input stream whenever they arrive.

`iconcat.graphics.detect` asks the terminal once, before the app starts, and waits a short while for
the answers. A terminal far away (ssh with a long round trip) answers after that wait, when Textual
is already reading the keyboard: its parser knows none of these answers, so it would type them into
the focused field as text (``^P>|kitty(0.35.2)^\\``). The app's input parser
(`iconcat.tui.terminal_input`) asks these two questions of every escape sequence as it arrives, and
drops the answers:

- `is_reply(text)`: `text` is one whole answer to our query: XTVERSION's DCS (``ESC P >| … ESC \\``),
  any kitty graphics APC (``ESC _G … ESC \\``: our query's answer, and any other kitty reply), the
  cell or text-area size (``ESC [6;h;wt``, ``ESC [4;h;wt``) or the primary device attributes
  (``ESC [?…c``). A string terminator may be ``ESC \\`` or BEL.
- `may_be_reply(text)`: `text` could still grow into one (it is a prefix of an answer).
- `certainly_reply(text)`: no key starts this way (``ESC P>``, ``ESC _G``, ``ESC [?``), so a prefix
  that stalls is a broken answer to drop, not keys to type.

Nothing else is recognised: in-band resizes (``ESC [48;…t``), mode reports (``ESC [?2026;2$y``),
keys such as Ctrl+PageDown (``ESC [6;5~``) fall out of `may_be_reply` and go to Textual untouched.
A late answer never changes the graphics mode chosen at start (docs/pictures.md).
"""

from __future__ import annotations

import re

__all__ = ["certainly_reply", "is_reply", "may_be_reply"]

_DCS_BODY, _APC_BODY, _NUMBERS = 256, 4096, 64
"""The longest XTVERSION text, kitty message and list of attributes taken as an answer."""

_WHOLE = re.compile(
    "|".join(
        (
            rf"\x1bP>\|[^\x1b\x07]{{0,{_DCS_BODY}}}(?:\x1b\\|\x07)",
            rf"\x1b_G[^\x1b\x07]{{0,{_APC_BODY}}}(?:\x1b\\|\x07)",
            r"\x1b\[[46];\d{1,6};\d{1,6}t",
            rf"\x1b\[\?[\d;]{{0,{_NUMBERS}}}c",
        )
    )
)
_PREFIX = re.compile(
    "|".join(
        (
            rf"\x1b(?:P(?:>(?:\|[^\x1b\x07]{{0,{_DCS_BODY}}}\x1b?)?)?)?",
            rf"\x1b(?:_(?:G[^\x1b\x07]{{0,{_APC_BODY}}}\x1b?)?)?",
            r"\x1b(?:\[(?:[46](?:;(?:\d{1,6}(?:;\d{0,6})?)?)?)?)?",
            rf"\x1b(?:\[(?:\?[\d;]{{0,{_NUMBERS}}})?)?",
        )
    )
)
_CERTAIN = ("\x1bP>", "\x1b_G", "\x1b[?")


def is_reply(text: str) -> bool:
    """`text` is exactly one answer to our query (module docstring)."""
    return _WHOLE.fullmatch(text) is not None


def may_be_reply(text: str) -> bool:
    """`text` is the beginning of an answer to our query (a whole one included is not)."""
    return _PREFIX.fullmatch(text) is not None


def certainly_reply(text: str) -> bool:
    """`text` starts the way only an answer does (no key or mouse report starts so)."""
    return text.startswith(_CERTAIN)
