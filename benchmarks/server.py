"""How fast the embedded catalogue answers on loopback, against a baseline measured in the same run.

    python benchmarks/server.py [--requests 300] [--icons 12]

Baseline: a trivial Starlette endpoint (a constant small JSON body) served exactly the same way
(uvicorn in a thread on a loopback port, one keep-alive httpx client). The ratio to it is what our
search, auth and JSON cost on top of HTTP itself, whatever the machine.

Files: the median time to download a 512 px PNG the first time (rendered on request) and again
(from the bounded cache), over several icons in different styles.
"""

from __future__ import annotations

import argparse
import statistics
import time

import httpx
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route

from iconcat.server import catalogue as catalogue_module
from iconcat.server import start_catalogue
from iconcat.server.background import BackgroundServer

TOKEN = "bench"
QUERIES = ["arrow", "cloud rain", "e", ""]


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300, help="requests per measured endpoint")
    parser.add_argument("--icons", type=int, default=12, help="icons whose 512 px PNG is timed")
    args = parser.parse_args()

    with BackgroundServer(trivial_app()) as baseline_server, httpx.Client() as client:
        baseline = median_ms(client, baseline_server.base_url + "/ping", None, args.requests)

    with start_catalogue(token=TOKEN) as server, httpx.Client(headers={"Authorization": f"Bearer {TOKEN}"}) as client:
        search = {q: median_ms(client, server.base_url + "/api/v1/search", {"name": q}, args.requests) for q in QUERIES}

        listing = client.get(server.base_url + "/api/v1/search", params={"name": ""}).json()["data"]
        # Different glyphs and styles: every first request renders from scratch.
        picked = listing[:: max(1, len(listing) // args.icons)][: args.icons]
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


if __name__ == "__main__":
    main()
