"""The command line's start-up, each case against a baseline measured in the same rounds.

    python benchmarks/cli.py [--rounds 15]

Printed (never asserted; this is not a test), best of `--rounds` fresh processes, the cases of a
comparison taking turns within each round so a drift of the machine reaches both alike:

1. `iconcat --help` against `python -c pass` (goal <= 3x): what the command line imports before it
   can say anything.
2. `iconcat search arrow`, on the demo catalogue served by `iconcat serve` in another process (plain
   http on loopback, configured by the environment), against a plain httpx script doing the same
   request (`httpx.get` with the token, the JSON decoded, the count printed): goals <= 1.0x and
   <= 200 ms.

3. `iconcat search 'arrow style:filled' --demo --json` (every page of "arrow" on the embedded demo
   catalogue, started in the process, filtered as the browser filters) against a plain httpx script
   that starts the same embedded catalogue in its process and fetches every page of "arrow" by
   following `meta.next` (the JSON decoded, the count printed): goal <= 1.2x (issue 23). Median of
   the rounds, and the best too, the two cases taking turns.

Child processes cache their bytecode (in a folder of their own when the shell sets
PYTHONDONTWRITEBYTECODE), as an installed copy does; the first round of each case warms that cache
and is not counted. The browser's launch figures are benchmarks/tui.py's.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tui import TOKEN, start_server_process

PLAIN_HTTPX = """
import os, httpx
response = httpx.get(
    os.environ["ICONCAT_BASE_URL"] + "/api/v1/search",
    params={"name": "arrow"},
    headers={"Authorization": "Bearer " + os.environ["ICONCAT_TOKEN"]},
)
response.raise_for_status()
print(len(response.json()["data"]), "icons")
"""


PLAIN_HTTPX_EVERY_PAGE = """
import httpx
from iconcat.server import DEMO_TOKEN, start_catalogue
server = start_catalogue(token=DEMO_TOKEN)
try:
    with httpx.Client(headers={"Authorization": "Bearer " + DEMO_TOKEN}) as client:
        body = client.get(server.base_url + "/api/v1/search", params={"name": "arrow"}).json()
        icons = body["data"]
        while body["meta"].get("next"):
            body = client.get(body["meta"]["next"]).json()
            icons += body["data"]
    print(len(icons), "icons")
finally:
    server.stop()
"""


def environment(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "iconcat-bench-pycache"))
    env["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="iconcat-bench-config-")  # no one's own settings
    env.update(extra)
    return env


def seconds(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - started


def timed(cases: dict[str, list[str]], env: dict[str, str], rounds: int) -> dict[str, list[float]]:
    """Each case's times, the cases taking turns within each round (the first round warms up)."""
    times: dict[str, list[float]] = {name: [] for name in cases}
    for round_number in range(rounds + 1):
        for name, command in cases.items():
            elapsed = seconds(command, env)
            if round_number:
                times[name].append(elapsed)
    return times


def compare(cases: dict[str, list[str]], env: dict[str, str], rounds: int) -> dict[str, float]:
    """Best time of each case, the cases taking turns within each round (the first round warms up)."""
    return {name: min(values) for name, values in timed(cases, env, rounds).items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args(argv)
    iconcat = shutil.which("iconcat", path=str(Path(sys.executable).parent)) or "iconcat"

    best = compare({"pass": [sys.executable, "-c", "pass"], "help": [iconcat, "--help"]}, environment(), args.rounds)
    print(f"1. start-up (best of {args.rounds}, fresh processes, cases in turn)")
    print(f"   python -c pass                  {best['pass'] * 1000:6.1f} ms")
    print(
        f"   iconcat --help                  {best['help'] * 1000:6.1f} ms   {best['help'] / best['pass']:4.2f}x"
        "   goal <= 3x"
    )

    server, base_url = start_server_process(page_size=48)
    try:
        env = environment(ICONCAT_BASE_URL=base_url, ICONCAT_TOKEN=TOKEN)
        best = compare(
            {"httpx": [sys.executable, "-c", PLAIN_HTTPX], "search": [iconcat, "search", "arrow"]}, env, args.rounds
        )
    finally:
        server.terminate()
        server.wait()
    ratio = best["search"] / best["httpx"]
    print("2. one search on a plain-http catalogue on loopback, process start to exit")
    print(f"   plain httpx script, same request {best['httpx'] * 1000:6.1f} ms")
    print(
        f"   iconcat search arrow             {best['search'] * 1000:6.1f} ms   {ratio:4.2f}x"
        "   goals <= 1.0x and <= 200 ms"
    )

    times = timed(
        {
            "httpx": [sys.executable, "-c", PLAIN_HTTPX_EVERY_PAGE],
            "search": [iconcat, "search", "arrow style:filled", "--demo", "--json"],
        },
        environment(),
        args.rounds,
    )
    median = {name: statistics.median(values) for name, values in times.items()}
    best = {name: min(values) for name, values in times.items()}
    print(f"3. every page of 'arrow', embedded demo catalogue started in the process (median / best of {args.rounds})")
    print(f"   plain httpx script, next followed  {median['httpx'] * 1000:6.1f} / {best['httpx'] * 1000:6.1f} ms")
    print(
        f"   iconcat search 'arrow style:filled' --demo --json"
        f"  {median['search'] * 1000:6.1f} / {best['search'] * 1000:6.1f} ms"
        f"   {median['search'] / median['httpx']:4.2f}x / {best['search'] / best['httpx']:4.2f}x   goal <= 1.2x"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
