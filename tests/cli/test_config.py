"""Settings: flag > environment > file > default; the file private, atomic, and its errors readable."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from iconcat.config import ConfigError, config_path, load_settings, save_settings
from tests.conftest import TEST_TOKEN
from tests.support.cli import run_iconcat


def test_the_config_file_follows_xdg_config_home_at_call_time(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "one"))
    assert config_path() == tmp_path / "one" / "iconcat" / "config.toml"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "two"))
    assert config_path() == tmp_path / "two" / "iconcat" / "config.toml"


def test_defaults_with_nothing_configured():
    settings = load_settings()
    assert settings.base_url is None and settings.token is None
    assert settings.download_dir == Path.cwd() and settings.timeout == 30


def test_flag_beats_environment_beats_file(monkeypatch, tmp_path):
    save_settings(base_url="http://file.example", token="file-token", download_dir=tmp_path / "file")
    assert load_settings().base_url == "http://file.example"
    assert load_settings().token == "file-token"
    assert load_settings().download_dir == tmp_path / "file"
    monkeypatch.setenv("ICONCAT_BASE_URL", "http://env.example")
    monkeypatch.setenv("ICONCAT_TOKEN", "env-token")
    monkeypatch.setenv("ICONCAT_DOWNLOAD_DIR", str(tmp_path / "env"))
    monkeypatch.setenv("ICONCAT_TIMEOUT", "12")
    settings = load_settings()
    assert (settings.base_url, settings.token, settings.download_dir, settings.timeout) == (
        "http://env.example",
        "env-token",
        tmp_path / "env",
        12,
    )
    settings = load_settings(base_url="http://flag.example", timeout=3, download_dir=tmp_path / "flag")
    assert (settings.base_url, settings.token, settings.download_dir, settings.timeout) == (
        "http://flag.example",
        "env-token",
        tmp_path / "flag",
        3,
    )


def test_the_token_never_shows_in_the_settings_repr(monkeypatch):
    monkeypatch.setenv("ICONCAT_TOKEN", TEST_TOKEN)
    settings = load_settings()
    assert settings.token == TEST_TOKEN
    assert TEST_TOKEN not in repr(settings) and TEST_TOKEN not in str(settings)


def test_the_file_is_private_and_written_whole(tmp_path):
    path = save_settings(base_url="http://127.0.0.1:1", token=TEST_TOKEN + "\n")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert load_settings().token == TEST_TOKEN
    assert [p.name for p in path.parent.iterdir()] == ["config.toml"], "no temporary file left"
    save_settings(base_url="http://127.0.0.1:2", token="other")
    assert load_settings().base_url == "http://127.0.0.1:2"


def test_a_malformed_file_names_the_file_and_the_line():
    path = config_path()
    path.parent.mkdir(parents=True)
    path.write_text(f'base_url = "http://x"\ntoken = "{TEST_TOKEN}\n')
    with pytest.raises(ConfigError) as caught:
        load_settings()
    assert str(path) in str(caught.value) and "line 2" in str(caught.value)
    assert TEST_TOKEN not in str(caught.value)


@pytest.mark.parametrize("content", ["base_url = 42\n", 'token = ["a"]\n', 'timeout = "soon"\n', "timeout = -1\n"])
def test_wrong_types_in_the_file_are_config_errors(content):
    path = config_path()
    path.parent.mkdir(parents=True)
    path.write_text(content)
    with pytest.raises(ConfigError, match="config file"):
        load_settings()


def test_a_malformed_file_is_one_line_and_exit_2_from_the_command():
    path = config_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"base_url = \xff\n")
    outcome = run_iconcat("search", "arrow")
    assert outcome.status == 2
    assert str(path) in outcome.error_line


def test_login_with_token_on_stdin_checks_and_saves(catalogue):
    outcome = run_iconcat("login", "--token-stdin", "--base-url", catalogue.base_url, stdin=TEST_TOKEN + "\n")
    assert outcome.status == 0, outcome.stderr
    path = config_path()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert TEST_TOKEN in path.read_text()
    search = run_iconcat("search", "arrow", "--json")
    assert search.status == 0 and '"data"' in search.stdout


def test_login_with_a_wrong_token_saves_nothing(catalogue):
    outcome = run_iconcat("login", "--token-stdin", "--base-url", catalogue.base_url, stdin=TEST_TOKEN + "-wrong\n")
    assert outcome.status == 3
    assert "rejected the token" in outcome.error_line and "nothing was saved" in outcome.error_line
    assert "iconcat login" not in outcome.error_line  # not asked again, and not sent to itself
    assert not config_path().exists()


def test_login_with_a_token_holding_control_characters_is_refused_without_echo(catalogue):
    outcome = run_iconcat("login", "--token-stdin", "--base-url", catalogue.base_url, stdin=TEST_TOKEN + "\x1b[2J\n")
    assert outcome.status == 2
    assert "control characters" in outcome.error_line
    assert not config_path().exists()


def test_login_without_a_terminal_asks_for_token_stdin():
    outcome = run_iconcat("login", "--base-url", "http://127.0.0.1:1")
    assert outcome.status == 2
    assert "--token-stdin" in outcome.error_line


def test_the_token_is_not_accepted_on_the_command_line(catalogue):
    outcome = run_iconcat("search", "arrow", "--token", TEST_TOKEN[:-1])
    assert outcome.status == 2


def test_thumbnails_flag_beats_environment_beats_file_and_bad_values_are_named(monkeypatch):
    import iconcat.imaging
    from iconcat.config import THUMBNAIL_MODES

    assert THUMBNAIL_MODES == iconcat.imaging.MODES  # the browser offers exactly imaging's modes
    assert load_settings().thumbnails == "half"
    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text('thumbnails = "quadrant"\n', encoding="utf-8")
    assert load_settings().thumbnails == "quadrant"
    monkeypatch.setenv("ICONCAT_THUMBNAILS", "Text")
    assert load_settings().thumbnails == "text"
    assert load_settings(thumbnails="half").thumbnails == "half"
    monkeypatch.setenv("ICONCAT_THUMBNAILS", "sixel")
    with pytest.raises(ConfigError, match="ICONCAT_THUMBNAILS must be one of half, quadrant, text"):
        load_settings()
    # A usage error from the command line: exit 2, one line naming the setting.
    outcome = run_iconcat("browse", env={"ICONCAT_THUMBNAILS": "sixel"})
    assert outcome.status == 2 and "ICONCAT_THUMBNAILS must be one of half, quadrant, text" in outcome.error_line
    outcome = run_iconcat("browse", "--thumbnails", "sixel")
    assert outcome.status == 2 and "--thumbnails" in outcome.stderr


def test_view_flag_beats_environment_beats_file_and_follows_pictures_when_unset(monkeypatch):
    assert load_settings().view == "gallery"
    # No view chosen anywhere and pictures off: the gallery has nothing to show, so the list.
    assert load_settings(thumbnails="text").view == "list"
    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text('view = "list"\n', encoding="utf-8")
    assert load_settings().view == "list"
    monkeypatch.setenv("ICONCAT_VIEW", "Gallery")
    assert load_settings().view == "gallery"
    assert load_settings(thumbnails="text").view == "gallery"  # asked for: honoured
    assert load_settings(view="list").view == "list"
    monkeypatch.setenv("ICONCAT_VIEW", "grid")
    with pytest.raises(ConfigError, match="ICONCAT_VIEW must be one of gallery, list"):
        load_settings()
    outcome = run_iconcat("browse", "--view", "grid")
    assert outcome.status == 2 and "--view" in outcome.stderr


def test_group_flag_beats_environment_beats_file_and_bad_values_are_named(monkeypatch):
    from iconcat.cli.parser import build_parser

    assert load_settings().group is False  # off by default
    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text("group = true\n", encoding="utf-8")
    assert load_settings().group is True
    monkeypatch.setenv("ICONCAT_GROUP", "Off")
    assert load_settings().group is False  # the environment's off wins over the file's on
    for word, expected in (("1", True), ("yes", True), ("TRUE", True), ("no", False), ("0", False), (" ", True)):
        monkeypatch.setenv("ICONCAT_GROUP", word)
        assert load_settings().group is expected, word  # an empty value is unset: the file's true
    assert load_settings(group=False).group is False  # the flag wins over both
    monkeypatch.setenv("ICONCAT_GROUP", "false")
    assert load_settings(group=True).group is True
    monkeypatch.setenv("ICONCAT_GROUP", "sometimes")
    with pytest.raises(ConfigError, match="ICONCAT_GROUP must be true or false"):
        load_settings()
    monkeypatch.delenv("ICONCAT_GROUP")
    config_path().write_text("group = 2\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="the group setting from the config file .* must be true or false"):
        load_settings()
    config_path().write_text('group = "on"\n', encoding="utf-8")
    assert load_settings().group is True
    # The flag: --group and --no-group on browse; neither leaves it to the environment and the file.
    parser = build_parser()
    assert parser.parse_args(["browse", "--group"]).group is True
    assert parser.parse_args(["browse", "--no-group"]).group is False
    assert parser.parse_args(["browse"]).group is None
    outcome = run_iconcat("browse", env={"ICONCAT_GROUP": "maybe"})
    assert outcome.status == 2 and "ICONCAT_GROUP must be true or false" in outcome.error_line


def test_graphics_flag_beats_environment_beats_file(monkeypatch):
    assert load_settings().graphics == "auto"
    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text('graphics = "blocks"\n', encoding="utf-8")
    assert load_settings().graphics == "blocks"
    monkeypatch.setenv("ICONCAT_GRAPHICS", "Kitty")
    assert load_settings().graphics == "kitty"
    assert load_settings(graphics="auto").graphics == "auto"
    monkeypatch.setenv("ICONCAT_GRAPHICS", "iterm")
    with pytest.raises(ConfigError, match="ICONCAT_GRAPHICS must be one of auto, kitty, sixel, blocks"):
        load_settings()
    outcome = run_iconcat("browse", "--graphics", "iterm")
    assert outcome.status == 2 and "--graphics" in outcome.stderr
