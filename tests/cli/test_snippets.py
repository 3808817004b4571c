"""`--as KIND` on the command line: `iconcat download ICON --as KIND -o DIR` writes the snippet as a file
named for its kind, `iconcat pick --as KIND` prints it instead of saving a file (over small real-shaped
IconifyJSON packages, `tests.support.name_sets`, and the demo); what cannot be made is refused in one
line before anything opens."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from iconcat.snippets import SnippetIcon, snippets
from tests.support.cli import run_iconcat
from tests.support.name_sets import from_options, write_name_sets
from tests.support.pty import DOWN, PtyProcess

ENTER = "\r"


@pytest.fixture(scope="module")
def sets(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """`--from` for every name-set."""
    return from_options(write_name_sets(tmp_path_factory.mktemp("name-sets")))


def saved_svg(sets: list[str], folder: Path, name: str = "tabler:trash") -> str:
    """The icon's SVG as `iconcat download NAME --format svg` saves it."""
    outcome = run_iconcat("download", name, "--format", "svg", "-o", str(folder), *sets)
    assert outcome.status == 0, outcome.stderr
    return Path(outcome.stdout.strip()).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("kind", "file"),
    [
        ("tsx", "TablerTrash.tsx"),
        ("vue", "TablerTrash.vue"),
        ("svelte", "TablerTrash.svelte"),
        ("css", "tabler-trash.css"),
    ],
)
def test_download_as_writes_the_snippet_named_for_its_kind(sets, tmp_path: Path, kind, file) -> None:
    svg = saved_svg(sets, tmp_path / "svg")
    outcome = run_iconcat("download", "tabler:trash", "--as", kind, "-o", str(tmp_path / "out"), *sets)
    assert outcome.status == 0, outcome.stderr
    (written,) = (tmp_path / "out").iterdir()
    assert written.name == file and outcome.stdout == f"{written.resolve()}\n"
    expected = snippets(kind, [SnippetIcon("Trash", "tabler:trash", svg)])
    assert written.read_text(encoding="utf-8") == expected
    again = run_iconcat("download", "tabler:trash", "--as", kind, "-o", str(tmp_path / "out"), *sets)
    assert again.status == 0 and "already saved as" in again.stderr and len(list((tmp_path / "out").iterdir())) == 1


def test_download_as_by_a_demo_variant_names_the_component_after_its_icon(tmp_path: Path) -> None:
    found = run_iconcat("search", "trash", "--demo", "--json")
    import json

    icon = json.loads(found.stdout)["data"][0]
    svg = next(variant["id"] for variant in icon["variants"] if variant["format"] == "svg")
    png = next(variant["id"] for variant in icon["variants"] if variant["format"] == "png")
    outcome = run_iconcat("download", str(svg), "--as", "jsx", "--demo", "-o", str(tmp_path))
    assert outcome.status == 0, outcome.stderr
    component = re.sub(r"[^A-Za-z0-9]", "", icon["name"].title())
    assert Path(outcome.stdout.strip()).name == f"{component}.jsx"
    refused = run_iconcat("download", str(png), "--as", "jsx", "--demo", "-o", str(tmp_path / "png"))
    assert refused.status == 2 and f"variant {png} is no SVG" in refused.stderr
    assert not (tmp_path / "png").exists()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["download", "tabler:trash", "--as", "unocss"], "invalid choice: 'unocss'"),
        (["download", "500001", "--as", "tsx", "--format", "png", "--demo"], "leave --format, --size and --name out"),
        (["download", "tabler:trash", "--as", "jsx", "--demo"], "the demo catalogue has no Iconify names"),
        (["pick", "--as", "unocss", "--demo"], "the demo catalogue has no Iconify names, so --as unocss"),
        (["pick", "--as", "jsx", "--demo", "--format", "svg"], "--format has nothing to choose"),
        (["pick", "--as", "jsx", "--demo", "--size", "64", "-o", "x"], "--size and -o have nothing to choose"),
    ],
)
def test_what_as_cannot_do_is_refused_in_one_line(tmp_path: Path, args, words) -> None:
    folder = ["-o", str(tmp_path / "o")] if args[0] == "download" else []
    outcome = run_iconcat(*args, *folder, env={"TMPDIR": str(tmp_path)})
    assert outcome.status == 2
    assert words in outcome.stderr and len(outcome.stderr.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == [], "no folder made, no file written"


def test_pick_as_prints_the_snippet_and_leaves_no_file(sets, tmp_path: Path) -> None:
    svg = saved_svg(sets, tmp_path / "svg")
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    terminal = PtyProcess.iconcat(
        "pick", "tabler:trash", "--as", "tsx", *sets, stdout=subprocess.PIPE, env={"TMPDIR": str(temporary)}
    )
    terminal.wait_for(lambda t: re.search(r"\d icons\b", t.visible) is not None, "the results' count")
    assert "pick as TSX" in terminal.visible
    terminal.send(DOWN)
    terminal.send(ENTER)
    status = terminal.finish()
    assert terminal.process.stdout is not None
    with terminal.process.stdout as printed:
        out = printed.read().decode("utf-8")
    assert status == 0
    assert out == snippets("tsx", [SnippetIcon("Trash", "tabler:trash", svg)])
    assert list(temporary.iterdir()) == [], "the pick's own folder is removed"


def test_pick_multi_as_css_prints_one_stylesheet(sets, tmp_path: Path) -> None:
    svgs = {
        name: saved_svg(sets, tmp_path / name.replace(":", "-"), name) for name in ("tabler:trash", "tabler:trash-x")
    }
    terminal = PtyProcess.iconcat(
        "pick", "--multi", "tabler:trash", "--as", "css", *sets, stdout=subprocess.PIPE, env={"TMPDIR": str(tmp_path)}
    )
    terminal.wait_for(lambda t: re.search(r"\d icons\b", t.visible) is not None, "the results' count")
    terminal.send(DOWN)
    terminal.send(ENTER)  # Tabler's trash into the pick's bag
    terminal.wait_for(lambda t: "1 in the bag" in t.visible, "one in the bag")
    terminal.send(DOWN)
    terminal.send(ENTER)  # and the next: trash-x (the names after the one asked, by name)
    terminal.wait_for(lambda t: "2 in the bag" in t.visible, "two in the bag")
    terminal.send("b")
    terminal.wait_for(lambda t: "download all" in t.visible.lower(), "the bag")
    terminal.send("d")
    status = terminal.finish()
    assert terminal.process.stdout is not None
    with terminal.process.stdout as printed:
        out = printed.read().decode("utf-8")
    assert status == 0
    assert out.count("--svg: url(") == 2 and out.startswith(".icon--tabler--trash")
    for name, svg in svgs.items():
        assert snippets("css", [SnippetIcon("x", name, svg)]).split("--svg: ")[1] in out


def test_icons_without_what_the_kind_needs_are_said_and_the_others_printed(capsys) -> None:
    from iconcat.cli.snippets import _print_snippets

    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M1 1"/></svg>'
    status = _print_snippets(
        "unocss", [SnippetIcon("Trash", "tabler:trash", svg), SnippetIcon("Folder Icon", None, svg)]
    )
    printed = capsys.readouterr()
    assert status == 1 and printed.out == "i-tabler-trash\n"
    assert printed.err.startswith("iconcat: error: Folder Icon has no Iconify name, so it has no UnoCSS class")
