"""`choose_catalogue`: which catalogue a command talks to, as the command line and the browser decide today.

Settings are read as the commands read them (`load_settings`: flag > environment > config file), then
chosen for a command. Where the old code can be asked without running a command, its answer is the
expected one (the memory key `iconcat favourites` reads, the browser's bag default, names and labels).
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest

from iconcat.api import SettingsError
from iconcat.catalogue import CatalogueChoice, CatalogueFlags, NoCatalogueConfigured, choose_catalogue, open_catalogue
from iconcat.catalogue.choose import no_catalogue_hint
from iconcat.catalogue.embedded import EmbeddedCatalogue
from iconcat.catalogue.local_sets import LocalSetsError
from iconcat.catalogue.service import ServiceCatalogue
from iconcat.config import Settings, config_path, load_settings
from iconcat.memory import DEMO_CATALOGUE, LOCAL_SETS
from iconcat.sources.index import BuildProgress
from tests.support.catalogues import IconSets, write_icon_sets

SERVICE_URL = "https://icons.example.com/api/"


def chosen(command: str, *, demo: bool = False, colour: str | None = None, **flags: object) -> CatalogueChoice:
    settings = load_settings(**flags)  # type: ignore[arg-type]
    return choose_catalogue(settings, CatalogueFlags(command, demo=demo, colour=colour))


def configure(monkeypatch: pytest.MonkeyPatch, *, env: dict[str, str] | None = None, file: str | None = None) -> None:
    for name, value in (env or {}).items():
        monkeypatch.setenv(name, value)
    if file is not None:
        path = config_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(file, encoding="utf-8")


# ------------------------------------------------------------------------------------ nothing configured


@pytest.mark.parametrize("command", ["browse", "pick"])
def test_with_nothing_configured_the_browser_opens_the_demo(command: str) -> None:
    choice = chosen(command)
    assert choice.kind == "demo" and choice.spec.memory_key == DEMO_CATALOGUE
    assert (choice.spec.label, choice.spec.option, choice.spec.named) == (
        "demo catalogue",
        "--demo",
        "the demo catalogue",
    )


@pytest.mark.parametrize("command", ["search", "download"])
def test_with_nothing_configured_search_and_download_stop_with_a_hint(command: str) -> None:
    with pytest.raises(NoCatalogueConfigured) as raised:
        chosen(command)
    assert isinstance(raised.value, SettingsError) and str(raised.value) == no_catalogue_hint()
    assert chosen(command, demo=True).kind == "demo"


# ---------------------------------------------------------------------------------------- the service


def test_a_base_url_is_the_service_with_its_token_and_the_memory_key_it_always_had(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    configure(monkeypatch, env={"ICONCAT_BASE_URL": SERVICE_URL, "ICONCAT_TOKEN": "t0ken-1234"})
    choice = chosen("search")
    assert choice.kind == "service" and choice.base_url == SERVICE_URL and choice.token == "t0ken-1234"
    assert choice.spec.memory_key == "https://icons.example.com/api"  # (what Memory.open keeps it under)
    assert (choice.spec.label, choice.spec.option) == ("icons.example.com", "--base-url https://icons.example.com/api")
    assert "t0ken" not in repr(choice)


def test_the_base_url_flag_wins_over_the_environment_which_wins_over_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    configure(monkeypatch, file='base_url = "https://file.example"\ntoken = "file-token"\n')
    assert chosen("browse").base_url == "https://file.example"
    monkeypatch.setenv("ICONCAT_BASE_URL", "https://env.example")
    assert chosen("browse").base_url == "https://env.example"
    assert chosen("browse", base_url="https://flag.example").base_url == "https://flag.example"
    assert chosen("browse", base_url="https://flag.example").token == "file-token"


def test_without_a_token_search_stops_and_the_browser_opens_to_ask_for_one(monkeypatch: pytest.MonkeyPatch) -> None:
    configure(monkeypatch, env={"ICONCAT_BASE_URL": SERVICE_URL})
    with pytest.raises(SettingsError, match="no token configured"):
        chosen("download")
    assert chosen("browse").kind == "service" and chosen("browse").token == ""


def test_demo_wins_over_a_configured_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    configure(monkeypatch, env={"ICONCAT_BASE_URL": SERVICE_URL, "ICONCAT_TOKEN": "t0ken-1234"})
    for command in ("browse", "pick", "search", "download", "favourites", "recent"):
        assert chosen(command, demo=True).kind == "demo", command


# ------------------------------------------------------------------------------------- sets from disk


def test_sets_from_the_environment_or_the_file_yield_to_a_base_url_but_not_the_from_flag(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    configure(monkeypatch, file=f'from = ["{tmp_path / "filed"}"]\n')
    assert chosen("search").kind == "sets" and chosen("search").local.arguments == (str(tmp_path / "filed"),)  # type: ignore[union-attr]
    monkeypatch.setenv("ICONCAT_FROM", os.pathsep.join([str(tmp_path / "a"), str(tmp_path / "b")]))
    assert chosen("browse").local.arguments == (str(tmp_path / "a"), str(tmp_path / "b"))  # type: ignore[union-attr]
    monkeypatch.setenv("ICONCAT_BASE_URL", SERVICE_URL)
    monkeypatch.setenv("ICONCAT_TOKEN", "t0ken-1234")
    assert chosen("browse").kind == "service" and chosen("search").kind == "service"
    flagged = chosen("search", sources=[str(tmp_path / "flag")])
    assert flagged.kind == "sets" and flagged.local.arguments == (str(tmp_path / "flag"),)  # type: ignore[union-attr]


def test_sets_from_disk_keep_their_one_memory_key_and_ask_the_bag_for_svg(tmp_path: Path) -> None:
    choice = chosen("pick", sources=[str(tmp_path / "my sets")], colour="teal")
    spec = choice.spec
    assert (spec.kind, spec.memory_key, spec.bag_default) == ("sets", LOCAL_SETS, ("svg", None))
    assert spec.label == "icon sets from disk" and spec.named == "your icon sets from disk"
    assert spec.option == f"--from '{tmp_path / 'my sets'}' --color teal"
    assert choice.local is not None and choice.local.colour == "teal"
    assert spec.capabilities.formats == frozenset({"png", "svg"})  # (never EPS)


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        ({"demo": True, "sources": ["x"]}, "give --demo or --from, not both"),
        ({"demo": True, "colour": "teal"}, "not the demo's icons"),
        ({"colour": "teal"}, "give --from PATH too"),
        ({"sources": ["x"], "colour": "not a colour at all"}, "--color"),
    ],
)
def test_options_that_do_not_go_together_are_refused(flags: dict[str, object], words: str) -> None:
    with pytest.raises(LocalSetsError, match=words):
        chosen("browse", **flags)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------ favourites and recent


SERVICE_KEY = "https://icons.example.com/api"


@pytest.mark.parametrize("which", ["favourites", "recent"])
@pytest.mark.parametrize(
    ("env", "demo", "sources", "key"),
    [
        ({}, False, None, DEMO_CATALOGUE),
        ({}, True, None, DEMO_CATALOGUE),
        ({"ICONCAT_BASE_URL": SERVICE_URL}, False, None, SERVICE_KEY),
        ({"ICONCAT_BASE_URL": SERVICE_URL}, True, None, DEMO_CATALOGUE),
        ({"ICONCAT_FROM": "/some/sets"}, False, None, LOCAL_SETS),
        ({"ICONCAT_FROM": "/some/sets"}, True, None, DEMO_CATALOGUE),
        ({"ICONCAT_FROM": "/some/sets", "ICONCAT_BASE_URL": SERVICE_URL}, False, None, SERVICE_KEY),
        ({"ICONCAT_BASE_URL": SERVICE_URL}, False, ["/flag/sets"], LOCAL_SETS),
        ({"ICONCAT_BASE_URL": SERVICE_URL}, True, ["/flag/sets"], DEMO_CATALOGUE),
    ],
)
def test_favourites_and_recent_read_the_memory_the_browser_keeps(
    which: str,
    env: dict[str, str],
    demo: bool,
    sources: Sequence[str] | None,
    key: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The keys `cli/remembered.py` always read (sets from disk unless --demo; the demo with --demo or no
    base URL; else the service), now the choice's: `iconcat favourites`/`recent` open that memory alone."""
    from iconcat.cli import main
    from iconcat.memory import Memory

    configure(monkeypatch, env=env)
    assert chosen(which, demo=demo, sources=sources).spec.memory_key == key
    opened: list[str] = []
    real_open = Memory.open

    def recording_open(key: str, path: Path | None = None) -> Memory:
        opened.append(key)
        return real_open(key, path)

    monkeypatch.setattr(Memory, "open", staticmethod(recording_open))
    argv = [which, "--json", *(["--demo"] if demo else []), *(f"--from={place}" for place in sources or ())]
    assert main(argv) == 0
    assert opened == [key]


def test_a_command_without_a_catalogue_is_not_chosen_for() -> None:
    with pytest.raises(ValueError, match="talks to no catalogue"):
        choose_catalogue(Settings(base_url=None, token=None), CatalogueFlags("serve"))


# ----------------------------------------------------------------------------------------- opening


def test_open_catalogue_makes_the_adapter_of_the_chosen_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(open_catalogue(chosen("browse")), EmbeddedCatalogue)
    assert isinstance(open_catalogue(chosen("browse", sources=["/x"])), EmbeddedCatalogue)
    configure(monkeypatch, env={"ICONCAT_BASE_URL": SERVICE_URL, "ICONCAT_TOKEN": "t0ken-1234"})
    opened = open_catalogue(chosen("search"))
    assert isinstance(opened, ServiceCatalogue) and "t0ken" not in repr(opened)


async def test_sets_from_disk_open_with_progress_and_are_named_by_their_files(tmp_path: Path) -> None:
    arguments = write_icon_sets(tmp_path / "sets")
    said: list[str] = []
    catalogue = open_catalogue(chosen("search", sources=list(arguments)), warn=said.append)
    heard: list[BuildProgress] = []
    assert catalogue.spec.label == "icon sets from disk"
    async with catalogue:
        await catalogue.open(heard.append)
        assert heard and heard[-1].sets_done == heard[-1].sets_total == 2
        assert catalogue.spec.label == "Drawings, Test Arrows"  # (`sources_title`: the sets' names)
        assert catalogue.spec.option.startswith("--from ") and catalogue.spec.memory_key == LOCAL_SETS
        assert (await catalogue.search("arrow")).icons


async def test_a_cancelled_build_is_stopped_and_the_next_open_resumes(
    icon_sets: IconSets, tmp_path: Path, recwarn: pytest.WarningsRecorder
) -> None:
    arguments = write_icon_sets(tmp_path / "sets")
    reached, go_on = threading.Event(), threading.Event()

    def held(progress: BuildProgress) -> None:
        reached.set()
        go_on.wait(10)

    catalogue = open_catalogue(chosen("search", sources=list(arguments)))
    opening = asyncio.ensure_future(catalogue.open(held))
    await asyncio.to_thread(reached.wait, 10)
    opening.cancel()
    go_on.set()
    with pytest.raises(asyncio.CancelledError):
        await opening
    again = open_catalogue(chosen("search", sources=list(arguments)))
    async with again:
        assert (await again.search("arrow")).icons
    assert not [warning for warning in recwarn if "never retrieved" in str(warning.message)]
