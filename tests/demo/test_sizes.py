"""Catalogues of any size (`iconcat serve --icons N`): the demo's icons first, then generated ones with
believable names, stable ids, and pictures in every format like the demo's."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import httpx
import pytest
from PIL import Image

from iconcat.demo.catalogue import MAX_ICONS, Catalogue
from iconcat.demo.generated import BADGES, ENCLOSURES, MIRRORS, SLASHES
from iconcat.demo.glyphs import GLYPHS
from iconcat.server import create_app
from iconcat.server.serve import run_forever
from tests.support.catalogue_rows import rows
from tests.support.cli import run_iconcat
from tests.support.server import auth, png_header, png_image, premultiplied_difference, serving

REPOSITORY = Path(__file__).resolve().parents[2]

DEMO_DIGEST = "fee7242e30cd88f30d31bc94247f0426e6100fc218afd83f5497ab1204850a88"
"""The demo's every icon (id, name, references, variant ids) as served before generated catalogues existed."""


def listing(client: httpx.Client) -> list[dict]:
    """The whole catalogue, from one search for nothing (the client's catalogue has a page for it all)."""
    response = client.get("/api/v1/search", params={"name": ""})
    assert response.status_code == 200
    assert response.json()["meta"]["moreResultsAvailable"] is False
    return response.json()["data"]


def digest(icons: list[dict]) -> str:
    rows = [
        (
            icon["id"],
            icon["name"],
            *(icon[ref]["id"] for ref in ("category", "style", "series", "set")),
            *(icon[ref]["name"] for ref in ("category", "style", "series", "set")),
            [(v["id"], v["format"], v["size"]) for v in icon["variants"]],
        )
        for icon in icons
    ]
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()


def test_the_demo_catalogue_is_what_it_was() -> None:
    with serving(page_size=100_000) as default, serving(page_size=100_000, icons=1802) as sized:
        demo = listing(default)
        assert len(demo) == 1802
        assert digest(demo) == DEMO_DIGEST
        assert digest(listing(sized)) == DEMO_DIGEST


def test_a_smaller_catalogue_is_the_demos_first_icons() -> None:
    with serving(page_size=100_000, icons=500) as client:
        icons = listing(client)
    assert sorted(icon["id"] for icon in icons) == list(range(1001, 1501))
    demo = {icon.id: icon.name for icon in Catalogue().icons}
    assert all(demo[icon["id"]] == icon["name"] for icon in icons)


@pytest.mark.parametrize("size", [1803, 6000])
def test_a_larger_catalogue_holds_that_many_distinct_icons(size: int) -> None:
    with serving(page_size=100_000, icons=size) as client:
        icons = listing(client)
    icon_ids = [icon["id"] for icon in icons]
    variant_ids = [v["id"] for icon in icons for v in icon["variants"]]
    assert len(icons) == len(set(icon_ids)) == size
    assert len(variant_ids) == len(set(variant_ids)) and not set(variant_ids) & set(icon_ids)
    assert set(range(1001, 2803)) <= set(icon_ids), "every demo icon, under its own id"
    assert len({(i["name"], i["style"]["name"], i["set"]["name"]) for i in icons}) == size, "no icon twice"


def test_a_larger_catalogue_extends_a_smaller_one() -> None:
    smaller, larger = rows(Catalogue(20_000)), rows(Catalogue(30_000))
    assert larger[:20_000] == smaller and len(larger) == 30_000


def test_ids_and_names_do_not_depend_on_the_process() -> None:
    program = (
        "import hashlib, json\n"
        "from iconcat.demo.catalogue import Catalogue\n"
        "from tests.support.catalogue_rows import rows\n"
        "print(hashlib.sha256(json.dumps(rows(Catalogue(60_000))).encode()).hexdigest())\n"
    )
    seen = set()
    for seed in ("1", "2"):
        completed = subprocess.run(
            [sys.executable, "-c", program],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
            cwd=REPOSITORY,
            timeout=120,
            check=False,
        )
        assert completed.returncode == 0, completed.stderr
        seen.add(completed.stdout.strip())
    assert seen == {hashlib.sha256(json.dumps(rows(Catalogue(60_000))).encode()).hexdigest()}


def test_generated_names_are_demo_glyphs_with_modifiers() -> None:
    catalogue = Catalogue(60_000)
    names = {icon.name for icon in catalogue.icons}
    assert len(names) > 500
    glyphs = sorted((glyph.name for glyph in GLYPHS), key=len, reverse=True)
    groups = [set(BADGES), set(ENCLOSURES), set(SLASHES), set(MIRRORS)]
    for name in names:
        # Each name is a demo glyph's, then at most one modifier of each kind, in that order.
        glyph = next((g for g in glyphs if name == g or name.startswith(g + " ")), None)
        assert glyph is not None, name
        rest = name.removeprefix(glyph).strip()
        for group in groups:
            for modifier in sorted(group, key=len, reverse=True):
                if rest == modifier or rest.startswith(modifier + " "):
                    rest = rest.removeprefix(modifier).strip()
                    break
        assert rest == "", name
    # Each name comes in many sets and styles, as a demo glyph does; new sets and series come too.
    icons = [icon for icon in catalogue.icons if icon.name == "Bell Circle"]
    assert len({icon.icon_set.name for icon in icons}) >= 10 and len({icon.style.name for icon in icons}) == 6
    assert {"Horizon", "Pebble", "Sketch"} <= {icon.icon_set.name for icon in catalogue.icons}
    assert {"Rounded", "Sharp", "Hand Drawn"} <= {icon.series.name for icon in catalogue.icons}


# One icon for each modifier, and a few for several at once.
MODIFIED = [
    "Arrow Up Circle",
    "Bell Square",
    "Send Circle Dashed",
    "Calendar Square Dashed",
    "Cloud Plus",
    "Mail Minus",
    "File Check",
    "Heart Star",
    "User Heart",
    "Folder Up",
    "Image Down",
    "Laptop Lock",
    "Map Search",
    "Camera Alert",
    "Inbox Clock",
    "Bell Off",
    "Send Alt",
    "Arrow Right Plus Circle",
]


@pytest.fixture(scope="module")
def large() -> httpx.Client:
    with serving(icons=200_000) as client:
        yield client


def search_exact(client: httpx.Client, name: str) -> list[dict]:
    icons = [
        icon for icon in client.get("/api/v1/search", params={"name": name}).json()["data"] if icon["name"] == name
    ]
    assert icons, f"no {name} in the catalogue's first page for it"
    return icons


@pytest.mark.parametrize("index, name", list(enumerate(MODIFIED)))
def test_every_file_of_a_generated_icon_is_a_picture(large, index: int, name: str) -> None:
    found = search_exact(large, name)
    icon = found[index % len(found)]  # a different set and style from one name to the next
    stem = "-".join(name.lower().split())
    pictures: dict[int, Image.Image] = {}
    for v in icon["variants"]:
        response = large.get("/api/v1/download", params={"id": v["id"]})
        assert response.status_code == 200
        suffix = f"-{v['size']}.{v['format']}" if v["size"] else f".{v['format']}"
        assert response.headers["content-disposition"] == f'attachment; filename="{stem}{suffix}"'
        body = response.content
        if v["format"] == "png":
            assert png_header(body)[:2] == (v["size"], v["size"])
            pictures[v["size"]] = png_image(body)
        elif v["format"] == "svg":
            root = ET.fromstring(body)
            assert root.find("{http://www.w3.org/2000/svg}title").text.startswith(name)
            assert root.findall(".//{http://www.w3.org/2000/svg}path")
        else:
            assert body.startswith(b"%!PS-Adobe-3.0 EPSF-3.0") and body.rstrip().endswith(b"%%EOF")
    preview = large.get(icon["thumbnail"])
    assert preview.status_code == 200 and png_header(preview.content)[:2] == (128, 128)
    big = pictures[512]
    assert big.getchannel("A").getextrema()[1] == 255, "something is drawn"
    small = png_image(preview.content)
    assert premultiplied_difference(big.resize((128, 128), Image.Resampling.LANCZOS), small) < 3.0


@pytest.mark.parametrize("name", ["Bell Off", "Cloud Plus", "Arrow Up Circle", "Send Alt"])
def test_a_modifier_changes_the_picture(large, name: str) -> None:
    base = name.rsplit(" ", 1)[0] if name != "Arrow Up Circle" else "Arrow Up"
    icon = search_exact(large, name)[0]
    plain = next(
        i
        for i in search_exact(large, base)
        if (i["style"]["name"], i["set"]["name"]) == (icon["style"]["name"], icon["set"]["name"])
    )
    modified, original = (png_image(large.get(i["thumbnail"]).content) for i in (icon, plain))
    assert premultiplied_difference(modified, original) > 3.0


def test_ids_beyond_a_catalogue_are_not_found() -> None:
    size = 3000  # 1,198 generated icons: ids 1,000,001 to 1,001,198
    catalogue = Catalogue(size)
    last = catalogue.icons[-1]
    assert last.id == 1_001_198 and catalogue.icon(last.id) == last
    with serving(icons=size) as client:
        assert client.get(f"/private/bundle_icons/{last.id}/small").status_code == 200
        assert client.get(f"/private/bundle_icons/{last.id + 1}/small").status_code == 404
        assert client.get("/private/bundle_icons/1000000/small").status_code == 404
        for v in last.variants:
            assert client.get("/api/v1/download", params={"id": v.id}).status_code == 200
        beyond = [last.variants[-1].id + 1, 10_000_000, 10_000_001 + 4 * 1198]
        if len(last.variants) < 4:
            beyond.append(last.variants[0].id + 3)  # a slot its set does not fill
        for variant_id in beyond:
            assert client.get("/api/v1/download", params={"id": variant_id}).status_code == 404, variant_id
    with serving() as demo:
        assert demo.get(f"/private/bundle_icons/{last.id}/small").status_code == 404


@pytest.mark.parametrize("size", [0, -1, MAX_ICONS + 1])
def test_sizes_out_of_range_are_refused(size: int) -> None:
    with pytest.raises(ValueError, match="1 to 1,000,000"):
        Catalogue(size)
    with pytest.raises(ValueError):
        create_app(icons=size)
    with pytest.raises(ValueError):
        run_forever(port=0, icons=size, announce=lambda line: None)


def test_the_largest_size_is_built() -> None:
    catalogue = Catalogue(MAX_ICONS)
    assert len(catalogue.icons) == MAX_ICONS
    assert catalogue.icons[-1].id == 1_000_001 + MAX_ICONS - 1802 - 1
    page, more = catalogue.search_page("cloud rain", 0, 48)
    assert len(page) == 48 and more


@pytest.mark.parametrize("value", ["0", "-3", "1000001", "many"])
def test_serve_refuses_a_bad_number_of_icons_clearly(value: str) -> None:
    outcome = run_iconcat("serve", "--port", "0", "--icons", value)
    assert outcome.status == 2
    expected = "a whole number" if value == "many" else "between 1 and 1000000"
    assert "--icons" in outcome.error_line and expected in outcome.error_line
    assert "1,000,000" in run_iconcat("serve", "--help").stdout


def test_serve_with_200000_icons_answers() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "iconcat.cli", "serve", "--port", "0", "--token", "sizes", "--icons", "200000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = process.stdout.readline()
        assert "200,000 icons" in first, first
        url = first.rsplit(" at ", 1)[1].strip()
        with httpx.Client(base_url=url, headers=auth("sizes"), timeout=30) as client:
            body = client.get("/api/v1/search", params={"name": "a"}).json()
            assert len(body["data"]) == 48 and body["meta"]["moreResultsAvailable"] is True
            generated = client.get("/api/v1/search", params={"name": "bell off"}).json()["data"][0]
            assert generated["id"] > 1_000_000 and client.get(generated["thumbnail"]).status_code == 200
    finally:
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
    assert process.returncode == 0 and "Traceback" not in err
