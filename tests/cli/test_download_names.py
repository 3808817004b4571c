"""`iconcat download --name` and the `filename` setting (issue 14, item 7), run as a user would.

A variant id knows no icon: `download` keeps the service's name unless told, and its template may use
{variant} and {format} only. Bad templates are one line and exit 2, wherever they come from.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from iconcat.config import ConfigError, config_path, load_settings
from tests.support.cli import run_iconcat

FIELDS = "{name} {style} {set} {series} {category} {size} {format} {id} {variant}"


def _png_variant(configured) -> tuple[int, str]:
    """A PNG variant id of the demo and the file name the service gives it."""
    import json

    document = json.loads(run_iconcat("search", "arrow up", "--json", env=configured).stdout)
    icon = document["data"][0]
    variant = next(v for v in icon["variants"] if v["format"] == "png" and v["size"] == 512)
    return variant["id"], "arrow-up-512.png"


def test_a_bad_name_is_one_line_and_exit_2_before_anything_is_fetched(configured, tmp_path):
    for template, words in (
        ("{nme}", ["{nme}", FIELDS]),
        ("{", ["'{'", FIELDS]),
        ("icons/{variant}", ["not a folder"]),
        ("{name}-{variant}", ["{name}", "{variant} and {format}", "iconcat pick --name"]),
    ):
        outcome = run_iconcat("download", "500049", "--name", template, "-o", str(tmp_path), env=configured)
        assert outcome.status == 2, outcome.stderr
        line = outcome.error_line
        assert line.startswith("iconcat: error: argument --name: ") and all(word in line for word in words), line
        assert outcome.stdout == ""
    assert list(tmp_path.iterdir()) == []


def test_name_names_the_file_from_the_variant_id_and_format(configured, tmp_path):
    variant_id, _ = _png_variant(configured)
    outcome = run_iconcat(
        "download", str(variant_id), "--name", "icon-{variant}.{format}", "-o", str(tmp_path), env=configured
    )
    assert outcome.status == 0, outcome.stderr
    assert Path(outcome.stdout.splitlines()[-1]) == tmp_path / f"icon-{variant_id}.png"


def test_by_id_keeps_the_services_name_unless_the_setting_needs_no_icon(configured, tmp_path):
    variant_id, service_name = _png_variant(configured)
    # The setting names files after their icons: download cannot fill it, so it keeps the service's name.
    env = {**configured, "ICONCAT_FILENAME": "{name}-{style}-{size}"}
    outcome = run_iconcat("download", str(variant_id), "-o", str(tmp_path / "a"), env=env)
    assert outcome.status == 0, outcome.stderr
    assert Path(outcome.stdout.splitlines()[-1]).name == service_name
    # A setting that needs no more than the variant id is used...
    env = {**configured, "ICONCAT_FILENAME": "v{variant}"}
    outcome = run_iconcat("download", str(variant_id), "-o", str(tmp_path / "b"), env=env)
    assert Path(outcome.stdout.splitlines()[-1]).name == f"v{variant_id}.png"
    # ... and the flag beats it.
    outcome = run_iconcat("download", str(variant_id), "--name", "f{variant}", "-o", str(tmp_path / "b"), env=env)
    assert Path(outcome.stdout.splitlines()[-1]).name == f"f{variant_id}.png"
    # ... even when the setting is broken (the flag is what this run uses).
    broken = {**configured, "ICONCAT_FILENAME": "{nme}"}
    outcome = run_iconcat("download", str(variant_id), "--name", "g{variant}", "-o", str(tmp_path / "b"), env=broken)
    assert outcome.status == 0, outcome.error_line
    assert Path(outcome.stdout.splitlines()[-1]).name == f"g{variant_id}.png"


def test_a_bad_setting_is_one_line_and_exit_2_naming_where_it_came_from(configured, tmp_path):
    outcome = run_iconcat("search", "arrow", env={**configured, "ICONCAT_FILENAME": "{nme}-{size}"})
    assert outcome.status == 2
    assert "ICONCAT_FILENAME" in outcome.error_line and "{nme}" in outcome.error_line and FIELDS in outcome.error_line
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('filename = "{name}/{size}"\n', encoding="utf-8")
    outcome = run_iconcat("download", "500049", "-o", str(tmp_path), env=configured)
    assert outcome.status == 2
    assert str(path) in outcome.error_line and "not a folder" in outcome.error_line


def test_the_setting_flag_beats_environment_beats_file(monkeypatch):
    assert load_settings().filename is None  # the default template
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('filename = "file-{name}"\n', encoding="utf-8")
    assert load_settings().filename == "file-{name}"
    monkeypatch.setenv("ICONCAT_FILENAME", "  env-{name}  ")
    assert load_settings().filename == "env-{name}"
    assert load_settings(filename="flag-{name}").filename == "flag-{name}"
    monkeypatch.setenv("ICONCAT_FILENAME", "")
    assert load_settings().filename == "file-{name}"  # empty counts as unset
    with pytest.raises(ConfigError, match=r"--name.*\{sise\}"):
        load_settings(filename="{sise}")
