"""Iconify's API as a catalogue (issue 33): the adapter's cost against plain httpx, and a gallery at 20 ms.

    ICONCAT_NODE_TOOLS=DIR python benchmarks/iconify_api.py [--rounds 15] [--latency 0.020]

Iconify's own API (`@iconify/api` 3.1.1 on Node, `tests.support.iconify_api`: the pinned Tabler, Lucide
and Phosphor) runs on loopback. Printed, never asserted (this is not a test):

1. `search arrow --json`: a new `IconifyApiCatalogue` each round (as each `iconcat search arrow --iconify
   URL --json` is a new process), opened, searched, its first page made into the command's JSON
   document (`cli.output.search_result_document`, `json.dumps`). Measured through
   `open_catalogue(CatalogueChoice.iconify(url))`, not the command: the `--iconify` flag is another
   helper's item this session. Baseline in the same run: a plain `httpx.AsyncClient` script making the
   very requests the adapter made (recorded by a transport that counts them), in the same phases
   (`/collections`, then `/search`, then the sets' names and the page's bodies at once, 6 in flight),
   decoding each body with `json.loads` and printing the search's answer as JSON (as the command
   prints its document), a new client each round (without a TLS context, as the adapter's for a
   plain-http API: httpx's default builds one, ~60 ms, that neither needs). Medians of `--rounds`;
   the goal is the adapter at most 1.2x the baseline. Said twice: with the command's JSON output
   (`search_result_document`, the same for every kind) and without it (the adapter's own work).
3. (printed after 2) The command itself, `iconcat search arrow --iconify URL --json` as a person runs it:
   fresh processes, against a fresh process of the plain script above (`PLAIN_SCRIPT`: Python, httpx
   imported, the same requests, the answer printed as JSON), taking turns; medians of `--rounds`. This
   is the goal as the issue words it; 1 is the adapter's share of it.
2. The gallery of `arrow` at `--latency` added to every request (a delaying proxy on loopback in this
   process: each request's bytes wait that long before they go on): from the search asked to every
   tile's preview drawn (the first page's 48 icons, each `thumbnail()`'s PNG, drawn here by the sandboxed
   rasteriser from the SVG: no request per preview), a new catalogue each round. The adapter's share of
   the gallery (the app's frames are benchmarks/gallery.py's); the goal is at most 500 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from iconcat.catalogue.choose import CatalogueChoice, open_catalogue
from iconcat.catalogue.iconify_api import IconifyApiCatalogue
from iconcat.catalogue.kinds import iconify_spec
from iconcat.cli.output import search_result_document
from iconcat.imaging.svg_raster import prestart
from tests.support.iconify_api import skip_reason, start_iconify_api


class Recording(httpx.AsyncHTTPTransport):
    """A transport that notes every URL asked, in order, with the phase it was asked in."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.asked.append(str(request.url))
        return await super().handle_async_request(request)


async def adapter_round(url: str, *, output: bool = True) -> tuple[float, float]:
    started, cpu = time.perf_counter(), time.process_time()
    async with open_catalogue(CatalogueChoice.iconify(url)) as catalogue:
        result = await catalogue.search("arrow")
        if output:  # (the command's document: `iconcat search --json`'s own work, the same for every kind)
            json.dumps(search_result_document(result), indent=2, ensure_ascii=True)
    return time.perf_counter() - started, time.process_time() - cpu


async def recorded_requests(url: str) -> list[str]:
    transport = Recording()
    async with IconifyApiCatalogue(iconify_spec(url), url, transport=transport) as catalogue:
        await catalogue.search("arrow")
    return transport.asked


async def baseline_round(asked: list[str]) -> tuple[float, float]:
    started, cpu = time.perf_counter(), time.process_time()
    gate = asyncio.Semaphore(6)
    # (No TLS context, as the adapter makes none for a plain-http API: ~60 ms the baseline would pay alone.)
    transport = httpx.AsyncHTTPTransport(verify=None)  # type: ignore[arg-type]
    async with httpx.AsyncClient(transport=transport) as client:

        async def get(address: str) -> object:
            async with gate:
                response = await client.get(address)
                return json.loads(response.content)

        first, search, *rest = asked
        await get(first)
        answers = [await get(search)]
        answers += await asyncio.gather(*(get(address) for address in rest))
        json.dumps(answers[0], indent=2, ensure_ascii=True)  # (printed, as the command prints its answer)
    return time.perf_counter() - started, time.process_time() - cpu


PLAIN_SCRIPT = r"""
import asyncio, json, sys
import httpx

async def main(asked):
    gate = asyncio.Semaphore(6)
    async with httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(verify=None)) as client:
        async def get(address):
            async with gate:
                return json.loads((await client.get(address)).content)
        first, search, *rest = asked
        await get(first)
        answers = [await get(search)]
        answers += await asyncio.gather(*(get(address) for address in rest))
    print(json.dumps(answers[0], indent=2))

asyncio.run(main(sys.argv[1:]))
"""
"""The plain httpx script of case 3, in a process of its own."""


def process_round(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def processes(url: str, asked: list[str], rounds: int) -> None:
    env = dict(os.environ)
    ours_command = [sys.executable, "-m", "iconcat", "search", "arrow", "--iconify", url, "--json"]
    plain_command = [sys.executable, "-c", PLAIN_SCRIPT, *asked]
    for _ in range(2):  # (warm the bytecode caches)
        process_round(ours_command, env)
        process_round(plain_command, env)
    ours, plain = [], []
    for _ in range(rounds):
        ours.append(process_round(ours_command, env))
        plain.append(process_round(plain_command, env))
    mine, theirs = statistics.median(ours), statistics.median(plain)
    print(
        f"3. iconcat search arrow --iconify URL --json, fresh processes (medians of {rounds}): {mine * 1000:.0f} ms; "
        f"the plain httpx script {theirs * 1000:.0f} ms: {mine / theirs:.2f}x (goal <= 1.2x)"
    )


class DelayingProxy:
    """A TCP proxy on loopback: each chunk a client sends waits `latency` seconds before it goes on."""

    def __init__(self, upstream_port: int, latency: float) -> None:
        self.upstream_port, self.latency = upstream_port, latency
        self.connections: set[asyncio.Task[None]] = set()
        self.server: asyncio.Server | None = None

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        port: int = self.server.sockets[0].getsockname()[1]
        return port

    async def stop(self) -> None:
        assert self.server is not None
        self.server.close()
        for connection in self.connections:
            connection.cancel()
        await asyncio.gather(*self.connections, return_exceptions=True)

    async def _serve(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self.connections.add(task)
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)
            await asyncio.gather(
                _pipe(client_reader, upstream_writer, self.latency), _pipe(upstream_reader, client_writer, 0.0)
            )
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self.connections.discard(task)


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, delay: float) -> None:
    try:
        while chunk := await reader.read(65536):
            if delay:
                await asyncio.sleep(delay)
            writer.write(chunk)
            await writer.drain()
    except ConnectionError:
        pass
    finally:
        writer.close()


async def gallery_round(url: str) -> tuple[float, int]:
    started = time.perf_counter()
    async with open_catalogue(CatalogueChoice.iconify(url)) as catalogue:
        result = await catalogue.search("arrow")
        previews = await asyncio.gather(*(catalogue.thumbnail(icon) for icon in result.icons))
    return time.perf_counter() - started, len(previews)


async def run(url: str, rounds: int, latency: float) -> None:
    prestart()
    asked = await recorded_requests(url)
    for _ in range(2):  # (warm both: the server's caches, Python's imports)
        await adapter_round(url)
        await baseline_round(asked)
    ours, bare, theirs = [], [], []
    for _ in range(rounds):
        ours.append(await adapter_round(url))
        bare.append(await adapter_round(url, output=False))
        theirs.append(await baseline_round(asked))
    wall = [statistics.median(wall for wall, _cpu in rows) for rows in (ours, bare, theirs)]
    cpu = [statistics.median(cpu for _wall, cpu in rows) for rows in (ours, bare, theirs)]
    ms = [f"{value * 1000:.1f}" for value in (*wall, *cpu)]
    print(
        f"1. search arrow --json ({len(asked)} requests, medians of {rounds}): the adapter with the command's "
        f"JSON output {ms[0]} ms, without it {ms[1]} ms; plain httpx {ms[2]} ms: {wall[0] / wall[2]:.2f}x and "
        f"{wall[1] / wall[2]:.2f}x (goal <= 1.2x); this process's CPU {ms[3]}, {ms[4]} and {ms[5]} ms: "
        f"{cpu[0] / cpu[2]:.2f}x and {cpu[1] / cpu[2]:.2f}x"
    )

    port = int(url.rsplit(":", 1)[1])
    proxy = DelayingProxy(port, latency)
    proxy_port = await proxy.start()
    slow_url = f"http://127.0.0.1:{proxy_port}"
    await gallery_round(slow_url)
    times = []
    tiles = 0
    for _ in range(rounds):
        took, tiles = await gallery_round(slow_url)
        times.append(took)
    await proxy.stop()
    median = statistics.median(times)
    print(
        f"2. gallery of arrow at {latency * 1000:.0f} ms added latency: {tiles} tiles' previews drawn in "
        f"{median * 1000:.0f} ms (median of {rounds}; max {max(times) * 1000:.0f} ms): "
        f"{median / 0.5:.2f}x the 500 ms goal"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--latency", type=float, default=0.020)
    options = parser.parse_args()
    reason = skip_reason()
    if reason is not None:
        sys.exit(f"cannot run: {reason}")
    with tempfile.TemporaryDirectory() as folder, start_iconify_api(Path(folder)) as server:
        os.environ["XDG_CACHE_HOME"] = str(Path(folder) / "cache")  # (the adapter's name book: not yours)
        asyncio.run(run(server.base_url, options.rounds, options.latency))
        processes(server.base_url, asyncio.run(recorded_requests(server.base_url)), options.rounds)


if __name__ == "__main__":
    main()
