"""Download and thumbnail: headers, valid files in every format, the same picture in each, errors."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import httpx
import pytest
from PIL import Image

from tests.conftest import TEST_TOKEN
from tests.support.server import (
    alpha_values,
    auth,
    find_icon,
    png_header,
    png_image,
    premultiplied_difference,
    rgba_pixels,
)

MEDIA_TYPES = {"png": "image/png", "svg": "image/svg+xml", "eps": "application/postscript"}


@pytest.fixture
def client(catalogue):
    with httpx.Client(base_url=catalogue.base_url, headers=auth(TEST_TOKEN), timeout=30) as client:
        yield client


@pytest.fixture
def arrow_left(client) -> dict:
    """Arrow Left, Outline, Core UI: a set that offers every variant."""
    return find_icon(client, "Arrow Left", "Outline", "Core UI")


def variant(icon: dict, fmt: str, size: int | None = None) -> dict:
    return next(v for v in icon["variants"] if v["format"] == fmt and v["size"] == size)


def download(client: httpx.Client, variant_id: int | str) -> httpx.Response:
    return client.get("/api/v1/download", params={"id": variant_id})


def test_every_variant_downloads_with_type_length_and_name(client, arrow_left) -> None:
    assert {(v["format"], v["size"]) for v in arrow_left["variants"]} == {
        ("png", 512),
        ("png", 256),
        ("svg", None),
        ("eps", None),
    }
    expected_names = {
        ("png", 512): "arrow-left-512.png",
        ("png", 256): "arrow-left-256.png",
        ("svg", None): "arrow-left.svg",
        ("eps", None): "arrow-left.eps",
    }
    for v in arrow_left["variants"]:
        response = download(client, v["id"])
        assert response.status_code == 200
        assert response.headers["content-type"].split(";")[0] == MEDIA_TYPES[v["format"]]
        assert int(response.headers["content-length"]) == len(response.content) > 0
        assert (
            response.headers["content-disposition"]
            == f'attachment; filename="{expected_names[(v["format"], v["size"])]}"'
        )


def test_png_variants_are_valid_at_their_size_with_transparency(client, arrow_left) -> None:
    for size in (512, 256):
        body = download(client, variant(arrow_left, "png", size)["id"]).content
        width, height, depth, colour_type = png_header(body)
        assert (width, height, depth) == (size, size, 8)
        assert colour_type == 6, "RGBA"
        image = png_image(body)
        alpha = image.getchannel("A")
        assert alpha.getpixel((0, 0)) == 0, "the background is transparent"
        assert alpha.getextrema() == (0, 255), "the glyph is opaque where drawn"
        # Anti-aliased: edges hold partial coverage, not only 0 and 255.
        assert len(set(alpha.tobytes())) > 50


def test_png_512_and_256_show_the_same_picture(client, arrow_left) -> None:
    big = png_image(download(client, variant(arrow_left, "png", 512)["id"]).content)
    small = png_image(download(client, variant(arrow_left, "png", 256)["id"]).content)
    same = premultiplied_difference(big.resize((256, 256), Image.Resampling.LANCZOS), small)
    # A different picture at the same size, to show the measure tells pictures apart.
    other = find_icon(client, "Arrow Right", "Outline", "Core UI")
    different = premultiplied_difference(png_image(download(client, variant(other, "png", 256)["id"]).content), small)
    assert same < 2.0
    assert different > 10 * same


def test_svg_is_valid_xml_with_a_viewbox(client, arrow_left) -> None:
    answer = download(client, variant(arrow_left, "svg")["id"])
    assert "iconcat-current-color" not in answer.headers  # the demo's SVGs have no currentColor to paint
    body = answer.content
    root = ET.fromstring(body)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 24 24"
    paths = root.findall(".//{http://www.w3.org/2000/svg}path")
    assert paths and all(p.get("d") for p in paths)
    assert root.find("{http://www.w3.org/2000/svg}title").text.startswith("Arrow Left")


def test_eps_has_its_header_and_bounding_box(client, arrow_left) -> None:
    text = download(client, variant(arrow_left, "eps")["id"]).content.decode("ascii")
    lines = text.splitlines()
    assert lines[0] == "%!PS-Adobe-3.0 EPSF-3.0"
    box = next(line for line in lines if line.startswith("%%BoundingBox:"))
    llx, lly, urx, ury = map(int, box.split(":")[1].split())
    assert (llx, lly) == (0, 0) and urx == ury > 0
    assert "%%EndComments" in lines and lines[-1] == "%%EOF"
    assert text.count("gsave") == text.count("grestore") == 1


def _svg_coordinates(body: bytes) -> list[float]:
    root = ET.fromstring(body)
    numbers: list[float] = []
    for path in root.iter("{http://www.w3.org/2000/svg}path"):
        numbers += [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", path.get("d", ""))]
    return numbers


def _eps_coordinates(body: bytes) -> list[float]:
    numbers: list[float] = []
    for line in body.decode("ascii").splitlines():
        if line.endswith((" m", " l", " c")):
            numbers += [float(n) for n in line.split()[:-1]]
    return numbers


@pytest.mark.parametrize("name, style", [("Arrow Left", "Outline"), ("Cloud Rain", "Duotone"), ("Calendar", "Colour")])
def test_svg_and_eps_draw_the_same_outlines(client, name: str, style: str) -> None:
    icon = find_icon(client, name, style, "Core UI")
    svg = _svg_coordinates(download(client, variant(icon, "svg")["id"]).content)
    eps = _eps_coordinates(download(client, variant(icon, "eps")["id"]).content)
    assert svg and svg == eps


def test_styles_show_in_the_drawing(client) -> None:
    pictures = {}
    for style in ("Outline", "Light", "Bold", "Filled", "Duotone", "Colour"):
        icon = find_icon(client, "Cloud Rain", style, "Core UI")
        pictures[style] = png_image(download(client, variant(icon, "png", 256)["id"]).content)
    coverage = {style: sum(alpha_values(image)) for style, image in pictures.items()}
    assert coverage["Light"] < coverage["Outline"] < coverage["Bold"] < coverage["Filled"]
    # Duotone tints its bodies: translucent pixels inside the outline.
    assert sum(1 for a in alpha_values(pictures["Duotone"]) if 40 < a < 120) > 1000
    assert sum(1 for a in alpha_values(pictures["Outline"]) if 40 < a < 120) < 1000

    def hues(image: Image.Image) -> int:
        opaque = [p[:3] for p in rgba_pixels(image) if p[3] == 255]
        return len({(r // 32, g // 32, b // 32) for r, g, b in opaque})

    assert hues(pictures["Colour"]) >= 3 and hues(pictures["Outline"]) == 1


def test_icons_without_some_variants_exist(client) -> None:
    studio = find_icon(client, "Arrow Left", "Outline", "Studio")
    assert "eps" not in {v["format"] for v in studio["variants"]}
    blueprint = find_icon(client, "Arrow Left", "Outline", "Blueprint")
    assert ("png", 256) not in {(v["format"], v["size"]) for v in blueprint["variants"]}


def test_large_bodies_are_streamed_with_a_length(client, arrow_left) -> None:
    with client.stream("GET", "/api/v1/download", params={"id": variant(arrow_left, "png", 512)["id"]}) as response:
        assert "transfer-encoding" not in response.headers
        chunks = list(response.iter_raw())
    assert sum(map(len, chunks)) == int(response.headers["content-length"])


@pytest.mark.parametrize(
    "raw", ["abc", "-1", "0", "1.5", "", " 5", "0x10", "+5", "1e3", "99999999999999999999", str(2**53)]
)
def test_malformed_variant_ids_are_a_400(client, raw: str) -> None:
    response = download(client, raw)
    assert response.status_code == 400
    assert response.headers["content-type"] == "application/json"
    assert response.json()["error"]["code"] == "invalid_parameter"


def test_missing_or_repeated_id_is_a_400(client) -> None:
    missing = client.get("/api/v1/download")
    assert missing.status_code == 400 and missing.json()["error"]["code"] == "missing_parameter"
    repeated = client.get("/api/v1/download?id=500001&id=500002")
    assert repeated.status_code == 400


def test_unknown_variant_ids_are_a_404(client, arrow_left) -> None:
    for unknown in (1, 2147483647, 2**53 - 1, arrow_left["id"]):  # an icon id is not a variant id
        response = download(client, unknown)
        assert response.status_code == 404
        assert response.json() == {"error": {"code": "not_found", "message": f"No icon variant has id {unknown}."}}


def test_thumbnail_is_a_small_transparent_png(client, arrow_left) -> None:
    response = client.get(arrow_left["thumbnail"])
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/png"
    assert int(response.headers["content-length"]) == len(response.content)
    width, height, _, colour_type = png_header(response.content)
    assert (width, height, colour_type) == (128, 128, 6)
    image = png_image(response.content)
    assert image.getchannel("A").getpixel((0, 0)) == 0
    # The same picture as the big PNG.
    big = png_image(download(client, variant(arrow_left, "png", 512)["id"]).content)
    assert premultiplied_difference(big.resize((128, 128), Image.Resampling.LANCZOS), image) < 3.0


def test_thumbnail_errors(client, arrow_left) -> None:
    bad = client.get("/private/bundle_icons/abc/small")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "invalid_parameter"
    unknown = client.get("/private/bundle_icons/999999/small")
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "not_found"
    a_variant_id = arrow_left["variants"][0]["id"]
    assert client.get(f"/private/bundle_icons/{a_variant_id}/small").status_code == 404
    assert client.get(f"/private/bundle_icons/{arrow_left['id']}/large").status_code == 404


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="needs librsvg's rsvg-convert to rasterise SVG")
@pytest.mark.parametrize(
    "name, style", [("Cloud Rain", "Duotone"), ("Calendar", "Colour"), ("Settings", "Filled"), ("Users", "Light")]
)
def test_svg_rasterised_by_librsvg_matches_the_png(client, name: str, style: str) -> None:
    icon = find_icon(client, name, style, "Core UI")
    svg = download(client, variant(icon, "svg")["id"]).content
    png = png_image(download(client, variant(icon, "png", 256)["id"]).content)
    rasterised = subprocess.run(
        ["rsvg-convert", "-w", "256", "-h", "256"], input=svg, capture_output=True, timeout=30, check=True
    ).stdout
    assert premultiplied_difference(png_image(rasterised), png) < 2.0


def _on_white(image: Image.Image) -> Image.Image:
    paper = Image.new("RGBA", image.size, (255, 255, 255, 255))
    paper.alpha_composite(image)
    return paper


@pytest.mark.skipif(shutil.which("gs") is None, reason="needs Ghostscript to rasterise EPS")
@pytest.mark.parametrize(
    "name, style", [("Cloud Rain", "Duotone"), ("Calendar", "Colour"), ("Settings", "Filled"), ("Snowflake", "Light")]
)
def test_eps_rasterised_by_ghostscript_matches_the_png_on_paper(client, name: str, style: str) -> None:
    # EPS has no transparency: translucent tints are mixed with white, so compare both on white paper.
    icon = find_icon(client, name, style, "Core UI")
    eps = download(client, variant(icon, "eps")["id"]).content
    png = png_image(download(client, variant(icon, "png", 512)["id"]).content)
    rasterised = subprocess.run(
        [
            "gs",
            "-q",
            "-dSAFER",
            "-dBATCH",
            "-dNOPAUSE",
            "-dEPSCrop",
            "-sDEVICE=pngalpha",
            "-r72",
            "-dGraphicsAlphaBits=4",
            "-sOutputFile=-",
            "-",
        ],
        input=eps,
        capture_output=True,
        timeout=60,
        check=True,
    ).stdout
    printed = png_image(rasterised)
    assert printed.size == png.size
    assert premultiplied_difference(_on_white(printed), _on_white(png)) < 2.0
