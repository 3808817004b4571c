"""What the sanitiser costs per string, with its shortcut for clean strings against its full loop.

    python benchmarks/sanitize.py [--rounds 20000]

Strings: the demo catalogue's names, styles and sets (what the browser sanitises for every result),
a name with a line break (takes the loop either way) and a 2 MB name (cut after 201 characters).
Baseline: the same call with the shortcut switched off, measured in the same run; the best of five.
"""

from __future__ import annotations

import argparse
import timeit

import iconcat.text as text_module
from iconcat.demo.catalogue import default_catalogue


def per_call_microseconds(strings: list[str], rounds: int) -> float:
    """Best-of-five time of one `sanitize` call, in microseconds."""
    sanitize = text_module.sanitize
    best = min(timeit.repeat(lambda: [sanitize(s) for s in strings], number=rounds, repeat=5))
    return best / rounds / len(strings) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20000)
    rounds = parser.parse_args().rounds
    icons = default_catalogue().icons[:200]
    clean = sorted({s for icon in icons for s in (icon.name, icon.style_ref.name, icon.set_ref.name)})
    cases = {
        f"catalogue strings ({len(clean)})": (clean, rounds // 10),
        "a name with a line break": (["Cloud\nRain"], rounds),
        "a 2 MB name": (["x" * 2_000_000], max(rounds // 100, 1)),
    }
    shortcut = text_module._already_clean
    print(f"{'strings':<28}{'with shortcut':>16}{'loop only':>14}{'ratio':>8}")
    for label, (strings, count) in cases.items():
        fast = per_call_microseconds(strings, count)
        text_module._already_clean = lambda text, max_length: False
        try:
            loop = per_call_microseconds(strings, count)
        finally:
            text_module._already_clean = shortcut
        print(f"{label:<28}{fast:>13.2f} us{loop:>11.2f} us{fast / loop:>7.2f}×")


if __name__ == "__main__":
    main()
