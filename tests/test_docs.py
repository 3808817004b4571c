"""The README stays a front page, and the pages it sends a reader to exist.

- The README is under 12,000 characters: the detail lives in docs/ (every measured figure in
  docs/measurements.md, the layers in docs/architecture.md), and the README links them.
- Every relative link of the README and of docs/architecture.md reaches a file or folder that exists.
- docs/architecture.md names every part of `src/iconcat/`, so a new package or module is drawn too.
- CI runs the README's test command as written: `.ci/run` ends with the same line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
ARCHITECTURE = ROOT / "docs" / "architecture.md"
README_LIMIT = 12_000

LINK = re.compile(r"\]\(([^)\s]+)\)")


def relative_links(page: Path) -> list[str]:
    """The link targets of a Markdown page that point inside the repository (anchors dropped)."""
    targets = [target.split("#")[0] for target in LINK.findall(page.read_text(encoding="utf-8"))]
    return [target for target in targets if target and "://" not in target and not target.startswith("mailto:")]


def test_the_readme_is_under_its_limit() -> None:
    length = len(README.read_text(encoding="utf-8"))
    assert length < README_LIMIT, f"README.md is {length} characters; move detail to docs/ (limit {README_LIMIT})"


def test_the_readme_links_the_architecture_and_the_measurements() -> None:
    links = relative_links(README)
    assert "docs/architecture.md" in links and "docs/measurements.md" in links


@pytest.mark.parametrize("page", [README, ARCHITECTURE], ids=lambda page: page.name)
def test_every_relative_link_reaches_something(page: Path) -> None:
    links = relative_links(page)
    assert links, f"no links read from {page.name}"
    missing = [target for target in links if not (page.parent / target).exists()]
    assert missing == [], f"{page.name} links to what does not exist: {missing}"


def test_the_architecture_names_every_part_of_the_package() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    package = ROOT / "src" / "iconcat"
    parts = sorted(
        path.stem if path.is_file() else path.name
        for path in package.iterdir()
        if (path.suffix == ".py" and path.stem not in {"__init__", "__main__"})
        or (path.is_dir() and (path / "__init__.py").exists())
    )
    assert "browsing" in parts and "tui" in parts, parts
    unnamed = [part for part in parts if not re.search(rf"`{part}(/|\.py)?`", text)]
    assert unnamed == [], f"docs/architecture.md does not name: {unnamed}"


def test_ci_runs_the_readmes_test_command() -> None:
    readme = README.read_text(encoding="utf-8")
    command = re.search(r"## Test\n\n```sh\n(.+)\n```", readme)
    assert command, "the README's test command was not found"
    ci_lines = [line for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines() if line.strip()]
    assert ci_lines[-1] == command.group(1)
