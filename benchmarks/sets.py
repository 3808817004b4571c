"""`iconcat sets --from <@iconify/json> --json` with the index built, against baselines in the same rounds.

    python benchmarks/sets.py [--rounds 15] [--sets /work/data/iconify-json/package/json]

Printed (never asserted; this is not a test): issue 32's goal, `iconcat sets --from @iconify/json
--json` ≤ 0.5 s with the index built. Each round runs, in turn, fresh processes of

1. `python -c 'import iconcat'` (the interpreter's start and the package: the floor),
2. `iconcat --help` (the command line's start, what every command pays before it says anything),
3. `iconcat sets --from SETS --json` (the index opened, the sets listed, the JSON printed),
4. `iconcat search arrow --from SETS --json` (the same catalogue opened and one page searched: what
   opening it costs any command),

the cases taking turns within each round so a drift of the machine reaches them alike; median and best
of the rounds, and each ÷ the baselines; and the median CPU time (user + system) of each, which the
other processes on the machine change less than the wall time. The index is built first (once, in the
cache folder this run makes: `ICONCAT_CACHE_DIR`, about 30 s for the whole collection) and the first
round warms the bytecode cache and is not counted. The load average is printed: the machine is shared,
so read the ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WHOLE_COLLECTION = Path("/work/data/iconify-json/package/json")


def timed(command: list[str], env: dict[str, str]) -> tuple[float, str, float]:
    """(wall seconds, stdout, CPU seconds: user + system of the child, which the machine's load changes less)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    completed = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, completed.stdout, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--sets", type=Path, default=WHOLE_COLLECTION, help="the sets to serve (@iconify/json's json/)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="iconcat-sets-bench-") as scratch:
        env = {
            **os.environ,
            "ICONCAT_CACHE_DIR": str(Path(scratch) / "cache"),
            "XDG_DATA_HOME": str(Path(scratch) / "data"),
            "XDG_CONFIG_HOME": str(Path(scratch) / "config"),
        }
        env.pop("ICONCAT_BASE_URL", None)
        iconcat = [sys.executable, "-m", "iconcat.cli"]
        cases = {
            "python -c 'import iconcat'": [sys.executable, "-c", "import iconcat"],
            "iconcat --help": [*iconcat, "--help"],
            "iconcat sets --from SETS --json": [*iconcat, "sets", "--from", str(args.sets), "--json"],
            "iconcat search arrow --from SETS --json": [
                *iconcat,
                "search",
                "arrow",
                "--from",
                str(args.sets),
                "--json",
            ],
        }
        build, output, _ = timed(cases["iconcat sets --from SETS --json"], env)
        listed = json.loads(output)["data"]
        icons = sum(entry["icons"] or 0 for entry in listed)
        print(f"index built in {build:.1f} s: {len(listed)} sets, {icons:,} icons listed")
        times: dict[str, list[float]] = {name: [] for name in cases}
        cpu: dict[str, list[float]] = {name: [] for name in cases}
        for round_number in range(args.rounds + 1):
            for name, command in cases.items():
                elapsed, _, used = timed(command, env)
                if round_number:  # the first round warms the bytecode cache
                    times[name].append(elapsed)
                    cpu[name].append(used)
        load = os.getloadavg()
        print(f"{args.rounds} rounds, load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores")
        floor = statistics.median(times["python -c 'import iconcat'"])
        help_time = statistics.median(times["iconcat --help"])
        print(f"{'case':42} {'median':>9} {'best':>9} {'÷ import':>9} {'÷ --help':>9} {'CPU median':>11}")
        for name, values in times.items():
            median = statistics.median(values)
            print(
                f"{name:42} {median * 1000:7.0f}ms {min(values) * 1000:7.0f}ms"
                f" {median / floor:8.2f}x {median / help_time:8.2f}x {statistics.median(cpu[name]) * 1000:9.0f}ms"
            )
        sets_median = statistics.median(times["iconcat sets --from SETS --json"])
        print(f"goal: iconcat sets --from SETS --json <= 0.5 s: median {sets_median:.3f} s")


if __name__ == "__main__":
    main()
