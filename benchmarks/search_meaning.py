"""The search rule over tags and synonyms at the whole collection's scale (issue 31's speed goals).

    python benchmarks/search_meaning.py [--sets PATH] [--repeat 30] [--tags-per-icon 8]

PATH is the unpacked `@iconify/json` (default: /work/data/iconify-json/package/json, ~390,000 icons).
The real tag data is another part's: the tags here are **stand-ins**, drawn once per icon (seeded)
from the collection's own name words, weighted by how often each occurs (common words such as
"arrow" and "circle" become common tags: the harder case), `--tags-per-icon` each; the synonyms a
few stand-in groups (delete/remove/trash/bin…, settings/cog/gear…, user/person/profile…). Prints:

1. Index build into an empty cache, a fresh interpreter each: without tags (the baseline) and with
   them, the stand-in table loaded before the clock starts (the real loader's load is its own);
   wall and CPU seconds, and the ratio. Goal: with tags ≤ 1.1× without.
2. The search recomputed alone: the built index opened with the tags' signature changed (sets not
   read again), against a plain restart of the same index.
3. Search at this scale, per query (`a`, `arrow`, `delete`, `settings user`, `zzqx`), a page of 48
   and the count, in-process: the first time in the process (cold), and median / p95 of `--repeat`
   more; then each keystroke of the query typed (`s`, `se`, … `settings user`) cold in a fresh
   process-wide search, the slowest keystroke. With and without tags, the ratio of the medians.
   Goals: median ≤ 10 ms, p95 ≤ 30 ms.

Figures are for this machine as loaded at the time; never part of the test suite's pass/fail.
"""

from __future__ import annotations

import argparse
import collections
import glob
import json
import marshal
import os
import random
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

DEFAULT_SETS = "/work/data/iconify-json/package/json"
QUERIES = ["a", "arrow", "delete", "settings user", "zzqx"]
PAGE = 48
SYNONYMS = [
    ("delete", "remove", "trash", "bin", "garbage", "discard"),
    ("settings", "cog", "gear", "preferences", "options"),
    ("user", "person", "profile", "account", "avatar"),
    ("mail", "envelope", "email", "letter", "message"),
]

CHILD = textwrap.dedent(
    """
    import marshal, resource, sys, time
    from pathlib import Path
    sys.path.insert(0, sys.argv[4])
    from search_meaning import meaning_from
    from sources import units
    from iconcat.sources.index import open_index
    meaning = meaning_from(sys.argv[3])
    found = units(sys.argv[1])
    start, cpu = time.perf_counter(), time.process_time()
    index = open_index(Path(sys.argv[2]), found, meaning=meaning)
    print(time.perf_counter() - start, time.process_time() - cpu, index.listed)
    """
)


def meaning_from(table: str):  # type: ignore[no-untyped-def]
    """The stand-in `Meaning` from the table file `stand_in_table` wrote ("" for none; "real" for the
    shipped tags and synonym groups, `served_meaning()`)."""
    from iconcat.embedded.search import NO_MEANING, Meaning

    if not table:
        return NO_MEANING
    if table == "real":
        from iconcat.embedded.meaning import served_meaning
        from iconcat.iconify.tags import icon_tags

        icon_tags("tabler", "trash")  # the data loaded before the clock starts, as the stand-ins are
        return served_meaning()
    with open(table, "rb") as file:
        by_set: dict[str, dict[str, tuple[str, ...]]] = marshal.load(file)
    synonyms: dict[str, tuple[str, ...]] = {}
    for group in SYNONYMS:
        for word in group:
            synonyms[word] = tuple(other for other in group if other != word)

    def tags_of(prefix: str, key: str) -> tuple[str, ...]:
        return by_set.get(prefix, {}).get(key, ())

    return Meaning(tags_of, lambda word: synonyms.get(word, ()), f"stand-in {os.path.getsize(table)}")


def stand_in_table(folder: str, per_icon: int, path: Path) -> int:
    """Write {prefix: {key: tags}} for every icon, tags drawn from the name words by frequency."""
    frequency: collections.Counter[str] = collections.Counter()
    keys: list[tuple[str, str]] = []
    for file in sorted(glob.glob(os.path.join(folder, "*.json"))):
        with open(file, encoding="utf-8") as handle:
            data = json.load(handle)
        if not isinstance(data, dict) or "icons" not in data:
            continue
        for key in data["icons"]:
            keys.append((data["prefix"], key))
            frequency.update(key.split("-"))
    words, weights = zip(*frequency.items(), strict=True)
    draw = random.Random(31).choices(words, weights, k=per_icon * len(keys))
    table: dict[str, dict[str, tuple[str, ...]]] = {}
    for number, (prefix, key) in enumerate(keys):
        table.setdefault(prefix, {})[key] = tuple(dict.fromkeys(draw[number * per_icon : (number + 1) * per_icon]))
    with open(path, "wb") as file:
        marshal.dump(table, file)
    return len(keys)


def child(*args: str) -> list[float]:
    here = str(Path(__file__).resolve().parent)
    done = subprocess.run([sys.executable, "-c", CHILD, *args, here], capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"the child failed:\n{done.stderr}")
    return [float(value) for value in done.stdout.split()]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def latencies(cache: Path, folder: str, table: str, repeat: int) -> dict[str, tuple[float, float, float, float, int]]:
    """Per query: (cold, median, p95, slowest keystroke typed, total), in-process."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from sources import units

    from iconcat.embedded.search import SearchNames
    from iconcat.sources.catalogue import SourceCatalogue
    from iconcat.sources.index import open_index

    meaning = meaning_from(table)
    index = open_index(cache, units(folder), meaning=meaning)
    catalogue = SourceCatalogue(index, rasterise=lambda svg, size: b"")
    packed = index.search.pack()
    figures = {}
    for query in QUERIES:
        times = []
        for _ in range(repeat + 1):
            start = time.perf_counter()
            page, _ = catalogue.search_page(query, 0, PAGE)
            catalogue.search_matched(query, page)
            total = catalogue.search_count(query)
            times.append((time.perf_counter() - start) * 1000)
        # Typed: every keystroke a search nobody asked before (a fresh search over the same bytes).
        fresh = SearchNames.unpack(packed, meaning.synonyms_of)
        typed = []
        for end in range(1, len(query) + 1):
            start = time.perf_counter()
            fresh.page(query[:end], 0, PAGE)
            fresh.count(query[:end])
            typed.append((time.perf_counter() - start) * 1000)
        warm = times[1:]
        figures[query] = (times[0], statistics.median(warm), percentile(warm, 0.95), max(typed), total)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sets", default=DEFAULT_SETS)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--tags-per-icon", type=int, default=8)
    parser.add_argument("--real", action="store_true", help="the shipped tags and synonyms instead of stand-ins")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        where = Path(scratch)
        table: Path | str = where / "tags.marshal"
        if options.real:
            table = "real"
            print("the shipped tags (iconcat.iconify.tags) and synonym groups (iconcat.meaning)")
        else:
            icons = stand_in_table(options.sets, options.tags_per_icon, Path(table))
            print(f"stand-in tags: {options.tags_per_icon} per icon for {icons:,} icons, from the collection's words")
        plain_cache, tagged_cache = where / "plain", where / "tagged"
        plain = child(options.sets, str(plain_cache), "")
        tagged = child(options.sets, str(tagged_cache), str(table))
        print(f"1. Build, {int(plain[2]):,} icons listed: without tags {plain[0]:.2f} s ({plain[1]:.2f} s CPU)")
        print(
            f"   with tags {tagged[0]:.2f} s ({tagged[1]:.2f} s CPU): {tagged[0] / plain[0]:.2f}x wall, "
            f"{tagged[1] / plain[1]:.2f}x CPU (goal ≤ 1.1x)"
        )
        restart = child(options.sets, str(plain_cache), "")
        recompute = child(options.sets, str(plain_cache), str(table))
        print(
            f"2. The search recomputed for new tags, sets not read: {recompute[0]:.2f} s ({recompute[1]:.2f} s CPU); "
            f"a plain restart {restart[0]:.2f} s"
        )
        print(f"3. Search: page of {PAGE} (with `matched`) + count, in-process (ms)")
        print(f"   {'query':16} {'total':>8} {'cold':>7} {'median':>7} {'p95':>7} {'typed max':>9}  median vs no tags")
        before = latencies(plain_cache, options.sets, "", options.repeat)
        after = latencies(tagged_cache, options.sets, str(table), options.repeat)
        for query in QUERIES:
            cold, median, p95, typed, total = after[query]
            print(
                f"   {query!r:16} {total:>8,} {cold:7.2f} {median:7.2f} {p95:7.2f} {typed:9.2f}  "
                f"{median / before[query][1]:.2f}x (no tags: {before[query][4]:,} icons, cold {before[query][0]:.2f}, "
                f"median {before[query][1]:.2f}, typed max {before[query][3]:.2f})"
            )
        print("   goals: median ≤ 10 ms, p95 ≤ 30 ms")


if __name__ == "__main__":
    main()
