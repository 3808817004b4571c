"""What the packages' tags cost (issue 31 item 1): loading the shipped data, a look-up, and reading a
set whose records take their package's categories.

    python benchmarks/tags.py [--rounds 7] [--from JSON_FOLDER]

Printed, never asserted (this is not a test), medians of `--rounds`:

1. load: in a fresh process, its first `icon_tags` call (which loads the data) against the import
   of `iconcat.iconify.tags` before it (the baseline), each timed inside the process.
2. look-up: `icon_tags` for every icon of tabler.json, ph.json, mdi.json and twemoji.json (a styled name
   and an unknown one among them), per call, against a plain dict look-up of the same names.
3. categories at record time: `read_iconify` of tabler.json and ph.json (`--from`: an unpacked
   @iconify/json's json/ folder) with every record made, against the same read with no set
   categorised (the records made by `SourceIcon` itself, as before).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

FROM_DEFAULT = Path("/work/data/iconify-json/package/json")


CHILD = """
import time
before = time.perf_counter()
import msgspec  # as iconcat's client and catalogue have it by the time tags are read
started = time.perf_counter()
import iconcat.iconify.tags as tags
imported = time.perf_counter()
tags.icon_tags("tabler", "trash")
loaded = time.perf_counter()
tags.icon_tags("ph", "trash-bold")
again = time.perf_counter()
print(imported - started, loaded - imported, again - loaded, started - before)
"""


def load(rounds: int) -> None:
    runs = []
    for _ in range(rounds):
        printed = subprocess.run([sys.executable, "-c", CHILD], check=True, capture_output=True, text=True).stdout
        runs.append([float(figure) for figure in printed.split()])
    imported, first, second, decoder = (statistics.median(run[column] for run in runs) for column in range(4))
    print(f"1. load, in a fresh process: msgspec imported first ({decoder * 1000:.1f} ms: the app has it already),")
    print(f"   import {imported * 1000:.1f} ms (iconcat and the module),")
    print(f"   first icon_tags call (the load) {first * 1000:.1f} ms, the next {second * 1e6:.1f} µs;")
    print(f"   the load is {first / imported:.2f}x the import")


def lookups(rounds: int, folder: Path) -> None:
    from iconcat.iconify.tags import icon_tags

    names = [
        (prefix, key)
        for prefix in ("tabler", "ph", "mdi", "twemoji")
        for key in json.loads((folder / f"{prefix}.json").read_bytes())["icons"]
    ]
    icon_tags("tabler", "trash")
    plain = dict.fromkeys(names, ())
    tagged, baseline = [], []
    for _ in range(rounds):
        started = time.perf_counter()
        for prefix, key in names:
            icon_tags(prefix, key)
        tagged.append(time.perf_counter() - started)
        started = time.perf_counter()
        for name in names:
            plain.get(name)
        baseline.append(time.perf_counter() - started)
    per_call = statistics.median(tagged) / len(names) * 1e6
    per_get = statistics.median(baseline) / len(names) * 1e6
    found = sum(1 for prefix, key in names if icon_tags(prefix, key))
    print(f"2. look-up: {len(names):,} names ({found:,} with tags): {per_call:.2f} µs a call,")
    print(f"   a dict look-up {per_get:.2f} µs; ratio {per_call / per_get:.1f}x")


def categories(rounds: int, folder: Path) -> None:
    import iconcat.sources.iconify as reader
    from iconcat.iconify.tags import categorised_prefixes

    def read_all() -> float:
        started = time.perf_counter()
        for prefix in ("tabler", "ph"):
            _, icons = reader.read_iconify(folder / f"{prefix}.json")
            for _icon in icons:
                pass
        return time.perf_counter() - started

    read_all()  # the data loaded, the files in the page cache
    with_categories, without = [], []
    for _ in range(rounds):
        with_categories.append(read_all())
        reader.categorised_prefixes = lambda: frozenset()  # type: ignore[attr-defined]
        without.append(read_all())
        reader.categorised_prefixes = categorised_prefixes  # type: ignore[attr-defined]
    after, before = statistics.median(with_categories), statistics.median(without)
    print(f"3. tabler.json + ph.json read: {after * 1000:.0f} ms with package categories,")
    print(f"   {before * 1000:.0f} ms without; ratio {after / before:.2f}x")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--from", dest="folder", type=Path, default=FROM_DEFAULT)
    arguments = parser.parse_args()
    load(arguments.rounds)
    if not arguments.folder.is_dir():
        print(f"{arguments.folder}: not a folder; sections 2 and 3 need an unpacked @iconify/json's json/")
        return 2
    lookups(arguments.rounds, arguments.folder)
    categories(arguments.rounds, arguments.folder)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
