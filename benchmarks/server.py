"""How fast the embedded catalogue answers on loopback, against a baseline measured in the same run.

    python benchmarks/server.py [--requests 300] [--files 12] [--icons 1802,18000,200000]

Baseline: a trivial Starlette endpoint (a constant small JSON body) served exactly the same way
(uvicorn in a thread on a loopback port, one keep-alive httpx client). The ratio to it is what our
search, auth and JSON cost on top of HTTP itself, whatever the machine.

Files: the median time to download a 512 px PNG the first time (rendered on request) and again
(from the bounded cache), over several icons in different styles.

Growth: the median search over catalogues of each `--icons` size (the first is the baseline: the demo's
1,802), for a broad query ("a": most names hold an a), a narrow one ("cloud rain"), and the broad one
paged deep (each request a page not asked for before, so nothing is served from a cache of built
answers). Goal: at 200,000 icons, at most 3× the 1,802 time and a median of at most 10 ms.

Searching alongside: the median time to fetch an already cached thumbnail from the largest catalogue
while another client searches "a" there without pause, against the same fetch with nobody searching
(goal: at most 3×). And the time from starting `iconcat serve --icons N` (largest N) to its first
search answer (goal: under 5 s).
"""

from __future__ import annotations

import argparse
import itertools
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route

from iconcat.demo import catalogue as catalogue_module
from iconcat.server import start_catalogue
from iconcat.server.background import BackgroundServer

TOKEN = "bench"
QUERIES = ["arrow", "cloud rain", "e", ""]
BROAD, NARROW = "a", "cloud rain"


def trivial_app() -> Starlette:
    """The baseline: one endpoint that returns a constant small JSON body."""

    async def ping(request):
        return JSONResponse({"data": [], "meta": {"moreResultsAvailable": False}})

    return Starlette(routes=[Route("/ping", ping)])


def median_ms(client: httpx.Client, url: str, params: dict | None, count: int) -> float:
    """Median wall time of `count` GETs, in milliseconds (after a few warm-up requests)."""
    for _ in range(5):
        client.get(url, params=params).raise_for_status()
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        client.get(url, params=params).raise_for_status()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples) * 1000


def median_paged_ms(client: httpx.Client, url: str, query: str, count: int) -> float:
    """Median wall time of `count` GETs of successive pages of `query` (cycling when they run out)."""

    def has(page: int) -> bool:
        return bool(client.get(url, params={"name": query, "page": page}).json()["data"])

    # The last page: double past it, then bisect (the pages asked for must exist to cost anything).
    high = 1
    while has(high * 2):
        high *= 2
    low, high = high, high * 2  # has(low), not has(high)
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if has(middle) else (low, middle)
    pages = itertools.cycle(range(1, low + 1))
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        client.get(url, params={"name": query, "page": next(pages)}).raise_for_status()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples) * 1000


def growth(sizes: list[int], count: int) -> dict[int, dict[str, float]]:
    """Median search times (broad, narrow, broad paged deep) for a catalogue of each size."""
    results = {}
    headers = {"Authorization": f"Bearer {TOKEN}"}
    for size in sizes:
        with start_catalogue(token=TOKEN, icons=size) as server, httpx.Client(headers=headers) as client:
            url = server.base_url + "/api/v1/search"
            results[size] = {
                "broad": median_ms(client, url, {"name": BROAD}, count),
                "narrow": median_ms(client, url, {"name": NARROW}, count),
                "deep": median_paged_ms(client, url, BROAD, count),
            }
    return results


SEARCHER = """
import itertools, sys, httpx
url, token, query = sys.argv[1:]
with httpx.Client(headers={"Authorization": "Bearer " + token}) as client:
    for page in itertools.cycle(range(1, 100)):
        client.get(url + "/api/v1/search", params={"name": query, "page": page}).raise_for_status()
"""


@contextmanager
def serving(size: int) -> Iterator[str]:
    """`iconcat serve --icons size` in its own process, as people run it; yields its base URL."""
    command = [sys.executable, "-m", "iconcat.cli", "serve", "--port", "0", "--token", TOKEN, "--icons", str(size)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        yield process.stdout.readline().rsplit(" at ", 1)[1].strip()
    finally:
        process.terminate()
        process.wait()


def thumbnail_while_searching(size: int, count: int, rounds: int = 10) -> tuple[float, float]:
    """Median ms of a cached thumbnail with nobody else asking, and while another client searches.

    The server and the searching client run in processes of their own (as they would: one client must
    not share the other's interpreter, nor the server's). Idle and busy fetches alternate in `rounds`,
    the searcher paused (SIGSTOP) and resumed between them, so a drift in the machine's load shows in
    both alike.
    """
    headers = {"Authorization": f"Bearer {TOKEN}"}
    with serving(size) as url, httpx.Client(headers=headers) as client:
        thumbnail = client.get(url + "/api/v1/search", params={"name": NARROW}).json()["data"][0]["thumbnail"]
        for _ in range(5):
            client.get(thumbnail).raise_for_status()  # now in the server's cache
        searcher = subprocess.Popen([sys.executable, "-c", SEARCHER, url, TOKEN, BROAD])
        idle: list[float] = []
        busy: list[float] = []
        try:
            time.sleep(1.0)  # the searcher has started and is searching
            for _ in range(rounds):
                for paused, samples in ((True, idle), (False, busy)):
                    searcher.send_signal(signal.SIGSTOP if paused else signal.SIGCONT)
                    time.sleep(0.05)  # a request in flight when paused is answered; a resumed one is going
                    for _ in range(max(1, count // rounds)):
                        started = time.perf_counter()
                        client.get(thumbnail).raise_for_status()
                        samples.append(time.perf_counter() - started)
        finally:
            searcher.send_signal(signal.SIGCONT)
            searcher.kill()
            searcher.wait()
    return statistics.median(idle) * 1000, statistics.median(busy) * 1000


def first_search_after_start(size: int) -> float:
    """Seconds from starting `iconcat serve --icons size` to its first search answer."""
    started = time.perf_counter()
    with serving(size) as url:
        response = httpx.get(
            url + "/api/v1/search", params={"name": BROAD}, headers={"Authorization": f"Bearer {TOKEN}"}
        )
        response.raise_for_status()
        return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300, help="requests per measured endpoint")
    parser.add_argument("--files", type=int, default=12, help="icons whose 512 px PNG is timed")
    parser.add_argument(
        "--icons",
        default="1802,18000,200000",
        help="catalogue sizes to time searches at, comma-separated; the first is the baseline",
    )
    args = parser.parse_args()
    sizes = [int(size) for size in args.icons.split(",")]

    with BackgroundServer(trivial_app()) as baseline_server, httpx.Client() as client:
        baseline = median_ms(client, baseline_server.base_url + "/ping", None, args.requests)

    with start_catalogue(token=TOKEN) as server, httpx.Client(headers={"Authorization": f"Bearer {TOKEN}"}) as client:
        search = {q: median_ms(client, server.base_url + "/api/v1/search", {"name": q}, args.requests) for q in QUERIES}

        listing = client.get(server.base_url + "/api/v1/search", params={"name": ""}).json()["data"]
        # Different glyphs and styles: every first request renders from scratch.
        picked = listing[:: max(1, len(listing) // args.files)][: args.files]
        catalogue_module._render_file.cache_clear()
        first, cached = [], []
        for icon in picked:
            variant = next(v for v in icon["variants"] if v["format"] == "png" and v["size"] == 512)
            for bucket in (first, cached):
                started = time.perf_counter()
                body = client.get(server.base_url + "/api/v1/download", params={"id": variant["id"]}).content
                bucket.append(time.perf_counter() - started)
            assert body[:4] == b"\x89PNG"
        first_ms, cached_ms = statistics.median(first) * 1000, statistics.median(cached) * 1000

    print(f"embedded catalogue on loopback, median of {args.requests} requests each")
    print(f"  baseline (trivial Starlette JSON endpoint)  {baseline:7.2f} ms")
    for query, ms in search.items():
        label = f"search name={query!r}"
        print(f"  {label:<44}{ms:7.2f} ms   {ms / baseline:5.2f}× baseline")
    print(f"512 px PNG download, median over {len(picked)} icons")
    print(f"  first (rendered on request)                 {first_ms:7.2f} ms   (worst {max(first) * 1000:.1f} ms)")
    print(f"  cached                                      {cached_ms:7.2f} ms")
    print(f"  first / cached                              {first_ms / cached_ms:7.1f}×")

    times = growth(sizes, args.requests)
    base = times[sizes[0]]
    print(f"search growth, median of {args.requests} requests each (ratio to {sizes[0]:,} icons)")
    cases = (("broad", f"name={BROAD!r}"), ("narrow", f"name={NARROW!r}"), ("deep", f"name={BROAD!r}, page 1, 2, 3…"))
    for key, label in cases:
        cells = "   ".join(
            f"{size:>9,}: {times[size][key]:6.2f} ms {times[size][key] / base[key]:5.2f}×" for size in sizes
        )
        print(f"  {label:<26}{cells}")

    largest = sizes[-1]
    idle, busy = thumbnail_while_searching(largest, args.requests)
    print(f"cached thumbnail from `iconcat serve --icons {largest}`, median of {args.requests} fetches each")
    print(f"  idle                                        {idle:7.2f} ms")
    label = f"while another client searches {BROAD!r}"
    print(f"  {label:<44}{busy:7.2f} ms   {busy / idle:5.2f}× idle")
    print(f"first search after `iconcat serve --icons {largest}` starts: {first_search_after_start(largest):.2f} s")


if __name__ == "__main__":
    main()
