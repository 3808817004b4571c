"""The headless core never imports Textual: checked in a fresh interpreter, where nothing else has."""

import subprocess
import sys

CORE_MODULES = ["iconcat.api", "iconcat.downloads", "iconcat.imaging", "iconcat.config", "iconcat.text"]


def test_core_modules_do_not_import_textual():
    probe = (
        "import importlib, sys\n"
        f"for name in {CORE_MODULES!r}:\n"
        "    importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.')))\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=False
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "[]"
