"""The SVG rasteriser: untrusted SVG never reads another file, and a bad picture never takes the rest down.

Secrets are real files on disk (tests/support/hostile_svg.py); the first test shows resvg itself reads
them when asked, so the others prove the sanitising, not the renderer's manners. Pictures go through
the worker process (`rasterise`) unless a test needs this process's working folder (`rasterise_here`,
the same code the worker runs).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from iconcat.imaging import svg_raster, svg_sandbox
from iconcat.imaging.svg_raster import RasterError, rasterise
from tests.support.hostile_svg import (
    CLOSE,
    OPEN,
    SECRET_COLOURS,
    SECRET_RED,
    Secrets,
    colours,
    fan_out,
    hostile_cases,
    pixels,
)

ICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
    '<rect width="24" height="24" fill="currentColor"/></svg>'
)


@pytest.fixture(scope="module", autouse=True)
def stop_workers():
    yield
    svg_raster.shutdown()


@pytest.fixture
def secrets(tmp_path: Path) -> Secrets:
    return Secrets.plant(tmp_path)


BINDINGS = svg_sandbox.available_bindings()
"""Every binding installed here (resvg-py always; svg2png-py where the test extra could install it)."""


def plain_resvg(svg: str, resources: str | None = None, *, using: str) -> bytes:
    """The binding itself, no sanitising: what it would read if the worker let it."""
    return svg_sandbox.render(svg, resources, using=using)


@pytest.mark.parametrize("binding", BINDINGS)
def test_resvg_itself_reads_an_absolute_path_even_with_an_empty_resource_folder(secrets, tmp_path, binding) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    raw = hostile_cases(secrets)["image href, absolute path"]
    assert SECRET_RED in colours(plain_resvg(raw, str(empty), using=binding))


def test_the_sandbox_draws_with_the_preferred_binding_and_falls_back_to_resvg_py(monkeypatch) -> None:
    import importlib.util

    assert svg_sandbox.binding() == BINDINGS[0]
    real_find_spec = importlib.util.find_spec

    def without_svg2png(name: str, *rest: object) -> object:
        return None if name == "svg2png_py" else real_find_spec(name, *rest)

    monkeypatch.setattr(importlib.util, "find_spec", without_svg2png)
    monkeypatch.setattr(svg_sandbox, "_chosen", None)
    assert svg_sandbox.binding() == "resvg_py"
    assert pixels(svg_sandbox.rasterise_here(ICON, 8)).getpixel((4, 4)) == (0, 0, 0, 255)


@pytest.mark.parametrize("case", list(hostile_cases(Secrets(*(Path("/s") for _ in range(4))))))
def test_no_outside_reference_reaches_the_renderer_or_the_picture(case, secrets) -> None:
    svg = hostile_cases(secrets)[case]
    document = svg_sandbox.prepare(svg, 10)
    assert "secret" not in document and "127.0.0.1" not in document
    assert not colours(rasterise(svg, 10)) & set(SECRET_COLOURS)
    for binding in BINDINGS:
        assert not colours(svg_sandbox.rasterise_here(svg, 10, using=binding)) & set(SECRET_COLOURS)


def test_a_relative_href_reads_nothing_from_the_working_folder(secrets, monkeypatch) -> None:
    monkeypatch.chdir(secrets.png.parent)
    whole = 'width="10" height="10"'
    svg = f'{OPEN}<image href="secret.png" {whole}/><image href="./secret.svg" {whole}/>{CLOSE}'
    for binding in BINDINGS:
        assert colours(plain_resvg(svg, using=binding)) & set(SECRET_COLOURS)  # resvg would read it
        assert not colours(svg_sandbox.rasterise_here(svg, 10, using=binding)) & set(SECRET_COLOURS)
    assert not colours(rasterise(svg, 10)) & set(SECRET_COLOURS)


def test_inside_references_and_raster_data_urls_are_kept() -> None:
    import base64
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGBA", (4, 4), (0, 128, 0, 255)).save(buffer, "PNG")
    data = base64.b64encode(buffer.getvalue()).decode()
    svg = (
        f'{OPEN}<defs><linearGradient id="g"><stop offset="0" stop-color="#808000"/><stop offset="1" '
        'stop-color="#808000"/></linearGradient><rect id="r" width="5" height="10" fill="url(#g)"/></defs>'
        f'<use href="#r"/><image x="5" width="5" height="10" preserveAspectRatio="none" '
        f'href="data:image/png;base64,{data}"/>{CLOSE}'
    )
    image = pixels(rasterise(svg, 10))
    assert image.getpixel((2, 5)) == (128, 128, 0, 255)
    assert image.getpixel((7, 5)) == (0, 128, 0, 255)


def test_doctype_entities_are_never_expanded(secrets) -> None:
    laughs = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10))
    billion = f'<!DOCTYPE svg [<!ENTITY l0 "lol">{laughs}]>{OPEN}<text>&l9;</text>{CLOSE}'
    external = f'<!DOCTYPE svg [<!ENTITY x SYSTEM "file://{secrets.text}">]>{OPEN}<text>&x;</text>{CLOSE}'
    for svg in (billion, external):
        with pytest.raises(RasterError, match="undefined entity"):
            rasterise(svg, 16)
        with pytest.raises(svg_sandbox.SvgRejected):
            svg_sandbox.sanitise(svg)
    # An unused declaration, or the DOCTYPE old editors wrote, is cut out and the picture drawn.
    unused = f'<!DOCTYPE svg [<!ENTITY x SYSTEM "file://{secrets.text}">]>{ICON}'
    public = (
        '<?xml version="1.0" encoding="ISO-8859-1"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
        f'"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n{ICON}'
    )
    for svg in (unused, public):
        assert "DOCTYPE" not in svg_sandbox.prepare(svg, 8)
        assert pixels(rasterise(svg, 8)).getpixel((4, 4)) == (0, 0, 0, 255)


def test_text_draws_nothing_and_loads_no_font() -> None:
    svg = f'{OPEN}<text x="0" y="10" font-size="12" font-family="DejaVu Sans, sans-serif">█</text>{CLOSE}'
    assert colours(rasterise(svg, 10)) == {(0, 0, 0, 0)}
    document = svg_sandbox.prepare(svg, 10)
    for binding in BINDINGS:
        assert colours(plain_resvg(document, using=binding)) == {(0, 0, 0, 0)}


def test_prestart_starts_a_worker_before_the_first_picture() -> None:
    svg_raster.shutdown()
    assert svg_raster.worker_pids() == []
    svg_raster.prestart()
    assert len(svg_raster.worker_pids()) == 1


def test_scripts_and_event_attributes_are_stripped() -> None:
    opening = OPEN.replace("<svg ", "<svg onload='alert(1)' ")
    svg = (
        f"{opening}<script>alert(2)</script>"
        '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>'
        f'<rect width="10" height="10" onclick="alert(3)" fill="#123456"/>{CLOSE}'
    )
    document = svg_sandbox.prepare(svg, 10)
    assert "alert" not in document and "script" not in document and "foreignObject" not in document
    assert pixels(rasterise(svg, 10)).getpixel((5, 5)) == (0x12, 0x34, 0x56, 255)


@pytest.mark.parametrize(
    ("svg", "reason"),
    [
        ("<svg xmlns='http://www.w3.org/2000/svg'><rect", "not well-formed"),
        ("not xml at all", "not well-formed"),
        ("<html xmlns='http://www.w3.org/1999/xhtml'/>", "not an <svg>"),
        ("<svg xmlns='http://www.w3.org/2000/svg'><rect width='5' height='5'/></svg>", "no viewBox"),
        (f"{OPEN}{'<g>' * 5000}<rect width='5' height='5'/>{'</g>' * 5000}{CLOSE}", "nests its elements too deeply"),
    ],
)
def test_a_broken_file_is_one_error_and_the_next_picture_works(svg, reason) -> None:
    with pytest.raises(RasterError, match=reason):
        rasterise(svg, 16)
    assert pixels(rasterise(ICON, 16)).getpixel((8, 8)) == (0, 0, 0, 255)


def test_a_picture_that_takes_too_long_is_stopped_and_the_next_one_works() -> None:
    rasterise(ICON, 8)
    before = set(svg_raster.worker_pids())
    # A small deadline, not the default 2 s: 100,000 paths take 1.2 s and more even with svg2png-py.
    with pytest.raises(RasterError, match=r"longer than 0\.25 s"):
        rasterise(fan_out(5), 64, timeout=0.25)
    assert before.isdisjoint(svg_raster.worker_pids())  # that worker was killed, not given back
    assert pixels(rasterise(ICON, 16)).getpixel((8, 8)) == (0, 0, 0, 255)


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] in {"Z", "X"}
    except FileNotFoundError:
        return True


def _wait_until_gone(pid: int) -> bool:
    for _ in range(200):
        if _gone(pid):
            return True
        time.sleep(0.05)
    return False


def test_a_worker_slow_to_start_still_draws_its_first_picture_within_the_deadline(monkeypatch) -> None:
    """A new worker's start (the interpreter, resvg imported) is waited for apart from the picture's
    deadline: on a loaded machine it took more than the 2 s a picture may take, and the first picture
    of a run failed as "too slow" (a pick's file, in full test runs under load: session 37). Here the
    start takes 1 s and the picture may take 0.5 s."""
    svg_raster.shutdown()
    with monkeypatch.context() as patched:
        patched.setattr(svg_raster, "_BOOT", "import time; time.sleep(1.0); " + svg_raster._BOOT)
        assert pixels(rasterise(ICON, 8, timeout=0.5)).getpixel((4, 4)) == (0, 0, 0, 255)
    svg_raster.shutdown()


def test_a_worker_killed_from_outside_is_replaced() -> None:
    svg_raster.shutdown()
    rasterise(ICON, 8)
    (pid,) = svg_raster.worker_pids()
    os.kill(pid, signal.SIGKILL)
    assert _wait_until_gone(pid)
    assert pixels(rasterise(ICON, 16)).getpixel((8, 8)) == (0, 0, 0, 255)
    assert pid not in svg_raster.worker_pids()


def test_a_worker_that_cannot_be_started_is_one_error_and_the_next_call_tries_again(monkeypatch, tmp_path) -> None:
    svg_raster.shutdown()
    with monkeypatch.context() as patched:
        patched.setattr(sys, "executable", str(tmp_path / "no-python-here"))
        with pytest.raises(RasterError, match="could not be started"):
            rasterise(ICON, 8)
    assert pixels(rasterise(ICON, 8)).getpixel((4, 4)) == (0, 0, 0, 255)


def test_a_panic_in_resvg_is_answered_as_a_failure(monkeypatch) -> None:
    class PanicException(BaseException):  # what pyo3 raises for a Rust panic: not an Exception
        pass

    def panic(_document: str, _resources: str | None = None, *, using: str | None = None) -> bytes:
        raise PanicException("called `Option::unwrap()` on a `None` value")

    monkeypatch.setattr(svg_sandbox, "render", panic)
    status, message = svg_sandbox._answer(ICON.encode(), 16, "black", ".")
    assert status == svg_sandbox.FAILED and message == b"the SVG could not be drawn (PanicException)"


def test_several_threads_at_once_each_get_their_own_picture() -> None:
    paints = ["#ff0000", "#00ff00", "#0000ff", "#ffff00", "#00ffff", "#ff00ff"]
    results: dict[int, list[tuple[int, ...]]] = {}

    def draw(index: int) -> None:
        colour = paints[index % len(paints)]
        results[index] = [pixels(rasterise(ICON, 12, colour=colour)).getpixel((6, 6)) for _ in range(5)]

    threads = [threading.Thread(target=draw, args=(index,)) for index in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    for index in range(12):
        red, green, blue = (int(paints[index % len(paints)][i : i + 2], 16) for i in (1, 3, 5))
        assert results[index] == [(red, green, blue, 255)] * 5
    assert len(svg_raster.worker_pids()) <= svg_raster.MAX_WORKERS


def test_current_colour_is_painted_and_an_icons_own_colours_are_kept() -> None:
    multicolour = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10"><rect width="10" height="10" fill="#3366cc"/>'
        '<rect x="10" width="10" height="10" fill="currentColor"/></svg>'
    )
    image = pixels(rasterise(multicolour, 20, colour="rgb(200, 100, 0)"))
    assert image.getpixel((5, 10)) == (0x33, 0x66, 0xCC, 255)
    assert image.getpixel((15, 10)) == (200, 100, 0, 255)
    assert pixels(rasterise(multicolour, 20)).getpixel((15, 10)) == (0, 0, 0, 255)  # black by default
    own = ICON.replace("<svg ", '<svg color="#00aa00" ')
    assert pixels(rasterise(own, 8, colour="red")).getpixel((4, 4)) == (0, 0xAA, 0, 255)


@pytest.mark.parametrize("colour", ["teal", " #336699 ", "#abc", "#33669980", "rgb(1, 2, 3)", "hsl(120, 100%, 50%)"])
def test_a_css_colour_is_accepted_and_painted(colour) -> None:
    from PIL import ImageColor

    checked = svg_raster.check_colour(colour)
    assert checked == colour.strip()
    painted = pixels(rasterise(ICON, 4, colour=checked)).getpixel((2, 2))
    expected = ImageColor.getcolor(checked, "RGBA")
    assert all(abs(a - b) <= 1 for a, b in zip(painted, expected)), (painted, expected)  # (alpha: premultiplied)


@pytest.mark.parametrize("colour", ["", "notacolour", "hsv(1, 2%, 3%)", "url(#x)", "red; fill: blue", "x" * 100])
def test_what_is_not_a_css_colour_is_refused_in_a_sentence(colour) -> None:
    with pytest.raises(ValueError, match="is not a CSS colour"):
        svg_raster.check_colour(colour)


def test_a_non_square_icon_keeps_its_proportions_centred_on_a_transparent_square() -> None:
    wide = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20"/></svg>'
    image = pixels(rasterise(wide, 20))
    assert image.size == (20, 20)
    column = [image.getpixel((10, y))[3] for y in range(20)]
    assert column == [0] * 5 + [255] * 10 + [0] * 5
    tall = (  # its own preserveAspectRatio="none" would stretch it: centred all the same
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 5 10" preserveAspectRatio="none">'
        '<rect width="5" height="10"/></svg>'
    )
    row = [pixels(rasterise(tall, 20)).getpixel((x, 10))[3] for x in range(20)]
    assert row == [0] * 5 + [255] * 10 + [0] * 5


PARENT = """
import sys, time
from iconcat.imaging import svg_raster
svg_raster.rasterise({icon!r}, 8)
print(svg_raster.worker_pids()[0], flush=True)
sys.stdin.readline()  # the test has looked at the worker: now end ("exit") or wait to be killed
if sys.argv[1] == "wait":
    time.sleep(60)
"""


@pytest.mark.parametrize("ending", ["exit", "killed"])
def test_the_worker_goes_away_with_its_parent(ending) -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT.format(icon=ICON), "wait" if ending == "killed" else "exit"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert parent.stdin is not None and parent.stdout is not None
    pid = int(parent.stdout.readline())
    # Read while the parent still lives: a parent that exited at once raced the worker's own cleanup
    # (on a loaded CI machine the worker had already left its folder for "/").
    folder = Path(os.readlink(f"/proc/{pid}/cwd"))  # its empty working folder
    assert folder.name.startswith("iconcat-svg-") and list(folder.iterdir()) == []
    parent.stdin.write("\n")
    parent.stdin.close()
    if ending == "killed":
        parent.kill()
    parent.wait(30)
    assert _wait_until_gone(pid)
    assert not folder.exists()
