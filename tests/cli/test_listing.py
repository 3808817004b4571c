"""Filter words and no word to search list what they select (`iconcat search set:PREFIX`), and
`license:` words select by the SPDX ids of a set's licence: over small IconifyJSON sets on disk, the
demo, and (past the client's cap) an in-process catalogue whose cap is lowered."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from iconcat.browsing.filters import parse_query
from iconcat.cli.search import _gather, _search_summary
from iconcat.demo.catalogue import default_catalogue
from tests.support.catalogues import embedded_demo
from tests.support.cli import run_iconcat
from tests.support.iconsets import iconify_package, iconify_set

SETS: dict[str, tuple[str, str | None, list[str], list[str]]] = {
    # prefix: (name, SPDX expression, listed keys, hidden keys)
    "alpha": ("Alpha Icons", "MIT", ["arrow-up", "arrow-down", "home", "star"], ["old-arrow"]),
    "beta": ("Beta Glyphs", "MIT OR Apache-2.0", ["arrow-left", "bell", "cog"], []),
    "gamma": ("Gamma Art", "CC-BY-SA-4.0", ["arrow-right", "leaf"], ["gone"]),
    "delta": ("Delta Marks", None, ["arrow-up", "tick"], []),
}


def listed(prefix: str) -> set[str]:
    return {f"{prefix}:{key}" for key in SETS[prefix][2]}


@pytest.fixture(scope="module")
def sets(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder: Path = tmp_path_factory.mktemp("listing-sets")
    options: list[str] = []
    for prefix, (name, spdx, keys, hidden) in SETS.items():
        info: dict[str, Any] = {"name": name}
        if spdx is not None:
            info["license"] = {"title": spdx, "spdx": spdx}
        icons: dict[str, dict[str, Any]] = {key: {} for key in keys + hidden}
        icons.update({key: {"hidden": True} for key in hidden})
        package = iconify_package(folder / prefix, iconify_set(prefix, icons, info=info), info=info)
        options += ["--from", str(package)]
    return options


def found(query: str, options: list[str], *more: str) -> set[str]:
    outcome = run_iconcat("search", query, "--json", *more, *options)
    assert outcome.status == 0, outcome.stderr
    return {entry["iconify"] for entry in json.loads(outcome.stdout)["data"]}


def test_a_set_alone_lists_every_listed_icon_of_it(sets: list[str]) -> None:
    for prefix in SETS:
        assert found(f"set:{prefix}", sets) == listed(prefix)
        assert found(f"set:{prefix}", sets, "--all") == listed(prefix)
    assert found("set:alpha,beta", sets) == listed("alpha") | listed("beta")
    outcome = run_iconcat("search", "set:gamma", "--json", *sets)
    meta = json.loads(outcome.stdout)["meta"]
    assert meta["total"] == meta["seen"] == len(listed("gamma")), "the index counts the listed icons, hidden ones not"
    outcome = run_iconcat("search", "set:alpha", *sets)
    assert outcome.stderr.splitlines()[-1] == "4 of 4 match set:alpha (the catalogue narrowed by set:alpha)"


def test_license_words_select_each_spdx_id_of_a_licence_by_prefix(sets: list[str]) -> None:
    assert found("license:mit", sets) == listed("alpha") | listed("beta")
    assert found("license:APACHE-2.0", sets) == listed("beta"), "an id of an expression, any case"
    assert found("license:cc-by", sets) == listed("gamma"), "a prefix: CC-BY keeps CC-BY-SA"
    assert found("license:unknown", sets) == listed("delta")
    assert found("arrow license:mit", sets) == {"alpha:arrow-up", "alpha:arrow-down", "beta:arrow-left"}
    assert found("set:alpha,gamma license:mit", sets) == listed("alpha"), "every key holds"


def test_the_demo_lists_a_set_by_its_name() -> None:
    demo = default_catalogue()
    core = {icon.id for icon in demo.search("") if icon.set_ref.name == "Core UI"}
    outcome = run_iconcat("search", "set:core-ui", "--json", "--demo")
    assert outcome.status == 0, outcome.stderr
    assert {entry["id"] for entry in json.loads(outcome.stdout)["data"]} == core
    filled = {icon.id for icon in demo.search("") if icon.set_ref.name == "Core UI" and icon.style_ref.name == "Filled"}
    outcome = run_iconcat("search", 'set:core-ui style:"filled"', "--json", "--demo")
    assert {entry["id"] for entry in json.loads(outcome.stdout)["data"]} == filled
    outcome = run_iconcat("search", "license:unknown", "--json", "--demo")
    assert json.loads(outcome.stdout)["meta"]["seen"] == len(demo.search("")), "the demo's sets say no licence"


def test_a_set_past_the_cap_lists_its_first_icons_and_says_to_choose_a_category_or_style() -> None:
    cap = 100
    demo = default_catalogue()
    core = [icon for icon in demo.search("") if icon.set_ref.name == "Core UI"]
    filled = [icon for icon in core if icon.style_ref.name == "Filled"]
    assert len(core) > cap > len(filled), "the demo's Core UI passes the lowered cap, its Filled icons do not"

    async def gather(text: str) -> Any:
        async with embedded_demo(max_icons_held=cap) as catalogue:
            return await _gather(catalogue, parse_query(text), follow=True, limit=None)

    whole = asyncio.run(gather("set:core-ui"))
    assert len(whole.icons) == cap
    assert _search_summary(whole)[-1] == f"first {cap} of {len(core)}: choose a category or style"
    chosen = asyncio.run(gather('set:core-ui style:"filled"'))
    assert chosen.result.narrowed == ('style:"filled"', "set:core-ui"), "the catalogue narrowed by both words"
    assert [icon.id for icon in chosen.icons] == [icon.id for icon in filled]
    assert not any("choose" in line for line in _search_summary(chosen))
