"""Find by meaning (issue 31's goals): what a person types, and whether the icons they mean come first.

    python benchmarks/meaning.py [--sets DIR] [--exact] [--speed] [--collection DIR] [--cache DIR]
                                 [--set-by name|prefix] [--sample 200] [--repeat 30] [--misses N]

Runs against whatever search the tree it is run in has, through the embedded catalogue from disk, the
way `iconcat search --from PATH` does (`iconcat.catalogue.choose_catalogue` with the sets as `--from`,
then `open_catalogue`; the words read by the search box's parser and narrowed by `iconcat search`'s own
`_gather`), so the figures move when the search changes and not otherwise.

1. **Meaning** (always): the five sets served together, Tabler, Lucide, MDI, Phosphor and Font Awesome
   7 (`fa7-solid`, `fa7-regular`, `fa7-brands`: one set, "fa7"), from `--sets` (the `json` folder of
   @iconify/json; the seven files are given as seven `--from`). Each query of
   `benchmarks/meaning_cases.py` is searched once; the answer is followed page by page until each set
   holds 10 icons (or the answer ends), and kept per set in rank order. Per set: recall@10 (the share
   of the queries that name an icon in the set with one of them among the set's first 10), the mean
   rank of the first expected icon (one not among the first 10, or missing, counted as 11) and the
   number of queries counted; then the misses, each with what came first instead. An expected name is
   a glyph: its styles count (`tabler:trash` accepts `tabler:trash-filled`; see the cases' docstring).
2. **Exact names** (`--exact`): `--sample` icon names drawn at random (seed `SEED`) from the whole
   `--collection` (every set's icons not hidden). (a) The icon's Iconify name as the query
   (`tabler:trash`): is it first? A query the search box refuses (today: "tabler: is not a filter")
   counts as a miss and is reported as "not supported". (b) The name in words (hyphens as spaces) with
   the filter `set:"<its set's name>"` (exact, quoted: `set:` compares with set names today), or with
   `--set-by prefix` `set:<its prefix>` (once `set:` selects by prefix): is its glyph among the first
   3? A glyph's styles count as one: a result of the same set and the same name (the index names an
   icon's styles alike: "Trash", style Filled) is the icon.
3. **Speed** (`--speed`): over the whole `--collection` (~381,000 icons), `SPEED_QUERIES`, each asked
   once cold and `--repeat` times more, the catalogue's `search` (the first page and its count, as the
   browser asks it) timed; median and p95, in ms and as a ratio to a baseline measured in the same run:
   a plain Python scan of every icon name in memory (`[name for name in names if word in name]`
   for each word, the first 48 kept and all counted). The scan is the simplest correct answer to
   today's rule (words inside names), so the ratio says what the index buys over writing no index at
   all, and it moves with the machine's load as the search does (the absolute goal: median ≤ 10 ms,
   p95 ≤ 30 ms).

The whole collection is indexed into `--cache` (default: a fresh temporary folder, so the run pays
the build once, ~15-60 s, and says how long it took); give a folder to reuse an index between runs.
Figures are for this machine as loaded at the time; never part of the test suite's pass/fail.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from meaning_cases import CASES, expected

if TYPE_CHECKING:
    from iconcat.api import Icon
    from iconcat.catalogue import Catalogue

DEFAULT_SETS = "/work/data/iconify-json/package/json"
DEFAULT_COLLECTION = "/work/data/iconify-json/package"
SET_FILES = {
    "tabler": ("tabler",),
    "lucide": ("lucide",),
    "mdi": ("mdi",),
    "ph": ("ph",),
    "fa7": ("fa7-solid", "fa7-regular", "fa7-brands"),
}
"""The five sets of the figures, and the Iconify prefixes (files) each is."""
SET_OF_PREFIX = {prefix: name for name, prefixes in SET_FILES.items() for prefix in prefixes}
STYLE_SUFFIX = {
    "tabler": re.compile(r"-filled$"),
    "mdi": re.compile(r"-outline$"),
    "ph": re.compile(r"-(?:bold|duotone|fill|light|thin)$"),
}
"""The styles of one glyph in the five sets (the cases name glyphs: their styles count too)."""
TOP = 10
MISSING_RANK = TOP + 1
GROUPED_FOLLOW = 3000
"""How far the grouped figure follows an answer for each set's first `TOP` names (a page is 48)."""
SEED = 36
SPEED_QUERIES = ["a", "arrow", "delete", "settings user", "zzqx"]
SCAN_PAGE = 48

BEFORE: dict[str, tuple[float, float]] = {
    "tabler": (88 / 146, 5.18),
    "lucide": (81 / 146, 5.49),
    "mdi": (137 / 146, 1.75),
    "ph": (64 / 146, 6.74),
    "fa7": (87 / 146, 5.11),
}
"""Recall@10 (share) and mean rank per set on main before issue 31's search (75909e2, session 36:
docs/measurements.md "find by meaning, before"), printed beside the figures of the tree run."""


# ------------------------------------------------------------------------------------ the catalogue


def catalogue_from(paths: Sequence[str]) -> Catalogue:
    """The embedded catalogue serving `paths`, chosen as `iconcat search --from P …` chooses it."""
    from iconcat.catalogue import CatalogueFlags, choose_catalogue, open_catalogue
    from iconcat.config import Settings

    settings = Settings(base_url=None, token=None, sources=tuple(paths), sources_from_flag=True)
    return open_catalogue(choose_catalogue(settings, CatalogueFlags("search")), warn=lambda line: None)


async def opened(catalogue: Catalogue, what: str) -> float:
    """Open (index) `catalogue`, saying how long it took."""
    start = time.perf_counter()
    await catalogue.open()
    seconds = time.perf_counter() - start
    print(f"{what}: opened in {seconds:.1f} s", file=sys.stderr)
    return seconds


def glyph(iconify: str) -> str:
    """`iconify` without its style, for the five sets (`ph:trash-bold` → `ph:trash`)."""
    prefix, _, name = iconify.partition(":")
    rule = STYLE_SUFFIX.get(SET_OF_PREFIX.get(prefix, ""))
    return f"{prefix}:{rule.sub('', name)}" if rule else iconify


# --------------------------------------------------------------------------------------- 1. meaning


@dataclass
class SetFigures:
    """One set's figures over the queries that name an icon in it."""

    counted: int = 0
    found: int = 0
    found_grouped: int = 0
    """Queries with an expected icon among the set's first `TOP` names grouped (the browser's `g`)."""
    ranks: list[int] = field(default_factory=list)
    misses: list[tuple[str, list[str]]] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.found / self.counted if self.counted else 0.0

    @property
    def recall_grouped(self) -> float:
        return self.found_grouped / self.counted if self.counted else 0.0

    @property
    def mean_rank(self) -> float:
        return statistics.fmean(self.ranks) if self.ranks else float(MISSING_RANK)


async def answer_per_set(catalogue: Catalogue, query: str) -> tuple[dict[str, list[str]], dict[str, list[list[str]]]]:
    """The answer to `query`, kept per set in rank order, followed until each set has `TOP` icons; and
    the same grouped by name as the browser's `g` shows it (one entry per name of the set, standing for
    its icons: Phosphor's six weights of a glyph are one entry), followed until each set has `TOP` entries
    or `GROUPED_FOLLOW` icons are seen."""
    from iconcat.cli.search import read_query

    words = read_query(query)
    result = await catalogue.search(words.service_text)
    per_set: dict[str, list[str]] = {name: [] for name in SET_FILES}
    grouped: dict[str, dict[str, list[str]]] = {name: {} for name in SET_FILES}
    seen = 0
    while True:
        for icon in result.icons_after(seen):
            name = SET_OF_PREFIX.get(icon.iconify_prefix)
            if name is not None and icon.iconify:
                per_set[name].append(icon.iconify)
                grouped[name].setdefault(icon.name, []).append(icon.iconify)
        seen = result.icon_count
        enough = all(len(entries) >= TOP for entries in grouped.values())
        if enough or not result.can_load_more or seen >= GROUPED_FOLLOW:
            return per_set, {name: list(entries.values()) for name, entries in grouped.items()}
        result = await catalogue.more(result)


async def meaning(sets_folder: Path, misses_shown: int) -> dict[str, SetFigures]:
    paths = [str(sets_folder / f"{prefix}.json") for prefixes in SET_FILES.values() for prefix in prefixes]
    for path in paths:
        if not Path(path).is_file():
            raise SystemExit(f"meaning.py: {path} is not there: give --sets, the json folder of @iconify/json")
    cache = tempfile.mkdtemp(prefix="iconcat-meaning-five-")
    os.environ["ICONCAT_CACHE_DIR"] = cache
    figures = {name: SetFigures() for name in SET_FILES}
    try:
        async with catalogue_from(paths) as catalogue:
            await opened(catalogue, "the five sets")
            for query in CASES:
                wanted = set(expected(query))
                answer, grouped = await answer_per_set(catalogue, query)
                for name, icons in answer.items():
                    wanted_here = {w for w in wanted if SET_OF_PREFIX.get(w.partition(":")[0]) == name}
                    if not wanted_here:
                        continue
                    figure = figures[name]
                    figure.counted += 1
                    entries = grouped[name][:TOP]
                    figure.found_grouped += any(glyph(icon) in wanted_here for entry in entries for icon in entry)
                    first = next((rank for rank, icon in enumerate(icons[:TOP], 1) if glyph(icon) in wanted_here), None)
                    if first is None:
                        figure.ranks.append(MISSING_RANK)
                        figure.misses.append((query, icons[:3]))
                    else:
                        figure.found += 1
                        figure.ranks.append(first)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    print(f"\n1. Meaning: {len(CASES)} queries (benchmarks/meaning_cases.py), the five sets served together")
    print(f"   recall@{TOP}: an expected icon among the set's first {TOP}; mean rank of the first expected icon,")
    print(f"   one not among the first {TOP} (or missing) counted as {MISSING_RANK}")
    print(f"   (grouped: the same over the first {TOP} names of the set, styles as one entry, as `g` shows them)")
    header = f"   {'set':<8} {'queries':>7} {'recall@10':>10} {'mean rank':>10} {'grouped':>8}"
    if BEFORE:
        header += f" {'before':>17}"
    print(header)
    for name, figure in figures.items():
        line = f"   {name:<8} {figure.counted:>7} {figure.recall:>10.1%} {figure.mean_rank:>10.2f}"
        line += f" {figure.recall_grouped:>8.1%}"
        if name in BEFORE:
            recall, rank = BEFORE[name]
            line += f" {recall:>8.1%} / {rank:>5.2f}"
        print(line)
    for name, figure in figures.items():
        shown = figure.misses if misses_shown < 0 else figure.misses[:misses_shown]
        print(f"\n   {name}: {len(figure.misses)} missed" + (":" if shown else ""))
        for query, came_first in shown:
            came = ", ".join(came_first) if came_first else "nothing of this set"
            print(f"     {query!r}: first {came}")
        if len(shown) < len(figure.misses):
            print(f"     … and {len(figure.misses) - len(shown)} more (--misses -1 lists all)")
    return figures


# ----------------------------------------------------------------------------------- 2. exact names


def collection_files(collection: Path) -> list[Path]:
    folder = collection / "json" if (collection / "json").is_dir() else collection
    return sorted(path for path in folder.glob("*.json") if path.name not in {"collections.json"})


def drawn_names(collection: Path, sample: int) -> list[tuple[str, str, str]]:
    """`sample` icons drawn at random (seed `SEED`) from every set: (prefix, name, the set's name)."""
    every: list[tuple[str, str, str]] = []
    for path in collection_files(collection):
        with path.open(encoding="utf-8") as file:
            data = json.load(file)
        if not isinstance(data, dict) or not isinstance(data.get("icons"), dict):
            continue
        prefix, title = data.get("prefix", path.stem), data.get("info", {}).get("name", path.stem)
        every.extend((prefix, name, title) for name, icon in data["icons"].items() if not icon.get("hidden"))
    every.sort()
    return random.Random(SEED).sample(every, sample)


async def filtered(catalogue: Catalogue, text: str, enough: int, until: str | None = None) -> list[Icon] | None:
    """The icons `iconcat search TEXT` lists (the search box's parser, `iconcat search`'s narrowing and
    filters), until `enough` are kept and, with `until`, that icon is among them (or the answer ends);
    None when the search box refuses `text`."""
    from iconcat.cli.errors import UsageError
    from iconcat.cli.search import _gather, read_query

    try:
        query = read_query(text, catalogue.spec.served_prefixes)  # as `iconcat search` reads it once open
    except UsageError:
        return None
    limit = enough
    while True:
        found = await _gather(catalogue, query, follow=True, limit=limit)
        icons: list[Icon] = found.icons
        if until is None or any(icon.iconify == until for icon in icons) or len(icons) < limit:
            return icons
        limit *= 4


async def exact(collection: Path, cache: Path, sample: int, set_by: str, misses_shown: int) -> None:
    names = drawn_names(collection, sample)
    os.environ["ICONCAT_CACHE_DIR"] = str(cache)
    first_hits = refused = words_hits = nothing = 0
    misses: list[str] = []
    async with catalogue_from([str(collection)]) as catalogue:
        await opened(catalogue, "the whole collection")
        for prefix, name, title in names:
            target = f"{prefix}:{name}"
            icons = await filtered(catalogue, target, 1)
            if icons is None:
                refused += 1
            elif icons and icons[0].iconify == target:
                first_hits += 1
            narrow = f"set:{prefix}" if set_by == "prefix" else 'set:"' + title.replace('"', "") + '"'
            # "Its name in words": the name iconcat gives the icon (the key without the style words it
            # ends with: ph:caret-circle-double-left-bold is Caret Circle Double Left, Bold), when its
            # Iconify name finds it; else the key in words. A glyph's styles count as one (the goal's rule).
            words = icons[0].name.casefold() if icons and icons[0].iconify == target else name.replace("-", " ")
            icons = await filtered(catalogue, f"{words} {narrow}", 3, until=target) or []
            own = next((icon for icon in icons if icon.iconify == target), None)
            top = icons[:3]
            if own is not None and any(
                icon.iconify == target or (icon.iconify_prefix == prefix and icon.name == own.name) for icon in top
            ):
                words_hits += 1
            else:
                nothing += not icons
                came = ", ".join(icon.iconify or icon.name for icon in top) if top else "nothing"
                misses.append(f"{words!r} {narrow} ({target}): first {came}")
    print(f"\n2. Exact names: {sample} icon names drawn at random (seed {SEED}) from {collection}")
    if refused == sample:
        print(f"   its Iconify name as the query, first: 0% (not supported: the search box refuses all {sample})")
    else:
        note = f" ({refused} refused by the search box)" if refused else ""
        print(f"   its Iconify name as the query, first: {first_hits / sample:.1%} ({first_hits} of {sample}){note}")
    print(
        f"   its name in words with set:{'<prefix>' if set_by == 'prefix' else '<its set name>'}, its glyph among"
        f" the first 3: {words_hits / sample:.1%} ({words_hits} of {sample})"
    )
    print(f"   of the {len(misses)} missed, {nothing} found nothing at all (the words found no icon of the set)")
    shown = misses if misses_shown < 0 else misses[:misses_shown]
    for line in shown:
        print(f"     missed {line}")
    if len(shown) < len(misses):
        print(f"     … and {len(misses) - len(shown)} more (--misses -1 lists all)")


# ----------------------------------------------------------------------------------------- 3. speed


def every_name(collection: Path) -> list[str]:
    """Every visible icon's name in words, lower-case, as the scan's baseline searches them."""
    names: list[str] = []
    for path in collection_files(collection):
        with path.open(encoding="utf-8") as file:
            data = json.load(file)
        if isinstance(data, dict) and isinstance(data.get("icons"), dict):
            names.extend(name.replace("-", " ") for name, icon in data["icons"].items() if not icon.get("hidden"))
    return names


def scan(names: list[str], words: Sequence[str]) -> tuple[list[str], int]:
    """The baseline: every name holding every word (`in`, one list comprehension a word), the first
    `SCAN_PAGE` kept and all counted."""
    matches = names
    for word in words:
        matches = [name for name in matches if word in name]
    return matches[:SCAN_PAGE], len(matches)


def p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


async def speed(collection: Path, cache: Path, repeat: int) -> None:
    os.environ["ICONCAT_CACHE_DIR"] = str(cache)
    names = every_name(collection)
    rows: list[tuple[str, float, float, float, float, float, int | None]] = []
    async with catalogue_from([str(collection)]) as catalogue:
        await opened(catalogue, "the whole collection")
        for query in SPEED_QUERIES:
            start = time.perf_counter()
            result = await catalogue.search(query)
            cold = time.perf_counter() - start
            timings: list[float] = []
            baseline: list[float] = []
            words = query.lower().split()
            for _ in range(repeat):  # (taking turns, so both see the same load)
                start = time.perf_counter()
                await catalogue.search(query)
                timings.append(time.perf_counter() - start)
                start = time.perf_counter()
                scan(names, words)
                baseline.append(time.perf_counter() - start)
            rows.append(
                (
                    query,
                    cold,
                    statistics.median(timings),
                    p95(timings),
                    statistics.median(baseline),
                    p95(baseline),
                    result.total,
                )
            )
    print(f"\n3. Speed: the catalogue's search (first page and count) over {len(names):,} icons, {repeat} runs each")
    print(
        "   against the baseline: a plain Python scan of every name (`word in name`, a list comprehension"
        " a word), taking turns"
    )
    print(
        f"   {'query':<15} {'matches':>8} {'cold ms':>8} {'median ms':>10} {'p95 ms':>8} "
        f"{'scan median':>12} {'scan p95':>9} {'÷ scan (median / p95)':>22}"
    )
    for query, cold, median, high, scan_median, scan_high, total in rows:
        matches = f"{total:,}" if total is not None else "?"
        print(
            f"   {query!r:<15} {matches:>8} {cold * 1e3:>8.1f} {median * 1e3:>10.1f} {high * 1e3:>8.1f} "
            f"{scan_median * 1e3:>12.1f} {scan_high * 1e3:>9.1f} "
            f"{median / scan_median:>13.2f}× / {high / scan_high:.2f}×"
        )
    print("   goal (issue 31, at 390,000 icons with tags): median ≤ 10 ms, p95 ≤ 30 ms")


# -------------------------------------------------------------------------------------------- main


async def run(arguments: argparse.Namespace) -> None:
    await meaning(Path(arguments.sets), arguments.misses)
    if not (arguments.exact or arguments.speed):
        return
    given = arguments.cache is not None
    cache = Path(arguments.cache) if given else Path(tempfile.mkdtemp(prefix="iconcat-meaning-all-"))
    cache.mkdir(parents=True, exist_ok=True)
    try:
        if arguments.exact:
            await exact(Path(arguments.collection), cache, arguments.sample, arguments.set_by, arguments.misses)
        if arguments.speed:
            await speed(Path(arguments.collection), cache, arguments.repeat)
    finally:
        if not given:
            shutil.rmtree(cache, ignore_errors=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default=DEFAULT_SETS, help="the json folder of @iconify/json (the five sets)")
    parser.add_argument("--collection", default=DEFAULT_COLLECTION, help="the whole @iconify/json (--exact, --speed)")
    parser.add_argument("--cache", help="index the collection here (kept; default: a fresh temporary folder)")
    parser.add_argument("--exact", action="store_true", help="part 2: exact names over the whole collection")
    parser.add_argument("--speed", action="store_true", help="part 3: search speed over the whole collection")
    parser.add_argument("--set-by", choices=("name", "prefix"), default="name", help="how --exact writes set:")
    parser.add_argument("--sample", type=int, default=200, help="names drawn for --exact (default 200)")
    parser.add_argument("--repeat", type=int, default=30, help="runs of each --speed query (default 30)")
    parser.add_argument(
        "--misses", type=int, default=-1, help="misses listed per set and for --exact (default all; 0: none)"
    )
    arguments: Any = parser.parse_args(argv)
    asyncio.run(run(arguments))


if __name__ == "__main__":
    main()
