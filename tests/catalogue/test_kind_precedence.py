"""Which catalogue's kind wins (issue 33 item 1, issue 34 item 4): the highest layer naming a kind
(flag > environment > project file > user config file), and within one layer `base_url` beats
`iconify` beats `from`; two kinds given as flags are refused. Settings are read as the commands read
them (`load_settings`), each layer set for real: arguments, variables, a `.iconcat.toml` above the
current folder, the user's config file. No catalogue is opened here (Iconify's adapter is another
module's): the choice is checked, its kind, its URL and that it carries no token.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from iconcat.catalogue import CatalogueChoice, CatalogueFlags, choose_catalogue
from iconcat.catalogue.choose import ConflictingKinds
from iconcat.catalogue.kinds import ICONIFY_DEFAULT_URL
from iconcat.catalogue.local_sets import LocalSetsError
from iconcat.config import LAYERS, Origin, Settings, config_path, load_settings

SERVICE = "https://icons.example.com"
ICONIFY = "https://iconify.example.org"
SETS = "/some/sets"
TOKEN = "t0ken-secret-5150"

KIND_OF = {"base_url": "service", "iconify": "iconify", "from": "sets"}
VALUE_OF = {"base_url": SERVICE, "iconify": ICONIFY, "from": SETS}
ENV_OF = {"base_url": "ICONCAT_BASE_URL", "iconify": "ICONCAT_ICONIFY", "from": "ICONCAT_FROM"}
FLAG_OF = {"base_url": "base_url", "iconify": "iconify", "from": "sources"}
SETTING_LAYERS = LAYERS[:-1]  # flag, environment, project, user


class Layers:
    """Sets a setting in one layer, for real, and reads the settings back as a command does."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
        self.monkeypatch = monkeypatch
        self.flags: dict[str, object] = {}
        self.project: dict[str, object] = {}
        self.user: dict[str, object] = {}
        self.project_folder = tmp_path / "project"
        self.working = self.project_folder / "src" / "deep"
        self.working.mkdir(parents=True)
        monkeypatch.chdir(self.working)

    def set(self, layer: str, key: str, value: str) -> None:
        if layer == "flag":
            self.flags[FLAG_OF.get(key, key)] = [value] if key == "from" else value
        elif layer == "environment":
            self.monkeypatch.setenv(ENV_OF.get(key, f"ICONCAT_{key.upper()}"), value)
        else:
            (self.project if layer == "project" else self.user)[key] = [value] if key == "from" else value

    def settings(self) -> Settings:
        if self.project:
            (self.project_folder / ".iconcat.toml").write_text(toml(self.project), encoding="utf-8")
        if self.user:
            config_path().parent.mkdir(parents=True, exist_ok=True)
            config_path().write_text(toml(self.user), encoding="utf-8")
        return load_settings(**self.flags)  # type: ignore[arg-type]


def toml(values: dict[str, object]) -> str:
    return "".join(f"{key} = {json.dumps(value)}\n" for key, value in values.items())


@pytest.fixture
def layers(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Layers:
    monkeypatch.setenv("ICONCAT_TOKEN", TOKEN)  # (the service's: never handed to another kind)
    return Layers(monkeypatch, tmp_path)


def allowed(layer: str, key: str) -> bool:
    """A project file may not name a base URL (it is refused: tests/cli/test_project_file.py)."""
    return not (layer == "project" and key == "base_url")


def check_choice(choice: CatalogueChoice, key: str, layer: str, tmp_path: Path) -> None:
    assert choice.kind == KIND_OF[key]
    if key == "base_url":
        assert (choice.base_url, choice.token) == (SERVICE, TOKEN)
    elif key == "iconify":
        assert (choice.base_url, choice.token) == (ICONIFY, "")  # no token is sent to Iconify's API
        assert choice.spec.memory_key == f"iconify:{ICONIFY}"
    else:
        assert choice.local is not None and choice.token == ""
        # A project file's path is relative to its own folder; the others are as given.
        expected = str(tmp_path / "project" / SETS) if layer == "project" else SETS
        assert choice.local.arguments == (expected,)


PAIRS = [
    (high, high_key, low, low_key)
    for high, low in itertools.combinations(SETTING_LAYERS, 2)
    for high_key, low_key in itertools.permutations(KIND_OF, 2)
    if allowed(high, high_key) and allowed(low, low_key)
]


@pytest.mark.parametrize(("high", "high_key", "low", "low_key"), PAIRS, ids=["-".join(pair) for pair in PAIRS])
def test_the_highest_layer_naming_a_kind_wins(
    layers: Layers, tmp_path: Path, high: str, high_key: str, low: str, low_key: str
) -> None:
    layers.set(low, low_key, VALUE_OF[low_key])
    layers.set(high, high_key, VALUE_OF[high_key])
    settings = layers.settings()
    assert settings.kind == KIND_OF[high_key]
    assert settings.origin(high_key).layer == high and settings.origin(low_key).layer == low
    for command in ("browse", "search"):
        check_choice(choose_catalogue(settings, CatalogueFlags(command)), high_key, high, tmp_path)


SAME_LAYER = [
    (layer, first, second)
    for layer in ("environment", "project", "user")
    for first, second in itertools.combinations(KIND_OF, 2)  # (KIND_OF's order is the order they win in)
    if allowed(layer, first) and allowed(layer, second)
]


@pytest.mark.parametrize(("layer", "winner", "loser"), SAME_LAYER, ids=["-".join(case) for case in SAME_LAYER])
def test_within_one_layer_base_url_beats_iconify_beats_from(
    layers: Layers, tmp_path: Path, layer: str, winner: str, loser: str
) -> None:
    layers.set(layer, loser, VALUE_OF[loser])
    layers.set(layer, winner, VALUE_OF[winner])
    check_choice(choose_catalogue(layers.settings(), CatalogueFlags("browse")), winner, layer, tmp_path)


def test_all_three_in_one_file_is_the_service(layers: Layers, tmp_path: Path) -> None:
    for key in KIND_OF:
        layers.set("user", key, VALUE_OF[key])
    check_choice(choose_catalogue(layers.settings(), CatalogueFlags("search")), "base_url", "user", tmp_path)


@pytest.mark.parametrize(("first", "second"), list(itertools.combinations(KIND_OF, 2)))
def test_two_kinds_given_as_flags_are_refused(layers: Layers, first: str, second: str) -> None:
    layers.set("flag", first, VALUE_OF[first])
    layers.set("flag", second, VALUE_OF[second])
    settings = layers.settings()
    for command in ("browse", "search", "favourites"):
        with pytest.raises(ConflictingKinds) as refused:
            choose_catalogue(settings, CatalogueFlags(command))
        flags = {"base_url": "--base-url", "iconify": "--iconify", "from": "--from"}
        assert str(refused.value) == f"give {flags[first]} or {flags[second]}, not both: each names a catalogue"


def test_three_kinds_as_flags_are_refused_naming_each(layers: Layers) -> None:
    for key in KIND_OF:
        layers.set("flag", key, VALUE_OF[key])
    with pytest.raises(ConflictingKinds, match=r"give one of --base-url, --iconify or --from, not several"):
        choose_catalogue(layers.settings(), CatalogueFlags("browse"))


@pytest.mark.parametrize("key", ["iconify", "base_url"])
def test_demo_with_another_kinds_flag_is_refused(layers: Layers, key: str) -> None:
    layers.set("flag", key, VALUE_OF[key])
    flag = {"iconify": "--iconify", "base_url": "--base-url"}[key]
    with pytest.raises(ConflictingKinds, match=f"^give --demo or {flag}, not both$"):
        choose_catalogue(layers.settings(), CatalogueFlags("browse", demo=True))


def test_demo_with_from_keeps_its_own_refusal(layers: Layers) -> None:
    layers.set("flag", "from", SETS)
    with pytest.raises(LocalSetsError, match="give --demo or --from, not both"):
        choose_catalogue(layers.settings(), CatalogueFlags("browse", demo=True))


@pytest.mark.parametrize("layer", ["environment", "project", "user"])
def test_demo_is_the_demo_whatever_is_configured(layers: Layers, layer: str) -> None:
    layers.set(layer, "iconify", ICONIFY)
    layers.set(layer, "from", SETS)
    assert choose_catalogue(layers.settings(), CatalogueFlags("search", demo=True)).kind == "demo"


@pytest.mark.parametrize("layer", SETTING_LAYERS)
def test_iconify_is_chosen_with_its_url_and_no_token_from_any_layer(layers: Layers, layer: str) -> None:
    layers.set(layer, "iconify", ICONIFY + "/")
    for command in ("browse", "pick", "search", "download", "sets"):
        choice = choose_catalogue(layers.settings(), CatalogueFlags(command))
        assert (choice.kind, choice.base_url, choice.token) == ("iconify", ICONIFY, "")
        assert TOKEN not in repr(choice)


@pytest.mark.parametrize("which", ["favourites", "recent"])
def test_the_memory_commands_read_the_kind_named(layers: Layers, which: str) -> None:
    layers.set("flag", "iconify", ICONIFY_DEFAULT_URL)
    assert (
        choose_catalogue(layers.settings(), CatalogueFlags(which)).spec.memory_key == "iconify:" + ICONIFY_DEFAULT_URL
    )
    # --demo still wins there, as it always has (nothing is opened: no choice to refuse)
    assert choose_catalogue(layers.settings(), CatalogueFlags(which, demo=True)).kind == "demo"


def test_a_flag_below_an_environment_value_of_the_same_setting_still_wins(layers: Layers) -> None:
    layers.set("environment", "iconify", "https://env.example.org")
    layers.set("flag", "iconify", ICONIFY)
    settings = layers.settings()
    assert (settings.iconify, settings.origin("iconify")) == (ICONIFY, Origin("flag", "--iconify"))


def test_settings_made_in_code_keep_todays_rule() -> None:
    """`Settings(...)` in code (the browser's tests, the TUI): a base URL beats the sets, `--from` beats it."""
    assert Settings(SERVICE, TOKEN, sources=(SETS,)).kind == "service"
    assert Settings(SERVICE, TOKEN, sources=(SETS,), sources_from_flag=True).kind == "sets"
    assert Settings(None, None, iconify=ICONIFY, sources=(SETS,)).kind == "iconify"
    assert Settings(None, None).kind is None
