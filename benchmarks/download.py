"""Download throughput and memory: iconcat's client against `curl -o`, from the same local server.

    python benchmarks/download.py [--megabytes 100] [--rounds 5]

A small server (a child process, so it does not share the client's interpreter) serves one file of
`--megabytes` MB over loopback. Each round downloads it once with curl and once with
`CatalogueClient.download` (in a fresh child process each, like a user's command); which of the two
goes first alternates from round to round, so neither always finds the disk busy with the other's
file. Reported:

- throughput of each (best and median round; curl's own `time_total`, our client's time around
  `download()`, so neither pays for process start-up), against both baselines, measured in the same
  rounds (the median ratios are printed too: on a shared machine single rounds vary by 2x):
  - `curl -o` followed by an fsync of its file (timed by this script right after curl exits): both
    durable on disk, as our client's file is (it fsyncs before publishing, after starting writeback
    early, see `iconcat.disk.downloads`). The goal: client >= 0.9x this one, best rounds;
  - plain `curl -o`, for information: curl does not fsync, and the benchmark deletes its file before
    the kernel has written it, so it never pays for the disk (the earlier goal, >= 0.8x, was on it);
- peak memory growth during a download: the child's peak RSS (ru_maxrss) after the download minus
  before it, and Python's own peak allocation during it (tracemalloc), goal < 30 MB: the file streams.

Figures are printed, never asserted: this is not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

TOKEN = "bench-token"
CHUNK = 1024 * 1024


def serve(size: int, ready_fd: int) -> None:
    """Serve a PNG-looking file of `size` bytes to any GET, one thread per connection, until killed."""
    head = b"\x89PNG\r\n\x1a\n"
    tail = b"\x00\x00\x00\x00IEND\xaeB`\x82"
    block = memoryview(bytes(CHUNK))
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    os.write(ready_fd, str(listener.getsockname()[1]).encode() + b"\n")
    os.close(ready_fd)

    def answer(connection: socket.socket) -> None:
        with connection:
            request = b""
            while b"\r\n\r\n" not in request:
                data = connection.recv(65536)
                if not data:
                    return
                request += data
            connection.sendall(
                b"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n"
                b'Content-Disposition: attachment; filename="bench.png"\r\n'
                + f"Content-Length: {size}\r\nConnection: close\r\n\r\n".encode()
            )
            connection.sendall(head)
            remaining = size - len(head) - len(tail)
            while remaining > 0:
                piece = block[: min(CHUNK, remaining)]
                connection.sendall(piece)
                remaining -= len(piece)
            connection.sendall(tail)

    while True:
        connection, _ = listener.accept()
        threading.Thread(target=answer, args=(connection,), daemon=True).start()


CLIENT_PROBE = r"""
import asyncio, json, resource, sys, time, tracemalloc
from pathlib import Path
from iconcat.api import CatalogueClient

base_url, folder, mode = sys.argv[1], Path(sys.argv[2]), sys.argv[3]

async def once():
    async with CatalogueClient(base_url, "bench-token", timeout=60) as client:
        started = time.perf_counter()
        path = await client.download(1, folder)
        elapsed = time.perf_counter() - started
    size = path.stat().st_size
    path.unlink()  # outside the timing, as for curl's file
    return size, elapsed

if mode == "time":
    size, elapsed = asyncio.run(once())
    print(json.dumps({"seconds": elapsed, "bytes": size}))
else:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    asyncio.run(once())
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()
    asyncio.run(once())
    _, peak = tracemalloc.get_traced_memory()
    print(json.dumps({"rss_growth_kib": after - before, "tracemalloc_peak": peak}))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--megabytes", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--ready-fd", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        serve(args.serve, args.ready_fd)
        return 0
    curl = shutil.which("curl")
    if curl is None:
        print("curl is not installed: no baseline to compare with", file=sys.stderr)
        return 1
    size = args.megabytes * 1_000_000
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(size), "--ready-fd", str(write_fd)], pass_fds=(write_fd,)
    )
    os.close(write_fd)
    try:
        with os.fdopen(read_fd) as ready:
            port = int(ready.readline())
        base_url = f"http://127.0.0.1:{port}"
        url = f"{base_url}/api/v1/download?id=1"
        with tempfile.TemporaryDirectory(prefix="iconcat-bench-") as scratch:
            folder = Path(scratch)
            curl_times, synced_times, client_times = [], [], []

            def with_curl() -> None:
                target = folder / "curl.png"
                out = subprocess.run(
                    [curl, "-s", "-o", str(target), "-w", "%{time_total}", "-H", f"Authorization: Bearer {TOKEN}", url],
                    capture_output=True,
                    text=True,
                    check=True,
                )
                assert target.stat().st_size == size
                started = time.perf_counter()
                fd = os.open(target, os.O_RDONLY)
                try:
                    os.fsync(fd)
                finally:
                    os.close(fd)
                curl_times.append(float(out.stdout))
                synced_times.append(float(out.stdout) + time.perf_counter() - started)
                target.unlink()

            def with_client() -> None:
                out = subprocess.run(
                    [sys.executable, "-c", CLIENT_PROBE, base_url, str(folder), "time"],
                    capture_output=True,
                    text=True,
                    check=True,
                )
                figures = json.loads(out.stdout)
                assert figures["bytes"] == size, figures
                client_times.append(figures["seconds"])

            for round_number in range(args.rounds):
                for download in (with_curl, with_client) if round_number % 2 == 0 else (with_client, with_curl):
                    download()
            out = subprocess.run(
                [sys.executable, "-c", CLIENT_PROBE, base_url, str(folder), "memory"],
                capture_output=True,
                text=True,
                check=True,
            )
            memory = json.loads(out.stdout)
    finally:
        server.kill()
        server.wait()
    mb = size / 1e6
    median = statistics.median

    def line(label: str, times: list[float], note: str = "") -> str:
        best, middle = min(times), median(times)
        return f"  {label:<20} {mb / best:8.1f} MB/s  ({best:.3f} s best, {middle:.3f} s median{note})"

    print(f"download of {mb:.0f} MB over loopback, {args.rounds} rounds (order alternating)")
    print(line("curl -o", curl_times))
    print(line("curl -o + fsync", synced_times))
    print(line("iconcat client", client_times, ", fsync included"))
    print(
        f"  ratio vs curl+fsync  {min(synced_times) / min(client_times):8.2f}   best rounds, both durable on disk "
        f"(goal >= 0.90); median rounds {median(synced_times) / median(client_times):.2f}"
    )
    print(
        f"  ratio vs curl -o     {min(curl_times) / min(client_times):8.2f}   best rounds (for information: curl "
        f"leaves its file to the kernel); median rounds {median(curl_times) / median(client_times):.2f}"
    )
    print(f"  peak RSS growth      {memory['rss_growth_kib'] / 1024:8.1f} MiB  (goal < 30 MiB)")
    print(
        f"  tracemalloc peak     {memory['tracemalloc_peak'] / 2**20:8.1f} MiB"
        "  (Python allocations during one download)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
