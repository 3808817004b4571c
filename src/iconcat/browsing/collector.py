"""The cyclic garbage collector's policy while a search answer arrives: `answer_arriving()`.

Why: decoding an answer of 10,000 icons makes about 110,000 objects the collector tracks (the icon,
its four references, its variants). Made in a burst, they set off CPython's collections as they come,
and a full collection walks every tracked object of the browser (Textual's caches, the previous
results, the icons decoded so far): 40–150 ms each, on the event loop, whatever the decoder does
(benchmarks/stall.py; with the collector off the same answers stall the loop 12–36 ms at most).

So, while a search (or its next page) is received and decoded, automatic collections wait; and when
the answer holds `FREEZE_FROM` icons or more, everything alive is then moved out of the collector's
sight (`gc.freeze()`, as `iconcat.tui.launch.startup_objects_frozen` does at start), so neither now nor at any
later collection are those icons walked again. Frozen objects are still freed as soon as nothing
refers to them (an answer replaced by the next is freed at once: icons hold no cycles); only cyclic
garbage frozen with them waits for the app's end. To keep that small, a young collection (cheap: the
burst has not begun) runs as the search starts. Searches overlap (a newer one cancels the older as
it arrives), so the pauses nest: collections resume when the last one ends, and only if they were
on before.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["FREEZE_FROM", "answer_arriving"]

FREEZE_FROM = 1_000
"""Answers of at least this many icons are frozen once decoded (a page of 48 is not worth it)."""

_pauses = 0
_was_enabled = False


@contextmanager
def answer_arriving() -> Iterator[_Arrival]:
    """Automatic collections wait inside this block; `arrival.decoded(count)` says how many icons came."""
    global _pauses, _was_enabled
    if _pauses == 0:
        _was_enabled = gc.isenabled()
        if _was_enabled:
            gc.collect(1)  # the young garbage so far, before the burst: milliseconds
    _pauses += 1
    gc.disable()
    try:
        yield _Arrival()
    finally:
        _pauses -= 1
        if _pauses == 0 and _was_enabled:
            gc.enable()


class _Arrival:
    """What the block learns of the answer."""

    def decoded(self, count: int) -> None:
        """`count` icons were decoded and are held: freeze them when they are many."""
        if count >= FREEZE_FROM:
            gc.freeze()
