"""A project's own settings (issue 34 item 4): a `.iconcat.toml` in the current folder or a parent, between
the environment and the user's config file (flag > environment > project file > user file > default).

It may set only `PROJECT_KEYS`, its paths relative to its own folder; `base_url` and `token` in it stop
the command (exit 2, one line naming the file and the key: a cloned repository must never send the
user's token elsewhere), as a malformed file, an unknown key or a wrong type do. The walk up stops at
the root and before the home folder. `iconcat config` says which file set what. `pick` and `download`
take the `format` and `size` settings as their defaults, and sets from disk the `color` setting.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from PIL import Image

from iconcat.config import (
    LAYERS,
    PROJECT_FILE_NAME,
    PROJECT_KEYS,
    ConfigError,
    Origin,
    config_path,
    find_project_file,
    load_settings,
)
from tests.conftest import TEST_TOKEN
from tests.support.cli import run_iconcat
from tests.support.name_sets import write_name_sets


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder (tmp/app) whose subfolder tmp/app/src/deep is the current folder."""
    folder = tmp_path / "app"
    (folder / "src" / "deep").mkdir(parents=True)
    monkeypatch.chdir(folder / "src" / "deep")
    return folder


def project_file(project: Path, text: str) -> Path:
    return write(project / PROJECT_FILE_NAME, text)


# ----------------------------------------------------------------------------------------- finding it


def test_the_project_file_is_found_from_a_subfolder_the_nearest_first(project: Path) -> None:
    assert find_project_file() is None
    outer = project_file(project, 'view = "list"\n')
    assert find_project_file() == outer
    inner = write(project / "src" / PROJECT_FILE_NAME, 'view = "gallery"\n')
    assert find_project_file() == inner
    settings = load_settings()
    assert (settings.view, settings.origin("view"), settings.project_file) == (
        "gallery",
        Origin("project", str(inner)),
        inner,
    )


def test_the_walk_stops_before_the_home_folder(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`~/.iconcat.toml`, and a file above home, are never read: the user's own settings are the config file's."""
    write(project / PROJECT_FILE_NAME, 'view = "list"\n')  # the home folder's own
    write(project.parent / PROJECT_FILE_NAME, 'view = "list"\n')  # above home
    monkeypatch.setenv("HOME", str(project))
    assert find_project_file() is None and load_settings().view == "gallery"
    below_home = write(project / "src" / PROJECT_FILE_NAME, 'view = "list"\n')
    assert find_project_file() == below_home


def test_the_walk_stops_before_a_home_folder_named_through_a_symlink(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(project / PROJECT_FILE_NAME, 'view = "list"\n')
    (tmp_path / "home-link").symlink_to(project)
    monkeypatch.setenv("HOME", str(tmp_path / "home-link"))  # the current folder is the resolved path
    assert find_project_file() is None


def test_a_folder_of_that_name_is_no_project_file_and_the_walk_goes_on_up(project: Path) -> None:
    (project / "src" / PROJECT_FILE_NAME).mkdir()
    outer = project_file(project, 'view = "list"\n')
    assert find_project_file() == outer


def test_a_removed_current_folder_has_no_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    assert find_project_file() is None


# ------------------------------------------------------------------------------------- the precedence

VALUES = {"flag": "kitty", "environment": "sixel", "project": "blocks", "user": "auto"}
"""A different `graphics` value in each layer: which one wins says which layer did."""


@pytest.mark.parametrize(("high", "low"), list(itertools.combinations(LAYERS[:-1], 2)))
def test_each_layer_wins_over_every_layer_below_it(
    project: Path, monkeypatch: pytest.MonkeyPatch, high: str, low: str
) -> None:
    flags: dict[str, str] = {}
    for layer in (high, low):
        if layer == "flag":
            flags["graphics"] = VALUES[layer]
        elif layer == "environment":
            monkeypatch.setenv("ICONCAT_GRAPHICS", VALUES[layer])
        elif layer == "project":
            project_file(project, f'graphics = "{VALUES[layer]}"\n')
        else:
            write(config_path(), f'graphics = "{VALUES[layer]}"\n')
    settings = load_settings(**flags)  # type: ignore[arg-type]
    assert settings.graphics == VALUES[high] and settings.origin("graphics").layer == high


def test_with_nothing_set_each_setting_is_its_default(project: Path) -> None:
    settings = load_settings()
    assert {key: str(settings.origin(key)) for key in PROJECT_KEYS} == dict.fromkeys(PROJECT_KEYS, "default")


def test_the_project_file_sets_each_key_it_may_relative_paths_beside_it(project: Path) -> None:
    path = project_file(
        project,
        'download_dir = "icons/out"\nfilename = "{name}-{size}"\nformat = "png"\nsize = 48\ncolor = "teal"\n'
        'from = ["vendor/sets", "brand=art/svg", "/abs/sets"]\niconify = "https://icons.example.org/"\n'
        'view = "list"\ngroup = true\ngraphics = "blocks"\n',
    )
    settings = load_settings()
    assert settings.download_dir == project / "icons" / "out"
    assert settings.sources == (str(project / "vendor" / "sets"), f"brand={project / 'art' / 'svg'}", "/abs/sets")
    assert (settings.filename, settings.file_format, settings.size, settings.colour) == (
        "{name}-{size}",
        "png",
        48,
        "teal",
    )
    assert (settings.iconify, settings.view, settings.group, settings.graphics) == (
        "https://icons.example.org",
        "list",
        True,
        "blocks",
    )
    assert {settings.origin(key) for key in PROJECT_KEYS} == {Origin("project", str(path))}


def test_the_user_files_paths_stay_as_they_were(project: Path) -> None:
    write(config_path(), 'download_dir = "out"\nfrom = ["sets"]\n')
    settings = load_settings()
    assert (settings.download_dir, settings.sources) == (Path("out"), ("sets",))


def test_the_new_settings_come_from_the_environment_too(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project_file(project, 'format = "svg"\nsize = 16\ncolor = "red"\niconify = "https://a.example.org"\n')
    for name, value in (("FORMAT", "eps"), ("SIZE", "128"), ("COLOR", "#336699"), ("ICONIFY", "http://b.example")):
        monkeypatch.setenv(f"ICONCAT_{name}", value)
    settings = load_settings()
    assert (settings.file_format, settings.size, settings.colour, settings.iconify) == (
        "eps",
        128,
        "#336699",
        "http://b.example",
    )


# -------------------------------------------------------------------------------------------- refusals

REFUSED = {
    "base_url": ('base_url = "https://evil.example"\n', "sets `base_url`, which only your own config file"),
    "token": ('token = "stolen"\n', "sets `token`, which only your own config file or ICONCAT_TOKEN may set"),
    "unknown key": ('tumbnails = "text"\n', "has an unknown key `tumbnails`: it may set download_dir, filename"),
    "malformed": ('view = "list"\nsize = \n', "is not valid TOML: Invalid value (at line 2, column 8)"),
    "wrong type": ("view = 3\n", "`view` in the project file"),
    "wrong size": ('size = "big"\n', "the size setting from the project file"),
    "bad choice": ('format = "gif"\n', "the format setting from the project file"),
    "bad url": ('iconify = "ftp://icons.example"\n', "must be an http:// or https:// URL"),
    "bad from": ("from = 3\n", "from must be a list of paths"),
    "not utf-8": ("", "is not UTF-8 text"),
}


@pytest.mark.parametrize("case", REFUSED)
def test_a_bad_project_file_stops_the_command_in_one_line_naming_it(project: Path, case: str) -> None:
    text, said = REFUSED[case]
    path = project_file(project, text)
    if case == "not utf-8":
        path.write_bytes(b'view = "\xff"\n')
    with pytest.raises(ConfigError) as refused:
        load_settings()
    assert str(path) in str(refused.value) and said in str(refused.value)
    for command in (["search", "arrow", "--demo"], ["config"], ["favourites"]):
        outcome = run_iconcat(*command, env={"ICONCAT_TOKEN": TEST_TOKEN})
        assert outcome.status == 2 and outcome.stdout == ""
        assert outcome.error_line.startswith("iconcat: error: ")
        assert f"the project file {path}" in outcome.error_line and said in outcome.error_line


def test_a_hostile_key_is_said_inert(project: Path) -> None:
    """The file is anyone's (a cloned repository): a key holding a terminal's escape is shown sanitised."""
    project_file(project, '"\\u001b]52;c;cGF3bmVk\\u0007view\\u202e" = "list"\n')
    outcome = run_iconcat("config")
    assert outcome.status == 2 and "has an unknown key" in outcome.error_line
    assert "\x1b" not in outcome.stderr and "\x07" not in outcome.stderr and "\u202e" not in outcome.stderr


def test_a_hostile_value_is_shown_inert_by_iconcat_config(project: Path) -> None:
    project_file(project, 'download_dir = "out\\u001b]52;c;cGF3bmVk\\u0007\\u202e"\n')
    outcome = run_iconcat("config")
    assert outcome.status == 0, outcome.stderr
    assert "\x1b" not in outcome.stdout and "\x07" not in outcome.stdout and "\u202e" not in outcome.stdout
    assert "download_dir" in outcome.stdout


def test_a_refused_token_is_never_shown(project: Path) -> None:
    project_file(project, f'token = "{TEST_TOKEN}"\n')
    outcome = run_iconcat("search", "arrow", "--demo")  # (run_iconcat fails if the token is printed)
    assert outcome.status == 2 and "`token`" in outcome.error_line


def test_a_project_naming_a_catalogue_wins_over_the_users_base_url(project: Path) -> None:
    write(config_path(), f'base_url = "https://icons.example.com"\ntoken = "{TEST_TOKEN}"\n')
    project_file(project, 'iconify = "https://icons.example.org"\n')
    outcome = run_iconcat("config")
    assert outcome.status == 0, outcome.stderr
    where = f"project file {project / PROJECT_FILE_NAME}"
    assert f"catalogue: Iconify's API at https://icons.example.org (iconify, from {where})" in outcome.stdout


# ---------------------------------------------------------------------------------------- iconcat config


def test_iconcat_config_says_each_settings_value_and_origin_never_the_token(project: Path, tmp_path: Path) -> None:
    user = write(config_path(), f'base_url = "https://icons.example.com"\ntoken = "{TEST_TOKEN}"\nview = "list"\n')
    path = project_file(project, 'view = "gallery"\nsize = 64\nfrom = ["sets"]\n')
    outcome = run_iconcat("--timeout", "7", "config", env={"ICONCAT_GRAPHICS": "sixel"})
    assert outcome.status == 0, outcome.stderr
    rows = {line.split()[0]: line.split(None, 2)[1:] for line in outcome.stdout.splitlines()[1:-1]}
    assert rows["base_url"] == ["https://icons.example.com", f"user file {user}"]
    assert rows["token"] == ["set", f"user file {user}"]
    assert rows["view"] == ["gallery", f"project file {path}"]
    assert rows["size"] == ["64", f"project file {path}"]
    assert rows["from"] == [str(project / "sets"), f"project file {path}"]
    assert rows["graphics"] == ["sixel", "environment ICONCAT_GRAPHICS"]
    assert rows["timeout"] == ["7", "flag --timeout"]
    assert rows["format"] == ["-", "default"] and rows["color"] == ["-", "default"]
    # a base URL in the user file, `from` in the project file: the project's layer is higher
    assert outcome.stdout.splitlines()[-1] == f"catalogue: icon sets from disk (from, from project file {path})"


def test_iconcat_config_with_nothing_configured(project: Path) -> None:
    outcome = run_iconcat("config")
    assert outcome.status == 0
    assert [line.split(None, 1)[1].split() for line in outcome.stdout.splitlines() if line.startswith("token ")] == [
        ["not", "set", "default"]
    ]
    assert outcome.stdout.splitlines()[-1].startswith("catalogue: none configured")


# ---------------------------------------------------------------------------- the defaults pick and download use


@pytest.fixture
def project_with_sets(project: Path) -> Path:
    """The project, its Iconify packages in vendor/ (named by the project file, relative to it)."""
    paths = write_name_sets(project / "vendor")
    entries = [str(Path(path).relative_to(project)) for path in paths]
    project_file(project, f"from = {json.dumps(entries)}\n")
    return project


def saved(outcome) -> Path:
    assert outcome.status == 0, outcome.stderr
    return Path(outcome.stdout.strip().splitlines()[-1])


def test_download_takes_the_format_and_size_settings_as_its_defaults(project_with_sets: Path, tmp_path: Path) -> None:
    path = project_with_sets / PROJECT_FILE_NAME
    path.write_text(path.read_text() + 'size = 64\ndownload_dir = "icons"\n', encoding="utf-8")
    png = saved(run_iconcat("download", "tabler:trash"))
    assert png == project_with_sets / "icons" / "tabler-trash-64.png"
    with Image.open(png) as picture:
        assert picture.size == (64, 64)
    # a flag wins over the setting; --format svg makes the size setting (a PNG's) not apply
    svg = saved(run_iconcat("download", "tabler:trash", "--format", "svg"))
    assert svg.name == "tabler-trash.svg" and svg.read_bytes().lstrip().startswith(b"<svg")
    bigger = saved(run_iconcat("download", "tabler:trash", "--size", "32"))
    assert bigger.name == "tabler-trash-32.png"
    # the environment wins over the project file
    svg_again = saved(run_iconcat("download", "tabler:trash", "--overwrite", env={"ICONCAT_FORMAT": "svg"}))
    assert svg_again.name == "tabler-trash.svg"


def test_a_format_setting_download_cannot_save_is_said_naming_where_it_came_from(project_with_sets: Path) -> None:
    outcome = run_iconcat("download", "tabler:trash", env={"ICONCAT_FORMAT": "eps"})
    assert outcome.status == 2
    assert outcome.error_line == (
        "iconcat: error: the format setting from environment ICONCAT_FORMAT is eps: `iconcat download` saves "
        "svg or png (give --format)"
    )


def test_pick_refuses_a_format_setting_the_catalogue_never_offers_naming_the_setting(project_with_sets: Path) -> None:
    outcome = run_iconcat("pick", "trash", env={"ICONCAT_FORMAT": "eps"})
    assert outcome.status == 2
    assert outcome.error_line.startswith(
        "iconcat: error: the format setting from environment ICONCAT_FORMAT (eps): the icon sets from disk offer "
        "SVG and PNG files, never EPS"
    )


def test_the_color_setting_paints_sets_from_disk_and_is_checked_as_color_is(project_with_sets: Path) -> None:
    path = project_with_sets / PROJECT_FILE_NAME
    path.write_text(path.read_text() + 'color = "#ff0000"\nsize = 32\n', encoding="utf-8")
    png = saved(run_iconcat("download", "tabler:trash", "-o", str(project_with_sets / "out")))
    with Image.open(png) as picture:
        colours = {colour for _count, colour in picture.convert("RGBA").getcolors(32 * 32) if colour[3] == 255}
    assert colours == {(255, 0, 0, 255)}
    refused = run_iconcat("download", "tabler:trash", env={"ICONCAT_COLOR": "nocolour"})
    assert refused.status == 2
    assert refused.error_line.startswith(
        "iconcat: error: the color setting from environment ICONCAT_COLOR: 'nocolour' is not a CSS colour"
    )
    # with another catalogue the setting is a default nobody uses, never a refusal
    assert run_iconcat("search", "arrow", "--demo", env={"ICONCAT_COLOR": "teal"}).status == 0
