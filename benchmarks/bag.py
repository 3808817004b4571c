"""The bag's "download all": 100 PNG 512 files from the embedded catalogue, against three baselines;
with --export, the bag exported (a sprite, a zip) from sets on disk, against "download all".

    python benchmarks/bag.py [--rounds 3] [--count 100]
    python benchmarks/bag.py --export [--rounds 3] [--count 500] [--set PATH]

--export (session 37): the first `--count` icons of one IconifyJSON set (default Tabler's, from
/work/data's @iconify/json), served in-process as `iconcat --from PATH` serves them (the index built
before any timing), and in each round, in fresh folders, in an order that turns from round to round:
"download all" of their SVGs (`Batch.run`: 4 at a time, each file fsynced and published: the
baseline), the SVG sprite (`bag_export.export_sprite`) and the zip of the same SVGs (`export_zip`),
each timed around the call. Printed: each time (min–max), each export ÷ the baseline, and the goal
(an export of 500 icons <= 1 s).

`iconcat serve` runs in a child process (plain http on loopback). The `--count` icons are the first
ones the catalogue answers for a few searches, each saved as its PNG 512 variant. Each round runs, in
fresh child processes and fresh folders, the cases below (their order turns from round to round, so
none always finds the disk busy with another's files):

- bag: the bag's engine (`iconcat.disk.batch.Batch`, at most 4 files at once, with the bag's progress and
  per-file callbacks; each file through `iconcat.disk.saving.save_choice`: checked, fsynced, published
  atomically), timed around `Batch.run` in the child; and the child's whole run (start-up included);
- httpx: a plain script with `httpx.AsyncClient`, 4 at a time (a semaphore), each file streamed to
  its own path with no checks and no fsync, timed around the downloads in the child;
- httpx + fsync: the same, each file then fsynced and its folder too (in threads), as the bag does
  (durable on disk, as every iconcat download is: see `iconcat.disk.downloads`);
- 100 processes: `iconcat download VARIANT_ID -o DIR`, one after another (start-up included).

Printed (never asserted: this is not a test), each as min–max over the rounds:

- the times of each case;
- bag ÷ httpx (goal <= 1.2), both timed around the downloads alone; and bag ÷ httpx + fsync (the
  same work on the disk: the plain script leaves its files to the kernel, the bag waits for the disk);
- 100 processes ÷ bag (goal >= 3), both whole processes;
- the bag child's memory growth during the batch: its peak RSS (ru_maxrss) after the batch minus its
  RSS just before it (goal <= 30 MB).

Before the first round every file is fetched once, so the server's renders are cached for all cases.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tui import TOKEN, start_server_process

QUERIES = ("arrow", "heart", "user", "home", "star", "file", "cloud", "bell", "lock", "search", "mail", "chart")

BAG_CHILD = r"""
import asyncio, json, resource, sys, time
from pathlib import Path
started = time.perf_counter()
from iconcat.api import CatalogueClient, parse_search_result
from iconcat.disk.batch import Batch
from iconcat.disk.saving import nearest_choice

base_url, token, icons_file, folder = sys.argv[1], sys.argv[2], sys.argv[3], Path(sys.argv[4])
icons = parse_search_result({"data": json.loads(Path(icons_file).read_text())}).icons

def rss_now():
    # The resident set now (not the peak so far: imports may have peaked higher than this moment).
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024

async def main():
    async with CatalogueClient(base_url, token) as client:
        planned = [(icon, nearest_choice(icon, "png", 512)) for icon in icons]
        reports = []
        batch = Batch(
            planned, folder, on_progress=lambda progress: reports.append(progress.text), on_item=lambda item: None
        )
        before = rss_now()
        began = time.perf_counter()
        summary = await batch.run(client)
        elapsed = time.perf_counter() - began
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # peak, in KiB on Linux
    # (Two icons whose files share a name and their bytes make one file: the second is "already there".)
    assert len(summary.saved) + len(summary.already) == len(icons), summary.headline
    return elapsed, after - before, len(reports), len(summary.saved)

elapsed, growth, reports, saved = asyncio.run(main())
print(json.dumps({"seconds": elapsed, "rss_growth": growth, "reports": reports, "saved": saved,
                  "whole": time.perf_counter() - started}))
"""

HTTPX_CHILD = r"""
import asyncio, json, os, sys, time
from pathlib import Path
import httpx

base_url, token, ids_file, folder = sys.argv[1], sys.argv[2], sys.argv[3], Path(sys.argv[4])
durable = sys.argv[5] == "durable"
ids = json.loads(Path(ids_file).read_text())

def sync_folder():
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)

async def main():
    limit = asyncio.Semaphore(4)
    async with httpx.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=60) as client:
        async def one(variant_id):
            async with limit:
                async with client.stream("GET", f"{base_url}/api/v1/download", params={"id": variant_id}) as response:
                    response.raise_for_status()
                    with open(folder / f"{variant_id}.png", "wb") as file:
                        async for chunk in response.aiter_bytes():
                            file.write(chunk)
                        if durable:
                            file.flush()
                            await asyncio.to_thread(os.fsync, file.fileno())
                    if durable:
                        await asyncio.to_thread(sync_folder)
        began = time.perf_counter()
        await asyncio.gather(*(one(variant_id) for variant_id in ids))
        return time.perf_counter() - began

print(json.dumps({"seconds": asyncio.run(main())}))
"""


def environment(base_url: str) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "iconcat-bench-pycache"))
    env["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="iconcat-bench-config-")  # no one's own settings
    env["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="iconcat-bench-data-")
    env["ICONCAT_BASE_URL"] = base_url
    env["ICONCAT_TOKEN"] = TOKEN
    return env


def collect_icons(base_url: str, count: int) -> list[dict]:
    """The first `count` icons the catalogue answers for `QUERIES` that offer a PNG 512, as JSON entries."""
    import httpx

    found: dict[int, dict] = {}
    with httpx.Client(headers={"Authorization": f"Bearer {TOKEN}"}, timeout=60) as client:
        for query in QUERIES:
            answer = client.get(f"{base_url}/api/v1/search", params={"name": query})
            answer.raise_for_status()
            for entry in answer.json()["data"]:
                has_512 = any(v["format"] == "png" and v["size"] == 512 for v in entry["variants"])
                if has_512 and entry["id"] not in found:
                    found[entry["id"]] = entry
                if len(found) == count:
                    return list(found.values())
    raise SystemExit(f"only {len(found)} icons found; ask for fewer with --count")


def png_512(entry: dict) -> int:
    return next(v["id"] for v in entry["variants"] if v["format"] == "png" and v["size"] == 512)


def run_child(script: str, *args: str, env: dict[str, str]) -> dict:
    out = subprocess.run([sys.executable, "-c", script, *args], env=env, capture_output=True, text=True, check=False)
    if out.returncode:
        raise SystemExit(f"a child failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def count_files(folder: Path, count: int) -> None:
    files = [path for path in folder.iterdir() if path.is_file()]
    assert len(files) == count, f"{len(files)} files in {folder}, not {count}"
    assert all(path.stat().st_size > 0 for path in files)


TABLER = Path("/work/data/iconify-json/package/json/tabler.json")


def export_main(set_path: Path, count: int, rounds: int) -> int:
    """The bag exported from sets on disk, against its "download all" (see the module docstring)."""
    import asyncio

    from iconcat.catalogue.embedded import EmbeddedCatalogue
    from iconcat.catalogue.kinds import sets_spec
    from iconcat.disk.bag_export import export_sprite, export_zip
    from iconcat.disk.batch import Batch
    from iconcat.disk.saving import nearest_choice
    from iconcat.sources.serving import open_sources

    figures: dict[str, list[float]] = {"download all": [], "sprite": [], "zip": []}
    with tempfile.TemporaryDirectory(prefix="iconcat-bench-bag-export-") as scratch_name:
        scratch = Path(scratch_name)
        served = open_sources((str(set_path),), folder=scratch / "cache")

        async def run() -> int:
            async with EmbeddedCatalogue(sets_spec((str(set_path),)), served=served) as catalogue:
                result = await catalogue.search("")
                while result.can_load_more and result.icon_count < count:
                    result = await catalogue.more(result)
                icons = result.icons[:count]
                planned = [(icon, choice) for icon in icons if (choice := nearest_choice(icon, "svg", None))]

                async def download_all(folder: Path) -> int:
                    return len((await Batch(planned, folder).run(catalogue)).saved)

                async def sprite(folder: Path) -> int:
                    return (await export_sprite(catalogue, icons, folder / "icons.svg")).count

                async def archive(folder: Path) -> int:
                    return (await export_zip(catalogue, icons, ("svg", None), folder / "icons.zip")).count

                cases = [("download all", download_all), ("sprite", sprite), ("zip", archive)]
                await sprite(scratch / "warm")  # the index's pages and the SVGs read once before any timing
                for round_number in range(rounds):
                    turn = round_number % len(cases)
                    for name, case in cases[turn:] + cases[:turn]:
                        folder = scratch / f"{name}-{round_number}"
                        began = time.perf_counter()
                        done = await case(folder)
                        figures[name].append(time.perf_counter() - began)
                        assert done == len(icons), (name, done)
                        shutil.rmtree(folder)
                return len(icons)

        try:
            exported = asyncio.run(run())
        finally:
            served.index.close()

    def span(values: list[float], unit: str = "s", digits: int = 3) -> str:
        return f"{min(values):.{digits}f}–{max(values):.{digits}f} {unit}"

    ratios = {
        name: [figures[name][index] / figures["download all"][index] for index in range(rounds)]
        for name in ("sprite", "zip")
    }
    print(f"the bag exported: {exported} icons of {set_path.name} from disk, in-process, {rounds} rounds (min–max)")
    print(f"  download all (SVG, 4 at a time)   {span(figures['download all'])}  the baseline: {exported} files")
    print(f"  SVG sprite                        {span(figures['sprite'])}  (goal <= 1 s)")
    print(f"  zip of the SVGs                   {span(figures['zip'])}  (goal <= 1 s)")
    print(f"  ratio sprite ÷ download all       {span(ratios['sprite'], 'x', 2)}")
    print(f"  ratio zip ÷ download all          {span(ratios['zip'], 'x', 2)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--count", type=int, default=None, help="icons (default 100; 500 with --export)")
    parser.add_argument("--export", action="store_true", help="the bag exported from sets on disk")
    parser.add_argument("--set", type=Path, default=TABLER, help="with --export: the IconifyJSON set")
    args = parser.parse_args(argv)
    if args.export:
        return export_main(args.set, args.count or 500, args.rounds)
    args.count = args.count or 100
    iconcat = shutil.which("iconcat", path=str(Path(sys.executable).parent)) or "iconcat"
    server, base_url = start_server_process(page_size=10_000)
    env = environment(base_url)
    try:
        with tempfile.TemporaryDirectory(prefix="iconcat-bench-bag-") as scratch_name:
            scratch = Path(scratch_name)
            entries = collect_icons(base_url, args.count)
            ids = [png_512(entry) for entry in entries]
            (scratch / "icons.json").write_text(json.dumps(entries))
            (scratch / "ids.json").write_text(json.dumps(ids))
            warm = scratch / "warm"
            warm.mkdir()
            run_child(HTTPX_CHILD, base_url, TOKEN, str(scratch / "ids.json"), str(warm), "plain", env=env)
            shutil.rmtree(warm)

            figures: dict[str, list[float]] = {
                "bag": [],
                "bag whole": [],
                "httpx": [],
                "httpx durable": [],
                "processes": [],
                "growth": [],
            }
            ratios: dict[str, list[float]] = {"bag/httpx": [], "bag/httpx durable": [], "processes/bag": []}

            def bag(folder: Path) -> int:
                out = run_child(BAG_CHILD, base_url, TOKEN, str(scratch / "icons.json"), str(folder), env=env)
                figures["bag"].append(out["seconds"])
                figures["bag whole"].append(out["whole"])
                figures["growth"].append(out["rss_growth"] / 1e6)
                return int(out["saved"])

            def plain(folder: Path) -> int:
                out = run_child(HTTPX_CHILD, base_url, TOKEN, str(scratch / "ids.json"), str(folder), "plain", env=env)
                figures["httpx"].append(out["seconds"])
                return len(ids)

            def durable(folder: Path) -> int:
                ids_file = str(scratch / "ids.json")
                out = run_child(HTTPX_CHILD, base_url, TOKEN, ids_file, str(folder), "durable", env=env)
                figures["httpx durable"].append(out["seconds"])
                return len(ids)

            def processes(folder: Path) -> int:
                began = time.perf_counter()
                for variant_id in ids:
                    subprocess.run(
                        [iconcat, "download", str(variant_id), "-o", str(folder)],
                        env=env,
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL,
                        check=True,
                    )
                figures["processes"].append(time.perf_counter() - began)
                # Each succeeded (check=True); a file with the same name and bytes as one before is kept,
                # not saved twice (the service's names tell fewer icons apart than the bag's do).
                return len(list(folder.iterdir()))

            cases = [bag, plain, durable, processes]
            for round_number in range(args.rounds):
                turn = round_number % len(cases)
                for case in cases[turn:] + cases[:turn]:
                    folder = scratch / f"{case.__name__}-{round_number}"
                    folder.mkdir()
                    count_files(folder, case(folder))
                    shutil.rmtree(folder)
                ratios["bag/httpx"].append(figures["bag"][-1] / figures["httpx"][-1])
                ratios["bag/httpx durable"].append(figures["bag"][-1] / figures["httpx durable"][-1])
                ratios["processes/bag"].append(figures["processes"][-1] / figures["bag whole"][-1])
    finally:
        server.terminate()
        server.wait()

    def span(values: list[float], unit: str = "s", digits: int = 3) -> str:
        return f"{min(values):.{digits}f}–{max(values):.{digits}f} {unit}"

    print(f"the bag: {len(ids)} PNG 512 files from the embedded catalogue, {args.rounds} rounds (min–max)")
    print(f"  bag (4 at a time)            {span(figures['bag'])}  around the batch")
    print(f"  httpx script (4 at a time)   {span(figures['httpx'])}  around the downloads, no checks, no fsync")
    print(
        f"  httpx script + fsync         {span(figures['httpx durable'])}  each file and folder fsynced, as the bag's"
    )
    print(f"  bag, whole process           {span(figures['bag whole'])}")
    print(f"  {len(ids)} × iconcat download      {span(figures['processes'])}  one after another")
    print(f"  ratio bag ÷ httpx            {span(ratios['bag/httpx'], 'x', 2)}  (goal <= 1.2x)")
    print(f"  ratio bag ÷ httpx + fsync    {span(ratios['bag/httpx durable'], 'x', 2)}  (both durable on disk)")
    print(f"  ratio processes ÷ bag        {span(ratios['processes/bag'], 'x', 1)}  (goal >= 3x)")
    print(f"  memory growth of the batch   {span(figures['growth'], 'MB', 1)}  (peak RSS; goal <= 30 MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
