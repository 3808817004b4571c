"""The sanitiser: what reaches a screen from the service is plain, printable, one line."""

import pytest

from iconcat.text import sanitize


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Arrow Left", "Arrow Left"),
        ("\x1b[31mRed\x1b[0m", "[31mRed[0m"),  # ESC removed: the rest is inert text
        ("\x1b]8;;http://evil\x07link\x1b]8;;\x07", "]8;;http://evillink]8;;"),  # OSC 8
        ("\x1b]52;c;aGVsbG8=\x07clip", "]52;c;aGVsbG8=clip"),  # OSC 52 clipboard write
        ("a\x9b31mb", "a31mb"),  # C1 CSI
        ("evil\u202egnp.exe", "evilgnp.exe"),  # bidi override
        ("iso\u2066late\u2069", "isolate"),
        ("two\nlines\r\nhere", "two lines here"),
        ("  tabs\tand   spaces  ", "tabs and spaces"),
        ("zero\u200bwidth", "zerowidth"),
        ("👩\u200d💻", "👩\u200d💻"),  # emoji sequences keep their joiner
        ("[bold]x[/]", "[bold]x[/]"),  # markup is not this function's job: callers show Text
        ("nul\x00byte\x7f", "nulbyte"),
        ("line\u2028sep", "line sep"),
        (None, ""),
        (42, "42"),
    ],
)
def test_sanitize_shows_only_plain_printable_text(raw, shown):
    assert sanitize(raw) == shown


def test_sanitize_cuts_long_strings_with_an_ellipsis():
    cut = sanitize("x" * 500, max_length=20)
    assert cut == "x" * 19 + "…"
    assert len(cut) == 20
    assert sanitize("x" * 500, max_length=None) == "x" * 500


def test_sanitize_output_has_no_control_characters_for_any_code_point():
    every = "".join(chr(c) for c in range(0x3000))
    shown = sanitize(every, max_length=None)
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in shown)
    assert not any(c in shown for c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")


@pytest.mark.parametrize(
    "raw",
    [
        "Arrow Left",
        " leading",
        "trailing ",
        "double  space",
        "tab\there",
        "del\x7fhere",
        "bell\x07",
        "café",
        "x" * 10,
        "x" * 11,
        "x" * 9 + " ",
        "",
    ],
)
def test_the_fast_path_returns_what_the_full_loop_returns(raw: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Strings that look clean take a shortcut; it must agree with the character-by-character loop,
    # including at the length limit.
    through_fast_path = sanitize(raw, max_length=10)
    monkeypatch.setattr("iconcat.text._already_clean", lambda text, max_length: False)
    assert through_fast_path == sanitize(raw, max_length=10)
