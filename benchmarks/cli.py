"""The command line's start-up, each case against a baseline measured in the same rounds.

    python benchmarks/cli.py [--rounds 15] [--baseline SRC [--from-set PATH] [--only-baseline]]

Printed (never asserted; this is not a test), best of `--rounds` fresh processes, the cases of a
comparison taking turns within each round so a drift of the machine reaches both alike:

1. `iconcat --help` against `python -c pass` (goal <= 3x): what the command line imports before it
   can say anything.
2. `iconcat search arrow`, on the demo catalogue served by `iconcat serve` in another process (plain
   http on loopback, configured by the environment), against a plain httpx script doing the same
   request (`httpx.get` with the token, the JSON decoded, the count printed): goals <= 1.0x and
   <= 200 ms.

3. `iconcat search 'arrow style:filled' --demo --json` (every page of "arrow" on the embedded demo
   catalogue, asked in the process since session 35, filtered as the browser filters) against a plain
   httpx script that starts the same embedded catalogue on a loopback port in its process and fetches
   every page of "arrow" by following `meta.next` (the JSON decoded, the count printed): goal <= 1.2x
   (issue 23). Median of the rounds, and the best too, the two cases taking turns.

4. With `--baseline SRC` (the `src` folder of the commit to compare with: a scratch worktree, e.g.
   `git worktree add --detach /tmp/base 7d85060`): `iconcat search arrow --demo` and
   `iconcat search arrow --from SET` (`--from-set`: Tabler from the unpacked `@iconify/json` when it is
   there, else a generated set of 500 icons; its index built in the warm-up round, one cache folder
   each) run by that code and by this one (`python -m iconcat.cli` with `PYTHONPATH` at each `src`, the
   same interpreter), taking turns: median and best of the rounds, and this ÷ the baseline (issue 30:
   the commands in-process, where the baseline starts a uvicorn server on a loopback port); and the
   same search on a plain-http catalogue on loopback (as in 2), where nothing changed but the choice
   of catalogue: its cost.

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


TABLER = Path("/work/data/iconify-json/package/json/tabler.json")


def small_set(folder: Path) -> Path:
    """A generated IconifyJSON set of 500 icons in `folder` (when Tabler is not unpacked here)."""
    import json

    body = '<path d="M4 12h16M12 4v16" stroke="currentColor"/>'
    icons = {f"arrow-{number}": {"body": body} for number in range(250)}
    icons.update({f"shape-{number}": {"body": body} for number in range(250)})
    path = folder / "small.json"
    path.write_text(json.dumps({"prefix": "small", "info": {"name": "Small"}, "icons": icons}), encoding="utf-8")
    return path


def before_and_after(baseline: Path, from_set: Path | None, rounds: int) -> None:
    """Section 4: the same searches by the baseline's code and by this one, taking turns."""
    here = Path(__file__).resolve().parent.parent / "src"
    scratch = Path(tempfile.mkdtemp(prefix="iconcat-bench-cli-"))
    sets = from_set or (TABLER if TABLER.is_file() else small_set(scratch))
    command = [sys.executable, "-m", "iconcat.cli", "search", "arrow"]
    server, base_url = start_server_process(page_size=48)
    try:
        for options, named, served in (
            (["--demo"], "--demo", {}),
            (["--from", str(sets)], f"--from {sets.name}", {}),
            (
                [],
                "on a plain-http catalogue (the choice's own cost)",
                {"ICONCAT_BASE_URL": base_url, "ICONCAT_TOKEN": TOKEN},
            ),
        ):
            envs = {
                name: environment(PYTHONPATH=str(src), ICONCAT_CACHE_DIR=str(scratch / f"cache-{name}"), **served)
                for name, src in (("before", baseline), ("after", here))
            }
            cases: dict[str, list[float]] = {"before": [], "after": []}
            for round_number in range(rounds + 1):  # (the first round warms the caches and builds the index)
                for name in ("before", "after") if round_number % 2 else ("after", "before"):
                    elapsed = seconds([*command, *options], envs[name])
                    if round_number:
                        cases[name].append(elapsed)
            median = {name: statistics.median(values) for name, values in cases.items()}
            best = {name: min(values) for name, values in cases.items()}
            print(f"   iconcat search arrow {named}")
            for name in ("before", "after"):
                print(f"     {name:<6} {median[name] * 1000:7.1f} / {best[name] * 1000:7.1f} ms")
            print(
                f"     after / before  {median['after'] / median['before']:4.2f}x median,"
                f" {best['after'] / best['before']:4.2f}x best"
            )
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(scratch, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--baseline", type=Path, help="the src folder of the commit to compare with (section 4)")
    parser.add_argument("--from-set", type=Path, help="the set section 4 searches with --from")
    parser.add_argument("--only-baseline", action="store_true", help="section 4 alone")
    args = parser.parse_args(argv)
    if args.only_baseline and args.baseline is None:
        parser.error("--only-baseline measures against --baseline SRC: give it")
    if args.only_baseline:
        return section_four(args)
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
    print(f"3. every page of 'arrow', the embedded demo catalogue in the process (median / best of {args.rounds})")
    print(f"   plain httpx script, next followed  {median['httpx'] * 1000:6.1f} / {best['httpx'] * 1000:6.1f} ms")
    print(
        f"   iconcat search 'arrow style:filled' --demo --json"
        f"  {median['search'] * 1000:6.1f} / {best['search'] * 1000:6.1f} ms"
        f"   {median['search'] / median['httpx']:4.2f}x / {best['search'] / best['httpx']:4.2f}x   goal <= 1.2x"
    )
    return section_four(args)


def section_four(args: argparse.Namespace) -> int:
    if args.baseline is not None:
        print(f"4. before ({args.baseline}) and after, process start to exit (median / best of {args.rounds})")
        before_and_after(args.baseline, args.from_set, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
