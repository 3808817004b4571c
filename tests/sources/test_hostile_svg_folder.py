"""A folder of SVG files is untrusted: served through `--from` as the commands serve it (`open_sources`,
the real raster worker, `start_catalogue`), a picture that never finishes drawing and one the
rasteriser refuses each answer a JSON 500 for that picture, while the server goes on answering the
rest; and its SVGs go out as attachments that run nothing."""

from __future__ import annotations

import threading

import httpx
import pytest

from iconcat.sources.serving import open_sources
from tests.support.hostile_svg import fan_out, nested_too_deeply
from tests.support.iconsets import svg_text, write_svg
from tests.support.server import png_header, serving

PICTURE_TIMEOUT = 0.5
"""Seconds the catalogue gives a picture here (the rasteriser's own 2 s is within reach of a fast machine)."""

pytestmark = pytest.mark.skipif(not hasattr(__import__("select"), "poll"), reason="SVG is drawn on POSIX only")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("hostile") / "evil-set"
    write_svg(folder / "good.svg", svg_text())
    write_svg(folder / "endless.svg", fan_out(5))
    write_svg(folder / "refused.svg", nested_too_deeply())
    said: list[str] = []
    # A small deadline for pictures: the endless one (1.2 s and more with svg2png-py, most of it for
    # the 100,000 paths) is given up on whatever the machine's speed, the good ones take milliseconds.
    catalogue = open_sources(
        [str(folder)], folder=tmp_path_factory.mktemp("cache"), warn=said.append, picture_timeout=PICTURE_TIMEOUT
    )
    assert said == [] and len(catalogue) == 3, "all three are well-formed, sized SVG: the reader serves them"
    with serving(catalogue=catalogue) as served:
        yield served


def entry(client: httpx.Client, name: str) -> dict:
    (found,) = client.get("/api/v1/search", params={"name": name}).json()["data"]
    return found


def variant(found: dict, format_: str, size: int | None = None) -> int:
    return next(v["id"] for v in found["variants"] if v["format"] == format_ and v["size"] == size)


def assert_json_500(response: httpx.Response, why: str = "") -> None:
    assert response.status_code == 500, response.text
    assert response.headers["content-type"] == "application/json"
    error = response.json()["error"]
    assert error["code"] == "picture_failed"
    assert error["message"].startswith(f"This picture could not be drawn: the SVG {why}")
    assert "Traceback" not in response.text and "File " not in response.text


@pytest.mark.parametrize("name", ["endless", "refused"])
def test_a_picture_that_fails_or_never_finishes_is_a_json_500_for_each_png_and_the_preview(
    client, name, capfd: pytest.CaptureFixture[str]
) -> None:
    found = entry(client, name)
    why = f"took longer than {PICTURE_TIMEOUT:g} s" if name == "endless" else ""
    for size in (512, 256):
        assert_json_500(client.get("/api/v1/download", params={"id": variant(found, "png", size)}), why)
    assert_json_500(client.get(found["thumbnail"]), why)
    # Its SVG is only bytes from the index: it is answered, as an attachment that runs nothing.
    svg = client.get("/api/v1/download", params={"id": variant(found, "svg")})
    assert svg.status_code == 200 and svg.text.startswith("<svg")
    # An expected failure, said in the answer: no traceback logged where a browser's screen would show it.
    assert "Traceback" not in capfd.readouterr().err


def test_the_server_answers_the_rest_while_a_picture_is_being_given_up_on(client) -> None:
    endless, good = entry(client, "endless"), entry(client, "good")
    answers: list[httpx.Response] = []
    slow = threading.Thread(target=lambda: answers.append(client.get(endless["thumbnail"])))
    slow.start()
    try:
        # Asked while the endless preview is (most likely) still drawing: each is answered in full.
        assert client.get("/api/v1/search", params={"name": "good"}).json()["data"][0]["name"] == "Good"
        preview = client.get(good["thumbnail"])
        assert preview.status_code == 200 and png_header(preview.content)[:2] == (128, 128)
        png = client.get("/api/v1/download", params={"id": variant(good, "png", 256)})
        assert png.status_code == 200 and png_header(png.content)[:2] == (256, 256)
    finally:
        slow.join()
    assert_json_500(answers[0], f"took longer than {PICTURE_TIMEOUT:g} s")
    preview = client.get(good["thumbnail"])  # and after it, the worker replaced
    assert preview.status_code == 200


def test_an_svg_from_disk_is_an_attachment_that_runs_nothing(client) -> None:
    good = entry(client, "good")
    response = client.get("/api/v1/download", params={"id": variant(good, "svg")})
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/svg+xml"
    assert response.headers["content-disposition"] == 'attachment; filename="good.svg"'
    assert response.headers["content-security-policy"] == "default-src 'none'"
    assert response.headers["x-content-type-options"] == "nosniff"
