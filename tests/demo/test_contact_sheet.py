"""scripts/contact_sheet.py writes a valid PNG, whole, where it is told to."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from PIL import Image

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "contact_sheet.py"


def test_writes_a_labelled_sheet(tmp_path: Path) -> None:
    out = tmp_path / "sheets" / "sheet.png"
    completed = subprocess.run(
        [sys.executable, str(SCRIPT), "--out", str(out), "--glyphs", "6", "--size", "24", "--panels", "2", "--dark"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == str(out.resolve())
    with Image.open(out) as image:
        assert image.format == "PNG" and image.width > image.height > 100
    assert [p.name for p in out.parent.iterdir()] == ["sheet.png"], "no partial file left behind"


def test_refuses_an_unknown_set(tmp_path: Path) -> None:
    completed = subprocess.run(
        [sys.executable, str(SCRIPT), "--out", str(tmp_path / "x.png"), "--set", "Nope"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert completed.returncode == 2 and "invalid choice" in completed.stderr
    assert not (tmp_path / "x.png").exists()
