"""Running the real `iconcat` command in a child process, and checking what it printed (the command-line
tests and the hostile suite)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from tests.conftest import TEST_TOKEN


@dataclass
class Outcome:
    """What a run of `iconcat` did."""

    status: int
    stdout: str
    stderr: str

    @property
    def error_line(self) -> str:
        """The one line on stderr (asserting there is exactly one)."""
        lines = self.stderr.splitlines()
        assert len(lines) == 1, self.stderr
        return lines[0]


def run_iconcat(
    *args: str, env: dict[str, str] | None = None, stdin: str | None = None, timeout: float = 60
) -> Outcome:
    """Run `python -m iconcat.cli ARGS` with the test's environment (plus `env`); never a token in output."""
    completed = subprocess.run(
        [sys.executable, "-m", "iconcat.cli", *args],
        env={**os.environ, **(env or {})},
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=None if stdin is not None else subprocess.DEVNULL,
    )
    outcome = Outcome(completed.returncode, completed.stdout, completed.stderr)
    assert TEST_TOKEN not in outcome.stdout and TEST_TOKEN not in outcome.stderr, "the token leaked into output"
    assert "Traceback" not in outcome.stderr
    return outcome


def cli_filtered_ids(query: str, base_url: str, token: str = TEST_TOKEN, *options: str) -> list[int]:
    """The ids `iconcat search QUERY --json` prints for the catalogue at `base_url`, in order: what the
    command line's filters keep over every page of the answer (issue 23: the browser's must agree)."""
    outcome = run_iconcat(
        "search", query, "--json", *options, env={"ICONCAT_BASE_URL": base_url, "ICONCAT_TOKEN": token}
    )
    assert outcome.status == 0, outcome.stderr
    return [entry["id"] for entry in json.loads(outcome.stdout)["data"]]


@dataclass
class Serving:
    """A running `iconcat serve`: its banner (the first line of stdout) and base URL; once it has
    stopped, its exit status and stderr."""

    banner: str
    base_url: str
    status: int | None = None
    stderr: str = field(default="")


@contextmanager
def serving_iconcat(*args: str, env: dict[str, str] | None = None) -> Iterator[Serving]:
    """`python -m iconcat.cli serve --port 0 ARGS` with the test's environment (plus `env`), until the
    block ends; then Ctrl-C, and its exit status and stderr are filled in."""
    process = subprocess.Popen(
        [sys.executable, "-m", "iconcat.cli", "serve", "--port", "0", *args],
        env={**os.environ, **(env or {})},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    try:
        banner = process.stdout.readline().rstrip("\n")
        if " at http://" not in banner:
            process.kill()
            raise AssertionError(f"iconcat serve did not start: {banner!r} {process.communicate()[1]}")
        served = Serving(banner, banner.rsplit(" at ", 1)[1])
        yield served
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=60)
    served.status, served.stderr = process.returncode, stderr
    assert "Traceback" not in stderr
