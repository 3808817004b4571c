"""Helpers shared by the client's tests: fake time for retries, token-leak checks, folder snapshots."""

from __future__ import annotations

import asyncio
import os
import threading
import traceback
from pathlib import Path

from iconcat.api import RetryPolicy
from iconcat.disk.downloads import FileSaver

__all__ = ["FakeTime", "HeldSaverStep", "assert_token_absent", "snapshot"]


class FakeTime:
    """A clock and a sleep that record waits instead of waiting (the retry policy's injectables)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeps: list[float] = []

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds
        await asyncio.sleep(0)

    def clock(self) -> float:
        return self.now

    def policy(self, *, random: float = 0.5, **options) -> RetryPolicy:
        """A `RetryPolicy` using this fake time and a fixed jitter draw."""
        return RetryPolicy(sleep=self.sleep, clock=self.clock, random=lambda: random, **options)


def assert_token_absent(token: str, error: BaseException) -> None:
    """Fail if `token` shows in the error, its repr, its formatted traceback or any chained exception."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        assert token not in str(current)
        assert token not in repr(current)
        assert token not in "".join(traceback.format_exception(current))
        current = current.__cause__ or current.__context__
    assert error.__cause__ is None and error.__context__ is None, "library exceptions must not be chained"


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry under `folder` (hidden ones included) with its content or link target."""
    entries: dict[str, bytes | str] = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(root) / name
            key = str(path.relative_to(folder))
            if path.is_symlink():
                entries[key] = f"-> {os.readlink(path)}"
            elif path.is_file():
                entries[key] = path.read_bytes()
            else:
                entries[key] = "<dir>"
    return entries


class HeldSaverStep:
    """One step of every `FileSaver` ("finish" or "publish") held in its thread until `release()`, so
    that a cancel lands exactly there (`started` is set once a saver has reached the step). Installed
    with pytest's `monkeypatch`; a step never released goes on after 30 s, so a failing test ends."""

    def __init__(self, monkeypatch, step: str) -> None:
        self.started = threading.Event()
        self._released = threading.Event()
        real = getattr(FileSaver, step)

        def held(saver, *args, **options):
            self.started.set()
            self._released.wait(30)
            return real(saver, *args, **options)

        monkeypatch.setattr(FileSaver, step, held)

    def release(self) -> None:
        self._released.set()

    async def reached(self, timeout: float = 30) -> None:
        """Wait (without blocking the loop) until a saver has reached the held step."""
        await asyncio.wait_for(asyncio.to_thread(self.started.wait, timeout), timeout + 1)
