"""Untrusted SVG to PNG, in a worker process that a slow or crashing picture cannot take down with it.

    from iconcat.imaging.svg_raster import rasterise, RasterError

    png = rasterise(svg_text, 128)                     # black currentColor, 128 x 128, transparent
    png = rasterise(svg_text, 512, colour="#336699")   # or RasterError(why), in one sentence

Used by the embedded catalogue (PNG variants and previews of icon sets from disk) and by saving (a
smaller PNG drawn from an icon's SVG). Thread-safe: the server answers from a thread pool.

Why a process: a Rust binding may render holding Python's interpreter lock (resvg-py does: a slow
picture would stop every other thread), a Rust panic surfaces as `PanicException`, which `except
Exception` lets through, and a hostile picture can take seconds or gigabytes. So resvg runs only in
`svg_sandbox.py`'s worker, which sanitises first (no outside reference, no DOCTYPE: see its docstring),
and:

- A picture that takes longer than `TIMEOUT` (2 s) has its worker killed; the next request gets a new
  one. A picture that fails (not well-formed, no size, resvg's error or panic, the worker's memory limit
  of `MEMORY_LIMIT_MB` reached) raises `RasterError`; the next request works.
- Workers are started lazily, up to `MAX_WORKERS` (one per core, at most two), each answering one
  request at a time: a thread takes an idle one, starts one if there is room, else waits for one.
- One request costs one write and one read on a pipe (a small binary header, the SVG's bytes, the PNG's
  bytes back): no process start, no pickling.
- The worker is started as its own program (`python -I -c …`, running `svg_sandbox.py` by path): it
  imports the standard library and resvg only, in its own session (the terminal's Ctrl-C goes to the
  app, not to it), with its standard output and error going nowhere (a panic's message never lands on
  the browser's screen), in an empty temporary working folder, and with an address-space limit.
- It goes away with its parent: it stops when its input ends (the parent exited, even killed), and an
  `atexit` hook closes the pool (`shutdown()`) when the parent exits normally.

- `prestart()` starts a worker ahead of the first picture (a server, as it starts); `check_colour`
  refuses what is not a CSS colour, which resvg would paint black without a word.

POSIX only (it waits on the pipe with `select.poll`): elsewhere every call is a `RasterError`, and
saving resamples the large PNG instead.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from . import svg_sandbox
from .errors import RasterError

__all__ = ["MAX_WORKERS", "TIMEOUT", "RasterError", "check_colour", "prestart", "rasterise", "shutdown"]

TIMEOUT = 2.0
START_TIMEOUT = 30.0
"""How long a new worker may take to start (the interpreter, resvg imported, one tiny picture drawn),
before its first picture's `TIMEOUT` starts: on a loaded machine that start alone took more than 2 s,
and the first picture of a run failed as "too slow" (a pick's file, in a full test run under load)."""
"""Seconds a picture may take before its worker is killed."""
MAX_WORKERS = max(1, min(2, os.cpu_count() or 1))
MEMORY_LIMIT_MB = 1024
"""Address space of one worker: a picture that needs more ends its worker, not the machine."""
MAX_SVG_BYTES = 8 * 1024 * 1024
"""The largest SVG rasterised (the biggest real icon bodies are about 900 KB)."""

_BOOT = (
    "import sys, runpy; sys.path += [p for p in sys.argv[2].split('\\n') if p]; "
    "runpy.run_path(sys.argv[1], run_name='iconcat_svg_worker')['main'](sys.argv[3:])"
)
"""Run svg_sandbox.py by path (not as iconcat.imaging.svg_sandbox: that would import this package's
Pillow and Rich first), with the parent's import path after the interpreter's own (svg2png_py is found
where the parent found it; nothing in the parent's working folder can stand in for the standard library)."""


class _Worker:
    """One worker process and its pipes; used by one thread at a time."""

    def __init__(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="iconcat-svg-")
        paths = "\n".join(path for path in sys.path if path and os.path.isabs(path))
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-I", "-c", _BOOT, svg_sandbox.__file__, paths, self.folder, str(MEMORY_LIMIT_MB)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                cwd=self.folder,
                start_new_session=True,
                close_fds=True,
            )
        except BaseException:
            shutil.rmtree(self.folder, ignore_errors=True)
            raise
        assert self.process.stdin is not None and self.process.stdout is not None
        self.write_fd = self.process.stdin.fileno()
        self.read_fd = self.process.stdout.fileno()
        self.ready = False
        """It said `svg_sandbox.READY` (read before its first request is sent)."""

    def alive(self) -> bool:
        return self.process.poll() is None

    def ask(self, request: bytes, timeout: float) -> tuple[bytes, bytes]:
        """Send `request`; the answer's status and payload. `_Gone` when the worker ended before it
        had all of the request, `_TooSlow` or `_Died` when it did not answer within `timeout` seconds. A new
        worker's start is waited for first, up to `START_TIMEOUT`, apart from `timeout` (`_Gone`
        when it ends or says something else first, `_NotStarted` when it takes longer)."""
        if not self.ready:
            try:
                said = self._read(1, time.monotonic() + START_TIMEOUT)
            except _TooSlow:
                raise _NotStarted from None
            except _Died:
                raise _Gone from None
            if said != svg_sandbox.READY:
                raise _Gone
            self.ready = True
        deadline = time.monotonic() + timeout
        try:
            view = memoryview(request)
            while view:
                view = view[os.write(self.write_fd, view) :]
        except (BrokenPipeError, OSError):
            raise _Gone from None
        header = self._read(svg_sandbox.ANSWER.size, deadline)
        status, length = svg_sandbox.ANSWER.unpack(header)
        return status, self._read(length, deadline)

    def _read(self, count: int, deadline: float) -> bytes:
        poller = select.poll()
        poller.register(self.read_fd, select.POLLIN)
        chunks: list[bytes] = []
        while count:
            left = deadline - time.monotonic()
            if left <= 0 or not poller.poll(left * 1000):
                raise _TooSlow
            chunk = os.read(self.read_fd, min(count, 1 << 20))
            if not chunk:
                raise _Died
            chunks.append(chunk)
            count -= len(chunk)
        return b"".join(chunks)

    def stop(self, *, kill: bool = False) -> None:
        """End the process (at once with `kill`; else by closing its input) and remove its folder."""
        with contextlib.suppress(OSError):
            if kill:
                self.process.kill()
            else:
                assert self.process.stdin is not None
                self.process.stdin.close()
        try:
            self.process.wait(timeout=None if kill else 1.0)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            with contextlib.suppress(OSError):
                if stream is not None:
                    stream.close()
        shutil.rmtree(self.folder, ignore_errors=True)


class _Gone(Exception):
    """The worker had ended before the request reached it (it was idle: not the picture's doing)."""


class _TooSlow(Exception):
    pass


class _NotStarted(Exception):
    """A new worker did not say it was ready within `START_TIMEOUT`."""


class _Died(Exception):
    pass


class _Pool:
    """Up to `MAX_WORKERS` workers, started on demand."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._idle: list[_Worker] = []
        self._count = 0
        self._pid = os.getpid()
        self._hooked = False

    def _take(self) -> _Worker:
        with self._lock:
            if self._pid != os.getpid():  # a forked child: its parent's workers are not ours to use
                self._idle, self._count, self._pid = [], 0, os.getpid()
            while not self._idle and self._count >= MAX_WORKERS:
                self._lock.wait()
            if self._idle:
                return self._idle.pop()
            self._count += 1
            if not self._hooked:
                atexit.register(self.shutdown)
                self._hooked = True
        try:
            return _Worker()
        except OSError as error:  # no interpreter to start, no pipes or processes left
            self._forget()
            raise RasterError(f"the SVG rasteriser could not be started ({error.strerror or error})") from None
        except BaseException:
            self._forget()
            raise

    def _give_back(self, worker: _Worker) -> None:
        with self._lock:
            self._idle.append(worker)
            self._lock.notify()

    def _forget(self) -> None:
        with self._lock:
            self._count -= 1
            self._lock.notify()

    def _discard(self, worker: _Worker, *, kill: bool) -> None:
        worker.stop(kill=kill)
        self._forget()

    def rasterise(self, request: bytes, timeout: float) -> bytes:
        for attempt in range(2):
            worker = self._take()
            if not worker.alive():  # ended while idle (killed from outside): a new one, silently
                self._discard(worker, kill=True)
                worker = self._take()
            try:
                status, payload = worker.ask(request, timeout)
            except _Gone:
                self._discard(worker, kill=True)
                if attempt == 0:
                    continue
                raise RasterError("the SVG rasteriser could not be started") from None
            except _NotStarted:
                self._discard(worker, kill=True)
                raise RasterError(f"the SVG rasteriser did not start within {START_TIMEOUT:g} s") from None
            except _TooSlow:
                self._discard(worker, kill=True)
                raise RasterError(f"the SVG took longer than {timeout:g} s to draw") from None
            except _Died:
                self._discard(worker, kill=True)
                raise RasterError("the SVG rasteriser stopped while drawing it (too large or broken)") from None
            except BaseException:
                self._discard(worker, kill=True)  # interrupted mid-answer: its pipe is out of step
                raise
            self._give_back(worker)
            if status != svg_sandbox.OK:
                raise RasterError(payload.decode("utf-8", "replace"))
            return payload
        raise AssertionError("unreachable")  # pragma: no cover

    def shutdown(self) -> None:
        """Stop the idle workers (busy ones are stopped by their thread when it sees them gone)."""
        with self._lock:
            idle, self._idle = self._idle, []
            self._count -= len(idle)
        for worker in idle:
            worker.stop()

    def pids(self) -> list[int]:
        """The idle workers' process ids (for tests)."""
        with self._lock:
            return [worker.process.pid for worker in self._idle]


_pool = _Pool()


def rasterise(svg_text: str, size: int, *, colour: str = "black", timeout: float = TIMEOUT) -> bytes:
    """`svg_text` as a `size` x `size` PNG with `currentColor` painted `colour`, drawn in a worker process.

    Raises `RasterError` (one sentence for a person) when it cannot be: not well-formed, no size, too
    slow (`timeout` seconds), too large, or resvg failed. The next call works whatever this one did."""
    if type(size) is not int or not 1 <= size <= svg_sandbox.MAX_SIZE:
        raise ValueError(f"a size is a whole number of pixels from 1 to {svg_sandbox.MAX_SIZE}")
    if not hasattr(select, "poll"):  # pragma: no cover - Windows: saving resamples the large PNG instead
        raise RasterError("SVG pictures are drawn on Linux and macOS only")
    svg = svg_text.encode("utf-8", "replace")
    if len(svg) > MAX_SVG_BYTES:
        raise RasterError(f"the SVG is larger than {MAX_SVG_BYTES // (1024 * 1024)} MB")
    paint = colour.encode("utf-8")[:256]
    request = svg_sandbox.REQUEST.pack(size, len(paint), len(svg)) + paint + svg
    return _pool.rasterise(request, timeout)


def check_colour(text: str) -> str:
    """`text` (stripped) when it is a CSS colour `rasterise` can paint with: a name (`teal`), `#rgb`,
    `#rrggbb` (with alpha too), `rgb()`/`rgba()`, `hsl()`/`hsla()`; else ValueError saying so (resvg
    would paint an unknown colour black without a word)."""
    from PIL import ImageColor

    colour = text.strip()
    problem = f"{colour!r} is not a CSS colour (a name such as teal, #336699, rgb(51, 102, 153))"
    if not colour or len(colour) > 64 or colour.lower().startswith("hsv") or colour.lower() == "rebeccapurple":
        raise ValueError(problem)  # (Pillow knows hsv() and rebeccapurple; resvg 0.47 knows neither)
    try:
        ImageColor.getrgb(colour)
    except ValueError:
        raise ValueError(problem) from None
    return colour


def prestart() -> None:
    """Start a worker now (a server calls it as it starts), so the first picture does not wait for one."""
    rasterise('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>', 1)


def shutdown() -> None:
    """Stop the idle workers now (also done at exit); the next `rasterise` starts new ones."""
    _pool.shutdown()


def worker_pids() -> list[int]:
    """The idle workers' process ids (tests kill one from outside to see it replaced)."""
    return _pool.pids()


def sandbox_path() -> Path:
    """The worker's program (for benchmarks that render in-process as a baseline)."""
    return Path(svg_sandbox.__file__)
