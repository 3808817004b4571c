"""`iconcat download` given an icon's id instead of a variant's: the 404 says which variants to download
(exit 4 stays), when the icon is known: looked up in the demo or the sets from disk (in-process, their
spec says they look ids up), or remembered from this catalogue. Errors of an in-process catalogue are
its own sentences: no loopback address, no port, no HTTP status (no HTTP was spoken)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from iconcat.api import Icon, Ref, Variant
from iconcat.memory import Memory
from tests.support.cli import run_iconcat
from tests.support.iconsets import iconify_package, iconify_set


def test_an_icon_id_with_demo_lists_its_variants_and_names_no_port(tmp_path):
    outcome = run_iconcat("download", "1187", "--demo", "-o", str(tmp_path))
    assert outcome.status == 4
    line = outcome.error_line
    assert re.search(r"1187 is an icon \(.+\); its variants are 5\d{5} \(PNG 512\), 5\d{5} \(PNG 256\)", line), line
    assert line.endswith(": download one of those")
    assert "127.0.0.1" not in line and "http" not in line
    assert list(tmp_path.iterdir()) == []


def test_an_unknown_id_with_demo_is_a_plain_404_naming_no_port(tmp_path):
    outcome = run_iconcat("download", "999999999", "--demo", "-o", str(tmp_path))
    assert outcome.status == 4
    assert outcome.error_line == "iconcat: error: variant 999999999 was not found in the demo catalogue"


def tabler(tmp_path: Path) -> tuple[str, dict]:
    """A Tabler package on disk, as `--from` takes it, and its one icon as `search --json` prints it."""
    iconify_package(tmp_path / "sets" / "tabler", iconify_set("tabler", {"home": {}}), info={"name": "Tabler Icons"})
    sets = str(tmp_path / "sets" / "tabler")
    found = run_iconcat("search", "home", "--from", sets, "--json")
    assert found.status == 0, found.stderr
    [home] = json.loads(found.stdout)["data"]
    return sets, home


def test_a_missing_id_from_disk_is_a_plain_404_naming_no_port(tmp_path):
    sets, home = tabler(tmp_path)
    missing = max(variant["id"] for variant in home["variants"]) + 1_000_000
    outcome = run_iconcat("download", str(missing), "--from", sets, "-o", str(tmp_path / "out"))
    assert outcome.status == 4
    assert outcome.error_line == f"iconcat: error: variant {missing} was not found in your icon sets from disk"
    assert not (tmp_path / "out").exists()


def test_an_icon_id_from_disk_lists_its_variants(tmp_path):
    """Sets from disk look ids up as the demo does (`capabilities.looks_up_ids`): the hint is theirs too."""
    sets, home = tabler(tmp_path)
    outcome = run_iconcat("download", str(home["id"]), "--from", sets, "-o", str(tmp_path / "out"))
    assert outcome.status == 4
    described = [(v["id"], v["format"].upper(), v["size"]) for v in home["variants"]]
    listed = ", ".join(f"{vid} ({fmt} {size})" if size else f"{vid} ({fmt})" for vid, fmt, size in described)
    assert outcome.error_line == (
        f"iconcat: error: {home['id']} is an icon (Home); its variants are {listed}: download one of those"
    )
    assert "127.0.0.1" not in outcome.error_line and not (tmp_path / "out").exists()


def test_an_icon_id_remembered_from_the_catalogue_lists_its_variants(configured, catalogue, tmp_path):
    remembered = Icon(
        id=1187,
        name="Bell \x1b[2Jringing",
        category=Ref(1, "Alerts"),
        style=Ref(2, "Outline"),
        series=Ref(3, "Essentials"),
        set=Ref(4, "Core UI"),
        thumbnail="/private/bundle_icons/1187/small",
        variants=(Variant(500745, "png", 512), Variant(500747, "svg", None)),
    )
    memory = Memory.open(catalogue.base_url)
    memory.keep_answer("bell", [remembered])
    memory.close()
    outcome = run_iconcat("download", "1187", "-o", str(tmp_path), env=configured)
    assert outcome.status == 4
    assert "\x1b" not in outcome.stderr  # the remembered name is the service's: sanitised
    assert outcome.error_line == (
        "iconcat: error: 1187 is an icon (Bell [2Jringing); its variants are 500745 (PNG 512), 500747 (SVG): "
        "download one of those"
    )


def test_an_id_the_catalogue_is_not_known_to_have_is_a_plain_404(configured, tmp_path):
    outcome = run_iconcat("download", "1187", "-o", str(tmp_path), env=configured)
    assert outcome.status == 4
    assert "variant 1187 was not found" in outcome.error_line and "is an icon" not in outcome.error_line
