"""A real terminal's screenshot of the browser in true pixels: xterm as a VT340 (sixel), under Xvfb.

    python scripts/true_pixels_screenshot.py                 # writes screenshots/true-pixels-sixel.png
    python scripts/true_pixels_screenshot.py --out FILE.png

Needs `Xvfb`, `xterm` and ImageMagick's `import` (Debian: xvfb xterm imagemagick). The browser runs
`iconcat browse --demo --graphics auto heart` in a 120x36 xterm started with `-ti vt340`, which answers
the start's query with sixel and its cell size, so `auto` chooses sixel on its own. The picture is the
X screen itself: what xterm drew, pixels included, not what we think we sent (tests/tui/test_xterm.py
checks its pixels the same way).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ("Xvfb", "xterm", "import")
COLUMNS, ROWS = 120, 36


def missing_tools() -> list[str]:
    return [tool for tool in TOOLS if shutil.which(tool) is None]


def capture(out: Path, query: str = "heart", settle: float = 8.0, graphics: str = "auto") -> None:
    """Run the browser in xterm under a private Xvfb display and save the screen to `out`."""
    display = f":{os.getpid() % 500 + 100}"
    with tempfile.TemporaryDirectory() as home:
        xvfb = subprocess.Popen(
            ["Xvfb", display, "-screen", "0", "1200x700x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        env = {**os.environ, "DISPLAY": display, "HOME": home, "XDG_CONFIG_HOME": home}
        env.pop("TMUX", None)
        command = f"{sys.executable} -m iconcat browse --demo --graphics {graphics} {query}; sleep 30"
        terminal = None
        try:
            time.sleep(1.0)
            terminal = subprocess.Popen(
                ["xterm", "-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*numColorRegisters: 256"]
                + ["-fa", "Monospace", "-fs", "9", "-geometry", f"{COLUMNS}x{ROWS}+0+0", "-e", "sh", "-c", command],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            time.sleep(settle)
            # The xterm window only (the top left of the X screen).
            window = ["-window", "root", "-crop", "965x545+0+0"]
            subprocess.run(["import", *window, str(out)], env=env, check=True, timeout=30)
        finally:
            for process in (terminal, xvfb):
                if process is not None:
                    process.terminate()
                    process.wait(10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots" / "true-pixels-sixel.png")
    args = parser.parse_args()
    if missing := missing_tools():
        print(f"needs {', '.join(missing)} (Debian: xvfb xterm imagemagick)", file=sys.stderr)
        return 1
    capture(args.out)
    print(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
