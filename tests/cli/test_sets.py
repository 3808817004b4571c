"""`iconcat sets` (issue 32 item 1): every set served, from the demo and from sets on disk in-process, and
over HTTP through the embedded catalogue's `/api/v1/sets`; a hostile answer shown inert; a service with
no such endpoint (the seed's) said so in one line, with the sets seen in the results held in memory."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from iconcat.api import parse_search_result
from iconcat.catalogue_names import catalogue_key
from iconcat.demo.catalogue import default_catalogue
from iconcat.embedded.narrowing import parse_narrowing
from iconcat.memory import Memory
from iconcat.server import start_catalogue
from iconcat.sources.serving import open_sources
from tests.conftest import TEST_TOKEN
from tests.support.cli import run_iconcat
from tests.support.iconsets import iconify_package, iconify_set
from tests.support.misbehaving import MisbehavingServer, Reply

TABLER_INFO = {
    "name": "Tabler Icons",
    "category": "UI 24px",
    "license": {
        "spdx": "MIT",
        "title": "MIT License",
        "url": "https://github.com/tabler/tabler-icons/blob/master/LICENSE",
    },
    "author": {"name": "Paweł Kuna", "url": "https://github.com/tabler/tabler-icons"},
    # One sample it lacks (left out) and one it hides (never listed, so never a sample).
    "samples": ["home", "no-such-icon", "secret", "arrow-up"],
}


@pytest.fixture(scope="module")
def sets_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two real-shaped sets: Tabler with info.samples, a hidden icon and a licence; Phosphor without samples."""
    folder = tmp_path_factory.mktemp("sets")
    tabler = {"arrow-up": {}, "arrow-down": {}, "home": {}, "secret": {"hidden": True}}
    iconify_package(folder / "tabler", iconify_set("tabler", tabler, width=24, height=24), info=TABLER_INFO)
    phosphor = {"acorn": {}, "airplane": {}, "alarm": {}}
    iconify_package(
        folder / "ph",
        iconify_set("ph", phosphor, width=24, height=24),
        info={"name": "Phosphor", "category": "UI Other"},
    )
    return folder


def from_options(folder: Path) -> list[str]:
    return ["--from", str(folder / "tabler"), "--from", str(folder / "ph")]


def sets_json(*args: str, env: dict[str, str] | None = None) -> list[dict]:
    outcome = run_iconcat("sets", *args, "--json", env=env)
    assert outcome.status == 0, outcome.stderr
    document = json.loads(outcome.stdout)
    assert set(document) == {"data", "meta"}
    return document["data"]


def test_the_demo_in_process_lists_each_set_with_the_icons_search_lists_of_it() -> None:
    served = default_catalogue()
    listed = Counter(icon.set_ref.name for icon in served.search(""))
    found = sets_json("--demo")
    assert {entry["name"]: entry["icons"] for entry in found} == dict(listed)
    assert [entry["name"] for entry in found] == sorted(listed, key=str.casefold)
    by_name = {entry["name"]: entry for entry in found}
    assert by_name["Signal"]["category"] == "Pictograms" and by_name["Signal"]["prefix"] is None
    assert all(entry["samples"] for entry in found)
    table = run_iconcat("sets", "--demo")
    assert table.status == 0, table.stderr
    assert table.stdout.splitlines()[0].split() == [
        "PREFIX",
        "NAME",
        "ICONS",
        "CATEGORY",
        "LICENCE",
        "AUTHOR",
        "SAMPLES",
    ]
    assert any(line.split()[:3] == ["-", "Signal", str(listed["Signal"])] for line in table.stdout.splitlines())
    assert table.stderr.strip().endswith(f"{len(listed)} sets")


def test_sets_from_disk_list_prefix_category_licence_author_samples_and_the_count_set_prefix_lists(
    sets_folder: Path, tmp_path: Path
) -> None:
    found = {entry["prefix"]: entry for entry in sets_json(*from_options(sets_folder))}
    assert set(found) == {"tabler", "ph"}
    tabler, phosphor = found["tabler"], found["ph"]
    assert tabler["name"] == "Tabler Icons" and tabler["category"] == "UI 24px"
    assert tabler["license"] == TABLER_INFO["license"] and tabler["author"] == TABLER_INFO["author"]
    assert tabler["samples"] == ["home", "arrow-up"]  # the set's own, those it lists
    assert tabler["icons"] == 3  # the hidden one is not listed
    assert phosphor["samples"] == ["acorn", "airplane", "alarm"] and phosphor["license"] is None
    # The count is what the index lists for `set:<prefix>` (a search of no words narrowed by it).
    served = open_sources(from_options(sets_folder)[1::2], folder=tmp_path / "cache")
    try:
        for prefix, entry in found.items():
            narrowing = parse_narrowing([f"set:{prefix}"]).among(served.iconify_sets)
            kept = served.search_narrowed("", narrowing)
            assert entry["icons"] == len(kept), prefix
            assert {record.set_ref.id for record in kept.page(0, len(kept))[0]} == {entry["id"]}
    finally:
        served.index.close()


@pytest.fixture(scope="module")
def served_sets(sets_folder: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The same sets served over loopback, as `iconcat serve --from` serves them."""
    catalogue = open_sources(from_options(sets_folder)[1::2], folder=tmp_path_factory.mktemp("cache"))
    server = start_catalogue(token=TEST_TOKEN, catalogue=catalogue)
    try:
        yield server.base_url
    finally:
        server.stop()
        catalogue.index.close()


def test_over_http_the_sets_are_those_listed_in_process(sets_folder: Path, served_sets: str, catalogue) -> None:
    over_http = sets_json(env={"ICONCAT_BASE_URL": served_sets, "ICONCAT_TOKEN": TEST_TOKEN})
    assert over_http == sets_json(*from_options(sets_folder))
    demo_over_http = sets_json(env={"ICONCAT_BASE_URL": catalogue.base_url, "ICONCAT_TOKEN": catalogue.token})
    assert demo_over_http == sets_json("--demo")


HOSTILE_SETS = {
    "data": [
        {
            "id": 7,
            "name": "\x1b[31mRed\x1b]0;title\x07 [bold magenta]Set[/]\nsecond line",
            "prefix": "Not A Prefix!",
            "icons": "12",
            "category": ["UI"],
            "license": {"spdx": "\x1b[2JMIT", "title": 5, "url": "javascript:alert(1)"},
            "author": "someone",
            "samples": {"a": 1},
        },
        {"id": "8", "name": "an id that is a string"},
        {"id": True, "name": "an id that is a bool"},
        {"id": 9, "name": "   "},
        "not an object",
        {"id": 7, "name": "the same id again"},
        {"id": 10, "name": "Fine", "prefix": "fine", "icons": 3, "samples": ["a", 4, "\x1b[1mb"]},
    ]
}


def test_a_hostile_sets_answer_is_shown_inert_and_its_bad_entries_left_out() -> None:
    with MisbehavingServer() as server:
        server.on("/api/v1/sets", Reply.json(HOSTILE_SETS))
        env = {"ICONCAT_BASE_URL": server.base_url, "ICONCAT_TOKEN": TEST_TOKEN}
        found = sets_json(env=env)
        table = run_iconcat("sets", env=env)
    assert [entry["id"] for entry in found] == [7, 10]  # in the catalogue's order
    hostile = found[0]
    assert "\x1b" not in hostile["name"] and "\n" not in hostile["name"] and "\x07" not in hostile["name"]
    assert "[bold magenta]Set[/]" in hostile["name"]  # kept as text, never read as markup
    assert hostile["prefix"] is None and hostile["icons"] is None and hostile["category"] is None
    assert hostile["license"] == {"spdx": "[2JMIT", "title": None, "url": None}
    assert hostile["author"] is None and hostile["samples"] == []
    assert found[1]["samples"] == ["a", "[1mb"]
    assert table.status == 0, table.stderr
    assert "\x1b" not in table.stdout and "\x07" not in table.stdout
    assert "[31mRed]0;title [bol" in table.stdout  # the markup's first characters, as text (cut at 36)
    assert len(table.stdout.splitlines()) == 3  # the header and two sets: no line broken by a newline


def test_a_sets_answer_of_the_wrong_shape_is_one_line() -> None:
    with MisbehavingServer() as server:
        server.on("/api/v1/sets", Reply.json([{"id": 1, "name": "a list, not an object"}]))
        outcome = run_iconcat("sets", env={"ICONCAT_BASE_URL": server.base_url, "ICONCAT_TOKEN": TEST_TOKEN})
    assert outcome.status != 0 and outcome.stdout == ""
    assert "the list of sets" in outcome.error_line and "wrong shape" in outcome.error_line


def remember_icons(base_url: str) -> None:
    """Icons of two sets held in memory for the service at `base_url`, as the browser keeps an answer."""
    entries = [
        {
            "id": 100 + number,
            "name": name,
            "category": {"id": 1, "name": "Arrows"},
            "style": {"id": 2, "name": "Outline"},
            "series": {"id": 3, "name": series},
            "set": {"id": set_id, "name": set_name, "license": {"spdx": "MIT"}, "author": {"name": "Ada"}},
            "thumbnail": "",
            "variants": [{"id": 500 + number, "format": "png", "size": 512}],
        }
        for number, (name, set_id, set_name, series) in enumerate(
            [
                ("Arrow Up", 41, "Core Lines", "Essentials"),
                ("Arrow Down", 41, "Core Lines", "Essentials"),
                ("Bell", 42, "\x1b[31mAlerts", "Pictograms"),
            ]
        )
    ]
    memory = Memory.open(catalogue_key(base_url))
    try:
        memory.keep_answer("arrow", parse_search_result({"data": entries}).icons)
    finally:
        memory.close()


@pytest.mark.parametrize("status", [404, 405])
def test_a_service_without_the_endpoint_says_so_and_lists_the_sets_seen_in_results(status: int) -> None:
    with MisbehavingServer() as server:
        server.on("/api/v1/sets", Reply.json({"error": {"code": "nope", "message": "no"}}, status=status))
        env = {"ICONCAT_BASE_URL": server.base_url, "ICONCAT_TOKEN": TEST_TOKEN}
        nothing = run_iconcat("sets", env=env)
        remember_icons(server.base_url)
        table = run_iconcat("sets", env=env)
        document = run_iconcat("sets", "--json", env=env)
    assert nothing.status == 0 and nothing.stdout == ""
    said = nothing.stderr.splitlines()
    assert said[0].endswith("does not list its sets: listing the sets seen in results instead")
    assert said[1:] == ["0 sets seen in results"]
    assert table.status == 0, table.stderr
    assert table.stderr.splitlines()[0] == said[0] and table.stderr.splitlines()[1] == "2 sets seen in results"
    lines = table.stdout.splitlines()
    assert lines[0].split()[:3] == ["PREFIX", "NAME", "SEEN"] and "\x1b" not in table.stdout
    assert lines[2].split()[:5] == ["-", "Core", "Lines", "2", "Essentials"]
    found = json.loads(document.stdout)
    assert found["meta"] == {"count": 2, "listedBy": "seen in results"}
    assert [(entry["id"], entry["seen"]) for entry in found["data"]] == [(42, 1), (41, 2)]
    assert found["data"][1]["samples"] == ["Arrow Up", "Arrow Down"]
    assert found["data"][1]["license"] == {"spdx": "MIT", "title": None, "url": None}
