"""Running the real `iconcat` command in a child process, and checking what it printed (the command-line
tests and the hostile suite)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass

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
