"""`--color`, `--format svg --size N` and `--no-attribution` through the real entry point (`python -m
iconcat.cli`): `download` by Iconify name over real icons from disk (copied into the test's folder),
`pick` on a pseudo-terminal over them and over the demo. Every SVG written parses and draws as its icon
in the colour asked (the project's rasteriser, PSNR >= 40 dB)."""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
from pathlib import Path

import pytest

from iconcat.imaging.svg_raster import shutdown
from tests.support import iconify_api
from tests.support.cli import run_iconcat
from tests.support.pty import DOWN, PtyProcess
from tests.support.real_icons import REAL_SETS, write_real_sets
from tests.support.svg_output import ALIKE_DB, drawn_psnr, parsed_root, source_svg

pytestmark = pytest.mark.skipif(not hasattr(select, "poll"), reason="SVG is drawn on POSIX only")

COLOUR = "#e11d48"


@pytest.fixture(scope="module", autouse=True)
def stop_workers():
    yield
    shutdown()


@pytest.fixture
def sets(tmp_path: Path) -> list[str]:
    """`--from` for each real set, in the test's folder."""
    return [option for path in write_real_sets(tmp_path / "sets") for option in ("--from", str(path))]


def download(sets: list[str], folder: Path, *args: str):
    outcome = run_iconcat("download", *args, *sets, "-o", str(folder))
    assert outcome.status == 0, outcome.stderr
    return outcome, Path(outcome.stdout.strip().splitlines()[-1])


def test_download_with_a_colour_writes_it_into_the_svg(sets, tmp_path):
    _outcome, path = download(sets, tmp_path, "tabler:trash", "--color", COLOUR)
    text = path.read_text(encoding="utf-8")
    parsed_root(text)
    assert "currentColor" not in text and f'stroke="{COLOUR}"' in text
    assert "<!-- Icon from Tabler Icons by Paweł Kuna - MIT - https://" in text
    assert drawn_psnr(text, source_svg(REAL_SETS["tabler"], "trash"), 64, COLOUR) >= ALIKE_DB


@pytest.mark.parametrize(
    ("iconify", "width", "height"), [("tabler:trash", "64", "64"), ("fa6-brands:42-group", "64", "51.2")]
)
def test_download_format_svg_size_n_sets_its_width_and_height(sets, tmp_path, iconify, width, height):
    _outcome, path = download(sets, tmp_path, iconify, "--format", "svg", "--size", "64", "--no-attribution")
    text = path.read_text(encoding="utf-8")
    root = parsed_root(text)
    assert (root.get("width"), root.get("height")) == (width, height) and path.name.endswith("-64.svg")
    assert "<!--" not in text
    prefix, key = iconify.split(":")
    assert drawn_psnr(text, source_svg(REAL_SETS[prefix], key), 64, "black") >= ALIKE_DB


def test_download_of_an_icon_in_its_own_colours_says_nothing_was_coloured(sets, tmp_path):
    outcome, path = download(sets, tmp_path, "twemoji:red-heart", "--color", "teal")
    said = [line for line in outcome.stderr.splitlines() if "currentColor" in line]
    assert said == ["iconcat: twemoji:red-heart uses no currentColor: nothing was coloured, saved in its own colours"]
    assert 'fill="#dd2e44"' in path.read_text(encoding="utf-8")


def test_download_as_a_snippet_takes_the_colour_too(sets, tmp_path):
    _outcome, path = download(sets, tmp_path / "svg", "ph:heart", "--as", "svg", "--color", COLOUR)
    text = path.read_text(encoding="utf-8")
    assert "currentColor" not in text and "Icon from Phosphor by Phosphor Icons - MIT" in text
    assert drawn_psnr(text, source_svg(REAL_SETS["ph"], "heart"), 64, COLOUR) >= ALIKE_DB
    _outcome, component = download(sets, tmp_path / "tsx", "ph:heart", "--as", "tsx", "--color", COLOUR)
    assert f'fill="{COLOUR}"' in component.read_text(encoding="utf-8")


@pytest.mark.skipif(iconify_api.skip_reason() is not None, reason=str(iconify_api.skip_reason()))
def test_download_from_iconifys_api_writes_the_colour_and_size_into_its_svg(tmp_path):
    # Any catalogue's SVG: Iconify's own API server (@iconify/api 3.1.1, the pinned Node tools) on loopback.
    with iconify_api.start_iconify_api(tmp_path / "api") as api:
        _outcome, path = download(
            ["--iconify", api.base_url], tmp_path, "tabler:trash", "--color", COLOUR, "--format", "svg", "--size", "64"
        )
        served = json.loads(api.set_file("tabler").read_text(encoding="utf-8"))
    text = path.read_text(encoding="utf-8")
    root = parsed_root(text)
    assert (root.get("width"), root.get("height")) == ("64", "64") and "currentColor" not in text
    assert "<!-- Icon from Tabler Icons by Paweł Kuna - MIT - https://" in text
    assert drawn_psnr(text, source_svg(served, "trash"), 64, COLOUR) >= ALIKE_DB


def test_a_colour_with_a_variant_id_is_one_line_and_exit_2(tmp_path):
    # (A variant id names one file and no icon: its set, licence and SVG are unknown before it arrives.)
    outcome = run_iconcat("download", "502043", "--demo", "--color", "red", "-o", str(tmp_path))
    assert outcome.status == 2 and "a variant id names no icon" in outcome.error_line, outcome.stderr
    assert list(tmp_path.iterdir()) == []


def _pick(*args: str) -> PtyProcess:
    """`iconcat pick ARGS`, its UI on a pseudo-terminal and its stdout a pipe (as tests/cli/test_pick.py)."""
    return PtyProcess.iconcat("pick", *args, stdout=subprocess.PIPE)


def _picked(terminal: PtyProcess) -> Path:
    """The first result picked (once the results' count is on screen); the path printed on stdout."""
    terminal.wait_for(lambda t: re.search(r"\d (?:icons?\b|of \d)", t.visible) is not None, "the results' count")
    terminal.send(DOWN)
    terminal.send("\r")
    status = terminal.finish()
    assert status == 0 and terminal.process.stdout is not None
    with terminal.process.stdout as printed:
        return Path(os.fsdecode(printed.read().rstrip(b"\n")))


def test_pick_format_svg_size_n_with_a_colour_saves_the_svg_asked(sets, tmp_path):
    terminal = _pick("trash", *sets[:2], "--format", "svg", "--size", "64", "--color", COLOUR, "-o", str(tmp_path))
    path = _picked(terminal)
    text = path.read_text(encoding="utf-8")
    root = parsed_root(text)
    assert (root.get("width"), root.get("height")) == ("64", "64") and "currentColor" not in text
    prefix, key = path.name.removesuffix("-64.svg").split("-", 1)
    assert drawn_psnr(text, source_svg(REAL_SETS[prefix], key), 64, COLOUR) >= ALIKE_DB


def test_pick_over_the_demo_sizes_its_svg_and_keeps_its_own_colours(tmp_path):
    terminal = _pick("star", "--demo", "--format", "svg", "--size", "64", "--color", "teal", "-o", str(tmp_path))
    path = _picked(terminal)
    text = path.read_text(encoding="utf-8")
    root = parsed_root(text)
    assert (root.get("width"), root.get("height")) == ("64", "64")
    assert re.search(r'stroke="#[0-9a-f]{6}"', text) and "teal" not in text  # the demo's own colours
