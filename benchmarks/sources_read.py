"""How fast icon sets are read from disk and mapped onto the interface, against a plain `json.load`.

    python benchmarks/sources_read.py [PATH ...]      (default: the whole @iconify/json under /work/realsets)

Baseline: a plain `json.load` of every set file the reader reads (the floor for any IconifyJSON reader:
parsing 465 MB of JSON). Measured: `discover()` then `read()` of every unit, every icon yielded (its
name, style, category and whole SVG document made), nothing stored. Each runs in a fresh process, so
the peak RSS printed is its own. The ratio is what the mapping costs on top of parsing, whatever the
machine; the index's goal (index all of @iconify/json in 15 s, 400 MB) leaves the rest for SQLite.

`read_all(paths)` is what `benchmarks/sources.py` can call to time the reading alone.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from iconcat.sources.discover import IconifyUnit, discover
from iconcat.sources.errors import UnreadableSet

DEFAULT = "/work/realsets/iconify-json-2.2.535/package"


@dataclass
class Figures:
    seconds: float
    peak_rss_mb: float
    cpu_seconds: float = 0.0
    """CPU time of the process: steadier than wall time on a machine others share."""
    sets: int = 0
    icons: int = 0
    listed: int = 0
    """Icons search lists: not hidden (aliases listed on their own count; plain aliases do not)."""
    unreadable: int = 0


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux


def read_all(paths: list[str]) -> Figures:
    """Discover and read every set under `paths`, yielding every icon; nothing kept."""
    started, cpu = time.perf_counter(), time.process_time()
    figures = Figures(0.0, 0.0)
    for unit in discover(paths).units:
        try:
            _, icons = unit.read(warn=lambda line: None)
        except UnreadableSet:
            figures.unreadable += 1
            continue
        figures.sets += 1
        for icon in icons:
            figures.icons += 1
            figures.listed += not icon.hidden
    figures.seconds = time.perf_counter() - started
    figures.cpu_seconds = time.process_time() - cpu
    figures.peak_rss_mb = peak_rss_mb()
    return figures


def load_all(paths: list[str]) -> Figures:
    """The baseline: `json.load` every IconifyJSON file the reader would read."""
    started, cpu = time.perf_counter(), time.process_time()
    figures = Figures(0.0, 0.0)
    for unit in discover(paths).units:
        if isinstance(unit, IconifyUnit):
            with unit.path.open("rb") as file:
                json.load(file)
            figures.sets += 1
    figures.seconds = time.perf_counter() - started
    figures.cpu_seconds = time.process_time() - cpu
    figures.peak_rss_mb = peak_rss_mb()
    return figures


def in_child(mode: str, paths: list[str]) -> Figures:
    output = subprocess.run(
        [sys.executable, __file__, "--child", mode, *paths], check=True, capture_output=True, text=True
    ).stdout
    return Figures(**json.loads(output))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=[DEFAULT])
    parser.add_argument("--child", choices=["baseline", "read"], help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child:
        figures = (load_all if arguments.child == "baseline" else read_all)(arguments.paths)
        print(json.dumps(asdict(figures)))
        return
    if not all(Path(path.partition("=")[2] or path).exists() for path in arguments.paths):
        sys.exit(f"not found: {' '.join(arguments.paths)} (unpack @iconify/json there, or name the sets to read)")
    baseline = in_child("baseline", arguments.paths)
    reading = in_child("read", arguments.paths)
    print(f"sets: {reading.sets} read, {reading.unreadable} unreadable")
    print(f"icons: {reading.icons:,} ({reading.listed:,} listed)")
    for label, figures in (
        ("json.load of every file (baseline)", baseline),
        ("discover + read + map every icon", reading),
    ):
        print(
            f"{label:36} {figures.seconds:6.2f} s wall  {figures.cpu_seconds:6.2f} s CPU"
            f"   peak RSS {figures.peak_rss_mb:4.0f} MB"
        )
    wall, cpu = reading.seconds / baseline.seconds, reading.cpu_seconds / baseline.cpu_seconds
    print(f"ratio to the baseline: {wall:.2f}x wall, {cpu:.2f}x CPU   ({reading.icons / reading.seconds:,.0f} icons/s)")


if __name__ == "__main__":
    main()
